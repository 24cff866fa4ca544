"""Kheops rules core: the state record and the batched numba kernels."""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from ..core.jit import njit

from ..core.outcome import rank_rewards
from ..core.rng import randint, shuffle, sorted_shuffle
from .glance import glance_buffers, write_glance
from .scoring import tally
from .spec import (A_PAWN, A_PIVOT, A_SELECT, A_TILE, CELL_FEATURES, CLOSED, CORRIDOR,
                   HAND_FEATURES, HAND_SIZE, MOVE, MUMMY, NEIGHBOR, NUM_CELLS, NUM_PAWN_KINDS,
                   NUM_PHASES, NUM_SYMBOLS, NUM_TILES, PAWN_COUNTS, PH_MOVE_DEST, PH_MOVE_PAWN,
                   PH_OVER, PH_PAWN, PH_PIVOT_CORRIDOR, PH_PIVOT_ROOM, PH_SWAP_OPP, PH_SWAP_OWN,
                   PH_TILE, PHARAOH, PIVOT_CORRIDOR, PIVOT_ROOM, PRIEST, RAW_SIZE, ROOM,
                   START_CELLS, SWAP, TILE_KIND, TILE_NUM_OPEN, TILE_OPEN, TILE_SYMBOL, TILE_TYPES,
                   WHITE, WORKER)

MAX_PLAYERS = 2

STATE = np.dtype([
    ("num_players", np.int8),
    ("current_player", np.int8),
    ("terminated", np.bool_),
    ("steps", np.int32),
    ("rng", np.uint64),
    ("scores", np.int32, (MAX_PLAYERS,)),
    ("phase", np.int8),
    ("cell_tile", np.int8, (NUM_CELLS,)),   # tile id, -1 empty
    ("cell_rot", np.int8, (NUM_CELLS,)),    # 0..2
    ("pawn_owner", np.int8, (NUM_CELLS,)),  # seat, -1 none
    ("pawn_kind", np.int8, (NUM_CELLS,)),
    ("hand", np.int8, (MAX_PLAYERS, HAND_SIZE)),  # tile id, -1 empty slot
    ("pile", np.int8, (NUM_TILES,)),        # draw pile, top at pile[pile_size - 1]
    ("pile_size", np.int8),
    ("supply", np.int8, (MAX_PLAYERS, NUM_PAWN_KINDS)),  # pawns not yet placed
    ("removed", np.int8, (MAX_PLAYERS,)),   # workers replaced by a mummy, out of the game
    ("last_placed", np.int8),               # cell of the pawn placed this turn, -1 none
    ("selected", np.int8),                  # first cell chosen for a swap or move, -1 none
])


# --- queries --------------------------------------------------------------------
@njit(cache=True, inline="always")
def _placeable(s, c):
    """A tile is there and it is not closed."""
    t = s.cell_tile[c]
    return t >= 0 and TILE_SYMBOL[t] != CLOSED


@njit(cache=True, inline="always")
def _protected(s, c, p):
    """Cell c holds a priest or Pharaoh of the opponent of p."""
    return s.pawn_owner[c] == 1 - p and (s.pawn_kind[c] == PRIEST or s.pawn_kind[c] == PHARAOH)


@njit(cache=True)
def _can_place_pawn(s):
    p = s.current_player
    sup = s.supply[p]
    free_kind = sup[WORKER] > 0 or sup[MUMMY] > 0 or (
        sup[MUMMY] == 0 and (sup[PRIEST] > 0 or sup[PHARAOH] > 0))
    for c in range(NUM_CELLS):
        if not _placeable(s, c):
            continue
        if s.pawn_owner[c] < 0:
            if free_kind:
                return True
        elif sup[MUMMY] > 0 and s.pawn_owner[c] == 1 - p and s.pawn_kind[c] == WORKER:
            return True
    return False


@njit(cache=True)
def _can_pivot(s, kind):
    for c in range(NUM_CELLS):
        t = s.cell_tile[c]
        if t >= 0 and TILE_KIND[t] == kind and not _protected(s, c, s.current_player):
            return True
    return False


