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
from numba.cpython.unsafe.numbers import trailing_zeros
from ..core.jit import njit

from .scoring import (ACROSS, ACROSS_SLOT, B_ANKH, B_CURSE, B_FRAME, B_ROOMS, B_SARC, B_SIZE,
                      B_TOP, B_WEIGHT, CELL_WORD, FRAME_SLOTS, N_BIGGEST, N_CLOSED, N_CURSED,
                      N_OWNER, N_ROOMS, N_SARC_PTS, N_SIZE, N_TOP, SARC_POINTS, TILE_WORD, byte,
                      TALLY_WORDS, table_view, tally_into, tally_views)
from .spec import (ANKH, CLOSED, DOUBLER, GLANCE_CELL, GLANCE_GLOBALS, HAND_SIZE, NUM_CELLS,
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

# Columns of the per-group table: TILES its tile word (scoring.B_*); WDIFF my pawn weight
# minus the opponent's (fragments' and cursed groups' pawns too); ANKHS the ankhs covered by me
# and by the opponent, one byte each (0 in a cursed group); OWNER the owner's sign; VALUE the
# points its owner scores (0 for fragments and cursed groups); FIXED the signed part of the
# owner's points that does not depend on which network is the biggest. The row after the last
# group is all 0, "no group": what an opening onto nothing joins, so a join needs no branch.
G_TILES, G_WDIFF, G_ANKHS, G_OWNER, G_VALUE, G_FIXED = range(6)
GROUP_COLUMNS = 6
GROUP_FLOATS = 7  # the first floats of a cell's block are its group's

# A tile action's change of the margin depends on the tile only through its room flag,
# sarcophagus colour and curse, and on whether one of its openings faces the frame; the rest
# depends on which groups its openings join: its join, the bit set of the slots it opens
# toward a group. Per empty cell the terms of every join its groups allow are worked out
# first (the columns J_*, a row per join), then each tile action reads the row of its join:
# about 2.5 of them share one. J_MARGIN: the margin's change before the new network's
# points; J_SCALE, J_SCALE_FRAMED: the owner's sign times the frame's multiplier, the tile
# not opening onto the frame and opening onto it; J_PTS: the points but the tile's own;
# J_CURSED: the joined curses; J_CURSE_MARGIN: the change if the new network is cursed;
# J_SARC + k: the sarcophagus points with a laid tile of colour k (0: none). Row 0, no
# join, is all 0: a lone tile changes nothing.
(J_MARGIN, J_SCALE, J_SCALE_FRAMED, J_PTS, J_CURSED, J_CURSE_MARGIN, J_SARC) = range(7)
JOIN_COLUMNS = J_SARC + 4
JOINS = 8


def _own_terms(word):
    """A tile's own terms, read off its tile word: room flag, sarcophagus colour (0 none,
    1 orange, 2 green, 3 purple), curse flag."""
    count = lambda k: (word >> 8 * k) & 0xFF  # noqa: E731 (scoring.byte, without a compile)
    return (count(B_ROOMS), sum((i + 1) * count(B_SARC + i) for i in range(3)), count(B_CURSE))


TILE_TERMS = np.array([_own_terms(int(w)) for w in TILE_WORD[1:]], np.int64)


@njit(cache=True, inline="always")
def glance_buffers():
    """(tally buffers, per-group table, signed biggest bonus by network size, per-group
    floats of the cell block, each cell's group row (the all-0 row for an empty cell and for
    the frame, cell NUM_CELLS), the join terms by join (_join_terms)), reused: views of
    one allocation (an observation at a batch of one allocates them per call), the floats
    over int64 storage."""
    rows = NUM_CELLS + 1
    ints = (GROUP_COLUMNS + 2) * rows
    floats = (NUM_CELLS * GROUP_FLOATS + 1) // 2
    a = np.empty(TALLY_WORDS + ints + floats + JOINS * JOIN_COLUMNS, np.int64)
    g = a[TALLY_WORDS:]
    return (tally_views(a[:TALLY_WORDS]), table_view(g, 0, rows, GROUP_COLUMNS),
            g[GROUP_COLUMNS * rows:(GROUP_COLUMNS + 1) * rows],
            table_view(g[ints:].view(np.float32), 0, NUM_CELLS, GROUP_FLOATS),
            g[(GROUP_COLUMNS + 1) * rows:ints],
            table_view(g, ints + floats, JOINS, JOIN_COLUMNS))


@njit(cache=True, inline="always")
def _unit(x, scale):
    return min(max(x / scale, 0.0), 1.0)


@njit(cache=True, inline="always")
def _signed(x, scale):
    return min(max(0.5 + x / (2.0 * scale), 0.0), 1.0)


# The integer quantities scaled per cell and per tile action, read from tables: a division
# per float written would cost more than the rest of the work (same values, bit for bit).
def _unit_table(scale):
    """_unit(x, scale) at x = 0 .. scale."""
    return np.array([min(max(x / scale, 0.0), 1.0) for x in range(int(scale) + 1)], np.float32)


def _signed_table(scale):
    """_signed(x, scale) at x + scale, x = -scale .. scale."""
    return np.array([min(max(0.5 + x / (2.0 * scale), 0.0), 1.0)
                     for x in range(-int(scale), int(scale) + 1)], np.float32)


SIZE_UNIT, VALUE_UNIT, GAIN_UNIT = (_unit_table(SIZE_SCALE), _unit_table(VALUE_SCALE),
                                    _unit_table(GAIN_SCALE))
WEIGHT_SIGNED, TILE_SIGNED = _signed_table(WEIGHT_SCALE), _signed_table(TILE_SCALE)


@njit(cache=True, inline="always")
def _unit_of(table, x):
    """_unit_table's value for the integer x (clipped like _unit)."""
    return table[min(max(x, 0), len(table) - 1)]


@njit(cache=True, inline="always")
def _signed_of(table, x):
    """_signed_table's value for the integer x (clipped like _signed)."""
    k = len(table) // 2
    return table[min(max(x, -k), k) + k]


@njit(cache=True, inline="always")
def _sign(x):
    return np.int64(x > 0) - np.int64(x < 0)  # (a conditional expression is a branch)


@njit(cache=True, inline="always")
def _pawn_gain(seat, q, sym, occ, kind, net, cursed, wdiff, value, old, ankhs):
    """(q's score margin gain, the network's owner sign after) for one pawn of q on a tile
    with symbol sym held by occ's pawn of kind (occ -1: none), in a group that is a network
    (net) or not, with my weight margin wdiff, value and owner sign old: a worker on a free
    tile, a mummy on an opposing worker (the Pharaoh's second weight and instant actions left
    out); (0, old) where q cannot put one. Signs are mine. Branch-free: which case holds
    varies from cell to cell without a pattern the processor could predict."""
    held = np.int64(occ >= 0)  # flags as integers (a conditional expression is a branch)
    can = np.int64((sym != CLOSED) & (occ != q) & ((occ < 0) | (kind == WORKER)) & (not cursed))
    gain = (sym == ANKH) * (2 * ankhs[q] + 1 + held * (2 * ankhs[1 - q] - 1))  # (a + 1)^2 - a^2,
    sq = 1 - 2 * np.int64(q != seat)              # and the opponent's a^2 - (a - 1)^2 lost
    w = 1 + np.int64(sym == DOUBLER)              # the replaced worker weighed the same
    new = old + (can & np.int64(net)) * (_sign(wdiff + sq * w * (1 + held)) - old)
    return can * gain + sq * value * (new - old), new


@njit(cache=True, inline="always")
def _across(c, k, opens, group_of, none):
    """The group an opening on slot k of empty cell c would join: that of the tile across if
    it opens back, else `none` (the frame, a wall, an empty cell)."""
    nb = ACROSS[c, k]
    return group_of[nb] if (opens[nb] >> ACROSS_SLOT[c, k]) & 1 else none


@njit(cache=True, inline="always")
def _join_terms(e, c, groups, grp, bonus, ankhs, seat, biggest, row):
    """Writes into row the J_* terms of laying a tile on empty cell c that joins the groups
    of the slots in e (never 0). groups: (the _across groups of c's three slots, for each
    slot the bit set of lower slots that reach the same group): a group reached twice is
    joined once."""
    a0, a1, a2, same1, same2 = groups
    j0 = e & 1
    j1 = (e >> 1) & 1 & ((e & same1) == 0)
    j2 = (e >> 2) & 1 & ((e & same2) == 0)
    # the laid tile's size and the cell's top flag; its other counts are its own terms
    tiles = (1 << 8 * B_SIZE) + CELL_WORD[c, 0] \
        + j0 * grp[a0, G_TILES] + j1 * grp[a1, G_TILES] + j2 * grp[a2, G_TILES]
    size = byte(tiles, B_SIZE)
    fixed = j0 * grp[a0, G_FIXED] + j1 * grp[a1, G_FIXED] + j2 * grp[a2, G_FIXED]
    # A joined network had no biggest bonus (it is smaller than the new one); if one of them
    # was the biggest, the new one is bigger than every other network.
    big = max(size, biggest)
    margin = bonus[big] - bonus[biggest] - fixed  # the joined networks stop scoring alone
    row[J_MARGIN] = margin
    # cursed, the joined groups' pawns and ankhs stop counting
    joined = j0 * grp[a0, G_ANKHS] + j1 * grp[a1, G_ANKHS] + j2 * grp[a2, G_ANKHS]
    a, b = ankhs[seat], ankhs[1 - seat]
    mine, theirs = byte(joined, 0), byte(joined, 1)
    row[J_CURSED] = byte(tiles, B_CURSE)
    row[J_CURSE_MARGIN] = margin + (a - mine) ** 2 - a * a - (b - theirs) ** 2 + b * b
    sign = _sign(j0 * grp[a0, G_WDIFF] + j1 * grp[a1, G_WDIFF] + j2 * grp[a2, G_WDIFF])
    row[J_SCALE] = sign * (2 - (byte(tiles, B_FRAME) > 0))
    row[J_SCALE_FRAMED] = sign
    row[J_PTS] = byte(tiles, B_ROOMS) + 5 * byte(tiles, B_TOP) + 5 * (size == big)
    o, g, p = byte(tiles, B_SARC), byte(tiles, B_SARC + 1), byte(tiles, B_SARC + 2)
    row[J_SARC] = SARC_POINTS[o, g, p]
    row[J_SARC + 1] = SARC_POINTS[o + 1, g, p]
    row[J_SARC + 2] = SARC_POINTS[o, g + 1, p]
    row[J_SARC + 3] = SARC_POINTS[o, g, p + 1]


@njit(cache=True, inline="always")
def _tile_change(row, framed, room, colour, curse):
    """The change of my score margin if a tile with these terms (TILE_TERMS) is laid: row
    holds the J_* terms of its join, framed whether it opens onto the frame."""
    if row[J_CURSED] | curse:  # (rare: two curse tiles in the game)
        return row[J_CURSE_MARGIN]
    return row[J_MARGIN] + row[J_SCALE + framed] * (row[J_PTS] + room + row[J_SARC + colour])


@njit(cache=True, inline="always")
def write_glance(s, seat, buf, f):
    """Writes the block into f (GLANCE_GLOBALS + NUM_CELLS * GLANCE_CELL + tile actions)."""
    tb, grp, bonus, look, group_of, terms = buf
    n = tally_into(s.cell_tile, s.cell_rot, s.pawn_owner, s.pawn_kind, tb)
    comp, opens, sums, nets, ankhs, scores = tb
    o = 1 - seat
    bonus[:] = 0   # by size: the signed biggest bonus of the owned networks of that size
    biggest = 0
    filled = 0
    for g in range(n):
        tiles, pawns = sums[g, 0], sums[g, 1]
        row = nets[g]
        size = row[N_SIZE]
        filled += size
        cursed = row[N_CURSED]
        counts = 1 - cursed  # branch-free: fragments, networks, cursed groups come at random
        mult = 2 - np.int64(byte(tiles, B_FRAME) > 0)
        base = (row[N_ROOMS] + row[N_SARC_PTS] + 5 * row[N_TOP]) * mult
        value = np.int64(size >= 2) * counts * (base + 5 * row[N_BIGGEST] * mult)
        biggest = max(biggest, row[N_BIGGEST] * size)
        p = row[N_OWNER]
        sg = np.int64(p == seat) - np.int64(p == o)  # no owner (-1): 0
        bonus[size] += sg * 5 * mult
        wdiff = byte(pawns, B_WEIGHT + seat) - byte(pawns, B_WEIGHT + o)
        grp[g, G_TILES] = tiles
        grp[g, G_WDIFF] = wdiff
        grp[g, G_ANKHS] = counts * (byte(pawns, B_ANKH + seat) | byte(pawns, B_ANKH + o) << 8)
        grp[g, G_OWNER] = sg
        grp[g, G_VALUE] = value
        grp[g, G_FIXED] = sg * base
        lk = look[g]
        lk[0] = _unit_of(SIZE_UNIT, size)
        lk[1] = sg == 1
        lk[2] = sg == -1
        lk[3] = _unit_of(VALUE_UNIT, value)
        lk[4] = _signed_of(WEIGHT_SIGNED, counts * wdiff)
        lk[5] = row[N_CLOSED]
        lk[6] = cursed
    grp[n, :] = 0
    # globals
    f[0] = _unit(scores[seat], SCORE_SCALE)
    f[1] = _unit(scores[o], SCORE_SCALE)
    f[2] = _signed(scores[seat] - scores[o], MARGIN_SCALE)
    f[3] = ankhs[seat] / ANKH_SCALE
    f[4] = ankhs[o] / ANKH_SCALE
    f[5] = 1.0 - _unit(NUM_CELLS - filled, EMPTY_SCALE)
    f[6] = _unit(biggest, SIZE_SCALE)
    # per cell, walking bit sets of the cells with a tile and the empty ones (a branch on
    # whether a cell is empty would be taken at random)
    empties = 0
    for c in range(NUM_CELLS):
        empties |= np.int64(comp[c] < 0) << c
    tiled = ~empties & ((1 << NUM_CELLS) - 1)
    while tiled:
        c = trailing_zeros(tiled)
        tiled &= tiled - 1
        b = GLANCE_GLOBALS + c * GLANCE_CELL
        g = comp[c]
        group_of[c] = g
        lk = look[g]
        for j in range(GROUP_FLOATS):
            f[b + j] = lk[j]
        sym, occ, kind = TILE_SYMBOL[s.cell_tile[c]], s.pawn_owner[c], s.pawn_kind[c]
        net, cursed = nets[g, N_SIZE] >= 2, nets[g, N_CURSED] > 0
        wdiff, value, old = grp[g, G_WDIFF], grp[g, G_VALUE], grp[g, G_OWNER]
        mine, after = _pawn_gain(seat, seat, sym, occ, kind, net, cursed, wdiff, value, old, ankhs)
        theirs, _ = _pawn_gain(seat, o, sym, occ, kind, net, cursed, wdiff, value, old, ankhs)
        f[b + 7] = _unit_of(GAIN_UNIT, mine)
        f[b + 8] = _unit_of(GAIN_UNIT, theirs)
        f[b + 9] = after != old
    cells = empties  # (walked again per tile action)
    while cells:
        c = trailing_zeros(cells)
        cells &= cells - 1
        b = GLANCE_GLOBALS + c * GLANCE_CELL
        group_of[c] = n
        for j in range(GLANCE_CELL):
            f[b + j] = 0.0
        f[b + 4] = 0.5
    # per tile action, in the action order: slot x cell x rotation; 0.5 (no change) unless
    # a hand tile on an empty cell joins a tile that opens to it (filled first: most entries
    # are 0.5, and one vector fill costs less than a branch per entry)
    b = GLANCE_GLOBALS + NUM_CELLS * GLANCE_CELL
    f[b:] = 0.5
    group_of[NUM_CELLS] = n
    terms[0, :] = 0
    while empties:
        c = trailing_zeros(empties)
        empties &= empties - 1
        a0, a1, a2 = (_across(c, 0, opens, group_of, n), _across(c, 1, opens, group_of, n),
                      _across(c, 2, opens, group_of, n))
        live = np.int64(a0 != n) | (np.int64(a1 != n) << 1) | (np.int64(a2 != n) << 2)
        if live == 0:
            continue
        groups = (a0, a1, a2, np.int64(a1 == a0), (a2 == a0) | (np.int64(a2 == a1) << 1))
        e = live
        while e:  # every non-empty subset of live
            _join_terms(e, c, groups, grp, bonus, ankhs, seat, biggest, terms[e])
            e = (e - 1) & live
        frame = FRAME_SLOTS[c]
        for j in range(HAND_SIZE):
            t = s.hand[seat, j]
            if t < 0:
                continue
            room, colour, curse = TILE_TERMS[t, 0], TILE_TERMS[t, 1], TILE_TERMS[t, 2]
            for r in range(3):
                op = TILE_OPEN[t, r]
                d = _tile_change(terms[op & live], np.int64((op & frame) != 0), room, colour,
                                 curse)
                f[b + (j * NUM_CELLS + c) * 3 + r] = _signed_of(TILE_SIGNED, d)
