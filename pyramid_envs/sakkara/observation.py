"""The observation of one seat: the raw position, then the at-a-glance block.

Sakkara is open information, so both blocks show the whole position. The second one holds
what a player counts off the table: each pyramid's progress, the tiles still missing and
where they lie, and what each move, space and spell would bring. Its planes line up with
the actions that name a motif (snake, build, discard), a space (setup, bird, place), a
worker and direction (move, ox) or a spell's target, so a plain network can tell the moves
apart (layout: spec.py, docs/rules/sakkara.md).
"""
from ..core.jit import njit

from .rules import (_castable, _can_build, _chunk_ok, _move_kind, _place_min,
                    _place_target_kind, _room, _worker_at)
from .spec import (AROUND, CELL_FEATURES, CUM_NEED, C_DIST, C_MISS, C_MISS_DEEP, C_MISS_STEP,
                   C_OPP_DIST, C_OPP_MISS, C_OPP_MISS_STEP, C_OPP_REACH, C_REACH, C_REACH_STAIR,
                   GLANCE_CELLS, GLANCE_MARGIN, GLANCE_MOTIFS, GLANCE_MOVES, GLANCE_SEATS,
                   GLANCE_SWEEPS, GRAIN, HAND, HANDS_FOR, MAX_DIST, MAX_HEIGHT, MOTIF_COUNT,
                   M_BOARD, M_BUILD, M_MISS, M_MISS_STEP, M_OPP_BUILD, M_OPP_MISS, M_OPP_MISS_STEP,
                   M_OPP_REACH, M_REACH, M_SPARE, M_TOP, NEED_SCALE, NEED_TOTAL, NUM_CELLS,
                   NUM_DIRS, NUM_MOTIFS, NUM_PHASES, NUM_STEPS, NUM_SWEEPS, NUM_TILES, PEND_SHOW,
                   PH_PLACE, PLAYER_FEATURES, PYRAMID_TILES, RACK_LIMIT, SEAT_GLANCE, SHIP, SIDE,
                   STACK_LIMIT, START_PLAYER, STEP, STEP_SIZE, STEP_START, S_LAID, S_MISSING,
                   S_NEEDED, S_RACK, S_SPARE, S_SPELLS, S_STEP, TOP_LAYERS, W_MISS, W_MISS_STEP,
                   W_MOVE, W_MOVE_STAIR, W_OPP_MISS, W_PUSH)

# the opponent's motif planes sit this far after one's own
OPP_MOTIF_PLANES = M_OPP_MISS - M_MISS
assert M_OPP_MISS_STEP - M_MISS_STEP == M_OPP_BUILD - M_BUILD == OPP_MOTIF_PLANES
MISSES_PER_PLANE = 3.0  # scale of the counts of tiles one misses (in a stack, in a sweep)
SPARE_SCALE = 2.0  # spare tiles of one motif: one reads 0.5, two or more 1


