"""The at-a-glance block of the observation (issue 23), after the Ra-utoma section: what a
Vizier reads or counts off the table without tracing it. Per seat, the observer first and
the others in seat order after it: the score and rank if the game ended now (§7), who would
win each Akhet favor check if the round ran now and by what margin, the borders and temples,
and what the seat can pay for; then the margins to the leader, the game's progress and the
turn's minor actions as bits; then, aligned with the action blocks PYRAMID_PLACE, ROOM,
CROP_ROOM and DOCK, the value of acting there for the observer. Everything is public.
Layout and scales: state.GLANCE_SIZE and docs/rules/keops.md."""
import numpy as np
from ..core.jit import njit

from .akhet import RA_LEAST, TRACK_LEAST, border_earns
from .assign import dock_ok, room_kind, room_ok
from .construct import pool_color
from .held import construct_good_need, win_ties
from .pyramid import pyr_spaces, space_ok
from .resources import marker_left, pcx, servants_available, total_goods, tumult_count
from .spec import (ANY_MATCH_BONUS, BARGE_MATERIALS, BORDER_MINIMUM, BUILDING_MARKERS_PER_COLOR,
                   BUILDING_ROOMS, COLOR_CONSTRUCT_GOOD, CONSTRUCT_DEBENS,
                   G_MEDJAY_1, G_MEDJAY_2, G_MEDJAY_3, G_MEDJAY_FREE, G_OFFERING, G_PRESTIGE,
                   G_PYRAMID, MAX_PLAYERS, MAX_ROOMS, MINORS_PER_MAJOR, NUM_BORDERS,
                   NUM_CITY_CELLS, NUM_COLORS, NUM_DOCKS, NUM_GOODS, NUM_MATERIALS,
                   NUM_PLANTATION_SPACES, NUM_POOLS, NUM_SERVANT_TYPES, PANTHEON_SPACES,
                   PENALTY_PRESTIGE_LOSS, PRESTIGE_MAX, PYR_MAX_SECTIONS, PYR_MAX_SPACES, PYR_SECTION_ICONS,
                   PYR_SPACE_ANY, PYR_SPACE_MATERIAL, PYR_SPACE_SECTION, ROOM_GAIN, TEMPLE_RA)
from .spec_advanced import D_TIE_MEDJAY, D_TIE_PRESTIGE, DECREE_END_MINOR_FAVORS, MIN_DECREE
from .state import GLANCE_SEAT as SEAT_FEATURES, SLOT_EMPTY

# scratch rows, allocated once per batch by observe.py (W_SHAPE): by seat, except W_TILES
# (by colour: the pools' tiles of that colour) and W_SEC (by pyramid section: its empty spaces)
W_SCORE, W_TB1, W_TB2, W_KEY, W_PROJ, W_VALS, W_RES, W_MAJ, W_MIN, W_TILES, W_SEC, W_EARN = range(12)
NUM_W = W_EARN + NUM_BORDERS  # row W_EARN + b: the Prestige each seat earns on border b
W_SHAPE = (NUM_W, max(MAX_PLAYERS, NUM_COLORS, PYR_MAX_SECTIONS))
NUM_CHECKS = 3      # Akhet favor checks: Ra (step 3), Construction (4), Prestige (6)
NUM_MINOR_BITS = MIN_DECREE + 1  # minors_done: the base three, then the advanced ones


@njit(cache=True, inline="always")
def _unit(v, lo, hi):
    return min(1.0, max(0.0, (v - lo) / (hi - lo)))


