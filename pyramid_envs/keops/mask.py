"""Legal actions of the decision being asked (`phase`), for `current_player`."""
from ..core.jit import njit

from .actions import (A_BORDER, A_BORDER_SPACE, A_CITY_PLACE, A_CONSTRUCT, A_CROP_ROOM, A_DOCK,
                      A_DONE, A_DWELLING_ROW, A_GOD, A_GOOD, A_LICENSE, A_MANDATE_USE, A_MARKET,
                      A_MATERIAL, A_MINOR, A_MOORING, A_PENALTY_TARGET, A_PLANTATION, A_PLAYER,
                      A_PYRAMID_PLACE, A_QUARRY_SPACE, A_REVENUE_OPTION, A_REWARD, A_ROOM,
                      A_RA_BONUS, A_SERVANT, A_TEMPLE, A_UPKEEP, A_YES, N_PENALTY_TARGET, N_PLAYER,
                      N_RA_BONUS)
from . import decrees, families
from .akhet import own_building, penalty_servant_ok
from .assign import (border_space_ok, dock_ok, festival_good_ok, just_built_any, just_built_room_ok,
                     patron_festival, quarry_space_ok, room_kind, room_ok, target_servant_type,
                     temple_ok)
from .construct import (city_place_cost, construct_ok, god_ok, plantation_cost, plantation_ok,
                        servant_options, temple_space_free)
from .costs import any_good_choices, seb_room_ok
from .gains import (border_ok, god_temple_ok, good_choice_bits, material_ok, offering_temple_ok,
                    reward_option_ok)
from .licensing import happiness_option_ok, market_ok, revenue_option_ok, upkeep_payable
from .pyramid import can_place
from .resources import can_store, servant_of_type, servants_available
from .spec import (ARTISAN, DOCK_COST, DWELLINGS_PER_ROW, MAJ_CONSTRUCT, MAX_ORIENTATIONS,
                   MAX_ROOMS, MIN_JUST_BUILT, MIN_PYRAMID, MIN_WHARF, NUM_BORDERS, NUM_CITY_CELLS,
                   NUM_GODS, NUM_GOODS, NUM_MATERIALS, NUM_MOORINGS, NUM_PLANTATION_SPACES,
                   NUM_POOLS, NUM_REWARD_OPTIONS, NUM_TEMPLE_SLOTS, PANTHEON_SPACES, PATRON_FLAG,
                   PEN_BUILDING, PEN_GOODS, PEN_OFFERINGS, PF_SAME_GOOD, PF_SAME_MATERIAL, PH_AKHET_GOD,
                   PH_ASSIGN_TARGET, PH_BOOST, PH_BORDER_CHOICE, PH_CITY_PLACE,
                   PH_CONSTRUCT_SERVANT, PH_CONSTRUCT_SILVER, PH_DWELLING_ROW, PH_GAIN_GOOD,
                   PH_GAME_OVER,
                   PH_GAIN_MATERIAL, PH_LICENSE_HAPPINESS, PH_LICENSE_MARKET, PH_LICENSE_REVENUE,
                   PH_LICENSE_UPKEEP, PH_MOORING, PH_PATRON, PH_PAY_GOOD, PH_PENALTY_CHOICE,
                   PH_PLANTATION_PLACE, PH_PLAYER_CHOICE, PH_PYRAMID_PLACE,
                   PH_RA_BORDER, PH_RA_BUILDING, PH_RA_MARKET, PH_RA_MOORING, PH_RA_PLACE,
                   PH_RA_PLAYER, PH_REWARD_CHOICE,
                   PH_SEB_ROOM, PH_SERVANT_CHOICE, PH_SERVANT_SOURCE, PH_TEMPLE_CHOICE,
                   PH_TEMPLE_GOD, PH_TEMPLE_SPACE, PH_TURN, PYR_MAX_SPACES, ROOM_COST, T_DOCK)
from .rautoma import building_options, decider, place_options, player_ok
from .spec_rautoma import RB_RA_OFFERING
from .state import PQ_GOOD, PQ_KIND, PQ_MATS, PQ_PIER_GOOD, SC_INDEP, SC_TUMULT_TO_TRANSIT, SC_WHARF, TC_REMOVE_GOD


