"""A game's first use on a machine: say that numba is compiling, instead of seeming to hang.

numba compiles a game's kernels on their first call and caches the machine code in the
game's `__pycache__`; a fresh clone, or an edited kernel file, pays that once (seconds to
minutes on a small machine). `ensure_compiled(game, part)` looks at numba's cache index
first: where a kernel of that part has no valid entry it prints one line to stderr and
compiles the part up front with the argument types the envs pass.

A game compiles in two parts, each when first needed: its rules (what an environment runs:
`get_game`, the envs) and its planning kernels (`determinize` and `evaluate`, which only
planners use: the first `SeatView`). An environment played by learners or random bots never
pays for the second (a fifth of Farao's cold first use, a tenth of Krimsutep's).
`python -m pyramid_envs.compile` compiles both for every game, with a progress bar.
"""
from __future__ import annotations

import sys
import time

import numpy as np

# the kernels of each part, by their name in Game.kernels (or Game.evaluate)
PARTS = {"rules": ("reset", "legal_mask", "observe", "step"),
         "planning": ("determinize", "evaluate")}
_WHAT = {"rules": "rules", "planning": "planning kernels (determinize, evaluate)"}

_CHECKED: set[tuple[str, str]] = set()


def _kernel(game, name):
    return game.evaluate if name == "evaluate" else getattr(game.kernels, name)


def is_cached(game, part: str = "rules") -> bool:
    """Whether numba's cache holds an entry for every kernel of `part` whose source is unchanged."""
    for name in PARTS[part]:
        try:
            index = _kernel(game, name)._cache._cache_file._load_index()  # numba's own staleness check
        except AttributeError:  # no such kernel, not a caching dispatcher, or another numba
            continue
        if not index:
            return False
    return True


def warm_up(game, part: str = "rules") -> None:
    """Run every kernel of `part` once on a fresh game, with the argument types the envs use."""
    k = game.kernels
    states = game.new_states(1)
    k.reset(states, np.zeros(1, np.uint64), game.encode_options(game.resolve_options()))
    seats = np.zeros(1, np.int64)
    if part == "rules":
        mask = np.zeros((1, game.num_actions), np.int8)
        k.legal_mask(states, mask)
        k.observe(states, seats, np.zeros((1,) + tuple(game.obs_shape), np.float32))
        k.step(states, np.array([np.flatnonzero(mask[0])[0]], np.int64),
               np.zeros((1, game.max_players), np.float32))
    else:
        k.determinize(states.copy(), seats, np.zeros(1, np.uint64))
        if game.evaluate is not None:
            game.evaluate(states, seats, np.zeros(1, np.float64))


def ensure_compiled(game, stream=None, part: str = "rules") -> None:
    """Once per process, game and part: compile up front, with a line on `stream` (stderr),
    when numba's cache lacks the part's kernels."""
    if (game.env_name, part) in _CHECKED:
        return
    _CHECKED.add((game.env_name, part))
    if is_cached(game, part):
        return
    stream = stream or sys.stderr
    seconds = (game.compile_seconds or {}).get(part)
    about = f", about {seconds:.0f} s on 2 cores" if seconds else ""
    print(f"compiling {game.title} {_WHAT[part]} with numba (first use on this machine only{about}) ...",
          file=stream, flush=True)
    t0 = time.perf_counter()
    warm_up(game, part)
    print(f"compiled {game.title} {_WHAT[part].split(' (')[0]} in {time.perf_counter() - t0:.0f} s",
          file=stream, flush=True)
