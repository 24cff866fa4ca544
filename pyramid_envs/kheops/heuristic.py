"""Kheops position value for planning agents: the score margin if the game ended now."""
from ..core.jit import njit

from .scoring import tally_buffers, tally_into


@njit(cache=True)
def evaluate(states, seats, out):
    """out[b]: seat's provisional score minus the opponent's (networks and ankhs as they stand)."""
    buf = tally_buffers()
    scores = buf[5]
    for b in range(states.shape[0]):
        s = states[b]
        p = seats[b]
        if s.terminated:
            out[b] = s.scores[p] - s.scores[1 - p]
        else:
            tally_into(s.cell_tile, s.cell_rot, s.pawn_owner, s.pawn_kind, buf)
            out[b] = scores[p] - scores[1 - p]
