"""First use of each game: cold (numba compiling into an empty cache) and warm (loading it),
each in a fresh process, against a trivial kernel's compile time as this machine's yardstick.

    python benchmarks/compile.py [--games kheops keops] [--jobs N]

A first use is: import, a reset, a game of random legal play through the AEC env with an
observation at every step. NUMBA_CACHE_DIR points each game's cold run at a new empty folder,
so the project's own cache is left alone. `--jobs` sets PYRAMID_ENVS_COMPILE_JOBS, the
processes a first use compiles in (default: one per core). Numba's compile events are summed by the dispatcher
they compiled, so the slowest kernels are named (their compile time includes the helpers
compiled into them); `functions` counts the jitted functions compiled, `compiles` how many
times numba compiled them (once per tuple of argument types, and once more where Python also
calls a helper that jitted code calls), and the functions compiled more than once are listed.
All three count this process only: with more than one job, what the helper processes
compiled is loaded from the cache here and not counted.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIRST_USE = r"""
import collections, json, sys, time
t0 = time.perf_counter()
from numba.core.event import install_recorder
with install_recorder("numba:compile") as rec:
    import numpy as np
    import pyramid_envs
    env = pyramid_envs.make(sys.argv[1])
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
seconds = time.perf_counter() - t0
per_kernel, starts = {}, {}
for ts, event in rec.buffer:
    key = str(event.data["dispatcher"].py_func.__module__) + "." + event.data["dispatcher"].__name__
    if event.is_start:
        starts[key] = ts
    elif key in starts:
        per_kernel[key] = per_kernel.get(key, 0.0) + ts - starts.pop(key)
top = sorted(per_kernel.items(), key=lambda kv: -kv[1])[:5]
# a function compiled for jitted callers and for Python has two dispatchers (core/jit.py)
compiles = collections.Counter(e.data["dispatcher"].py_func for _, e in rec.buffer if e.is_start)
repeated = sorted(((f.__module__.rsplit(".", 1)[-1] + "." + f.__name__, n)
                   for f, n in compiles.items() if n > 1), key=lambda kv: -kv[1])
print(json.dumps({"seconds": seconds, "top": top, "functions": len(compiles),
                  "compiles": sum(compiles.values()), "repeated": repeated[:8]}))
"""

TRIVIAL = r"""
import time
from numba import njit
t0 = time.perf_counter()
@njit
def add(a, b):
    return a + b
add(1, 2)
print(time.perf_counter() - t0)
"""


def _run(code, args, cache_dir, jobs=None):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache_dir))
    if jobs:
        env["PYRAMID_ENVS_COMPILE_JOBS"] = str(jobs)
    out = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1]


def measure(env_name, cache_root, jobs=None):
    cache = Path(tempfile.mkdtemp(dir=cache_root))
    cold = json.loads(_run(FIRST_USE, [env_name], cache, jobs))
    warm = json.loads(_run(FIRST_USE, [env_name], cache, jobs))
    return cold, warm


def main(argv=None):
    import pyramid_envs

    parser = argparse.ArgumentParser(prog="python benchmarks/compile.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=[n.rpartition("_v")[0] for n in pyramid_envs.list_envs()])
    parser.add_argument("--jobs", type=int, help="processes a first use compiles in (default: one per core)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as root:
        trivial = float(_run(TRIVIAL, [], Path(root)))
        print(f"trivial @njit kernel: {trivial:.2f} s to compile (this machine's yardstick)\n")
        print(f"{'game':<12}{'cold s':>9}{'warm s':>9}{'cold / trivial':>16}{'functions':>11}"
              f"{'compiles':>10}   slowest kernels to compile (s)")
        for game in args.games:
            env_name = next(n for n in pyramid_envs.list_envs() if n.rpartition("_v")[0] == game)
            cold, warm = measure(env_name, root, args.jobs)
            top = ", ".join(f"{k.rsplit('.', 2)[-2]}.{k.rsplit('.', 1)[-1]} {s:.0f}" for k, s in cold["top"][:3])
            print(f"{game:<12}{cold['seconds']:>9.1f}{warm['seconds']:>9.1f}"
                  f"{cold['seconds'] / trivial:>16.0f}{cold['functions']:>11}"
                  f"{cold['compiles']:>10}   {top}", flush=True)
            if cold["repeated"]:
                print(" " * 12 + "compiled more than once: "
                      + ", ".join(f"{name} {n}x" for name, n in cold["repeated"]), flush=True)


if __name__ == "__main__":
    main()
