"""Sakkara rules core: the state record and the batched numba kernels.

Tiles of one motif are interchangeable, so stacks, racks, pyramids and the
stack of used tiles all hold motif numbers (spec.MOTIF_NAMES). Conservation:
board + both racks + both pyramids + the pending stack (used this turn, in
order) + the ship/grain destroyed this turn = spec.MOTIF_COUNT, motif by motif.
The observation kernel lives in observation.py.
"""
import numpy as np
from ..core.jit import njit

from ..core.outcome import rank_rewards
from ..core.rng import shuffle
from .spec import (A_BIRD, A_BUILD, A_DISCARD, A_END, A_HORSE, A_MOVE, A_OX, A_PLACE, A_SETUP,
                   A_SNAKE, A_SPELL, AROUND, BIRD, CUM_NEED, DROUGHT, FIRESTORM, GRAIN, HAND,
                   HANDS_FOR, HORSE, MAX_HEIGHT, MAX_PENDING, MAX_PUSH, MOTIF_COUNT, NUM_CELLS,
                   NUM_DIRS, NUM_MOTIFS, NUM_STEPS, NUM_TILES, OX, PERMS, PH_AFTER, PH_BEFORE,
                   PH_DISCARD, PH_OVER, PH_PLACE, PH_SETUP, RACK_LIMIT, SHIP, SHIPWRECK, SIDE,
                   SNAKE, SPELL_BASE, SPELL_TILES, SPLIT_MIN_PART, SPLIT_MIN_STACK, STACK_LIMIT,
                   STAIR, START_PLAYER, STEP, WHIRLWIND)

MAX_PLAYERS = 2

STATE = np.dtype([
    ("num_players", np.int8),
    ("current_player", np.int8),   # who decides this step (the placer during place-stack)
    ("terminated", np.bool_),
    ("steps", np.int32),
    ("rng", np.uint64),
    ("scores", np.int32, (MAX_PLAYERS,)),  # 1 for the winner, 0 otherwise
    ("phase", np.int8),
    ("mover", np.int8),            # whose turn it is
    ("turn", np.int32),            # turns begun (1 = the start player's first turn)
    ("turn_limit", np.int32),      # option: 0 = none
    ("setup_n", np.int8),          # workers placed so far (0..4)
    ("height", np.int8, (NUM_CELLS,)),
    ("stack", np.int8, (NUM_CELLS, MAX_HEIGHT)),  # motif, bottom first; -1 above the top
    ("wpos", np.int8, (MAX_PLAYERS, 2)),           # cell of each worker, -1 not yet placed
    ("rack", np.int8, (MAX_PLAYERS, NUM_MOTIFS)),
    ("built", np.int8, (MAX_PLAYERS, NUM_MOTIFS)),  # in front of the player: ship, grains, steps
    ("done", np.int8, (MAX_PLAYERS,)),              # pyramid steps completed
    ("moved", np.bool_),
    ("moved_worker", np.int8),
    ("moved_dir", np.int8),
    ("horse_used", np.bool_),
    ("completed", np.bool_),       # a step was completed this turn
    ("lost_ship", np.int8),        # destroyed this turn: returned on top of the stack
    ("lost_grain", np.int8),
    ("pend", np.int8, (MAX_PENDING,)),  # used tiles this turn, first used first; -1 beyond
    ("pend_n", np.int8),
    ("pend_lo", np.int8),          # tiles of pend already placed back (bottom part)
])


# --- small queries -------------------------------------------------------------------
@njit(cache=True, inline="always")
def _worker_at(s, c):
    """Seat of the worker on c, -1 none."""
    for p in range(2):
        for w in range(2):
            if s.wpos[p, w] == c:
                return p
    return -1


@njit(cache=True, inline="always")
def _rack_size(s, p):
    n = 0
    for m in range(NUM_MOTIFS):
        n += s.rack[p, m]
    return n


@njit(cache=True, inline="always")
def _take_top(s, c, p):
    h = s.height[c]
    if h > 0:
        s.height[c] = h - 1
        s.rack[p, s.stack[c, h - 1]] += 1
        s.stack[c, h - 1] = -1


@njit(cache=True, inline="always")
def _use(s, p, m):
    """Tile m leaves p's rack onto the stack of used tiles."""
    s.rack[p, m] -= 1
    s.pend[s.pend_n] = m
    s.pend_n += 1


