"""Walking distances through Farao's maze as it lies face up, from what every seat sees.

Walls of the outside ring and of laid tiles count, as do the curse, the obstacles that bar
a seat's way or kill its figure (an obstacle that only ends the move delays, it does not
bar) and the secret tunnels; a face-down tile, or one turned up and still to be oriented,
opens every way (its finder orients it toward the mover). The chamber is a goal, never a
field walked through, and counts as reachable whether or not it is open yet. The rule
against going straight back, the dice and items that may still be had are ignored.
Only public information is read: a face-down field is never looked under.
"""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from ..core.jit import njit

from .reach import _aimed, _unlaid
from .rules import _may_enter, _obstacle, _open
from .spec import (C_CHAMBER, C_NONE, C_TILE, CELL_KIND, E, END_MOVE, KILL, MAX_GRID, N, NEIGHBOR,
                   NUM_CELLS, NUM_COLOURS, NUM_SYMBOLS, OBSTACLE_EFFECT, OBSTACLE_ITEM, RING_OPEN,
                   S, SHAPE_OPEN, SYM_INSCRIPTION, SYM_ITEM, SYM_MAP, SYM_OBSTACLE, SYM_PLAIN,
                   SYM_TUNNEL, TILE_SHAPE, TILE_SYMBOL, TILES_IN_GAME, W)

EXPLORE = 2  # a face-down tile counts as this much farther than an inscription in sight


@njit(cache=True, inline="always")
def _walled(s, c, d):
    """Field c shuts direction d: a wall of the ring or of a laid tile."""
    return not (CELL_KIND[s.pyramid, c] == C_TILE and _unlaid(s, c)) and not (_open(s, c) >> d) & 1


@njit(cache=True, inline="always")
def _passage(s, a, d):
    """The field one step from a in direction d if no wall stands between them, else -1
    (the same both ways: ring fields and the chamber are open toward every neighbour)."""
    b = NEIGHBOR[s.pyramid, a, d]
    if b < 0 or _walled(s, a, d) or CELL_KIND[s.pyramid, b] == C_TILE and _walled(s, b, (d + 2) % 4):
        return -1
    return b


@njit(cache=True, inline="always")
def _enterable(s, p, b):
    """A figure of p may walk onto field b and on from it (not the chamber: see the module)."""
    if not _may_enter(s, p, b, -1, False):
        return False
    o = _obstacle(s, b)
    return not (o >= 0 and OBSTACLE_EFFECT[o] == KILL and not s.items[p, OBSTACLE_ITEM[o]])


@njit(cache=True)
def _step_to(s, p, a, d):
    """The field one step from a in direction d that a figure of p may walk to, else -1."""
    b = _passage(s, a, d)
    if b < 0 or not _enterable(s, p, b):
        return -1
    return b


@njit(cache=True, inline="always")
def lacks(s, p, colour):
    """p may still pick up an inscription of this colour."""
    return 0 <= colour < NUM_COLOURS and not s.insc[p, colour] and s.insc_supply[colour] > 0


# the maze as bitboards: bit c of a row is field c (c = r * MAX_GRID + col < 128), in two
# 64-bit words, so that one breadth-first step over every field is a few shifts and masks
WORDS = 2
M_OPEN = 0            # 4 rows: the field is open toward N, E, S, W (its own side)
M_WAY = 4             # 4 rows: a step toward N, E, S, W (both sides open)
M_BOARD = 8           # every field
M_CHAMBER = 9
M_WALK = 10           # walked through by anyone: no chamber, curse or obstacle that bars or kills
M_BAR = 11            # face-up obstacles that bar or kill unless one holds their item
M_DOWN = 12           # face-down tiles
M_COLOUR = 13         # NUM_COLOURS rows: face-up inscriptions of each colour
M_SEAT = M_COLOUR + NUM_COLOURS  # scratch: where the seat being walked goes on (seat_walk)
M_FRONT = M_SEAT + 1  # scratch of spread: its start fields
M_LATE = M_FRONT + 1  # scratch of spread: the start fields joining later
MAZE_ROWS = M_LATE + 1
MAX_STEPS = NUM_CELLS + EXPLORE + 2  # rows of spread's layers: every step but the last reaches
#                                      a field to go on from, or waits for the late start


