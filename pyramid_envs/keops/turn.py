"""Turn flow (§5): `step` applies one decision, then `settle` opens the next one.

`settle` looks at the pending work in a fixed order: Dwellings of a construction, an assign
target, a construction, the gain engine (gains.resolve), a bought barge's mooring, the Wharf,
Patron benefits (current_player = the Patron), Licensing, the Akhet round, and otherwise the
turn step of the turn player. See docs/rules/keops.md, "Turn structure as steps".
"""
import numpy as np
from ..core.jit import njit

from .actions import (A_ADV_MINOR, A_BORDER, A_BORDER_SPACE, A_CITY_PLACE, A_CONSTRUCT, A_CROP_ROOM, A_DOCK,
                      A_DONE, A_DWELLING_ROW, A_GOD, A_GOOD, A_LICENSE, A_MANDATE_USE, A_MARKET,
                      A_MATERIAL, A_MINOR, A_MOORING, A_PENALTY_TARGET, A_PLANTATION, A_PLAYER,
                      A_PYRAMID_PLACE, A_QUARRY_SPACE, A_REVENUE_OPTION, A_REWARD, A_ROOM,
                      A_RA_BONUS, A_SERVANT, A_TEMPLE, A_UPKEEP, A_YES, N_BORDER_SPACE, N_CONSTRUCT,
                      N_CROP_ROOM, N_DOCK, N_GOOD, N_MANDATE_USE, N_MINOR, N_ROOM, N_TEMPLE)
from .akhet import (akhet_next, eliminate_servant, penalty_good, penalty_offering, remove_building,
                    start_akhet)
from .assign import (T_PYRAMID, assign_next, drop_barge, free_mooring, moor, patron_accept,
                     patron_can, pop_patron, start_target)
from . import decrees, families
from .construct import (CROP_POOL, TEMPLE_POOL, begin_construct, place_city, place_crop,
                        place_dwelling, place_temple, spend_servant)
from .held import wharf_debens
from .gains import (choose_border, choose_good, choose_indep, choose_material,
                    choose_offering_temple, choose_placement, choose_player, choose_reward,
                    decline_border, decline_good, remove_offering_for_god, resolve, stop_placement,
                    tumult_to_transit)
from .licensing import (choose_revenue, happiness_pay, lic_next, market_action, skip_revenue,
                        start_licensing, upkeep)
from .resources import dwellings_left, servants_available, spend_mandate
from .spec import (G_ANY_GOOD, G_INDEP, G_MATERIAL, G_OFFERING, MAJ_ASSIGN, MAJ_CONSTRUCT,
                   MAJ_LICENSE, MAN_DEBEN, MAN_GOOD, MAN_MATERIAL, MAX_ORIENTATIONS, MAX_ROOMS,
                   MIN_PYRAMID, MIN_WHARF, PATRON_FLAG, PEN_BUILDING, PEN_GOODS, PEN_OFFERINGS,
                   PF_SAME_MATERIAL, PH_AKHET_GOD, PH_ASSIGN_TARGET, PH_BOOST, PH_BORDER_CHOICE,
                   PH_CITY_PLACE, PH_CONSTRUCT_SERVANT, PH_CONSTRUCT_SILVER, PH_DWELLING_ROW,
                   PH_GAME_OVER,
                   PH_GAIN_GOOD, PH_GAIN_MATERIAL, PH_LICENSE_HAPPINESS, PH_LICENSE_MARKET,
                   PH_LICENSE_REVENUE, PH_LICENSE_UPKEEP, PH_MOORING, PH_PATRON, PH_PAY_GOOD,
                   PH_PENALTY_CHOICE, PH_PLANTATION_PLACE, PH_PLAYER_CHOICE, PH_PYRAMID_PLACE,
                   PH_RA_BUILDING, PH_REWARD_CHOICE, PH_SEB_ROOM, PH_SERVANT_CHOICE, PH_SERVANT_SOURCE,
                   PH_TEMPLE_CHOICE, PH_TEMPLE_GOD, PH_TEMPLE_SPACE, PH_TURN, PYR_MAX_SPACES,
                   SILVER, T_BORDER_SPACE, T_DOCK, T_QUARRY_SPACE, T_ROOM, T_TEMPLE)
from .rautoma import (dwelling_row, decider, pass_scarab, ra_apply, ra_pending, ra_redirect,
                      ra_turn)
from .state import PQ_KIND, PQ_MATS, SC_CONSTRUCT, SC_TUMULT_TO_TRANSIT, SC_WHARF, TC_REMOVE_GOD

