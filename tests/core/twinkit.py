"""Building blocks for the games' tests/<game>/twins.py (see tests/core/test_secrecy.py):
each twin is a copy of a 1-game state with only hidden parts edited, components conserved."""
import numpy as np


def rng_twin(state, rng):
    """The same position with another future: a fresh RNG state."""
    t = state.copy()
    t[0]["rng"] = np.uint64(int(t[0]["rng"]) ^ int(rng.integers(1, 2**63)))
    return t


def shuffled(values, rng):
    """A reordering of `values` that differs from them wherever two of them differ."""
    values = list(values)
    if len(set(values)) < 2:
        return values
    while True:
        out = list(rng.permutation(values))
        if out != values:
            return out
