"""The PettingZoo / Gymnasium contracts on Keops at 3 and 4 Viziers (tests/core runs the
default 2; it also checks batch == games alone at every player count), and bad options."""
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from pyramid_envs import keops_v0
from pyramid_envs.core.gym_env import SingleAgentEnv
from pyramid_envs.keops import GAME


@pytest.mark.parametrize("n", [3, 4])
def test_pettingzoo_api(n):
    api_test(keops_v0.env(num_players=n), num_cycles=300)


@pytest.mark.parametrize("n", [3, 4])
def test_pettingzoo_seed(n):
    seed_test(lambda **kw: keops_v0.env(num_players=n, **kw), num_cycles=300)


def test_four_vizier_game_ends_by_the_rules_in_the_gymnasium_view():
    env = SingleAgentEnv(GAME, num_players=4, learner_seat=2)
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = term or trunc
    assert term and not trunc
    assert np.isclose(reward, [-1.0, -1 / 3, 1 / 3, 1.0]).any()  # rank rewards of 4 seats


@pytest.mark.parametrize("n,options", [(2, {"families": True}), (4, {"families": True, "decrees": True})])
def test_pettingzoo_api_with_the_advanced_rules(n, options):
    api_test(keops_v0.env(num_players=n, **options), num_cycles=300)


def test_pettingzoo_seed_with_the_advanced_rules():
    seed_test(lambda **kw: keops_v0.env(num_players=3, families=True, decrees=True, **kw), num_cycles=300)


@pytest.mark.parametrize("bad", [{"num_players": 1}, {"num_players": 5}, {"variant": "ra"},
                                 {"families": "yes"}, {"decrees": 1.5}])
def test_bad_options_are_refused(bad):
    with pytest.raises(ValueError):
        keops_v0.env(**bad)


@pytest.mark.parametrize("options", [{}, {"families": True, "decrees": True}])
def test_illegal_action_raises_and_changes_nothing(options):
    env = keops_v0.env(num_players=3, **options)
    env.reset(seed=3)
    before = env.unwrapped.state_array.tobytes()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=f"illegal action {illegal}"):
        env.step(illegal)
    assert env.unwrapped.state_array.tobytes() == before