@njit(cache=True)
def _can_swap(s):
    o = 1 - s.current_player
    for c in range(NUM_CELLS):
        if s.pawn_owner[c] == o and (s.pawn_kind[c] == WORKER or s.pawn_kind[c] == MUMMY):
            return True
    return False


@njit(cache=True)
def _can_move(s):
    own = False
    dest = False
    for c in range(NUM_CELLS):
        if s.pawn_owner[c] == s.current_player and c != s.last_placed:
            own = True
        if s.pawn_owner[c] < 0 and _placeable(s, c):
            dest = True
    return own and dest


@njit(cache=True, inline="always")
def _has_tile(s):
    h = s.hand[s.current_player]
    return h[0] >= 0 or h[1] >= 0 or h[2] >= 0


# --- phase transitions ----------------------------------------------------------------
@njit(cache=True)
def _begin_turn(s, player):
    """Hand the turn to `player`; a step with nothing to do is passed (see rulings)."""
    for _ in range(s.num_players):
        s.current_player = player
        s.last_placed = -1
        s.selected = -1
        if _can_place_pawn(s):
            s.phase = PH_PAWN
            return
        if _has_tile(s):
            s.phase = PH_TILE
            return
        player = (player + 1) % s.num_players


@njit(cache=True)
def _enter_tile_phase(s):
    s.selected = -1
    if _has_tile(s):
        s.phase = PH_TILE
    else:
        _begin_turn(s, (s.current_player + 1) % s.num_players)


@njit(cache=True)
def _enter_instant(s, sym):
    """The tile's instant action is compulsory; with no valid target it is passed."""
    if sym == PIVOT_CORRIDOR and _can_pivot(s, CORRIDOR):
        s.phase = PH_PIVOT_CORRIDOR
    elif sym == PIVOT_ROOM and _can_pivot(s, ROOM):
        s.phase = PH_PIVOT_ROOM
    elif sym == SWAP and _can_swap(s):
        s.phase = PH_SWAP_OWN
    elif sym == MOVE and _can_move(s):
        s.phase = PH_MOVE_PAWN
    else:
        _enter_tile_phase(s)


@njit(cache=True)
def _finish(s, rewards_row):
    _, _, _, scores = tally(s.cell_tile, s.cell_rot, s.pawn_owner, s.pawn_kind)
    for p in range(s.num_players):
        s.scores[p] = scores[p]
    s.terminated = True
    s.phase = PH_OVER
    rank_rewards(s.scores, s.num_players, rewards_row)