@njit(cache=True)
def end_tally(s, w):
    """What akhet.final_scores would give if the game ended now (the Decree end bonus
    within the Minor Favor supply): per seat its score, both tie-breaks and the ranking key."""
    minors_left = s.minor_supply
    for p in range(s.num_players):
        bonus = 0
        if s.opt_decrees and s.dec_markers_left[p] == 0:
            bonus = min(DECREE_END_MINOR_FAVORS, minors_left)
            minors_left -= bonus
        w[W_SCORE, p] = s.major_favors[p] + (s.minor_favors[p] + bonus) // MINORS_PER_MAJOR
        w[W_TB1, p] = total_goods(s, p) + s.debens[p]
        tb2 = 0
        for t in range(NUM_SERVANT_TYPES):
            tb2 += (s.serv_home[p, t] + s.serv_spent[p, t] + s.serv_board[p, t]
                    + s.serv_tumult[p, t] + s.serv_transit[p, t])
        for c in range(NUM_COLORS):
            for k in range(BUILDING_MARKERS_PER_COLOR):
                if s.col_slot[p, c, k] == SLOT_EMPTY:
                    tb2 += 1
        w[W_TB2, p] = tb2
        w[W_KEY, p] = w[W_SCORE, p] * 100_000_000 + w[W_TB1, p] * 1000 + tb2


@njit(cache=True)
def favor_standing(n, vals, least, res):
    """What akhet.favor_check would give each seat on vals, without giving it: res[p] = 2
    a Major, 1 a Minor, 0 nothing. One pass finds the two best values that place and
    how many seats hold each."""
    best, n_best, second, n_second = -1, 0, -1, 0
    for p in range(n):
        v = vals[p]
        if v < least:
            continue
        if v > best:
            second, n_second = best, n_best
            best, n_best = v, 1
        elif v == best:
            n_best += 1
        elif v > second:
            second, n_second = v, 1
        elif v == second:
            n_second += 1
    for p in range(n):
        v = vals[p]
        if v < least:
            res[p] = 0
        elif v == best:
            res[p] = 2 if n_best == 1 else 1  # a tie for the most: a Minor each
        else:
            res[p] = 1 if v == second and n_best == 1 and n_second == 1 else 0


@njit(cache=True)
def prestige_after_borders(s, w, p):
    """p's Prestige when the Akhet reaches its Prestige check (step 6), if the borders were
    judged now: the border Prestige (each point frees a Tumult servant instead while there
    is one, §8), then 1 lost per border below its minimum (§13.5)."""
    gain = 0
    below = 0
    for b in range(NUM_BORDERS):
        gain += w[W_EARN + b, p]
        if s.medjay[p, b] < BORDER_MINIMUM[s.border_card[b]]:
            below += 1
    v = min(PRESTIGE_MAX, s.prestige[p] + max(0, gain - tumult_count(s, p)))
    return max(0, v - PENALTY_PRESTIGE_LOSS * below)


@njit(cache=True)
def _margin(n, vals, p):
    """vals[p] minus the best of the other seats."""
    other = -1_000_000
    for q in range(n):
        if q != p:
            other = max(other, vals[q])
    return vals[p] - other


@njit(cache=True)
def check_vals(s, w, c, p):
    if c == 0:
        return s.offerings[TEMPLE_RA, p]
    if c == 1:
        return s.construction[p]
    return prestige_after_borders(s, w, p)


@njit(cache=True, inline="always")
def _row(p, seat, n):
    """Seat p's row of the seat block, the observer's first: (p - seat) % n without a division."""
    return p - seat if p >= seat else p - seat + n


