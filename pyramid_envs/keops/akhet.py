"""The Akhet round (§6, eight ordered steps), border penalties (§13.5) and the end (§7)."""
import numpy as np
from ..core.jit import njit

from ..core.outcome import rank_rewards
from .decrees import end_bonus
from .held import beats_tie, new_round, win_ties
from .rautoma import ra_god
from .resources import (gain_major, gain_minor, lose_prestige, pay_good, return_marker, total_goods)
from .setup import deal_borders, discard_barge, fill_pier
from .spec import (AK_AKHET_CROPS, AK_BARGES, AK_BORDERS, AK_CONSTRUCTION, AK_NEW_LEVEL,
                   AK_PANTHEON, AK_PRESTIGE, AK_RETURN_MATERIALS, BORDER_MINIMUM, BORDER_PRESTIGE,
                   BUILDING_COLOR, BUILDING_MARKERS_PER_COLOR, G_PRESTIGE, MAX_PLAYERS,
                   MINORS_PER_MAJOR, NUM_BORDERS, NUM_CITY_CELLS, NUM_COLORS, NUM_DOCKS,
                   NUM_MOORINGS, NUM_PLANTATION_SPACES, PANTHEON_SPACES, PENALTY_OFFERINGS,
                   PENALTY_PRESTIGE_LOSS, PENALTY_TOKEN_KIND, PEN_BUILDING, PEN_DEBENS, PEN_FAVOR,
                   PEN_GOODS, PEN_OFFERINGS, PEN_SERVANT, PH_AKHET_GOD, PH_GAME_OVER,
                   PH_PENALTY_CHOICE, PLANTATION_AKHET, POOL_OF_KIND, PYR_MAX_SPACES, RED,
                   TEMPLE_RA, YELLOW)
from .spec_advanced import D_TIE_MEDJAY, D_TIE_PRESTIGE
from .state import CITY_EMPTY, SLOT_ELIMINATED, SLOT_EMPTY


# The least value that places in a favor check: the tracks set no minimum (§6 steps 4, 6);
# for Ra a Vizier must have dedicated an Offering (a ruling, docs/rules/keops.md).
TRACK_LEAST, RA_LEAST = 0, 1


@njit(cache=True)
def favor_check(s, vals, least):
    """§6 steps 3, 4, 6: most -> Major (a tie: a Minor each, no second place); second ->
    Minor (a tie: nobody). Values below `least` never place. Returns favored bits.
    The tie-winning Decrees act through vals (held.win_ties) before this is called."""
    n = s.num_players
    best = -1
    for p in range(n):
        if vals[p] >= least:
            best = max(best, vals[p])
    if best < 0:
        return 0
    tied, bits = 0, 0
    for p in range(n):
        if vals[p] == best:
            tied += 1
            bits |= 1 << p
    if tied > 1:
        for p in range(n):
            if vals[p] == best:
                gain_minor(s, p, 1)
        return bits
    second = -1
    for p in range(n):
        if vals[p] >= least and vals[p] < best:
            second = max(second, vals[p])
    for p in range(n):
        if vals[p] == best:
            gain_major(s, p, 1)
    if second >= 0:
        cnt, who = 0, -1
        for p in range(n):
            if vals[p] == second:
                cnt += 1
                who = p
        if cnt == 1:
            gain_minor(s, who, 1)
            bits |= 1 << who
    return bits


@njit(cache=True)
def _track_favors(s, track):
    """§6 steps 4 and 6: the Construction or Prestige track's favors (the holder of the
    tie-winning Decree wins its ties), then the track goes back to 0."""
    vals = np.zeros(MAX_PLAYERS, np.int64)
    for p in range(s.num_players):
        vals[p] = track[p]
    win_ties(s, vals, D_TIE_PRESTIGE, TRACK_LEAST)
    favor_check(s, vals, TRACK_LEAST)
    for p in range(s.num_players):
        track[p] = 0


@njit(cache=True)
def temple_winner(s, t):
    """The unique Vizier with the most Offerings in temple t, -1 on a tie or none (the
    tie-winning Decree covers the Temple of Ra's favor check only, a ruling)."""
    best, who, tie = 0, -1, False
    for p in range(s.num_players):
        v = s.offerings[t, p]
        if v > best:
            best, who, tie = v, p, False
        elif v == best and v > 0:
            tie = True
    return -1 if tie else who


@njit(cache=True)
def start_akhet(s):
    s.akhet_stage = AK_RETURN_MATERIALS
    s.akhet_index = 0


