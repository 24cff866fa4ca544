"""What a Kheops seat cannot see (the generic suite tests/core/test_secrecy.py): the
opponent's hand and the draw pile, one pool of unseen tiles, and the RNG."""
from pyramid_envs.kheops import spec

from tests.core.twinkit import rng_twin, shuffled


def hidden_twins(state, seat, rng):
    out = [("rng", rng_twin(state, rng))]
    t = state.copy()
    s = t[0]
    o = 1 - seat
    slots = [j for j in range(spec.HAND_SIZE) if s["hand"][o, j] >= 0]
    n = int(s["pile_size"])
    pool = shuffled([s["hand"][o, j] for j in slots] + list(s["pile"][:n]), rng)
    s["hand"][o, slots] = pool[:len(slots)]
    s["pile"][:n] = pool[len(slots):]
    if t.tobytes() != state.tobytes():
        out.append(("opponent hand and pile", t))
    return out


def visible_change(state, seat):
    """The seat's own first tile swapped with one of the pile, or else a board tile turned."""
    t = state.copy()
    s = t[0]
    own = [j for j in range(spec.HAND_SIZE) if s["hand"][seat, j] >= 0]
    if own and s["pile_size"]:
        j = own[0]
        s["hand"][seat, j], s["pile"][0] = s["pile"][0], s["hand"][seat, j]
    else:  # a tile whose openings the turn moves
        c = next(c for c, t_ in enumerate(s["cell_tile"]) if t_ >= 0
                     and spec.TILE_OPEN[t_, s["cell_rot"][c]] != spec.TILE_OPEN[t_, (s["cell_rot"][c] + 1) % 3])
        s["cell_rot"][c] = (s["cell_rot"][c] + 1) % 3
    return t
