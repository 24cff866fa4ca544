#!/usr/bin/env python
"""Throughput of random legal play for every registered game: its compiled core, its
VectorGame, its PettingZoo AEC env, and PettingZoo's connect_four_v3 / chess_v6 as
references, all in one run.

    python benchmarks/throughput.py [--quick] [--games kheops_v1,sakkara_v1]
                                    [--json out.json] [--no-pin] [--py-loop]

Games: every name in pyramid_envs.list_envs() (or those given with --games), each with
its default options. What is measured for each (steps = decisions applied; finished
games are reset and their reset time is included):

  core numba-loop  B=...   One @njit driver loops over the game's batch kernels
                           (legal_mask, [observe for the player to move], pick, step,
                           reset finished games). The kernels are passed to the driver
                           as arguments (numba compiles one specialisation per game).
                           The random legal action is picked by an @njit kernel with a
                           per-row xorshift64 state, so no Python runs between steps:
                           this is the rules core alone.
  core py-loop     B=...   (--py-loop only) the same kernels called one by one from a
                           Python loop: one numba dispatch per kernel per step.
  VectorGame       B=1024  pyramid_envs.core.vector.VectorGame.step (check_legal on,
                           observations and masks), actions from the same @njit picker.
  AEC env                  <game>.env() / connect_four_v3.env() / chess_v6.env(), and
                           <game>.raw_env() / connect_four_v3.raw_env() (no wrappers): the
                           usual agent_iter / last / step loop, action drawn uniformly
                           from action_mask.nonzero()[0] with Python's random (cheaper
                           than numpy's Generator for one number). Each game's env()
                           and raw_env() alternate their timed rounds with connect_four's
                           same constructor; the ratio is the median of the rounds' ratios.

Step cap: random play may never end some games. Every game of ours is therefore reset
(core loops), truncated (VectorGame, AEC env: max_steps) once its state's `steps` field
reaches STEP_CAP = 5000 decisions; the `capped` column counts such games in the timed
runs. The references (connect_four_v3, chess_v6) always end and have no cap.

Batches start desynchronised: before timing, game b of a batch makes a random number
U[0, L) of moves, L being the game's mean length under random play (measured first),
so that a short timed run sees all phases of a game, not only its opening.

Everything runs in one process pinned to one CPU with NUMBA_NUM_THREADS=1, after a
warm-up (compile) pass per game. Each figure is the median of several timed runs.
"steps/s" divides by this process's CPU time; "wall steps/s" by elapsed time. They
agree on an idle machine; the CPU share column says how much of the core we got.
Memory per game state, the machine and library versions and a per-kernel split at
B=1024 for each game are printed after the table (and written to --json).
A game whose benchmark raises is reported as failed and the others still run.
No timing assertion lives here or in the tests: this only reports.
"""
from __future__ import annotations

import os

# One core, no threading layers: set before numba / numpy are imported.
os.environ.setdefault("NUMBA_NUM_THREADS", "1")
for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_v, "1")

import argparse  # noqa: E402
import datetime  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import pickle  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
import warnings  # noqa: E402

import numpy as np  # noqa: E402
import numba  # noqa: E402
from numba import njit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pyramid_envs  # noqa: E402
from pyramid_envs.core.vector import VectorGame  # noqa: E402

BATCHES = (1, 64, 1024)
STEP_CAP = 5000  # decisions; games of ours past this are reset / truncated
REF_NAME = "connect_four_v3.env()"
REF_RAW_NAME = "connect_four_v3.raw_env()"


# --- numba helpers ------------------------------------------------------------------
@njit(inline="always")
def _xorshift(rng, b):
    x = rng[b]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    rng[b] = x
    return x


