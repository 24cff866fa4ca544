"""Observation (state.OBS_SIZE floats): everything public in the base game, the same for
every seat except the observer one-hot and the at-a-glance block (glance.py) at the end.
Left out: the RNG (dice, future draws) and the order of the barge reserve (only which barges
are in it). Layout: see state.py, "observation";
`_fields` writes each field of state.OBS_FIELDS in dtype order, scaled by its OBS_RANGE
(tables built from them at import; tests/keops/test_invariants.py recomputes it in NumPy)."""
from ..core.jit import njit

import numpy as np

from ..core.rng import sorted_shuffle
from .decrees import determinize_one as determinize_decrees
from .glance import W_SHAPE, glance
from .rautoma import determinize_ra, observe_ra
from .spec import (ADV_PHASE0, DIE_FACES, MAX_PLAYERS, NUM_BARGES, NUM_BASE_PHASES, NUM_BORDERS,
                   RA_PHASE0)
from .spec_advanced import DEC_DECK, MAX_OFFERS, NUM_DECREES, NUM_FAMILY_CARDS
from .state import OBS_FIELDS, OBS_RANGE, STATE


@njit(cache=True, inline="always")
def _scale(v, lo, inv):
    return min(1.0, max(0.0, (v - lo) * inv))


FIELDS_AT = MAX_PLAYERS + NUM_BASE_PHASES  # observation index of OBS_FIELDS' first value
RECORD_SIZE = STATE.itemsize
F32_ZERO, F32_ONE = np.float32(0), np.float32(1)


def _byte_runs():
    """OBS_FIELDS' one-byte fields as runs contiguous both in the record and in the
    observation: (record offset, observation index, length), and per byte its lo and
    hi - lo; also the observation index of each wider field and the index after them."""
    runs, lo, span, wide = [], [], [], {}
    k = FIELDS_AT
    for name in OBS_FIELDS:
        t, offset = STATE.fields[name][:2]
        n = int(np.prod(t.shape))
        a, b = OBS_RANGE[name]
        if t.base.itemsize > 1:
            wide[name] = k
        else:
            # _fields reads every byte as int8: the unsigned ones are flags (0 or 1)
            assert t.base.kind == "i" or (a, b) == (0, 1), name
            if runs and runs[-1][0] + runs[-1][2] == offset and runs[-1][1] + runs[-1][2] == k:
                runs[-1][2] += n
            else:
                runs.append([offset, k, n])
            lo += [a] * n
            span += [b - a] * n
        k += n
    return np.array(runs, np.int64), np.array(lo, np.float32), np.array(span, np.float32), wide, k


BYTE_RUNS, BYTE_LO, BYTE_SPAN, _WIDE, FIELDS_END = _byte_runs()
assert (BYTE_SPAN > 0).all(), "an empty OBS_RANGE: _fields divides by it unchecked"
assert set(_WIDE) == {"scores", "goods_supply", "debens"}, "a wider field for _fields to write"
SCORES_AT, GOODS_SUPPLY_AT, DEBENS_AT = _WIDE["scores"], _WIDE["goods_supply"], _WIDE["debens"]


@njit(cache=True, error_model="numpy")  # no zero-divisor test, which would stop vectorising
def _fields(s, raw, f):
    """Write OBS_FIELDS (raw: the record's bytes). The one-byte fields, nearly all of them,
    are scaled a run of the record at a time: one loop per run vectorises, where a loop per
    field could not (each store to f might have changed the record, for all LLVM knows).
    In float32, twice the lanes of float64: the division is correctly rounded, so it gives
    the float32 nearest (v - lo) / (hi - lo), as float64 then rounding to float32 would."""
    e = 0
    for r in range(BYTE_RUNS.shape[0]):
        src, dst, n = BYTE_RUNS[r, 0], BYTE_RUNS[r, 1], BYTE_RUNS[r, 2]
        v, lo, span, out = raw[src:src + n], BYTE_LO[e:e + n], BYTE_SPAN[e:e + n], f[dst:dst + n]
        for i in range(n):
            out[i] = min(F32_ONE, max(F32_ZERO, (np.float32(v[i]) - lo[i]) / span[i]))
        e += n
    for i in range(4):  # per seat, per good, per seat
        f[SCORES_AT + i] = _scale(s.scores[i], 0, 0.05)
        f[GOODS_SUPPLY_AT + i] = _scale(s.goods_supply[i], 0, 0.05)
        f[DEBENS_AT + i] = _scale(s.debens[i], 0, 0.01)


@njit(cache=True)
def observe(states, seats, out):
    recs = np.ascontiguousarray(states)  # a copy only where states is strided
    raw = recs.view(np.int8)  # the records' bytes, for _fields
    w = np.zeros(W_SHAPE, np.int64)
    for b in range(recs.shape[0]):  # one function, no per-state layer: see mask.legal_mask
        s, seat, f = recs[b], seats[b], out[b]
        f[:FIELDS_AT] = 0.0  # _fields writes every float of its part
        f[FIELDS_END:] = 0.0
        f[seat] = 1.0
        if s.phase < NUM_BASE_PHASES:  # the advanced and Ra-utoma phases have one-hots in their sections
            f[MAX_PLAYERS + s.phase] = 1.0
        _fields(s, raw[b * RECORD_SIZE:(b + 1) * RECORD_SIZE], f)
        for i in range(s.barge_reserve_n):
            f[FIELDS_END + s.barge_reserve[i]] = 1.0
        k = observe_ra(s, f, advanced_tail(s, seat, f, FIELDS_END + NUM_BARGES))
        glance(s, seat, f, k, w)


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
    for c in range(NUM_DECREES):
        loc = s.dec_loc[c]
        f[k] = 1.0 if s.opt_decrees and loc == seat else 0.0
        f[k + 1] = 1.0 if s.opt_decrees and loc >= 4 and loc < DEC_DECK else 0.0
        f[k + 2] = _scale(loc - 4 if s.opt_decrees and loc >= 4 and loc < DEC_DECK else -1, -1, 0.25)
        for p in range(MAX_PLAYERS):
            f[k + 3 + p] = _scale(s.dec_marker[c, p], 0, 1.0)
        k += 3 + MAX_PLAYERS
    for p in range(MAX_PLAYERS):
        held = 0
        if s.opt_decrees:
            for c in range(NUM_DECREES):
                held += s.dec_loc[c] == p
        f[k + p] = _scale(held, 0, 1 / NUM_DECREES)
    k += MAX_PLAYERS
    f[k] = _scale(s.dec_deck_n, 0, 1 / NUM_DECREES)
    k += 1
    for p in range(MAX_PLAYERS):
        f[k + p] = _scale(s.dec_markers_left[p], 0, 1 / 3)
    return k + MAX_PLAYERS
