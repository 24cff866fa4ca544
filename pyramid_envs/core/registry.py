"""Name -> Game lookup, `make`, and Gymnasium registration. Games register themselves
from the package __init__; nothing here names a game."""
from __future__ import annotations

import importlib

import gymnasium

_GAMES: dict[str, str] = {}    # env name "kheops_v1" -> module holding GAME
_LOADED: dict[str, object] = {}


def register_game(env_name: str, module: str, gym_id: str):
    """Make `env_name` known to make()/get_game() and `gym_id` to gymnasium.make()."""
    _GAMES[env_name] = module
    if gym_id not in gymnasium.registry:
        gymnasium.register(id=gym_id, entry_point="pyramid_envs.core.gym_env:SingleAgentEnv",
                           kwargs={"game": env_name})


def list_envs() -> list[str]:
    return sorted(_GAMES)


def _version_module(name):
    if name not in _GAMES:
        base, _, version = name.rpartition("_v")
        same = [n for n in list_envs() if n.rpartition("_v")[0] == base]
        latest = max(same, key=lambda n: int(n.rpartition("_v")[2]), default=None)
        if version.isdigit() and latest and int(version) < int(latest.rpartition("_v")[2]):
            # as PettingZoo does: an old version's rules or observations are gone, say where
            raise ValueError(f"{name} is an old version of {latest}, whose rules or observations "
                             f"changed; use {latest} (CHANGELOG.md says what changed)")
        raise ValueError(f"unknown environment {name!r}; available: {list_envs()}")
    return importlib.import_module(_GAMES[name])


def get_game(name: str):
    """The Game descriptor for an env name such as 'kheops_v1'."""
    if name not in _LOADED:
        _LOADED[name] = _version_module(name).GAME
    return _LOADED[name]


def make(name: str, **kwargs):
    """The PettingZoo AEC env (order-enforcing wrapper) of `name` with options."""
    return _version_module(name).env(**kwargs)
