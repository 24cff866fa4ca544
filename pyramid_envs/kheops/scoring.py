"""Kheops endgame tally: networks, curse, ankhs, fragments, ownership, network points."""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.np.arrayobj import reshape_unchecked
from ..core.jit import njit

from .spec import (ANKH, APEX, CURSE, DOUBLER, NEIGHBOR, NEIGHBOR_SLOT, NUM_CELLS, NUM_TILES,
                   PHARAOH, ROOM, SARC_ORANGE, TILE_KIND, TILE_OPEN, TILE_SYMBOL)

# Columns of the per-network table returned by `tally`.
(N_SIZE, N_ROOMS, N_SARC, N_SARC_PTS, N_TOP, N_BIGGEST, N_CLOSED, N_CURSED, N_OWNER,
 N_POINTS) = range(10)
NET_COLUMNS = ("tiles", "rooms", "sarcophagi", "sarcophagus points", "top tile",
               "biggest", "closed", "cursed", "owner", "points")

# A group's counts are sums over its cells. Each cell's counts are packed one byte each into
# an int64 (no count reaches 256), so a group adds one word per cell and a union of groups
# one word per group. The tile word: tiles, rooms, sarcophagi by colour (orange, green,
# purple), curses, tiles with an opening onto the frame, the top tile.
B_SIZE, B_ROOMS, B_SARC, B_CURSE, B_FRAME, B_TOP = 0, 1, 2, 5, 6, 7
# The pawn word: pawn weight of seat 0, of seat 1, ankhs covered by seat 0, by seat 1.
B_WEIGHT, B_ANKH = 0, 2


@njit(cache=True, inline="always")
def byte(word, k):
    """Count k of a packed word."""
    return (word >> (8 * k)) & 0xFF


def _tile_word(t):
    sym = int(TILE_SYMBOL[t])
    word = 1 << 8 * B_SIZE
    word += int(TILE_KIND[t] == ROOM) << 8 * B_ROOMS
    if SARC_ORANGE <= sym <= SARC_ORANGE + 2:
        word += 1 << 8 * (B_SARC + sym - SARC_ORANGE)
    word += int(sym == CURSE) << 8 * B_CURSE
    return word


# Tables indexed by tile + 1, so an empty cell (-1) reads row 0: openings (none) by rotation,
# the tile word, and the symbol flags the pawn word needs.
OPEN_OF = np.zeros((NUM_TILES + 1, 3), np.int64)
OPEN_OF[1:] = TILE_OPEN
TILE_WORD = np.array([0] + [_tile_word(t) for t in range(NUM_TILES)], np.int64)
DOUBLES = np.array([0] + [TILE_SYMBOL[t] == DOUBLER for t in range(NUM_TILES)], np.int64)
IS_ANKH = np.array([0] + [TILE_SYMBOL[t] == ANKH for t in range(NUM_TILES)], np.int64)
# One pawn weight in the pawn word, by owner + 1 (none: 0).
PAWN_UNIT = np.array([0, 1 << 8 * B_WEIGHT, 1 << 8 * (B_WEIGHT + 1)], np.int64)
# Each cell's edge slots that face the frame, as a bit set.
FRAME_SLOTS = np.array([sum(1 << k for k in range(3) if NEIGHBOR[c, k] < 0)
                        for c in range(NUM_CELLS)], np.int64)
# The tile word's part that depends on where the tile lies, by cell and openings.
CELL_WORD = np.zeros((NUM_CELLS, 8), np.int64)
for _c in range(NUM_CELLS):
    for _op in range(8):
        CELL_WORD[_c, _op] = (int(_op & FRAME_SLOTS[_c] != 0) << 8 * B_FRAME) \
            + (int(_c == APEX) << 8 * B_TOP)
# NEIGHBOR with the frame as cell NUM_CELLS (never open), for branch-free neighbour tests.
ACROSS = np.where(NEIGHBOR < 0, NUM_CELLS, NEIGHBOR).astype(np.int64)
ACROSS_SLOT = np.where(NEIGHBOR < 0, 0, NEIGHBOR_SLOT).astype(np.int64)


