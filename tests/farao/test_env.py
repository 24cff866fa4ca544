"""The PettingZoo and Gymnasium contracts at several player counts and on both pyramids
(the generic suites in tests/core run the default options only)."""
import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from pyramid_envs import farao_v1
from pyramid_envs.core.gym_env import SingleAgentEnv
from pyramid_envs.farao import GAME

from ..core.batch import assert_batch_equals_alone

CONFIGS = [dict(num_players=3), dict(num_players=6), dict(num_players=2, pyramid="big"),
           dict(num_players=5, pyramid="big", inscriptions_to_open=7)]


@pytest.mark.parametrize("options", CONFIGS)
def test_pettingzoo_api(options):
    api_test(farao_v1.env(**options), num_cycles=200)


@pytest.mark.parametrize("options", CONFIGS[:2])
def test_pettingzoo_seed(options):
    seed_test(lambda **kw: farao_v1.env(**options, **kw), num_cycles=200)


@pytest.mark.parametrize("options", [CONFIGS[1], CONFIGS[2]])
def test_gymnasium_check_env(options):
    check_env(SingleAgentEnv(GAME, learner_seat=None, max_steps=3000, **options), skip_render_check=True)


def test_bad_options_are_named():
    with pytest.raises(ValueError, match="pyramid='big'"):
        farao_v1.env(inscriptions_to_open=7)
    with pytest.raises(ValueError, match="choose one of"):
        farao_v1.env(num_players=1)


def test_illegal_action_changes_nothing_at_six_players():
    env = farao_v1.env(num_players=6, pyramid="big")
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(60):  # somewhere mid-game
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    before = env.unwrapped.state_array.tobytes()
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="illegal action"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.unwrapped.state_array.tobytes() == before


def test_six_player_batch_equals_games_alone():
    assert_batch_equals_alone(GAME, dict(num_players=6, pyramid="big"), B=8, steps=300)


def test_gymnasium_id_with_options():
    import pyramid_envs  # noqa: F401  (registers the ids)

    if "pyramid_envs/Farao-v1" not in gymnasium.registry:
        pytest.skip("farao_v1 not registered yet")
    env = gymnasium.make("pyramid_envs/Farao-v1", num_players=4, pyramid="big", max_steps=500)
    obs, info = env.reset(seed=0)
    assert obs.shape == GAME.obs_shape and info["action_mask"].any()
