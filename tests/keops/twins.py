"""What a Keops seat cannot see (the generic suite tests/core/test_secrecy.py), as
`determinize` resamples it: the order of the barge reserve and the RNG (every future die,
border card and penalty token); with the Decrees, the other Viziers' hands with the deck;
with the High Priest, its deck's order below the top card (whose colour shows) and which
Temple cards it holds and which stay in the box."""
import numpy as np

from pyramid_envs.keops import spec_advanced as adv
from pyramid_envs.keops.spec_rautoma import RA_FIRST_TEMPLE_CARD, RA_NUM_CARDS

from tests.core.twinkit import rng_twin, shuffled


def hidden_twins(state, seat, rng):
    s0 = state[0]
    out = [("rng", rng_twin(state, rng))]
    t = state.copy()
    n = int(s0["barge_reserve_n"])
    t[0]["barge_reserve"][:n] = shuffled(s0["barge_reserve"][:n], rng)
    out.append(("barge reserve order", t))
    if s0["opt_decrees"]:
        t = state.copy()
        s = t[0]
        loc = s0["dec_loc"]
        hands = [c for c in range(adv.NUM_DECREES) if loc[c] < 4 and loc[c] != seat]
        nd = int(s0["dec_deck_n"])
        pool = shuffled(hands + list(s0["dec_deck"][:nd]), rng)
        for c, k in zip(hands, pool):
            s["dec_loc"][k] = loc[c]
        s["dec_deck"][:nd] = pool[len(hands):]
        s["dec_loc"][s["dec_deck"][:nd]] = adv.DEC_DECK
        out.append(("other decree hands and the deck", t))
    if s0["ra_seat"] >= 0 and s0["ra_deck_n"] > 1:
        t = state.copy()
        s = t[0]
        n = int(s0["ra_deck_n"])
        s["ra_deck"][:n - 1] = shuffled(s0["ra_deck"][:n - 1], rng)
        out.append(("High Priest's deck below its top", t))
        seen = set(s0["ra_deck"][:n]) | set(s0["ra_discard"][:s0["ra_discard_n"]]) | {s0["ra_card"]}
        box = [c for c in range(RA_FIRST_TEMPLE_CARD, RA_NUM_CARDS) if c not in seen]
        deck = [i for i in range(n - 1) if s0["ra_deck"][i] >= RA_FIRST_TEMPLE_CARD]
        if box and deck:
            t = state.copy()
            t[0]["ra_deck"][deck[0]] = box[int(rng.integers(len(box)))]
            out.append(("High Priest's Temple cards and the box", t))
    return [(label, x) for label, x in out if x.tobytes() != state.tobytes()]


def visible_change(state, seat):
    """One Deben more for the seat."""
    t = state.copy()
    t[0]["debens"][seat] += 1
    return t
