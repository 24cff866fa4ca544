"""The gain engine: pending gains of `gain_player` (spec.G_* amounts in `gain`) are resolved
automatically where nothing is to choose, and one decision step at a time otherwise.

`resolve` returns the phase to ask next, or -1 when nothing is pending. Every gain is
optional (§13.3 "It is not mandatory to obtain all benefits"), so each gain phase allows
DONE, which drops that gain. Gains that cannot be had (empty supply, full storehouse) are
dropped. Prestige passes through the Tumult rule (§8) and scarabs queue rewards (§8).
"""
from ..core.jit import njit

from ..core.rng import randint
from .costs import seb_any
from .held import die_level, has_decree, has_face
from .pyramid import any_placement, end_placement, place, start_placement
from .resources import (add_happiness, add_medjay, can_store, gain_good, gain_indep, gain_mandates,
                        lose_prestige, raise_prestige, take_material, temple_open, tumult_count)
from .spec import (ANUBIS_OTHER_LOSS, DIE_FACES, GOD_GAIN, GOD_SPECIAL, GS_ANUBIS, GS_MAAT, GS_SEB,
                   GS_UNUT, G_ANY_GOOD, G_BARLEY, G_BEER, G_DEBEN, G_DIFF_GOODS, G_HAPPINESS,
                   G_INDEP, G_MANDATE, G_MATERIAL, G_MEDJAY_1, G_MEDJAY_2, G_MEDJAY_3,
                   G_MEDJAY_EACH_FREE, G_MEDJAY_FREE, G_NO_SILVER, G_OFFERING, G_OTHER_GOOD,
                   G_PAPYRUS, G_PRESTIGE, G_PYRAMID, G_REWARD, G_SILVER, MAAT_MATERIALS,
                   NUM_BORDERS, NUM_GAIN_FIELDS, NUM_GOODS, NUM_MATERIALS, NUM_REWARD_OPTIONS,
                   NUM_TEMPLE_SLOTS, PH_BORDER_CHOICE, PH_DIE_CHOICE, PH_GAIN_GOOD,
                   PH_GAIN_MATERIAL, PH_MEDJAY_SPLIT,
                   PH_PLAYER_CHOICE, PH_PYRAMID_PLACE, PH_REWARD_CHOICE, PH_SEB_ROOM,
                   PH_SERVANT_CHOICE, PH_TEMPLE_CHOICE, PIER_STOREHOUSE_REFILL, REWARD_DIE,
                   REWARD_TABLE, REWARD_TABLE_PICKS, SILVER)
from .spec_advanced import D_DIE, FF_SES_B
from .state import SC_INDEP, SC_TUMULT_TO_TRANSIT, SRC_QUARRY, TC_PLACE, TC_REMOVE_GOD


@njit(cache=True)
def add_gain(s, p, vec):
    s.gain_player = p
    for f in range(NUM_GAIN_FIELDS):
        s.gain[f] += vec[f]


@njit(cache=True)
def god_benefit(s, p, god):
    """The god's benefit for p (§13.2): plain gains plus a special handled by `resolve`."""
    add_gain(s, p, GOD_GAIN[god])
    s.special = GOD_SPECIAL[god]


@njit(cache=True)
def good_choice_bits(s):
    """Goods the pending good gain may take (bits), for its first pending field."""
    g = s.gain
    bits = 0
    if s.pick_goods != 0:
        for k in range(NUM_GOODS):
            if (s.pick_goods >> k) & 1 and (s.pier_store[k] if s.pick_pier else s.goods_supply[k]) > 0:
                bits |= 1 << k
        return bits
    for k in range(NUM_GOODS):
        if s.goods_supply[k] <= 0:
            continue
        if g[G_ANY_GOOD] > 0:
            bits |= 1 << k
        elif g[G_DIFF_GOODS] > 0:
            if not (s.gain_good_bits >> k) & 1 and not (g[G_NO_SILVER] > 0 and k == SILVER):
                bits |= 1 << k
        elif g[G_OTHER_GOOD] > 0 and k != s.gg_paid:
            bits |= 1 << k
    return bits


