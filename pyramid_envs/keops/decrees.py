"""Decree cards (§11.2, §13.7): the deal, the minor actions with a Royal Mandate (play from
the hand and draw, join a decree in play, move a marker), the pyramid decree's minor action,
the watchers' offers (pay 1 Deben for a good when a Brewery / Barley Crop / Jewelry is
activated), the two-dice choice, the end bonus and the hidden hands (determinize).

Rule changes made inside base actions are asked through held.py at the point they apply."""
import numpy as np
from ..core.jit import njit

from ..core.rng import shuffle
from .actions import (A_ADV_MINOR, A_DECREE_JOIN, A_DECREE_MOVE, A_DECREE_PLAY, A_DIE_CHOICE,
                      A_DONE, A_YES)
from .gains import add_gain
from .held import has_decree, has_face
from .pyramid import start_placement, stored_placement_exists
from .resources import gain_good, gain_minor, spend_mandate
from .spec import (BARLEY_CROP, BREWERY, JEWELRY, PH_DIE_CHOICE, PH_OFFER, REWARD_DIE)
from .spec_advanced import (D_BREWERY, D_CROP, D_PYRAMID, DEC_DECK, DECREE_END_MINOR_FAVORS,
                            DECREE_EXCLUSIVE, DECREE_MARKERS, DECREES_PER_HAND, FF_IZEZI_A,
                            FF_RAEMKA_B, IZEZI_GOOD, MAX_OFFERS, MIN_DECREE, MIN_DECREE_PYRAMID,
                            MIN_FAMILY, NUM_DECREES, OFFER_DEBENS, BREWERY_DECREE_GOOD,
                            CROP_DECREE_GOOD)
from .state import SRC_STOREHOUSE


# ----------------------------------------------------------------------------- setup
@njit(cache=True)
def deal(s):
    """§11.2 setup: 2 cards to each Vizier, the rest a shuffled face-down deck, 3 markers each.
    The High Priest gets markers but no hand: it has no decisions to play one with (it puts
    cards in play by its Sobek cards and tie-winning cards, §12)."""
    s.dec_deck_n = NUM_DECREES
    for c in range(NUM_DECREES):
        s.dec_deck[c] = c
        s.dec_loc[c] = DEC_DECK
    shuffle(s, s.dec_deck, NUM_DECREES)
    for p in range(s.num_players):
        s.dec_markers_left[p] = DECREE_MARKERS
        for _ in range(0 if p == s.ra_seat else DECREES_PER_HAND):
            draw(s, p)


@njit(cache=True)
def draw(s, p):
    """The top card of the deck into p's hand; an empty deck gives nothing (§11.2)."""
    if s.dec_deck_n > 0:
        s.dec_deck_n -= 1
        c = s.dec_deck[s.dec_deck_n]
        s.dec_deck[s.dec_deck_n] = -1
        s.dec_loc[c] = p


@njit(cache=True)
def _take_from_deck(s, c):
    k = 0
    for i in range(s.dec_deck_n):
        if s.dec_deck[i] != c:
            s.dec_deck[k] = s.dec_deck[i]
            k += 1
    for i in range(k, s.dec_deck_n):
        s.dec_deck[i] = -1
    s.dec_deck_n = k


@njit(cache=True)
def _place_marker(s, c, p):
    s.dec_marker[c, p] = 1
    s.dec_markers_left[p] -= 1


@njit(cache=True)
def put_in_play(s, c, p):
    """Card c goes into play as played by seat p, with one of p's markers when p has one
    left and the card takes it (the High Priest's tie-winning cards, §12; its Sobek card)."""
    if s.dec_loc[c] == DEC_DECK:
        _take_from_deck(s, c)
    s.dec_loc[c] = 4 + p
    if s.dec_markers_left[p] > 0 and join_ok(s, c, p):
        _place_marker(s, c, p)


