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

Where the machine has more than one core, a first use compiles the rules side by side:
numba compiles each kernel with the helpers it calls, so `step` (the longest in most games:
Keops' 36 s of its four kernels' 52 s, Krimsutep's 8 of 20, Farao's 7 of 15, each compiled
alone on one core) compiles here while helper processes compile the other kernels into the
same cache, from which this process then loads them. The other kernels are a queue:
the first helper takes it from the front (`observe` first), a second one from the back, and
this process, once `step` is done, what is left largest first (`legal_mask`, then `reset`:
taking `reset` first, it lost the race for `legal_mask` by a moment and waited 9 s for it,
Krimsutep 20.0 -> 15.7 s on a 2-core Intel Xeon, session 31); a kernel goes to whichever
process claims it first (a file made atomically in a folder of claims), so a game whose
`step` is short does not wait for one helper to compile the rest. On the quiet 2-core
machine the first split (this process reset and step, one helper observe and legal_mask)
brought a cold first use from 9-53 s to 6-31 s (benchmarks/RESULTS.md, session 19; the
queue: session 28).
A `step` too long for this (Keops': 23-25 s of its rules' 36 on one core) names parts of
itself (`Kernels.step_parts`: Keops' `settle`, 14 s of it): the first helper process compiles
them first, for the argument types `step` calls them with, into the cache, then the queue
from its front; this process takes the queue from its back but for its first kernel, then
`step`, and where `step`'s compile reaches a part before it is cached, waits for it (or
compiles it, where no process has claimed it or its process has ended), then links it from
the cache. Keops' cold first use: 26-27 s -> 17.6-19 s (benchmarks/RESULTS.md, session 30).
A helper process that fails costs nothing but time: whatever it left uncompiled compiles
here.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from numba import typeof

from .dispatch import bind

# the kernels of each part, by their name in Game.kernels (or Game.evaluate)
PARTS = {"rules": ("reset", "legal_mask", "observe", "step"),
         "planning": ("determinize", "evaluate")}
_WHAT = {"rules": "rules", "planning": f"planning kernels ({', '.join(PARTS['planning'])})"}

_CHECKED: set[tuple[str, str]] = set()


def _kernel(game, name):
    return game.evaluate if name == "evaluate" else getattr(game.kernels, name)


def is_cached(game, part: str = "rules") -> bool:
    """Whether numba's cache holds an entry for every kernel of `part` whose source is unchanged."""
    for name in PARTS[part]:
        try:
            kernel = _kernel(game, name)
            kernel = getattr(kernel, "python_dispatcher", lambda: kernel)()  # what Python calls compile into
            index = kernel._cache._cache_file._load_index()  # numba's own staleness check
        except AttributeError:  # no such kernel, not a caching dispatcher, or another numba
            continue
        if not index:
            return False
    return True


def _arguments(game) -> dict[str, tuple]:
    """Each kernel's arguments, of the types the envs and planners pass."""
    states, seats = game.new_states(1), np.zeros(1, np.int64)
    return {"reset": (states, np.zeros(1, np.uint64), game.encode_options(game.resolve_options())),
            "legal_mask": (states, np.zeros((1, game.num_actions), np.int8)),
            "observe": (states, seats, np.zeros((1,) + tuple(game.obs_shape), np.float32)),
            "step": (states, np.zeros(1, np.int64), np.zeros((1, game.max_players), np.float32)),
            "determinize": (states, seats, np.zeros(1, np.uint64)),
            "evaluate": (states, seats, np.zeros(1, np.float64))}


def compile_kernels(game, names) -> None:
    """Compile the named kernels for those argument types without running them."""
    args = _arguments(game)
    for name in names:
        kernel = _kernel(game, name)
        if kernel is not None:
            bind(kernel, *args[name])  # types them as a call from Python would


def warm_up(game, part: str = "rules") -> None:
    """Run every kernel of `part` once on a fresh game, with the argument types the envs use."""
    args = _arguments(game)
    k = game.kernels
    k.reset(*args["reset"])
    if part == "rules":
        mask = args["legal_mask"][1]
        k.legal_mask(*args["legal_mask"])
        k.observe(*args["observe"])
        states, actions, rewards = args["step"]
        actions[0] = np.flatnonzero(mask[0])[0]
        k.step(states, actions, rewards)
    else:
        k.determinize(args["determinize"][0].copy(), *args["determinize"][1:])
        if game.evaluate is not None:
            game.evaluate(*args["evaluate"])


