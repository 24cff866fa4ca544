import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import pyramid_envs
from pyramid_envs.core.gym_env import SingleAgentEnv

IDS = [f"pyramid_envs/{g.title}-v{g.version}" for g in map(pyramid_envs.get_game, pyramid_envs.list_envs())]


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("seat", [0, 1, None])
def test_gymnasium_check_env(env_id, seat):
    check_env(gymnasium.make(env_id, learner_seat=seat).unwrapped, skip_render_check=True)


@pytest.mark.parametrize("env_id", IDS)
def test_episode_reward_is_the_learners(env_id):
    env = gymnasium.make(env_id, learner_seat=1).unwrapped
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done, reward = False, 0.0
    while not done:
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, term, trunc, info = env.step(a)
        done = term or trunc
    scores = env._states[0]["scores"]
    assert reward == np.sign(scores[1] - scores[0])


@pytest.mark.parametrize("env_id", IDS)
def test_illegal_action_handling(env_id):
    env = gymnasium.make(env_id).unwrapped
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env._states.tobytes()
    _, reward, term, _, info = env.step(illegal)
    assert term and reward == -1.0 and info["illegal_action"] and env._states.tobytes() == before
    with pytest.raises(ValueError, match="reset"):
        env.step(illegal)
    strict = gymnasium.make(env_id, illegal_action="raise").unwrapped
    strict.reset(seed=0)
    with pytest.raises(ValueError, match=f"illegal action {illegal}"):
        strict.step(illegal)


def test_opponent_policy_and_bad_arguments():
    seen = []

    def first_legal(obs, masks):
        seen.append(obs.shape)
        return masks.argmax(axis=1)

    env = SingleAgentEnv("kheops_v1", opponent=first_legal)
    _, info = env.reset(seed=0)
    while not seen:  # a turn may take several steps of the learner
        _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert seen[0] == (1,) + env.game.obs_shape
    with pytest.raises(ValueError, match="opponent"):
        SingleAgentEnv("kheops_v1", opponent=3)
    with pytest.raises(ValueError, match="learner_seat"):
        SingleAgentEnv("kheops_v1", learner_seat=2)


@pytest.mark.parametrize("name", ["greedy", "ismcts:sims=8", "policy:path={tmp}/tiny.zip"])
def test_opponent_by_agent_name(name, tmp_path):
    """Any name the arena takes plays the other seat; check_env passes and a seed fixes the game.
    (A policy by path, not the shipped policy:env=kheops, so that the test follows the current
    observation rather than the one the shipped checkpoint was trained on.)"""
    if name.startswith("policy"):
        pytest.importorskip("sb3_contrib")  # the train extra
        from sb3_contrib import MaskablePPO

        from pyramid_envs.core import SelfPlayVec
        from pyramid_envs.core.sb3 import SB3SelfPlayVecEnv

        venv = SB3SelfPlayVecEnv(SelfPlayVec(pyramid_envs.get_game("kheops_v1"), 2, seed=0))
        MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=32, policy_kwargs={"net_arch": [16]},
                    device="cpu").save(tmp_path / "tiny.zip")
        name = name.format(tmp=tmp_path)
    env = gymnasium.make("pyramid_envs/Kheops-v1", opponent=name)
    check_env(env.unwrapped, skip_render_check=True)
    assert env.unwrapped.opponent.name == name

    def play(seed):
        _, info = env.reset(seed=seed)
        actions, done = [], False
        while not done and len(actions) < 30:
            a = int(np.flatnonzero(info["action_mask"])[0])
            _, _, term, trunc, info = env.step(a)
            actions.append(env.unwrapped._states.tobytes())
            done = term or trunc
        return actions

    assert play(3) == play(3)


def test_unknown_opponent_name_is_a_clear_error():
    with pytest.raises(ValueError, match=r"opponent 'grady'.*unknown agent 'grady'.*greedy"):
        gymnasium.make("pyramid_envs/Kheops-v1", opponent="grady")
    with pytest.raises(ValueError, match="has no option"):
        SingleAgentEnv("kheops_v1", opponent="ismcts:simz=3")


HIDING = [n for n in pyramid_envs.list_envs() if not pyramid_envs.get_game(n).perfect_information]


def _renders(name, mode):
    """(the learner's render, the learner seat's own render, the spectator's) after a reset."""
    game = pyramid_envs.get_game(name)
    env = SingleAgentEnv(game, learner_seat=1, render_mode=mode)
    env.reset(seed=2)
    draw = game.render_ansi if mode == "ansi" else game.render_rgb
    return np.asarray(env.render()), np.asarray(draw(env._states, 1)), np.asarray(draw(env._states))


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
@pytest.mark.parametrize("name", HIDING)
def test_render_shows_the_learners_view_only(name, mode):
    """The single-agent env is the learner's world: its pictures (which a pixel wrapper may
    make the observation) show only what the learner's seat may see."""
    seen, own, _ = _renders(name, mode)
    assert np.array_equal(seen, own)


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_control_the_spectators_render_shows_more(mode):
    """Where a seat holds cards the others cannot see, the spectator's picture shows them."""
    assert any(not np.array_equal(own, spectator) for _, own, spectator in (_renders(n, mode) for n in HIDING))