def _board_rows():
    """Per pyramid, what lay's rows hold before a tile is looked at: every field, the ring
    and the chamber."""
    rows = np.zeros((2, M_SEAT, WORDS), np.uint64)
    for pyr in range(2):
        for c in range(NUM_CELLS):
            k = CELL_KIND[pyr, c]
            if k == C_NONE or k == C_TILE:
                continue
            ways = 15 if k == C_CHAMBER else RING_OPEN[pyr, c]
            marks = [M_OPEN + d for d in range(4) if (ways >> d) & 1]
            marks.append(M_CHAMBER if k == C_CHAMBER else M_WALK)
            for m in marks:
                rows[pyr, m, c // 64] |= np.uint64(1 << (c % 64))
        for c in range(NUM_CELLS):
            if CELL_KIND[pyr, c] != C_NONE:
                rows[pyr, M_BOARD, c // 64] |= np.uint64(1 << (c % 64))
    return rows


BOARD_ROWS = _board_rows()
# per symbol of a face-up tile: it bars the way (all bits set; an obstacle that only ends the
# move does not), and the row of its inscription's colour (none: M_SEAT, scratch that lay
# may mark and seat_walk sets before it is read, so that every tile is marked without a branch)
BARS = np.array([2**64 - 1 if SYM_OBSTACLE <= y < SYM_MAP
                 and OBSTACLE_EFFECT[y - SYM_OBSTACLE] != END_MOVE else 0
                 for y in range(NUM_SYMBOLS)], np.uint64)
COLOUR_ROW = np.array([M_COLOUR + y - SYM_INSCRIPTION if SYM_INSCRIPTION <= y < SYM_ITEM
                       else M_SEAT for y in range(NUM_SYMBOLS)], np.int8)
# lay's tables indexed by a flag, not branched on: WAYS[laid, shape, rotation], a tile's
# openings once laid (before: every way); SEEN_SYMBOL[up, tile], its symbol once face up
# (before: plain, walked through)
WAYS = np.array([np.full_like(SHAPE_OPEN, 15), SHAPE_OPEN], np.int8)
SEEN_SYMBOL = np.array([np.full_like(TILE_SYMBOL, SYM_PLAIN), TILE_SYMBOL], np.int8)
# each pyramid's tile fields in order, -1 after the last
TILE_CELLS = np.array([np.flatnonzero(CELL_KIND[p] == C_TILE).tolist()
                       + [-1] * (TILES_IN_GAME[1] - TILES_IN_GAME[p]) for p in range(2)], np.int16)
# TILE_CELLS[pyr, TILES_FROM[pyr, w]:TILES_FROM[pyr, w + 1]]: the tiles of word w
TILES_FROM = np.array([[0, np.sum((TILE_CELLS[p] >= 0) & (TILE_CELLS[p] < 64)), TILES_IN_GAME[p]]
                       for p in range(2)], np.int16)


@njit(cache=True, inline="always")
def _bit(c):
    """Field c's bit in its word, c >> 6."""
    return np.uint64(1) << np.uint64(c & 63)


@njit(cache=True, inline="always")
def has(maze, row, c):
    return (maze[row, c >> 6] >> np.uint64(c & 63)) & np.uint64(1) == 1


@njit(cache=True, inline="always")
def put(maze, row, c):
    maze[row, c >> 6] |= _bit(c)


@njit(cache=True, inline="always")
def _shl(lo, hi, k):
    """The two words shifted k (0 < k < 64) fields up, as one 128-bit number."""
    return lo << k, (hi << k) | (lo >> (64 - k))


@njit(cache=True, inline="always")
def _shr(lo, hi, k):
    """The two words shifted k (0 < k < 64) fields down, as one 128-bit number."""
    return (lo >> k) | (hi << (64 - k)), hi >> k


@njit(cache=True)
def lay(s, maze):
    """Fill the maze's rows up to M_SEAT (a face-down tile, or one still to be oriented, and
    the chamber are open every way; M_SEAT itself is left marked, see COLOUR_ROW); returns the
    two secret tunnels when both lie face up, else (-1, -1)."""
    pyr = s.pyramid
    for r in range(M_SEAT):  # (a loop: numba's 2-D slice copy costs more)
        maze[r, 0], maze[r, 1] = BOARD_ROWS[pyr, r, 0], BOARD_ROWS[pyr, r, 1]
    t0, t1 = -1, -1
    zero = np.uint64(0)
    aimed = _aimed(s)  # up and not aimed: laid (not reach._unlaid)
    for w in range(WORDS):  # each word's rows gathered in registers
        on, oe, os, ow, down, walk, bar = zero, zero, zero, zero, zero, zero, zero
        # bits multiplied by flags and tables indexed by them, not branches: which tiles lie
        # face up follows no pattern
        for i in range(TILES_FROM[pyr, w], TILES_FROM[pyr, w + 1]):
            c = TILE_CELLS[pyr, i]
            bit = _bit(c)
            t = s.tile[c]
            up = np.int64(s.up[c] != 0)
            ways = WAYS[up & (c != aimed), TILE_SHAPE[t], s.rot[c]]
            on |= bit * np.uint64(ways & 1)
            oe |= bit * np.uint64(ways >> 1 & 1)
            os |= bit * np.uint64(ways >> 2 & 1)
            ow |= bit * np.uint64(ways >> 3 & 1)
            down |= bit * np.uint64(1 - up)
            sym = SEEN_SYMBOL[up, t]
            # the curse bars its field (and a tunnel under it)
            kept = bit * np.uint64(1 - (up & (c == s.curse)))
            bar |= kept & BARS[sym]
            walk |= kept & ~BARS[sym]
            maze[COLOUR_ROW[sym], w] |= kept
            tunnel = (sym == SYM_TUNNEL) & (kept != 0)
            t1 = t0 if tunnel else t1
            t0 = c if tunnel else t0
        maze[M_OPEN + N, w] |= on
        maze[M_OPEN + E, w] |= oe
        maze[M_OPEN + S, w] |= os
        maze[M_OPEN + W, w] |= ow
        maze[M_DOWN, w] |= down
        maze[M_WALK, w] |= walk
        maze[M_BAR, w] |= bar
    n0, n1 = maze[M_OPEN + N, 0], maze[M_OPEN + N, 1]
    e0, e1 = maze[M_OPEN + E, 0], maze[M_OPEN + E, 1]
    s0, s1 = maze[M_OPEN + S, 0], maze[M_OPEN + S, 1]
    w0, w1 = maze[M_OPEN + W, 0], maze[M_OPEN + W, 1]
    # a step both ways open: the field's own side and its neighbour's facing side
    x0, x1 = _shl(s0, s1, MAX_GRID)
    maze[M_WAY + N, 0], maze[M_WAY + N, 1] = n0 & x0, n1 & x1
    x0, x1 = _shr(n0, n1, MAX_GRID)
    maze[M_WAY + S, 0], maze[M_WAY + S, 1] = s0 & x0, s1 & x1
    x0, x1 = _shr(w0, w1, 1)
    maze[M_WAY + E, 0], maze[M_WAY + E, 1] = e0 & x0, e1 & x1
    x0, x1 = _shl(e0, e1, 1)
    maze[M_WAY + W, 0], maze[M_WAY + W, 1] = w0 & x0, w1 & x1
    return (t0, t1) if t1 >= 0 else (-1, -1)


@njit(cache=True, inline="always")
def _low_field(low):
    """The index of the one bit set in low (an int64: uint64 with int64 is float64 in numba)."""
    return np.int64(trailing_zeros(low))


@njit(cache=True)
def seat_walk(s, p, maze):
    """M_SEAT: the fields p's figures may walk through (M_WALK and the obstacles p holds the
    item for)."""
    for w in range(WORDS):
        maze[M_SEAT, w] = maze[M_WALK, w]
        x = maze[M_BAR, w]
        while x:
            low = x & -x
            x ^= low
            o = _obstacle(s, w * 64 + _low_field(low))
            if s.items[p, OBSTACLE_ITEM[o]]:
                maze[M_SEAT, w] |= low


@njit(cache=True)
def spread(maze, tunnels, forward, late_at, layers, most):
    """Breadth first over the maze's steps and the tunnels (a pair from lay) from M_FRONT's
    fields (0 steps), M_LATE's joining at late_at steps (-1: none), at most `most` steps;
    layers[k]: the fields first reached in k steps; returns the last k. Fields are walked
    through only where M_SEAT says. Forward (from figures) a field counts once a figure may
    walk onto it (M_SEAT or the chamber); backward (from goals) every field a step away
    counts, a figure standing there being that far."""
    # the two words of every row in registers
    en0, en1 = maze[M_WAY + N, 0], maze[M_WAY + N, 1]
    ee0, ee1 = maze[M_WAY + E, 0], maze[M_WAY + E, 1]
    es0, es1 = maze[M_WAY + S, 0], maze[M_WAY + S, 1]
    ew0, ew1 = maze[M_WAY + W, 0], maze[M_WAY + W, 1]
    wk0, wk1 = maze[M_SEAT, 0], maze[M_SEAT, 1]
    if forward:
        ok0, ok1 = wk0 | maze[M_CHAMBER, 0], wk1 | maze[M_CHAMBER, 1]
    else:
        ok0, ok1 = maze[M_BOARD, 0], maze[M_BOARD, 1]
    t0, t1 = tunnels
    zero = np.uint64(0)
    ta0, ta1, tb0, tb1 = zero, zero, zero, zero  # the tunnels' bits
    if t0 >= 0:
        ta0, ta1 = (_bit(t0), zero) if t0 < 64 else (zero, _bit(t0))
        tb0, tb1 = (_bit(t1), zero) if t1 < 64 else (zero, _bit(t1))
    f0, f1 = maze[M_FRONT, 0], maze[M_FRONT, 1]
    seen0, seen1 = f0, f1
    layers[0, 0], layers[0, 1] = f0, f1
    steps = 0
    going = True
    while (going or steps < late_at) and steps < most:
        a0, a1 = _shr(f0 & en0, f1 & en1, MAX_GRID)
        b0, b1 = _shl(f0 & es0, f1 & es1, MAX_GRID)
        c0, c1 = _shl(f0 & ee0, f1 & ee1, 1)
        d0, d1 = _shr(f0 & ew0, f1 & ew1, 1)
        x0, x1 = a0 | b0 | c0 | d0, a1 | b1 | c1 | d1
        if (f0 & ta0) | (f1 & ta1):
            x0, x1 = x0 | tb0, x1 | tb1
        if (f0 & tb0) | (f1 & tb1):
            x0, x1 = x0 | ta0, x1 | ta1
        steps += 1
        if steps == late_at:
            x0, x1 = x0 | maze[M_LATE, 0], x1 | maze[M_LATE, 1]
        x0, x1 = x0 & ~seen0 & ok0, x1 & ~seen1 & ok1
        seen0, seen1 = seen0 | x0, seen1 | x1
        f0, f1 = x0 & wk0, x1 & wk1
        layers[steps, 0], layers[steps, 1] = x0, x1
        going = (f0 | f1) != 0
    return steps


@njit(cache=True)
def nearest(layers, last, maze, row):
    """The steps of spread's layers to the nearest field of a maze row, -1 none."""
    if (maze[row, 0] | maze[row, 1]) == 0:  # often so (a colour not yet turned up): no scan
        return -1
    for k in range(last + 1):
        if (layers[k, 0] & maze[row, 0]) | (layers[k, 1] & maze[row, 1]):
            return k
    return -1