@njit(cache=True)
def draw_into_play(s, p):
    """The top card of the deck goes into play for p (Ra-utoma's Sobek, §13.8); -1 none."""
    if s.dec_deck_n == 0:
        return -1
    c = s.dec_deck[s.dec_deck_n - 1]
    put_in_play(s, c, p)
    return c


# ----------------------------------------------------------------------------- legality
@njit(cache=True)
def in_play(s, c):
    return s.dec_loc[c] >= 4 and s.dec_loc[c] < DEC_DECK


@njit(cache=True)
def _markers_on(s, c):
    n = 0
    for q in range(s.num_players):
        n += s.dec_marker[c, q]
    return n


@njit(cache=True)
def join_ok(s, c, p):
    """A marker of p may go on card c: in play, none of p's there yet, and an exclusive
    card must be free (§13.7)."""
    return (in_play(s, c) and s.dec_marker[c, p] == 0
            and not (DECREE_EXCLUSIVE[c] and _markers_on(s, c) > 0))


@njit(cache=True)
def _free_play(s, p):
    """Ra-em-ka B: the first Decree played in a turn needs no Mandate."""
    return has_face(s, p, FF_RAEMKA_B) and not (s.minors_done >> MIN_FAMILY) & 1


@njit(cache=True)
def turn_mask(s, p, m):
    if not s.opt_decrees:
        return
    if (has_decree(s, p, D_PYRAMID) and not (s.minors_done >> MIN_DECREE_PYRAMID) & 1
            and stored_placement_exists(s, p)):
        m[A_ADV_MINOR + 1] = 1
    # play, join and move are the one minor action d) (§11.2), never repeated in a turn (§5)
    if (s.minors_done >> MIN_DECREE) & 1 or (s.dec_markers_left[p] == 0 and s.mandates[p] == 0):
        return
    for c in range(NUM_DECREES):
        if s.dec_loc[c] == p and s.dec_markers_left[p] > 0 and (s.mandates[p] > 0 or _free_play(s, p)):
            m[A_DECREE_PLAY + c] = 1
        if s.mandates[p] == 0:
            continue
        if s.dec_markers_left[p] > 0 and join_ok(s, c, p):
            m[A_DECREE_JOIN + c] = 1
        if s.dec_marker[c, p] > 0:
            for t in range(NUM_DECREES):
                if t != c and join_ok(s, t, p):
                    m[A_DECREE_MOVE + c * NUM_DECREES + t] = 1


