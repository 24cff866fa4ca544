#!/usr/bin/env python
"""Self-play speed of train.zero's search, per game: decisions per second at 0, 16, 64 and 256
simulations, leaf evaluations per second, and where the time goes.

    python benchmarks/zero.py [--games kheops_v1 sakkara_v1] [--sims 0 16 64 256]
                              [--batch 128] [--seconds 8] [--scaling] [--dtype float32 bfloat16]
                              [--workers 1 2] [--device cpu] [--json out.json]

Each measurement plays self-play as train.zero does (train/zero/selfplay.py: every decision of
`--batch` games searched in one batched search, Gumbel root, an untrained 256-wide 3-layer
MLP, one torch thread, positions sent to a replay buffer) for about `--seconds` after a
warm-up decision step (numba's compile of the walk happens there). sims=0 is the raw network:
one observation and one network call per decision. The time split:

  search     the compiled tree (walks with the game's step and legal_mask kernels, expansions,
             backups, root outputs) and the determinizations
  observe    the game's observe kernel on the leaves
  inference  the network (torch), on the roots and the leaves
  env        VectorGame.step of the real games (kernels, masks, observations, resets)
  other      Python around it (staging positions, the replay buffer)

--scaling: Kheops at 64 simulations with 32, 128 and 512 games side by side.
--dtype: the precision the leaves are valued in (network.Evaluator; train.zero's
inference_dtype), each measured in turn.
--workers N ...: instead, self-play as train.zero's `selfplay.workers: N` plays it
(train/zero/workers.py: the `--batch` games split among N workers, one in this process, the
others in processes of their own, the weights sent before each play of 8 decisions), at the
first of `--sims`: decisions per second of wall time and the ratio to one worker.
--device cuda: the network on the GPU (train.zero's `device: cuda`); the search, the kernels
and the rest stay on the CPU.
--per-decision AGENT AGENT ...: instead, what a decision costs each agent when one game is
played at a time (arena games of `--per-decision-games` on seed 7919, batch 1, seats
alternating, each game of `--games` in turn, after one warm-up game): milliseconds per
decision of each agent's act.
"""
from __future__ import annotations

import argparse
import json
import os
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import pyramid_envs  # noqa: E402
from agents.arena import run_arena  # noqa: E402
from agents.registry import make_agent  # noqa: E402
from agents.zero import INFERENCE_DTYPES  # noqa: E402
from agents.zero.network import Evaluator, ZeroNet  # noqa: E402
from agents.zero.search import Search, SearchResult  # noqa: E402
from agents.zero.tree import GUMBEL  # noqa: E402
from train.zero.config import load_zero_config  # noqa: E402
from train.zero.replay import ReplayBuffer  # noqa: E402
from train.zero.selfplay import SelfPlay  # noqa: E402
from train.zero.workers import Workers  # noqa: E402


class RawNetwork:
    """sims=0: the network's own choice, sampled from its priors."""

    mode = GUMBEL  # self-play takes the move it returns as it is
    sims = 0
    margin_weight, margin_scale = 0.0, 1.0

    def __init__(self, evaluate):
        self.evaluate = evaluate
        self.seconds = {"search": 0.0, "observe": 0.0, "inference": 0.0}
        self.leaf_evaluations = 0

    def run(self, view, obs, masks, rng, explore=False):
        t = time.perf_counter()
        priors, values = self.evaluate(obs, masks)
        self.seconds["inference"] += time.perf_counter() - t
        logits = np.log(np.maximum(priors, 1e-30)) + rng.gumbel(size=priors.shape)  # Gumbel-max: a sample
        actions = np.where(masks > 0, logits, -np.inf).argmax(1)
        return SearchResult(actions.astype(np.int64), priors, priors, np.zeros(len(priors), np.float32),
                            np.zeros((len(priors), values.shape[1]), np.float32))


def measure(name, sims, batch, seconds, dtype="float32", width=256, depth=3, device="cpu"):
    game = pyramid_envs.get_game(name)
    torch.manual_seed(0)
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width, depth).to(device).eval()
    evaluate = Evaluator(net, dtype=dtype)
    search = RawNetwork(evaluate) if sims == 0 else Search(game, evaluate, sims=sims, max_steps=2000)
    play = SelfPlay(game, search, batch, seed=0, max_steps=2000, options={})
    replay = ReplayBuffer(20_000, int(np.prod(game.obs_shape)), game.num_actions, game.max_players)
    play.play(1, replay)  # warm-up: the walk's compile
    for k in search.seconds:
        search.seconds[k] = 0.0
    play.env_seconds, play.decisions, search.leaf_evaluations = 0.0, 0, 0
    t0 = time.perf_counter()
    steps = 0
    while time.perf_counter() - t0 < seconds or steps < 2:
        play.play(1, replay)
        steps += 1
    wall = time.perf_counter() - t0
    split = {k: v / wall for k, v in search.seconds.items()}
    split["env"] = play.env_seconds / wall
    split["other"] = max(0.0, 1.0 - sum(split.values()))
    return {"game": name, "sims": sims, "batch": batch, "dtype": dtype, "device": device,
            "decisions_per_s": play.decisions / wall,
            "leaf_evals_per_s": search.leaf_evaluations / wall, "ms_per_decision_step": 1000 * wall / steps,
            "share": split}


