"""Major action B, Assign Servant (§5.1 B), the minor actions that place servants (§5.2 a-c),
Seb's room activation, the pier and moorings (§13.4) and the Patron benefits (§13.3)."""
import numpy as np
from ..core.jit import njit

from .costs import any_good_choices, can_pay, gain_possible, pay
from .decrees import watch_room
from .families import start_split
from .gains import add_gain, god_benefit, pier_good
from .held import extra_quarry_materials, has_face
from .pyramid import start_placement
from .resources import (add_construction, can_store, place_servant, servant_of_type, spend_mandate,
                        take_material)
from .setup import discard_barge
from .spec import (ARTISAN, BARGE_GAIN, BARGE_MATERIALS, BARGE_PIER_GOOD, BARLEY, BARLEY_CROP, BEER,
                   BORDER_BOOST_MEDJAY, BORDER_SPACE_COST, BORDER_SPACE_MEDJAY, BUILDING_COLOR,
                   BUILDING_ROOMS, COLOR_SERVANT, C_ANY_GOOD, C_BEER_OR_PAPYRUS, C_SILVER,
                   DOCK_COST, G_MATERIAL, G_MEDJAY_1, G_OTHER_GOOD, MAX_ROOMS, MOORING_GAIN,
                   MO_CROP_GOOD, MO_PYRAMID, NUM_CITY_KINDS, NUM_GAIN_FIELDS, NUM_MATERIALS,
                   NUM_MOORINGS, NUM_PLANTATION_SPACES, PANTHEON_SPACES, PAPYRUS, PAPYRUS_CROP,
                   PATRON_COST, PATRON_FLAG, PATRON_GAIN, PF_NONE, PF_SAME_GOOD, PF_SAME_MATERIAL,
                   PF_TEMPLE, PH_BOOST, PH_PAY_GOOD, PH_SERVANT_SOURCE, PLANTATION_AKHET, PRIEST,
                   PYRAMID_ARTISAN_MATERIALS, PYRAMID_ARTISAN_POINTS, PYRAMID_BOOST_MATERIALS,
                   QUARRY_BOOST_MATERIALS, QUARRY_MATERIALS, ROOM_AKHET_GAIN, ROOM_COST, ROOM_GAIN,
                   SCRIBE, SILVER, TEMPLE, T_BORDER_SPACE, T_DOCK, T_QUARRY_SPACE, T_ROOM, T_TEMPLE)
from .spec_advanced import FF_NEFER_B
from .state import (MAX_PATRONS, PQ_GOOD, PQ_KIND, PQ_MATS, PQ_PIER_GOOD, PQ_SEAT, PQ_TEMPLE,
                    SRC_STOREHOUSE)

T_PYRAMID = 5  # tgt_block of minor action a (Send 1 Artisan to the Pyramid)


# ----------------------------------------------------------------------------- targets
@njit(cache=True)
def room_kind(s, crop, idx):
    """Building kind with rooms at a ROOM (city root cell) or CROP_ROOM target, -1 none."""
    if crop:
        return s.plant_kind[idx]
    if s.city_root[idx] != idx or s.city_kind[idx] < 0 or s.city_kind[idx] >= NUM_CITY_KINDS:
        return -1
    return s.city_kind[idx]


@njit(cache=True)
def room_occ(s, crop, idx, r):
    return s.plant_room[idx, r] if crop else s.city_room[idx, r]


@njit(cache=True)
def room_ok(s, p, crop, idx, r):
    kind = room_kind(s, crop, idx)
    if kind < 0 or r >= BUILDING_ROOMS[kind] or room_occ(s, crop, idx, r) >= 0:
        return False
    return (servant_of_type(s, p, COLOR_SERVANT[BUILDING_COLOR[kind]]) and can_pay(s, p, ROOM_COST[kind, r])
            and gain_possible(s, p, ROOM_GAIN[kind, r]))


@njit(cache=True)
def temple_ok(s, p, t):
    return (t < PANTHEON_SPACES and s.temple_god[t] >= 0 and s.temple_occ[t] < 0
            and s.offerings[t, p] > 0 and servant_of_type(s, p, PRIEST))