@njit(cache=True)
def turn_action(s, p, a):
    """A decree minor action of the turn step (action counted by the caller)."""
    if a == A_ADV_MINOR + 1:
        s.minors_done |= 1 << MIN_DECREE_PYRAMID
        # §13.7: as the Artisan's pyramid action, for 1 stored material, without the Artisan
        start_placement(s, p, SRC_STOREHOUSE, 1, 99, 99, 99, True, False)
        return
    s.minors_done |= 1 << MIN_DECREE
    if a < A_DECREE_JOIN:
        c = a - A_DECREE_PLAY
        if _free_play(s, p):
            s.minors_done |= 1 << MIN_FAMILY
        else:
            spend_mandate(s, p)
        s.dec_loc[c] = 4 + p
        _place_marker(s, c, p)
        draw(s, p)
    elif a < A_DECREE_MOVE:
        spend_mandate(s, p)
        _place_marker(s, a - A_DECREE_JOIN, p)
    else:
        spend_mandate(s, p)
        k = a - A_DECREE_MOVE
        s.dec_marker[k // NUM_DECREES, p] = 0
        s.dec_marker[k % NUM_DECREES, p] = 1


# ----------------------------------------------------------------------------- offers
@njit(cache=True)
def _push_offer(s, q, g):
    if s.offer_n < MAX_OFFERS:
        s.offer_q[s.offer_n, 0] = q
        s.offer_q[s.offer_n, 1] = g
        s.offer_n += 1


@njit(cache=True)
def watch_room(s, p, kind):
    """p activated a room of `kind`: every holder of a watching decree (and Izezi-Anj A for
    a Jewelry) may pay 1 Deben for its good, the activator first, then clockwise (§13.6,
    §13.7: "any Vizier (including you)", owner-agnostic)."""
    n = s.num_players
    for k in range(n):
        q = (p + k) % n
        if kind == BREWERY and has_decree(s, q, D_BREWERY):
            _push_offer(s, q, BREWERY_DECREE_GOOD)
        elif kind == BARLEY_CROP and has_decree(s, q, D_CROP):
            _push_offer(s, q, CROP_DECREE_GOOD)
        elif kind == JEWELRY and has_face(s, q, FF_IZEZI_A):
            _push_offer(s, q, IZEZI_GOOD)


@njit(cache=True)
def _pop_offer(s):
    for i in range(s.offer_n - 1):
        s.offer_q[i, 0] = s.offer_q[i + 1, 0]
        s.offer_q[i, 1] = s.offer_q[i + 1, 1]
    s.offer_n -= 1
    s.offer_q[s.offer_n, 0] = -1
    s.offer_q[s.offer_n, 1] = -1


@njit(cache=True)
def pending(s):
    """The next offer that can be taken (current_player = its seat), -1 none."""
    while s.offer_n > 0:
        q, g = s.offer_q[0, 0], s.offer_q[0, 1]
        if s.debens[q] >= OFFER_DEBENS and s.goods_supply[g] > 0:
            s.current_player = q
            return PH_OFFER
        _pop_offer(s)
    return -1


@njit(cache=True)
def phase_mask(s, p, m):
    if s.phase == PH_OFFER:
        m[A_YES] = 1
        m[A_DONE] = 1
    elif s.phase == PH_DIE_CHOICE:
        m[A_DIE_CHOICE] = 1
        m[A_DIE_CHOICE + 1] = 1


@njit(cache=True)
def apply_phase(s, p, a):
    if s.phase == PH_OFFER:
        if a == A_YES:
            s.debens[p] -= OFFER_DEBENS
            gain_good(s, p, s.offer_q[0, 1], 1)
        _pop_offer(s)
    elif s.phase == PH_DIE_CHOICE:
        add_gain(s, p, REWARD_DIE[s.die_level, s.die_faces[a - A_DIE_CHOICE]])
        s.die_faces[0] = -1
        s.die_faces[1] = -1
        s.die_level = -1


# ----------------------------------------------------------------------------- end, secrecy
@njit(cache=True)
def end_bonus(s):
    """§7 Advanced Scoring: all 3 Decree Markers in play -> 1 Minor Favor."""
    if not s.opt_decrees:
        return
    for p in range(s.num_players):
        if s.dec_markers_left[p] == 0:
            gain_minor(s, p, DECREE_END_MINOR_FAVORS)


@njit(cache=True)
def determinize_one(s, seat):
    """Reshuffle what `seat` cannot see: the other hands and the deck keep their sizes and
    are redealt from their pooled cards."""
    if not s.opt_decrees:
        return
    unseen = np.empty(NUM_DECREES, np.int8)
    n = 0
    for c in range(NUM_DECREES):
        loc = s.dec_loc[c]
        if loc == DEC_DECK or (loc < 4 and loc != seat):
            unseen[n] = c
            n += 1
    shuffle(s, unseen, n)
    # redeal: the other hands in seat order (their sizes), then the deck (its order)
    counts = np.zeros(4, np.int64)
    for c in range(NUM_DECREES):
        loc = s.dec_loc[c]
        if loc < 4 and loc != seat:
            counts[loc] += 1
            s.dec_loc[c] = -1
    for c in range(NUM_DECREES):
        if s.dec_loc[c] == DEC_DECK:
            s.dec_loc[c] = -1
    k = 0
    for q in range(s.num_players):
        for _ in range(counts[q]):
            s.dec_loc[unseen[k]] = q
            k += 1
    for i in range(s.dec_deck_n):
        s.dec_deck[i] = unseen[k]
        s.dec_loc[unseen[k]] = DEC_DECK
        k += 1
