#!/usr/bin/env python
"""The observation kernels alone: their cost per state and a digest of what they write.

    python benchmarks/observe.py [--games kheops_v1,...] [--json out.json] [--compare before.json]

For each game, 1,024 games of random play are spread over the course of a game (as
benchmarks/throughput.py does) and then observed at four points 10 decisions apart, from
every seat (not only the one to move). What is reported per game:
  - digest: sha256 of every observation written (4 points x seats x 1,024 states); the
    same digest before and after a change means the change left every one of those
    observations bit for bit equal;
  - observe ns per state at B=1024 (one call for the whole batch) and at B=1 (one call
    per state for 256 of them, as an AEC step makes it): thread CPU time, the median of 7 rounds.
--compare reads an earlier --json and prints, per game, whether the digests agree and the
ratio of the times. Changing an observation kernel for speed: run it before (--json) and
after (--compare); any digest that differs is a change of content, not of speed.
No timing assertion lives here or in the tests: this only reports.
"""
from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pyramid_envs  # noqa: E402
from pyramid_envs.core.registry import get_game  # noqa: E402
from throughput import CoreBatch, mean_game_length  # noqa: E402

BATCH = 1024
POINTS, APART = 4, 10
ROUNDS = 7


def _time_observe(K, states, seats, out):
    clock = time.thread_time_ns
    batch, single = [], []
    for _ in range(ROUNDS):
        t = clock()
        for _ in range(5):
            K.observe(states, seats, out)
        batch.append((clock() - t) / (5 * len(states)))
        t = clock()
        for b in range(256):
            K.observe(states[b:b + 1], seats[b:b + 1], out[b:b + 1])
        single.append((clock() - t) / 256)
    return statistics.median(batch), statistics.median(single)


def measure(name):
    game = get_game(name)
    cb = CoreBatch(game, BATCH, seed=31337)
    cb.desync(mean_game_length(game))
    K = cb.K
    seats = np.zeros(BATCH, np.int64)
    out = np.zeros((BATCH,) + tuple(game.obs_shape), np.float32)
    h = hashlib.sha256()
    for point in range(POINTS):
        if point:
            cb.numba_loop(APART, False)  # random play; finished games restart
        n = cb.states["num_players"].astype(np.int64)
        for seat in range(int(n.max())):
            seats[:] = np.minimum(seat, n - 1)
            K.observe(cb.states, seats, out)
            h.update(out.tobytes())
    seats[:] = cb.states["current_player"]
    batch_ns, single_ns = _time_observe(K, cb.states, seats, out)
    return {"digest": h.hexdigest()[:16], "floats": int(np.prod(game.obs_shape)),
            "observe_ns_b1024": round(batch_ns, 1), "observe_ns_b1": round(single_ns, 1)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(pyramid_envs.list_envs()))
    ap.add_argument("--json")
    ap.add_argument("--compare")
    args = ap.parse_args(argv)
    before = json.loads(Path(args.compare).read_text()) if args.compare else {}
    results = {}
    print("| game | floats | digest | observe ns/state B=1024 | B=1 |" +
          (" same content | B=1024 after/before | B=1 after/before |" if before else ""))
    print("|---|---:|---|---:|---:|" + ("---|---:|---:|" if before else ""))
    for name in args.games.split(","):
        r = results[name] = measure(name)
        row = f"| {name} | {r['floats']} | {r['digest']} | {r['observe_ns_b1024']:,.0f} | " \
              f"{r['observe_ns_b1']:,.0f} |"
        if name in before:
            b = before[name]
            row += f" {'yes' if b['digest'] == r['digest'] else 'NO'} | " \
                   f"{r['observe_ns_b1024'] / b['observe_ns_b1024']:.2f} | " \
                   f"{r['observe_ns_b1'] / b['observe_ns_b1']:.2f} |"
        print(row, flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    if before and any(before[n]["digest"] != r["digest"] for n, r in results.items() if n in before):
        sys.exit("an observation's content changed (digest differs)")


if __name__ == "__main__":
    main()
