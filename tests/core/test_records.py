"""core.records copies game states as whole bytes: every result must equal NumPy's own
field-by-field copy, for every game's record type."""
import numpy as np
import pytest

import pyramid_envs
from pyramid_envs.core import VectorGame, records

ENVS = pyramid_envs.list_envs()


def _played(name, n=12, steps=40):
    """n games of `name` after up to `steps` random moves each (fields far from their reset)."""
    vec = VectorGame(pyramid_envs.get_game(name), n, seed=3)
    vec.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(steps):
        vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in vec.masks]))
    return vec.states


@pytest.mark.parametrize("name", ENVS)
def test_copy_take_put_repeat_equal_numpys_own(name):
    states = _played(name)
    assert records.copy(states).tobytes() == states.copy().tobytes()
    for rows in ([3, 0, 3, 11], np.array([], np.int64), [-1], np.arange(12) % 2 == 0):
        got, want = records.take(states, rows), states[rows]
        assert got.dtype == states.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()
        assert got.flags.c_contiguous and got.flags.aligned
    assert records.repeat(states, 3).tobytes() == np.repeat(states, 3).tobytes()
    mine, numpys = states.copy(), states.copy()
    source = states[[5, 6, 7]].copy()
    records.put(mine, [0, 9, 2], source)
    numpys[[0, 9, 2]] = source
    assert mine.tobytes() == numpys.tobytes()
    assert records.take(states[::2], [1]).tobytes() == states[2:3].tobytes()  # a strided view is read


def test_put_refuses_what_it_cannot_write_in_place():
    states = _played("kheops_v1", n=4, steps=2)
    with pytest.raises(ValueError, match="C-contiguous"):
        records.put(states[::2], [0], states[:1])
    with pytest.raises(ValueError, match="same dtype"):
        records.put(states, [0], _played("sakkara_v1", n=1, steps=1))
