"""Ra-utoma (§12, §13.8): the High Priest of Ra, a Vizier whose turns follow its card deck.

The High Priest is the last seat (`ra_seat`). It never becomes `current_player`: each of its
decisions is a step of the Royal Scarab holder (`scarab`, the Voice of Ra), who passes the
Scarab to the next player after each one (`pass_scarab`). `turn.settle` calls `ra_turn` when
the High Priest's turn comes, `ra_pending` for its choices in progress, and routes every base
phase that would fall to the High Priest (Dwellings, penalties) to the Voice (`ra_redirect`).
Card data: spec_rautoma.py.
"""
import numpy as np
from ..core.jit import njit

from ..core.rng import shuffle, sorted_shuffle
from .actions import A_CITY_PLACE, A_CROP_ROOM, A_PLANTATION, A_ROOM, A_TEMPLE
from .assign import pop_patron, push_patron, room_kind
from .decrees import draw_into_play
from .construct import city_place_cost, god_free, isolated, lay_city, lay_crop, lay_temple, plantation_ok
from .licensing import retrieve
from .pyramid import level_full
from .resources import add_happiness, lose_prestige, marker_left, pcx, take_marker
from .setup import discard_barge, fill_pier, set_top_color
from .spec import (BARGE_MATERIALS, BORDER_SPACE_MEDJAY, BUILDING_COLOR, BUILDING_ROOMS,
                   BUILDING_SHAPE, CITY_CELL_SECTION, COLOR_SERVANT,
                   CONSTRUCTION_MAX, DWELLINGS_PER_ROW, MARKET_COLUMNS, MAX_ORIENTATIONS,
                   MAX_PLAYERS, MAX_ROOMS, MAX_SHAPE_CELLS, MEDJAY_MAX, NUM_BORDERS,
                   NUM_CITY_CELLS, NUM_CITY_KINDS, NUM_DOCKS, NUM_MATERIALS, NUM_MOORINGS,
                   NUM_PLANTATION_SPACES, PANTHEON_SPACES, PAPYRUS_CROP, PATRON_FLAG,
                   PF_SAME_GOOD, PH_RA_BONUS, PH_RA_BORDER, PH_RA_BUILDING, PH_RA_MARKET,
                   PH_RA_MOORING, PH_RA_PLACE, PH_RA_PLAYER, PLACEMENT_CELLS, POOL_OF_KIND,
                   PRESTIGE_MAX, PRIEST, PYR_NEIGHBORS, PYR_NUM_SPACES, PYR_SECTION_ICONS,
                   PYR_SPACE_SECTION, PYR_SPACE_START, RED, SCRIBE, TEMPLE, TEMPLE_RA)
from .spec_rautoma import (CARD_COLOR, CARD_EFFECT, CARD_KIND, CARD_ROOM, CARD_TARGET, CK_BORDER,
                           CK_BUILDING, CK_MARKET, CK_PIER, CK_PYRAMID, CK_QUARRY, CK_TEMPLE, E_ANUBIS,
                           E_CONSTRUCTION, E_DECREE, E_HAPPINESS, E_LIMESTONE, E_MEDJAY,
                           E_MEDJAY_EACH, E_PRESTIGE, E_RA_OFFERING, E_RA_REMOVE, E_SECOND,
                           RA_DECK_SIZE, RA_FIRST_TEMPLE_CARD, RA_GOD_EFFECT,
                           RA_LICENSE_AT, RA_NUM_CARDS, RA_TEMPLE_CARDS, RA_STAGE_NAMES,
                           RB_CONSTRUCTION, RB_MEDJAY_EACH, RB_PRESTIGE, RS_ACTIVATE, RS_BEGIN,
                           RS_CARD, RS_END)
from .state import CITY_EMPTY, NUM_RA_PHASES, PQ_MATS, PQ_PIER_GOOD

PICK_ANUBIS, PICK_RA_REMOVE = 1, 2  # ra_player: what the Voice picks a Vizier for
NUM_STAGES = len(RA_STAGE_NAMES)


# ----------------------------------------------------------------------------- deck
@njit(cache=True)
def _reform_deck(s):
    """The discard area is shuffled into the deck (§12 rule 10)."""
    for i in range(s.ra_discard_n):
        s.ra_deck[s.ra_deck_n] = s.ra_discard[i]
        s.ra_deck_n += 1
        s.ra_discard[i] = -1
    s.ra_discard_n = 0
    shuffle(s, s.ra_deck, s.ra_deck_n)
    set_top_color(s)


