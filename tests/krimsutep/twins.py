"""What a Krimsutep seat cannot see (the generic suite tests/core/test_secrecy.py), as
`determinize` resamples it: the face of every face-down card it does not know, within its
back and god (both printed on the back), and its orientation; the same for the cards set
beside the pyramid; the other researchers' hands with the excavation deck; and the RNG."""
import numpy as np

from pyramid_envs.krimsutep import spec

from tests.core.twinkit import rng_twin, shuffled


def _groups(cards, known):
    """Indices of unknown cards by (back, god)."""
    out = {}
    for i, card in enumerate(cards):
        if card >= 0 and not known[i]:
            out.setdefault((spec.CARD_BACK[card], spec.CARD_GOD[card]), []).append(i)
    return out.values()


def hidden_twins(state, seat, rng):
    out = [("rng", rng_twin(state, rng))]
    s0 = state[0]
    t = state.copy()
    s = t[0]
    down = np.array([c != spec.GRAVE and not s0["cell_up"][c] for c in range(spec.NUM_CELLS)])
    cards = np.where(down, s0["cell_card"], -1)
    for idx in _groups(cards, s0["known"][seat]):
        s["cell_card"][idx] = shuffled(s["cell_card"][idx], rng)
        s["cell_rot"][idx] = rng.integers(0, 4, len(idx))
    out.append(("face-down cards", t))
    t = state.copy()
    s = t[0]
    n = int(s0["beside_n"])
    for idx in _groups(s0["beside"][:n], s0["beside_known"][seat, :n]):
        s["beside"][idx] = shuffled(s["beside"][idx], rng)
        s["beside_rot"][idx] = rng.integers(0, 4, len(idx))
    out.append(("cards beside the pyramid", t))
    t = state.copy()
    s = t[0]
    slots = [(q, j) for q in range(s0["num_players"]) if q != seat for j in range(s0["hand_n"][q])]
    pool = shuffled([s0["hand"][q, j] for q, j in slots] + list(s0["deck"][:s0["deck_n"]]), rng)
    for (q, j), k in zip(slots, pool):
        s["hand"][q, j] = k
    s["deck"][:s0["deck_n"]] = pool[len(slots):]
    out.append(("other hands and the deck", t))
    return [(label, x) for label, x in out if x.tobytes() != state.tobytes()]


def visible_change(state, seat):
    """One Ankh more or less for the seat (Ankhs lie open)."""
    t = state.copy()
    a = t[0]["ankhs"]
    a[seat] = a[seat] - 1 if a[seat] else 1
    return t


def probes():
    """Positions random play seldom reaches where a choice meets face-down cards: from a few
    starts, the player to move plays every ankh of its hand (two buy an ankh-exchange)."""
    from pyramid_envs.krimsutep import GAME
    out = []
    for seed in range(4):
        st = GAME.new_states(1)
        GAME.reset(st, [seed])
        while True:
            ankh = [a for a in np.flatnonzero(GAME.legal_mask(st)[0])
                    if GAME.action_to_str(st, a).startswith("play ") and GAME.action_to_str(st, a).endswith(" ankh")]
            if not ankh:
                break
            GAME.step(st, [ankh[0]])
            out.append((f"seed {seed} start, ankhs played", st.copy()))
    return out
