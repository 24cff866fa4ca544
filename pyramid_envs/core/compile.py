"""A game's first use on a machine: say that numba is compiling, instead of seeming to hang.

numba compiles a game's kernels on their first call and caches the machine code in the
game's `__pycache__`; a fresh clone, or an edited kernel file, pays that once (seconds to
minutes on a small machine). `ensure_compiled(game)`, called by the envs and `get_game`,
looks at numba's cache index first: where a kernel has no valid entry it prints one line to
stderr and compiles the core kernels up front with the argument types the envs pass.
`python -m pyramid_envs.compile` does it for every game, with a progress bar.
"""
from __future__ import annotations

import dataclasses
import sys
import time

import numpy as np

_CHECKED: set[str] = set()


def is_cached(game) -> bool:
    """Whether numba's cache holds an entry for every core kernel whose source is unchanged."""
    for field in dataclasses.fields(game.kernels):
        kernel = getattr(game.kernels, field.name)
        try:
            index = kernel._cache._cache_file._load_index()  # numba's own staleness check
        except AttributeError:  # not a caching dispatcher, or another numba: nothing to say
            continue
        if not index:
            return False
    return True


def warm_up(game) -> None:
    """Run every core kernel (and the evaluation, where there is one) once on a fresh game."""
    k = game.kernels
    states = game.new_states(1)
    k.reset(states, np.zeros(1, np.uint64), game.encode_options(game.resolve_options()))
    mask = np.zeros((1, game.num_actions), np.int8)
    k.legal_mask(states, mask)
    seats = np.zeros(1, np.int64)
    k.observe(states, seats, np.zeros((1,) + tuple(game.obs_shape), np.float32))
    k.determinize(states.copy(), seats, np.zeros(1, np.uint64))
    if game.evaluate is not None:
        game.evaluate(states, seats, np.zeros(1, np.float64))
    k.step(states, np.array([np.flatnonzero(mask[0])[0]], np.int64),
           np.zeros((1, game.max_players), np.float32))


def ensure_compiled(game, stream=None) -> None:
    """Once per process and game: compile up front, with a line on `stream` (stderr), when
    numba's cache lacks the game's kernels."""
    if game.env_name in _CHECKED:
        return
    _CHECKED.add(game.env_name)
    if is_cached(game):
        return
    stream = stream or sys.stderr
    about = f", about {game.compile_seconds:.0f} s on 2 cores" if game.compile_seconds else ""
    print(f"compiling {game.title} rules with numba (first use on this machine only{about}) ...",
          file=stream, flush=True)
    t0 = time.perf_counter()
    warm_up(game)
    print(f"compiled {game.title} in {time.perf_counter() - t0:.0f} s", file=stream, flush=True)
