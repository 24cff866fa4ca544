"""Game.perfect_information is what determinize does: a perfect-information game's
determinize changes nothing but the RNG, and the others' changes something in random play."""
import numpy as np
import pytest

import pyramid_envs

from .snapshots import snapshots

ENVS = pyramid_envs.list_envs()


def _hides(name):
    game = pyramid_envs.get_game(name)
    fields = [f for f in game.state_dtype.names if f != "rng"]
    for k, (_, _, st) in enumerate(snapshots(name, game.resolve_options(), at=tuple(range(200)))):
        for seat in range(int(st[0]["num_players"])):
            other = game.determinize(st, [seat], [k])
            if any(not np.array_equal(other[0][f], st[0][f]) for f in fields):
                return True
    return False


@pytest.mark.parametrize("env", ENVS)
def test_perfect_information_is_what_determinize_does(env):
    assert _hides(env) == (not pyramid_envs.get_game(env).perfect_information)
