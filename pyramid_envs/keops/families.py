"""Family cards (§11.1, §13.6): the deal, each Vizier's choice of side in seat order, the
start benefits, Nefer-Seshem's border choice each round and Medjay split, and the Family
minor action (an extra construction of the card's colour, or Izezi-Anj B's Mandate).

Abilities that change a base rule where it applies are asked through held.py."""
import numpy as np
from ..core.jit import njit

from ..core.rng import shuffle
from .actions import A_ADV_MINOR, A_BORDER, A_CONSTRUCT, A_DONE, A_FAMILY_FACE, A_PLAYER
from .construct import begin_construct, construct_ok, pool_color
from .held import face_of, has_face
from .resources import add_medjay, gain_mandates, take_material
from .spec import (MANDATE_HOLD_MAX, NUM_BORDERS, NUM_MATERIALS, NUM_POOLS, PH_FAMILY_BORDER, PH_FAMILY_BUILD,
                   PH_FAMILY_DEBENS, PH_FAMILY_FACE, PH_MEDJAY_SPLIT)
from .spec_advanced import (AAMENEMES_DEBENS_GIVEN, AAMENEMES_MANDATES, FACE_B, FACE_BUILD_COLOR,
                            FF_AAM_A, FF_IZEZI_B, FF_NEFER_A, FF_PTAH_A, F_RAEMKA,
                            IZEZI_MANDATE_DEBENS, MIN_FAMILY, NUM_FAMILY_CARDS,
                            PTAHHOTEP_START_MATERIALS)


@njit(cache=True)
def deal(s):
    """§11.1 setup: one random Family card to each Vizier but the High Priest (no decisions of
    its own to use it with); sides are chosen in seat order."""
    cards = np.arange(NUM_FAMILY_CARDS).astype(np.int8)
    shuffle(s, cards, NUM_FAMILY_CARDS)
    for p in range(s.num_players):
        if p == s.ra_seat:
            continue
        s.fam_card[p] = cards[p]
        s.fam_face[p] = -1


@njit(cache=True)
def face_ok(s, p, side):
    """Ra-em-ka's side B plays Decrees: without the Decree option it cannot be chosen."""
    return not (s.fam_card[p] == F_RAEMKA and side == FACE_B and not s.opt_decrees)


@njit(cache=True)
def choose_face(s, p, side):
    """The side goes face up and its start benefit is taken at once (§11.1)."""
    s.fam_face[p] = side
    f = face_of(s, p)
    if f == FF_PTAH_A:
        s.gain_player = p
        for m in range(NUM_MATERIALS):
            for _ in range(PTAHHOTEP_START_MATERIALS[m]):
                take_material(s, p, m)
    elif f == FF_AAM_A:
        gain_mandates(s, p, AAMENEMES_MANDATES)
        s.fam_debens_left = min(AAMENEMES_DEBENS_GIVEN, s.debens[p])


@njit(cache=True)
def _holder(s, ff):
    for p in range(s.num_players):
        if has_face(s, p, ff):
            return p
    return -1


@njit(cache=True)
def pending(s):
    """The next Family decision outside the gain engine (current_player set), -1 none:
    a Family construction to start, Aamenemes-Ankh's Debens (right after its side), the
    sides in seat order, Nefer-Seshem A's border for the round."""
    if not s.opt_families:
        return -1
    if s.fam_build >= 0:
        s.current_player = s.turn_player
        return PH_FAMILY_BUILD
    if s.fam_debens_left > 0:
        s.current_player = _holder(s, FF_AAM_A)
        return PH_FAMILY_DEBENS
    for p in range(s.num_players):
        if s.fam_card[p] >= 0 and s.fam_face[p] < 0:
            s.current_player = p
            return PH_FAMILY_FACE
    if s.akhet_stage < 0 and s.lic_stage < 0 and not s.terminated:
        for p in range(s.num_players):
            if face_of(s, p) == FF_NEFER_A and s.fam_border[p] < 0:
                s.current_player = p
                return PH_FAMILY_BORDER
    return -1


