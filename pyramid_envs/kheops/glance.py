"""The observation's at-a-glance block: what a Kheops player reads off the table.

Everything here is public (board, pawns, the observing seat's own hand), computed from the
endgame tally of the position as it stands (`scoring.tally_into`), so "the score if the game
ended now" is the game's own final scoring. Per cell: the network it belongs to and what one
pawn there would change; per tile action: how laying that tile would change the score margin.
Layout and scales: docs/rules/kheops.md, "Observation".

Group quantities are kept relative to the observing seat ("me"): a sign is +1 for me, -1 for
the opponent, 0 for nobody, so one margin formula serves every action.
"""
import numpy as np
from ..core.jit import njit

from .scoring import (N_BIGGEST, N_CURSED, N_OWNER, N_ROOMS, N_SARC_PTS, N_SIZE, N_TOP,
                      sarcophagus_points, tally_buffers, tally_into)
from .spec import (ANKH, APEX, CLOSED, CURSE, DOUBLER, GLANCE_CELL, GLANCE_GLOBALS, HAND_SIZE,
                   NEIGHBOR, NEIGHBOR_SLOT, NUM_CELLS, PHARAOH, ROOM, SARC_ORANGE, TILE_KIND,
                   TILE_OPEN, TILE_SYMBOL, WORKER)

# Scales: a quantity is divided by its scale and clipped to [0, 1]; signed ones are centred
# on 0.5. Chosen from random play so that typical values spread over the range.
SCORE_SCALE = 50.0    # a seat's score
MARGIN_SCALE = 30.0   # own minus opponent score, 0.5 + margin / (2 * scale)
ANKH_SCALE = 6.0      # there are 6 ankh tiles
EMPTY_SCALE = 30.0    # cells empty after setup
SIZE_SCALE = 12.0     # tiles in a network
VALUE_SCALE = 20.0    # points a network gives its owner
WEIGHT_SCALE = 4.0    # own minus opponent pawn weight, 0.5 + margin / (2 * scale)
GAIN_SCALE = 16.0     # score margin one pawn gains
TILE_SCALE = 16.0     # score margin change of a tile action, 0.5 + change / (2 * scale)

# Columns of the per-group table: WDIFF my pawn weight minus the opponent's (fragments'
# pawns too); ANK_ME, ANK_OPP the pawns on its ankhs (0 in a cursed group); FRAME an opening
# leads to the frame; OWNER the owner's sign; VALUE the points its owner scores (0 for
# fragments and cursed groups); FIXED the signed part of the owner's points that does not
# depend on which network is the biggest.
G_WDIFF, G_ANK_ME, G_ANK_OPP, G_FRAME, G_OWNER, G_VALUE, G_FIXED = range(7)
GROUP_COLUMNS = 7


@njit(cache=True)
def glance_buffers():
    """(tally buffers, per-group table, signed biggest bonus by network size), reused."""
    return (tally_buffers(), np.empty((NUM_CELLS, GROUP_COLUMNS), np.int64),
            np.empty(NUM_CELLS + 1, np.int64))


@njit(cache=True, inline="always")
def _unit(x, scale):
    return min(max(x / scale, 0.0), 1.0)


@njit(cache=True, inline="always")
def _signed(x, scale):
    return min(max(0.5 + x / (2.0 * scale), 0.0), 1.0)


@njit(cache=True, inline="always")
def _sign(x):
    return 1 if x > 0 else (-1 if x < 0 else 0)


@njit(cache=True, inline="always")
def _pawn_gain(s, seat, q, c, comp, nets, grp, ankhs):
    """(q's score margin gain, the network's owner sign after) for one pawn of q on cell c:
    a worker on a free tile, a mummy on an opposing worker (the Pharaoh's second weight and
    instant actions left out); (0, owner sign now) where q cannot put one. Signs are mine."""
    t = s.cell_tile[c]
    if t < 0:
        return 0, 0
    g = comp[c]
    old = grp[g, G_OWNER]
    occ = s.pawn_owner[c]
    if TILE_SYMBOL[t] == CLOSED or occ == q or (occ >= 0 and s.pawn_kind[c] != WORKER) \
            or nets[g, N_CURSED]:
        return 0, old
    gain = 0
    if TILE_SYMBOL[t] == ANKH:
        gain += 2 * ankhs[q] + 1               # (a + 1)^2 - a^2
        if occ >= 0:
            gain += 2 * ankhs[1 - q] - 1       # the opponent loses a^2 - (a - 1)^2
    if nets[g, N_SIZE] < 2:
        return gain, old
    sq = 1 if q == seat else -1                # q's sign
    w = 2 if TILE_SYMBOL[t] == DOUBLER else 1  # the replaced worker weighed the same
    new = _sign(grp[g, G_WDIFF] + sq * (w + (w if occ >= 0 else 0)))
    return gain + sq * grp[g, G_VALUE] * (new - old), new


