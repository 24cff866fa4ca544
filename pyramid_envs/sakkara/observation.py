"""The observation of one seat: the raw position, then the at-a-glance block.

Sakkara is open information, so both blocks show the whole position. The second one holds
what a player counts off the table: each pyramid's progress, the tiles still missing and
where they lie, and what each move, space and spell would bring. Its planes line up with
the actions that name a motif (snake, build, discard), a space (setup, bird, place), a
worker and direction (move, ox) or a spell's target, so a plain network can tell the moves
apart (layout: spec.py, docs/rules/sakkara.md).
"""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ..core.bits import bit_count
from ..core.jit import njit

from .rules import (_castable, _can_build, _chunk_ok, _move_kind, _place_target_kind,
                    _room)
from .spec import (AROUND, CELL_FEATURES, CUM_NEED, C_DIST, C_MISS, C_MISS_DEEP, C_MISS_STEP,
                   C_OPP_DIST, C_OPP_MISS, C_OPP_MISS_STEP, C_OPP_REACH, C_REACH, C_REACH_STAIR,
                   GLANCE_CELLS, GLANCE_MARGIN, GLANCE_MOTIFS, GLANCE_MOVES, GLANCE_SEATS,
                   GLANCE_SWEEPS, GRAIN, HAND, HANDS_FOR, MAX_DIST, MAX_HEIGHT, MOTIF_COUNT,
                   M_BOARD, M_BUILD, M_MISS, M_MISS_STEP, M_OPP_BUILD, M_OPP_MISS, M_OPP_MISS_STEP,
                   M_OPP_REACH, M_REACH, M_SPARE, M_TOP, NEED, NEED_SCALE, NEED_TOTAL, NUM_CELLS,
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
# a space's last features, from this offset: own worker, opponent's, the worker that moved,
# a legal target for the stack being placed
WORKERS = 1 + TOP_LAYERS * NUM_MOTIFS + NUM_MOTIFS
NO_WORKER = NUM_CELLS  # the row of DIST_FRAC for a worker not yet placed

# A state's observation takes some hundreds of scaled counts; a division costs several times
# a load, so each is read from a table of the float32 the division gives. Counts of one motif
# never exceed its total (MOTIF_COUNT.max() tiles), nor tiles in a stack MAX_HEIGHT.
_PER_MOTIF = np.arange(int(MOTIF_COUNT.max()) + 1)
_PER_STACK = np.arange(MAX_HEIGHT + 1)
TILE_SHARE = 1.0 / MOTIF_COUNT  # one tile of each motif ÷ its total, summed per space
COUNT_FRAC = (_PER_MOTIF / MOTIF_COUNT[:, None]).astype(np.float32)  # [motif, n]: n ÷ total
# NEED_THROUGH[k, m]: tiles of motif m the pyramid takes through step k (the ship, a grain per
# step, the step tiles, the hands used with them); NEED_THROUGH[-1] is spec.NEED
NEED_THROUGH = CUM_NEED.astype(np.int64)
NEED_THROUGH[:, SHIP] = 1
NEED_THROUGH[:, GRAIN] = np.arange(1, NUM_STEPS + 1)
NEED_THROUGH[:, HAND] = CUM_NEED @ HANDS_FOR.astype(np.int64)
assert (NEED_THROUGH[-1] == NEED).all()
# the pyramid by motif: the ship 0/1, grains ÷ 3, the others ÷ the pyramid's need (0 if none)
_PYRAMID_SCALE = CUM_NEED[NUM_STEPS - 1].astype(np.float64)
_PYRAMID_SCALE[SHIP] = 1.0
_PYRAMID_SCALE[GRAIN] = 3.0
BUILT_FRAC = np.where(_PYRAMID_SCALE[:, None] > 0,
                      _PER_MOTIF / np.maximum(_PYRAMID_SCALE, 1.0)[:, None], 0.0).astype(np.float32)
MISS_FRAC = (_PER_MOTIF / NEED_SCALE[:, None]).astype(np.float32)  # [motif, n]: n ÷ NEED_SCALE
SPARE_FRAC = np.minimum(_PER_MOTIF / SPARE_SCALE, 1.0).astype(np.float32)
HEIGHT_FRAC = (_PER_STACK / MAX_HEIGHT).astype(np.float32)
MISSES_FRAC = np.minimum(_PER_STACK / MISSES_PER_PLANE, 1.0).astype(np.float32)
PUSH_FRAC = (_PER_STACK / STACK_LIMIT).astype(np.float32)
# DIST_FRAC[a, c]: Manhattan distance from a to c ÷ MAX_DIST; row NO_WORKER reads 1
_ROW, _COL = np.divmod(np.arange(NUM_CELLS), SIDE)
_DIST = np.abs(_ROW[:, None] - _ROW) + np.abs(_COL[:, None] - _COL)
DIST_FRAC = np.vstack([_DIST / MAX_DIST, np.ones(NUM_CELLS)]).astype(np.float32)
# SWEEP_AREA[t, c]: the spaces, as bits, that sweep t (firestorm worker x (row, column),
# whirlwind worker) of a worker on c would sweep, c itself left out
SWEEP_AREA = np.zeros((NUM_SWEEPS, NUM_CELLS), np.int64)
for _t in range(NUM_SWEEPS):
    for _c in range(NUM_CELLS):
        if _t >= 4:
            _area = [_a for _a in AROUND[_c] if _a >= 0]
        elif _t % 2 == 0:
            _area = [_ROW[_c] * SIDE + _j for _j in range(SIDE)]
        else:
            _area = [_j * SIDE + _COL[_c] for _j in range(SIDE)]
        SWEEP_AREA[_t, _c] = sum(1 << int(_a) for _a in _area if _a != _c)
# the spaces a sweep can take at most: a row or column but the caster's, or the 8 around
SWEEP_SPACES = np.array([SIDE - 1] * 4 + [8] * (NUM_SWEEPS - 4), np.float64)


@njit(cache=True, inline="always")
def _observe_raw(s, seat, f):
    """The position as it lies: spaces, both players, the turn (spec.RAW_SIZE values), but
    the tiles of the stacks (_observe_stacks)."""
    placing = s.phase == PH_PLACE and not s.terminated
    for c in range(NUM_CELLS):
        f[c * CELL_FEATURES] = HEIGHT_FRAC[s.height[c]]
    # the lowest spaces the placer may use (as rules._place_min finds them), one query a space
    best = 127
    at_best = 0
    if placing:
        for c in range(NUM_CELLS):
            kind = _place_target_kind(s, s.current_player, c)
            if kind > 0 and kind < best:
                best = kind
                at_best = 0
            if kind == best:
                at_best |= 1 << c
    while at_best:
        f[trailing_zeros(at_best) * CELL_FEATURES + WORKERS + 3] = 1.0
        at_best &= at_best - 1
    # the workers' spaces, from the four positions rather than a search of every space
    for p in range(2):
        for w in range(2):
            c = s.wpos[p, w]
            if c >= 0:
                f[c * CELL_FEATURES + WORKERS + (p != seat)] = 1.0
    if s.moved:
        f[s.wpos[s.mover, s.moved_worker] * CELL_FEATURES + WORKERS + 2] = 1.0
    g = NUM_CELLS * CELL_FEATURES
    for k in range(2):
        p = seat if k == 0 else 1 - seat
        n = 0
        for x in range(NUM_MOTIFS):
            f[g + x] = COUNT_FRAC[x, s.rack[p, x]]
            f[g + NUM_MOTIFS + x] = BUILT_FRAC[x, s.built[p, x]]
            n += s.rack[p, x]
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
        f[g + x] += TILE_SHARE[x]
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
def _glance_seat(s, p, f, i):
    """Progress of p, the observer (i = 0) or the opponent (i = 1), and p's motif planes;
    returns the tiles p has laid out and the motifs p misses (all, for the step) as bits."""
    g = GLANCE_SEATS + i * SEAT_GLANCE
    mp = GLANCE_MOTIFS + i * OPP_MOTIF_PLANES * NUM_MOTIFS
    k = min(s.done[p], NUM_STEPS - 1)
    completed = s.completed and s.mover == p
    hands = 0  # helping hands used for the tiles p laid out
    for m in range(NUM_MOTIFS):
        hands += s.built[p, m] * HANDS_FOR[m]
    laid = 0
    needed = 0
    missing = 0
    held = 0
    spare = 0
    misses = 0
    misses_step = 0
    for m in range(NUM_MOTIFS):
        r = s.rack[p, m]
        laid += s.built[p, m]
        held += r
        used = s.built[p, m] + (hands if m == HAND else 0)
        need = max(NEED_THROUGH[NUM_STEPS - 1, m] - used, 0)
        need_step = max(NEED_THROUGH[k, m] - used, 0)
        miss = max(need - r, 0)
        miss_step = max(need_step - r, 0)
        needed += need
        missing += miss
        spare += max(r - need, 0)
        f[mp + M_MISS * NUM_MOTIFS + m] = MISS_FRAC[m, miss]
        f[mp + M_MISS_STEP * NUM_MOTIFS + m] = MISS_FRAC[m, miss_step]
        # a build takes the tile from the rack: most motifs are not there, and skip the call
        f[mp + M_BUILD * NUM_MOTIFS + m] = r > 0 and _can_build(s, p, m, completed)
        if i == 0:
            f[mp + M_SPARE * NUM_MOTIFS + m] = SPARE_FRAC[max(r - need, 0)]
        misses |= (miss > 0) << m
        misses_step |= (miss_step > 0) << m
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
    return laid, misses, misses_step


@njit(cache=True, inline="always")
def _top(s, c):
    """The top tile of c, -1 none (the stack holds -1 above its top: no branch needed)."""
    return s.stack[c, max(s.height[c] - 1, 0)]


@njit(cache=True, inline="always")
def _misses(motifs, x):
    """Is tile x (-1: none) of a motif among the bits `motifs` (from _glance_seat)?"""
    return x >= 0 and (motifs >> x) & 1 == 1


@njit(cache=True, inline="always")
def _observe_stacks(s, f, misses, misses_step, opp_misses, opp_misses_step):
    """The tiles of the stacks: per space the top three and the counts by motif (raw block),
    the motif planes of tops and of the board, and the space planes of missed tiles (misses:
    the motifs each seat misses, as bits, from _glance_seat). Returns the spaces holding tiles
    and those whose top tile the seat misses, as bits (for the sweeps).

    Stacks are mostly 0 to 2 tiles high at random, so a loop over a stack's tiles per space
    mispredicts its end at nearly every space; the tiles are walked layer by layer instead,
    over bitboards of the spaces at least that high, whose loops end once per layer."""
    tops = GLANCE_MOTIFS + M_TOP * NUM_MOTIFS
    board = GLANCE_MOTIFS + M_BOARD * NUM_MOTIFS
    deep = GLANCE_CELLS + C_MISS_DEEP * NUM_CELLS
    stacked = 0
    for c in range(NUM_CELLS):
        stacked |= (s.height[c] > 0) << c
    layer = stacked
    j = 0
    while layer:  # the spaces holding a j-th tile (from the bottom)
        higher = 0
        while layer:
            c = trailing_zeros(layer)
            layer &= layer - 1
            h = s.height[c]
            y = s.stack[c, j]
            base = c * CELL_FEATURES
            if h - 1 - j < TOP_LAYERS:
                f[base + 1 + (h - 1 - j) * NUM_MOTIFS + y] = 1.0
            f[base + 1 + TOP_LAYERS * NUM_MOTIFS + y] += TILE_SHARE[y]
            f[board + y] += 1.0
            f[deep + c] += (misses >> y) & 1  # a count, scaled below
            higher |= (h > j + 1) << c
        layer = higher
        j += 1
    missed_tops = 0
    layer = stacked
    while layer:
        c = trailing_zeros(layer)
        layer &= layer - 1
        x = s.stack[c, s.height[c] - 1]
        cell = GLANCE_CELLS + c
        f[tops + x] += 1.0
        f[cell + C_MISS * NUM_CELLS] = (misses >> x) & 1
        f[cell + C_MISS_STEP * NUM_CELLS] = (misses_step >> x) & 1
        f[cell + C_OPP_MISS * NUM_CELLS] = (opp_misses >> x) & 1
        f[cell + C_OPP_MISS_STEP * NUM_CELLS] = (opp_misses_step >> x) & 1
        f[deep + c] = MISSES_FRAC[int(f[deep + c])]
        missed_tops |= ((misses >> x) & 1) << c
    for m in range(NUM_MOTIFS):  # the counts, scaled
        f[tops + m] = COUNT_FRAC[m, int(f[tops + m])]
        f[board + m] = COUNT_FRAC[m, int(f[board + m])]
    return stacked, missed_tops


@njit(cache=True, inline="always")
def _distances(s, seat, f):
    """Per space the distance to each seat's nearer worker: the nearer of two rows of
    DIST_FRAC."""
    near = np.int64(s.wpos[seat, 0]) if s.wpos[seat, 0] >= 0 else NO_WORKER
    near1 = np.int64(s.wpos[seat, 1]) if s.wpos[seat, 1] >= 0 else NO_WORKER
    far = np.int64(s.wpos[1 - seat, 0]) if s.wpos[1 - seat, 0] >= 0 else NO_WORKER
    far1 = np.int64(s.wpos[1 - seat, 1]) if s.wpos[1 - seat, 1] >= 0 else NO_WORKER
    for c in range(NUM_CELLS):
        cell = GLANCE_CELLS + c
        f[cell + C_DIST * NUM_CELLS] = min(DIST_FRAC[near, c], DIST_FRAC[near1, c])
        f[cell + C_OPP_DIST * NUM_CELLS] = min(DIST_FRAC[far, c], DIST_FRAC[far1, c])


@njit(cache=True, inline="always")
def _count_top_reached(s, f, plane, reached, c):
    """Count c's top tile on the motif plane (÷ 2, capped at 1: two reachable tiles of a
    motif are as good as more) once however many moves reach c; returns the spaces counted."""
    fresh = ((reached >> c) & 1 == 0) & (s.height[c] > 0)
    j = GLANCE_MOTIFS + plane * NUM_MOTIFS + max(_top(s, c), 0)
    f[j] = min(f[j] + 0.5 * fresh, 1.0)  # without a branch: a space seen or empty adds 0
    return reached | (1 << c)


@njit(cache=True, inline="always")
def _glance_moves(s, seat, f, misses, misses_step, opp_misses, occupied):
    """Where each worker's compulsory move could go and what it brings (both seats' reach,
    seat's moves one by one), and how many tiles seat's ox could push that way."""
    reached = 0
    opp_reached = 0
    for p in (seat, 1 - seat):
        for w in range(2):
            pos = s.wpos[p, w]
            if pos < 0:
                continue
            for d in range(NUM_DIRS):
                dest = STEP[pos, d]
                if dest < 0:  # neither a move nor a push off the board
                    continue
                kind = _move_kind(s, p, w, d)
                if p != seat:
                    if kind > 0:
                        f[GLANCE_CELLS + C_OPP_REACH * NUM_CELLS + dest] = 1.0
                        opp_reached = _count_top_reached(s, f, M_OPP_REACH, opp_reached, dest)
                    continue
                i = GLANCE_MOVES + w * NUM_DIRS + d
                plane = 2 * NUM_DIRS
                if kind > 0:
                    x = _top(s, dest)
                    reach = C_REACH if kind == 1 else C_REACH_STAIR
                    f[GLANCE_CELLS + reach * NUM_CELLS + dest] = 1.0
                    f[i + (W_MOVE if kind == 1 else W_MOVE_STAIR) * plane] = 1.0
                    f[i + W_MISS * plane] = _misses(misses, x)
                    f[i + W_MISS_STEP * plane] = _misses(misses_step, x)
                    f[i + W_OPP_MISS * plane] = _misses(opp_misses, x)
                    reached = _count_top_reached(s, f, M_REACH, reached, dest)
                nx = STEP[dest, d]
                if nx >= 0 and (occupied >> dest) & 1 == 0 and (occupied >> nx) & 1 == 0:
                    f[i + W_PUSH * plane] = PUSH_FRAC[max(s.height[dest] - s.height[nx], 0)]


@njit(cache=True, inline="always")
def _glance_sweeps(s, seat, f, takeable, missed_tops):
    """What each firestorm (worker x row, column) and whirlwind (worker) of seat would take:
    the takeable spaces (a stack, no worker) of its area, and those whose top seat misses."""
    for t in range(NUM_SWEEPS):
        pos = s.wpos[seat, t // 2 if t < 4 else t - 4]
        if pos < 0:
            continue
        taken = SWEEP_AREA[t, pos] & takeable
        f[GLANCE_SWEEPS + t] = bit_count(taken) / SWEEP_SPACES[t]
        f[GLANCE_SWEEPS + NUM_SWEEPS + t] = MISSES_FRAC[bit_count(taken & missed_tops)]


@njit(cache=True)
def _observe_one(s, seat, f):
    f[:] = 0.0
    _observe_raw(s, seat, f)
    laid, misses, misses_step = _glance_seat(s, seat, f, 0)
    laid_opp, opp_misses, opp_misses_step = _glance_seat(s, 1 - seat, f, 1)
    f[GLANCE_MARGIN] = 0.5 + (laid - laid_opp) / (2.0 * PYRAMID_TILES)
    stacked, missed_tops = _observe_stacks(s, f, misses, misses_step, opp_misses,
                                           opp_misses_step)
    _distances(s, seat, f)
    occupied = 0  # the workers' spaces, as bits
    for p in range(2):
        for w in range(2):
            if s.wpos[p, w] >= 0:
                occupied |= 1 << s.wpos[p, w]
    _glance_moves(s, seat, f, misses, misses_step, opp_misses, occupied)
    _glance_sweeps(s, seat, f, stacked & ~occupied, missed_tops)


@njit(cache=True)
def observe(states, seats, out):
    for b in range(states.shape[0]):
        _observe_one(states[b], seats[b], out[b])
