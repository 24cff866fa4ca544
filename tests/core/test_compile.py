"""The first-use message and the up-front compile command (pyramid_envs/core/compile.py)."""
import importlib.util
import io
import os
import pickle
import subprocess
import sys
import threading
import types

import pytest

import pyramid_envs
from pyramid_envs import compile as compile_cli
from pyramid_envs.core import SeatView
from pyramid_envs.core import compile as first_use


def _kernel_module(tmp_path):
    """A module with one cached numba kernel, in a folder no run has compiled before."""
    src = tmp_path / "tiny_kernel.py"
    src.write_text("from numba import njit\n\n@njit(cache=True)\ndef add_one(x):\n    return x + 1\n")
    spec = importlib.util.spec_from_file_location("tiny_kernel", src)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_is_cached_follows_numbas_cache_index(tmp_path):
    kernel = _kernel_module(tmp_path).add_one
    game = pyramid_envs.get_game("kheops_v1")
    fake = types.SimpleNamespace(kernels=game.kernels.__class__(*(kernel,) * 5), evaluate=kernel)
    for part in first_use.PARTS:
        assert not first_use.is_cached(fake, part)
    kernel(1)  # compiles and writes the cache
    for part in first_use.PARTS:
        assert first_use.is_cached(fake, part)
    assert first_use.is_cached(game, "rules")  # get_game compiled it


def _record_compiles(monkeypatch, cached):
    """ensure_compiled with a fresh memory, the cache state given and warm_up recorded."""
    warmed = []
    monkeypatch.setattr(first_use, "_CHECKED", set())
    monkeypatch.setattr(first_use, "is_cached", lambda g, part: cached)
    monkeypatch.setattr(first_use, "_compile_part", lambda g, part, jobs: warmed.append((g.env_name, part)))
    return warmed


@pytest.mark.parametrize("part", ["rules", "planning"])
@pytest.mark.parametrize("cached", [True, False])
def test_ensure_compiled_says_what_it_does_once(monkeypatch, cached, part):
    game = pyramid_envs.get_game("kheops_v1")
    warmed = _record_compiles(monkeypatch, cached)
    out = io.StringIO()
    first_use.ensure_compiled(game, out, part)
    first_use.ensure_compiled(game, out, part)
    if cached:
        assert out.getvalue() == "" and warmed == []
    else:
        lines = out.getvalue().splitlines()
        what = "rules" if part == "rules" else "planning kernels (determinize, evaluate)"
        assert len(lines) == 2 and lines[0].startswith(f"compiling {game.title} {what} with numba (first use")
        assert f"about {game.compile_seconds[part]:.0f} s" in lines[0]
        assert warmed == [("kheops_v1", part)]


def test_an_env_compiles_the_rules_and_a_planner_the_planning_kernels(monkeypatch):
    warmed = _record_compiles(monkeypatch, cached=False)
    env = pyramid_envs.make("sakkara_v1")
    env.reset(seed=0)
    assert warmed == [("sakkara_v1", "rules")]  # an env never determinizes nor evaluates
    game = env.unwrapped.game
    SeatView(game, env.unwrapped.state_array, [0])
    assert warmed == [("sakkara_v1", "rules"), ("sakkara_v1", "planning")]


def test_a_random_game_leaves_the_planning_kernels_uncompiled(tmp_path):
    """In a fresh process with an empty cache, numba itself compiles no planning kernel."""
    code = ("import numpy as np, pyramid_envs\n"
            "env = pyramid_envs.make('sakkara_v1'); env.reset(seed=0); rng = np.random.default_rng(0)\n"
            "for a in env.agent_iter():\n"
            "    obs, _, term, trunc, _ = env.last()\n"
            "    env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs['action_mask']))))\n"
            "g = env.unwrapped.game\n"
            "print(len(g.kernels.step.signatures), len(g.kernels.determinize.signatures),"
            " len(g.evaluate.signatures))\n")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path)),
                         capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "0", "0"]
    assert "compiling Sakkara rules with numba" in out.stderr and "planning" not in out.stderr


@pytest.mark.parametrize("jobs, helper", [(2, None), (1, None), (2, "/bin/false")])
def test_a_first_use_on_two_cores_compiles_observe_beside_step(tmp_path, jobs, helper):
    """This process compiles step while a helper process compiles observe into the cache, from
    which this process loads it (numba's cache statistics); legal_mask and reset go to
    whichever process claims them first. Controls: one process compiles all four; so does a
    process whose helper fails."""
    if helper and not os.path.exists(helper):
        pytest.skip(f"no {helper} here")
    code = ("import sys, pyramid_envs\nfrom pyramid_envs.core import compile as c\n"
            + (f"sys.executable = {helper!r}\n" if helper else "")
            + "g = pyramid_envs.get_game('sakkara_v1', compile=False)\n"
            f"c.ensure_compiled(g, sys.stderr, 'rules', jobs={jobs})\n"
            "print(*(sum(getattr(g.kernels, n).stats.cache_misses.values())\n"
            "        for n in ('step', 'observe', 'reset', 'legal_mask')))\n")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path)),
                         capture_output=True, text=True, check=True, cwd=tmp_path)
    misses = out.stdout.split()
    if jobs == 2 and not helper:
        assert misses[:2] == ["1", "0"] and set(misses[2:]) <= {"0", "1"}
    else:
        assert misses == ["1", "1", "1", "1"]
    assert "compiled Sakkara rules in" in out.stderr


