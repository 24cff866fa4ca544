#!/usr/bin/env python
"""Can a plain MLP represent a good policy on a game's observation? (issue 23)

A diagnostic, not a learner: it separates "the observation lacks what is needed" from "the
learner does not find it". An expert agent (default `greedy`) plays `random`; a plain MLP
(2 x 256 with tanh: benchmarks/learnability.py's plain learner's network) is trained by supervised
imitation of the expert's decisions, taking the observation and the legal-action mask
only; then the expert and the network each play `random` in the arena on a held-out seed,
seats alternating. A network near its expert shows the observation carries that play.

    python benchmarks/imitation.py --games kheops sakkara [--expert greedy] \
        [--decisions 70000] [--epochs 20] [--arena-games 400]
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import torch

from agents.arena import run_arena
from agents.base import Agent
from agents.registry import make_agent
from pyramid_envs.core.registry import get_game, resolve_env
from pyramid_envs.core.vector import VectorGame
from pyramid_envs.core.view import SeatView

HELD_OUT = 7919
MAX_STEPS = 2000  # a game is cut here; its decisions are kept (imitation needs no outcome)


class MLPAgent(Agent):
    def __init__(self, net, name="imitation-mlp"):
        self.net, self.name = net, name

    def act(self, obs, masks, view=None):
        with torch.no_grad():
            logits = self.net(torch.as_tensor(obs))
            logits = logits.masked_fill(~torch.as_tensor(masks.astype(bool)), -torch.inf)
        return logits.argmax(1).numpy()


def expert_decisions(env, expert, decisions, seed, batch=256):
    """(obs, mask, action) of at least `decisions` expert decisions against random."""
    game = get_game(env)
    vec = VectorGame(game, batch, seed=seed, max_steps=MAX_STEPS)
    obs, masks = vec.reset(seed)
    opponent = make_agent("random", seed=seed + 1)
    seat = np.arange(batch) % game.resolve_options()["num_players"]
    X, M, Y = [], [], []
    n = 0
    while n < decisions:
        acts = opponent.act(obs, masks, None)
        mine = np.flatnonzero(vec.current_player == seat)
        if mine.size:
            view = SeatView(game, vec.states[mine], seat[mine]) if expert.needs_view else None
            acts[mine] = expert.act(obs[mine], masks[mine], view)
            X.append(obs[mine].copy()), M.append(masks[mine].astype(bool)), Y.append(acts[mine])
            n += mine.size
        obs, masks, *_ = vec.step(acts)  # finished games restart on their own
    return np.concatenate(X), np.concatenate(M), np.concatenate(Y)


def agreement(net, X, M, Y):
    """Share of decisions on which the network's most probable legal move is the expert's."""
    return float((MLPAgent(net).act(X, M) == Y).mean())


def imitate(X, M, Y, epochs, seed):
    torch.manual_seed(seed)
    net = torch.nn.Sequential(torch.nn.Linear(X.shape[1], 256), torch.nn.Tanh(),
                              torch.nn.Linear(256, 256), torch.nn.Tanh(),
                              torch.nn.Linear(256, M.shape[1]))
    opt = torch.optim.Adam(net.parameters(), 1e-3)
    X, M, Y = torch.as_tensor(X), torch.as_tensor(M), torch.as_tensor(Y)
    for _ in range(epochs):
        for b in torch.randperm(len(X)).split(256):
            logits = net(X[b]).masked_fill(~M[b], -1e9)
            loss = torch.nn.functional.cross_entropy(logits, Y[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return net


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", required=True)
    ap.add_argument("--expert", default="greedy", help="an agent name, as in the arena")
    ap.add_argument("--decisions", type=int, default=70_000, help="expert decisions to imitate")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--arena-games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    for name in args.games:
        env = resolve_env(name)
        t = time.perf_counter()
        X, M, Y = expert_decisions(env, make_agent(args.expert, seed=args.seed), args.decisions, args.seed)
        print(f"{env}: {len(X):,} decisions of {args.expert} ({time.perf_counter() - t:.0f} s)", flush=True)
        t = time.perf_counter()
        cut = len(X) * 9 // 10  # the last tenth (the latest decisions) is held out
        net = imitate(X[:cut], M[:cut], Y[:cut], args.epochs, args.seed)
        print(f"{env}: imitation, {args.epochs} epochs ({time.perf_counter() - t:.0f} s); agrees "
              f"with the expert on {agreement(net, X[:cut], M[:cut], Y[:cut]):.3f} of its training "
              f"decisions, {agreement(net, X[cut:], M[cut:], Y[cut:]):.3f} of held-out ones", flush=True)
        for agent in (args.expert, MLPAgent(net)):
            pair = run_arena(env, [agent, "random"], args.arena_games, seed=HELD_OUT,
                             max_steps=MAX_STEPS).pairs[0]
            lo, hi = pair["win_ci"]
            print(f"{env}: {agent if isinstance(agent, str) else agent.name} vs random: "
                  f"{pair['win_rate']:.3f} [{lo:.3f}, {hi:.3f}] of {pair['games']} games "
                  f"(seed {HELD_OUT}), draws {pair['draw_rate']:.3f}", flush=True)


if __name__ == "__main__":
    main()
