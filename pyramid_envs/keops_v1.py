"""Keops, version 1: `env()` and `raw_env` as PettingZoo's classic environments."""
from .core.aec import make_env_fns
from .keops import GAME

env, raw_env = make_env_fns(GAME)

__all__ = ["GAME", "env", "raw_env"]