@njit(cache=True)
def remove_building(s, a):
    """Penalty: the Vizier's building at PENALTY_TARGET index a leaves the board (§13.5)."""
    p = s.pen_seat
    if a < NUM_CITY_CELLS:
        kind = s.city_kind[a]
        for c in range(NUM_CITY_CELLS):
            if s.city_root[c] == a and s.city_kind[c] == kind:
                s.city_kind[c] = CITY_EMPTY
                s.city_owner[c] = -1
                s.city_root[c] = -1
        s.city_anchor[a] = -1
        s.city_orient[a] = -1
        s.city_room[a, 0] = -1
        s.city_room[a, 1] = -1
        col = BUILDING_COLOR[kind]
    elif a < NUM_CITY_CELLS + NUM_PLANTATION_SPACES:
        i = a - NUM_CITY_CELLS
        kind = s.plant_kind[i]
        s.plant_kind[i] = -1
        s.plant_owner[i] = -1
        s.plant_room[i, 0] = -1
        s.plant_room[i, 1] = -1
        col = YELLOW
    else:
        t = a - NUM_CITY_CELLS - NUM_PLANTATION_SPACES
        kind = 13
        for q in range(s.num_players):
            s.offer_reserve[q] += s.offerings[t, q]
            s.offerings[t, q] = 0
        s.temple_god[t] = -1
        s.temple_owner[t] = -1
        s.temple_occ[t] = -1
        col = RED
    s.pool[POOL_OF_KIND[kind]] += 1
    for k in range(BUILDING_MARKERS_PER_COLOR):
        if s.col_slot[p, col, k] == SLOT_EMPTY:
            s.col_slot[p, col, k] = SLOT_ELIMINATED
            break
    if s.elim_building_tokens > 0:
        s.elim_building_tokens -= 1


@njit(cache=True)
def own_building(s, p, a):
    if a < NUM_CITY_CELLS:
        return (s.city_root[a] == a and s.city_kind[a] >= 0 and s.city_kind[a] < 11
                and s.city_owner[a] == p)
    if a < NUM_CITY_CELLS + NUM_PLANTATION_SPACES:
        return s.plant_owner[a - NUM_CITY_CELLS] == p
    t = a - NUM_CITY_CELLS - NUM_PLANTATION_SPACES
    return t < PANTHEON_SPACES and s.temple_owner[t] == p


@njit(cache=True)
def penalty_servant_ok(s, p, t):
    return (s.serv_home[p, t] + s.serv_spent[p, t] + s.serv_board[p, t] + s.serv_tumult[p, t]
            + s.serv_transit[p, t]) > 0


@njit(cache=True)
def eliminate_servant(s, p, t):
    """An unlocked own servant leaves the game from wherever it is (§13.5)."""
    if s.serv_home[p, t] > 0:
        s.serv_home[p, t] -= 1
    elif s.serv_spent[p, t] > 0:
        s.serv_spent[p, t] -= 1
    elif s.serv_transit[p, t] > 0:
        s.serv_transit[p, t] -= 1
    elif s.serv_tumult[p, t] > 0:
        s.serv_tumult[p, t] -= 1
    else:
        s.serv_board[p, t] -= 1  # its space stays taken until its owner's next Licensing
    s.serv_elim[p, t] += 1
    if s.elim_servant_tokens > 0:
        s.elim_servant_tokens -= 1


@njit(cache=True)
def penalty_choice_possible(s):
    p, k = s.pen_seat, s.pen_kind
    if s.pen_left <= 0:
        return False
    if k == PEN_OFFERINGS:
        for t in range(PANTHEON_SPACES + 1):
            if s.offerings[t, p] > 0:
                return True
        return False
    if k == PEN_GOODS:
        return total_goods(s, p) > 0
    if k == PEN_BUILDING:
        for a in range(NUM_CITY_CELLS + NUM_PLANTATION_SPACES + PANTHEON_SPACES):
            if own_building(s, p, a):
                return True
        return False
    if k == PEN_SERVANT:
        for t in range(3):
            if penalty_servant_ok(s, p, t):
                return True
    return False


@njit(cache=True)
def penalty_offering(s, t):
    """One of the 3 temple Offerings the penalty removes: it leaves play (§13.5)."""
    p = s.pen_seat
    s.offerings[t, p] -= 1
    s.offer_lost[p] += 1
    s.pen_left -= 1