@njit(cache=True, inline="always")
def _across(s, c, k, comp):
    """What an opening on slot k of empty cell c would lead to: the frame (-2), a wall or
    an empty cell (-1), or the group of the tile across that opens back (its id)."""
    nb = NEIGHBOR[c, k]
    if nb < 0:
        return -2
    tn = s.cell_tile[nb]
    if tn < 0 or (TILE_OPEN[tn, s.cell_rot[nb]] >> NEIGHBOR_SLOT[c, k]) & 1 == 0:
        return -1
    return comp[nb]


@njit(cache=True, inline="always")
def _tile_change(t, c, op, across, nets, sarc, grp, bonus, ankhs, seat, biggest):
    """The change of my score margin if tile t is laid on empty cell c with openings op
    (across: _across of c's three slots)."""
    g1, g2, g3 = -1, -1, -1
    frame = 0
    for k in range(3):
        if (op >> k) & 1 == 0:
            continue
        g = across[k]
        if g == -2:
            frame = 1
        elif g < 0:
            continue
        elif g1 < 0:
            g1 = g
        elif g != g1 and g2 < 0:
            g2 = g
        elif g != g1 and g != g2:
            g3 = g
    if g1 < 0:
        return 0  # a new fragment: no network, no pawn
    sym = TILE_SYMBOL[t]
    size = 1
    rooms = 1 if TILE_KIND[t] == ROOM else 0
    s0 = 1 if sym == SARC_ORANGE else 0
    s1 = 1 if sym == SARC_ORANGE + 1 else 0
    s2 = 1 if sym == SARC_ORANGE + 2 else 0
    top = 1 if c == APEX else 0
    cursed = 1 if sym == CURSE else 0
    wdiff = 0
    fixed = 0    # the joined networks' fixed points, signed: they stop scoring alone
    ank_me, ank_opp = 0, 0
    for g in (g1, g2, g3):
        if g < 0:
            continue
        size += nets[g, N_SIZE]
        rooms += nets[g, N_ROOMS]
        s0 += sarc[g, 0]
        s1 += sarc[g, 1]
        s2 += sarc[g, 2]
        top |= nets[g, N_TOP]
        cursed |= nets[g, N_CURSED]
        frame |= grp[g, G_FRAME]
        wdiff += grp[g, G_WDIFF]
        fixed += grp[g, G_FIXED]
        ank_me += grp[g, G_ANK_ME]
        ank_opp += grp[g, G_ANK_OPP]
    # A joined network had no biggest bonus (it is smaller than the new one); if one of them
    # was the biggest, the new one is bigger than every other network.
    big = max(size, biggest)
    margin = bonus[big] - bonus[biggest] - fixed
    if cursed:  # the joined groups' pawns stop counting, their ankhs too
        a, b = ankhs[seat], ankhs[1 - seat]
        margin += (a - ank_me) ** 2 - a * a - (b - ank_opp) ** 2 + b * b
    else:
        pts = rooms + sarcophagus_points(s0, s1, s2) + 5 * top + 5 * (size == big)
        margin += _sign(wdiff) * pts * (1 if frame else 2)
    return margin