@njit(cache=True)
def _can_build(s, p, m, completed):
    """May p lay out a tile of motif m now; completed: p completed a step this turn."""
    k = s.done[p]
    if k >= NUM_STEPS or s.rack[p, m] <= 0:
        return False
    if m == SHIP:
        return s.built[p, SHIP] == 0
    if m == GRAIN:
        return s.built[p, GRAIN] < k + 1 and not completed
    if s.built[p, SHIP] == 0 or s.built[p, GRAIN] < k + 1 or completed:
        return False
    if s.built[p, m] >= CUM_NEED[k, m]:
        return False
    return s.rack[p, HAND] >= HANDS_FOR[m]


@njit(cache=True, inline="always")
def _castable(s, p, sp):
    """p holds the spell's three tiles, and the opponent a grain (drought) or ship (shipwreck)."""
    r = s.rack[p]
    if r[SPELL_TILES[sp, 0]] <= 0 or r[SPELL_TILES[sp, 1]] <= 0 or r[SPELL_TILES[sp, 2]] <= 0:
        return False
    if sp == DROUGHT:
        return s.built[1 - p, GRAIN] > 0
    if sp == SHIPWRECK:
        return s.built[1 - p, SHIP] > 0
    return True


@njit(cache=True, inline="always")
def _climb_ok(s, src_h, dest):
    return s.height[dest] - src_h <= 2


@njit(cache=True)
def _horse_reach(s):
    """How many spaces (0, 1, 2) the horse can carry the worker that moved; a step that
    climbs more than 2 needs a staircase of the rack (one taken on the first space counts)."""
    p = s.mover
    if not s.moved or s.horse_used or s.rack[p, HORSE] <= 0:
        return 0
    stairs = s.rack[p, STAIR]
    pos = s.wpos[p, s.moved_worker]
    d = s.moved_dir
    c1 = STEP[pos, d]
    if c1 < 0 or _worker_at(s, c1) >= 0:
        return 0
    if not _climb_ok(s, s.height[pos], c1):
        if stairs == 0:
            return 0
        stairs -= 1
    h1 = s.height[c1] - 1 if s.height[c1] > 0 else 0
    if s.height[c1] > 0 and s.stack[c1, h1] == STAIR:
        stairs += 1
    c2 = STEP[c1, d]
    if c2 < 0 or _worker_at(s, c2) >= 0 or (not _climb_ok(s, h1, c2) and stairs == 0):
        return 1
    return 2


@njit(cache=True)
def _move_kind(s, p, w, d):
    """0 no move, 1 plain move, 2 move only with a staircase."""
    pos = s.wpos[p, w]
    dest = STEP[pos, d]
    if dest < 0 or _worker_at(s, dest) >= 0:
        return 0
    if _climb_ok(s, s.height[pos], dest):
        return 1
    return 2 if s.rack[p, STAIR] > 0 else 0


@njit(cache=True)
def _any_move(s, p):
    for w in range(2):
        for d in range(NUM_DIRS):
            if _move_kind(s, p, w, d) > 0:
                return True
    return False


@njit(cache=True)
def _place_target_kind(s, q, c):
    """0 not allowed for placer q, else 1 + height (lower is preferred by the rules)."""
    if _worker_at(s, c) >= 0:
        return 0
    for w in range(2):
        x = s.wpos[q, w]
        if x >= 0:
            for d in range(NUM_DIRS):
                if STEP[x, d] == c:
                    return 0
    return 1 + s.height[c]


@njit(cache=True)
def _place_min(s, q):
    best = 127
    for c in range(NUM_CELLS):
        k = _place_target_kind(s, q, c)
        if k > 0 and k < best:
            best = k
    return best


@njit(cache=True, inline="always")
def _chunk_ok(n, k, room):
    """May the placer put the bottom k of the n remaining tiles down as one stack on a space
    with room for `room` more? No stack exceeds STACK_LIMIT: the rest is the surplus, placed
    as another stack; with SPLIT_MIN_STACK or more, any parts of SPLIT_MIN_PART or more."""
    if k > n or k > room:
        return False
    if k == n or k == room:
        return True
    return n >= SPLIT_MIN_STACK and k >= SPLIT_MIN_PART and n - k >= SPLIT_MIN_PART