T_PICK_JUST_BUILT = 6  # tgt_block while minor action c waits for its room
# first action of the block each Ra-utoma phase uses (spec.PHASES order from "ra-building")
BLOCK_START = np.array([0, 0, A_BORDER, A_PLAYER, A_MOORING, A_GOOD, A_RA_BONUS], np.int64)


@njit(cache=True)
def _construct_phase(s):
    if s.sc_mode == SC_CONSTRUCT:
        return PH_CONSTRUCT_SERVANT
    if s.con_silver < 0:
        if s.goods[s.turn_player, SILVER] > 0:
            return PH_CONSTRUCT_SILVER
        s.con_silver = 0
    if s.con_pool == CROP_POOL:
        return PH_PLANTATION_PLACE
    if s.con_pool == TEMPLE_POOL:
        return PH_TEMPLE_GOD if s.con_god < 0 else PH_TEMPLE_SPACE
    return PH_CITY_PLACE


@njit(cache=True)
def end_turn(s):
    s.major_done = -1
    s.minors_done = 0
    s.actions_done = 0
    s.jb_kind = -1
    s.jb_index = -1
    n = s.num_players
    if s.level_done:
        if s.level == 2:
            # §6: after the last level the other Viziers play one more turn each, then Akhet
            s.final_turns = n - 1 if s.final_turns < 0 else s.final_turns - 1
            if s.final_turns == 0:
                start_akhet(s)
                return
        else:
            start_akhet(s)
            return
    s.turn_player = (s.turn_player + 1) % n


@njit(cache=True)
def _open(s, ph, who):
    s.phase = ph
    s.current_player = who


@njit(cache=True)
def settle(s, rewards_row):
    while True:
        tp = s.turn_player
        if s.dwell_n > 0:
            if dwellings_left(s, tp) > 0:
                r = dwelling_row(s, tp)
                if r >= 0:
                    place_dwelling(s, tp, r)
                    continue
                _open(s, PH_DWELLING_ROW, tp)
                return
            place_dwelling(s, tp, -1)
            continue
        if s.tgt_block == T_PICK_JUST_BUILT:
            _open(s, PH_ASSIGN_TARGET, tp)
            return
        if s.tgt_block >= 0:
            ph = assign_next(s, s.gain_player)
            if ph >= 0:
                _open(s, ph, s.gain_player)
                return
            continue
        if s.con_pool >= 0:
            _open(s, _construct_phase(s), tp)
            return
        ph = resolve(s)
        if ph >= 0:
            _open(s, ph, s.gain_player)
            return
        ph = ra_pending(s)
        if ph >= 0:
            _open(s, ph, s.ra_seat)
            return
        if s.tgt_barge >= 0:
            if free_mooring(s):
                _open(s, PH_MOORING, s.gain_player)
                return
            drop_barge(s)
            continue
        if s.sc_mode == SC_WHARF:
            if servants_available(s, tp) > 0:
                _open(s, PH_SERVANT_CHOICE, tp)
                return
            s.sc_mode = -1
        if s.patron_n > 0:
            q = s.patron_q[0]
            if PATRON_FLAG[q[PQ_KIND]] == PF_SAME_MATERIAL and q[PQ_MATS] == 0:
                q[PQ_MATS] = s.pyr_taken_bits
            if patron_can(s):
                _open(s, PH_PATRON, q[0])
                return
            pop_patron(s)
            continue
        ph = decrees.pending(s)
        if ph < 0:
            ph = families.pending(s)
        if ph >= 0:
            s.phase = ph
            return
        s.gain_player = tp
        if s.lic_stage >= 0:
            ph = lic_next(s, tp)
            if ph >= 0:
                _open(s, ph, tp)
                return
            if ph == -1:
                end_turn(s)
            continue
        if s.akhet_stage >= 0:
            ph = akhet_next(s, rewards_row)
            if ph >= 0:
                s.phase = ph
                return
            if ph == -2:
                continue
            if s.terminated:
                return
            s.turn_player = (s.turn_player + 1) % s.num_players
            continue
        if tp == s.ra_seat:
            ph = ra_turn(s)
            if ph >= 0:
                _open(s, ph, tp)
                return
            if ph == -1:
                end_turn(s)
            continue
        _open(s, PH_TURN, tp)
        return


@njit(cache=True)
def _in(a, off, size):
    return a >= off and a < off + size


