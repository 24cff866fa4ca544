"""The PettingZoo / Gymnasium contracts on Krimsutep (also run by tests/core once the game is
registered), at 2 and 5 players (tests/core checks batch == games alone at every player count)."""
import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from pyramid_envs import krimsutep_v1
from pyramid_envs.core.gym_env import SingleAgentEnv
from pyramid_envs.krimsutep import GAME


@pytest.mark.parametrize("n", [2, 5])
def test_pettingzoo_api(n):
    api_test(krimsutep_v1.env(num_players=n), num_cycles=300)


@pytest.mark.parametrize("n", [2, 5])
def test_pettingzoo_seed(n):
    seed_test(lambda **kw: krimsutep_v1.env(num_players=n, **kw), num_cycles=300)


@pytest.mark.parametrize("seat", [0, 1, None])
def test_gymnasium_check_env(seat):
    check_env(SingleAgentEnv(GAME, learner_seat=seat, max_steps=500), skip_render_check=True)


def test_gymnasium_make_and_five_players():
    env = gymnasium.make("pyramid_envs/Krimsutep-v1", num_players=5, max_steps=300) \
        if "pyramid_envs/Krimsutep-v1" in gymnasium.registry else SingleAgentEnv(GAME, num_players=5, max_steps=300)
    obs, info = env.reset(seed=0)
    assert obs.shape == GAME.obs_shape and info["action_mask"].any()
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = term or trunc
    assert trunc


def test_out_of_turn_decisions_move_the_agent_selection():
    """A torch window in the AEC env: the agent selection moves to the threatened player and back."""
    from .positions import hand, researcher, start
    d = start(3)
    d["mummy_awake"], d["mummy"] = True, "c3"
    researcher(d, 0, ankhs=4, pos="a1")
    researcher(d, 2, pos="c2")
    hand(d, 2, ["torch"])
    env = krimsutep_v1.env(num_players=3)
    env.reset(seed=1)
    raw = env.unwrapped
    raw._states[:] = GAME.from_dict(d)
    raw._sync()
    assert env.agent_selection == "player_0"
    env.step(GAME.str_to_action(raw._states, "mummy S"))
    assert env.agent_selection == "player_2"
    assert env.observe("player_0")["action_mask"].sum() == 0
    env.step(GAME.str_to_action(raw._states, "play 1 torch"))
    assert env.agent_selection == "player_0"


def test_illegal_action_raises_and_changes_nothing():
    env = krimsutep_v1.env()
    env.reset(seed=3)
    before = env.unwrapped.state_array.tobytes()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=f"illegal action {illegal}"):
        env.step(illegal)
    with pytest.raises(ValueError, match="out of range"):
        env.step(len(mask))
    assert env.unwrapped.state_array.tobytes() == before


def test_render_modes():
    env = krimsutep_v1.env(render_mode="rgb_array")
    env.reset(seed=0)
    img = env.render()
    assert img.ndim == 3 and img.shape[2] == 3 and img.dtype == np.uint8
    env = krimsutep_v1.env(render_mode="ansi")
    env.reset(seed=0)
    assert "camp" in env.render()
