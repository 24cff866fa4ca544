"""Small compiled helpers on one state record: limited supplies, tracks and scarab rewards,
servants, building markers and dwellings. Every gain respects the limited components (§4)."""
from ..core.jit import njit

from .held import ignores_defense
from .spec import (BORDER_DEFENSE, BORDER_REWARD_AT, BUILDING_MARKERS_PER_COLOR,
                   COLUMN_COMPLETE_MANDATE, CONSTRUCTION_MAX, DWELLINGS_PER_ROW, DWELLING_UNLOCK,
                   HAPPINESS_MAX, MANDATE_HOLD_MAX, MEDJAY_MAX, NUM_GOODS, NUM_MATERIALS,
                   PRESTIGE_MAX, REWARD_AT_CONSTRUCTION, REWARD_AT_PRESTIGE, ROW_COMPLETE_MANDATE,
                   STOREHOUSE_MATERIAL_MAX, TEMPLE_RA)
from .state import SLOT_EMPTY, SLOT_MARKER


@njit(cache=True, inline="always")
def pcx(s):
    """Player-count index of the spec tables."""
    return s.num_players - 2


@njit(cache=True)
def gain_good(s, p, g, n):
    k = min(n, s.goods_supply[g])
    if k > 0:
        s.goods[p, g] += k
        s.goods_supply[g] -= k


@njit(cache=True)
def pay_good(s, p, g, n):
    s.goods[p, g] -= n
    s.goods_supply[g] += n


@njit(cache=True)
def total_goods(s, p):
    t = 0
    for g in range(NUM_GOODS):
        t += s.goods[p, g]
    return t


@njit(cache=True)
def gain_mandates(s, p, n):
    """Mandates beyond 3 held or beyond the supply are lost (§8)."""
    k = min(n, s.mandate_supply, MANDATE_HOLD_MAX - s.mandates[p])
    if k > 0:
        s.mandates[p] += k
        s.mandate_supply -= k


@njit(cache=True)
def spend_mandate(s, p):
    s.mandates[p] -= 1
    s.mandate_supply += 1


@njit(cache=True)
def gain_major(s, p, n):
    k = min(n, s.major_supply)
    s.major_favors[p] += k
    s.major_supply -= k


@njit(cache=True)
def gain_minor(s, p, n):
    k = min(n, s.minor_supply)
    s.minor_favors[p] += k
    s.minor_supply -= k


@njit(cache=True)
def stored(s, p):
    t = 0
    for m in range(NUM_MATERIALS):
        t += s.materials[p, m]
    return t


@njit(cache=True)
def can_store(s, p):
    return stored(s, p) < STOREHOUSE_MATERIAL_MAX


@njit(cache=True)
def take_material(s, p, m):
    """One material from the Quarry into p's storehouse, if there is one and room."""
    if s.quarry[m] > 0 and can_store(s, p):
        s.quarry[m] -= 1
        s.materials[p, m] += 1


@njit(cache=True)
def add_happiness(s, n):
    s.happiness = min(HAPPINESS_MAX, max(0, s.happiness + n))


@njit(cache=True)
def raise_prestige(s, p):
    """One Prestige point up; a scarab on the new space is a pending reward (§8)."""
    if s.prestige[p] < PRESTIGE_MAX:
        s.prestige[p] += 1
        lv = REWARD_AT_PRESTIGE[s.prestige[p]]
        if lv > 0 and p == s.gain_player and not s.no_reward:
            s.pend_reward[lv - 1] += 1


@njit(cache=True)
def lose_prestige(s, p, n):
    s.prestige[p] = max(0, s.prestige[p] - n)


@njit(cache=True)
def add_construction(s, p, n):
    for _ in range(n):
        if s.construction[p] < CONSTRUCTION_MAX:
            s.construction[p] += 1
            lv = REWARD_AT_CONSTRUCTION[s.construction[p]]
            if lv > 0 and p == s.gain_player:
                s.pend_reward[lv - 1] += 1


