"""Farao position value for planning agents: inscriptions, items, and the nearest figure's
distance to the burial chamber; a seat already in the chamber is worth its place."""
from numba import njit

from .spec import CHAMBER, FIGURES, GRID, MAX_GRID, NUM_COLOURS, NUM_ITEMS


@njit(cache=True)
def _value(s, p):
    if s.place[p] > 0:  # entered the chamber: earlier is better
        return 1000.0 - 10.0 * s.place[p]
    ins = 0
    for c in range(NUM_COLOURS):
        ins += s.insc[p, c] > 0
    items = 0
    for i in range(NUM_ITEMS):
        items += s.items[p, i] > 0
    ch = CHAMBER[s.pyramid]
    cr, cc = ch // MAX_GRID, ch % MAX_GRID
    nearest = GRID[s.pyramid]  # a waiting figure counts as entering from a corner
    for f in range(FIGURES):
        cell = s.fig[p, f]
        if cell >= 0:
            d = abs(cell // MAX_GRID - cr) + abs(cell % MAX_GRID - cc)
            nearest = min(nearest, d)
    return 10.0 * min(ins, s.need) + 2.0 * items - nearest


@njit(cache=True)
def evaluate(states, seats, out):
    """out[b]: the seat's value minus the mean value of the other players."""
    for b in range(states.shape[0]):
        s = states[b]
        p = seats[b]
        others = 0.0
        for q in range(s.num_players):
            if q != p:
                others += _value(s, q)
        out[b] = _value(s, p) - others / (s.num_players - 1)
