"""Farao position value for planning agents.

A seat's value is its inscriptions (capped at what opens the chamber) and items, minus
how far its nearest figure still has to walk: to a field with an inscription it lacks (or
to a face-down tile, which may hold one) while the chamber is shut to it, and to the
chamber once it may enter. Distances are walked through the maze as it lies face up:
walls, the curse, obstacles that would stop or kill the figure, and the secret tunnels
count (an obstacle that kills bars the way; one that ends the move does not, it only
delays); a face-down tile, or one turned up and still to be oriented, is taken to open every
way (its finder orients it). A seat already in the chamber is worth its place. A chamber
that no future can reach (reach.reach) makes every seat's value SEALED: the game then ends
with the players still in sharing the places left (or, with end_when_stuck off, only at the
step limit). Before that, every value is drawn toward SEALED by the odds that it comes to
this (_seal_risk), so a seat ahead keeps a way to the chamber open.
"""
import numpy as np
from ..core.jit import njit

from .paths import EXPLORE, _passage, _step_to, lacks
from .reach import _unlaid, reach
from .rules import _other_tunnel
from .spec import (BIG, C_CORNER, C_RING, C_TILE, CELL_KIND, CHAMBER, CORNERS, FIGURES,
                   NUM_CELLS, NUM_COLOURS, NUM_ITEMS, NUM_SYMBOLS, SYM_INSCRIPTION, TILE_SYMBOL)

FAR = 40        # distance counted when no goal can be reached
INSCRIPTION = 10.0
ITEM = 2.0
SEALED = -INSCRIPTION  # a sealed chamber (a draw at the step limit) for every seat: worse than
#                        an even game, so a player not far behind never seals it
WALLED_ODDS = 0.45  # how often a tile turned up ends walled toward the chamber's side (random
#                     play: dead ends and most Ls or straights must, a T may); see _seal_risk


@njit(cache=True, inline="always")
def _goal_cost(s, p, c, steps, to_chamber):
    """What reaching field c in `steps` steps is worth as p's goal (-1: c is no goal)."""
    if to_chamber:
        return steps if c == CHAMBER[s.pyramid] else -1
    if CELL_KIND[s.pyramid, c] != C_TILE:
        return -1
    if not s.up[c]:
        return steps + EXPLORE
    if lacks(s, p, TILE_SYMBOL[s.tile[c]] - SYM_INSCRIPTION):
        return steps
    return -1


@njit(cache=True)
def _goal_steps(s, p, to_chamber, dist, queue):
    """Steps from p's figures (a waiting figure enters at a corner with its first step) to
    its goal: the chamber (to_chamber), else the nearest field with an inscription p lacks
    or a face-down tile (EXPLORE more); FAR when none is in reach. Breadth first, stopping
    once no field still to reach can be nearer."""
    dist[:] = -1
    head, tail = 0, 0
    best = NUM_CELLS if to_chamber else FAR  # the chamber counts however far it is
    waiting = False
    for k in range(FIGURES + 4):
        if k < FIGURES:
            c = s.fig[p, k]
            waiting |= c < 0
            steps = 0
        else:  # the corners, for a waiting figure
            c = CORNERS[s.pyramid, k - FIGURES] if waiting else -1
            steps = 1
        if c >= 0 and dist[c] < 0:
            dist[c] = steps
            queue[tail] = c
            tail += 1
            cost = _goal_cost(s, p, c, steps, to_chamber)
            if cost >= 0:
                best = min(best, cost)
    while head < tail and dist[queue[head]] + 1 < best:
        a = queue[head]
        head += 1
        if a == CHAMBER[s.pyramid]:
            continue  # entering the chamber ends the game for p
        for d in range(5):
            b = _step_to(s, p, a, d) if d < 4 else _other_tunnel(s, a)
            if b >= 0 and dist[b] < 0:
                dist[b] = dist[a] + 1
                queue[tail] = b
                tail += 1
                cost = _goal_cost(s, p, b, dist[b], to_chamber)
                if cost >= 0:
                    best = min(best, cost)
    return FAR if best == NUM_CELLS else best


@njit(cache=True)
def _value(s, p, dist, queue):
    if s.place[p] > 0:  # entered the chamber: earlier is better
        return 1000.0 - 10.0 * s.place[p]
    ins = 0
    for c in range(NUM_COLOURS):
        ins += s.insc[p, c] > 0
    items = 0
    for i in range(NUM_ITEMS):
        items += s.items[p, i] > 0
    far = _goal_steps(s, p, s.chamber_open or ins >= s.need, dist, queue)
    return INSCRIPTION * min(ins, s.need) + ITEM * items - far


@njit(cache=True)
def _sealed(s, seen):
    """No future can bring a figure into the chamber, whoever holds the inscriptions
    (reach.reach: every way a face-down tile, a key, a bottle or a tunnel may still open)."""
    reach(s, seen, np.empty(NUM_SYMBOLS, np.int16))
    return not seen[CHAMBER[s.pyramid]]


@njit(cache=True)
def _seal_risk(s, seen, queue):
    """The odds, from what every seat sees, that the small pyramid's chamber ends walled off:
    none while laid tiles join it to the outside wall (no key turns them), else WALLED_ODDS to
    the power of the tiles still to be laid that border the laid fields joined to it (each
    may open a way out or add one more wall). 1: sealed for good (_sealed). The walk goes
    out from the chamber over laid ways only, stopping at tiles still to be laid."""
    if s.pyramid == BIG:
        return 0.0
    seen[:] = 0
    queue[0] = CHAMBER[s.pyramid]
    seen[queue[0]] = 1
    head, tail, border = 0, 1, 0
    while head < tail:
        a = queue[head]
        head += 1
        if CELL_KIND[s.pyramid, a] == C_RING or CELL_KIND[s.pyramid, a] == C_CORNER:
            return 0.0
        for d in range(5):
            b = _passage(s, a, d) if d < 4 else _other_tunnel(s, a)
            if b < 0 or seen[b]:
                continue
            seen[b] = 1
            if CELL_KIND[s.pyramid, b] == C_TILE and _unlaid(s, b):
                border += 1
            else:
                queue[tail] = b
                tail += 1
    if _sealed(s, seen):
        return 1.0
    # no tile left to lay at its border: what keeps it open is a figure inside or a tunnel
    return WALLED_ODDS ** border if border else 0.0


@njit(cache=True)
def evaluate(states, seats, out):
    """out[b]: the seat's value minus the mean value of the other players, drawn toward SEALED
    by the odds that the chamber ends walled off (_seal_risk); SEALED for every seat once it
    is sealed off for good. A seat ahead thus lays the chamber's neighbours open toward it."""
    dist = np.empty(NUM_CELLS, np.int64)
    queue = np.empty(NUM_CELLS, np.int64)
    for b in range(states.shape[0]):
        s = states[b]
        p = seats[b]
        risk = 0.0 if s.terminated else _seal_risk(s, dist, queue)
        if risk == 1.0:
            out[b] = SEALED
            continue
        others = 0.0
        for q in range(s.num_players):
            if q != p:
                others += _value(s, q, dist, queue)
        rel = _value(s, p, dist, queue) - others / (s.num_players - 1)
        out[b] = rel + risk * (SEALED - rel)
