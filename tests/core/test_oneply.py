"""child_values: the compiled one-ply loop gives what stepping and evaluating copies gives."""
import numpy as np
import pytest

import pyramid_envs
from pyramid_envs.core import RandomPolicy
from pyramid_envs.core.oneply import CHUNK, child_values

ENVS = pyramid_envs.list_envs()


def _midgame(game, n_players, B=24, steps=40):
    states = game.new_states(B)
    game.reset(states, list(range(B)), {"num_players": n_players})
    policy = RandomPolicy(1)
    for t in range(steps):
        live = ~states["terminated"]
        masks = game.legal_mask(states)
        actions = np.where(live, policy(None, masks | ~live[:, None]), -1)
        game.step(states, actions)
    return states[~states["terminated"]]


@pytest.mark.parametrize("name", ENVS)
def test_child_values_match_batch_step_and_evaluate(name):
    game = pyramid_envs.get_game(name)
    states = _midgame(game, game.max_players if name != "keops_v1" else 4)
    rows, actions = np.nonzero(game.legal_mask(states))
    assert len(rows) > CHUNK  # several chunks, the last one partial
    seats = states["current_player"][rows].astype(np.int64)
    before = states.tobytes()
    values, reward, done = child_values(game, states, rows, actions, seats)
    assert states.tobytes() == before  # the parents are left as they were
    children = states[rows]
    rewards = np.zeros((len(rows), game.max_players), np.float32)
    game.kernels.step(children, actions.astype(np.int64), rewards)
    expected = np.zeros(len(rows))
    game.evaluate(children, seats, expected)
    np.testing.assert_array_equal(values, expected)
    np.testing.assert_array_equal(reward, rewards[np.arange(len(rows)), seats])
    np.testing.assert_array_equal(done, children["terminated"])


def test_child_values_of_nothing_and_without_evaluate():
    game = pyramid_envs.get_game("kheops_v1")
    states = game.new_states(1)
    values, reward, done = child_values(game, states, [], [], [])
    assert values.shape == reward.shape == done.shape == (0,)
    blind = type(game)(**{**game.__dict__, "evaluate": None})
    with pytest.raises(ValueError, match="no Game.evaluate"):
        child_values(blind, states, [0], [0], [0])
