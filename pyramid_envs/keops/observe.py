"""Observation (state.OBS_SIZE floats): everything public in the base game, the same for
every seat except the observer one-hot and the at-a-glance block (glance.py) at the end.
Left out: the RNG (dice, future draws) and the order of the barge reserve (only which barges
are in it). Layout: see state.py, "observation";
`_fields` writes each field of state.OBS_FIELDS in dtype order, scaled by its OBS_RANGE (a
field added to STATE but not here makes tests/keops/test_invariants.py fail)."""
from ..core.jit import njit

import numpy as np

from ..core.rng import sorted_shuffle
from .decrees import determinize_one as determinize_decrees
from .glance import NUM_W, glance
from .rautoma import determinize_ra, observe_ra
from .spec import (ADV_PHASE0, DIE_FACES, MAX_PLAYERS, NUM_BARGES, NUM_BASE_PHASES, NUM_BORDERS,
                   PYR_MAX_SECTIONS, RA_PHASE0)
from .spec_advanced import DEC_DECK, MAX_OFFERS, NUM_DECREES, NUM_FAMILY_CARDS


@njit(cache=True, inline="always")
def _scale(v, lo, inv):
    return min(1.0, max(0.0, (v - lo) * inv))


@njit(cache=True)
def _fields(s, f, k):
    f[k] = _scale(s.num_players, 2, 0.5)
    k += 1
    f[k] = _scale(s.current_player, 0, 0.3333333333333333)
    k += 1
    f[k] = _scale(s.terminated, 0, 1.0)
    k += 1
    for i in range(4):
        f[k + i] = _scale(s.scores[i], 0, 0.05)
    k += 4
    f[k] = _scale(s.level, 0, 0.5)
    k += 1
    f[k] = _scale(s.turn_player, 0, 0.3333333333333333)
    k += 1
    f[k] = _scale(s.major_done, -1, 0.3333333333333333)
    k += 1
    f[k] = _scale(s.minors_done, 0, 0.015873015873015872)
    k += 1
    f[k] = _scale(s.actions_done, 0, 0.1)
    k += 1
    f[k] = _scale(s.jb_kind, -1, 0.3333333333333333)
    k += 1
    f[k] = _scale(s.jb_index, -1, 0.020833333333333332)
    k += 1
    f[k] = _scale(s.level_done, 0, 1.0)
    k += 1
    f[k] = _scale(s.final_turns, -1, 0.25)
    k += 1
    f[k] = _scale(s.akhet_stage, -1, 0.125)
    k += 1
    f[k] = _scale(s.akhet_index, -1, 0.2)
    k += 1
    f[k] = _scale(s.happiness, 0, 0.08333333333333333)
    k += 1
    for i in range(3):
        f[k + i] = _scale(s.quarry[i], 0, 0.05)
    k += 3
    for i in range(4):
        f[k + i] = _scale(s.goods_supply[i], 0, 0.05)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.pier_store[i], 0, 0.3333333333333333)
    k += 4
    f[k] = _scale(s.mandate_supply, 0, 0.08333333333333333)
    k += 1
    f[k] = _scale(s.major_supply, 0, 0.07142857142857142)
    k += 1
    f[k] = _scale(s.minor_supply, 0, 0.03571428571428571)
    k += 1
    for i in range(3):
        f[k + i] = _scale(s.indep_pool[i], 0, 0.125)
    k += 3
    f[k] = _scale(s.neutral_dwellings, 0, 0.16666666666666666)
    k += 1
    f[k] = _scale(s.elim_servant_tokens, 0, 0.25)
    k += 1
    f[k] = _scale(s.elim_building_tokens, 0, 0.25)
    k += 1
    for i in range(13):
        f[k + i] = _scale(s.pool[i], 0, 0.041666666666666664)
    k += 13
    for i in range(4):
        f[k + i] = _scale(s.market[i], 0, 0.25)
    k += 4
    for i in range(48):
        f[k + i] = _scale(s.city_kind[i], -1, 0.047619047619047616)
    k += 48
    for i in range(48):
        f[k + i] = _scale(s.city_owner[i], -1, 0.2)
    k += 48
    for i in range(48):
        f[k + i] = _scale(s.city_root[i], -1, 0.020833333333333332)
    k += 48
    for i in range(48):
        f[k + i] = _scale(s.city_anchor[i], -1, 0.020833333333333332)
    k += 48
    for i in range(48):
        f[k + i] = _scale(s.city_orient[i], -1, 0.125)
    k += 48
    for i in range(48):
        for j in range(2):
            f[k + i * 2 + j] = _scale(s.city_room[i, j], -1, 0.125)
    k += 96
    for i in range(8):
        f[k + i] = _scale(s.plant_kind[i], -1, 0.07692307692307693)
    k += 8
    for i in range(8):
        f[k + i] = _scale(s.plant_owner[i], -1, 0.25)
    k += 8
    for i in range(8):
        for j in range(2):
            f[k + i * 2 + j] = _scale(s.plant_room[i, j], -1, 0.125)
    k += 16
    for i in range(4):
        f[k + i] = _scale(s.temple_god[i], -1, 0.125)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.temple_owner[i], -1, 0.25)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.temple_occ[i], -1, 0.125)
    k += 4
    for i in range(5):
        for j in range(4):
            f[k + i * 4 + j] = _scale(s.offerings[i, j], 0, 0.1)
    k += 20
    for i in range(18):
        f[k + i] = _scale(s.pyr_fill[i], -1, 0.3333333333333333)
    k += 18
    for i in range(4):
        f[k + i] = _scale(s.dock_barge[i], -1, 0.05)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.dock_occ[i], -1, 0.125)
    k += 4
    for i in range(5):
        f[k + i] = _scale(s.mooring_barge[i], -1, 0.05)
    k += 5
    f[k] = _scale(s.barge_reserve_n, 0, 0.05)
    k += 1
    for i in range(20):
        f[k + i] = _scale(s.barge_discard[i], -1, 0.05)
    k += 20
    f[k] = _scale(s.barge_discard_n, 0, 0.05)
    k += 1
    for i in range(3):
        f[k + i] = _scale(s.border_card[i], -1, 0.08333333333333333)
    k += 3
    for i in range(3):
        f[k + i] = _scale(s.border_token[i], -1, 0.1111111111111111)
    k += 3
    for i in range(9):
        f[k + i] = _scale(s.token_used[i], 0, 1.0)
    k += 9
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.medjay[i, j], 0, 0.06666666666666667)
    k += 12
    for i in range(3):
        f[k + i] = _scale(s.border_space_occ[i], -1, 0.125)
    k += 3
    for i in range(3):
        f[k + i] = _scale(s.quarry_space_occ[i], -1, 0.125)
    k += 3
    for i in range(4):
        f[k + i] = _scale(s.wharf[i], 0, 0.09090909090909091)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.at_pyramid[i], 0, 0.09090909090909091)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.debens[i], 0, 0.01)
    k += 4
    for i in range(4):
        for j in range(4):
            f[k + i * 4 + j] = _scale(s.goods[i, j], 0, 0.05)
    k += 16
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.materials[i, j], 0, 0.16666666666666666)
    k += 12
    for i in range(4):
        f[k + i] = _scale(s.mandates[i], 0, 0.3333333333333333)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.major_favors[i], 0, 0.07142857142857142)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.minor_favors[i], 0, 0.03571428571428571)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.offer_reserve[i], 0, 0.1)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.offer_lost[i], 0, 0.1)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.prestige[i], 0, 0.03333333333333333)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.construction[i], 0, 0.03333333333333333)
    k += 4
    for i in range(4):
        f[k + i] = _scale(s.population[i], 0, 0.09090909090909091)
    k += 4
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.serv_home[i, j], 0, 0.2)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.serv_spent[i, j], 0, 0.2)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.serv_board[i, j], 0, 0.2)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.serv_tumult[i, j], 0, 0.2)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.serv_transit[i, j], 0, 0.2)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.serv_elim[i, j], 0, 0.2)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.serv_locked[i, j], 0, 0.2)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.indep_held[i, j], 0, 0.125)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.indep_board[i, j], 0, 0.125)
    k += 12
    for i in range(4):
        for j in range(3):
            for m in range(5):
                f[k + (i * 3 + j) * 5 + m] = _scale(s.col_slot[i, j, m], 0, 0.5)
    k += 60
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.dwell_taken[i, j], 0, 0.2)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.col_mandate_paid[i, j], 0, 1.0)
    k += 12
    for i in range(4):
        for j in range(3):
            f[k + i * 3 + j] = _scale(s.row_mandate_paid[i, j], 0, 1.0)
    k += 12
    f[k] = _scale(s.gain_player, 0, 0.3333333333333333)
    k += 1
    for i in range(22):
        f[k + i] = _scale(s.gain[i], 0, 0.1)
    k += 22
    f[k] = _scale(s.gain_good_bits, 0, 0.06666666666666667)
    k += 1
    f[k] = _scale(s.gain_border_bits, 0, 0.14285714285714285)
    k += 1
    f[k] = _scale(s.gain_temple_bits, 0, 0.03225806451612903)
    k += 1
    f[k] = _scale(s.gg_paid, -1, 0.25)
    k += 1
    f[k] = _scale(s.pick_goods, 0, 0.06666666666666667)
    k += 1
    f[k] = _scale(s.pick_pier, 0, 1.0)
    k += 1
    for i in range(2):
        f[k + i] = _scale(s.pend_reward[i], 0, 0.2)
    k += 2
    f[k] = _scale(s.no_reward, 0, 1.0)
    k += 1
    f[k] = _scale(s.reward_level, -1, 0.5)
    k += 1
    f[k] = _scale(s.reward_bits, 0, 0.06666666666666667)
    k += 1
    f[k] = _scale(s.special, 0, 0.25)
    k += 1
    f[k] = _scale(s.tc_mode, 0, 1.0)
    k += 1
    f[k] = _scale(s.tc_left, 0, 0.5)
    k += 1
    f[k] = _scale(s.sc_mode, -1, 0.25)
    k += 1
    f[k] = _scale(s.sc_left, 0, 0.09090909090909091)
    k += 1
    f[k] = _scale(s.sc_bits, 0, 0.14285714285714285)
    k += 1
    f[k] = _scale(s.pyr_left, 0, 0.2)
    k += 1
    f[k] = _scale(s.pyr_src, 0, 1.0)
    k += 1
    for i in range(3):
        f[k + i] = _scale(s.pyr_cap[i], 0, 0.2)
    k += 3
    f[k] = _scale(s.pyr_points, 0, 1.0)
    k += 1
    f[k] = _scale(s.pyr_must, 0, 1.0)
    k += 1
    f[k] = _scale(s.pyr_taken_bits, 0, 0.14285714285714285)
    k += 1
    f[k] = _scale(s.tgt_block, -1, 0.14285714285714285)
    k += 1
    f[k] = _scale(s.tgt_index, -1, 0.020833333333333332)
    k += 1
    f[k] = _scale(s.tgt_room, -1, 0.5)
    k += 1
    f[k] = _scale(s.tgt_crop, 0, 1.0)
    k += 1
    f[k] = _scale(s.tgt_indep, -1, 0.5)
    k += 1
    f[k] = _scale(s.tgt_boost, -1, 0.5)
    k += 1
    f[k] = _scale(s.tgt_seb, 0, 1.0)
    k += 1
    f[k] = _scale(s.paid_good, -1, 0.25)
    k += 1
    f[k] = _scale(s.tgt_barge, -1, 0.05)
    k += 1
    f[k] = _scale(s.con_pool, -1, 0.07692307692307693)
    k += 1
    f[k] = _scale(s.con_god, -1, 0.125)
    k += 1
    f[k] = _scale(s.con_silver, -1, 0.5)
    k += 1
    for i in range(12):
        f[k + i] = _scale(s.dwell_queue[i], -1, 0.020833333333333332)
    k += 12
    f[k] = _scale(s.dwell_n, 0, 0.08333333333333333)
    k += 1
    for i in range(4):
        for j in range(5):
            f[k + i * 5 + j] = _scale(s.patron_q[i, j], -1, 0.07142857142857142)
    k += 20
    f[k] = _scale(s.patron_n, 0, 0.25)
    k += 1
    f[k] = _scale(s.lic_stage, -1, 0.16666666666666666)
    k += 1
    for i in range(2):
        f[k + i] = _scale(s.lic_units[i], 0, 0.25)
    k += 2
    f[k] = _scale(s.lic_market_left, 0, 0.25)
    k += 1
    for i in range(4):
        f[k + i] = _scale(s.market_moves[i], -4, 0.125)
    k += 4
    f[k] = _scale(s.lic_slot, -1, 0.0625)
    k += 1
    f[k] = _scale(s.lic_happy_left, 0, 0.09090909090909091)
    k += 1
    f[k] = _scale(s.pen_seat, -1, 0.25)
    k += 1
    f[k] = _scale(s.pen_kind, -1, 0.16666666666666666)
    k += 1
    f[k] = _scale(s.pen_left, 0, 0.1)
    k += 1
    for i in range(3):
        for j in range(4):
            f[k + i * 4 + j] = _scale(s.pen_queue[i, j], 0, 1.0)
    k += 12
    return k