# ----------------------------------------------------------------------------- minor action
@njit(cache=True)
def _build_ok(s, p, col):
    for k in range(NUM_POOLS):
        if pool_color(k) == col and construct_ok(s, p, k):
            return True
    return False


@njit(cache=True)
def turn_mask(s, p, m):
    if not s.opt_families or (s.minors_done >> MIN_FAMILY) & 1:
        return
    f = face_of(s, p)
    if f < 0:
        return
    if f == FF_IZEZI_B:
        ok = (s.debens[p] >= IZEZI_MANDATE_DEBENS and s.mandate_supply > 0
              and s.mandates[p] < MANDATE_HOLD_MAX)
    else:
        ok = FACE_BUILD_COLOR[f] >= 0 and _build_ok(s, p, FACE_BUILD_COLOR[f])
    if ok:
        m[A_ADV_MINOR] = 1


@njit(cache=True)
def turn_action(s, p):
    """The Family minor action, once per turn (action counted by the caller)."""
    s.minors_done |= 1 << MIN_FAMILY
    f = face_of(s, p)
    if f == FF_IZEZI_B:
        s.debens[p] -= IZEZI_MANDATE_DEBENS
        gain_mandates(s, p, 1)
    else:
        s.fam_build = FACE_BUILD_COLOR[f]


# ----------------------------------------------------------------------------- Medjay split
@njit(cache=True)
def start_split(s, n):
    """Nefer-Seshem B: n points from a Reinforce Borders space, placed one at a time."""
    s.split_left = n
    for b in range(NUM_BORDERS):
        s.split[b] = 0


@njit(cache=True)
def _end_split(s, p):
    """Each border gets its points as one addition: its Defense is lost once (ruling)."""
    s.split_left = 0
    for b in range(NUM_BORDERS):
        if s.split[b] > 0:
            add_medjay(s, p, b, s.split[b], False)
            s.split[b] = 0


# ----------------------------------------------------------------------------- phases
@njit(cache=True)
def phase_mask(s, p, m):
    ph = s.phase
    if ph == PH_FAMILY_FACE:
        for side in range(2):
            if face_ok(s, p, side):
                m[A_FAMILY_FACE + side] = 1
    elif ph == PH_FAMILY_DEBENS:
        for k in range(s.num_players - 1):
            m[A_PLAYER + k] = 1
    elif ph == PH_FAMILY_BORDER:
        for b in range(NUM_BORDERS):
            m[A_BORDER + b] = 1
    elif ph == PH_FAMILY_BUILD:
        for k in range(NUM_POOLS):
            if pool_color(k) == s.fam_build and construct_ok(s, p, k):
                m[A_CONSTRUCT + k] = 1
    elif ph == PH_MEDJAY_SPLIT:
        for b in range(NUM_BORDERS):
            m[A_BORDER + b] = 1
        m[A_DONE] = 1


@njit(cache=True)
def apply_phase(s, p, a):
    ph = s.phase
    if ph == PH_FAMILY_FACE:
        choose_face(s, p, a - A_FAMILY_FACE)
    elif ph == PH_FAMILY_DEBENS:
        q = (p + 1 + a - A_PLAYER) % s.num_players
        s.debens[p] -= 1
        s.debens[q] += 1
        s.fam_debens_left -= 1
    elif ph == PH_FAMILY_BORDER:
        s.fam_border[p] = a - A_BORDER
    elif ph == PH_FAMILY_BUILD:
        s.fam_build = -1
        begin_construct(s, p, a - A_CONSTRUCT)
    elif ph == PH_MEDJAY_SPLIT:
        if a == A_DONE:
            _end_split(s, p)
        else:
            s.split[a - A_BORDER] += 1
            s.split_left -= 1
            if s.split_left == 0:
                _end_split(s, p)