@njit(cache=True)
def project_checks(s, w, f, k, seat):
    """The three favor checks of the next Akhet run on the table as it is: each seat's
    standing (1 a Major, 0.5 a Minor) and margin over the best other seat at
    f[k + j * SEAT_FEATURES + 6 + 2c], and in w[W_PROJ] each seat's score once they are
    given (within the Favor supplies)."""
    n = s.num_players
    majors_left, minors_left = s.major_supply, s.minor_supply
    for p in range(n):
        w[W_MAJ, p] = 0
        w[W_MIN, p] = 0
    vals = w[W_VALS]
    for c in range(NUM_CHECKS):
        # for the margins: the best value, its first seat, and the best of the other seats
        top, top_p, second = -1_000_000, -1, -1_000_000
        for p in range(n):
            v = check_vals(s, w, c, p)
            vals[p] = v
            if v > top:
                top, top_p, second = v, p, top
            elif v > second:
                second = v
        for p in range(n):
            j = _row(p, seat, n)
            other = second if p == top_p else top
            f[k + j * SEAT_FEATURES + 7 + 2 * c] = _unit(vals[p] - other, -10, 10)
        win_ties(s, vals, D_TIE_MEDJAY if c == 0 else D_TIE_PRESTIGE, RA_LEAST if c == 0 else TRACK_LEAST)
        favor_standing(n, vals, RA_LEAST if c == 0 else TRACK_LEAST, w[W_RES])
        for p in range(n):
            if w[W_RES, p] == 2 and majors_left > 0:
                w[W_MAJ, p] += 1
                majors_left -= 1
            elif w[W_RES, p] == 1 and minors_left > 0:
                w[W_MIN, p] += 1
                minors_left -= 1
        for p in range(n):
            j = _row(p, seat, n)
            f[k + j * SEAT_FEATURES + 6 + 2 * c] = 0.5 * w[W_RES, p]
    for p in range(n):
        w[W_PROJ, p] = s.major_favors[p] + w[W_MAJ, p] + (s.minor_favors[p] + w[W_MIN, p]) // MINORS_PER_MAJOR


@njit(cache=True)
def can_construct(s, w, p, col):
    """p holds what a construction of colour col costs: a tile of that colour (counted
    once per state in w[W_TILES]), a marker, a servant, a Deben and the colour's good
    (§5.1 A; where it fits is left out)."""
    return (w[W_TILES, col] > 0 and s.debens[p] >= CONSTRUCT_DEBENS
            and servants_available(s, p) > 0 and marker_left(s, p, col)
            and s.goods[p, COLOR_CONSTRUCT_GOOD[col]] >= construct_good_need(s, p))


@njit(cache=True)
def _seat(s, w, p, f, k):
    """The parts of a seat's row that need no other seat: f[k + 12 ...]."""
    for b in range(NUM_BORDERS):
        f[k + 12 + b] = _unit(s.medjay[p, b] - BORDER_MINIMUM[s.border_card[b]], -8, 8)
        f[k + 15 + b] = _unit(w[W_EARN + b, p], 0, 5)
    for t in range(NUM_SERVANT_TYPES):
        f[k + 22 + t] = _unit(s.serv_home[p, t] + s.indep_held[p, t], 0, 5)
    f[k + 25] = _unit(s.debens[p], 0, 20)
    for g in range(NUM_GOODS):
        f[k + 26 + g] = _unit(s.goods[p, g], 0, 5)
    for c in range(NUM_COLORS):
        f[k + 30 + c] = 1.0 if can_construct(s, w, p, c) else 0.0


# Favor-track points a room gives at once: Prestige, pyramid materials (Construction),
# Offerings (temples and Ra) and Medjay (borders)
ROOM_VALUE = ROOM_GAIN[:, :, [G_PRESTIGE, G_PYRAMID, G_OFFERING, G_MEDJAY_1, G_MEDJAY_2,
                              G_MEDJAY_3, G_MEDJAY_FREE]].sum(axis=2).astype(np.int8)