@njit(cache=True)
def offering_temple_ok(s, p, t):
    return s.offer_reserve[p] > 0 and temple_open(s, t) and not (s.gain_temple_bits >> t) & 1


@njit(cache=True)
def _offering_possible(s, p):
    for t in range(NUM_TEMPLE_SLOTS):
        if offering_temple_ok(s, p, t):
            return True
    return False


@njit(cache=True)
def _medjay_field(s):
    for f in (G_MEDJAY_1, G_MEDJAY_2, G_MEDJAY_3, G_MEDJAY_FREE):
        if s.gain[f] > 0:
            return f
    return -1


@njit(cache=True)
def border_ok(s, b):
    f = _medjay_field(s)
    return f == G_MEDJAY_FREE or not (s.gain_border_bits >> b) & 1


@njit(cache=True)
def god_temple_ok(s, p, t):
    return t < NUM_TEMPLE_SLOTS - 1 and s.temple_god[t] >= 0 and s.offerings[t, p] > 0


@njit(cache=True)
def resolve(s):
    p = s.gain_player
    g = s.gain
    if s.die_faces[0] >= 0:  # two-dice decree: keep one roll
        return PH_DIE_CHOICE
    if s.split_left > 0:  # Nefer-Seshem B: place the next Medjay point
        return PH_MEDJAY_SPLIT
    if s.reward_level >= 0:  # second pick of a Level 2 reward
        return PH_REWARD_CHOICE
    if g[G_DEBEN] > 0:
        s.debens[p] += g[G_DEBEN]
        g[G_DEBEN] = 0
    for k, f in ((0, G_BARLEY), (1, G_BEER), (2, G_PAPYRUS), (3, G_SILVER)):
        if g[f] > 0:
            gain_good(s, p, k, g[f])
            g[f] = 0
    if g[G_MANDATE] > 0:
        gain_mandates(s, p, g[G_MANDATE])
        g[G_MANDATE] = 0
    if g[G_HAPPINESS] != 0:
        add_happiness(s, g[G_HAPPINESS])
        g[G_HAPPINESS] = 0
    if g[G_MEDJAY_EACH_FREE] > 0:
        for b in range(NUM_BORDERS):
            add_medjay(s, p, b, g[G_MEDJAY_EACH_FREE], True)
        g[G_MEDJAY_EACH_FREE] = 0
    if g[G_REWARD] > 0:
        s.pend_reward[g[G_REWARD] - 1] += 1
        g[G_REWARD] = 0
    while g[G_PRESTIGE] > 0:
        if tumult_count(s, p) == 0:
            raise_prestige(s, p)
            g[G_PRESTIGE] -= 1
            continue
        kinds, last = 0, -1
        for t in range(3):
            if s.serv_tumult[p, t] > 0:
                kinds += 1
                last = t
        if kinds > 1:
            s.sc_mode = SC_TUMULT_TO_TRANSIT
            return PH_SERVANT_CHOICE
        s.serv_tumult[p, last] -= 1
        s.serv_transit[p, last] += 1
        g[G_PRESTIGE] -= 1
    if g[G_INDEP] > 0:
        bits = 0
        for t in range(3):
            if (g[G_INDEP] >> t) & 1 and s.indep_pool[t] > 0:
                bits |= 1 << t
        if bits == 1 or bits == 2 or bits == 4:
            gain_indep(s, p, 0 if bits == 1 else (1 if bits == 2 else 2))
            g[G_INDEP] = 0
        elif bits == 0:
            g[G_INDEP] = 0
        else:
            s.sc_mode = SC_INDEP
            s.sc_bits = bits
            return PH_SERVANT_CHOICE
    if s.pick_goods != 0:
        bits = good_choice_bits(s)
        if bits == 1 or bits == 2 or bits == 4 or bits == 8:
            choose_good(s, 0 if bits == 1 else (1 if bits == 2 else (2 if bits == 4 else 3)))
        elif bits != 0:
            return PH_GAIN_GOOD
        s.pick_goods = 0
    for f in (G_ANY_GOOD, G_DIFF_GOODS, G_OTHER_GOOD):
        if g[f] > 0:
            if good_choice_bits(s) != 0:
                return PH_GAIN_GOOD
            g[f] = 0
    g[G_NO_SILVER] = 0
    s.gain_good_bits = 0
    s.gg_paid = -1
    if g[G_MATERIAL] > 0:
        if can_store(s, p) and s.quarry[0] + s.quarry[1] + s.quarry[2] > 0:
            return PH_GAIN_MATERIAL
        g[G_MATERIAL] = 0
    if s.tc_left > 0 and s.tc_mode == TC_REMOVE_GOD:
        for t in range(NUM_TEMPLE_SLOTS - 1):
            if god_temple_ok(s, p, t):
                return PH_TEMPLE_CHOICE
        s.tc_left = 0
    if g[G_OFFERING] > 0:
        if _offering_possible(s, p):
            s.tc_mode = TC_PLACE
            return PH_TEMPLE_CHOICE
        g[G_OFFERING] = 0
    s.gain_temple_bits = 0
    f = _medjay_field(s)
    while f >= 0:
        for b in range(NUM_BORDERS):
            if border_ok(s, b):
                return PH_BORDER_CHOICE
        g[f] = 0
        f = _medjay_field(s)
    s.gain_border_bits = 0
    if g[G_PYRAMID] > 0:
        start_placement(s, p, SRC_QUARRY, g[G_PYRAMID], 99, 99, 99, True, False)
        g[G_PYRAMID] = 0
    if s.pyr_left > 0:
        if any_placement(s):
            return PH_PYRAMID_PLACE
        end_placement(s)
    for lv in range(2):
        if s.pend_reward[lv] > 0:
            s.pend_reward[lv] -= 1
            s.reward_level = lv
            s.reward_bits = 0
            return PH_REWARD_CHOICE
    sp = s.special
    if sp == GS_UNUT:
        for t in range(3):
            s.serv_home[p, t] += s.serv_tumult[p, t] + s.serv_transit[p, t]
            s.serv_tumult[p, t] = 0
            s.serv_transit[p, t] = 0
        s.special = 0
    elif sp == GS_ANUBIS:
        if s.num_players > 1:
            return PH_PLAYER_CHOICE
        s.special = 0
    elif sp == GS_MAAT:
        s.special = 0
        start_placement(s, p, SRC_QUARRY, 3, MAAT_MATERIALS[0], MAAT_MATERIALS[1],
                        MAAT_MATERIALS[2], True, False)
        if any_placement(s):
            return PH_PYRAMID_PLACE
        end_placement(s)
    elif sp == GS_SEB:
        if seb_any(s, p):
            return PH_SEB_ROOM
        s.special = 0
    return -1


