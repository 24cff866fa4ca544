"""The labyrinth as the heuristic reads it (heuristic.py), on bit masks, for the glance:
distance fields to a set of goals (as heuristic._goal_dist over heuristic._goal_edges) and
where a move can go (as heuristic._reachable), the same numbers faster.

A mask has bit x for cell x and bit CAMP for the base camp: a step of a whole set of
places in one direction is one shift, so a search does a few dozen word operations per
point of distance instead of visiting every place and move. Masks are int64, not uint64:
37 bits fit, and numba turns int64-uint64 arithmetic into float64. Movement points are
whole numbers, so both searches go point by point (Dial's buckets), and a place's
distance is the point at which it first turns up.
"""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from ..core.jit import njit

from .heuristic import INF, MUMMY_PENALTY, NPOS, WALL, _enter_cost, _exits
from .paths import _cost, _stopper
from .spec import CAMP, GRAVE, NB, NUM_CARDS, NUM_CELLS, OFF, SIDE
from .state import STATE

CAMP_BIT = 1 << CAMP
CELL_BITS = (1 << NUM_CELLS) - 1
ALL_BITS = (1 << NPOS) - 1
FAR = int(INF)  # points: no distance is this or more
SPARE = NPOS  # no place: a search's result has room for it (see `_write_level`)
PLACES = NPOS + 1  # the length of a search's result
GRAVE_BIT = 1 << GRAVE
# a step north is 1 << SIDE, east 1 << 1, south 1 >> SIDE, west 1 >> 1 inside the grid
assert [NB[7, d] - 7 for d in range(4)] == [SIDE, 1, -SIDE, -1]


def _cells_where(test):
    """By direction: the cells whose neighbour passes `test`."""
    return np.array([sum(1 << x for x in range(NUM_CELLS) if test(NB[x, d])) for d in range(4)],
                    np.int64)


IN_GRID = _cells_where(lambda n: 0 <= n < NUM_CELLS)
TO_CAMP_FREE = _cells_where(lambda n: n == OFF or n == CAMP)  # leaving the pyramid: home
TO_CAMP_LOAD = _cells_where(lambda n: n == CAMP)  # a carrier: only by a1's west side
CAMP_NEXT = np.array([1 << NB[CAMP, d] if NB[CAMP, d] >= 0 else 0 for d in range(4)], np.int64)


def _cell_codes():
    """What the heuristic and the paths make of a cell depends on its card, face and
    rotation only (and on the mummy, the grave: see `read_board`), so it is a table, indexed
    [face up, card + 1, rotation], filled by their own functions on a probe record:
    exits (bits 0-3), enter cost (4-7), costs 2 to step on (8), stops a move (9), and the
    enter cost once more, as bit 10 + its rank among the cells' enter costs (CELL_ENTERS)."""
    probe = np.zeros(1, STATE).view(np.recarray)[0]
    c = NUM_CELLS - 2  # neither the grave nor the mummy's (asleep)
    codes = np.zeros((2, NUM_CARDS + 1, 4), np.int64)
    for up in range(2):
        for card in range(-1, NUM_CARDS):
            for rot in range(4):
                probe.cell_up[c], probe.cell_card[c], probe.cell_rot[c] = up, card, rot
                enter = _enter_cost.py_func(probe, c)
                assert enter == int(enter)
                codes[up, card + 1, rot] = (int(_exits.py_func(probe, c)) | int(enter) << 4
                                            | int(_cost.py_func(probe, c) == 2) << 8
                                            | int(_stopper.py_func(probe, c)) << 9)
    enters = np.unique(codes >> 4 & 15)
    codes |= 1 << 10 + np.searchsorted(enters, codes >> 4 & 15)
    return enters, codes, int(_exits.py_func(probe, CAMP)), int(_enter_cost.py_func(probe, CAMP))