@njit(cache=True)
def _targets(s, p, m):
    """Major action B targets (§5.1 B)."""
    for c in range(NUM_CITY_CELLS):
        for r in range(MAX_ROOMS):
            if room_ok(s, p, False, c, r):
                m[A_ROOM + c * MAX_ROOMS + r] = 1
    for i in range(NUM_PLANTATION_SPACES):
        for r in range(MAX_ROOMS):
            if room_ok(s, p, True, i, r):
                m[A_CROP_ROOM + i * MAX_ROOMS + r] = 1
    for t in range(PANTHEON_SPACES):
        if temple_ok(s, p, t):
            m[A_TEMPLE + t] = 1
    for d in range(4):
        if dock_ok(s, p, d):
            m[A_DOCK + d] = 1
    for t in range(3):
        if border_space_ok(s, p, t):
            m[A_BORDER_SPACE + t] = 1
        if quarry_space_ok(s, p, t):
            m[A_QUARRY_SPACE + t] = 1


@njit(cache=True)
def _turn(s, p, m):
    if s.actions_done > 0:
        m[A_DONE] = 1
    if s.mandates[p] > 0:
        m[A_MANDATE_USE + 0] = 1
        for g in range(NUM_GOODS):
            if s.goods_supply[g] > 0:
                m[A_MANDATE_USE + 1] = 1
        if can_store(s, p) and s.quarry[0] + s.quarry[1] + s.quarry[2] > 0:
            m[A_MANDATE_USE + 2] = 1
        if s.offer_reserve[p] > 0:
            m[A_MANDATE_USE + 3] = 1
    if s.major_done < 0:
        if s.minors_done == 0:
            m[A_LICENSE] = 1
        if servants_available(s, p) > 0:  # §5.1 C: otherwise Licensing is forced
            for k in range(NUM_POOLS):
                if construct_ok(s, p, k):
                    m[A_CONSTRUCT + k] = 1
            _targets(s, p, m)
    if not (s.minors_done >> MIN_PYRAMID) & 1 and servant_of_type(s, p, ARTISAN):
        m[A_MINOR + MIN_PYRAMID] = 1
    if not (s.minors_done >> MIN_WHARF) & 1 and servants_available(s, p) > 0:
        m[A_MINOR + MIN_WHARF] = 1
    if (not (s.minors_done >> MIN_JUST_BUILT) & 1 and s.major_done == MAJ_CONSTRUCT
            and just_built_any(s, p)):
        m[A_MINOR + MIN_JUST_BUILT] = 1
    families.turn_mask(s, p, m)
    decrees.turn_mask(s, p, m)


@njit(cache=True)
def _ra(s, m):
    """The Voice of Ra's choices for the High Priest (rautoma.py)."""
    ph = s.phase
    if ph == PH_RA_BUILDING:
        building_options(s, m, True)
    elif ph == PH_RA_PLACE:
        place_options(s, m, True)
    elif ph == PH_RA_BORDER:
        for b in range(NUM_BORDERS):
            m[A_BORDER + b] = 1
    elif ph == PH_RA_PLAYER:
        for k in range(N_PLAYER):
            if player_ok(s, k):
                m[A_PLAYER + k] = 1
    elif ph == PH_RA_MOORING:
        for k in range(NUM_MOORINGS):
            if s.mooring_barge[k] < 0:
                m[A_MOORING + k] = 1
    elif ph == PH_RA_MARKET:
        for g in range(NUM_GOODS):
            m[A_GOOD + g] = 1
    else:  # PH_RA_BONUS
        for k in range(N_RA_BONUS):
            if k != RB_RA_OFFERING or s.offer_reserve[s.ra_seat] > 0:
                m[A_RA_BONUS + k] = 1


