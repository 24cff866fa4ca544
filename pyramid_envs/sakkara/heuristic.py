"""Sakkara position value for planning agents: pyramid progress first, then tiles in hand."""
from ..core.jit import njit


@njit(cache=True, inline="always")
def _progress(s, p):
    built = 0
    for m in range(s.built.shape[1]):
        built += s.built[p, m]
    rack = 0
    for m in range(s.rack.shape[1]):
        rack += s.rack[p, m]
    return 50.0 * s.done[p] + 5.0 * built + rack


@njit(cache=True)
def evaluate(states, seats, out):
    """out[b]: seat's progress (completed steps, pieces built, rack) minus the opponent's."""
    for b in range(states.shape[0]):
        s = states[b]
        p = seats[b]
        out[b] = _progress(s, p) - _progress(s, 1 - p)
