"""Keops position value for planning agents: Favors won, the three tracks the Akhet favor
checks rank (Prestige, Construction, Offerings in the Temple of Ra) with a bonus for leading
them, Medjay Power up to each border's minimum, and the resources that pay for actions.

The weights were tuned by one-ply greedy play against uniform random play: in 150 games
each, greedy beats random in 78-87% of pairings with 2 Viziers, 86-87% with 3, 90-91% with 4
(two arena batchings)."""
from ..core.jit import njit

from .spec import BORDER_MINIMUM, MINORS_PER_MAJOR, NUM_BORDERS, PANTHEON_SPACES, TEMPLE_RA

MAJOR = 10.0          # a Major Favor (a Minor is half, §7)
PRESTIGE = 2.0        # per track step
CONSTRUCTION = 3.0
RA_OFFERING = 2.0
LEAD = 3.0            # leading a ranked track (half for second place or a shared lead)
MEDJAY = 0.5          # per Medjay Power point up to the border's minimum
BORDER_SHORT = 1.0    # below a border's minimum: its penalty threatens
DEBEN, GOOD, MATERIAL, MANDATE, POPULATION, TEMPLE_OFFERING = 0.1, 0.3, 0.5, 0.3, 1.0, 0.5


@njit(cache=True)
def _place(s, p, track):
    """1 for a strict lead, 0.5 for a shared lead or a strict second place, else 0."""
    mine = track[p]
    if mine <= 0:
        return 0.0
    above = 0
    tied = 0
    for q in range(s.num_players):
        if q != p:
            if track[q] > mine:
                above += 1
            elif track[q] == mine:
                tied += 1
    if above == 0:
        return 1.0 if tied == 0 else 0.5
    return 0.5 if above == 1 and tied == 0 else 0.0


@njit(cache=True)
def _value(s, p):
    v = MAJOR * (s.major_favors[p] + s.minor_favors[p] / MINORS_PER_MAJOR)
    v += PRESTIGE * s.prestige[p] + CONSTRUCTION * s.construction[p] + RA_OFFERING * s.offerings[TEMPLE_RA, p]
    v += LEAD * (_place(s, p, s.prestige) + _place(s, p, s.construction) + _place(s, p, s.offerings[TEMPLE_RA]))
    for b in range(NUM_BORDERS):
        card = s.border_card[b]
        if card >= 0:
            v += MEDJAY * min(s.medjay[p, b], BORDER_MINIMUM[card])
            if s.medjay[p, b] < BORDER_MINIMUM[card]:
                v -= BORDER_SHORT
    for t in range(PANTHEON_SPACES):
        v += TEMPLE_OFFERING * s.offerings[t, p]
    v += (DEBEN * s.debens[p] + GOOD * s.goods[p].sum() + MATERIAL * s.materials[p].sum()
          + MANDATE * s.mandates[p] + POPULATION * s.population[p])
    return v


@njit(cache=True)
def evaluate(states, seats, out):
    """out[b]: the seat's value minus the mean value of the other Viziers."""
    for b in range(states.shape[0]):
        s = states[b]
        p = seats[b]
        others = 0.0
        for q in range(s.num_players):
            if q != p:
                others += _value(s, q)
        out[b] = _value(s, p) - others / (s.num_players - 1)