@njit(cache=True)
def components(cell_tile, cell_rot):
    """Connected tiles (openings facing each other on a shared edge). -1 for empty cells."""
    buf = tally_buffers()
    no_pawns = np.full(NUM_CELLS, -1, np.int8)
    n = groups_into(cell_tile, cell_rot, no_pawns, no_pawns, buf[0], buf[1], buf[2])
    return buf[0], n


@njit(cache=True, inline="always")
def _linked(c, opens):
    """Bit set of the neighbours whose openings face an opening of cell c."""
    op = opens[c]
    nbs = 0
    for k in range(3):
        nb = ACROSS[c, k]
        nbs |= ((op >> k) & (opens[nb] >> ACROSS_SLOT[c, k]) & 1) << nb
    return nbs


# groups_into and tally_into are inlined into their callers: as calls they cost an
# observation 5 % more.
@njit(cache=True, inline="always")
def groups_into(cell_tile, cell_rot, pawn_owner, pawn_kind, comp, opens, sums):
    """Labels the groups of connected tiles, numbered by their first cell, into comp (-1 for
    empty cells); opens[c]: cell c's openings (0 when empty; opens[NUM_CELLS], the frame,
    0); sums[g]: group g's tile word and pawn word. Returns the number of groups."""
    todo = 0  # bit sets of cells: still to label; of this group, reached and not yet counted
    for c in range(NUM_CELLS):
        t = cell_tile[c]
        opens[c] = OPEN_OF[t + 1, cell_rot[c]]
        comp[c] = -1
        todo |= np.int64(t >= 0) << c
    opens[NUM_CELLS] = 0
    n = 0
    while todo:
        reached = todo & -todo
        tiles, pawns = 0, 0
        while reached:
            c = trailing_zeros(reached)
            todo &= ~(1 << c)
            reached = (reached | _linked(c, opens)) & todo
            comp[c] = n
            t1 = cell_tile[c] + 1
            tiles += TILE_WORD[t1] + CELL_WORD[c, opens[c]]
            unit = PAWN_UNIT[pawn_owner[c] + 1]  # branch-free: a pawn or none, at random
            pawns += unit * (1 + (DOUBLES[t1] | np.int64(pawn_kind[c] == PHARAOH))) \
                + (unit << 8 * (B_ANKH - B_WEIGHT)) * IS_ANKH[t1]
        sums[n, 0] = tiles
        sums[n, 1] = pawns
        n += 1
    return n


def sarcophagus_points(orange, green, purple):
    """5 for a lone sarcophagus, 15 for a matching pair and no other, else 0."""
    n = orange + green + purple
    if n == 1:
        return 5
    if n == 2 and (orange == 2 or green == 2 or purple == 2):
        return 15
    return 0


# sarcophagus_points by counts: at most 2 of a colour (the game has 2 of each), and one more
# so that the glance may add a tile's sarcophagus to any count without a test
SARC_POINTS = np.array([[[sarcophagus_points(o, g, p) for p in range(4)] for g in range(4)]
                        for o in range(4)], np.int64)


@njit(cache=True)
def tally(cell_tile, cell_rot, pawn_owner, pawn_kind):
    """The endgame in the rulebook's order. Returns (comp, nets, ankhs, scores).

    comp[c]: network/fragment id of cell c; nets[i]: the NET_COLUMNS of group i
    (groups of one tile are fragments); ankhs[p]: ankhs covered by p after the curse;
    scores[p]: ankhs squared plus the points of the networks p owns.
    """
    buf = tally_buffers()
    n = tally_into(cell_tile, cell_rot, pawn_owner, pawn_kind, buf)
    comp, _, _, nets, ankhs, scores = buf
    return comp, nets[:n].copy(), ankhs, scores


TALLY_WORDS = 14 * NUM_CELLS + 5  # the int64s of tally_buffers


