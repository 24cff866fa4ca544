"""Compile every game's rules up front (numba caches them; later uses load in a second or two).

    python -m pyramid_envs.compile [--games kheops keops ...]
"""
from __future__ import annotations

import argparse
import time

from tqdm import tqdm

from .core.compile import is_cached, warm_up
from .core.registry import _version_module, list_envs


def _env_name(name):
    return name if name in list_envs() else next((e for e in list_envs() if e.rpartition("_v")[0] == name), name)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pyramid_envs.compile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list_envs(), help="e.g. kheops keops_v1 (default: all)")
    args = parser.parse_args(argv)
    games = [_version_module(_env_name(g)).GAME for g in args.games]  # unknown names: a clear error
    bar = tqdm(games, unit="game", desc="compiling")
    for game in bar:
        bar.set_postfix_str(game.title)
        state = "cached" if is_cached(game) else "compiled"
        t0 = time.perf_counter()
        warm_up(game)
        tqdm.write(f"{game.env_name}: {state}, {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
