"""Generic machinery shared by every game: nothing in this package names a game."""
from .game import Game, Kernels, Option
from .policies import RandomPolicy, sample_legal
from .selfplay import SelfPlayVec
from .vector import VectorGame

__all__ = ["Game", "Kernels", "Option", "RandomPolicy", "SelfPlayVec", "VectorGame", "sample_legal"]