@njit(cache=True)
def legal_mask(states, out):
    # The phases' masks are written here, not in a per-state function: numba links,
    # optimises and emits every jitted function with all it calls, so a layer costs a
    # first use about 2 s (benchmarks/RESULTS.md, session 28).
    for row in range(states.shape[0]):
        m = out[row]
        m[:] = 0
        s = states[row]
        if s.terminated:
            continue
        ph = s.phase
        p = decider(s)
        if ph >= PH_RA_BUILDING:
            _ra(s, m)
        elif ph == PH_TURN:
            _turn(s, p, m)
        elif ph == PH_CONSTRUCT_SERVANT:
            bits = servant_options(s, p)
            for k in range(6):
                if (bits >> k) & 1:
                    m[A_SERVANT + k] = 1
        elif ph == PH_CONSTRUCT_SILVER or ph == PH_AKHET_GOD:
            m[A_YES] = 1
            m[A_DONE] = 1
        elif ph == PH_CITY_PLACE:
            for a in range(NUM_CITY_CELLS):
                for o in range(MAX_ORIENTATIONS):
                    c = city_place_cost(s, s.con_pool, a, o)
                    if c >= 0 and s.debens[p] >= c:
                        m[A_CITY_PLACE + a * MAX_ORIENTATIONS + o] = 1
        elif ph == PH_PLANTATION_PLACE:
            for i in range(NUM_PLANTATION_SPACES):
                if plantation_ok(s, i) and s.debens[p] >= plantation_cost(i):
                    m[A_PLANTATION + 2 * i] = 1
                    m[A_PLANTATION + 2 * i + 1] = 1
        elif ph == PH_TEMPLE_GOD:
            for g in range(NUM_GODS):
                if god_ok(s, g):
                    m[A_GOD + g] = 1
        elif ph == PH_TEMPLE_SPACE:
            for t in range(PANTHEON_SPACES):
                if temple_space_free(s, t):
                    m[A_TEMPLE + t] = 1
        elif ph == PH_DWELLING_ROW:
            for r in range(3):
                if s.dwell_taken[p, r] < DWELLINGS_PER_ROW:
                    m[A_DWELLING_ROW + r] = 1
        elif ph == PH_SERVANT_SOURCE:
            t = target_servant_type(s)
            m[A_SERVANT + t] = 1
            m[A_SERVANT + 3 + t] = 1
        elif ph == PH_ASSIGN_TARGET:
            for r in range(MAX_ROOMS):
                if s.jb_kind == 0 and just_built_room_ok(s, p, False, s.jb_index, r, False):
                    m[A_ROOM + s.jb_index * MAX_ROOMS + r] = 1
                if s.jb_kind == 1 and just_built_room_ok(s, p, True, s.jb_index, r, False):
                    m[A_CROP_ROOM + s.jb_index * MAX_ROOMS + r] = 1
            if s.jb_kind == 2 and just_built_room_ok(s, p, False, s.jb_index, 0, True):
                m[A_TEMPLE + s.jb_index] = 1
        elif ph == PH_BOOST:
            m[A_YES] = 1
            if not (s.tgt_block == T_DOCK and s.debens[p] < DOCK_COST[s.tgt_index]):
                m[A_DONE] = 1
        elif ph == PH_PAY_GOOD:
            bits = any_good_choices(s, p, ROOM_COST[room_kind(s, s.tgt_crop, s.tgt_index), s.tgt_room])
            for g in range(NUM_GOODS):
                if (bits >> g) & 1:
                    m[A_GOOD + g] = 1
        elif ph == PH_GAIN_GOOD:
            bits = good_choice_bits(s)
            for g in range(NUM_GOODS):
                if (bits >> g) & 1:
                    m[A_GOOD + g] = 1
            m[A_DONE] = 1
        elif ph == PH_GAIN_MATERIAL:
            for k in range(NUM_MATERIALS):
                if material_ok(s, k):
                    m[A_MATERIAL + k] = 1
            m[A_DONE] = 1
        elif ph == PH_PYRAMID_PLACE:
            for k in range(NUM_MATERIALS):
                for i in range(PYR_MAX_SPACES):
                    if can_place(s, k, i):
                        m[A_PYRAMID_PLACE + k * PYR_MAX_SPACES + i] = 1
            if not s.pyr_must:
                m[A_DONE] = 1
        elif ph == PH_BORDER_CHOICE:
            for b in range(NUM_BORDERS):
                if border_ok(s, b):
                    m[A_BORDER + b] = 1
            m[A_DONE] = 1
        elif ph == PH_TEMPLE_CHOICE:
            for t in range(NUM_TEMPLE_SLOTS):
                if s.tc_left > 0 and s.tc_mode == TC_REMOVE_GOD:
                    if god_temple_ok(s, p, t):
                        m[A_TEMPLE + t] = 1
                elif offering_temple_ok(s, p, t):
                    m[A_TEMPLE + t] = 1
            m[A_DONE] = 1
        elif ph == PH_SERVANT_CHOICE:
            if s.sc_mode == SC_WHARF:
                for t in range(3):
                    if s.serv_home[p, t] > 0:
                        m[A_SERVANT + t] = 1
                    if s.indep_held[p, t] > 0:
                        m[A_SERVANT + 3 + t] = 1
                if s.sc_left > 0:
                    m[A_DONE] = 1
            elif s.sc_mode == SC_TUMULT_TO_TRANSIT:
                for t in range(3):
                    if s.serv_tumult[p, t] > 0:
                        m[A_SERVANT + t] = 1
            elif s.sc_mode == SC_INDEP:
                for t in range(3):
                    if (s.sc_bits >> t) & 1:
                        m[A_SERVANT + 3 + t] = 1
                m[A_DONE] = 1
        elif ph == PH_PLAYER_CHOICE:
            for k in range(s.num_players - 1):
                m[A_PLAYER + k] = 1
        elif ph == PH_REWARD_CHOICE:
            for k in range(1 + NUM_REWARD_OPTIONS):
                if reward_option_ok(s, k):
                    m[A_REWARD + k] = 1
        elif ph == PH_MOORING:
            for k in range(NUM_MOORINGS):
                if s.mooring_barge[k] < 0:
                    m[A_MOORING + k] = 1
        elif ph == PH_PATRON:
            kind = s.patron_q[0, PQ_KIND]
            if PATRON_FLAG[kind] == PF_SAME_MATERIAL:
                for k in range(NUM_MATERIALS):
                    if (s.patron_q[0, PQ_MATS] >> k) & 1 and s.quarry[k] > 0:
                        m[A_MATERIAL + k] = 1
            elif patron_festival(kind):
                for g in range(NUM_GOODS):
                    if festival_good_ok(s, g):
                        m[A_GOOD + g] = 1
            elif s.patron_q[0, PQ_GOOD] == PQ_PIER_GOOD and PATRON_FLAG[kind] == PF_SAME_GOOD:
                for g in range(NUM_GOODS):
                    if s.pier_store[g] > 0:
                        m[A_GOOD + g] = 1
            else:
                m[A_YES] = 1
            m[A_DONE] = 1
        elif ph == PH_SEB_ROOM:
            for c in range(NUM_CITY_CELLS):
                for r in range(MAX_ROOMS):
                    if seb_room_ok(s, p, False, c, r):
                        m[A_ROOM + c * MAX_ROOMS + r] = 1
            for i in range(NUM_PLANTATION_SPACES):
                for r in range(MAX_ROOMS):
                    if seb_room_ok(s, p, True, i, r):
                        m[A_CROP_ROOM + i * MAX_ROOMS + r] = 1
            m[A_DONE] = 1
        elif ph == PH_LICENSE_REVENUE:
            for k in range(4):
                if revenue_option_ok(s, p, k):
                    m[A_REVENUE_OPTION + k] = 1
            m[A_DONE] = 1
        elif ph == PH_LICENSE_MARKET:
            for k in range(2 * NUM_GOODS):
                if market_ok(s, p, k):
                    m[A_MARKET + k] = 1
            m[A_DONE] = 1
        elif ph == PH_LICENSE_UPKEEP:
            if upkeep_payable(s, p):
                m[A_UPKEEP] = 1
            m[A_UPKEEP + 1] = 1
        elif ph == PH_LICENSE_HAPPINESS:
            for k in range(NUM_GOODS + 1):
                if happiness_option_ok(s, p, 0, k):
                    m[A_GOOD + k] = 1
            for t in range(3):
                if happiness_option_ok(s, p, 1, t):
                    m[A_SERVANT + t] = 1
        elif ph == PH_PENALTY_CHOICE:
            k = s.pen_kind
            if k == PEN_OFFERINGS:
                for t in range(NUM_TEMPLE_SLOTS):
                    if s.offerings[t, p] > 0:
                        m[A_TEMPLE + t] = 1
            elif k == PEN_GOODS:
                for g in range(NUM_GOODS):
                    if s.goods[p, g] > 0:
                        m[A_GOOD + g] = 1
            elif k == PEN_BUILDING:
                for a in range(N_PENALTY_TARGET):
                    if own_building(s, p, a):
                        m[A_PENALTY_TARGET + a] = 1
            else:
                for t in range(3):
                    if penalty_servant_ok(s, p, t):
                        m[A_SERVANT + t] = 1
        elif ph > PH_GAME_OVER:  # advanced rules
            families.phase_mask(s, p, m)
            decrees.phase_mask(s, p, m)
