#!/usr/bin/env python
"""Can a plain 2x256 MLP represent a strong Kheops policy on the v1 observation? (issue 23)

A diagnostic, not a learner: it separates "the observation lacks what is needed" from "the
learner does not find it". The glance expert picks, in the tile and pawn phases, the legal
action whose at-a-glance feature is highest (a tile action's score margin change, a pawn's
gain on its cell; docs/rules/kheops.md) and a random legal action in the other phases. A
plain MLP (2 x 256, tanh: Stable-Baselines3's default policy network) is then trained by
supervised imitation on the expert's own decisions in games against `random`, and both
play `random` in the arena on held-out seeds, seats alternating.

    python benchmarks/kheops_imitation.py [--games 2000] [--epochs 20] [--arena-games 400]
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import torch

from agents.arena import run_arena
from agents.base import Agent
from agents.random_agent import RandomAgent
from pyramid_envs.core.registry import get_game
from pyramid_envs.core.vector import VectorGame
from pyramid_envs.kheops.spec import (A_PIVOT, A_TILE, GLANCE_CELL, GLANCE_GLOBALS, NUM_CELLS,
                                      NUM_PAWN_KINDS, RAW_SIZE)

ENV = "kheops_v1"
CELL_GAIN = RAW_SIZE + GLANCE_GLOBALS + 7      # + cell * GLANCE_CELL: my pawn's gain there
TILE_CHANGE = RAW_SIZE + GLANCE_GLOBALS + NUM_CELLS * GLANCE_CELL  # + (action - A_TILE)
HELD_OUT = 7919


class GlanceExpert(Agent):
    name = "glance-expert"

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)

    def act(self, obs, masks, view=None):
        score = np.where(masks.astype(bool), 0.0, -np.inf)
        score[:, A_TILE:] += obs[:, TILE_CHANGE:TILE_CHANGE + score.shape[1] - A_TILE]
        cells = np.arange(NUM_PAWN_KINDS * NUM_CELLS) % NUM_CELLS
        score[:, :A_PIVOT] += obs[:, CELL_GAIN + cells * GLANCE_CELL]
        other = score[:, A_PIVOT:A_TILE]
        other[np.isfinite(other)] = self.rng.random(np.isfinite(other).sum())
        score += self.rng.random(score.shape) * 1e-6  # ties at random
        return score.argmax(1)


class MLPAgent(Agent):
    def __init__(self, net, name="imitation-mlp"):
        self.net, self.name = net, name

    def act(self, obs, masks, view=None):
        with torch.no_grad():
            logits = self.net(torch.as_tensor(obs))
            logits = logits.masked_fill(~torch.as_tensor(masks.astype(bool)), -torch.inf)
        return logits.argmax(1).numpy()


def expert_decisions(games, seed):
    """(obs, mask, action) of the expert's decisions in `games` games against random."""
    game = get_game(ENV)
    vec = VectorGame(game, games, seed=seed)
    obs, masks = vec.reset(seed)
    expert, opponent = GlanceExpert(seed), RandomAgent(seed=seed + 1)
    expert_seat = np.arange(games) % 2
    done = np.zeros(games, bool)
    X, M, Y = [], [], []
    while not done.all():
        acts = opponent.act(obs, masks, None)
        mine = np.flatnonzero((vec.current_player == expert_seat) & ~done)
        if mine.size:
            acts[mine] = expert.act(obs[mine], masks[mine])
            X.append(obs[mine].copy()), M.append(masks[mine].astype(bool)), Y.append(acts[mine])
        acts[done] = -1
        obs, masks, _, term, trunc, _ = vec.step(acts)
        done |= term | trunc
    return np.concatenate(X), np.concatenate(M), np.concatenate(Y)


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
    ap.add_argument("--games", type=int, default=2000, help="expert games to imitate")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--arena-games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    t = time.perf_counter()
    X, M, Y = expert_decisions(args.games, args.seed)
    print(f"{len(X):,} expert decisions from {args.games} games ({time.perf_counter() - t:.0f} s)")
    t = time.perf_counter()
    net = imitate(X, M, Y, args.epochs, args.seed)
    print(f"imitation: {args.epochs} epochs ({time.perf_counter() - t:.0f} s)")
    for agent in (GlanceExpert(args.seed), MLPAgent(net)):
        pair = run_arena(ENV, [agent, "random"], args.arena_games, seed=HELD_OUT).pairs[0]
        lo, hi = pair["win_ci"]
        print(f"{agent.name} vs random: {pair['win_rate']:.3f} [{lo:.3f}, {hi:.3f}] of "
              f"{pair['games']} games (seed {HELD_OUT}), draws {pair['draw_rate']:.3f}")


if __name__ == "__main__":
    main()
