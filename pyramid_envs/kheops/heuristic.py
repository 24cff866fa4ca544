"""Kheops position value for planning agents: the score margin if the game ended now."""
from numba import njit

from .scoring import tally


@njit(cache=True)
def evaluate(states, seats, out):
    """out[b]: seat's provisional score minus the opponent's (networks and ankhs as they stand)."""
    for b in range(states.shape[0]):
        s = states[b]
        p = seats[b]
        if s.terminated:
            out[b] = s.scores[p] - s.scores[1 - p]
        else:
            scores = tally(s.cell_tile, s.cell_rot, s.pawn_owner, s.pawn_kind)[3]
            out[b] = scores[p] - scores[1 - p]