@njit(cache=True)
def dock_ok(s, p, d):
    return (s.dock_barge[d] >= 0 and s.dock_occ[d] < 0 and servant_of_type(s, p, SCRIBE)
            and (s.debens[p] >= DOCK_COST[d] or s.mandates[p] > 0))


@njit(cache=True)
def border_space_ok(s, p, t):
    return s.border_space_occ[t] < 0 and servant_of_type(s, p, t) and can_pay(s, p, BORDER_SPACE_COST[t])


@njit(cache=True)
def quarry_space_ok(s, p, t):
    return (s.quarry_space_occ[t] < 0 and servant_of_type(s, p, t) and can_store(s, p)
            and s.quarry[0] + s.quarry[1] + s.quarry[2] > 0)


@njit(cache=True)
def just_built_room_ok(s, p, crop, idx, r, temple):
    """Minor action c: a room of the tile constructed this turn (§5.2 c)."""
    if temple:
        return s.jb_kind == 2 and s.jb_index == idx and temple_ok(s, p, idx)
    if s.jb_kind != (1 if crop else 0) or s.jb_index != idx:
        return False
    return room_ok(s, p, crop, idx, r)


@njit(cache=True)
def just_built_any(s, p):
    if s.jb_kind == 2:
        return temple_ok(s, p, s.jb_index)
    if s.jb_kind < 0:
        return False
    for r in range(MAX_ROOMS):
        if room_ok(s, p, s.jb_kind == 1, s.jb_index, r):
            return True
    return False


@njit(cache=True)
def target_servant_type(s):
    b = s.tgt_block
    if b == T_ROOM:
        return COLOR_SERVANT[BUILDING_COLOR[room_kind(s, s.tgt_crop, s.tgt_index)]]
    if b == T_TEMPLE:
        return PRIEST
    if b == T_DOCK:
        return SCRIBE
    if b == T_PYRAMID:
        return ARTISAN
    return s.tgt_index  # border and quarry spaces: one per servant type


@njit(cache=True)
def start_target(s, block, idx, r, crop, seb):
    s.tgt_block = block
    s.tgt_index = idx
    s.tgt_room = r
    s.tgt_crop = crop
    s.tgt_seb = seb
    s.tgt_indep = 0 if seb else -1
    boostable = block == T_DOCK or block == T_BORDER_SPACE or block == T_QUARRY_SPACE or block == T_PYRAMID
    s.tgt_boost = -1 if boostable else 0
    s.paid_good = -1


@njit(cache=True)
def _room_cost(s):
    return ROOM_COST[room_kind(s, s.tgt_crop, s.tgt_index), s.tgt_room]


@njit(cache=True)
def assign_next(s, p):
    """Ask what the target still needs (servant source, boost, which good pays) or, when
    nothing, carry it out. Returns the phase to ask, or -1 when applied."""
    if s.tgt_indep < 0:
        t = target_servant_type(s)
        own, ind = s.serv_home[p, t] > 0, s.indep_held[p, t] > 0
        if own and ind:
            return PH_SERVANT_SOURCE
        s.tgt_indep = 1 if ind else 0
    if s.tgt_boost < 0:
        if s.mandates[p] > 0:
            return PH_BOOST
        s.tgt_boost = 0
    if s.tgt_block == T_ROOM and s.paid_good < 0:
        cost = _room_cost(s)
        if cost[C_ANY_GOOD] > 0:
            bits = any_good_choices(s, p, cost)
            if bits != 1 and bits != 2 and bits != 4 and bits != 8:
                return PH_PAY_GOOD
            s.paid_good = 0 if bits == 1 else (1 if bits == 2 else (2 if bits == 4 else 3))
    apply_target(s, p)
    return -1


@njit(cache=True)
def push_patron(s, seat, kind, good, temple):
    if s.patron_n < MAX_PATRONS:
        q = s.patron_q[s.patron_n]
        q[PQ_SEAT], q[PQ_KIND], q[PQ_GOOD], q[PQ_TEMPLE], q[PQ_MATS] = seat, kind, good, temple, 0
        s.patron_n += 1