# ----------------------------------------------------------------------------- choices
@njit(cache=True)
def choose_good(s, k):
    p, g = s.gain_player, s.gain
    if s.pick_goods != 0:
        if s.pick_pier:
            pier_good(s, p, k)
        else:
            gain_good(s, p, k, 1)
        s.pick_goods = 0
        return
    gain_good(s, p, k, 1)
    if g[G_ANY_GOOD] > 0:
        g[G_ANY_GOOD] -= 1
    elif g[G_DIFF_GOODS] > 0:
        s.gain_good_bits |= 1 << k
        g[G_DIFF_GOODS] -= 1
    else:
        g[G_OTHER_GOOD] = 0


@njit(cache=True)
def pier_good(s, p, k):
    """A good from the Pier Storehouse, refilled with one of each when empty (§13.4)."""
    s.pier_store[k] -= 1
    s.goods[p, k] += 1
    if s.pier_store[0] + s.pier_store[1] + s.pier_store[2] + s.pier_store[3] == 0:
        for g in range(NUM_GOODS):
            n = min(PIER_STOREHOUSE_REFILL[g], s.goods_supply[g])
            s.pier_store[g] += n
            s.goods_supply[g] -= n


@njit(cache=True)
def decline_good(s):
    if s.pick_goods != 0:
        s.pick_goods = 0
        return
    g = s.gain
    for f in (G_ANY_GOOD, G_DIFF_GOODS, G_OTHER_GOOD):
        if g[f] > 0:
            g[f] = 0
            return


