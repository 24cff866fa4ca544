"""Major action C, Licensing Servants (§5.1 C) in its five ordered steps, with the Market (§8)."""
import numpy as np
from ..core.jit import njit

from .gains import add_gain
from .held import buy_price, extra_market_actions, sell_price, to_tumult
from .pyramid import start_placement, stored_placement_exists
from .resources import can_store, gain_good, pay_good, total_goods
from .setup import discard_barge, fill_pier
from .spec import (BARGE_MATERIALS, BUILDING_MARKERS_PER_COLOR, DOCK_COST, DWELLINGS_PER_ROW,
                   DWELLING_ROWS, DWELLING_UNLOCK, DWELLING_UPKEEP, G_BARLEY, G_DEBEN, G_MATERIAL,
                   G_OFFERING, LIC_BARGE, LIC_HAPPINESS, LIC_MAINTENANCE, LIC_REVENUES,
                   MARKET_BASE_ACTIONS, MARKET_COLUMNS, MARKET_PRICE, MAX_ROOMS, NUM_CITY_CELLS,
                   NUM_COLORS, NUM_DOCKS, NUM_GAIN_FIELDS, NUM_GOODS, NUM_MATERIALS,
                   NUM_PLANTATION_SPACES, NUM_TEMPLE_SLOTS, PANTHEON_SPACES, PH_LICENSE_HAPPINESS,
                   PH_LICENSE_MARKET, PH_LICENSE_REVENUE, PH_LICENSE_UPKEEP, REVENUE, R_BARLEY,
                   R_DEBEN, R_MARKET, R_MATERIAL_OR_PYRAMID, R_OFFERING_OR_GOD, START_SERVANTS)
from .state import SLOT_EMPTY, SRC_QUARRY, SRC_STOREHOUSE, TC_REMOVE_GOD

LIC_DONE = 5  # lic_stage after step 5: refill the pier and end the turn


@njit(cache=True)
def _clear_occ(arr, p):
    for i in range(arr.shape[0]):
        if arr[i] == p or arr[i] == p + 4:
            arr[i] = -1


@njit(cache=True)
def retrieve(s, p):
    """Step 1: own servants come home from the board, Transit and the Unavailable area;
    independent servants on the board return to the pool; Tumult servants stay."""
    for t in range(3):
        s.serv_home[p, t] += s.serv_board[p, t] + s.serv_transit[p, t] + s.serv_spent[p, t]
        s.serv_board[p, t] = 0
        s.serv_transit[p, t] = 0
        s.serv_spent[p, t] = 0
        s.indep_pool[t] += s.indep_board[p, t]
        s.indep_board[p, t] = 0
    for c in range(NUM_CITY_CELLS):
        for r in range(MAX_ROOMS):
            if s.city_room[c, r] == p or s.city_room[c, r] == p + 4:
                s.city_room[c, r] = -1
    for i in range(NUM_PLANTATION_SPACES):
        for r in range(MAX_ROOMS):
            if s.plant_room[i, r] == p or s.plant_room[i, r] == p + 4:
                s.plant_room[i, r] = -1
    _clear_occ(s.temple_occ, p)
    _clear_occ(s.dock_occ, p)
    _clear_occ(s.border_space_occ, p)
    _clear_occ(s.quarry_space_occ, p)
    s.wharf[p] = 0
    s.at_pyramid[p] = 0


@njit(cache=True)
def start_licensing(s, p):
    """Steps 1 and the fixed part of step 2 (Barley and Debens); the choice revenues and
    the Market actions follow as decisions."""
    retrieve(s, p)
    vec = np.zeros(NUM_GAIN_FIELDS, np.int8)
    s.lic_units[0] = 0
    s.lic_units[1] = 0
    s.lic_market_left = MARKET_BASE_ACTIONS + extra_market_actions(s, p)
    for c in range(NUM_COLORS):
        for k in range(BUILDING_MARKERS_PER_COLOR):
            if s.col_slot[p, c, k] == SLOT_EMPTY:
                vec[G_BARLEY] += REVENUE[c, k, R_BARLEY]
                vec[G_DEBEN] += REVENUE[c, k, R_DEBEN]
                s.lic_market_left += REVENUE[c, k, R_MARKET]
                s.lic_units[0] += REVENUE[c, k, R_MATERIAL_OR_PYRAMID]
                s.lic_units[1] += REVENUE[c, k, R_OFFERING_OR_GOD]
    for g in range(NUM_GOODS):
        s.market_moves[g] = 0
    add_gain(s, p, vec)
    s.lic_stage = LIC_REVENUES


