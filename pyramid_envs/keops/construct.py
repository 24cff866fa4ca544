"""Major action A, Construct a Building or Crop (§5.1 A, §8 Dwellings and Building Markers)."""
import numpy as np
from ..core.jit import njit

from .gains import add_gain
from .held import construct_good_need, extra_temple_offerings, kind_reserved, pays_penalized
from .resources import marker_left, take_dwelling, take_marker
from .spec import (AKHET_EXTRA_DEBENS, BUILDING_COLOR, BUILDING_SHAPE, CITY_CELL_SECTION,
                   CITY_NEIGHBORS, CITY_PENALIZED, COLOR_CONSTRUCT_GOOD, CONSTRUCT_DEBENS,
                   CROP_SIDES, G_PRESTIGE, MAX_ORIENTATIONS, MAX_SHAPE_CELLS, NUM_CITY_CELLS,
                   NUM_CITY_KINDS, NUM_GAIN_FIELDS, NUM_GODS, NUM_PLANTATION_SPACES, NUM_POOLS,
                   PANTHEON_SPACES, PENALTY_DEBENS_PER_SQUARE, PLACEMENT_CELLS, PLACEMENT_VALID,
                   PLANTATION_AKHET, PLANTATION_MIN_PLAYERS, RED, SILVER, SILVER_EXTRA_PRESTIGE,
                   YELLOW)
from .state import CITY_DWELLING, CITY_EMPTY, NEUTRAL, SC_CONSTRUCT


@njit(cache=True)
def isolated(s, c):
    """An empty city square with no empty neighbour: a size-1 space that earns a Dwelling (§8)."""
    if s.city_kind[c] != CITY_EMPTY:
        return False
    for d in range(4):
        j = CITY_NEIGHBORS[c, d]
        if j >= 0 and s.city_kind[j] == CITY_EMPTY:
            return False
    return True

CROP_POOL, TEMPLE_POOL = NUM_CITY_KINDS, NUM_CITY_KINDS + 1


@njit(cache=True)
def pool_color(k):
    if k == CROP_POOL:
        return YELLOW
    if k == TEMPLE_POOL:
        return RED
    return BUILDING_COLOR[k]


@njit(cache=True)
def city_place_cost(s, kind, anchor, orient):
    """Debens for placing kind at (anchor, orient), -1 if it does not fit (§5.1 A, §10)."""
    sh = BUILDING_SHAPE[kind]
    if orient >= MAX_ORIENTATIONS or not PLACEMENT_VALID[sh, orient, anchor]:
        return -1
    cost = CONSTRUCT_DEBENS
    for k in range(MAX_SHAPE_CELLS):
        c = PLACEMENT_CELLS[sh, orient, anchor, k]
        if c < 0:
            break
        if s.city_kind[c] != CITY_EMPTY:
            return -1
        if CITY_PENALIZED[c] and pays_penalized(s, s.turn_player):
            cost += PENALTY_DEBENS_PER_SQUARE
    return cost


@njit(cache=True)
def plantation_ok(s, sp):
    return s.plant_kind[sp] < 0 and PLANTATION_MIN_PLAYERS[sp] <= s.num_players


@njit(cache=True)
def plantation_cost(sp):
    return CONSTRUCT_DEBENS + (AKHET_EXTRA_DEBENS if PLANTATION_AKHET[sp] else 0)


@njit(cache=True)
def god_free(s, god):
    for t in range(PANTHEON_SPACES):
        if s.temple_god[t] == god:
            return False
    return True


@njit(cache=True)
def _placement_exists(s, p, k):
    d = s.debens[p]
    if k == CROP_POOL:
        for sp in range(NUM_PLANTATION_SPACES):
            if plantation_ok(s, sp) and d >= plantation_cost(sp):
                return True
        return False
    if k == TEMPLE_POOL:
        free_space = False
        for t in range(PANTHEON_SPACES):
            if s.temple_god[t] < 0:
                free_space = True
        return free_space and d >= CONSTRUCT_DEBENS
    for o in range(MAX_ORIENTATIONS):
        for a in range(NUM_CITY_CELLS):
            c = city_place_cost(s, k, a, o)
            if c >= 0 and d >= c:
                return True
    return False


@njit(cache=True)
def construct_ok(s, p, k):
    """Pool k can be constructed now: a tile, a marker, a servant, the good, a place."""
    if s.pool[k] <= 0:
        return False
    col = pool_color(k)
    if not marker_left(s, p, col) or s.goods[p, COLOR_CONSTRUCT_GOOD[col]] < construct_good_need(s, p):
        return False
    if s.opt_families and kind_reserved(s, p, k, _other_tiles_of_color(s, k)):
        return False
    n = 0
    for t in range(3):
        n += s.serv_home[p, t] + s.indep_held[p, t]
    return n > 0 and _placement_exists(s, p, k)


@njit(cache=True)
def _other_tiles_of_color(s, k):
    n = 0
    for j in range(NUM_POOLS):
        if j != k and pool_color(j) == pool_color(k):
            n += s.pool[j]
    return n


@njit(cache=True)
def begin_construct(s, p, k):
    """Start constructing from pool k: the paying servant is asked when several kinds
    can pay, else spent at once."""
    s.con_pool = k
    s.con_silver = -1
    s.con_god = -1
    bits = servant_options(s, p)
    if bits & (bits - 1):
        s.sc_mode = SC_CONSTRUCT
    else:
        j = 0
        while not (bits >> j) & 1:
            j += 1
        spend_servant(s, p, j)