CELL_ENTERS, CELL_CODE, CAMP_EXITS, CAMP_ENTER = _cell_codes()
# read_board gathers the cells of each enter cost in a local of its own: bits ORed into
# one word of memory after another made every cell wait on the one before
assert len(CELL_ENTERS) == 3
MUMMY_EXTRA = int(MUMMY_PENALTY)
WALL_POINTS = int(WALL)
ENTER_COSTS = np.array(sorted({CAMP_ENTER} | {int(e) for e in CELL_ENTERS}
                              | {int(e) + MUMMY_EXTRA for e in CELL_ENTERS}))
ENTER_MAX = int(ENTER_COSTS[-1])
assert MUMMY_EXTRA == MUMMY_PENALTY and WALL_POINTS == WALL
# distance_field keeps the fronts of the last ENTER_MAX points and the places entered over
# the last WALL points in locals (a ring of buckets in memory made each point wait on the
# stores of the one before), so it spells the costs out: face-up paths and the camp 1,
# face-down cards 2, face-up specials 5, each 4 more on the mummy's space
assert tuple(ENTER_COSTS) == (1, 2, 5, 6, 9) and WALL_POINTS == 4
# int64 scratch: by direction, the cells left that way onto a cell by their paths, then
# against them; the cells left into the camp by their paths, against them (free, then
# carrying); the cells the camp is left onto; by enter cost, the places; the places that
# cost 2 to step on, that end a move, that cannot be entered
B_OPEN = 0
B_WALL = B_OPEN + 4
B_HOME = B_WALL + 4
B_CAMP_NEXT = B_HOME + 4
B_ENTER = B_CAMP_NEXT + 1
B_DEAR = B_ENTER + ENTER_MAX + 1
B_STOP = B_DEAR + 1
B_BARRED = B_STOP + 1
B_SIZE = B_BARRED + 1


@njit(cache=True, inline="always")
def place_of(bit):
    """x for the mask 1 << x."""
    return trailing_zeros(bit)


@njit(cache=True, inline="always")
def _write_level(m, t, out):
    """out[x] = t for the places x in mask m; out[SPARE] is scratch. Most levels hold a
    place or two: two are written without a branch (an empty mask writes SPARE), as the
    loop's exit, after a different count each time, was mostly mispredicted."""
    for _ in range(2):
        low = m & -m
        out[place_of(low | _spread(int(m == 0)) & 1 << SPARE)] = t
        m ^= low
    while m:
        low = m & -m
        out[place_of(low)] = t
        m ^= low


@njit(cache=True, inline="always")
def _onto(m, north, east, south, west):
    """The cells stepped onto from the cells of m that are in `north` northwards, ..."""
    return (m & north) << SIDE | (m & east) << 1 | (m & south) >> SIDE | (m & west) >> 1


@njit(cache=True, inline="always")
def _into(m, north, east, south, west):
    """The cells of `north` that a step northwards takes into m, ... (inverse of `_onto`)."""
    m &= CELL_BITS
    return m >> SIDE & north | m >> 1 & east | m << SIDE & south | m << 1 & west


@njit(cache=True, inline="always")
def _spread(bit):
    """All ones where bit (0 or 1) is 1: a mask kept or cleared without a branch."""
    return -bit


@njit(cache=True, inline="always")
def _code(s, c):
    return CELL_CODE[int(s.cell_up[c] != 0), s.cell_card[c] + 1, s.cell_rot[c]]