@njit(cache=True)
def revenue_option_ok(s, p, k):
    """REVENUE_OPTION k for the current choice unit (yellow units first)."""
    if s.lic_units[0] > 0:
        if k == 0:
            return can_store(s, p) and s.quarry[0] + s.quarry[1] + s.quarry[2] > 0
        if k == 1:
            return stored_placement_exists(s, p)
        return False
    if s.lic_units[1] > 0:
        if k == 2:
            if s.offer_reserve[p] == 0:
                return False
            for t in range(NUM_TEMPLE_SLOTS):
                if t == PANTHEON_SPACES or s.temple_god[t] >= 0:
                    return True
            return False
        if k == 3:
            for t in range(PANTHEON_SPACES):
                if s.temple_god[t] >= 0 and s.offerings[t, p] > 0:
                    return True
        return False
    return False


@njit(cache=True)
def choose_revenue(s, p, k):
    vec = np.zeros(NUM_GAIN_FIELDS, np.int8)
    if k == 0:
        vec[G_MATERIAL] = 1
        add_gain(s, p, vec)
    elif k == 1:
        start_placement(s, p, SRC_STOREHOUSE, 1, 99, 99, 99, True, False)
    elif k == 2:
        vec[G_OFFERING] = 1
        add_gain(s, p, vec)
    else:
        s.tc_mode = TC_REMOVE_GOD
        s.tc_left = 1
    if k < 2:
        s.lic_units[0] -= 1
    else:
        s.lic_units[1] -= 1


@njit(cache=True)
def skip_revenue(s):
    if s.lic_units[0] > 0:
        s.lic_units[0] -= 1
    else:
        s.lic_units[1] -= 1


@njit(cache=True)
def price(s, g):
    return MARKET_PRICE[g, s.market[g]]


@njit(cache=True)
def market_ok(s, p, k):
    if s.lic_market_left <= 0:
        return False
    if k < NUM_GOODS:
        return s.debens[p] >= buy_price(s, p, price(s, k)) and s.goods_supply[k] > 0
    return s.goods[p, k - NUM_GOODS] > 0


@njit(cache=True)
def market_action(s, p, k):
    """Buy or sell one good at today's price; prices move after the last action (§8)."""
    if k < NUM_GOODS:
        s.debens[p] -= buy_price(s, p, price(s, k))
        gain_good(s, p, k, 1)
        s.market_moves[k] += 1
    else:
        g = k - NUM_GOODS
        s.debens[p] += sell_price(s, p, price(s, g))
        pay_good(s, p, g, 1)
        s.market_moves[g] -= 1
    s.lic_market_left -= 1


@njit(cache=True)
def _close_market(s):
    for g in range(NUM_GOODS):
        s.market[g] = min(MARKET_COLUMNS - 1, max(0, s.market[g] + s.market_moves[g]))
        s.market_moves[g] = 0
    s.lic_market_left = 0


@njit(cache=True)
def _upkeep_slot(s):
    """(row, k) of the dwelling lic_slot points at: rows in order, each from its deepest
    dwelling, so a servant sent to Tumult leaves its own dwelling empty and the test of the
    shallower ones (rank < servants at home) stays exact."""
    return s.lic_slot // DWELLINGS_PER_ROW, DWELLINGS_PER_ROW - 1 - s.lic_slot % DWELLINGS_PER_ROW