@njit(cache=True)
def write_glance(s, seat, buf, f):
    """Writes the block into f (GLANCE_GLOBALS + NUM_CELLS * GLANCE_CELL + tile actions)."""
    tb, grp, bonus = buf
    n = tally_into(s.cell_tile, s.cell_rot, s.pawn_owner, s.pawn_kind, tb)
    comp, _, nets, sarc, _, ankhs, scores = tb
    o = 1 - seat
    grp[:n] = 0
    empty = 0
    for c in range(NUM_CELLS):
        t = s.cell_tile[c]
        if t < 0:
            empty += 1
            continue
        g = comp[c]
        op = TILE_OPEN[t, s.cell_rot[c]]
        for k in range(3):
            if (op >> k) & 1 and NEIGHBOR[c, k] < 0:
                grp[g, G_FRAME] = 1
        p = s.pawn_owner[c]
        if p >= 0:
            w = 2 if (TILE_SYMBOL[t] == DOUBLER or s.pawn_kind[c] == PHARAOH) else 1
            grp[g, G_WDIFF] += w if p == seat else -w
            if TILE_SYMBOL[t] == ANKH and not nets[g, N_CURSED]:
                grp[g, G_ANK_ME if p == seat else G_ANK_OPP] += 1
    bonus[:] = 0   # by size: the signed biggest bonus of the owned networks of that size
    biggest = 0
    for g in range(n):
        mult = 1 if grp[g, G_FRAME] else 2
        base = (nets[g, N_ROOMS] + nets[g, N_SARC_PTS] + 5 * nets[g, N_TOP]) * mult
        if nets[g, N_SIZE] >= 2 and not nets[g, N_CURSED]:
            grp[g, G_VALUE] = base + 5 * nets[g, N_BIGGEST] * mult
        if nets[g, N_BIGGEST]:
            biggest = nets[g, N_SIZE]
        p = nets[g, N_OWNER]
        if p >= 0:
            sg = 1 if p == seat else -1
            grp[g, G_OWNER] = sg
            grp[g, G_FIXED] = sg * base
            bonus[nets[g, N_SIZE]] += sg * 5 * mult
    # globals
    f[0] = _unit(scores[seat], SCORE_SCALE)
    f[1] = _unit(scores[o], SCORE_SCALE)
    f[2] = _signed(scores[seat] - scores[o], MARGIN_SCALE)
    f[3] = ankhs[seat] / ANKH_SCALE
    f[4] = ankhs[o] / ANKH_SCALE
    f[5] = 1.0 - _unit(empty, EMPTY_SCALE)
    f[6] = _unit(biggest, SIZE_SCALE)
    # per cell
    for c in range(NUM_CELLS):
        b = GLANCE_GLOBALS + c * GLANCE_CELL
        if s.cell_tile[c] < 0:
            for j in range(GLANCE_CELL):
                f[b + j] = 0.0
            f[b + 4] = 0.5
            continue
        mine, after = _pawn_gain(s, seat, seat, c, comp, nets, grp, ankhs)
        theirs, _ = _pawn_gain(s, seat, o, c, comp, nets, grp, ankhs)
        g = comp[c]
        owner = grp[g, G_OWNER]
        f[b] = _unit(nets[g, N_SIZE], SIZE_SCALE)
        f[b + 1] = owner == 1
        f[b + 2] = owner == -1
        f[b + 3] = _unit(grp[g, G_VALUE], VALUE_SCALE)
        f[b + 4] = _signed(0 if nets[g, N_CURSED] else grp[g, G_WDIFF], WEIGHT_SCALE)
        f[b + 5] = nets[g, N_SIZE] >= 2 and not grp[g, G_FRAME]
        f[b + 6] = nets[g, N_CURSED]
        f[b + 7] = _unit(mine, GAIN_SCALE)
        f[b + 8] = _unit(theirs, GAIN_SCALE)
        f[b + 9] = after != owner
    # per tile action, in the action order: slot x cell x rotation
    b = GLANCE_GLOBALS + NUM_CELLS * GLANCE_CELL
    for c in range(NUM_CELLS):
        free = s.cell_tile[c] < 0
        across = (-1, -1, -1)
        if free:
            across = (_across(s, c, 0, comp), _across(s, c, 1, comp), _across(s, c, 2, comp))
        free = free and (across[0] >= 0 or across[1] >= 0 or across[2] >= 0)  # joins a tile
        for j in range(HAND_SIZE):
            t = s.hand[seat, j]
            d = 0
            for r in range(3):
                if free and t >= 0 and (r == 0 or TILE_OPEN[t, r] != TILE_OPEN[t, r - 1]):
                    d = _tile_change(t, c, TILE_OPEN[t, r], across, nets, sarc, grp, bonus, ankhs,
                                     seat, biggest)  # (a three-opening tile's turns are alike)
                f[b + (j * NUM_CELLS + c) * 3 + r] = _signed(d, TILE_SCALE)