@njit(cache=True)
def _local(s, seat, f, k, w):
    """Per action target, for the observer: PYRAMID_PLACE (material m may go on space i;
    the Construction points it would earn there), ROOM (usable now; its favor-track
    value), CROP_ROOM (usable now), DOCK (usable now; materials on its barge)."""
    lv, pc, sec = s.level, pcx(s), w[W_SEC]
    for j in range(PYR_MAX_SECTIONS):
        sec[j] = 0
    for i in range(pyr_spaces(s)):
        if s.pyr_fill[i] < 0:
            sec[PYR_SPACE_SECTION[lv, pc, i]] += 1
    n_pp = NUM_MATERIALS * PYR_MAX_SPACES
    for i in range(pyr_spaces(s)):
        # of space_ok only its material test depends on m: one call per space
        any_space, mat = PYR_SPACE_ANY[lv, pc, i], PYR_SPACE_MATERIAL[lv, pc, i]
        if space_ok(s, i, 0 if any_space else mat):
            sc = PYR_SPACE_SECTION[lv, pc, i]
            icons = PYR_SECTION_ICONS[lv, pc, sc] if sec[sc] == 1 else 0
            for m in range(NUM_MATERIALS):
                if any_space or mat == m:
                    a = m * PYR_MAX_SPACES + i
                    f[k + a] = 1.0
                    f[k + n_pp + a] = _unit(icons + (ANY_MATCH_BONUS if any_space and mat == m else 0), 0, 3)
    k += 2 * n_pp
    n_room = NUM_CITY_CELLS * MAX_ROOMS
    for c in range(NUM_CITY_CELLS):
        kind = room_kind(s, False, c)
        if kind >= 0:
            for r in range(BUILDING_ROOMS[kind]):
                a = c * MAX_ROOMS + r
                f[k + a] = 1.0 if room_ok(s, seat, False, c, r) else 0.0
                f[k + n_room + a] = _unit(ROOM_VALUE[kind, r], 0, 6)
    k += 2 * n_room
    for i in range(NUM_PLANTATION_SPACES):
        kind = room_kind(s, True, i)
        if kind >= 0:
            for r in range(BUILDING_ROOMS[kind]):
                f[k + i * MAX_ROOMS + r] = 1.0 if room_ok(s, seat, True, i, r) else 0.0
    k += NUM_PLANTATION_SPACES * MAX_ROOMS
    for d in range(NUM_DOCKS):
        f[k + d] = 1.0 if dock_ok(s, seat, d) else 0.0
        if s.dock_barge[d] >= 0:
            mats = 0
            for m in range(NUM_MATERIALS):
                mats += BARGE_MATERIALS[s.dock_barge[d], m]
            f[k + NUM_DOCKS + d] = _unit(mats, 0, 4)
    return k + 2 * NUM_DOCKS


@njit(cache=True)
def glance(s, seat, f, k, w):
    """Write the block at f[k:] (f is zeroed); returns the index after it."""
    n = s.num_players
    end_tally(s, w)
    for p in range(n):  # read by the Prestige check and by the seat's row
        for b in range(NUM_BORDERS):
            w[W_EARN + b, p] = border_earns(s, p, b)
    for c in range(NUM_COLORS):  # read by each seat's row (can_construct)
        w[W_TILES, c] = 0
    for i in range(NUM_POOLS):
        w[W_TILES, pool_color(i)] += s.pool[i]
    project_checks(s, w, f, k, seat)
    for j in range(n):
        p = seat + j if seat + j < n else seat + j - n  # (seat + j) % n without a division
        r = k + j * SEAT_FEATURES
        f[r] = 1.0
        f[r + 1] = _unit(w[W_SCORE, p], 0, 10)
        f[r + 2] = _unit(w[W_TB1, p], 0, 30)
        f[r + 3] = _unit(w[W_TB2, p], 0, 26)
        rank = 0
        for q in range(n):
            if w[W_KEY, q] > w[W_KEY, p]:
                rank += 1
        f[r + 4] = rank / 3.0
        f[r + 5] = _unit(w[W_PROJ, p], 0, 10)
        _seat(s, w, p, f, r)
        for t in range(PANTHEON_SPACES):
            best = 0
            for q in range(n):
                if q != p:
                    best = max(best, s.offerings[t, q])
            f[r + 18 + t] = _unit(s.offerings[t, p] - best, -5, 5)
    k += MAX_PLAYERS * SEAT_FEATURES
    f[k] = _unit(_margin(n, w[W_SCORE], seat), -10, 10)
    f[k + 1] = _unit(_margin(n, w[W_PROJ], seat), -10, 10)
    spaces = pyr_spaces(s)
    filled = 0
    for i in range(spaces):
        if s.pyr_fill[i] >= 0:
            filled += 1
    f[k + 2] = (s.level + filled / spaces) / 3.0
    f[k + 3] = filled / spaces
    f[k + 4] = (spaces - filled) / PYR_MAX_SPACES
    for b in range(NUM_MINOR_BITS):
        f[k + 5 + b] = (s.minors_done >> b) & 1
    return _local(s, seat, f, k + 5 + NUM_MINOR_BITS, w)