@njit(cache=True)
def penalty_good(s, g):
    pay_good(s, s.pen_seat, g, 1)
    s.pen_left -= 1


@njit(cache=True)
def start_penalty(s, p, token):
    """Apply a border penalty's automatic part; leave the choices in pen_* (§13.5)."""
    kind = PENALTY_TOKEN_KIND[token]
    lose_prestige(s, p, PENALTY_PRESTIGE_LOSS)
    s.pen_seat, s.pen_kind, s.pen_left = p, kind, 0
    if kind == PEN_FAVOR:
        if s.minor_favors[p] > 0:
            s.minor_favors[p] -= 1
            s.minor_supply += 1
        elif s.major_favors[p] > 0:
            s.major_favors[p] -= 1
            s.major_supply += 1
            gain_minor(s, p, 1)
    elif kind == PEN_DEBENS:
        s.debens[p] -= (s.debens[p] + 1) // 2
    elif kind == PEN_OFFERINGS:
        on = 0
        for t in range(PANTHEON_SPACES + 1):
            on += s.offerings[t, p]
        s.pen_left = min(PENALTY_OFFERINGS, on)
        lost = min(PENALTY_OFFERINGS - s.pen_left, s.offer_reserve[p])  # shortfall: to the box
        s.offer_reserve[p] -= lost
        s.offer_lost[p] += lost
    elif kind == PEN_GOODS:
        s.pen_left = (total_goods(s, p) + 1) // 2
    else:
        s.pen_left = 1


@njit(cache=True)
def border_earns(s, p, b):
    """Prestige p earns on border b: 0 below its minimum, else the card's prestige for p's
    position among all Viziers (ties share the better position, unless the Medjay
    tie-winning Decree breaks them) (§6 step 5)."""
    card = s.border_card[b]
    if s.medjay[p, b] < BORDER_MINIMUM[card]:
        return 0
    pos = 0
    for q in range(s.num_players):
        if s.medjay[q, b] > s.medjay[p, b] or (s.medjay[q, b] == s.medjay[p, b]
                                               and beats_tie(s, q, p, D_TIE_MEDJAY)):
            pos += 1
    return BORDER_PRESTIGE[card, pos]


@njit(cache=True)
def border_prestige(s, p):
    """Prestige p earns on all the borders (§6 step 5)."""
    total = 0
    for b in range(NUM_BORDERS):
        total += border_earns(s, p, b)
    return total


@njit(cache=True)
def _queue_penalties(s):
    for b in range(NUM_BORDERS):
        for p in range(s.num_players):
            s.pen_queue[b, p] = 1 if s.medjay[p, b] < BORDER_MINIMUM[s.border_card[b]] else 0


@njit(cache=True)
def final_scores(s, rewards_row):
    """§7: Major Favors (2 Minor = 1 Major), then goods + Debens, then unlocked servants +
    building markers on the board; what is still tied is shared."""
    end_bonus(s)
    n = s.num_players
    key = np.zeros(MAX_PLAYERS, np.float64)
    for p in range(n):
        s.scores[p] = s.major_favors[p] + s.minor_favors[p] // MINORS_PER_MAJOR
        tb1 = total_goods(s, p) + s.debens[p]
        tb2 = 0
        for t in range(3):
            tb2 += (s.serv_home[p, t] + s.serv_spent[p, t] + s.serv_board[p, t]
                    + s.serv_tumult[p, t] + s.serv_transit[p, t])
        for c in range(NUM_COLORS):
            for k in range(BUILDING_MARKERS_PER_COLOR):
                if s.col_slot[p, c, k] == SLOT_EMPTY:  # its marker stands on the board
                    tb2 += 1
        key[p] = s.scores[p] * 1e8 + tb1 * 1e3 + tb2
    for p in range(n):
        r = 0
        for q in range(n):
            if key[q] > key[p]:
                r += 1
        s.ranks[p] = r
    rank_rewards(key, n, rewards_row)
    s.terminated = True
    s.phase = PH_GAME_OVER


