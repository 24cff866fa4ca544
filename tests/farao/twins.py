"""What a Farao seat cannot see (the generic suite tests/core/test_secrecy.py): which tile
lies on each face-down field (nobody has seen them; a face-down tile has no orientation
yet), and the RNG that rolls the dice."""
from pyramid_envs.farao import spec

from tests.core.twinkit import rng_twin, shuffled


def hidden_twins(state, seat, rng):
    out = [("rng", rng_twin(state, rng))]
    t = state.copy()
    s = t[0]
    down = [c for c in range(spec.NUM_CELLS)
            if spec.CELL_KIND[s["pyramid"], c] == spec.C_TILE and not s["up"][c]]
    s["tile"][down] = shuffled(s["tile"][down], rng)
    if t.tobytes() != state.tobytes():
        out.append(("face-down tiles", t))
    return out


def visible_change(state, seat):
    """A face-up tile turned a quarter (one the turn changes), or else another face on the die."""
    t = state.copy()
    s = t[0]
    shape = lambda c, r: spec.SHAPE_OPEN[spec.TILE_SHAPE[s["tile"][c]], r % 4]  # noqa: E731
    up = [c for c in range(spec.NUM_CELLS) if spec.CELL_KIND[s["pyramid"], c] == spec.C_TILE and s["up"][c]
          and shape(c, s["rot"][c]) != shape(c, s["rot"][c] + 1)]
    if up:
        s["rot"][up[0]] = (s["rot"][up[0]] + 1) % 4
    else:
        s["die"] = s["die"] % 6 + 1
    return t
