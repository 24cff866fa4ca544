"""Generic machinery shared by every game: nothing in this package names a game."""
from .game import Game, Kernels, Option
from .policies import RandomPolicy, sample_legal
from .selfplay import SelfPlayVec
from .vector import VectorGame
from .view import SeatView

__all__ = ["Game", "Kernels", "Option", "RandomPolicy", "SeatView", "SelfPlayVec", "VectorGame", "sample_legal"]
