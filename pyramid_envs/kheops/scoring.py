"""Kheops endgame tally: networks, curse, ankhs, fragments, ownership, network points."""
import numpy as np
from ..core.jit import njit

from .spec import (ANKH, APEX, CURSE, DOUBLER, NEIGHBOR, NEIGHBOR_SLOT, NUM_CELLS, PHARAOH,
                   ROOM, SARC_ORANGE, TILE_KIND, TILE_OPEN, TILE_SYMBOL)

# Columns of the per-network table returned by `tally`.
(N_SIZE, N_ROOMS, N_SARC, N_SARC_PTS, N_TOP, N_BIGGEST, N_CLOSED, N_CURSED, N_OWNER,
 N_POINTS) = range(10)
NET_COLUMNS = ("tiles", "rooms", "sarcophagi", "sarcophagus points", "top tile",
               "biggest", "closed", "cursed", "owner", "points")


@njit(cache=True)
def components(cell_tile, cell_rot):
    """Connected tiles (openings facing each other on a shared edge). -1 for empty cells."""
    comp = np.empty(NUM_CELLS, np.int64)
    n = components_into(cell_tile, cell_rot, comp, np.empty(NUM_CELLS, np.int64))
    return comp, n


@njit(cache=True)
def components_into(cell_tile, cell_rot, comp, stack):
    """components() into caller-owned buffers; returns the number of groups."""
    comp[:] = -1
    n = 0
    for start in range(NUM_CELLS):
        if cell_tile[start] < 0 or comp[start] >= 0:
            continue
        comp[start] = n
        stack[0] = start
        top = 1
        while top > 0:
            top -= 1
            c = stack[top]
            op = TILE_OPEN[cell_tile[c], cell_rot[c]]
            for k in range(3):
                nb = NEIGHBOR[c, k]
                if (op >> k) & 1 == 0 or nb < 0 or cell_tile[nb] < 0 or comp[nb] >= 0:
                    continue
                if (TILE_OPEN[cell_tile[nb], cell_rot[nb]] >> NEIGHBOR_SLOT[c, k]) & 1:
                    comp[nb] = n
                    stack[top] = nb
                    top += 1
        n += 1
    return n


@njit(cache=True, inline="always")
def sarcophagus_points(orange, green, purple):
    """5 for a lone sarcophagus, 15 for a matching pair and no other, else 0."""
    n = orange + green + purple
    if n == 1:
        return 5
    if n == 2 and (orange == 2 or green == 2 or purple == 2):
        return 15
    return 0


@njit(cache=True)
def tally(cell_tile, cell_rot, pawn_owner, pawn_kind):
    """The endgame in the rulebook's order. Returns (comp, nets, ankhs, scores).

    comp[c]: network/fragment id of cell c; nets[i]: the NET_COLUMNS of group i
    (groups of one tile are fragments); ankhs[p]: ankhs covered by p after the curse;
    scores[p]: ankhs squared plus the points of the networks p owns.
    """
    buf = tally_buffers()
    n = tally_into(cell_tile, cell_rot, pawn_owner, pawn_kind, buf)
    comp, _, nets, _, _, ankhs, scores = buf
    return comp, nets[:n].copy(), ankhs, scores


@njit(cache=True)
def tally_buffers():
    """(comp, stack, nets, sarc, weight, ankhs, scores) sized for any board."""
    return (np.empty(NUM_CELLS, np.int64), np.empty(NUM_CELLS, np.int64), np.empty((NUM_CELLS, 10), np.int64),
            np.empty((NUM_CELLS, 3), np.int64), np.empty((NUM_CELLS, 2), np.int64), np.empty(2, np.int64),
            np.empty(2, np.int64))


@njit(cache=True)
def tally_into(cell_tile, cell_rot, pawn_owner, pawn_kind, buf):
    """tally() into reusable buffers (planners tally thousands of positions); returns the
    number of groups, whose rows of nets (buf[2]) are filled."""
    comp, stack, nets, sarc, weight, ankhs, scores = buf
    n = components_into(cell_tile, cell_rot, comp, stack)
    nets[:n] = 0
    sarc[:n] = 0
    weight[:n] = 0
    ankhs[:] = 0
    for c in range(NUM_CELLS):
        t = cell_tile[c]
        if t < 0:
            continue
        g = comp[c]
        nets[g, N_SIZE] += 1
        nets[g, N_ROOMS] += TILE_KIND[t] == ROOM
        sym = TILE_SYMBOL[t]
        if sym == CURSE:
            nets[g, N_CURSED] = 1
        if SARC_ORANGE <= sym <= SARC_ORANGE + 2:
            sarc[g, sym - SARC_ORANGE] += 1
        if c == APEX:
            nets[g, N_TOP] = 1
        op = TILE_OPEN[t, cell_rot[c]]
        for k in range(3):
            if (op >> k) & 1 and NEIGHBOR[c, k] < 0:
                nets[g, N_CLOSED] = -1  # an opening leads to the frame
    biggest = 0
    for g in range(n):
        nets[g, N_CLOSED] += 1
        if nets[g, N_SIZE] >= 2 and nets[g, N_SIZE] > biggest:
            biggest = nets[g, N_SIZE]
    # A) the curse, B) ankhs, C) fragments, D) ownership (Pharaoh and doublers count two)
    for c in range(NUM_CELLS):
        p = pawn_owner[c]
        if p < 0 or nets[comp[c], N_CURSED]:
            continue
        sym = TILE_SYMBOL[cell_tile[c]]
        if sym == ANKH:
            ankhs[p] += 1
        if nets[comp[c], N_SIZE] < 2:
            continue
        weight[comp[c], p] += 2 if (sym == DOUBLER or pawn_kind[c] == PHARAOH) else 1
    for i in range(2):  # a loop, not ankhs * ankhs: no temporary array per call
        scores[i] = ankhs[i] * ankhs[i]
    # E) network scoring
    for g in range(n):
        nets[g, N_SARC] = sarc[g, 0] + sarc[g, 1] + sarc[g, 2]
        nets[g, N_SARC_PTS] = sarcophagus_points(sarc[g, 0], sarc[g, 1], sarc[g, 2])
        is_net = nets[g, N_SIZE] >= 2
        nets[g, N_BIGGEST] = is_net and nets[g, N_SIZE] == biggest
        if not is_net:
            nets[g, N_CLOSED] = 0
        owner = -1
        if weight[g, 0] > weight[g, 1]:
            owner = 0
        elif weight[g, 1] > weight[g, 0]:
            owner = 1
        nets[g, N_OWNER] = owner
        if owner < 0:
            continue
        pts = nets[g, N_ROOMS] + nets[g, N_SARC_PTS] + 5 * nets[g, N_TOP] + 5 * nets[g, N_BIGGEST]
        if nets[g, N_CLOSED]:
            pts *= 2
        nets[g, N_POINTS] = pts
        scores[owner] += pts
    return n
