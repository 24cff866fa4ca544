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
from ..core.jit import njit

from .reach import _unlaid
from .rules import _may_enter, _obstacle, _open
from .spec import (C_CHAMBER, C_TILE, CELL_KIND, E, END_MOVE, GRID, KILL, MAX_GRID, N, NEIGHBOR,
                   NUM_COLOURS, OBSTACLE_EFFECT, OBSTACLE_ITEM, S, SYM_INSCRIPTION, SYM_ITEM,
                   SYM_MAP, SYM_OBSTACLE, SYM_TUNNEL, TILE_SYMBOL, W)

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


# the maze as rows of bits (bit c of row r: field r * MAX_GRID + c), filled by `lay`
M_OPEN = 0            # 4 rows each: the field is open toward N, E, S, W (its own side)
M_WAY = 4             # a step toward N, E, S, W: both sides open
M_BOARD = 8           # every field
M_CHAMBER = 9
M_WALK = 10           # walked through by anyone: no chamber, curse or obstacle that bars or kills
M_BAR = 11            # face-up obstacles that bar or kill unless one holds their item
M_DOWN = 12           # face-down tiles
M_COLOUR = 13         # NUM_COLOURS rows: face-up inscriptions of each colour
M_SEAT = M_COLOUR + NUM_COLOURS  # scratch: where the seat being walked goes on (seat_walk)
M_FRONT = M_SEAT + 1  # scratch of spread: its start fields, then its frontier
M_LATE = M_FRONT + 1  # scratch of spread: the start fields joining later
M_NEW = M_LATE + 1
M_SEEN = M_NEW + 1
MAZE_ROWS = M_SEEN + 1
LOW_BIT = np.zeros(1 << MAX_GRID, np.int8)  # LOW_BIT[1 << c] = c
for _c in range(MAX_GRID):
    LOW_BIT[1 << _c] = _c


@njit(cache=True, inline="always")
def has(maze, row, c):
    return (maze[row, c // MAX_GRID] >> (c % MAX_GRID)) & 1 == 1


@njit(cache=True, inline="always")
def put(maze, row, c):
    maze[row, c // MAX_GRID] |= 1 << (c % MAX_GRID)


@njit(cache=True)
def lay(s, maze):
    """Fill the maze's rows up to M_SEAT (a face-down tile, or one still to be oriented, and
    the chamber are open every way); returns the two secret tunnels when both lie face up,
    else (-1, -1)."""
    pyr = s.pyramid
    g = GRID[pyr]
    maze[:, :] = 0
    t0, t1 = -1, -1
    for r in range(g):
        for col in range(g):
            c = r * MAX_GRID + col
            bit = 1 << col
            k = CELL_KIND[pyr, c]
            maze[M_BOARD, r] |= bit
            ways = 15 if k == C_TILE and _unlaid(s, c) else _open(s, c)
            for d in range(4):
                if (ways >> d) & 1:
                    maze[M_OPEN + d, r] |= bit
            if k == C_CHAMBER:
                maze[M_CHAMBER, r] |= bit
            elif k != C_TILE:
                maze[M_WALK, r] |= bit
            elif not s.up[c]:
                maze[M_DOWN, r] |= bit
                maze[M_WALK, r] |= bit
            elif c != s.curse:  # the curse bars its field (and a tunnel under it)
                sym = TILE_SYMBOL[s.tile[c]]
                if (sym >= SYM_OBSTACLE and sym < SYM_MAP
                        and OBSTACLE_EFFECT[sym - SYM_OBSTACLE] != END_MOVE):
                    maze[M_BAR, r] |= bit
                else:
                    maze[M_WALK, r] |= bit
                if sym >= SYM_INSCRIPTION and sym < SYM_ITEM:
                    maze[M_COLOUR + sym - SYM_INSCRIPTION, r] |= bit
                elif sym == SYM_TUNNEL:
                    t0, t1 = c, t0
    for r in range(g):
        maze[M_WAY + N, r] = maze[M_OPEN + N, r] & (maze[M_OPEN + S, r - 1] if r > 0 else 0)
        maze[M_WAY + S, r] = maze[M_OPEN + S, r] & (maze[M_OPEN + N, r + 1] if r + 1 < g else 0)
        maze[M_WAY + E, r] = maze[M_OPEN + E, r] & (maze[M_OPEN + W, r] >> 1)
        maze[M_WAY + W, r] = maze[M_OPEN + W, r] & (maze[M_OPEN + E, r] << 1)
    return (t0, t1) if t1 >= 0 else (-1, -1)


@njit(cache=True)
def seat_walk(s, p, maze):
    """M_SEAT: the fields p's figures may walk through (M_WALK and the obstacles p holds the
    item for)."""
    maze[M_SEAT, :] = maze[M_WALK, :]
    for r in range(GRID[s.pyramid]):
        x = maze[M_BAR, r]
        while x:
            low = x & -x
            x ^= low
            o = _obstacle(s, r * MAX_GRID + LOW_BIT[low])
            if s.items[p, OBSTACLE_ITEM[o]]:
                maze[M_SEAT, r] |= low


@njit(cache=True)
def spread(s, maze, tunnels, forward, late_at, dist):
    """Breadth first over the maze's steps and the tunnels (a pair from lay) from M_FRONT's
    fields (0 steps), M_LATE's joining at late_at steps (-1: none); dist[c] = steps, -1
    where not reached. Fields are walked through only where M_SEAT says. Forward (from
    figures) a field counts once a figure may walk onto it (M_SEAT or the chamber); backward
    (from goals) every field a step away counts, a figure standing there being that far."""
    g = GRID[s.pyramid]
    dist[:] = -1
    front = maze[M_FRONT]
    new = maze[M_NEW]
    seen = maze[M_SEEN]
    walk = maze[M_SEAT]
    seen[:] = front
    _mark(front, 0, g, dist)
    t0, t1 = tunnels
    steps = 0
    going = True
    while going or steps < late_at:
        new[:] = 0
        for r in range(g):
            x = front[r]
            if x:
                new[r] |= ((x & maze[M_WAY + E, r]) << 1) | ((x & maze[M_WAY + W, r]) >> 1)
                if r > 0:
                    new[r - 1] |= x & maze[M_WAY + N, r]
                if r + 1 < g:
                    new[r + 1] |= x & maze[M_WAY + S, r]
        if t0 >= 0:
            if has(maze, M_FRONT, t0):
                put(maze, M_NEW, t1)
            if has(maze, M_FRONT, t1):
                put(maze, M_NEW, t0)
        steps += 1
        going = False
        for r in range(g):
            x = new[r] | (maze[M_LATE, r] if steps == late_at else 0)
            x &= ~seen[r] & ((walk[r] | maze[M_CHAMBER, r]) if forward else maze[M_BOARD, r])
            new[r] = x
            seen[r] |= x
            front[r] = x & walk[r]
            going |= front[r] != 0
        _mark(new, steps, g, dist)


@njit(cache=True, inline="always")
def _mark(rows, steps, g, dist):
    for r in range(g):
        x = rows[r]
        while x:
            low = x & -x
            x ^= low
            dist[r * MAX_GRID + LOW_BIT[low]] = steps
