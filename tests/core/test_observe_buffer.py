"""An observation kernel writes every float of its output, whatever the buffer held:
VectorGame reuses its buffer from step to step and the AEC env hands the kernel an
uninitialised one, so a float left unwritten would show another state's, or another
seat's, observation."""
import numpy as np
import pytest

import pyramid_envs
from pyramid_envs.core import RandomPolicy
from pyramid_envs.core.registry import get_game

CASES = [(name, players) for name in pyramid_envs.list_envs()
         for players in sorted({get_game(name).resolve_options({})["num_players"],
                                get_game(name).max_players})]


def _observe(game, states, seats, fill):
    out = np.full((len(states),) + tuple(game.obs_shape), fill, np.float32)
    game.kernels.observe(states, seats, out)
    return out


@pytest.mark.parametrize("name,players", CASES)
def test_observe_writes_every_float_of_its_output(name, players):
    game = get_game(name)
    options = {"num_players": players}
    B = 24
    states = game.new_states(B)
    game.reset(states, list(range(B)), options)
    policy = RandomPolicy(1)
    checked = 0
    for t in range(240):
        if t % 40 == 0:
            for seat in range(players):
                seats = np.full(B, seat, np.int64)
                clean = _observe(game, states, seats, 0.0)
                assert np.array_equal(_observe(game, states, seats, np.nan), clean)
                assert np.array_equal(_observe(game, states, seats, 7.0), clean)
                checked += 1
        live = ~states["terminated"]
        masks = game.legal_mask(states)
        obs = game.observe(states, states["current_player"])
        actions = np.where(live, policy(obs, masks | ~live[:, None]), -1)
        game.step(states, actions)
    assert checked == 6 * players


def test_the_check_sees_a_float_left_unwritten():
    """Control: the comparison above fails for a kernel that skips one float."""
    game = get_game(pyramid_envs.list_envs()[0])
    states = game.new_states(2)
    game.reset(states, [0, 1])
    seats = np.zeros(2, np.int64)
    clean = _observe(game, states, seats, 0.0)
    dirty = _observe(game, states, seats, np.nan)
    dirty[1, -1] = np.nan  # what a kernel that skipped the last float would leave
    assert not np.array_equal(dirty, clean)
