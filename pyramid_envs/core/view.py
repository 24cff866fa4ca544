"""SeatView: the only handle planners and opponents get on game states."""
import numpy as np

from . import records
from .compile import ensure_compiled


class SeatView:
    """n games, each through the eyes of one seat. It hands out determinized copies for
    those seats (everything the seat cannot see resampled), so its user can never peek."""

    def __init__(self, game, states, seats):
        ensure_compiled(game, part="planning")  # planners are what use determinize and evaluate
        self.game = game
        self._states = states
        self.seats = np.asarray(seats, np.int64)

    def __len__(self):
        return len(self._states)

    def subset(self, rows) -> "SeatView":
        return SeatView(self.game, records.take(self._states, rows), self.seats[rows])

    def determinize(self, seeds, repeat: int = 1) -> np.ndarray:
        """`repeat` resampled copies of every game (copy k of game i at i * repeat + k),
        each consistent with what its seat has seen."""
        states = records.repeat(self._states, repeat)
        seats = np.repeat(self.seats, repeat)
        self.game.kernels.determinize(states, seats, np.asarray(seeds, np.uint64))
        return states