@njit(cache=True)
def observe_one(s, seat, f, w, sec):
    """w, sec: glance.py's scratch."""
    f[:] = 0.0
    f[seat] = 1.0
    if s.phase < NUM_BASE_PHASES:  # the advanced and Ra-utoma phases have one-hots in their sections
        f[MAX_PLAYERS + s.phase] = 1.0
    k = _fields(s, f, MAX_PLAYERS + NUM_BASE_PHASES)
    for i in range(s.barge_reserve_n):
        f[k + s.barge_reserve[i]] = 1.0
    k = observe_ra(s, f, advanced_tail(s, seat, f, k + NUM_BARGES))
    glance(s, seat, f, k, w, sec)


@njit(cache=True)
def observe(states, seats, out):
    w = np.zeros((NUM_W, MAX_PLAYERS), np.int64)
    sec = np.zeros(PYR_MAX_SECTIONS, np.int64)
    for b in range(states.shape[0]):
        observe_one(states[b], seats[b], out[b], w, sec)


@njit(cache=True)
def determinize(states, seats, seeds):
    """Hidden in the base game: the barge reserve order and every future chance event
    (dice, border and token draws), all held by the reserve order and the RNG; with the
    Decree option also the other Viziers' hands and the deck order; with the High Priest,
    its deck (rautoma.determinize_ra)."""
    for b in range(states.shape[0]):
        s = states[b]
        s.rng = seeds[b]
        sorted_shuffle(s, s.barge_reserve, s.barge_reserve_n)
        determinize_decrees(s, seats[b])
        determinize_ra(s)


