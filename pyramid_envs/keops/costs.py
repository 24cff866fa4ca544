"""Room costs (§13.3): whether a Vizier can pay a cost vector, and paying it."""
from ..core.jit import njit

from .pyramid import pyr_spaces, space_ok
from .resources import add_happiness, can_store, lose_prestige, pay_good
from .spec import (BEER, BUILDING_ROOMS, COST_OF_GOOD, C_ANY_GOOD, C_BEER_OR_PAPYRUS, C_DEBEN,
                   C_HAPPINESS, C_PRESTIGE, C_RA_OFFERING, G_ANY_GOOD, G_DEBEN, G_DIFF_GOODS,
                   G_HAPPINESS, G_INDEP, G_MANDATE, G_MATERIAL, G_MEDJAY_1, G_MEDJAY_EACH_FREE,
                   G_MEDJAY_FREE, G_OFFERING, G_OTHER_GOOD, G_PRESTIGE, G_PYRAMID, G_REWARD,
                   HAPPINESS_MAX, MANDATE_HOLD_MAX, MAX_ROOMS, NUM_CITY_CELLS, NUM_CITY_KINDS,
                   NUM_GOODS, NUM_MATERIALS, NUM_PLANTATION_SPACES, PAPYRUS, ROOM_COST, ROOM_GAIN,
                   TEMPLE_RA)


@njit(cache=True)
def can_pay(s, p, cost):
    """All of the cost can be paid (an any-good cost: some good left after the fixed goods)."""
    if s.debens[p] < cost[C_DEBEN]:
        return False
    spare = 0
    for g in range(NUM_GOODS):
        need = cost[COST_OF_GOOD[g]]
        if s.goods[p, g] < need:
            return False
        spare += s.goods[p, g] - need
    if spare < cost[C_ANY_GOOD]:
        return False
    if cost[C_HAPPINESS] > 0 and s.happiness < cost[C_HAPPINESS]:
        return False
    if cost[C_PRESTIGE] > 0 and s.prestige[p] < cost[C_PRESTIGE]:
        return False
    if s.offerings[TEMPLE_RA, p] < cost[C_RA_OFFERING]:
        return False
    if cost[C_BEER_OR_PAPYRUS] > 0 and s.goods[p, BEER] + s.goods[p, PAPYRUS] < cost[C_BEER_OR_PAPYRUS]:
        return False
    return True


@njit(cache=True)
def any_good_choices(s, p, cost):
    """Bits of the goods that can pay an any-good cost after the fixed goods."""
    bits = 0
    for g in range(NUM_GOODS):
        if s.goods[p, g] - cost[COST_OF_GOOD[g]] > 0:
            bits |= 1 << g
    return bits


@njit(cache=True)
def pay(s, p, cost, any_good):
    """Pay cost; `any_good` is the good that pays an any-good cost (-1 if none)."""
    s.debens[p] -= cost[C_DEBEN]
    for g in range(NUM_GOODS):
        if cost[COST_OF_GOOD[g]] > 0:
            pay_good(s, p, g, cost[COST_OF_GOOD[g]])
    if cost[C_ANY_GOOD] > 0:
        pay_good(s, p, any_good, cost[C_ANY_GOOD])
    if cost[C_HAPPINESS] > 0:
        add_happiness(s, -cost[C_HAPPINESS])
    if cost[C_PRESTIGE] > 0:
        lose_prestige(s, p, cost[C_PRESTIGE])
    if cost[C_RA_OFFERING] > 0:
        s.offerings[TEMPLE_RA, p] -= cost[C_RA_OFFERING]
        s.offer_reserve[p] += cost[C_RA_OFFERING]


@njit(cache=True)
def seb_room_ok(s, p, crop, idx, room):
    """Seb (§13.2): an occupied room of a constructed city building or crop whose costs
    (all but the servant) p can pay."""
    if crop:
        kind = s.plant_kind[idx]
        if kind < 0 or room >= BUILDING_ROOMS[kind] or s.plant_room[idx, room] < 0:
            return False
    else:
        if s.city_root[idx] != idx:
            return False
        kind = s.city_kind[idx]
        if kind < 0 or kind >= NUM_CITY_KINDS or room >= BUILDING_ROOMS[kind] or s.city_room[idx, room] < 0:
            return False
    return can_pay(s, p, ROOM_COST[kind, room]) and gain_possible(s, p, ROOM_GAIN[kind, room])


@njit(cache=True)
def seb_any(s, p):
    for c in range(NUM_CITY_CELLS):
        for r in range(MAX_ROOMS):
            if seb_room_ok(s, p, False, c, r):
                return True
    for i in range(NUM_PLANTATION_SPACES):
        for r in range(MAX_ROOMS):
            if seb_room_ok(s, p, True, i, r):
                return True
    return False


@njit(cache=True)
def gain_possible(s, p, gain):
    """Some part of the benefit can be had (§8: a room is activated only when its owner can
    pay and "execute at least part of the Action")."""
    if gain[G_DEBEN] > 0 or gain[G_PRESTIGE] > 0 or gain[G_REWARD] > 0:
        return True
    if gain[G_MEDJAY_1] > 0 or gain[G_MEDJAY_FREE] > 0 or gain[G_MEDJAY_EACH_FREE] > 0:
        return True
    if gain[G_HAPPINESS] > 0 and s.happiness < HAPPINESS_MAX:
        return True
    supply = 0
    for g in range(NUM_GOODS):
        if gain[1 + g] > 0 and s.goods_supply[g] > 0:  # G_<good> = 1 + good
            return True
        supply += s.goods_supply[g]
    if (gain[G_ANY_GOOD] > 0 or gain[G_DIFF_GOODS] > 0 or gain[G_OTHER_GOOD] > 0) and supply > 0:
        return True
    quarry = s.quarry[0] + s.quarry[1] + s.quarry[2]
    if gain[G_MATERIAL] > 0 and quarry > 0 and can_store(s, p):
        return True
    if gain[G_PYRAMID] > 0:
        for m in range(NUM_MATERIALS):
            if s.quarry[m] > 0:
                for i in range(pyr_spaces(s)):
                    if space_ok(s, i, m):
                        return True
    if gain[G_MANDATE] > 0 and s.mandate_supply > 0 and s.mandates[p] < MANDATE_HOLD_MAX:
        return True
    if gain[G_OFFERING] > 0 and s.offer_reserve[p] > 0:
        return True
    if gain[G_INDEP] > 0:
        for t in range(3):
            if (gain[G_INDEP] >> t) & 1 and s.indep_pool[t] > 0:
                return True
    return False
