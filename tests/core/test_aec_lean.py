"""The lean AEC step path: PettingZoo's order enforcement and wrappers still hold, what the
user gets is theirs, and the hot path skips the per-read forwarding and type dispatch."""
import importlib

import numpy as np
import pytest
from pettingzoo.test import api_test
from pettingzoo.utils import wrappers

import pyramid_envs
from pyramid_envs.core.dispatch import bind

ENVS = pyramid_envs.list_envs()
NAME = ENVS[0]


def version_module(name):
    return importlib.import_module(f"pyramid_envs.{name}")


def play(env, steps, seed=0):
    rng = np.random.default_rng(seed)
    for _agent in env.agent_iter(steps):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


BEFORE_RESET = {
    "last": lambda e: e.last(),
    "step": lambda e: e.step(0),
    "observe": lambda e: e.observe("player_0"),
    "agent_iter": lambda e: e.agent_iter(),
    "render": lambda e: e.render(),
    **{a: (lambda e, a=a: getattr(e, a)) for a in
       ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos", "num_agents")},
}


@pytest.mark.parametrize("what", sorted(BEFORE_RESET))
def test_env_refuses_what_pettingzoos_wrapper_refuses_before_reset_with_its_message(what):
    mod = version_module(NAME)
    ours, theirs = mod.env(), wrappers.OrderEnforcingWrapper(mod.raw_env())
    assert isinstance(ours, wrappers.OrderEnforcingWrapper) and str(ours) == str(theirs)
    with pytest.raises(Exception) as expected:
        BEFORE_RESET[what](theirs)
    with pytest.raises(type(expected.value)) as got:
        BEFORE_RESET[what](ours)
    assert str(got.value) == str(expected.value)


def test_env_reads_no_attribute_through_getattr_in_a_game(monkeypatch):
    env = version_module(NAME).env()
    calls = []
    forward = wrappers.OrderEnforcingWrapper.__getattr__
    monkeypatch.setattr(wrappers.OrderEnforcingWrapper, "__getattr__",
                        lambda self, name: calls.append(name) or forward(self, name))
    env.reset(seed=1)
    play(env, 50)
    assert calls == []


@pytest.mark.parametrize("name", ENVS)
def test_observations_and_masks_returned_are_the_callers_own(name):
    env = version_module(name).env()
    env.reset(seed=2)
    agent = env.agent_selection
    first = env.observe(agent)
    keep = {k: v.copy() for k, v in first.items()}
    first["observation"][:] = 7.0
    first["action_mask"][:] = 0
    again = env.observe(agent)
    for k in keep:
        assert np.array_equal(again[k], keep[k]) and not np.shares_memory(again[k], first[k])
    play(env, 3)
    assert (first["observation"] == 7.0).all()  # a later step does not write into it


def test_user_edits_of_the_reward_dicts_do_not_leak_into_later_steps():
    env = version_module(NAME).env()
    env.reset(seed=4)
    env.rewards[env.agent_selection] = 5.0
    held = env.rewards
    play(env, 1)
    assert env.rewards is not held and set(env.rewards.values()) == {0.0}
    assert set(env._cumulative_rewards.values()) == {0.0}


def test_observing_an_unknown_agent_is_a_clear_error():
    env = version_module(NAME).env()
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"unknown agent 'player_9'; the agents are \['player_0'"):
        env.observe("player_9")


@pytest.mark.parametrize("name", ENVS)
def test_pettingzoo_api_through_the_wrappers_a_user_applies(name):
    raw = version_module(name).raw_env()
    env = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)))
    api_test(env, num_cycles=100)


def test_terminate_illegal_and_out_of_bounds_wrappers_over_env():
    n = version_module(NAME).GAME.num_actions
    env = wrappers.AssertOutOfBoundsWrapper(version_module(NAME).env())
    env.reset(seed=3)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(n)
    env = wrappers.TerminateIllegalWrapper(version_module(NAME).env(), illegal_reward=-1)
    env.reset(seed=3)
    mover = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(mover)["action_mask"] == 0)[0])
    env.step(illegal)  # PettingZoo logs a warning and ends the game
    assert all(env.terminations.values()) and env.rewards[mover] == -1
    assert env._cumulative_rewards[mover] == -1
    for agent in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_bound_kernel_is_the_compiled_code_and_refuses_other_types():
    game = version_module(NAME).GAME
    states = game.new_states(2)
    game.reset(states, [1, 2])
    mask = np.zeros((2, game.num_actions), np.int8)
    legal_mask = bind(game.kernels.legal_mask, states, mask)
    assert legal_mask is not game.kernels.legal_mask
    legal_mask(states, mask)
    assert np.array_equal(mask, game.legal_mask(states))
    with pytest.raises(TypeError):
        legal_mask(states, mask.astype(np.float32))