@njit(cache=True)
def _observe_raw(s, seat, f):
    """The position as it lies: spaces, both players, the turn (spec.RAW_SIZE values)."""
    o = 1 - seat
    placing = s.phase == PH_PLACE and not s.terminated
    best = _place_min(s, s.current_player) if placing else 0
    for c in range(NUM_CELLS):
        base = c * CELL_FEATURES
        h = s.height[c]
        f[base] = h / MAX_HEIGHT
        for j in range(TOP_LAYERS):
            if h - 1 - j >= 0:
                f[base + 1 + j * NUM_MOTIFS + s.stack[c, h - 1 - j]] = 1.0
        cb = base + 1 + TOP_LAYERS * NUM_MOTIFS
        for j in range(h):
            x = s.stack[c, j]
            f[cb + x] += 1.0 / MOTIF_COUNT[x]
        wb = cb + NUM_MOTIFS
        q = _worker_at(s, c)
        if q == seat:
            f[wb] = 1.0
        elif q == o:
            f[wb + 1] = 1.0
        if s.moved and s.wpos[s.mover, s.moved_worker] == c:
            f[wb + 2] = 1.0
        if placing and _place_target_kind(s, s.current_player, c) == best:
            f[wb + 3] = 1.0
    g = NUM_CELLS * CELL_FEATURES
    for k in range(2):
        p = seat if k == 0 else o
        n = 0
        for x in range(NUM_MOTIFS):
            f[g + x] = s.rack[p, x] / MOTIF_COUNT[x]
            n += s.rack[p, x]
            if x == SHIP:
                f[g + NUM_MOTIFS + x] = s.built[p, x]
            elif x == GRAIN:
                f[g + NUM_MOTIFS + x] = s.built[p, x] / 3.0
            elif CUM_NEED[NUM_STEPS - 1, x] > 0:
                f[g + NUM_MOTIFS + x] = s.built[p, x] / CUM_NEED[NUM_STEPS - 1, x]
        for j in range(NUM_STEPS):
            if s.done[p] > j:
                f[g + 2 * NUM_MOTIFS + j] = 1.0
        f[g + 2 * NUM_MOTIFS + NUM_STEPS] = n / NUM_TILES
        g += PLAYER_FEATURES
    f[g + s.phase] = 1.0
    g += NUM_PHASES
    f[g] = s.current_player == seat and not s.terminated
    f[g + 1] = seat == START_PLAYER
    f[g + 2] = s.mover == seat
    f[g + 3] = s.moved
    f[g + 4] = s.horse_used
    f[g + 5] = s.completed
    g += 6
    if s.moved:
        f[g + s.moved_dir] = 1.0
    g += NUM_DIRS
    n = s.pend_n - s.pend_lo
    f[g] = n / NUM_TILES
    g += 1
    for j in range(s.pend_lo, s.pend_n):
        x = s.pend[j]
        f[g + x] += 1.0 / MOTIF_COUNT[x]
    g += NUM_MOTIFS
    f[g] = min(s.lost_ship, 1)
    f[g + 1] = min(s.lost_grain / 3.0, 1.0)
    g += 2
    f[g] = min(s.turn / 500.0, 1.0)
    g += 1
    if placing:
        for k in range(1, STACK_LIMIT + 1):
            if _chunk_ok(n, k, _room(best)):
                f[g + k - 1] = 1.0
    g += STACK_LIMIT
    for j in range(PEND_SHOW):
        if s.pend_lo + j < s.pend_n:
            f[g + j * NUM_MOTIFS + s.pend[s.pend_lo + j]] = 1.0


@njit(cache=True, inline="always")
def _need_left(s, p, m, k):
    """Tiles of motif m that p must still lay out through step k (hands: still use)."""
    if m == SHIP:
        n = 1 - s.built[p, SHIP]
    elif m == GRAIN:
        n = k + 1 - s.built[p, GRAIN]
    elif m == HAND:
        n = 0
        for x in range(NUM_MOTIFS):
            n += (CUM_NEED[k, x] - s.built[p, x]) * HANDS_FOR[x]
    else:
        n = CUM_NEED[k, m] - s.built[p, m]
    return max(n, 0)