@njit(cache=True)
def license_due(s):
    """§12 rule 10: the discard area and the top card hold 3/4/5 cards (round 1/2/3) of one colour."""
    cnt = np.zeros(3, np.int64)
    for i in range(s.ra_discard_n):
        cnt[CARD_COLOR[s.ra_discard[i]]] += 1
    if s.ra_top_color >= 0:
        cnt[s.ra_top_color] += 1
    return cnt.max() >= RA_LICENSE_AT[s.level]


# ----------------------------------------------------------------------------- the Voice
@njit(cache=True)
def pass_scarab(s):
    """After a decision the Scarab goes to the next player on the left (§12 "Royal Scarab")."""
    q = (s.scarab + 1) % s.num_players
    if q == s.ra_seat:
        q = (q + 1) % s.num_players
    s.scarab = q


@njit(cache=True)
def ra_redirect(s):
    """A decision of the High Priest is asked to the Voice of Ra."""
    s.ra_voice = False
    if s.ra_seat >= 0 and s.current_player == s.ra_seat and not s.terminated:
        s.current_player = s.scarab
        s.ra_voice = True


@njit(cache=True)
def decider(s):
    """Whose decision the current step is (the High Priest when the Voice speaks for it)."""
    return s.ra_seat if s.ra_voice else s.current_player


# ----------------------------------------------------------------------------- tracks
@njit(cache=True)
def _prestige(s, n):
    s.prestige[s.ra_seat] = min(PRESTIGE_MAX, s.prestige[s.ra_seat] + n)  # §12: no Rewards


@njit(cache=True)
def _construction(s, n):
    s.construction[s.ra_seat] = min(CONSTRUCTION_MAX, s.construction[s.ra_seat] + n)


@njit(cache=True)
def _medjay(s, b, n):
    s.medjay[s.ra_seat, b] = min(MEDJAY_MAX, s.medjay[s.ra_seat, b] + n)


@njit(cache=True)
def _ra_offerings(s, n):
    hp = s.ra_seat
    n = min(n, s.offer_reserve[hp])
    s.offer_reserve[hp] -= n
    s.offerings[TEMPLE_RA, hp] += n


@njit(cache=True)
def pyramid_space(s):
    """§12 "During Pyramid Construction": a space that may be built (colour ignored),
    completing a section first, else in the section closest to completion; -1 none."""
    lv, pc = s.level, pcx(s)
    n = PYR_NUM_SPACES[lv, pc]
    best, best_left = -1, 99
    for i in range(n):
        if s.pyr_fill[i] >= 0:
            continue
        ok = PYR_SPACE_START[lv, pc, i]
        for k in range(4):
            j = PYR_NEIGHBORS[lv, pc, i, k]
            if j >= 0 and s.pyr_fill[j] >= 0:
                ok = True
        if not ok:
            continue
        left = 0
        for j in range(n):
            if PYR_SPACE_SECTION[lv, pc, j] == PYR_SPACE_SECTION[lv, pc, i] and s.pyr_fill[j] < 0:
                left += 1
        if left < best_left:
            best, best_left = i, left
    return best


@njit(cache=True)
def build_pyramid(s, m, points):
    """One material m from the Quarry into the pyramid for the High Priest; with points the
    completed section's icons count (§12). Not placeable: it stays in the Quarry."""
    i = pyramid_space(s)
    if i < 0 or s.quarry[m] <= 0:
        return
    lv, pc = s.level, pcx(s)
    s.quarry[m] -= 1
    s.pyr_fill[i] = m
    sec = PYR_SPACE_SECTION[lv, pc, i]
    done = True
    for j in range(PYR_NUM_SPACES[lv, pc]):
        if PYR_SPACE_SECTION[lv, pc, j] == sec and s.pyr_fill[j] < 0:
            done = False
    if done and points:
        _construction(s, PYR_SECTION_ICONS[lv, pc, sec])
    if level_full(s):
        s.level_done = True


