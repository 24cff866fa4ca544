"""Name -> Game lookup, `make`, and Gymnasium registration. Games register themselves
from the package __init__; nothing here names a game."""
from __future__ import annotations

import importlib

import gymnasium

from .compile import ensure_compiled

_GAMES: dict[str, str] = {}    # env name "kheops_v1" -> module holding GAME
_LOADED: dict[str, object] = {}
# Agents named by strings ("greedy", "ismcts:sims=100") live in a layer above the core; that
# layer hands its factory in here (register_agent_maker), so the core never imports it by name
# at import time. AGENTS_PACKAGE is imported on first use, when nobody has registered yet.
AGENTS_PACKAGE = "agents.registry"
_AGENT_MAKER: list = []


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


def resolve_env(name: str) -> str:
    """A game's short name or env name -> its env name: 'kheops' or 'kheops_v1' -> 'kheops_v1'
    (the latest version); ValueError for an old version or an unknown name."""
    if name in _GAMES:
        return name
    same = [e for e in list_envs() if e.rpartition("_v")[0] == name]
    if same:
        return max(same, key=lambda e: int(e.rpartition("_v")[2]))
    if name.rpartition("_v")[2].isdigit():
        _version_module(name)  # an old version or an unknown environment: its own message
    raise ValueError(f"unknown game {name!r}; games: {list_envs()}")


def get_game(name: str, compile: bool = True):
    """The Game descriptor for an env name such as 'kheops_v1'; compile=True (the default)
    compiles its kernels first where numba has them in no cache."""
    if name not in _LOADED:
        _LOADED[name] = _version_module(name).GAME
    if compile:
        ensure_compiled(_LOADED[name])
    return _LOADED[name]


def make(name: str, **kwargs):
    """The PettingZoo AEC env (order-enforcing wrapper) of `name` with options."""
    return _version_module(name).env(**kwargs)


def register_agent_maker(make_agent):
    """make_agent(spec: str, seed) -> an agent with act(obs, masks, view) and needs_view."""
    _AGENT_MAKER[:] = [make_agent]


def make_agent(spec: str, seed=None):
    """The agent a name such as 'greedy' or 'ismcts:sims=100' stands for (ValueError if none)."""
    if not _AGENT_MAKER:
        importlib.import_module(AGENTS_PACKAGE)  # registers its maker on import
    return _AGENT_MAKER[0](spec, seed=seed)