@njit
def pick_actions(masks, rng, actions):
    """A uniform legal action per row of `masks` (-1 where none is legal).

    Up to 16 uniform probes of the whole action range (rejection sampling: a hit is
    uniform over the legal actions), then an exact count-and-scan; either way the
    result is uniform over the legal set. Probing first roughly halves the cost of a
    plain scan of a wide mask row when legal actions are not rare."""
    A = masks.shape[1]
    uA = np.uint64(A)
    for b in range(masks.shape[0]):
        m = masks[b]
        found = -1
        for _ in range(16):
            a = np.int64(_xorshift(rng, b) % uA)
            if m[a] != 0:
                found = a
                break
        if found < 0:
            n = 0
            for a in range(A):
                n += m[a]
            if n > 0:
                r = np.int64(_xorshift(rng, b) % np.uint64(n))
                for a in range(A):
                    if m[a] != 0:
                        if r == 0:
                            found = a
                            break
                        r -= 1
        actions[b] = found


@njit
def reset_finished(states, rng, options, seedbuf, reset, cap):
    """Reset (with the game's `reset` kernel) every game that has ended or reached
    `cap` steps; returns (games reset, of which capped)."""
    done = 0
    capped = 0
    for b in range(states.shape[0]):
        ended = states[b].terminated
        if ended or states[b].steps >= cap:
            if not ended:
                capped += 1
            seedbuf[0] = _xorshift(rng, b)
            reset(states[b:b + 1], seedbuf, options)
            done += 1
    return done, capped


@njit
def current_seats(states, seats):
    for b in range(states.shape[0]):
        seats[b] = states[b].current_player


@njit
def count_stepped(actions):
    n = 0
    for b in range(actions.shape[0]):
        if actions[b] >= 0:
            n += 1
    return n


@njit
def core_loop(states, masks, actions, rewards, obs, seats, rng, options, seedbuf, n_iters,
              with_obs, cap, reset, legal_mask, step, observe):
    """n_iters batched decisions, entirely in compiled code; returns (steps, games, capped).
    reset/legal_mask/step/observe are the game's kernel dispatchers (one compiled
    specialisation of this driver per game)."""
    steps = 0
    games = 0
    capped = 0
    for _ in range(n_iters):
        legal_mask(states, masks)
        if with_obs:
            current_seats(states, seats)
            observe(states, seats, obs)
        pick_actions(masks, rng, actions)
        step(states, actions, rewards)
        steps += count_stepped(actions)
        g, c = reset_finished(states, rng, options, seedbuf, reset, cap)
        games += g
        capped += c
    return steps, games, capped


@njit
def desync_loop(states, masks, actions, rewards, rng, options, seedbuf, n_iters, cap,
                reset, legal_mask, step):
    """Random play in which game b makes only its first target_b ~ U[0, n_iters) moves
    (the others pass with action -1): with n_iters about one mean game length, the B
    games end up spread over the whole course of a game instead of all at move k."""
    B = states.shape[0]
    target = np.empty(B, np.int64)
    for b in range(B):
        target[b] = np.int64(_xorshift(rng, b) % np.uint64(n_iters))
    for it in range(n_iters):
        legal_mask(states, masks)
        pick_actions(masks, rng, actions)
        for b in range(B):
            if it >= target[b]:
                actions[b] = -1
        step(states, actions, rewards)
        reset_finished(states, rng, options, seedbuf, reset, cap)


_RESET_FINISHED = {}


def reset_finished_for(game):
    """reset_finished with this game's reset kernel bound in (a closure, compiled once per
    game), for calls from Python: a dispatcher passed as an argument from Python costs
    about 15 us of typing per call, which would swamp the per-kernel split."""
    if game.env_name not in _RESET_FINISHED:
        reset = game.kernels.reset

        @njit
        def bound(states, rng, options, seedbuf, cap):
            return reset_finished(states, rng, options, seedbuf, reset, cap)
        _RESET_FINISHED[game.env_name] = bound
    return _RESET_FINISHED[game.env_name]