@njit(cache=True)
def _effect(s, e):
    """The High Priest's benefit of a card or god (spec_rautoma.E_*)."""
    hp = s.ra_seat
    _prestige(s, e[E_PRESTIGE])
    for k in range(NUM_MATERIALS):
        for _ in range(e[E_LIMESTONE + k]):
            build_pyramid(s, k, True)
    _construction(s, e[E_CONSTRUCTION])
    s.ra_medjay += e[E_MEDJAY]
    for b in range(NUM_BORDERS):
        _medjay(s, b, e[E_MEDJAY_EACH])
    _ra_offerings(s, e[E_RA_OFFERING])
    if e[E_HAPPINESS] != 0:
        add_happiness(s, e[E_HAPPINESS])
    if e[E_ANUBIS] > 0:
        s.ra_player = PICK_ANUBIS
    if e[E_RA_REMOVE] > 0:
        for q in range(s.num_players):
            if q != hp and s.offerings[TEMPLE_RA, q] > 0:
                s.ra_player = PICK_RA_REMOVE
    if e[E_DECREE] > 0 and s.opt_decrees:  # card 9 and Sobek; without Decrees only blocked
        draw_into_play(s, hp)


@njit(cache=True)
def ra_god(s, t):
    """The High Priest uses the god of temple t (its room, or the Akhet pantheon step):
    one of its Offerings there goes back to its reserve when it has one (§13.8 21-24)."""
    hp = s.ra_seat
    if s.offerings[t, hp] > 0:
        s.offerings[t, hp] -= 1
        s.offer_reserve[hp] += 1
    _effect(s, RA_GOD_EFFECT[s.temple_god[t]])


# ----------------------------------------------------------------------------- servants
@njit(cache=True)
def servant_ok(s, t):
    """§12 rule 1: its own servant of type t, else an Independent one from the pool."""
    return s.serv_home[s.ra_seat, t] > 0 or s.indep_pool[t] > 0


@njit(cache=True)
def _place_servant(s, t):
    hp = s.ra_seat
    if s.serv_home[hp, t] > 0:
        s.serv_home[hp, t] -= 1
        s.serv_board[hp, t] += 1
        return hp
    s.indep_pool[t] -= 1
    s.indep_board[hp, t] += 1
    return hp + 4


@njit(cache=True)
def _free_room(s, crop, idx):
    """§12 rule 8: the first Room when free, else the second; -1 none."""
    kind = room_kind(s, crop, idx)
    for r in range(BUILDING_ROOMS[kind]):
        occ = s.plant_room[idx, r] if crop else s.city_room[idx, r]
        if occ < 0:
            return r
    return -1


# ----------------------------------------------------------------------------- activation
@njit(cache=True)
def building_options(s, m, write):
    """The rooms/temples the card may activate (§12 rule 7: its own first, else another
    Vizier's); as ROOM / CROP_ROOM / TEMPLE actions. Returns (count, last action)."""
    c = s.ra_card
    hp = s.ra_seat
    kind = CARD_TARGET[c]
    count, last = 0, -1
    for own in (True, False):
        if count > 0:
            break
        if CARD_KIND[c] == CK_TEMPLE:
            if not servant_ok(s, PRIEST):
                break
            for t in range(PANTHEON_SPACES):
                if s.temple_god[t] >= 0 and s.temple_occ[t] < 0 and (s.temple_owner[t] == hp) == own:
                    last = A_TEMPLE + t
                    count += 1
                    if write:
                        m[last] = 1
            continue
        if not servant_ok(s, COLOR_SERVANT[BUILDING_COLOR[kind]]):
            break
        if kind >= NUM_CITY_KINDS:
            for sp in range(NUM_PLANTATION_SPACES):
                if s.plant_kind[sp] == kind and (s.plant_owner[sp] == hp) == own:
                    r = _free_room(s, True, sp)
                    if r >= 0:
                        last = A_CROP_ROOM + sp * MAX_ROOMS + r
                        count += 1
                        if write:
                            m[last] = 1
        else:
            for cell in range(NUM_CITY_CELLS):
                if (s.city_root[cell] == cell and s.city_kind[cell] == kind
                        and (s.city_owner[cell] == hp) == own):
                    r = _free_room(s, False, cell)
                    if r >= 0:
                        last = A_ROOM + cell * MAX_ROOMS + r
                        count += 1
                        if write:
                            m[last] = 1
    return count, last