def test_each_queued_kernel_goes_to_the_first_process_to_claim_it(tmp_path, monkeypatch):
    compiled = []
    monkeypatch.setattr(first_use, "compile_kernels", lambda game, names: compiled.extend(names))
    claims = str(tmp_path)
    assert first_use._claim(claims, "observe") and not first_use._claim(claims, "observe")
    first_use._compile_claimed(None, claims, first_use._my_order(())[1:])  # this process, after step
    assert compiled == ["legal_mask", "reset"]  # the larger first; observe is the helper's
    first_use._compile_claimed(None, claims, first_use._QUEUE)  # a helper finds nothing left
    assert compiled == ["legal_mask", "reset"]


@pytest.mark.parametrize("jobs, helper, settle_misses", [(2, None, "0"), (2, "/bin/false", "1")])
def test_a_first_use_on_two_cores_compiles_part_of_step_in_the_helper(tmp_path, jobs, helper, settle_misses):
    """Keops' `settle` (Kernels.step_parts) is compiled by the helper process into the cache,
    from which this process's `step` links it; control: a helper that fails leaves it here."""
    if helper and not os.path.exists(helper):
        pytest.skip(f"no {helper} here")
    code = ("import sys, pyramid_envs\nfrom pyramid_envs.core import compile as c\n"
            "from pyramid_envs.keops.turn import settle\n"
            + (f"sys.executable = {helper!r}\n" if helper else "")
            + "g = pyramid_envs.get_game('keops_v1', compile=False)\n"
            f"c.ensure_compiled(g, sys.stderr, 'rules', jobs={jobs})\n"
            "print(sum(g.kernels.step.stats.cache_misses.values()), sum(settle.stats.cache_misses.values()))\n")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path)),
                         capture_output=True, text=True, check=True, cwd=tmp_path)
    assert out.stdout.split() == ["1", settle_misses]
    assert "compiled Keops rules in" in out.stderr


class _Process:
    def __init__(self, running):
        self.running = running

    def poll(self):
        return None if self.running else 1


def test_step_waits_for_a_part_another_process_compiles(tmp_path):
    claims = str(tmp_path)
    wait = first_use._await_part(claims, "step.part", [_Process(running=True)])
    assert first_use._claim(claims, "step.part")  # the helper's
    timer = threading.Timer(0.2, first_use._claim, (claims, "step.part.done"))
    timer.start()
    wait()
    assert (tmp_path / "step.part.done").exists()  # it returned only once the part was cached
    timer.join()


def test_step_compiles_a_part_no_process_has_claimed_or_whose_process_ended_or_hangs(tmp_path, monkeypatch):
    claims = str(tmp_path)
    first_use._await_part(claims, "step.a", [_Process(running=True)])()  # nobody's: claimed here
    assert not first_use._claim(claims, "step.a")
    first_use._claim(claims, "step.b")
    first_use._await_part(claims, "step.b", [_Process(running=False)])()  # returns: its process ended
    monkeypatch.setattr(first_use, "_HELPER_TIMEOUT", 0.1)
    first_use._await_part(claims, "step.b", [_Process(running=True)])()  # returns: it waited long enough


@pytest.mark.parametrize("setting, jobs", [(None, first_use.cores()), ("1", 1), ("3", 3)])
def test_the_processes_of_a_first_use_follow_the_environment(monkeypatch, setting, jobs):
    parts = []
    monkeypatch.setattr(first_use, "_CHECKED", set())
    monkeypatch.setattr(first_use, "is_cached", lambda g, part: False)
    monkeypatch.setattr(first_use, "_compile_part", lambda g, part, jobs: parts.append(jobs))
    if setting is None:
        monkeypatch.delenv("PYRAMID_ENVS_COMPILE_JOBS", raising=False)
    else:
        monkeypatch.setenv("PYRAMID_ENVS_COMPILE_JOBS", setting)
    first_use.ensure_compiled(pyramid_envs.get_game("kheops_v1"), io.StringIO())
    assert parts == [jobs]


def test_compile_command_names_each_game(capsys):
    compile_cli.main(["--games", "kheops", "sakkara_v1", "--jobs", "1"])  # what no earlier test did
    capsys.readouterr()
    compile_cli.main(["--games", "kheops", "sakkara_v1", "--jobs", "2"])  # two processes
    out = capsys.readouterr().out
    assert "kheops_v1: cached" in out and "sakkara_v1: cached" in out
    with pytest.raises(SystemExit):
        compile_cli.main(["--jobs", "0"])
    assert "--jobs must be at least 1, got 0" in capsys.readouterr().err
    with pytest.raises(ValueError, match="unknown game .chess.; games:"):
        compile_cli.main(["--games", "chess"])


@pytest.mark.parametrize("env_name", pyramid_envs.list_envs())
def test_a_game_with_its_step_parts_pickles(env_name):
    """A process pool or a vector env pickles games (a lambda among the step parts would not)."""
    game = pyramid_envs.get_game(env_name, compile=False)
    again = pickle.loads(pickle.dumps(game))
    assert again.env_name == env_name
    assert [part.py_func for part, _ in again.kernels.step_parts] == \
        [part.py_func for part, _ in game.kernels.step_parts]


@pytest.mark.parametrize("env_name", pyramid_envs.list_envs())
def test_a_game_with_its_compile_estimates_stays_hashable(env_name):
    game = pyramid_envs.get_game(env_name, compile=False)
    assert set(game.compile_seconds) == set(first_use.PARTS)
    assert hash(game) == hash(pyramid_envs.get_game(env_name, compile=False))