@njit(cache=True)
def servant_options(s, p):
    """SERVANT block choices that can pay a construction (bits 0-5)."""
    bits = 0
    for t in range(3):
        if s.serv_home[p, t] > 0:
            bits |= 1 << t
        if s.indep_held[p, t] > 0:
            bits |= 1 << (3 + t)
    return bits


@njit(cache=True)
def spend_servant(s, p, k):
    """An own servant goes to the Unavailable area, an independent one back to the pool."""
    if k < 3:
        s.serv_home[p, k] -= 1
        s.serv_spent[p, k] += 1
    else:
        s.indep_held[p, k - 3] -= 1
        s.indep_pool[k - 3] += 1


@njit(cache=True)
def _finish(s, p, kind_color, debens):
    """Common end of a construction: pay, marker, Prestige (+ the optional Silver)."""
    s.debens[p] -= debens
    g = COLOR_CONSTRUCT_GOOD[kind_color]
    need = construct_good_need(s, p)
    s.goods[p, g] -= need
    s.goods_supply[g] += need
    take_marker(s, p, kind_color)
    s.pool[s.con_pool] -= 1
    vec = np.zeros(NUM_GAIN_FIELDS, np.int8)
    vec[G_PRESTIGE] = 1
    if s.con_silver == 1:
        s.goods[p, SILVER] -= 1
        s.goods_supply[SILVER] += 1
        vec[G_PRESTIGE] += SILVER_EXTRA_PRESTIGE
    add_gain(s, p, vec)
    s.con_pool = -1
    s.con_silver = -1
    s.con_god = -1


@njit(cache=True)
def place_city(s, p, a, o):
    kind = s.con_pool
    cost = city_place_cost(s, kind, a, o)
    lay_city(s, p, kind, a, o)
    _finish(s, p, BUILDING_COLOR[kind], cost)


@njit(cache=True)
def lay_city(s, p, kind, a, o):
    """The tile goes down (patron p), its section's isolated squares are queued for Dwellings."""
    sh = BUILDING_SHAPE[kind]
    root = NUM_CITY_CELLS
    for k in range(MAX_SHAPE_CELLS):
        c = PLACEMENT_CELLS[sh, o, a, k]
        if c >= 0 and c < root:
            root = c
    for k in range(MAX_SHAPE_CELLS):
        c = PLACEMENT_CELLS[sh, o, a, k]
        if c < 0:
            break
        s.city_kind[c] = kind
        s.city_owner[c] = p
        s.city_root[c] = root
    s.city_anchor[root] = a
    s.city_orient[root] = o
    s.city_room[root, 0] = -1
    s.city_room[root, 1] = -1
    # isolated size-1 squares of the section each earn a Dwelling (§8)
    sec = CITY_CELL_SECTION[root]
    s.dwell_n = 0
    for c in range(NUM_CITY_CELLS):
        if CITY_CELL_SECTION[c] == sec and isolated(s, c):
            s.dwell_queue[s.dwell_n] = c
            s.dwell_n += 1
    s.jb_kind, s.jb_index = 0, root


@njit(cache=True)
def place_crop(s, p, sp, side):
    lay_crop(s, p, sp, side)
    _finish(s, p, YELLOW, plantation_cost(sp))


@njit(cache=True)
def lay_crop(s, p, sp, side):
    s.plant_kind[sp] = CROP_SIDES[side]
    s.plant_owner[sp] = p
    s.plant_room[sp, 0] = -1
    s.plant_room[sp, 1] = -1
    s.jb_kind, s.jb_index = 1, sp


@njit(cache=True)
def place_temple(s, p, t):
    lay_temple(s, p, t, s.con_god)
    _finish(s, p, RED, CONSTRUCT_DEBENS)


@njit(cache=True)
def lay_temple(s, p, t, god):
    s.temple_god[t] = god
    s.temple_owner[t] = p
    s.temple_occ[t] = -1
    if s.offer_reserve[p] > 0:  # §5.1 A: one of the builder's Offerings on the new temple
        s.offer_reserve[p] -= 1
        s.offerings[t, p] += 1
    for _ in range(extra_temple_offerings(s, p)):  # Nika-Ankh A
        if s.offer_reserve[p] > 0:
            s.offer_reserve[p] -= 1
            s.offerings[t, p] += 1
    s.jb_kind, s.jb_index = 2, t


@njit(cache=True)
def place_dwelling(s, p, r):
    """The first pending isolated square gets p's leftmost Dwelling of row r (r < 0:
    a neutral Dwelling, when p has none left)."""
    c = s.dwell_queue[0]
    for i in range(s.dwell_n - 1):
        s.dwell_queue[i] = s.dwell_queue[i + 1]
    s.dwell_n -= 1
    s.dwell_queue[s.dwell_n] = -1
    s.city_kind[c] = CITY_DWELLING
    s.city_root[c] = c
    if r >= 0:
        s.city_owner[c] = p
        take_dwelling(s, p, r)
    else:  # the square is filled even when the neutral Dwellings ran out (a ruling)
        s.city_owner[c] = NEUTRAL
        if s.neutral_dwellings > 0:
            s.neutral_dwellings -= 1


@njit(cache=True)
def god_ok(s, god):
    return god < NUM_GODS and god_free(s, god)


@njit(cache=True)
def temple_space_free(s, t):
    return t < PANTHEON_SPACES and s.temple_god[t] < 0

