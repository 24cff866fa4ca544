"""Krimsutep position value for planning agents: treasures, jars home, what one carries,
Ankhs, and how deep into the pyramid (or how close to camp with a load) one stands."""
from numba import njit

from .spec import CAMP, NUM_GODS, SIDE


@njit(cache=True)
def _value(s, p):
    if s.finished[p] > 0:  # brought a treasure home: earlier is better
        return 1000.0 - 10.0 * s.finished[p]
    jars = 0
    for g in range(NUM_GODS):
        jars += (s.camp_jars[p] >> g) & 1
    v = 50.0 * jars + 2.0 * s.ankhs[p]
    pos = s.pos[p]
    depth = 0.0 if pos == CAMP else float(pos // SIDE + pos % SIDE + 1)  # steps from the camp
    if s.carry_tr[p] >= 0:
        v += 80.0 - depth
    elif s.carry_jar[p] >= 0:
        v += 25.0 - depth
    else:
        v += 0.5 * depth
    return v


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
