"""The PettingZoo / Gymnasium contracts on Keops at 3 and 4 Viziers and with the High Priest
of Ra (1-3 players; tests/core runs the default 2 and checks batch == games alone at every
player count the default options allow), and bad options."""
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from pyramid_envs import keops_v1
from pyramid_envs.core.gym_env import SingleAgentEnv
from pyramid_envs.keops import GAME


@pytest.mark.parametrize("n", [3, 4])
def test_pettingzoo_api(n):
    api_test(keops_v1.env(num_players=n), num_cycles=300)


@pytest.mark.parametrize("n", [3, 4])
def test_pettingzoo_seed(n):
    seed_test(lambda **kw: keops_v1.env(num_players=n, **kw), num_cycles=300)


@pytest.mark.parametrize("n,level", [(1, 1), (1, 3), (2, 2), (3, 1)])
def test_pettingzoo_api_with_the_high_priest(n, level):
    env = keops_v1.env(num_players=n, ra_utoma=level)
    assert env.possible_agents == [f"player_{i}" for i in range(n)]  # the High Priest is no agent
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("n", [1, 2])
def test_pettingzoo_seed_with_the_high_priest(n):
    seed_test(lambda **kw: keops_v1.env(num_players=n, ra_utoma=2, **kw), num_cycles=300)


def test_solo_game_against_the_high_priest_ends_with_a_win_or_a_loss():
    env = SingleAgentEnv(GAME, num_players=1, ra_utoma=1)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    done = False
    while not done:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = term or trunc
    s = env._states[0]
    assert term and not trunc and s["num_players"] == 2
    assert reward == (1.0 if s["ranks"][0] < s["ranks"][1] else -1.0)  # no full tie here


def test_batch_equals_games_alone_with_the_high_priest():
    from tests.core.batch import assert_batch_equals_alone
    assert_batch_equals_alone(GAME, {"num_players": 1, "ra_utoma": 3})


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


@pytest.mark.parametrize("n,options", [(2, {"families": True}), (4, {"families": True, "decrees": True}),
                                       (1, {"families": True, "decrees": True, "ra_utoma": 3}),
                                       (2, {"decrees": True, "ra_utoma": 2})])
def test_pettingzoo_api_with_the_advanced_rules(n, options):
    api_test(keops_v1.env(num_players=n, **options), num_cycles=300)


@pytest.mark.parametrize("n,ra", [(3, 0), (2, 3)])
def test_pettingzoo_seed_with_the_advanced_rules(n, ra):
    seed_test(lambda **kw: keops_v1.env(num_players=n, families=True, decrees=True, ra_utoma=ra, **kw),
              num_cycles=300)


@pytest.mark.parametrize("bad", [{"num_players": 1}, {"num_players": 5}, {"variant": "ra"},
                                 {"families": "yes"}, {"decrees": 1.5}])
def test_bad_options_are_refused(bad):
    with pytest.raises(ValueError):
        keops_v1.env(**bad)


@pytest.mark.parametrize("options", [{}, {"families": True, "decrees": True}])
def test_illegal_action_raises_and_changes_nothing(options):
    env = keops_v1.env(num_players=3, **options)
    env.reset(seed=3)
    before = env.unwrapped.state_array.tobytes()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=f"illegal action {illegal}"):
        env.step(illegal)
    assert env.unwrapped.state_array.tobytes() == before


def test_selfplay_solo_against_the_high_priest():
    from pyramid_envs.core import RandomPolicy, SelfPlayVec
    env = SelfPlayVec(GAME, 4, seed=0, num_players=1, ra_utoma=2)
    obs = env.reset()
    policy = RandomPolicy(0)
    ended = 0
    while ended < 4:
        assert (env.learner_seat == 0).all() and (env.vec.current_player == 0).all()
        obs, rewards, dones, infos = env.step(policy(obs, env.action_masks()))
        for b in np.flatnonzero(dones):
            s = infos[b]["scores"]
            assert len(s) >= 2 and rewards[b] in (-1.0, 0.0, 1.0)
            ended += 1