@njit(cache=True)
def _turn_action(s, a):
    p = s.turn_player
    s.gain_player = p
    if a == A_DONE:
        end_turn(s)
        return
    if _in(a, A_MANDATE_USE, N_MANDATE_USE):
        k = a - A_MANDATE_USE
        spend_mandate(s, p)
        if k == MAN_DEBEN:
            s.debens[p] += 1
        elif k == MAN_GOOD:
            s.gain[G_ANY_GOOD] += 1
        elif k == MAN_MATERIAL:
            s.gain[G_MATERIAL] += 1
        else:
            s.gain[G_OFFERING] += 1
        return
    s.actions_done += 1
    if a >= A_ADV_MINOR:  # advanced rules: the Family's and the decrees' minor actions
        if a == A_ADV_MINOR:
            families.turn_action(s, p)
        else:
            decrees.turn_action(s, p, a)
        return
    if a == A_LICENSE:
        s.major_done = MAJ_LICENSE
        start_licensing(s, p)
    elif _in(a, A_CONSTRUCT, N_CONSTRUCT):
        s.major_done = MAJ_CONSTRUCT
        begin_construct(s, p, a - A_CONSTRUCT)
    elif _in(a, A_MINOR, N_MINOR):
        k = a - A_MINOR
        s.minors_done |= 1 << k
        if k == MIN_PYRAMID:
            start_target(s, T_PYRAMID, 0, 0, False, False)
        elif k == MIN_WHARF:
            s.sc_mode = SC_WHARF
            s.sc_left = 0
        else:
            s.tgt_block = T_PICK_JUST_BUILT
    else:
        s.major_done = MAJ_ASSIGN
        _target_action(s, a)