@njit(cache=True)
def tally_buffers():
    """(comp, opens, sums, nets, ankhs, scores) sized for any board (see groups_into)."""
    return tally_views(np.empty(TALLY_WORDS, np.int64))


@njit(cache=True, inline="always")
def table_view(a, start, rows, cols):
    """a[start:start + rows * cols] as a rows x cols table: numba's reshape calls a C helper
    that checks the strides, about 20 ns a view, which an observation at a batch of one pays
    per call; numba's own view maker (what its as_strided calls, without as_strided's three
    functions to compile per array type) does not."""
    return reshape_unchecked(a[start:], (rows, cols), (cols * a.itemsize, a.itemsize))


@njit(cache=True, inline="always")
def tally_views(a):
    """tally_buffers as views of a, TALLY_WORDS int64s (an observation at a batch of one
    allocates its buffers per call, one allocation for all of them)."""
    return (a[:NUM_CELLS], a[NUM_CELLS:2 * NUM_CELLS + 1],
            table_view(a, 2 * NUM_CELLS + 1, NUM_CELLS, 2),
            table_view(a, 4 * NUM_CELLS + 1, NUM_CELLS, 10),
            a[14 * NUM_CELLS + 1:14 * NUM_CELLS + 3], a[14 * NUM_CELLS + 3:14 * NUM_CELLS + 5])


@njit(cache=True, inline="always")
def tally_into(cell_tile, cell_rot, pawn_owner, pawn_kind, buf):
    """tally() into reusable buffers (planners tally thousands of positions); returns the
    number of groups, whose rows of nets (buf[3]) are filled."""
    comp, opens, sums, nets, ankhs, scores = buf
    n = groups_into(cell_tile, cell_rot, pawn_owner, pawn_kind, comp, opens, sums)
    biggest = 0
    for g in range(n):
        size = byte(sums[g, 0], B_SIZE)
        if size >= 2 and size > biggest:
            biggest = size
    # A) the curse, B) ankhs, C) fragments, D) ownership (Pharaoh and doublers count two),
    # E) network scoring; branch-free, as which case holds varies from group to group
    ankh0, ankh1, score0, score1 = 0, 0, 0, 0
    for g in range(n):
        tiles, pawns = sums[g, 0], sums[g, 1]
        size = byte(tiles, B_SIZE)
        orange, green = byte(tiles, B_SARC), byte(tiles, B_SARC + 1)
        purple = byte(tiles, B_SARC + 2)
        counts = np.int64(byte(tiles, B_CURSE) == 0)  # a cursed group's pawns do not count
        is_net = size >= 2
        row = nets[g]
        row[N_SIZE] = size
        row[N_ROOMS] = byte(tiles, B_ROOMS)
        row[N_SARC] = orange + green + purple
        row[N_SARC_PTS] = SARC_POINTS[orange, green, purple]
        row[N_TOP] = byte(tiles, B_TOP)
        row[N_BIGGEST] = is_net and size == biggest
        row[N_CLOSED] = is_net and byte(tiles, B_FRAME) == 0
        row[N_CURSED] = 1 - counts
        ankh0 += counts * byte(pawns, B_ANKH)
        ankh1 += counts * byte(pawns, B_ANKH + 1)
        w0, w1 = byte(pawns, B_WEIGHT), byte(pawns, B_WEIGHT + 1)
        owner = (0 if w0 > w1 else (1 if w1 > w0 else -1)) if counts and is_net else -1
        pts = (owner >= 0) * (row[N_ROOMS] + row[N_SARC_PTS] + 5 * row[N_TOP]
                              + 5 * row[N_BIGGEST]) * (1 + row[N_CLOSED])
        row[N_OWNER] = owner
        row[N_POINTS] = pts
        score0 += (owner == 0) * pts
        score1 += (owner == 1) * pts
    ankhs[0], ankhs[1] = ankh0, ankh1
    scores[0], scores[1] = score0 + ankh0 * ankh0, score1 + ankh1 * ankh1
    return n
