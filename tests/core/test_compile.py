"""The first-use message and the up-front compile command (pyramid_envs/core/compile.py)."""
import importlib.util
import io
import types

import pytest

import pyramid_envs
from pyramid_envs import compile as compile_cli
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
    fake = types.SimpleNamespace(kernels=game.kernels.__class__(*(kernel,) * 5))
    assert not first_use.is_cached(fake)
    kernel(1)  # compiles and writes the cache
    assert first_use.is_cached(fake)
    assert first_use.is_cached(game)  # get_game compiled it


@pytest.mark.parametrize("cached", [True, False])
def test_ensure_compiled_says_what_it_does_once(monkeypatch, cached):
    game = pyramid_envs.get_game("kheops_v1")
    warmed = []
    monkeypatch.setattr(first_use, "_CHECKED", set())
    monkeypatch.setattr(first_use, "is_cached", lambda g: cached)
    monkeypatch.setattr(first_use, "warm_up", warmed.append)
    out = io.StringIO()
    first_use.ensure_compiled(game, out)
    first_use.ensure_compiled(game, out)
    if cached:
        assert out.getvalue() == "" and warmed == []
    else:
        lines = out.getvalue().splitlines()
        assert len(lines) == 2 and lines[0].startswith(f"compiling {game.title} rules with numba (first use")
        assert f"about {game.compile_seconds:.0f} s" in lines[0] and warmed == [game]


def test_compile_command_names_each_game(capsys):
    compile_cli.main(["--games", "kheops", "sakkara_v1"])
    out = capsys.readouterr().out
    assert "kheops_v1: cached" in out and "sakkara_v1: cached" in out
    with pytest.raises(ValueError, match="unknown game .chess.; games:"):
        compile_cli.main(["--games", "chess"])