@njit(cache=True)
def activate(s, a):
    """The High Priest's servant goes to room/temple action a: the card's benefit, or the
    god's for a temple; the owner, another Vizier, may take the Patron benefit (§12)."""
    hp = s.ra_seat
    c = s.ra_card
    if a >= A_TEMPLE and a < A_TEMPLE + PANTHEON_SPACES:
        t = a - A_TEMPLE
        s.temple_occ[t] = _place_servant(s, PRIEST)
        owner = s.temple_owner[t]
        if owner != hp:
            push_patron(s, owner, TEMPLE, -1, t)
        ra_god(s, t)
        return
    crop = a >= A_CROP_ROOM
    k = a - (A_CROP_ROOM if crop else A_ROOM)
    idx, r = k // MAX_ROOMS, k % MAX_ROOMS
    kind = room_kind(s, crop, idx)
    occ = _place_servant(s, COLOR_SERVANT[BUILDING_COLOR[kind]])
    if crop:
        s.plant_room[idx, r] = occ
        owner = s.plant_owner[idx]
    else:
        s.city_room[idx, r] = occ
        owner = s.city_owner[idx]
    if owner != hp:
        # §12: it spends no Good, so a same-Good patron takes one from the Pier Storehouse
        push_patron(s, owner, kind, PQ_PIER_GOOD if PATRON_FLAG[kind] == PF_SAME_GOOD else -1, -1)
        mats = 0  # the Royal Architect's patron copies a material type the card builds
        for m in range(NUM_MATERIALS):
            if CARD_EFFECT[c, E_LIMESTONE + m] > 0:
                mats |= 1 << m
        s.patron_q[s.patron_n - 1, PQ_MATS] = mats
    _effect(s, CARD_EFFECT[c])


# ----------------------------------------------------------------------------- construction
@njit(cache=True)
def _isolated_after(s, kind, a, o):
    """Isolated squares (Dwellings) of the section if kind were placed at (a, o)."""
    sh = BUILDING_SHAPE[kind]
    cells = PLACEMENT_CELLS[sh, o, a]
    for k in range(MAX_SHAPE_CELLS):
        if cells[k] >= 0:
            s.city_kind[cells[k]] = kind
    sec = CITY_CELL_SECTION[cells[0]]
    n = 0
    for c in range(NUM_CITY_CELLS):
        if CITY_CELL_SECTION[c] == sec and isolated(s, c):
            n += 1
    for k in range(MAX_SHAPE_CELLS):
        if cells[k] >= 0:
            s.city_kind[cells[k]] = CITY_EMPTY
    return n


@njit(cache=True)
def place_options(s, m, write):
    """Where the card's building may be constructed (§12 rule 2: the city placements giving
    the most Dwellings); as CITY_PLACE / PLANTATION / TEMPLE actions. Returns the count."""
    c = s.ra_card
    hp = s.ra_seat
    kind = CARD_TARGET[c]
    col = RED if CARD_KIND[c] == CK_TEMPLE else BUILDING_COLOR[kind]
    if not marker_left(s, hp, col):
        return 0
    count = 0
    if CARD_KIND[c] == CK_TEMPLE:
        if s.pool[POOL_OF_KIND[TEMPLE]] <= 0 or not god_free(s, kind):
            return 0
        for t in range(PANTHEON_SPACES):
            if s.temple_god[t] < 0:
                count += 1
                if write:
                    m[A_TEMPLE + t] = 1
        return count
    if s.pool[POOL_OF_KIND[kind]] <= 0:
        return 0
    if kind >= NUM_CITY_KINDS:
        side = 1 if kind == PAPYRUS_CROP else 0
        for sp in range(NUM_PLANTATION_SPACES):
            if plantation_ok(s, sp):
                count += 1
                if write:
                    m[A_PLANTATION + 2 * sp + side] = 1
        return count
    best = -1
    for a in range(NUM_CITY_CELLS):
        for o in range(MAX_ORIENTATIONS):
            if city_place_cost(s, kind, a, o) >= 0:
                best = max(best, _isolated_after(s, kind, a, o))
    for a in range(NUM_CITY_CELLS):
        for o in range(MAX_ORIENTATIONS):
            if city_place_cost(s, kind, a, o) >= 0 and _isolated_after(s, kind, a, o) == best:
                count += 1
                if write:
                    m[A_CITY_PLACE + a * MAX_ORIENTATIONS + o] = 1
    return count