# --- advanced rules: families and decrees (layout: state.ADV_OBS_SIZE) ---
@njit(cache=True)
def advanced_tail(s, seat, f, k):
    if ADV_PHASE0 <= s.phase < RA_PHASE0:
        f[k + s.phase - ADV_PHASE0] = 1.0
    k += RA_PHASE0 - ADV_PHASE0
    f[k] = _scale(s.opt_families, 0, 1.0)
    f[k + 1] = _scale(s.opt_decrees, 0, 1.0)
    k += 2
    for p in range(MAX_PLAYERS):
        if s.fam_card[p] >= 0:
            f[k + s.fam_card[p]] = 1.0
        k += NUM_FAMILY_CARDS
        if s.fam_face[p] >= 0:
            f[k + s.fam_face[p]] = 1.0
        k += 2
        f[k] = _scale(s.fam_border[p], -1, 1 / 3)
        k += 1
    f[k] = _scale(s.fam_debens_left, 0, 0.5)
    f[k + 1] = _scale(s.fam_build, -1, 1 / 3)
    f[k + 2] = _scale(s.split_left, 0, 0.1)
    k += 3
    for b in range(NUM_BORDERS):
        f[k + b] = _scale(s.split[b], 0, 0.1)
    k += NUM_BORDERS
    for i in range(MAX_OFFERS):
        f[k + 2 * i] = _scale(s.offer_q[i, 0], -1, 0.25)
        f[k + 2 * i + 1] = _scale(s.offer_q[i, 1], -1, 0.25)
    k += 2 * MAX_OFFERS
    f[k] = _scale(s.offer_n, 0, 1 / MAX_OFFERS)
    f[k + 1] = _scale(s.die_faces[0], -1, 1 / DIE_FACES)
    f[k + 2] = _scale(s.die_faces[1], -1, 1 / DIE_FACES)
    f[k + 3] = _scale(s.die_level, -1, 0.5)
    k += 4
    hands = np.zeros(MAX_PLAYERS, np.int64)
    for c in range(NUM_DECREES):
        loc = s.dec_loc[c]
        if s.opt_decrees and loc < 4:
            hands[loc] += 1
        f[k] = 1.0 if s.opt_decrees and loc == seat else 0.0
        f[k + 1] = 1.0 if s.opt_decrees and loc >= 4 and loc < DEC_DECK else 0.0
        f[k + 2] = _scale(loc - 4 if s.opt_decrees and loc >= 4 and loc < DEC_DECK else -1, -1, 0.25)
        for p in range(MAX_PLAYERS):
            f[k + 3 + p] = _scale(s.dec_marker[c, p], 0, 1.0)
        k += 3 + MAX_PLAYERS
    for p in range(MAX_PLAYERS):
        f[k + p] = _scale(hands[p], 0, 1 / NUM_DECREES)
    k += MAX_PLAYERS
    f[k] = _scale(s.dec_deck_n, 0, 1 / NUM_DECREES)
    k += 1
    for p in range(MAX_PLAYERS):
        f[k + p] = _scale(s.dec_markers_left[p], 0, 1 / 3)
    return k + MAX_PLAYERS