@njit(cache=True)
def _glance_seat(s, p, f, i):
    """Progress of p, the observer (i = 0) or the opponent (i = 1), and p's motif planes;
    returns the tiles p has laid out."""
    g = GLANCE_SEATS + i * SEAT_GLANCE
    mp = GLANCE_MOTIFS + i * OPP_MOTIF_PLANES * NUM_MOTIFS
    k = min(s.done[p], NUM_STEPS - 1)
    completed = s.completed and s.mover == p
    laid = 0
    needed = 0
    missing = 0
    held = 0
    spare = 0
    for m in range(NUM_MOTIFS):
        r = s.rack[p, m]
        laid += s.built[p, m]
        held += r
        need = _need_left(s, p, m, NUM_STEPS - 1)
        needed += need
        missing += max(need - r, 0)
        spare += max(r - need, 0)
        f[mp + M_MISS * NUM_MOTIFS + m] = max(need - r, 0) / NEED_SCALE[m]
        f[mp + M_MISS_STEP * NUM_MOTIFS + m] = max(_need_left(s, p, m, k) - r, 0) / NEED_SCALE[m]
        f[mp + M_BUILD * NUM_MOTIFS + m] = _can_build(s, p, m, completed)
        if i == 0:
            f[mp + M_SPARE * NUM_MOTIFS + m] = min(max(r - need, 0) / SPARE_SCALE, 1.0)
    f[g + S_LAID] = laid / PYRAMID_TILES
    if s.done[p] >= NUM_STEPS:
        f[g + S_STEP] = 1.0
    else:
        step_tiles = laid - s.built[p, SHIP] - s.built[p, GRAIN]
        f[g + S_STEP] = (step_tiles - STEP_START[k]) / STEP_SIZE[k]
    f[g + S_NEEDED] = needed / NEED_TOTAL
    f[g + S_MISSING] = missing / NEED_TOTAL
    f[g + S_RACK] = min(held / RACK_LIMIT, 1.0)
    f[g + S_SPARE] = min(spare / RACK_LIMIT, 1.0)
    for sp in range(4):
        f[g + S_SPELLS + sp] = _castable(s, p, sp)
    return laid


@njit(cache=True, inline="always")
def _top(s, c):
    return s.stack[c, s.height[c] - 1] if s.height[c] > 0 else -1


@njit(cache=True, inline="always")
def _misses(f, plane, x):
    """Does the motif plane (filled by _glance_seat) say that tile x is missing?"""
    return x >= 0 and f[GLANCE_MOTIFS + plane * NUM_MOTIFS + x] > 0


@njit(cache=True)
def _distances(s, p, f, plane):
    """Manhattan distance from each space to p's nearer placed worker / MAX_DIST (1: none)."""
    far = -4 * SIDE  # an unplaced worker stands far off the board
    r0 = s.wpos[p, 0] // SIDE if s.wpos[p, 0] >= 0 else far
    q0 = s.wpos[p, 0] % SIDE if s.wpos[p, 0] >= 0 else far
    r1 = s.wpos[p, 1] // SIDE if s.wpos[p, 1] >= 0 else far
    q1 = s.wpos[p, 1] % SIDE if s.wpos[p, 1] >= 0 else far
    for r in range(SIDE):
        for q in range(SIDE):
            d = min(abs(r - r0) + abs(q - q0), abs(r - r1) + abs(q - q1), MAX_DIST)
            f[plane + r * SIDE + q] = d / MAX_DIST


@njit(cache=True)
def _glance_cells(s, seat, f):
    """The space planes and the board's motif counts."""
    tops = GLANCE_MOTIFS + M_TOP * NUM_MOTIFS
    board = GLANCE_MOTIFS + M_BOARD * NUM_MOTIFS
    for c in range(NUM_CELLS):
        h = s.height[c]
        x = _top(s, c)
        cell = GLANCE_CELLS + c
        if x >= 0:
            f[tops + x] += 1.0
            f[cell + C_MISS * NUM_CELLS] = _misses(f, M_MISS, x)
            f[cell + C_MISS_STEP * NUM_CELLS] = _misses(f, M_MISS_STEP, x)
            f[cell + C_OPP_MISS * NUM_CELLS] = _misses(f, M_OPP_MISS, x)
            f[cell + C_OPP_MISS_STEP * NUM_CELLS] = _misses(f, M_OPP_MISS_STEP, x)
        deep = 0
        for j in range(h):
            y = s.stack[c, j]
            f[board + y] += 1.0
            deep += _misses(f, M_MISS, y)
        f[cell + C_MISS_DEEP * NUM_CELLS] = min(deep / MISSES_PER_PLANE, 1.0)
    for m in range(NUM_MOTIFS):
        f[tops + m] /= MOTIF_COUNT[m]
        f[board + m] /= MOTIF_COUNT[m]
    _distances(s, seat, f, GLANCE_CELLS + C_DIST * NUM_CELLS)
    _distances(s, 1 - seat, f, GLANCE_CELLS + C_OPP_DIST * NUM_CELLS)