@njit(cache=True)
def _target_action(s, a):
    """ROOM / CROP_ROOM / TEMPLE / DOCK / BORDER_SPACE / QUARRY_SPACE: start that assign."""
    if _in(a, A_ROOM, N_ROOM):
        k = a - A_ROOM
        start_target(s, T_ROOM, k // MAX_ROOMS, k % MAX_ROOMS, False, False)
    elif _in(a, A_CROP_ROOM, N_CROP_ROOM):
        k = a - A_CROP_ROOM
        start_target(s, T_ROOM, k // MAX_ROOMS, k % MAX_ROOMS, True, False)
    elif _in(a, A_TEMPLE, N_TEMPLE):
        start_target(s, T_TEMPLE, a - A_TEMPLE, 0, False, False)
    elif _in(a, A_DOCK, N_DOCK):
        start_target(s, T_DOCK, a - A_DOCK, 0, False, False)
    elif _in(a, A_BORDER_SPACE, N_BORDER_SPACE):
        start_target(s, T_BORDER_SPACE, a - A_BORDER_SPACE, 0, False, False)
    else:
        start_target(s, T_QUARRY_SPACE, a - A_QUARRY_SPACE, 0, False, False)


@njit(cache=True)
def _servant_choice(s, p, a):
    m = s.sc_mode
    if m == SC_WHARF:
        if a == A_DONE:
            s.sc_mode = -1
            return
        k = a - A_SERVANT
        if k < 3:
            s.serv_home[p, k] -= 1
            s.serv_board[p, k] += 1
        else:
            s.indep_held[p, k - 3] -= 1
            s.indep_board[p, k - 3] += 1
        s.wharf[p] += 1
        s.debens[p] += wharf_debens(s, p)
        s.sc_left += 1
    elif m == SC_TUMULT_TO_TRANSIT:
        tumult_to_transit(s, a - A_SERVANT)
        s.sc_mode = -1
    else:  # SC_INDEP
        if a == A_DONE:
            s.gain[G_INDEP] = 0
        else:
            choose_indep(s, a - A_SERVANT - 3)
        s.sc_mode = -1


@njit(cache=True)
def step(states, actions, rewards):
    # The phases' dispatch is written here, not in a per-state function, and `settle` is
    # one function: numba links, optimises and emits every jitted function with all it
    # calls, so each such layer cost a first use about 2-3 s (benchmarks/RESULTS.md,
    # session 28).
    for b in range(states.shape[0]):
        a = actions[b]
        if a < 0:
            continue
        rewards[b, :] = 0.0
        s = states[b]
        s.steps += 1
        ph = s.phase
        p = decider(s)
        if s.ra_voice:
            pass_scarab(s)
        if ph >= PH_RA_BUILDING:
            ra_apply(s, ph, a, a - BLOCK_START[ph - PH_RA_BUILDING])
        elif ph == PH_TURN:
            _turn_action(s, a)
        elif ph == PH_CONSTRUCT_SERVANT:
            spend_servant(s, p, a - A_SERVANT)
            s.sc_mode = -1
        elif ph == PH_CONSTRUCT_SILVER:
            s.con_silver = 1 if a == A_YES else 0
        elif ph == PH_CITY_PLACE:
            k = a - A_CITY_PLACE
            place_city(s, p, k // MAX_ORIENTATIONS, k % MAX_ORIENTATIONS)
        elif ph == PH_PLANTATION_PLACE:
            k = a - A_PLANTATION
            place_crop(s, p, k // 2, k % 2)
        elif ph == PH_TEMPLE_GOD:
            s.con_god = a - A_GOD
        elif ph == PH_TEMPLE_SPACE:
            place_temple(s, p, a - A_TEMPLE)
        elif ph == PH_DWELLING_ROW:
            place_dwelling(s, p, a - A_DWELLING_ROW)
        elif ph == PH_SERVANT_SOURCE:
            s.tgt_indep = 1 if a - A_SERVANT >= 3 else 0
        elif ph == PH_ASSIGN_TARGET:
            _target_action(s, a)
        elif ph == PH_BOOST:
            s.tgt_boost = 1 if a == A_YES else 0
        elif ph == PH_PAY_GOOD:
            s.paid_good = a - A_GOOD
        elif ph == PH_GAIN_GOOD:
            if a == A_DONE:
                decline_good(s)
            else:
                choose_good(s, a - A_GOOD)
        elif ph == PH_GAIN_MATERIAL:
            if a == A_DONE:
                s.gain[G_MATERIAL] = 0
            else:
                choose_material(s, a - A_MATERIAL)
        elif ph == PH_PYRAMID_PLACE:
            if a == A_DONE:
                stop_placement(s)
            else:
                k = a - A_PYRAMID_PLACE
                choose_placement(s, k // PYR_MAX_SPACES, k % PYR_MAX_SPACES)
        elif ph == PH_BORDER_CHOICE:
            if a == A_DONE:
                decline_border(s)
            else:
                choose_border(s, a - A_BORDER)
        elif ph == PH_TEMPLE_CHOICE:
            if s.tc_left > 0 and s.tc_mode == TC_REMOVE_GOD:
                s.tc_left -= 1
                if a != A_DONE:
                    remove_offering_for_god(s, a - A_TEMPLE)
            elif a == A_DONE:
                s.gain[G_OFFERING] = 0
            else:
                choose_offering_temple(s, a - A_TEMPLE)
        elif ph == PH_SERVANT_CHOICE:
            _servant_choice(s, p, a)
        elif ph == PH_PLAYER_CHOICE:
            choose_player(s, a - A_PLAYER)
        elif ph == PH_REWARD_CHOICE:
            choose_reward(s, a - A_REWARD)
        elif ph == PH_MOORING:
            moor(s, p, a - A_MOORING)
        elif ph == PH_PATRON:
            if a == A_DONE:
                pop_patron(s)
            elif a == A_YES:
                patron_accept(s, -1)
            elif _in(a, A_GOOD, N_GOOD):
                patron_accept(s, a - A_GOOD)
            else:
                patron_accept(s, a - A_MATERIAL)
        elif ph == PH_SEB_ROOM:
            s.special = 0
            if a != A_DONE:
                if _in(a, A_ROOM, N_ROOM):
                    k = a - A_ROOM
                    start_target(s, T_ROOM, k // MAX_ROOMS, k % MAX_ROOMS, False, True)
                else:
                    k = a - A_CROP_ROOM
                    start_target(s, T_ROOM, k // MAX_ROOMS, k % MAX_ROOMS, True, True)
        elif ph == PH_LICENSE_REVENUE:
            if a == A_DONE:
                skip_revenue(s)
            else:
                choose_revenue(s, p, a - A_REVENUE_OPTION)
        elif ph == PH_LICENSE_MARKET:
            if a == A_DONE:
                s.lic_market_left = 0
            else:
                market_action(s, p, a - A_MARKET)
        elif ph == PH_LICENSE_UPKEEP:
            upkeep(s, p, a == A_UPKEEP)
        elif ph == PH_LICENSE_HAPPINESS:
            if _in(a, A_GOOD, N_GOOD):
                happiness_pay(s, p, 0, a - A_GOOD)
            else:
                happiness_pay(s, p, 1, a - A_SERVANT)
        elif ph == PH_AKHET_GOD:
            t = s.akhet_index
            s.akhet_index += 1
            if a == A_YES:
                s.gain_player = p
                remove_offering_for_god(s, t)
        elif ph == PH_PENALTY_CHOICE:
            k = s.pen_kind
            if k == PEN_OFFERINGS:
                penalty_offering(s, a - A_TEMPLE)
            elif k == PEN_GOODS:
                penalty_good(s, a - A_GOOD)
            elif k == PEN_BUILDING:
                remove_building(s, a - A_PENALTY_TARGET)
                s.pen_left = 0
            else:
                eliminate_servant(s, p, a - A_SERVANT)
                s.pen_left = 0
        elif ph > PH_GAME_OVER:  # advanced rules
            families.apply_phase(s, p, a)
            decrees.apply_phase(s, p, a)
        settle(s, rewards[b])
        ra_redirect(s)