def measure_workers(name, sims, batch, seconds, dtype, workers, device="cpu"):
    cfg = load_zero_config(None, [f"env={name}", f"search.sims={sims}", f"inference_dtype={dtype}",
                                  f"selfplay.num_games={batch}", f"selfplay.workers={workers}", f"device={device}"])
    game = pyramid_envs.get_game(name)
    torch.manual_seed(0)
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, **cfg["network"])
    net = net.to(device).eval()
    play = Workers(cfg, game, net, batch, workers, seed=0)
    replay = ReplayBuffer(20_000, int(np.prod(game.obs_shape)), game.num_actions, game.max_players)
    try:
        play.play(1, replay)  # warm-up: every worker's compile
        start, t0 = play.decisions, time.perf_counter()
        while time.perf_counter() - t0 < seconds or play.decisions - start < 16 * batch:
            play.play(8, replay)
        wall = time.perf_counter() - t0
    finally:
        play.close()
    return {"game": name, "sims": sims, "batch": batch, "dtype": dtype, "device": device, "workers": workers,
            "decisions_per_s": (play.decisions - start) / wall}


def speed_table(args):
    print(HEADER, flush=True)
    results = []
    runs = [(pyramid_envs.resolve_env(g), s, args.batch) for g in args.games for s in args.sims]
    if args.scaling:
        runs += [("kheops_v1", 64, b) for b in (32, 128, 512)]
    for name, sims, batch in runs:
        for dtype in args.dtype:
            results.append(measure(name, sims, batch, args.seconds, dtype, device=args.device))
            print(row(results[-1]), flush=True)
    return results


def workers_table(args):
    print("| game | sims | games | dtype | workers | decisions/s | vs 1 worker |\n|---|---|---|---|---|---|---|")
    results = []
    for name in args.games:
        for dtype in args.dtype:
            one = None
            for n in args.workers:
                r = measure_workers(pyramid_envs.resolve_env(name), args.sims[0], args.batch, args.seconds, dtype, n,
                                    args.device)
                one = r["decisions_per_s"] if n == 1 else one
                ratio = f"{r['decisions_per_s'] / one:.2f}x" if one else "-"
                print(f"| {r['game']} | {r['sims']} | {r['batch']} | {dtype} | {n} | {r['decisions_per_s']:,.0f} | "
                      f"{ratio} |", flush=True)
                results.append(r)
    return results


def per_decision(env, specs, games, seed=7919, max_steps=10_000):
    """Milliseconds per decision of each agent in arena games played one at a time."""
    agents = [make_agent(s, seed=seed + k) for k, s in enumerate(specs)]
    run_arena(env, agents, games=1, seed=seed - 1, batch=1, max_steps=max_steps)  # warm-up: compiles, first calls
    spent = np.zeros(len(agents))
    calls = np.zeros(len(agents), np.int64)
    for k, agent in enumerate(agents):
        def timed(*args, _act=agent.act, _k=k):
            t = time.perf_counter()
            out = _act(*args)
            spent[_k] += time.perf_counter() - t
            calls[_k] += 1
            return out
        agent.act = timed
    run_arena(env, agents, games=games, seed=seed, batch=1, max_steps=max_steps)
    return [{"game": env, "agent": s, "games": games, "decisions": int(n), "ms_per_decision": 1e3 * sec / max(n, 1)}
            for s, n, sec in zip(specs, calls, spent)]


def per_decision_table(args):
    print("| game | agent | games | decisions | ms per decision |\n|---|---|---|---|---|")
    results = []
    for name in args.games:
        for r in per_decision(pyramid_envs.resolve_env(name), args.per_decision, args.per_decision_games):
            print(f"| {r['game']} | {r['agent']} | {r['games']} | {r['decisions']:,} | {r['ms_per_decision']:.1f} |",
                  flush=True)
            results.append(r)
    return results


def row(r):
    s = r["share"]
    return (f"| {r['game']} | {r['sims']} | {r['batch']} | {r['dtype']} | {r['decisions_per_s']:,.0f} | "
            f"{r['leaf_evals_per_s']:,.0f} | "
            f"{s['search']:.2f} | {s['observe']:.2f} | {s['inference']:.2f} | {s['env']:.2f} | {s['other']:.2f} |")


HEADER = ("| game | sims | games | dtype | decisions/s | leaf evals/s | search | observe | inference | env | other |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=pyramid_envs.list_envs())
    parser.add_argument("--sims", nargs="+", type=int, default=[0, 16, 64, 256])
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--scaling", action="store_true")
    parser.add_argument("--dtype", nargs="+", default=["float32"], choices=INFERENCE_DTYPES)
    parser.add_argument("--workers", nargs="+", type=int, default=None)
    parser.add_argument("--device", default="cpu", help="where the network runs: cpu, or cuda on a GPU machine")
    parser.add_argument("--per-decision", nargs="+", default=None, metavar="AGENT")
    parser.add_argument("--per-decision-games", type=int, default=4)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    if args.per_decision:
        results = per_decision_table(args)
    else:
        results = workers_table(args) if args.workers else speed_table(args)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