@njit(cache=True, inline="always")
def _count_half(f, j):
    """Counts ÷ 2, capped at 1: two reachable tiles of a motif are as good as more."""
    f[j] = min(f[j] + 0.5, 1.0)


@njit(cache=True)
def _glance_moves(s, seat, f):
    """Where each worker's compulsory move could go and what it brings (both seats' reach,
    seat's moves one by one), and how many tiles seat's ox could push that way."""
    for p in (seat, 1 - seat):
        for w in range(2):
            pos = s.wpos[p, w]
            if pos < 0:
                continue
            for d in range(NUM_DIRS):
                kind = _move_kind(s, p, w, d)
                dest = STEP[pos, d]
                if p != seat:
                    if kind > 0:
                        f[GLANCE_CELLS + C_OPP_REACH * NUM_CELLS + dest] = 1.0
                    continue
                i = GLANCE_MOVES + w * NUM_DIRS + d
                plane = 2 * NUM_DIRS
                if kind > 0:
                    x = _top(s, dest)
                    reach = C_REACH if kind == 1 else C_REACH_STAIR
                    f[GLANCE_CELLS + reach * NUM_CELLS + dest] = 1.0
                    f[i + (W_MOVE if kind == 1 else W_MOVE_STAIR) * plane] = 1.0
                    f[i + W_MISS * plane] = _misses(f, M_MISS, x)
                    f[i + W_MISS_STEP * plane] = _misses(f, M_MISS_STEP, x)
                    f[i + W_OPP_MISS * plane] = _misses(f, M_OPP_MISS, x)
                nx = STEP[dest, d] if dest >= 0 else -1
                if nx >= 0 and _worker_at(s, dest) < 0 and _worker_at(s, nx) < 0:
                    f[i + W_PUSH * plane] = max(s.height[dest] - s.height[nx], 0) / STACK_LIMIT
    for c in range(NUM_CELLS):
        x = _top(s, c)
        if x < 0:
            continue
        cell = GLANCE_CELLS + c
        if f[cell + C_REACH * NUM_CELLS] > 0 or f[cell + C_REACH_STAIR * NUM_CELLS] > 0:
            _count_half(f, GLANCE_MOTIFS + M_REACH * NUM_MOTIFS + x)
        if f[cell + C_OPP_REACH * NUM_CELLS] > 0:
            _count_half(f, GLANCE_MOTIFS + M_OPP_REACH * NUM_MOTIFS + x)


@njit(cache=True)
def _glance_sweeps(s, seat, f):
    """What each firestorm (worker x row, column) and whirlwind (worker) of seat would take."""
    for t in range(NUM_SWEEPS):
        pos = s.wpos[seat, t // 2 if t < 4 else t - 4]
        if pos < 0:
            continue
        taken = 0
        missed = 0
        for j in range(SIDE if t < 4 else 8):
            if t >= 4:
                c = AROUND[pos, j]
            elif t % 2 == 0:
                c = pos // SIDE * SIDE + j
            else:
                c = j * SIDE + pos % SIDE
            if c < 0 or c == pos or _worker_at(s, c) >= 0 or s.height[c] == 0:
                continue
            taken += 1
            missed += _misses(f, M_MISS, _top(s, c))
        f[GLANCE_SWEEPS + t] = taken / (SIDE - 1 if t < 4 else 8)
        f[GLANCE_SWEEPS + NUM_SWEEPS + t] = min(missed / MISSES_PER_PLANE, 1.0)


@njit(cache=True)
def _observe_one(s, seat, f):
    f[:] = 0.0
    _observe_raw(s, seat, f)
    laid = _glance_seat(s, seat, f, 0)
    laid_opp = _glance_seat(s, 1 - seat, f, 1)
    f[GLANCE_MARGIN] = 0.5 + (laid - laid_opp) / (2.0 * PYRAMID_TILES)
    _glance_cells(s, seat, f)
    _glance_moves(s, seat, f)
    _glance_sweeps(s, seat, f)


@njit(cache=True)
def observe(states, seats, out):
    for b in range(states.shape[0]):
        _observe_one(states[b], seats[b], out[b])