# --- kernels --------------------------------------------------------------------------
@njit(cache=True)
def reset(states, seeds, options):
    tiles = np.empty(NUM_TILES, np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        s.num_players = options[0]
        s.terminated = False
        s.steps = 0
        s.rng = seeds[b]
        s.scores[:] = 0
        for i in range(NUM_TILES):
            tiles[i] = i
        shuffle(s, tiles, NUM_TILES)
        s.cell_tile[:] = -1
        s.cell_rot[:] = 0
        s.pawn_owner[:] = -1
        s.pawn_kind[:] = -1
        n = len(START_CELLS)
        for i in range(n):
            s.cell_tile[START_CELLS[i]] = tiles[i]
            s.cell_rot[START_CELLS[i]] = randint(s, 3)
        for p in range(2):
            for j in range(HAND_SIZE):
                s.hand[p, j] = tiles[n + p * HAND_SIZE + j]
        n += 2 * HAND_SIZE
        s.pile[:] = -1
        s.pile_size = NUM_TILES - n
        for i in range(NUM_TILES - n):
            s.pile[i] = tiles[n + i]
        s.supply[:, :] = PAWN_COUNTS
        s.removed[:] = 0
        _begin_turn(s, WHITE)


@njit(cache=True)
def _fill_mask(s, m):
    p = s.current_player
    o = 1 - p
    ph = s.phase
    if ph == PH_PAWN:
        sup = s.supply[p]
        mummy_in_play = sup[MUMMY] == 0
        allow = (sup[WORKER] > 0, sup[PRIEST] > 0 and mummy_in_play,
                 sup[MUMMY] > 0, sup[PHARAOH] > 0 and mummy_in_play)
        for c in range(NUM_CELLS):
            if not _placeable(s, c):
                continue
            if s.pawn_owner[c] < 0:
                m[A_PAWN + WORKER * NUM_CELLS + c] = allow[WORKER]
                m[A_PAWN + PRIEST * NUM_CELLS + c] = allow[PRIEST]
                m[A_PAWN + MUMMY * NUM_CELLS + c] = allow[MUMMY]
                m[A_PAWN + PHARAOH * NUM_CELLS + c] = allow[PHARAOH]
            elif s.pawn_owner[c] == o and s.pawn_kind[c] == WORKER:
                m[A_PAWN + MUMMY * NUM_CELLS + c] = allow[MUMMY]
    elif ph == PH_PIVOT_CORRIDOR or ph == PH_PIVOT_ROOM:
        kind = CORRIDOR if ph == PH_PIVOT_CORRIDOR else ROOM
        for c in range(NUM_CELLS):
            t = s.cell_tile[c]
            if t < 0 or TILE_KIND[t] != kind or _protected(s, c, p):
                continue
            for r in range(3):
                if r != s.cell_rot[c]:
                    m[A_PIVOT + c * 3 + r] = 1
    elif ph == PH_SWAP_OWN:
        for c in range(NUM_CELLS):
            if s.pawn_owner[c] == p:
                m[A_SELECT + c] = 1
    elif ph == PH_SWAP_OPP:
        for c in range(NUM_CELLS):
            if s.pawn_owner[c] == o and (s.pawn_kind[c] == WORKER or s.pawn_kind[c] == MUMMY):
                m[A_SELECT + c] = 1
    elif ph == PH_MOVE_PAWN:
        for c in range(NUM_CELLS):
            if s.pawn_owner[c] == p and c != s.last_placed:
                m[A_SELECT + c] = 1
    elif ph == PH_MOVE_DEST:
        for c in range(NUM_CELLS):
            if s.pawn_owner[c] < 0 and _placeable(s, c):
                m[A_SELECT + c] = 1
    elif ph == PH_TILE:
        h = s.hand[p]
        for c in range(NUM_CELLS):
            if s.cell_tile[c] >= 0:
                continue
            touches = False
            for k in range(3):
                nb = NEIGHBOR[c, k]
                if nb >= 0 and s.cell_tile[nb] >= 0:
                    touches = True
            if not touches:
                continue
            for j in range(HAND_SIZE):
                if h[j] >= 0:
                    base = A_TILE + (j * NUM_CELLS + c) * 3
                    m[base] = 1
                    m[base + 1] = 1
                    m[base + 2] = 1


@njit(cache=True)
def legal_mask(states, out):
    out[:, :] = 0
    for b in range(states.shape[0]):
        if not states[b].terminated:
            _fill_mask(states[b], out[b])


@njit(cache=True)
def _apply(s, a, rewards_row):
    p = s.current_player
    ph = s.phase
    s.steps += 1
    if ph == PH_PAWN:
        k = (a - A_PAWN) // NUM_CELLS
        c = (a - A_PAWN) % NUM_CELLS
        if s.pawn_owner[c] >= 0:  # a mummy replaces an opposing worker: out of the game
            s.removed[s.pawn_owner[c]] += 1
        s.pawn_owner[c] = p
        s.pawn_kind[c] = k
        s.supply[p, k] -= 1
        s.last_placed = c
        _enter_instant(s, TILE_SYMBOL[s.cell_tile[c]])
    elif ph == PH_PIVOT_CORRIDOR or ph == PH_PIVOT_ROOM:
        c = (a - A_PIVOT) // 3
        s.cell_rot[c] = (a - A_PIVOT) % 3
        _enter_tile_phase(s)
    elif ph == PH_SWAP_OWN or ph == PH_MOVE_PAWN:
        s.selected = a - A_SELECT
        s.phase = PH_SWAP_OPP if ph == PH_SWAP_OWN else PH_MOVE_DEST
    elif ph == PH_SWAP_OPP or ph == PH_MOVE_DEST:
        c = a - A_SELECT
        x = s.selected
        owner, kind = s.pawn_owner[c], s.pawn_kind[c]
        s.pawn_owner[c], s.pawn_kind[c] = s.pawn_owner[x], s.pawn_kind[x]
        s.pawn_owner[x], s.pawn_kind[x] = owner, kind  # a move leaves (-1, -1) behind
        _enter_tile_phase(s)
    else:  # PH_TILE
        j = (a - A_TILE) // (NUM_CELLS * 3)
        c = ((a - A_TILE) // 3) % NUM_CELLS
        s.cell_tile[c] = s.hand[p, j]
        s.cell_rot[c] = (a - A_TILE) % 3
        if s.pile_size > 0:
            s.pile_size -= 1
            s.hand[p, j] = s.pile[s.pile_size]
            s.pile[s.pile_size] = -1
        else:
            s.hand[p, j] = -1
        full = True
        for i in range(NUM_CELLS):
            if s.cell_tile[i] < 0:
                full = False
                break
        if full:
            _finish(s, rewards_row)
        else:
            _begin_turn(s, (p + 1) % s.num_players)


@njit(cache=True)
def step(states, actions, rewards):
    for b in range(states.shape[0]):
        if actions[b] < 0:
            continue
        rewards[b, :] = 0.0
        _apply(states[b], actions[b], rewards[b])


# Observation lookup tables, indexed by tile + 1 so an empty cell (-1) reads row 0.
# A cell's 16 tile features per (tile, rotation): present, room, 3 openings, 11 symbols.
_CELL_TILE_F = np.zeros((NUM_TILES + 1, 3, 16), np.float32)
for _t in range(NUM_TILES):
    for _r in range(3):
        _CELL_TILE_F[_t + 1, _r, 0] = 1.0
        _CELL_TILE_F[_t + 1, _r, 1] = TILE_KIND[_t]
        for _k in range(3):
            _CELL_TILE_F[_t + 1, _r, 2 + _k] = (TILE_OPEN[_t, _r] >> _k) & 1
        if TILE_SYMBOL[_t] > 0:
            _CELL_TILE_F[_t + 1, _r, 4 + TILE_SYMBOL[_t]] = 1.0
_TILE_TYPE = np.array([TILE_NUM_OPEN[_t] - 1 if TILE_KIND[_t] == ROOM else 1 + TILE_NUM_OPEN[_t]
                       for _t in range(NUM_TILES)], np.int64)  # room 1/2/3 -> 0..2, corridor 2/3 -> 3, 4
# The unseen-tile counts by type and by symbol, 5 bits a count (at most 28 tiles are unseen),
# packed in two words: a tile adds 1 to its two counts with one table row, and a count is read
# once, not added to in the observation.
_COUNT_BITS = 5
_UNSEEN_COUNT = np.array([[1 << _COUNT_BITS * int(_TILE_TYPE[_t]),
                           1 << _COUNT_BITS * int(TILE_SYMBOL[_t])] for _t in range(NUM_TILES)],
                         np.int64)


@njit(cache=True)
def _observe_raw(s, seat, f):
    """The first RAW_SIZE floats of the observation."""
    o = 1 - seat
    seen = np.uint64(0)  # tiles this seat has seen, as a bit set (50 tiles < 64 bits)
    for c in range(NUM_CELLS):  # every one of a cell's 26 features is written
        base = c * CELL_FEATURES
        t = s.cell_tile[c]
        if t >= 0:
            seen |= np.uint64(1) << np.uint64(t)
        row = _CELL_TILE_F[t + 1, s.cell_rot[c]]
        for j in range(16):
            f[base + j] = row[j]
        for j in range(8):
            f[base + 16 + j] = 0.0
        # the pawn's flag, branch-free (a pawn is there or not at random): with no pawn
        # (owner and kind -1) this writes a 0 over one of the 8 just zeroed
        owner = s.pawn_owner[c]
        f[base + 16 + 4 * np.int64(owner != seat) + s.pawn_kind[c]] = owner >= 0
        f[base + 24] = s.last_placed == c
        f[base + 25] = s.selected == c
    base = NUM_CELLS * CELL_FEATURES
    f[base:RAW_SIZE] = 0.0
    opp_hand = 0
    for j in range(HAND_SIZE):
        if s.hand[o, j] >= 0:
            opp_hand += 1
        t = s.hand[seat, j]
        if t < 0:
            continue
        seen |= np.uint64(1) << np.uint64(t)
        hb = base + j * HAND_FEATURES
        f[hb] = 1.0
        f[hb + 1] = TILE_KIND[t]
        f[hb + 1 + TILE_NUM_OPEN[t]] = 1.0
        if TILE_SYMBOL[t] > 0:
            f[hb + 4 + TILE_SYMBOL[t]] = 1.0
    g = base + HAND_SIZE * HAND_FEATURES
    f[g + s.phase] = 1.0
    g += NUM_PHASES
    f[g] = s.current_player == seat and not s.terminated
    f[g + 1] = seat == WHITE
    g += 2
    for k in range(NUM_PAWN_KINDS):
        f[g + k] = s.supply[seat, k] / 16.0
        f[g + NUM_PAWN_KINDS + k] = s.supply[o, k] / 16.0
    g += 2 * NUM_PAWN_KINDS
    f[g] = s.pile_size / 25.0
    f[g + 1] = opp_hand / 3.0
    f[g + 2] = s.removed[seat] / 16.0
    f[g + 3] = s.removed[o] / 16.0
    g += 4
    unseen = ~np.int64(seen) & ((1 << NUM_TILES) - 1)  # the opponent's hand and the pile
    types, symbols = 0, 0
    while unseen:
        t = trailing_zeros(unseen)
        unseen &= unseen - 1
        types += _UNSEEN_COUNT[t, 0]
        symbols += _UNSEEN_COUNT[t, 1]
    mask = (1 << _COUNT_BITS) - 1
    for i in range(TILE_TYPES):
        f[g + i] = ((types >> _COUNT_BITS * i) & mask) / 25.0
    for i in range(NUM_SYMBOLS):
        f[g + TILE_TYPES + i] = ((symbols >> _COUNT_BITS * i) & mask) / 25.0


@njit(cache=True)
def observe(states, seats, out):
    # The raw part is a call (three arguments: the call costs little, and two functions
    # compile faster than one of this size); the glance block is inlined (a call passing its
    # buffers would cost more).
    glance = glance_buffers()
    for b in range(states.shape[0]):
        _observe_raw(states[b], seats[b], out[b])
        write_glance(states[b], seats[b], glance, out[b, RAW_SIZE:])


@njit(cache=True)
def determinize(states, seats, seeds):
    """Reshuffle the opponent's hand with the draw pile: the tiles `seat` has not seen."""
    pool = np.empty(NUM_TILES, np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        o = 1 - seats[b]
        s.rng = seeds[b]
        n = 0
        for j in range(HAND_SIZE):
            if s.hand[o, j] >= 0:
                pool[n] = s.hand[o, j]
                n += 1
        for i in range(s.pile_size):
            pool[n] = s.pile[i]
            n += 1
        sorted_shuffle(s, pool, n)
        n = 0
        for j in range(HAND_SIZE):
            if s.hand[o, j] >= 0:
                s.hand[o, j] = pool[n]
                n += 1
        for i in range(s.pile_size):
            s.pile[i] = pool[n]
            n += 1