@njit(cache=True, inline="always")
def _room(best):
    """Tiles a lowest allowed space can take; best = 1 + its height (_place_min)."""
    return STACK_LIMIT + 1 - best


# --- phase transitions ----------------------------------------------------------------
@njit(cache=True)
def _begin_turn(s, p):
    s.mover = p
    s.current_player = p
    s.phase = PH_BEFORE
    s.moved = False
    s.moved_worker = -1
    s.moved_dir = -1
    s.horse_used = False
    s.completed = False
    s.turn += 1


@njit(cache=True)
def _end_by_limit(s, rewards_row):
    """Option turn_limit: no apex after that many turns is a draw."""
    s.terminated = True
    s.phase = PH_OVER
    s.scores[0] = 0
    s.scores[1] = 0
    rank_rewards(s.scores, s.num_players, rewards_row)


@njit(cache=True)
def _next_turn(s, rewards_row):
    if s.turn_limit > 0 and s.turn >= s.turn_limit:
        _end_by_limit(s, rewards_row)
    else:
        _begin_turn(s, 1 - s.mover)


@njit(cache=True)
def _finish_turn(s, rewards_row):
    """Rack within the limit: destroyed grain, then ship, on top; the other player places it."""
    for _ in range(s.lost_grain):
        s.pend[s.pend_n] = GRAIN
        s.pend_n += 1
    for _ in range(s.lost_ship):
        s.pend[s.pend_n] = SHIP
        s.pend_n += 1
    s.lost_grain = 0
    s.lost_ship = 0
    if s.pend_n > 0:
        s.phase = PH_PLACE
        s.pend_lo = 0
        s.current_player = 1 - s.mover
    else:
        _next_turn(s, rewards_row)


@njit(cache=True)
def _win(s, p, rewards_row):
    s.terminated = True
    s.phase = PH_OVER
    s.scores[p] = 1
    s.scores[1 - p] = 0
    rank_rewards(s.scores, s.num_players, rewards_row)


# --- kernels --------------------------------------------------------------------------
@njit(cache=True)
def _deal(s, tiles, cells):
    """Shuffle until at least two ships lie on top; returns nothing, fills s."""
    while True:
        shuffle(s, tiles, NUM_TILES)
        shuffle(s, cells, NUM_CELLS)
        s.stack[:, :] = -1
        for c in range(NUM_CELLS):
            s.stack[c, 0] = tiles[c]
            s.height[c] = 1
        for i in range(NUM_TILES - NUM_CELLS):
            c = cells[i]
            s.stack[c, 1] = tiles[NUM_CELLS + i]
            s.height[c] = 2
        ships = 0
        for c in range(NUM_CELLS):
            if s.stack[c, s.height[c] - 1] == SHIP:
                ships += 1
        if ships >= 2:
            return


