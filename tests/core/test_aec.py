"""The PettingZoo contract, run on every registered game."""
import importlib

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import pyramid_envs
from pyramid_envs.core.policies import RandomPolicy

ENVS = pyramid_envs.list_envs()


def version_module(name):
    return importlib.import_module(f"pyramid_envs.{name}")


def play(env, steps, seed=0):
    """Random legal steps; returns the actions taken."""
    rng = np.random.default_rng(seed)
    taken = []
    for agent in env.agent_iter(steps):
        obs, _, term, trunc, _ = env.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        taken.append(action)
    return taken


@pytest.mark.parametrize("name", ENVS)
def test_pettingzoo_api(name):
    api_test(version_module(name).env(), num_cycles=300)


@pytest.mark.parametrize("name", ENVS)
def test_pettingzoo_seed(name):
    seed_test(version_module(name).env, num_cycles=300)


@pytest.mark.parametrize("name", ENVS)
def test_pettingzoo_render(name):
    render_test(version_module(name).env)


@pytest.mark.parametrize("name", ENVS)
def test_illegal_action_raises_and_changes_nothing(name):
    env = version_module(name).env()
    env.reset(seed=3)
    before = env.unwrapped.state_array.tobytes()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=f"illegal action {illegal}"):
        env.step(illegal)
    with pytest.raises(ValueError, match="out of range"):
        env.step(len(mask))
    with pytest.raises(ValueError, match="integer"):
        env.step(1.5)
    assert env.unwrapped.state_array.tobytes() == before


@pytest.mark.parametrize("name", ENVS)
def test_state_dict_and_clone_continue_identically(name):
    env = version_module(name).env()
    env.reset(seed=5)
    play(env, 20, seed=1)
    twin = env.unwrapped.clone()
    other = version_module(name).raw_env()
    other.load_state_dict(env.unwrapped.state_dict())
    for e in (twin, other):
        assert e.state_array.tobytes() == env.unwrapped.state_array.tobytes()
        assert e.agent_selection == env.agent_selection
    a = play(env, 40, seed=2)
    b = play(twin, 40, seed=2)
    assert a == b and twin.state_array.tobytes() == env.unwrapped.state_array.tobytes()


@pytest.mark.parametrize("name", ENVS)
def test_max_steps_truncates(name):
    env = version_module(name).env(max_steps=7)
    env.reset(seed=0)
    play(env, 7)
    assert all(env.truncations.values()) and not any(env.terminations.values())


@pytest.mark.parametrize("name", ENVS)
def test_terminal_rewards_win_loss_and_score_margin(name):
    for mode in ("win_loss", "score_margin"):
        env = version_module(name).env(reward_mode=mode)
        env.reset(seed=11)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        policy = RandomPolicy(0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            env.step(None if term or trunc else int(policy(obs["observation"][None], obs["action_mask"][None])[0]))
        scores = env.unwrapped.state_array[0]["scores"]
        r = np.array([totals[a] for a in env.possible_agents])
        if mode == "win_loss":
            assert set(r) <= {-1.0, 0.0, 1.0} and np.isclose(r.sum(), 0.0)
            # equal scores may be split by the game's own tie-breaks
            lead = np.sign(scores[: len(r)] - scores[: len(r)][::-1])
            assert ((lead == 0) | (np.sign(r) == lead)).all()
        else:
            assert r[0] == scores[0] - scores[1] and r[1] == scores[1] - scores[0]