@njit(cache=True)
def apply_target(s, p):
    b, idx = s.tgt_block, s.tgt_index
    t = target_servant_type(s)
    occ = -1
    if not s.tgt_seb:
        occ = place_servant(s, p, t, s.tgt_indep == 1)
    boosted = s.tgt_boost == 1
    if boosted:
        spend_mandate(s, p)
    vec = np.zeros(NUM_GAIN_FIELDS, np.int8)
    if b == T_ROOM:
        crop, r = s.tgt_crop, s.tgt_room
        kind = room_kind(s, crop, idx)
        if not s.tgt_seb:
            if crop:
                s.plant_room[idx, r] = occ
            else:
                s.city_room[idx, r] = occ
        cost = ROOM_COST[kind, r]
        pay(s, p, cost, s.paid_good)
        for f in range(NUM_GAIN_FIELDS):
            vec[f] = ROOM_GAIN[kind, r, f]
            if crop and PLANTATION_AKHET[idx]:
                vec[f] += ROOM_AKHET_GAIN[kind, r, f]
        if vec[G_OTHER_GOOD] > 0:
            s.gg_paid = s.paid_good
        add_gain(s, p, vec)
        owner = s.plant_owner[idx] if crop else s.city_owner[idx]
        if owner != p:
            good = s.paid_good if cost[C_ANY_GOOD] > 0 else (SILVER if cost[C_SILVER] > 0 else -1)
            push_patron(s, owner, kind, good, -1)
        watch_room(s, p, kind)
    elif b == T_TEMPLE:
        s.temple_occ[idx] = occ
        s.offerings[idx, p] -= 1
        s.offer_reserve[p] += 1
        god_benefit(s, p, s.temple_god[idx])
        if s.temple_owner[idx] != p:
            push_patron(s, s.temple_owner[idx], TEMPLE, -1, idx)
    elif b == T_DOCK:
        s.dock_occ[idx] = occ
        if not boosted:
            s.debens[p] -= DOCK_COST[idx]
        barge = s.dock_barge[idx]
        s.dock_barge[idx] = -1
        s.gain_player = p
        for m in range(NUM_MATERIALS):
            for _ in range(BARGE_MATERIALS[barge, m]):
                take_material(s, p, m)
        if BARGE_PIER_GOOD[barge]:
            s.pick_goods = 7  # Barley, Beer or Papyrus from the Pier Storehouse
            s.pick_pier = True
        add_gain(s, p, BARGE_GAIN[barge])
        s.tgt_barge = barge
    elif b == T_BORDER_SPACE:
        s.border_space_occ[idx] = occ
        pay(s, p, BORDER_SPACE_COST[idx], -1)
        n = BORDER_SPACE_MEDJAY[idx] + (BORDER_BOOST_MEDJAY if boosted else 0)
        if has_face(s, p, FF_NEFER_B):
            start_split(s, n)
        else:
            vec[G_MEDJAY_1] = n
            add_gain(s, p, vec)
    elif b == T_QUARRY_SPACE:
        s.quarry_space_occ[idx] = occ
        vec[G_MATERIAL] = (QUARRY_MATERIALS[idx] + (QUARRY_BOOST_MATERIALS if boosted else 0)
                           + extra_quarry_materials(s, p))
        add_gain(s, p, vec)
    else:  # T_PYRAMID
        s.at_pyramid[p] += 1
        n = PYRAMID_ARTISAN_MATERIALS + (PYRAMID_BOOST_MATERIALS if boosted else 0)
        start_placement(s, p, SRC_STOREHOUSE, n, 99, 99, 99, True, False)
        add_construction(s, p, PYRAMID_ARTISAN_POINTS)
    s.tgt_block = -1
    s.tgt_seb = False


# ----------------------------------------------------------------------------- moorings
@njit(cache=True)
def free_mooring(s):
    for m in range(NUM_MOORINGS):
        if s.mooring_barge[m] < 0:
            return True
    return False


