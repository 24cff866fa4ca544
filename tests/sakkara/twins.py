"""What a Sakkara seat cannot see (the generic suite tests/core/test_secrecy.py): the tiles
lie face up and the racks are open ("Shuffle up the hieroglyph tiles and put them, face up"),
so only the RNG, the future, is hidden."""
from pyramid_envs.sakkara import spec

from tests.core.twinkit import rng_twin


def hidden_twins(state, seat, rng):
    return [("rng", rng_twin(state, rng))]


def visible_change(state, seat):
    """The top tiles of two stacks of different motifs swapped."""
    t = state.copy()
    s = t[0]
    tops = [(c, s["stack"][c, s["height"][c] - 1]) for c in range(spec.NUM_CELLS) if s["height"][c]]
    (a, x), (b, y) = tops[0], next(p for p in tops if p[1] != tops[0][1])
    s["stack"][a, s["height"][a] - 1], s["stack"][b, s["height"][b] - 1] = y, x
    return t
