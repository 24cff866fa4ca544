#!/usr/bin/env python
"""Cost of the planners' lookahead for every game: positions valued per second by the
compiled one-ply loop (core.oneply.child_values), and decisions per second of greedy at
one ply and of deep_ply (depth 2, top 8), on a batch of 64 mid-game positions.

    python benchmarks/lookahead.py [--games kheops_v1,farao_v1] [--repeats 5]

Positions: 64 games after 30 random legal moves each (finished ones dropped), as in
training, where 64 games wait on the learner. CPU time of this process; median of the
repeats after a warm-up (compile) call.
"""
import argparse
import time

import numpy as np

import pyramid_envs
from agents.greedy import deep_ply, one_ply
from pyramid_envs.core import RandomPolicy, SeatView
from pyramid_envs.core.oneply import child_values


def positions(game, n=64, moves=30):
    states = game.new_states(n)
    game.reset(states, list(range(n)))
    policy = RandomPolicy(0)
    for _ in range(moves):
        live = ~states["terminated"]
        masks = game.legal_mask(states)
        game.step(states, np.where(live, policy(None, masks | ~live[:, None]), -1))
    return states[~states["terminated"]]


def timed(fn, repeats):
    fn()
    runs = []
    for _ in range(repeats):
        t = time.process_time()
        fn()
        runs.append(time.process_time() - t)
    return float(np.median(runs))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(pyramid_envs.list_envs()))
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    print("| game | legal moves per decision | positions valued/s | greedy decisions/s | depth 2 decisions/s |")
    print("|---|---:|---:|---:|---:|")
    for name in args.games.split(","):
        game = pyramid_envs.get_game(name)
        states = positions(game)
        masks = game.legal_mask(states)
        view = SeatView(game, states, states["current_player"].astype(np.int64))
        rows, actions = np.nonzero(masks)
        seats = view.seats[rows]
        rng = np.random.default_rng(0)
        kids = timed(lambda: child_values(game, states, rows, actions, seats), args.repeats)
        one = timed(lambda: one_ply(view, masks, rng), args.repeats)
        deep = timed(lambda: deep_ply(view, masks, rng, 8, 2), args.repeats)
        n = len(states)
        print(f"| {name} | {len(rows) / n:.1f} | {len(rows) / kids:,.0f} | {n / one:,.0f} | {n / deep:,.0f} |")


if __name__ == "__main__":
    main()
