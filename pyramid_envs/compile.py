"""Compile every game's rules up front (numba caches them; later uses load in a second or two).

    python -m pyramid_envs.compile [--games kheops keops ...]
"""
from __future__ import annotations

import argparse
import time

from tqdm import tqdm

from .core.compile import is_cached, warm_up
from .core.registry import get_game, list_envs, resolve_env


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pyramid_envs.compile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list_envs(), help="e.g. kheops keops_v1 (default: all)")
    args = parser.parse_args(argv)
    games = [get_game(resolve_env(g), compile=False) for g in args.games]  # unknown names: a clear error
    bar = tqdm(games, unit="game", desc="compiling")
    for game in bar:
        bar.set_postfix_str(game.title)
        state = "cached" if is_cached(game) else "compiled"
        t0 = time.perf_counter()
        warm_up(game)
        tqdm.write(f"{game.env_name}: {state}, {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
