"""Compile every game's rules and planning kernels up front (numba caches them; later uses
load in a second or two). Games compile side by side in `--jobs` processes (default: one per
core), the slowest first.

    python -m pyramid_envs.compile [--games kheops keops ...] [--jobs N]
"""
from __future__ import annotations

import argparse
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from tqdm import tqdm

from .core.compile import PARTS, cores, is_cached, warm_up
from .core.registry import get_game, list_envs, resolve_env


def compile_game(env_name: str) -> tuple[str, str, dict]:
    """(env name, "cached" or "compiled", seconds per part) after compiling one game."""
    game = get_game(env_name, compile=False)
    state = "cached" if all(is_cached(game, part) for part in PARTS) else "compiled"
    seconds = {}
    for part in PARTS:
        t0 = time.perf_counter()
        warm_up(game, part)
        seconds[part] = time.perf_counter() - t0
    return env_name, state, seconds


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pyramid_envs.compile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list_envs(), help="e.g. kheops keops_v1 (default: all)")
    parser.add_argument("--jobs", type=int, default=cores(),
                        help="processes compiling side by side (default: one per core)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, got {args.jobs}")
    games = [get_game(resolve_env(g), compile=False) for g in args.games]  # unknown names: a clear error
    # the slowest first, so that the others fill the remaining processes beside it
    names = [g.env_name for g in sorted(games, key=lambda g: -sum((g.compile_seconds or {}).values()))]
    bar = tqdm(total=len(names), unit="game", desc="compiling")

    def report(result):
        env_name, state, seconds = result
        parts = ", ".join(f"{part} {s:.1f} s" for part, s in seconds.items())
        tqdm.write(f"{env_name}: {state}, {sum(seconds.values()):.1f} s ({parts})")
        bar.update()

    jobs = min(args.jobs, len(names))
    if jobs == 1:
        for name in names:
            report(compile_game(name))
    else:  # spawned, not forked: a fork of a process that has started LLVM is not safe
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            for done in as_completed([pool.submit(compile_game, n) for n in names]):
                report(done.result())
    bar.close()

if __name__ == "__main__":
    main()