@njit(cache=True)
def add_medjay(s, p, b, n, ignore_defense):
    """Medjay Power on border b; the card's Defense is lost from each addition (§6)."""
    card = s.border_card[b]
    if not ignore_defense and not ignores_defense(s, p, b):
        n = max(0, n - BORDER_DEFENSE[card])
    for _ in range(n):
        if s.medjay[p, b] < MEDJAY_MAX:
            s.medjay[p, b] += 1
            lv = BORDER_REWARD_AT[card, s.medjay[p, b]]
            if lv > 0 and p == s.gain_player:
                s.pend_reward[lv - 1] += 1


@njit(cache=True)
def temple_open(s, t):
    """Offerings may go to a constructed temple or to Ra (§13.2)."""
    return t == TEMPLE_RA or s.temple_god[t] >= 0


@njit(cache=True)
def tumult_count(s, p):
    return s.serv_tumult[p, 0] + s.serv_tumult[p, 1] + s.serv_tumult[p, 2]


@njit(cache=True)
def servants_available(s, p):
    t = 0
    for k in range(3):
        t += s.serv_home[p, k] + s.indep_held[p, k]
    return t


@njit(cache=True)
def servant_of_type(s, p, t):
    return s.serv_home[p, t] + s.indep_held[p, t] > 0


@njit(cache=True)
def place_servant(s, p, t, indep):
    """Put one servant of type t on the board; returns its occupant code."""
    if indep:
        s.indep_held[p, t] -= 1
        s.indep_board[p, t] += 1
        return p + 4
    s.serv_home[p, t] -= 1
    s.serv_board[p, t] += 1
    return p


@njit(cache=True)
def gain_indep(s, p, t):
    if s.indep_pool[t] > 0:
        s.indep_pool[t] -= 1
        s.indep_held[p, t] += 1


@njit(cache=True)
def marker_left(s, p, c):
    for k in range(BUILDING_MARKERS_PER_COLOR):
        if s.col_slot[p, c, k] == SLOT_MARKER:
            return True
    return False


@njit(cache=True)
def take_marker(s, p, c):
    """The topmost marker of column c leaves the board; an emptied column pays a Mandate once."""
    for k in range(BUILDING_MARKERS_PER_COLOR):
        if s.col_slot[p, c, k] == SLOT_MARKER:
            s.col_slot[p, c, k] = SLOT_EMPTY
            break
    if not marker_left(s, p, c) and not s.col_mandate_paid[p, c]:
        s.col_mandate_paid[p, c] = 1
        gain_mandates(s, p, COLUMN_COMPLETE_MANDATE)


@njit(cache=True)
def return_marker(s, p, c):
    """A marker comes back into the lowest empty space of its column (§6 step 7)."""
    for k in range(BUILDING_MARKERS_PER_COLOR - 1, -1, -1):
        if s.col_slot[p, c, k] == SLOT_EMPTY:
            s.col_slot[p, c, k] = SLOT_MARKER
            return


@njit(cache=True)
def dwellings_left(s, p):
    t = 0
    for r in range(3):
        t += DWELLINGS_PER_ROW - s.dwell_taken[p, r]
    return t


@njit(cache=True)
def take_dwelling(s, p, r):
    """The leftmost Dwelling of row r; it may unlock a servant (§8) and a full row pays a Mandate."""
    k = s.dwell_taken[p, r]
    s.dwell_taken[p, r] = k + 1
    t = DWELLING_UNLOCK[r, k]
    if t >= 0 and s.serv_locked[p, t] > 0:
        s.serv_locked[p, t] -= 1
        s.serv_home[p, t] += 1
        s.population[p] += 1
    if k + 1 == DWELLINGS_PER_ROW and not s.row_mandate_paid[p, r]:
        s.row_mandate_paid[p, r] = 1
        gain_mandates(s, p, ROW_COMPLETE_MANDATE)