@njit(cache=True)
def akhet_next(s, rewards_row):
    """Advance the Akhet round; returns the phase to ask (current_player set), -2 when gains
    were queued for the gain engine, -1 when the round is over (the game may have ended)."""
    n = s.num_players
    while True:
        st = s.akhet_stage
        if st == AK_RETURN_MATERIALS:
            # the final Akhet has no new level: the finished pyramid keeps its materials, so
            # Maat in step 3 has nowhere to build (§6 steps 1-3)
            if s.final_turns != 0:
                for i in range(PYR_MAX_SPACES):
                    if s.pyr_fill[i] >= 0:
                        s.quarry[s.pyr_fill[i]] += 1
                        s.pyr_fill[i] = -1
            s.akhet_stage = AK_NEW_LEVEL
        elif st == AK_NEW_LEVEL:
            if s.final_turns != 0:
                s.level += 1
            s.level_done = False
            s.akhet_stage = AK_PANTHEON
            s.akhet_index = -1
        elif st == AK_PANTHEON:
            if s.akhet_index < 0:
                vals = np.zeros(MAX_PLAYERS, np.int64)
                for p in range(n):
                    vals[p] = s.offerings[TEMPLE_RA, p]
                win_ties(s, vals, D_TIE_MEDJAY, RA_LEAST)
                bits = favor_check(s, vals, RA_LEAST)
                for p in range(n):
                    if (bits >> p) & 1:
                        back = (s.offerings[TEMPLE_RA, p] + 1) // 2
                        s.offerings[TEMPLE_RA, p] -= back
                        s.offer_reserve[p] += back
                s.akhet_index = 0
            while s.akhet_index < PANTHEON_SPACES:
                t = s.akhet_index
                if s.temple_god[t] >= 0:
                    w = temple_winner(s, t)
                    if w >= 0 and w == s.ra_seat:
                        s.akhet_index += 1
                        s.gain_player = w
                        ra_god(s, t)  # the High Priest always uses its god (§13.8 21-24)
                        return -2
                    if w >= 0:
                        s.current_player = w
                        s.gain_player = w
                        return PH_AKHET_GOD
                s.akhet_index += 1
            s.akhet_stage = AK_CONSTRUCTION
        elif st == AK_CONSTRUCTION:
            _track_favors(s, s.construction)
            s.akhet_stage = AK_BORDERS
            s.akhet_index = 0
        elif st == AK_BORDERS:
            # akhet_index < n: the border Prestige of seat akhet_index goes through the gain
            # engine (Tumult rule, no rewards, §6); == n: queue the penalties; then apply them
            if s.akhet_index < n:
                p = s.akhet_index
                s.akhet_index += 1
                v = border_prestige(s, p)
                if v > 0:
                    s.gain_player = p
                    s.gain[G_PRESTIGE] = v
                    s.no_reward = True
                    return -2
                continue
            s.no_reward = False
            if s.akhet_index == n:
                _queue_penalties(s)
                s.akhet_index = n + 1
            if s.pen_seat >= 0 and penalty_choice_possible(s):
                s.current_player = s.pen_seat
                return PH_PENALTY_CHOICE
            s.pen_seat, s.pen_kind, s.pen_left = -1, -1, 0
            found = False
            for b in range(NUM_BORDERS):
                for k in range(n):
                    p = (s.turn_player + 1 + k) % n
                    if s.pen_queue[b, p] == 1 and not found:
                        s.pen_queue[b, p] = 0
                        start_penalty(s, p, s.border_token[b])
                        found = True
            if not found:
                if s.final_turns != 0:
                    deal_borders(s)
                    new_round(s)
                s.akhet_stage = AK_PRESTIGE
        elif st == AK_PRESTIGE:
            _track_favors(s, s.prestige)
            s.akhet_stage = AK_AKHET_CROPS
        elif st == AK_AKHET_CROPS:
            for i in range(NUM_PLANTATION_SPACES):
                if PLANTATION_AKHET[i] and s.plant_kind[i] >= 0:
                    return_marker(s, s.plant_owner[i], YELLOW)
                    s.pool[POOL_OF_KIND[s.plant_kind[i]]] += 1
                    s.plant_kind[i] = -1
                    s.plant_owner[i] = -1
                    s.plant_room[i, 0] = -1
                    s.plant_room[i, 1] = -1
            s.akhet_stage = AK_BARGES
        else:  # AK_BARGES
            for d in range(NUM_DOCKS):
                if s.dock_barge[d] >= 0:
                    discard_barge(s, s.dock_barge[d])
                    s.dock_barge[d] = -1
            for m in range(NUM_MOORINGS):
                if s.mooring_barge[m] >= 0:
                    discard_barge(s, s.mooring_barge[m])
                    s.mooring_barge[m] = -1
            fill_pier(s)
            s.akhet_stage = -1
            s.akhet_index = -1
            if s.final_turns == 0:
                final_scores(s, rewards_row)
            return -1