@njit(cache=True)
def choose_material(s, m):
    take_material(s, s.gain_player, m)
    s.gain[G_MATERIAL] -= 1


@njit(cache=True)
def choose_offering_temple(s, t):
    p = s.gain_player
    s.offer_reserve[p] -= 1
    s.offerings[t, p] += 1
    s.gain_temple_bits |= 1 << t
    s.gain[G_OFFERING] -= 1


@njit(cache=True)
def choose_border(s, b):
    f = _medjay_field(s)
    add_medjay(s, s.gain_player, b, s.gain[f], f == G_MEDJAY_FREE)
    s.gain[f] = 0
    if f != G_MEDJAY_FREE:
        s.gain_border_bits |= 1 << b


@njit(cache=True)
def decline_border(s):
    for f in (G_MEDJAY_1, G_MEDJAY_2, G_MEDJAY_3, G_MEDJAY_FREE):
        s.gain[f] = 0


@njit(cache=True)
def tumult_to_transit(s, t):
    p = s.gain_player
    s.serv_tumult[p, t] -= 1
    s.serv_transit[p, t] += 1
    s.gain[G_PRESTIGE] -= 1


@njit(cache=True)
def choose_indep(s, t):
    gain_indep(s, s.gain_player, t)
    s.gain[G_INDEP] = 0


@njit(cache=True)
def reward_option_ok(s, k):
    """REWARD block index k: 0 the die, 1-4 an untaken Reward Table option."""
    return k == 0 and s.reward_bits == 0 or k > 0 and not (s.reward_bits >> (k - 1)) & 1


@njit(cache=True)
def choose_reward(s, k):
    lv, p = s.reward_level, s.gain_player
    if k == 0:
        lv = die_level(s, p, lv)
        if has_decree(s, p, D_DIE):
            s.die_faces[0] = randint(s, DIE_FACES)
            s.die_faces[1] = randint(s, DIE_FACES)
            s.die_level = lv
        else:
            add_gain(s, p, REWARD_DIE[lv, randint(s, DIE_FACES)])
        s.reward_level = -1
        return
    if lv == 1 and has_face(s, p, FF_SES_B):  # Sesostris B: the whole table
        for j in range(NUM_REWARD_OPTIONS):
            add_gain(s, p, REWARD_TABLE[j])
        s.reward_level = -1
        return
    add_gain(s, p, REWARD_TABLE[k - 1])
    s.reward_bits |= 1 << (k - 1)
    n = 0
    for j in range(NUM_REWARD_OPTIONS):
        n += (s.reward_bits >> j) & 1
    if n >= REWARD_TABLE_PICKS[lv + 1]:
        s.reward_level = -1


@njit(cache=True)
def choose_player(s, k):
    """Anubis: the k-th other Vizier clockwise loses 1 Prestige (§13.2)."""
    q = (s.gain_player + 1 + k) % s.num_players
    lose_prestige(s, q, ANUBIS_OTHER_LOSS)
    s.special = 0


@njit(cache=True)
def choose_placement(s, m, i):
    place(s, m, i)


@njit(cache=True)
def stop_placement(s):
    end_placement(s)


@njit(cache=True)
def remove_offering_for_god(s, t):
    """Red revenue / Akhet: an own Offering leaves temple t for its god's benefit."""
    p = s.gain_player
    s.offerings[t, p] -= 1
    s.offer_reserve[p] += 1
    god_benefit(s, p, s.temple_god[t])


@njit(cache=True)
def material_ok(s, m):
    return s.quarry[m] > 0 and can_store(s, s.gain_player) and m < NUM_MATERIALS