@njit(cache=True)
def _upkeep_due(s, p):
    """The servants at home stand in the first dwellings of their type (the free starting
    ones first), so a dwelling pays upkeep only when a servant at home stands in it: those in
    Tumult, Transit or eliminated leave the deepest dwellings empty (rulings). Each servant
    type unlocks in one row only (spec.DWELLING_UNLOCK)."""
    row, k = _upkeep_slot(s)
    if k >= s.dwell_taken[p, row]:
        return False
    t = DWELLING_UNLOCK[row, k]
    if t < 0:
        return False
    need = 0
    for g in range(NUM_GOODS):
        need += DWELLING_UPKEEP[row, k, g]
    rank = START_SERVANTS[t]
    for j in range(k):
        if DWELLING_UNLOCK[row, j] == t:
            rank += 1
    return need > 0 and rank < s.serv_home[p, t]


@njit(cache=True)
def upkeep_payable(s, p):
    row, k = _upkeep_slot(s)
    for g in range(NUM_GOODS):
        if s.goods[p, g] < DWELLING_UPKEEP[row, k, g]:
            return False
    return True


@njit(cache=True)
def upkeep(s, p, pay_it):
    row, k = _upkeep_slot(s)
    if pay_it:
        for g in range(NUM_GOODS):
            if DWELLING_UPKEEP[row, k, g] > 0:
                pay_good(s, p, g, DWELLING_UPKEEP[row, k, g])
    else:
        to_tumult(s, p, DWELLING_UNLOCK[row, k])
    s.lic_slot += 1


@njit(cache=True)
def happiness_option_ok(s, p, kind, k):
    """kind 0: GOOD block index k (4 = a Deben); kind 1: an own servant of type k to Tumult."""
    if kind == 0:
        return s.debens[p] > 0 if k == NUM_GOODS else s.goods[p, k] > 0
    return s.serv_home[p, k] > 0


@njit(cache=True)
def happiness_pay(s, p, kind, k):
    if kind == 0:
        if k == NUM_GOODS:
            s.debens[p] -= 1
        else:
            pay_good(s, p, k, 1)
    else:
        to_tumult(s, p, k)
    s.lic_happy_left -= 1


@njit(cache=True)
def lic_next(s, p):
    """Advance Licensing; returns the phase to ask, or -1 when the action is over."""
    while True:
        st = s.lic_stage
        if st == LIC_REVENUES:
            while s.lic_units[0] + s.lic_units[1] > 0:
                for k in range(4):
                    if revenue_option_ok(s, p, k):
                        return PH_LICENSE_REVENUE
                skip_revenue(s)
            if s.lic_market_left > 0:
                for k in range(2 * NUM_GOODS):
                    if market_ok(s, p, k):
                        return PH_LICENSE_MARKET
            _close_market(s)
            s.lic_stage = LIC_MAINTENANCE
            s.lic_slot = 0
        elif st == LIC_MAINTENANCE:
            while s.lic_slot < DWELLING_ROWS * DWELLINGS_PER_ROW:
                if _upkeep_due(s, p):
                    return PH_LICENSE_UPKEEP
                s.lic_slot += 1
            s.lic_stage = LIC_HAPPINESS
            s.lic_happy_left = max(0, s.population[p] - s.happiness)
        elif st == LIC_HAPPINESS:
            if s.lic_happy_left > 0:
                if s.debens[p] > 0 or total_goods(s, p) > 0:
                    return PH_LICENSE_HAPPINESS
                for t in range(3):
                    if s.serv_home[p, t] > 0:
                        return PH_LICENSE_HAPPINESS
            s.lic_happy_left = 0
            s.lic_stage = LIC_BARGE
        elif st == LIC_BARGE:
            # step 5: the cheapest barge at the pier goes into the pyramid, no points
            s.lic_stage = LIC_DONE
            best = -1
            for d in range(NUM_DOCKS):
                if s.dock_barge[d] >= 0 and (best < 0 or DOCK_COST[d] < DOCK_COST[best]):
                    best = d
            if best >= 0:
                b = s.dock_barge[best]
                s.dock_barge[best] = -1
                discard_barge(s, b)
                n = 0
                for m in range(NUM_MATERIALS):
                    n += BARGE_MATERIALS[b, m]
                start_placement(s, p, SRC_QUARRY, n, BARGE_MATERIALS[b, 0], BARGE_MATERIALS[b, 1],
                                BARGE_MATERIALS[b, 2], False, True)
                return -2  # let the gain engine run the placement
        else:  # LIC_DONE
            fill_pier(s)
            s.lic_stage = -1
            return -1