# --- core harness -------------------------------------------------------------------
class CoreBatch:
    """Preallocated buffers for B games of `game`, reset with distinct seeds."""

    def __init__(self, game, batch, seed=12345):
        self.game = game
        self.K = game.kernels
        self.B = batch
        self.states = game.new_states(batch)
        self.masks = np.zeros((batch, game.num_actions), np.int8)
        self.actions = np.full(batch, -1, np.int64)
        self.rewards = np.zeros((batch, game.max_players), np.float32)
        self.obs = np.zeros((batch,) + tuple(game.obs_shape), np.float32)
        self.seats = np.zeros(batch, np.int64)
        ss = np.random.SeedSequence(seed + batch)
        self.rng = ss.generate_state(batch, np.uint64) | np.uint64(1)  # xorshift: never 0
        self.options = game.encode_options(game.resolve_options())
        self.seedbuf = np.zeros(1, np.uint64)
        self.K.reset(self.states, ss.spawn(1)[0].generate_state(batch, np.uint64), self.options)

    def numba_loop(self, n_iters, with_obs):
        K = self.K
        return core_loop(self.states, self.masks, self.actions, self.rewards, self.obs,
                         self.seats, self.rng, self.options, self.seedbuf, n_iters, with_obs,
                         STEP_CAP, K.reset, K.legal_mask, K.step, K.observe)

    def py_loop(self, n_iters, with_obs):
        states, masks, actions, rewards = self.states, self.masks, self.actions, self.rewards
        obs, seats, rng, options, seedbuf = self.obs, self.seats, self.rng, self.options, self.seedbuf
        legal_mask, step, observe = self.K.legal_mask, self.K.step, self.K.observe
        finish = reset_finished_for(self.game)
        steps = games = capped = 0
        for _ in range(n_iters):
            legal_mask(states, masks)
            if with_obs:
                current_seats(states, seats)
                observe(states, seats, obs)
            pick_actions(masks, rng, actions)
            step(states, actions, rewards)
            steps += count_stepped(actions)
            g, c = finish(states, rng, options, seedbuf, STEP_CAP)
            games += g
            capped += c
        return steps, games, capped

    def desync(self, game_length):
        """Spread the B games over the course of a game (see desync_loop)."""
        if self.B > 1:
            K = self.K
            desync_loop(self.states, self.masks, self.actions, self.rewards, self.rng,
                        self.options, self.seedbuf, desync_iters(game_length), STEP_CAP,
                        K.reset, K.legal_mask, K.step)


def desync_iters(game_length):
    return int(min(max(game_length, 50), STEP_CAP))


def mean_game_length(game, min_games=50, max_steps=300_000):
    """Mean decisions per game under random play (capped at STEP_CAP), from whole games
    played one at a time with the core."""
    cb = CoreBatch(game, 1, seed=4242)
    steps = games = 0
    while games < min_games and steps < max_steps:
        s, g, _c = cb.numba_loop(1000, False)
        steps += s
        games += g
    return steps / max(games, 1)


def vector_game_runner(game, batch, game_length=None):
    vg = VectorGame(game, batch, seed=7, check_legal=True, max_steps=STEP_CAP)
    vg.reset()
    if game_length is not None:  # start from desynchronised games, as the core rows do
        cb = CoreBatch(game, batch, seed=7)
        cb.desync(game_length)
        vg.states[:] = cb.states
        game.kernels.legal_mask(vg.states, vg.masks)
        game.kernels.observe(vg.states, vg.current_player, vg.obs)
    rng = np.random.SeedSequence(99).generate_state(batch, np.uint64) | np.uint64(1)
    actions = np.zeros(batch, np.int64)

    def run(n_iters):
        steps = games = capped = 0
        for _ in range(n_iters):
            pick_actions(vg.masks, rng, actions)
            _, _, _, term, trunc, _ = vg.step(actions)
            steps += int((actions >= 0).sum())
            games += int(term.sum() + trunc.sum())
            capped += int(trunc.sum())
        return steps, games, capped
    return run