@njit(cache=True)
def read_board(s, bb):
    """Read the labyrinth off the record into bb (B_OPEN .. B_BARRED)."""
    exits0 = exits1 = exits2 = exits3 = 0
    enter0 = enter1 = enter2 = 0
    dear = 0
    stop = 0
    for c in range(NUM_CELLS):
        code = _code(s, c)
        exits0 |= (code & 1) << c
        exits1 |= (code >> 1 & 1) << c
        exits2 |= (code >> 2 & 1) << c
        exits3 |= (code >> 3 & 1) << c
        dear |= (code >> 8 & 1) << c
        stop |= (code >> 9 & 1) << c
        enter0 |= (code >> 10 & 1) << c
        enter1 |= (code >> 11 & 1) << c
        enter2 |= (code >> 12 & 1) << c
    for e in range(ENTER_MAX + 1):
        bb[B_ENTER + e] = 0
    bb[B_ENTER + CELL_ENTERS[0]] = enter0
    bb[B_ENTER + CELL_ENTERS[1]] = enter1
    bb[B_ENTER + CELL_ENTERS[2]] = enter2
    for d in range(4):
        exits = (exits0, exits1, exits2, exits3)[d]
        bb[B_OPEN + d] = IN_GRID[d] & exits
        bb[B_WALL + d] = IN_GRID[d] & ~exits
    for carrying in range(2):
        to_camp = TO_CAMP_LOAD if carrying else TO_CAMP_FREE
        bb[B_HOME + 2 * carrying] = (to_camp[0] & exits0 | to_camp[1] & exits1
                                     | to_camp[2] & exits2 | to_camp[3] & exits3)
        bb[B_HOME + 2 * carrying + 1] = (to_camp[0] & ~exits0 | to_camp[1] & ~exits1
                                         | to_camp[2] & ~exits2 | to_camp[3] & ~exits3)
    bb[B_CAMP_NEXT] = 0
    for d in range(4):
        if (CAMP_EXITS >> d) & 1:
            bb[B_CAMP_NEXT] |= CAMP_NEXT[d]
    bb[B_ENTER + (_code(s, GRAVE) >> 4 & 15)] &= ~GRAVE_BIT  # never entered
    barred = GRAVE_BIT
    if s.awake and s.mummy != GRAVE:  # the mummy's space: entered at a penalty by a field
        m = s.mummy
        e = _code(s, m) >> 4 & 15
        bb[B_ENTER + e] &= ~(1 << m)
        bb[B_ENTER + e + MUMMY_EXTRA] |= 1 << m
        barred |= 1 << m
    bb[B_ENTER + CAMP_ENTER] |= CAMP_BIT
    bb[B_DEAR] = dear
    bb[B_STOP] = stop
    bb[B_BARRED] = barred


@njit(cache=True)
def distance_field(bb, goals, carrying, dist, within=FAR):
    """dist[x] (dist: PLACES long): points from standing on x to entering one of `goals` (a
    mask), INF where `within` or more (INF at most), as heuristic._goal_dist over
    heuristic._goal_edges(carrying) finds them.
    Backwards from the goals: at point u, the places that enter a place settled at u - e
    (e its enter cost) by its paths, or at u - e - WALL against them."""
    if goals == 0:
        _write_level(ALL_BITS, INF, dist)
        return
    enter1, enter2, enter5 = bb[B_ENTER + 1], bb[B_ENTER + 2], bb[B_ENTER + 5]
    enter6, enter9 = bb[B_ENTER + 6], bb[B_ENTER + 9]
    open_n, open_e, open_s, open_w = bb[B_OPEN], bb[B_OPEN + 1], bb[B_OPEN + 2], bb[B_OPEN + 3]
    wall_n, wall_e, wall_s, wall_w = bb[B_WALL], bb[B_WALL + 1], bb[B_WALL + 2], bb[B_WALL + 3]
    home_open = bb[B_HOME + 2 * carrying]
    home_wall = bb[B_HOME + 2 * carrying + 1]
    camp_next = bb[B_CAMP_NEXT]
    front1 = goals  # front_k: the places whose need (0 on a goal) is u - k
    front2 = front3 = front4 = front5 = front6 = front7 = front8 = front9 = 0
    entered1 = entered2 = entered3 = entered4 = 0  # entered_k: with u - k points to go
    done = 0
    for u in range(1, within):
        entered = (enter1 & front1 | enter2 & front2 | enter5 & front5 | enter6 & front6
                   | enter9 & front9)
        walled = entered4
        new = (_into(entered, open_n, open_e, open_s, open_w)
               | _into(walled, wall_n, wall_e, wall_s, wall_w)
               | home_open & _spread(entered >> CAMP & 1) | home_wall & _spread(walled >> CAMP & 1)
               | CAMP_BIT & _spread(int((entered & camp_next) != 0)))
        new &= ~done
        done |= new
        _write_level(new, float(u), dist)
        entered4, entered3, entered2, entered1 = entered3, entered2, entered1, entered
        front9, front8, front7, front6, front5 = front8, front7, front6, front5, front4
        front4, front3, front2, front1 = front3, front2, front1, new & ~goals  # goals: front 0
        if done == ALL_BITS:  # every place reaches a goal: common, and then it is over
            return
    _write_level(ALL_BITS & ~done, INF, dist)  # each place is written once


