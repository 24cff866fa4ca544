"""Game.perfect_information is what determinize does: a perfect-information game's
determinize changes nothing but the RNG, and the others' changes something in random play."""
import numpy as np
import pytest

import pyramid_envs

ENVS = pyramid_envs.list_envs()


def _hides(game, seeds=(0, 1), steps=200):
    fields = [f for f in game.state_dtype.names if f != "rng"]
    rng = np.random.default_rng(0)
    for seed in seeds:
        st = game.new_states(1)
        game.reset(st, [seed])
        for k in range(steps):
            for seat in range(int(st[0]["num_players"])):
                other = game.determinize(st, [seat], [k])
                if any(not np.array_equal(other[0][f], st[0][f]) for f in fields):
                    return True
            if st[0]["terminated"]:
                break
            game.step(st, [rng.choice(np.flatnonzero(game.legal_mask(st)[0]))])
    return False


@pytest.mark.parametrize("env", ENVS)
def test_perfect_information_is_what_determinize_does(env):
    game = pyramid_envs.get_game(env)
    assert _hides(game) == (not game.perfect_information)