@njit(cache=True)
def construct_at(s, a):
    """§12 rules 1-4: free of costs, a marker of the colour, +1 Prestige; then the card's room."""
    c = s.ra_card
    hp = s.ra_seat
    kind = CARD_TARGET[c]
    if CARD_KIND[c] == CK_TEMPLE:
        lay_temple(s, hp, a - A_TEMPLE, kind)
        col, pool = RED, POOL_OF_KIND[TEMPLE]
    elif kind >= NUM_CITY_KINDS:
        k = a - A_PLANTATION
        lay_crop(s, hp, k // 2, k % 2)
        col, pool = BUILDING_COLOR[kind], POOL_OF_KIND[kind]
    else:
        k = a - A_CITY_PLACE
        lay_city(s, hp, kind, k // MAX_ORIENTATIONS, k % MAX_ORIENTATIONS)
        col, pool = BUILDING_COLOR[kind], POOL_OF_KIND[kind]
    take_marker(s, hp, col)
    s.pool[pool] -= 1
    _prestige(s, 1)
    s.ra_stage = RS_ACTIVATE


@njit(cache=True)
def _activate_built(s):
    """The card's room of the tile just constructed (its servant permitting)."""
    c = s.ra_card
    idx = s.jb_index
    if s.jb_kind == 2:
        if servant_ok(s, PRIEST):
            activate(s, A_TEMPLE + idx)
        return
    crop = s.jb_kind == 1
    kind = room_kind(s, crop, idx)
    r = min(CARD_ROOM[c], BUILDING_ROOMS[kind] - 1)
    if servant_ok(s, COLOR_SERVANT[BUILDING_COLOR[kind]]):
        activate(s, (A_CROP_ROOM if crop else A_ROOM) + idx * MAX_ROOMS + r)


@njit(cache=True)
def dwelling_row(s, p):
    """§12 rule 2: the High Priest's Dwelling comes from the row of the building's colour while
    it has one; -1 for any other Vizier, or when the Voice of Ra must pick the row."""
    if p != s.ra_seat or s.jb_kind != 0:
        return -1
    col = BUILDING_COLOR[s.city_kind[s.jb_index]]
    return col if s.dwell_taken[p, col] < DWELLINGS_PER_ROW else -1


# ----------------------------------------------------------------------------- licensing
@njit(cache=True)
def ra_license(s):
    """§12 rule 10: its servants and Independent Servants come back; the cheapest barge's
    materials go to the pyramid (no points); the Pier is refilled; the discards are shuffled
    into the deck."""
    retrieve(s, s.ra_seat)
    for d in range(NUM_DOCKS):
        b = s.dock_barge[d]
        if b >= 0:
            s.dock_barge[d] = -1
            for m in range(NUM_MATERIALS):
                for _ in range(BARGE_MATERIALS[b, m]):
                    build_pyramid(s, m, False)
            discard_barge(s, b)
            break
    fill_pier(s)
    _reform_deck(s)


# ----------------------------------------------------------------------------- its turn
@njit(cache=True)
def _card(s):
    """Carry out the drawn card; returns a phase for the Voice, or -2."""
    c = s.ra_card
    k = CARD_KIND[c]
    tgt = CARD_TARGET[c]
    s.ra_stage = RS_END
    if k == CK_BUILDING or k == CK_TEMPLE:
        none = np.zeros(1, np.int8)
        n, last = building_options(s, none, False)
        if n == 1:
            activate(s, last)
        elif n > 1:
            s.ra_stage = RS_CARD
            return PH_RA_BUILDING
        elif place_options(s, none, False) > 0:
            s.ra_stage = RS_CARD
            return PH_RA_PLACE
        else:
            s.ra_failed = True  # §12 rule 5
    elif k == CK_PYRAMID:
        _effect(s, CARD_EFFECT[c])
    elif k == CK_PIER:
        s.ra_failed = True
        if servant_ok(s, SCRIBE):
            for d in range(NUM_DOCKS):
                b = s.dock_barge[d]
                if b >= 0 and s.dock_occ[d] < 0 and s.ra_failed:
                    s.ra_failed = False
                    s.dock_occ[d] = _place_servant(s, SCRIBE)
                    s.dock_barge[d] = -1
                    for m in range(NUM_MATERIALS):
                        for _ in range(BARGE_MATERIALS[b, m]):
                            build_pyramid(s, m, True)
                    s.tgt_barge = b
                    s.gain_player = s.ra_seat
    elif k == CK_MARKET:
        s.ra_stage = RS_CARD
        return PH_RA_MARKET
    elif k == CK_BORDER or k == CK_QUARRY:
        taken = s.border_space_occ[tgt] if k == CK_BORDER else s.quarry_space_occ[tgt]
        if taken >= 0 or not servant_ok(s, tgt):
            s.ra_failed = True
        else:
            occ = _place_servant(s, tgt)
            if k == CK_BORDER:
                s.border_space_occ[tgt] = occ
                s.ra_medjay += BORDER_SPACE_MEDJAY[tgt]
            else:
                s.quarry_space_occ[tgt] = occ
            _effect(s, CARD_EFFECT[c])
    return -2


@njit(cache=True)
def ra_turn(s):
    """Advance the High Priest's turn: a phase for the Voice of Ra, -2 to go on settling,
    or -1 when its turn is over (the caller ends it)."""
    if s.ra_stage < 0:
        s.ra_stage = RS_BEGIN
        s.ra_second = False
    st = s.ra_stage
    if st == RS_BEGIN:
        if license_due(s):
            ra_license(s)
            s.ra_stage = -1
            return -1
        if s.ra_deck_n == 0:
            _reform_deck(s)
        s.ra_deck_n -= 1
        s.ra_card = s.ra_deck[s.ra_deck_n]
        s.ra_deck[s.ra_deck_n] = -1
        set_top_color(s)
        s.ra_failed = False
        s.ra_stage = RS_CARD
        return -2
    if st == RS_CARD:
        return _card(s)
    if st == RS_ACTIVATE:
        s.ra_stage = RS_END
        _activate_built(s)
        return -2
    c = s.ra_card  # RS_END
    s.ra_discard[s.ra_discard_n] = c
    s.ra_discard_n += 1
    s.ra_card = -1
    if CARD_EFFECT[c, E_SECOND] > 0 and not s.ra_second and not s.ra_failed:
        s.ra_second = True
        s.ra_stage = RS_BEGIN
        return -2
    s.ra_stage = -1
    return -1


@njit(cache=True)
def _free_mooring(s):
    for m in range(NUM_MOORINGS):
        if s.mooring_barge[m] < 0:
            return True
    return False


@njit(cache=True)
def ra_pending(s):
    """The High Priest's choices in progress: a phase for the Voice, or -1 for none."""
    if s.ra_seat < 0:
        return -1
    if s.tgt_barge >= 0 and s.gain_player == s.ra_seat:
        if _free_mooring(s):
            return PH_RA_MOORING
        discard_barge(s, s.tgt_barge)  # §13.8 card 8: no free Mooring, the barge is discarded
        s.tgt_barge = -1
    if s.ra_medjay > 0:
        return PH_RA_BORDER
    if s.ra_player > 0:
        return PH_RA_PLAYER
    if s.patron_n > 0 and s.patron_q[0, 0] == s.ra_seat:
        return PH_RA_BONUS
    return -1


@njit(cache=True)
def player_ok(s, k):
    """PLAYER k (the k-th Vizier after the High Priest) may be picked."""
    q = (s.ra_seat + 1 + k) % s.num_players
    if k >= s.num_players - 1:
        return False
    return s.ra_player == PICK_ANUBIS or s.offerings[TEMPLE_RA, q] > 0


@njit(cache=True)
def apply_bonus(s, k):
    """§12 rule 9: the Voice's pick for the High Priest, whose building was used."""
    if k == RB_PRESTIGE:
        _prestige(s, 1)
    elif k == RB_CONSTRUCTION:
        _construction(s, 1)
    elif k == RB_MEDJAY_EACH:
        for b in range(NUM_BORDERS):
            _medjay(s, b, 1)
    else:
        _ra_offerings(s, 1)
    pop_patron(s)


@njit(cache=True)
def ra_apply(s, ph, a, k):
    """A Voice of Ra decision: phase ph, flat action a, its index k inside its block."""
    if ph == PH_RA_BUILDING:
        s.ra_stage = RS_END
        activate(s, a)
    elif ph == PH_RA_PLACE:
        construct_at(s, a)
    elif ph == PH_RA_BORDER:
        _medjay(s, k, s.ra_medjay)
        s.ra_medjay = 0
    elif ph == PH_RA_PLAYER:
        q = (s.ra_seat + 1 + k) % s.num_players
        if s.ra_player == PICK_ANUBIS:
            lose_prestige(s, q, 1)
        else:
            s.offerings[TEMPLE_RA, q] -= 1
            s.offer_reserve[q] += 1
        s.ra_player = 0
    elif ph == PH_RA_MOORING:
        s.mooring_barge[k] = s.tgt_barge  # blocked, no benefit (§13.8 card 8)
        s.tgt_barge = -1
    elif ph == PH_RA_MARKET:
        s.market[k] = min(MARKET_COLUMNS - 1, s.market[k] + 1)
        s.ra_stage = RS_END
    else:  # PH_RA_BONUS
        apply_bonus(s, k)


# ----------------------------------------------------------------------------- information
@njit(cache=True)
def observe_ra(s, f, k):
    """The Ra-utoma section of the observation (layout: state.py); returns the next index."""
    if s.ra_seat >= 0:
        f[k + s.ra_seat] = 1.0
        f[k + MAX_PLAYERS] = s.ra_level / 3.0
        f[k + MAX_PLAYERS + 1 + s.scarab] = 1.0
    k += 2 * MAX_PLAYERS + 1
    f[k] = 1.0 if s.ra_voice else 0.0
    k += 1
    ra_ph = s.phase - PH_RA_BUILDING
    if ra_ph >= 0:
        f[k + ra_ph] = 1.0
    k += NUM_RA_PHASES
    f[k] = s.ra_deck_n / RA_DECK_SIZE
    k += 1
    for i in range(s.ra_discard_n):
        f[k + s.ra_discard[i]] = 1.0
    k += RA_NUM_CARDS
    f[k] = s.ra_discard_n / RA_DECK_SIZE
    k += 1
    if s.ra_top_color >= 0:
        f[k + s.ra_top_color] = 1.0
    k += 3
    if s.ra_card >= 0:
        f[k + s.ra_card] = 1.0
    k += RA_NUM_CARDS
    if s.ra_stage >= 0:
        f[k + s.ra_stage] = 1.0
    k += NUM_STAGES
    f[k] = 1.0 if s.ra_second else 0.0
    f[k + 1] = 1.0 if s.ra_failed else 0.0
    f[k + 2] = min(1.0, s.ra_medjay / 4.0)
    f[k + 3] = s.ra_player / 2.0
    f[k + 4] = s.ra_ties & 1
    f[k + 5] = (s.ra_ties >> 1) & 1
    return k + 6


@njit(cache=True)
def determinize_ra(s):
    """The deck's order and which 2 Temple cards were left in the box are hidden: the unseen
    Temple cards are redealt between deck and box, then the deck is shuffled keeping the
    colour of its top card, which every Vizier sees."""
    if s.ra_seat < 0 or s.ra_deck_n == 0:
        return
    seen = np.zeros(RA_NUM_CARDS, np.bool_)
    for i in range(s.ra_discard_n):
        seen[s.ra_discard[i]] = True
    if s.ra_card >= 0:
        seen[s.ra_card] = True
    unseen_temples = np.empty(RA_TEMPLE_CARDS, np.int8)
    nt = 0
    for c in range(RA_FIRST_TEMPLE_CARD, RA_NUM_CARDS):
        if not seen[c]:
            unseen_temples[nt] = c
            nt += 1
    shuffle(s, unseen_temples, nt)
    j = 0
    for i in range(s.ra_deck_n):
        if s.ra_deck[i] >= RA_FIRST_TEMPLE_CARD:
            s.ra_deck[i] = unseen_temples[j]
            j += 1
    top = s.ra_top_color
    sorted_shuffle(s, s.ra_deck, s.ra_deck_n)
    for i in range(s.ra_deck_n):
        if CARD_COLOR[s.ra_deck[i]] == top:
            x = s.ra_deck[i]
            s.ra_deck[i] = s.ra_deck[s.ra_deck_n - 1]
            s.ra_deck[s.ra_deck_n - 1] = x
            break