@njit(cache=True)
def move_reach(bb, start, pts, tok, any_dir, carrying, cost):
    """cost[x] (cost: PLACES long): the fewest points a move from start with pts points takes
    to x, with the secret passage (tok: one at hand) kept or used, as heuristic._reachable
    finds them; INF out of reach. any_dir: start is left in any direction. Returns the
    places reached."""
    for x in range(NPOS):
        cost[x] = INF
    sb = 1 << start
    ends = (bb[B_STOP] | CAMP_BIT) & ~sb  # a move goes no further from these
    dear = bb[B_DEAR]
    barred = bb[B_BARRED]
    free = _spread(1 if any_dir else 0) & sb  # the start, when left in any direction
    open_n, open_e = bb[B_OPEN] | free & IN_GRID[0], bb[B_OPEN + 1] | free & IN_GRID[1]
    open_s, open_w = bb[B_OPEN + 2] | free & IN_GRID[2], bb[B_OPEN + 3] | free & IN_GRID[3]
    wall_n, wall_e = bb[B_WALL] & ~free, bb[B_WALL + 1] & ~free
    wall_s, wall_w = bb[B_WALL + 2] & ~free, bb[B_WALL + 3] & ~free
    to_camp = TO_CAMP_LOAD if carrying else TO_CAMP_FREE
    home_open = bb[B_HOME + 2 * carrying] | free & (to_camp[0] | to_camp[1] | to_camp[2]
                                                    | to_camp[3])
    home_wall = bb[B_HOME + 2 * carrying + 1] & ~free
    camp_next = bb[B_CAMP_NEXT] | (free >> CAMP & 1) * (CAMP_NEXT[0] | CAMP_NEXT[1]
                                                        | CAMP_NEXT[2] | CAMP_NEXT[3])
    # the places due at t points and those pending at t + 1 (a dear step, two points), with
    # the secret passage still at hand (1) or not (0): locals, not a ring in memory, where
    # each point waited on the stores of the one before
    due1 = sb if tok else 0
    due0 = 0 if tok else sb
    pending1 = pending0 = 0
    seen1 = seen0 = reached = 0
    for t in range(max(pts, 0) + 1):
        new1 = due1 & ~seen1
        seen1 |= new1
        _write_level(new1 & ~reached, float(t), cost)
        reached |= new1
        new0 = due0 & ~seen0
        seen0 |= new0
        _write_level(new0 & ~reached, float(t), cost)
        reached |= new0
        go1 = new1 & ~ends
        go0 = new0 & ~ends
        # stepped onto by the paths, and through a wall with the passage (then used)
        kept1 = (_onto(go1, open_n, open_e, open_s, open_w)
                 | CAMP_BIT & _spread(int((go1 & home_open) != 0))
                 | camp_next & _spread(go1 >> CAMP & 1)) & ~barred
        kept0 = (_onto(go0, open_n, open_e, open_s, open_w)
                 | CAMP_BIT & _spread(int((go0 & home_open) != 0))
                 | camp_next & _spread(go0 >> CAMP & 1)) & ~barred
        passed = (_onto(go1, wall_n, wall_e, wall_s, wall_w)
                  | CAMP_BIT & _spread(int((go1 & home_wall) != 0))) & ~barred
        kept0 |= passed
        due1, pending1 = pending1 | kept1 & ~dear, kept1 & dear
        due0, pending0 = pending0 | kept0 & ~dear, kept0 & dear
    return reached