@njit(cache=True)
def reset(states, seeds, options):
    tiles = np.empty(NUM_TILES, np.int8)
    cells = np.empty(NUM_CELLS, np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        s.num_players = options[0]
        s.turn_limit = options[1]
        s.terminated = False
        s.steps = 0
        s.rng = seeds[b]
        s.scores[:] = 0
        n = 0
        for m in range(NUM_MOTIFS):
            for _ in range(MOTIF_COUNT[m]):
                tiles[n] = m
                n += 1
        for c in range(NUM_CELLS):
            cells[c] = c
        _deal(s, tiles, cells)
        s.wpos[:, :] = -1
        s.rack[:, :] = 0
        s.built[:, :] = 0
        s.done[:] = 0
        s.moved = False
        s.moved_worker = -1
        s.moved_dir = -1
        s.horse_used = False
        s.completed = False
        s.lost_ship = 0
        s.lost_grain = 0
        s.pend[:] = -1
        s.pend_n = 0
        s.pend_lo = 0
        s.turn = 0
        s.setup_n = 0
        s.mover = START_PLAYER
        s.current_player = START_PLAYER
        s.phase = PH_SETUP


@njit(cache=True)
def _fill_uses(s, p, m):
    """Tile uses open before and after the move: build, spells, snake, bird, ox."""
    o = 1 - p
    r = s.rack[p]
    for x in range(NUM_MOTIFS):
        if _can_build(s, p, x, s.completed):
            m[A_BUILD + x] = 1
    for sp in range(4):
        if not _castable(s, p, sp):
            continue
        ntarg = 4 if sp == FIRESTORM else (2 if sp == WHIRLWIND else 1)
        for i in range(6 * ntarg):
            m[A_SPELL + SPELL_BASE[sp] + i] = 1
    if r[SNAKE] > 0:
        for x in range(NUM_MOTIFS):
            if s.rack[o, x] > 0:
                m[A_SNAKE + x] = 1
    if r[BIRD] > 0:
        for c in range(NUM_CELLS):
            if _worker_at(s, c) < 0:
                m[A_BIRD + c] = 1
                m[A_BIRD + NUM_CELLS + c] = 1
    if r[OX] > 0:
        for w in range(2):
            for d in range(NUM_DIRS):
                f = STEP[s.wpos[p, w], d]
                if f < 0 or _worker_at(s, f) >= 0:
                    continue
                nx = STEP[f, d]
                if nx < 0 or _worker_at(s, nx) >= 0:
                    continue
                for k in range(1, s.height[f] - s.height[nx] + 1):
                    m[A_OX + (w * NUM_DIRS + d) * MAX_PUSH + k - 1] = 1


@njit(cache=True)
def _fill_mask(s, m):
    p = s.current_player
    ph = s.phase
    if ph == PH_SETUP:
        for c in range(NUM_CELLS):
            if _worker_at(s, c) < 0:
                m[A_SETUP + c] = 1
    elif ph == PH_BEFORE:
        _fill_uses(s, p, m)
        anymove = False
        for w in range(2):
            for d in range(NUM_DIRS):
                k = _move_kind(s, p, w, d)
                if k > 0:
                    anymove = True
                    m[A_MOVE + (w * NUM_DIRS + d) * 2 + (k - 1)] = 1
        if not anymove:
            m[A_END] = 1
    elif ph == PH_AFTER:
        _fill_uses(s, p, m)
        reach = _horse_reach(s)
        for i in range(reach):
            m[A_HORSE + i] = 1
        m[A_END] = 1
    elif ph == PH_DISCARD:
        for x in range(NUM_MOTIFS):
            if s.rack[p, x] > 0:
                m[A_DISCARD + x] = 1
    elif ph == PH_PLACE:
        n = s.pend_n - s.pend_lo
        best = _place_min(s, p)
        for c in range(NUM_CELLS):
            if _place_target_kind(s, p, c) != best:
                continue
            for k in range(1, STACK_LIMIT + 1):
                if _chunk_ok(n, k, _room(best)):
                    m[A_PLACE + (k - 1) * NUM_CELLS + c] = 1


@njit(cache=True)
def legal_mask(states, out):
    out[:, :] = 0
    for b in range(states.shape[0]):
        if not states[b].terminated:
            _fill_mask(states[b], out[b])


@njit(cache=True)
def _apply_use(s, p, a, rewards_row):
    o = 1 - p
    if a >= A_BUILD:
        x = a - A_BUILD
        for _ in range(HANDS_FOR[x]):
            _use(s, p, HAND)
        s.rack[p, x] -= 1
        s.built[p, x] += 1
        if x != SHIP and x != GRAIN:
            k = s.done[p]
            full = True
            for y in range(NUM_MOTIFS):
                if y != SHIP and y != GRAIN and s.built[p, y] != CUM_NEED[k, y]:
                    full = False
            if full:
                s.done[p] = k + 1
                s.completed = True
                if k + 1 == NUM_STEPS:
                    _win(s, p, rewards_row)
    elif a >= A_SPELL:
        i = a - A_SPELL
        sp = 3
        while i < SPELL_BASE[sp]:
            sp -= 1
        i -= SPELL_BASE[sp]
        target = i // 6
        order = i % 6
        for j in range(3):
            _use(s, p, SPELL_TILES[sp, PERMS[order, j]])
        if sp == FIRESTORM:
            pos = s.wpos[p, target // 2]
            r0 = pos // SIDE
            c0 = pos % SIDE
            for j in range(SIDE):
                c = r0 * SIDE + j if target % 2 == 0 else j * SIDE + c0
                if c != pos and _worker_at(s, c) < 0:
                    _take_top(s, c, p)
        elif sp == WHIRLWIND:
            pos = s.wpos[p, target]
            for j in range(8):
                c = AROUND[pos, j]
                if c >= 0 and _worker_at(s, c) < 0:
                    _take_top(s, c, p)
        elif sp == DROUGHT:
            s.built[o, GRAIN] -= 1
            s.lost_grain += 1
        else:
            s.built[o, SHIP] -= 1
            s.lost_ship += 1
    elif a >= A_SNAKE:
        x = a - A_SNAKE
        _use(s, p, SNAKE)
        s.rack[o, x] -= 1
        s.rack[p, x] += 1
    elif a >= A_OX:
        i = a - A_OX
        k = i % MAX_PUSH + 1
        w = i // MAX_PUSH // NUM_DIRS
        d = i // MAX_PUSH % NUM_DIRS
        _use(s, p, OX)
        f = STEP[s.wpos[p, w], d]
        nx = STEP[f, d]
        hf = s.height[f]
        hn = s.height[nx]
        for j in range(k):
            s.stack[nx, hn + j] = s.stack[f, hf - k + j]
            s.stack[f, hf - k + j] = -1
        s.height[f] = hf - k
        s.height[nx] = hn + k
    elif a >= A_BIRD:
        i = a - A_BIRD
        w = i // NUM_CELLS
        c = i % NUM_CELLS
        _use(s, p, BIRD)
        s.wpos[p, w] = c
        _take_top(s, c, p)
    elif a >= A_HORSE:
        _use(s, p, HORSE)
        s.horse_used = True
        w = s.moved_worker
        for _ in range(a - A_HORSE + 1):
            pos = s.wpos[p, w]
            c = STEP[pos, s.moved_dir]
            if not _climb_ok(s, s.height[pos], c):
                _use(s, p, STAIR)
            s.wpos[p, w] = c
            _take_top(s, c, p)
    else:  # move
        i = a - A_MOVE
        stair = i % 2
        w = i // 2 // NUM_DIRS
        d = i // 2 % NUM_DIRS
        if stair:
            _use(s, p, STAIR)
        c = STEP[s.wpos[p, w], d]
        s.wpos[p, w] = c
        _take_top(s, c, p)
        s.moved = True
        s.moved_worker = w
        s.moved_dir = d
        s.phase = PH_AFTER


@njit(cache=True)
def _apply(s, a, rewards_row):
    p = s.current_player
    s.steps += 1
    if a < A_MOVE:  # setup: the start player, the other, the start player, the other
        s.wpos[p, s.setup_n // 2] = a - A_SETUP
        _take_top(s, a - A_SETUP, p)
        s.setup_n += 1
        if s.setup_n == 4:
            _begin_turn(s, START_PLAYER)
        else:
            s.current_player = 1 - p
            s.mover = 1 - p
    elif a < A_END:
        _apply_use(s, p, a, rewards_row)
    elif a == A_END:
        if _rack_size(s, p) > RACK_LIMIT:
            s.phase = PH_DISCARD
        else:
            _finish_turn(s, rewards_row)
    elif a < A_PLACE:
        _use(s, p, a - A_DISCARD)
        if _rack_size(s, p) <= RACK_LIMIT:
            _finish_turn(s, rewards_row)
    else:
        i = a - A_PLACE
        k = i // NUM_CELLS + 1
        c = i % NUM_CELLS
        h = s.height[c]
        for j in range(k):
            s.stack[c, h + j] = s.pend[s.pend_lo + j]
        s.height[c] = h + k
        s.pend_lo += k
        if s.pend_lo == s.pend_n:
            for j in range(s.pend_n):
                s.pend[j] = -1
            s.pend_n = 0
            s.pend_lo = 0
            _next_turn(s, rewards_row)


@njit(cache=True)
def step(states, actions, rewards):
    for b in range(states.shape[0]):
        if actions[b] < 0:
            continue
        rewards[b, :] = 0.0
        _apply(states[b], actions[b], rewards[b])


# --- determinize --------------------------------------------------------------------------
@njit(cache=True)
def determinize(states, seats, seeds):
    """Nothing is hidden from a perfect-recall player once the tiles are dealt face up
    (see docs/rules/sakkara.md): only the unused random stream is replaced."""
    for b in range(states.shape[0]):
        states[b].rng = seeds[b]