def kernel_split(game, batch, n_iters, game_length, rounds=3, with_obs=True):
    """Time each batch kernel separately inside the random-play loop (thread CPU
    time around every call from Python; the ~1 us dispatch is spread over `batch` games).
    Returns ns per step (per decision applied) for each part: the median over
    `rounds` rounds of n_iters loop iterations."""
    cb = CoreBatch(game, batch, seed=777)
    cb.desync(game_length)
    states, masks, actions, rewards = cb.states, cb.masks, cb.actions, cb.rewards
    K = cb.K
    finish = reset_finished_for(game)
    parts = ["legal_mask", "observe", "pick (benchmark)", "step", "reset finished"]
    clock = time.thread_time_ns  # CPU time of this thread: robust to other programs
    per_round = []
    for _ in range(rounds):
        ns = dict.fromkeys(parts, 0)
        steps = 0
        for _ in range(n_iters):
            t0 = clock()
            K.legal_mask(states, masks)
            t1 = clock()
            if with_obs:
                current_seats(states, cb.seats)
                K.observe(states, cb.seats, cb.obs)
            t2 = clock()
            pick_actions(masks, cb.rng, actions)
            t3 = clock()
            K.step(states, actions, rewards)
            t4 = clock()
            steps += count_stepped(actions)
            finish(states, cb.rng, cb.options, cb.seedbuf, STEP_CAP)
            t5 = clock()
            for k, x, y in zip(parts, (t0, t1, t2, t3, t4), (t1, t2, t3, t4, t5)):
                ns[k] += y - x
        per_round.append({k: v / max(steps, 1) for k, v in ns.items()})
    out = {k: statistics.median(r[k] for r in per_round) for k in parts}
    out["total"] = sum(out.values())
    return out


# --- AEC harness --------------------------------------------------------------------
def aec_runner(make_env, seed=0):
    env = make_env()
    rng = random.Random(seed)  # numpy's Generator.integers and np.flatnonzero took ~4 us a
    # step together, as much as half of one of our AEC steps: the loop would time numpy

    def run(n_steps):
        """Random legal play until at least n_steps decisions; whole games only."""
        steps = games = capped = 0
        while steps < n_steps:
            env.reset(seed=rng.randrange(2**31))
            truncated = False
            for _agent in env.agent_iter():
                obs, _rew, term, trunc, _info = env.last()
                if term or trunc:
                    action = None
                    truncated |= bool(trunc) and not term
                else:
                    legal = obs["action_mask"].nonzero()[0]
                    action = legal[rng.randrange(len(legal))]
                    steps += 1
                env.step(action)
            games += 1
            capped += truncated
        return steps, games, capped
    return run, env


# --- timing -------------------------------------------------------------------------
def calibrate(run, min_time, start_n=1):
    """The n for which run(n) takes at least min_time."""
    n = start_n
    while True:
        t0 = time.perf_counter()
        run(n)
        dt = time.perf_counter() - t0
        if dt >= min_time:
            return n
        n = max(n + 1, int(n * min(10.0, 1.3 * min_time / max(dt, 1e-6))))


def timed(run, n):
    """(steps, games, capped, wall seconds, CPU seconds) of one run(n)."""
    c0, t0 = time.process_time(), time.perf_counter()
    steps, games, capped = run(n)
    return steps, games, capped, time.perf_counter() - t0, time.process_time() - c0


def measure(run, min_time, repeats, start_n=1):
    """Grow n until run(n) takes >= min_time, then time `repeats` runs of that n.
    run(n) returns (steps, games finished, games capped).

    Each run is timed twice: by wall clock and by this process's CPU time
    (time.process_time), so that other programs sharing the cores (which take the
    CPU away from us but do not change what our code costs) show up as a CPU share
    below 100% instead of silently lowering the figures."""
    n = calibrate(run, min_time, start_n)
    return summarize([timed(run, n) for _ in range(repeats)])


def measure_pair(run_a, run_b, min_time, repeats, start_n=1):
    """measure() for two runs in alternating rounds (a, b, a, b, ...), so that a change of
    the machine's load hits both alike; also returns the median over rounds of the ratio
    of a's steps/s to b's."""
    na, nb = calibrate(run_a, min_time, start_n), calibrate(run_b, min_time, start_n)
    ta, tb = [], []
    for _ in range(repeats):
        ta.append(timed(run_a, na))
        tb.append(timed(run_b, nb))
    ratio = statistics.median((a[0] / a[4]) / (b[0] / b[4]) for a, b in zip(ta, tb))
    return summarize(ta), summarize(tb), ratio