def cores() -> int:
    """The cores this process may run on (all of the machine's where the OS does not say)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


_HELPER_TIMEOUT = 900  # seconds

# the rules kernels other than `step`, in the order the first helper process takes them
_QUEUE = ("observe", "legal_mask", "reset")


def _my_order(parts) -> tuple:
    """What this process compiles, in this order, beside helpers: `step` first, as the
    longest, then what is left of the queue largest first (the first helper takes it from
    the front: a small kernel left to the end is no race lost while the other process idles);
    where a helper compiles parts of `step`, the queue's back before `step`, so that its
    compile reaches them once they are cached, leaving the helper the queue's front for
    when it is done with them."""
    if parts:
        return (*_QUEUE[:0:-1], "step", _QUEUE[0])
    return ("step", *_QUEUE[1:], _QUEUE[0])


def _step_parts(game) -> dict:
    """`step`'s helpers compiled apart (Kernels.step_parts), by the name they are claimed under."""
    return {f"step.{helper.py_func.__name__}": (helper, arguments)
            for helper, arguments in game.kernels.step_parts if hasattr(helper, "compile_for_callers")}


def _compile_step_part(game, name: str) -> None:
    """Compile one of `step`'s parts for the argument types `step` calls it with, into the cache."""
    helper, arguments = _step_parts(game)[name]
    helper.compile_for_callers(tuple(typeof(a) for a in arguments(*_arguments(game)["step"])))


def _claim(claims: str, name: str) -> bool:
    """Whether this process is the first to claim `name` (the file is made atomically)."""
    try:
        os.close(os.open(os.path.join(claims, name), os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        return False
    return True


def _compile_item(game, claims: str, name: str) -> None:
    if name.startswith("step."):
        _compile_step_part(game, name)
        _claim(claims, name + ".done")  # cached: the process compiling `step` may load it now
    else:
        compile_kernels(game, (name,))


def _compile_claimed(game, claims: str, names) -> None:
    for name in names:
        if _claim(claims, name):
            _compile_item(game, claims, name)


def _await_part(claims: str, name: str, helpers):
    """What this process does when `step`'s compile reaches part `name`: claim it where no
    process has (and compile it here), else wait until it is cached or its process has ended."""
    def wait():
        if _claim(claims, name):
            return
        deadline = time.monotonic() + _HELPER_TIMEOUT  # a helper that hangs: compiled here
        while (not os.path.exists(os.path.join(claims, name + ".done"))
               and any(proc.poll() is None for proc in helpers) and time.monotonic() < deadline):
            time.sleep(0.02)
    return wait


def _start_helpers(game, claims: str, orders) -> list[subprocess.Popen]:
    """Processes compiling what they claim, each in its order, into numba's cache; none where
    one cannot start."""
    root = str(Path(__file__).resolve().parents[2])  # where this pyramid_envs is importable from
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    code = "import sys; from pyramid_envs.core.compile import _helper_main; _helper_main(sys.argv[1:])"
    procs = []
    for order in orders if sys.executable else ():  # an embedded Python may have no interpreter to start
        try:
            procs.append(subprocess.Popen([sys.executable, "-c", code, game.env_name, claims, *order], env=env,
                                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL))
        except OSError:  # no process to spare: this process compiles everything
            pass
    return procs


def _helper_main(argv) -> None:
    from .registry import get_game  # the registry imports this module
    name, claims, first, *rest = argv
    game = get_game(name, compile=False)
    _compile_item(game, claims, first)  # claimed for it when it was started
    _compile_claimed(game, claims, rest)


def _compile_part(game, part: str, jobs: int) -> None:
    helpers, claims = [], None
    parts = _step_parts(game) if part == "rules" else {}
    if part == "rules" and jobs > 1:
        claims = tempfile.mkdtemp(prefix="pyramid_envs_claims_")
        orders = [(*parts, *_QUEUE), _QUEUE[::-1]][:jobs - 1]
        for order in orders:  # each helper's first item is its own
            _claim(claims, order[0])
        helpers = _start_helpers(game, claims, orders)
    try:
        if helpers:
            for name, (helper, _) in parts.items():
                helper.await_compile(_await_part(claims, name, helpers))
            _compile_claimed(game, claims, _my_order(parts))
        for proc in helpers:
            try:
                proc.wait(timeout=_HELPER_TIMEOUT)  # one that hangs is killed; its part compiles here
            except subprocess.TimeoutExpired:
                pass
    finally:
        for proc in helpers:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        for helper, _ in parts.values():
            helper.await_compile(None)
        if claims:
            shutil.rmtree(claims, ignore_errors=True)
    warm_up(game, part)  # loads what the helpers compiled; compiles anything they did not


def ensure_compiled(game, stream=None, part: str = "rules", jobs: int | None = None) -> None:
    """Once per process, game and part: compile up front, with a line on `stream` (stderr),
    when numba's cache lacks the part's kernels; in up to `jobs` processes (default: the
    environment variable PYRAMID_ENVS_COMPILE_JOBS, else one per core)."""
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
    if jobs is None:
        jobs = int(os.environ.get("PYRAMID_ENVS_COMPILE_JOBS") or cores())
    _compile_part(game, part, jobs)
    print(f"compiled {game.title} {_WHAT[part].split(' (')[0]} in {time.perf_counter() - t0:.0f} s",
          file=stream, flush=True)