@njit(cache=True)
def moor(s, p, m):
    """The bought barge goes to mooring m for its benefit (§13.4)."""
    barge = s.tgt_barge
    s.mooring_barge[m] = barge
    s.tgt_barge = -1
    add_gain(s, p, MOORING_GAIN[m])
    if m == MO_CROP_GOOD:
        # 1 Barley or Papyrus as a crop present in the Akhet zone (§13.4)
        bits = 0
        for sp in range(NUM_PLANTATION_SPACES):
            if PLANTATION_AKHET[sp] and s.plant_kind[sp] == BARLEY_CROP:
                bits |= 1 << BARLEY
            elif PLANTATION_AKHET[sp] and s.plant_kind[sp] == PAPYRUS_CROP:
                bits |= 1 << PAPYRUS
        s.pick_goods = bits
        s.pick_pier = False
    elif m == MO_PYRAMID:
        n = BARGE_MATERIALS[barge, 0] + BARGE_MATERIALS[barge, 1] + BARGE_MATERIALS[barge, 2]
        start_placement(s, p, SRC_STOREHOUSE, n, BARGE_MATERIALS[barge, 0],
                        BARGE_MATERIALS[barge, 1], BARGE_MATERIALS[barge, 2], True, False)


@njit(cache=True)
def drop_barge(s):
    discard_barge(s, s.tgt_barge)
    s.tgt_barge = -1


# ----------------------------------------------------------------------------- patrons
@njit(cache=True)
def patron_can(s):
    """The front patron benefit can be taken."""
    q = s.patron_q[0]
    seat, kind = q[PQ_SEAT], q[PQ_KIND]
    f = PATRON_FLAG[kind]
    if f == PF_TEMPLE:
        return s.offerings[q[PQ_TEMPLE], seat] > 0
    if f == PF_SAME_GOOD:
        if q[PQ_GOOD] == PQ_PIER_GOOD:
            return s.debens[seat] >= 1 and s.pier_store.sum() > 0
        return q[PQ_GOOD] >= 0 and s.debens[seat] >= 1 and s.goods_supply[q[PQ_GOOD]] > 0
    if f == PF_SAME_MATERIAL:
        if s.debens[seat] < 1 or not can_store(s, seat):
            return False
        for m in range(NUM_MATERIALS):
            if (q[PQ_MATS] >> m) & 1 and s.quarry[m] > 0:
                return True
        return False
    return can_pay(s, seat, PATRON_COST[kind])


@njit(cache=True)
def patron_festival(kind):
    return PATRON_FLAG[kind] == PF_NONE and PATRON_COST[kind, C_BEER_OR_PAPYRUS] > 0


@njit(cache=True)
def pop_patron(s):
    for i in range(s.patron_n - 1):
        for j in range(5):
            s.patron_q[i, j] = s.patron_q[i + 1, j]
    s.patron_n -= 1
    for j in range(5):
        s.patron_q[s.patron_n, j] = -1


@njit(cache=True)
def patron_accept(s, choice):
    """The patron takes the benefit; `choice` is the good (Festival Plaza: Beer or Papyrus;
    the Pier Storehouse's after a High Priest's activation) or material (Royal Architect)
    where the benefit needs one, else -1."""
    q = s.patron_q[0]
    seat, kind = q[PQ_SEAT], q[PQ_KIND]
    f = PATRON_FLAG[kind]
    if f == PF_TEMPLE:
        t = q[PQ_TEMPLE]
        s.offerings[t, seat] -= 1
        s.offer_reserve[seat] += 1
        pop_patron(s)
        god_benefit(s, seat, s.temple_god[t])
        return
    if f == PF_SAME_GOOD:
        s.debens[seat] -= 1
        s.gain_player = seat
        if q[PQ_GOOD] == PQ_PIER_GOOD:
            pier_good(s, seat, choice)
        else:
            s.gain[1 + q[PQ_GOOD]] += 1  # G_<good> = 1 + good
    elif f == PF_SAME_MATERIAL:
        s.debens[seat] -= 1
        take_material(s, seat, choice)
    else:
        if patron_festival(kind):
            s.goods[seat, choice] -= 1
            s.goods_supply[choice] += 1
        else:
            pay(s, seat, PATRON_COST[kind], -1)
        add_gain(s, seat, PATRON_GAIN[kind])
    s.gain_player = seat
    pop_patron(s)


@njit(cache=True)
def festival_good_ok(s, g):
    seat = s.patron_q[0, PQ_SEAT]
    return (g == BEER or g == PAPYRUS) and s.goods[seat, g] > 0