def summarize(runs):
    """The figures of measure() from a list of timed() results."""
    rates_cpu = [steps / max(dc, 1e-9) for steps, _g, _c, _dt, dc in runs]
    rates_wall = [steps / dt for steps, _g, _c, dt, _dc in runs]
    steps_all = sum(r[0] for r in runs)
    games_all = sum(r[1] for r in runs)
    capped_all = sum(r[2] for r in runs)
    wall = sum(r[3] for r in runs)
    cpu = sum(r[4] for r in runs)
    return {
        "steps_per_s": statistics.median(rates_cpu),
        "steps_per_s_wall": statistics.median(rates_wall),
        "cpu_share": cpu / wall,
        "runs_steps_per_s_cpu": rates_cpu,
        "runs_steps_per_s_wall": rates_wall,
        "steps": int(steps_all),
        "games_finished": int(games_all),
        "games_capped": int(capped_all),
        "wall_seconds": wall,
        "cpu_seconds": cpu,
        "steps_per_game": (steps_all / games_all) if games_all else None,
    }


# --- memory -------------------------------------------------------------------------
def deep_getsizeof(obj, seen=None):
    """sys.getsizeof summed over everything reachable through containers, __dict__
    and __slots__ (shared objects counted once; ndarrays by getsizeof, which includes
    their buffer when they own it)."""
    if seen is None:
        seen = set()
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, np.ndarray):
        return size if obj.base is None else size + obj.nbytes
    if isinstance(obj, dict):
        size += sum(deep_getsizeof(k, seen) + deep_getsizeof(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        size += sum(deep_getsizeof(x, seen) for x in obj)
    if hasattr(obj, "__dict__"):
        size += deep_getsizeof(vars(obj), seen)
    for cls in type(obj).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(obj, slot):
                size += deep_getsizeof(getattr(obj, slot), seen)
    return size


def _play(env, plies, rng):
    env.reset(seed=1)
    for i, _agent in enumerate(env.agent_iter()):
        obs, _r, term, trunc, _i = env.last()
        if term or trunc or i >= plies:
            break
        legal = np.flatnonzero(obs["action_mask"])
        env.step(legal[rng.integers(len(legal))])


def game_memory(game):
    """Bytes of game state per game of ours: the fixed-size record."""
    states = game.new_states(1)
    game.reset(states, [1])
    return {
        "state_bytes": int(game.state_dtype.itemsize),
        "method": "state_dtype.itemsize (fixed-size record; the whole game incl. its RNG)",
        "pickled_1_record_array": len(pickle.dumps(states)),
        "obs_bytes": int(np.prod(game.obs_shape)) * 4,
        "mask_bytes": int(game.num_actions),
    }


def reference_memory():
    """Bytes of game state per game that the references keep."""
    from pettingzoo.classic import chess_v6, connect_four_v3

    rng = np.random.default_rng(3)
    out = {}
    cf = connect_four_v3.env()
    _play(cf, 20, rng)
    board = cf.unwrapped.board
    out["connect_four_v3"] = {
        "state_bytes": len(pickle.dumps(board, protocol=pickle.HIGHEST_PROTOCOL)),
        "method": "pickled env.unwrapped.board (list of 42 ints) after 20 plies",
        "deep_getsizeof": deep_getsizeof(list(board)),
    }
    ch = chess_v6.env()
    _play(ch, 60, rng)
    u = ch.unwrapped
    pick_board = len(pickle.dumps(u.board, protocol=pickle.HIGHEST_PROTOCOL))
    out["chess_v6"] = {
        "state_bytes": pick_board + u.board_history.nbytes,
        "method": ("pickled env.unwrapped.board (chess.Board with its move stack) after 60 "
                   "plies + board_history.nbytes (8x8x104 bool, needed for observations)"),
        "pickled_board": pick_board,
        "board_history_nbytes": int(u.board_history.nbytes),
        "deep_getsizeof_board_plus_history": deep_getsizeof(u.board) + deep_getsizeof(u.board_history),
    }
    return out


# --- machine ------------------------------------------------------------------------
def machine_info():
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        import pettingzoo
        pz = pettingzoo.__version__
    except Exception:  # pragma: no cover
        pz = "?"
    try:
        import chess
        chess_v = chess.__version__
    except Exception:
        chess_v = "missing"
    try:
        import pygame
        pygame_v = pygame.version.ver
    except Exception:
        pygame_v = "missing"
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "pinned_to_cpus": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "numba_num_threads": numba.config.NUMBA_NUM_THREADS,
        "python": platform.python_version(),
        "numba": numba.__version__,
        "numpy": np.__version__,
        "pettingzoo": pz,
        "chess": chess_v,
        "pygame": pygame_v,
        "pyramid_envs": getattr(pyramid_envs, "__version__", "?"),
        "registered_envs": pyramid_envs.list_envs(),
        "platform": platform.platform(),
        "loadavg_at_start": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


# --- one game -----------------------------------------------------------------------
def bench_game(name, min_time, repeats, quick, py_loop, record, references):
    """All rows, the memory entry and the kernel split of one registered game."""
    game = pyramid_envs.get_game(name)
    print(f"## {name}: {game.num_actions} actions, obs {tuple(game.obs_shape)}, "
          f"state {game.state_dtype.itemsize} B, options {game.resolve_options()}", flush=True)

    # Warm-up: compile the kernels and this game's specialisation of every driver.
    t0 = time.perf_counter()
    for B in (1, 4):
        cb = CoreBatch(game, B)
        for with_obs in (False, True):
            cb.numba_loop(200, with_obs)
            if py_loop:
                cb.py_loop(5, with_obs)
    CoreBatch(game, 4).desync(60)
    reset_finished_for(game)(cb.states, cb.rng, cb.options, cb.seedbuf, STEP_CAP)
    vector_game_runner(game, 2)(5)
    print(f"#   warm-up (compile) {time.perf_counter() - t0:.1f}s", flush=True)
    length = mean_game_length(game)
    print(f"#   mean game length under random play {length:,.1f} steps (cap {STEP_CAP}); "
          f"batches are desynchronised over {desync_iters(length)} steps", flush=True)

    for B in BATCHES:
        cb = CoreBatch(game, B)
        cb.desync(length)
        for with_obs, label in ((False, "mask+step"), (True, "mask+step+obs")):
            record(name, f"core numba-loop B={B} {label}",
                   measure(lambda n: cb.numba_loop(n, with_obs), min_time, repeats), "core")
    if py_loop:
        for B in BATCHES:
            cb = CoreBatch(game, B)
            cb.desync(length)
            for with_obs, label in ((False, "mask+step"), (True, "mask+step+obs")):
                record(name, f"core py-loop B={B} {label}",
                       measure(lambda n: cb.py_loop(n, with_obs), min_time, repeats), "core-py")
    for B in ((64, 1024) if py_loop else (1024,)):
        run = vector_game_runner(game, B, length)
        run(5)
        record(name, f"VectorGame.step B={B} (obs+mask)", measure(run, min_time, repeats), "vector")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # pyramid_envs.make(name) is the registered module's env() (order-enforcing wrapper);
        # each AEC row alternates its rounds with the same connect_four_v3 constructor's
        raw = importlib.import_module(f"pyramid_envs.{name}").raw_env
        for label, make, ref in ((f"{name}.env()", lambda: pyramid_envs.make(name, max_steps=STEP_CAP),
                                  references[REF_NAME]),
                                 (f"{name}.raw_env()", lambda: raw(max_steps=STEP_CAP),
                                  references[REF_RAW_NAME])):
            run, _env = aec_runner(make)
            ref_run, _ref_env = aec_runner(ref)
            run(200)  # warm-up
            ref_run(200)
            ours, theirs, ratio = measure_pair(run, ref_run, min_time, repeats, start_n=200)
            record(name, label, dict(ours, paired_ratio=ratio, paired_reference=theirs), "aec")

    split = kernel_split(game, 1024, 40 if quick else 200, length)
    return dict(game_memory(game), mean_game_length=length), split


# --- main ---------------------------------------------------------------------------
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="short runs (under a minute per game)")
    ap.add_argument("--games", metavar="NAMES",
                    help="comma-separated env names (default: all of pyramid_envs.list_envs())")
    ap.add_argument("--json", metavar="PATH", help="write all results to this JSON file")
    ap.add_argument("--no-pin", action="store_true", help="do not pin the process to one CPU")
    ap.add_argument("--py-loop", action="store_true",
                    help="also time the kernels driven from a Python loop, and VectorGame at B=64")
    args = ap.parse_args(argv)

    registered = pyramid_envs.list_envs()
    if args.games:
        games = [g.strip() for g in args.games.split(",") if g.strip()]
        unknown = [g for g in games if g not in registered]
        if unknown:
            raise SystemExit(f"not registered: {unknown}; registered: {registered}")
    else:
        games = registered

    if not args.no_pin and hasattr(os, "sched_setaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})

    try:  # fail fast, before minutes of timing, if the references cannot run
        from pettingzoo.classic import chess_v6, connect_four_v3
    except ImportError as e:
        raise SystemExit(f"PettingZoo's classic references need extra packages ({e}); "
                         "install them with: pip install pygame chess") from e
    from pettingzoo.classic.connect_four.connect_four import raw_env as connect_four_raw_env
    references = {REF_NAME: connect_four_v3.env, REF_RAW_NAME: connect_four_raw_env}

    min_time, repeats = (0.15, 2) if args.quick else (1.0, 5)
    info = machine_info()
    print(f"# {info['date']}  {info['cpu']}  cores={info['cores']} pinned={info['pinned_to_cpus']} "
          f"NUMBA_NUM_THREADS={info['numba_num_threads']}")
    print(f"# Python {info['python']}  numba {info['numba']}  numpy {info['numpy']}  "
          f"pettingzoo {info['pettingzoo']}  chess {info['chess']}  pygame {info['pygame']}")
    print(f"# registered: {', '.join(registered)}; benchmarked: {', '.join(games)}")
    print(f"# min_time={min_time}s per run, median of {repeats} runs; step cap {STEP_CAP} "
          f"(games of ours reset/truncated at {STEP_CAP} steps); "
          f"load average at start {info['loadavg_at_start']}", flush=True)

    rows = []

    def record(game, name, res, group):
        res = dict(res, game=game, name=name, group=group)
        rows.append(res)
        capped = f"  capped {res['games_capped']}" if res["games_capped"] else ""
        print(f"  {game:<16s} {name:<36s} {res['steps_per_s']:>14,.0f} steps/s (CPU time)  "
              f"{res['steps_per_s_wall']:>12,.0f} wall  CPU share {res['cpu_share']:.0%}{capped}",
              flush=True)

    mem, splits, failed = {}, {}, {}
    for name in games:
        t0 = time.perf_counter()
        try:
            mem[name], splits[name] = bench_game(name, min_time, repeats, args.quick,
                                                 args.py_loop, record, references)
        except Exception as e:  # another game's kernels may be half-written: go on
            failed[name] = f"{type(e).__name__}: {e}"
            print(f"!! {name} failed: {failed[name]}", flush=True)
            traceback.print_exc()
        print(f"#   {name}: {time.perf_counter() - t0:.0f}s", flush=True)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, make in ((REF_NAME, connect_four_v3.env), (REF_RAW_NAME, connect_four_raw_env),
                           ("chess_v6.env()", chess_v6.env)):
            run, _env = aec_runner(make)
            run(200)  # warm-up
            record("reference", name, measure(run, min_time, repeats, start_n=200), "aec")

    ref = next(r["steps_per_s"] for r in rows if r["name"] == REF_NAME)
    for r in rows:  # an AEC row of ours: against the same constructor in alternating rounds
        r["ratio_to_connect_four"] = r.get("paired_ratio", r["steps_per_s"] / ref)
    mem.update(reference_memory())

    info["loadavg_at_end"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    print()
    print(f"# load average at end {info['loadavg_at_end']} (other processes share this machine's cores)")
    print(table(rows))
    print(f"x connect_four_v3: a game's env() and raw_env() rows against connect_four_v3's "
          f"env() and raw_env(), timed in alternating rounds (median of the rounds' ratios); "
          f"other rows against the {REF_NAME} row.\n"
          f"steps/game: AEC rows, which play whole games (mean lengths from the core are in the "
          f"memory table). capped: games of ours reset (core) or truncated (VectorGame, env) "
          f"at {STEP_CAP} steps during the timed runs.")
    print()
    print(vector_overhead_table(rows))
    print()
    print(memory_table(mem))
    for name, split in splits.items():
        print()
        print(f"Per-kernel split, {name} core at B=1024 with observations (CPU ns per step = "
              "per decision;\neach kernel call timed from Python, ~1 us dispatch spread over 1024 games):")
        for k, v in split.items():
            print(f"  {k:<18s} {v:10.1f} ns  ({v / split['total']:5.1%})")
        kern = split["legal_mask"] + split["step"] + split["reset finished"]
        print(f"  => kernels alone, no picker: mask+step {1e9 / kern:,.0f} steps/s, "
              f"mask+step+obs {1e9 / (kern + split['observe']):,.0f} steps/s")
    if failed:
        print()
        for name, err in failed.items():
            print(f"!! {name} FAILED: {err}")

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": info, "min_time_s": min_time, "repeats": repeats,
                       "step_cap": STEP_CAP, "games": games, "failed": failed,
                       "results": rows, "memory": mem,
                       "kernel_split_ns_per_step_B1024": splits}, f, indent=2)
        print(f"\n# wrote {args.json}")


def table(rows):
    lines = [f"| {'game':<14s} | {'benchmark (random legal play)':<36s} | {'steps/s':>11s} "
             f"| {'x connect_four_v3':>17s} | {'wall steps/s':>12s} | {'CPU share':>9s} "
             f"| {'steps/game':>10s} | {'capped':>6s} |",
             f"|{'-' * 16}|{'-' * 38}|{'-' * 12}:|{'-' * 18}:|{'-' * 13}:|{'-' * 10}:"
             f"|{'-' * 11}:|{'-' * 7}:|"]
    for r in rows:
        spg = f"{r['steps_per_game']:.1f}" if r["group"] == "aec" and r["games_finished"] else "-"
        capped = str(r["games_capped"]) if r["game"] != "reference" else "-"
        lines.append(f"| {r['game']:<14s} | {r['name']:<36s} | {r['steps_per_s']:>11,.0f} | "
                     f"{r['ratio_to_connect_four']:>17.3g} | {r['steps_per_s_wall']:>12,.0f} | "
                     f"{r['cpu_share']:>9.0%} | {spg:>10s} | {capped:>6s} |")
    return "\n".join(lines)


def vector_overhead_table(rows):
    """VectorGame.step at B=1024 against the core loop with observations at the same B."""
    lines = ["| game | VectorGame.step B=1024 / core numba-loop B=1024 mask+step+obs |", "|---|---:|"]
    by = {(r["game"], r["name"]): r["steps_per_s"] for r in rows}
    for game in dict.fromkeys(r["game"] for r in rows if r["group"] == "vector"):
        core = by.get((game, "core numba-loop B=1024 mask+step+obs"))
        vec = by.get((game, "VectorGame.step B=1024 (obs+mask)"))
        if core and vec:
            lines.append(f"| {game} | {vec / core:.0%} |")
    return "\n".join(lines)


def memory_table(mem):
    lines = ["| game | bytes per game state | how |", "|---|---:|---|"]
    for name, k in mem.items():
        if name in ("connect_four_v3", "chess_v6"):
            continue
        lines.append(f"| {name} (core / AEC) | {k['state_bytes']} | {k['method']}; "
                     f"pickled 1-record array {k['pickled_1_record_array']} B; per-step obs "
                     f"{k['obs_bytes']} B + mask {k['mask_bytes']} B not included; random game "
                     f"{k['mean_game_length']:,.0f} steps |")
    c = mem["connect_four_v3"]
    lines.append(f"| connect_four_v3 | ~{c['state_bytes']} | {c['method']}; deep sys.getsizeof "
                 f"{c['deep_getsizeof']} B |")
    c = mem["chess_v6"]
    lines.append(f"| chess_v6 | ~{c['state_bytes']} | {c['method']} = {c['pickled_board']} + "
                 f"{c['board_history_nbytes']}; deep sys.getsizeof {c['deep_getsizeof_board_plus_history']} B |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
