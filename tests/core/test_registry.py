import gymnasium
import pytest

import pyramid_envs


def test_list_and_make():
    assert "kheops_v1" in pyramid_envs.list_envs()
    env = pyramid_envs.make("kheops_v1")
    env.reset(seed=1)
    assert env.agents == ["player_0", "player_1"]


def test_unknown_env_lists_valid_ones():
    with pytest.raises(ValueError, match="kheops_v1"):
        pyramid_envs.make("kheops_v9")


@pytest.mark.parametrize("name", pyramid_envs.list_envs())
def test_an_old_version_names_the_new_one_and_the_changelog(name):
    old = name.replace("_v1", "_v0")
    for call in (pyramid_envs.make, pyramid_envs.get_game):
        with pytest.raises(ValueError, match=rf"{old} is an old version of {name}.*CHANGELOG.md"):
            call(old)


@pytest.mark.parametrize("kwargs, words", [
    ({"colour": "red"}, "valid options"),
    ({"num_players": 3}, "choose one of"),
    ({"render_mode": "video"}, "render_mode"),
    ({"reward_mode": "elo"}, "reward_mode"),
    ({"max_steps": -1}, "max_steps"),
])
def test_bad_options_are_named(kwargs, words):
    with pytest.raises(ValueError, match=words):
        pyramid_envs.make("kheops_v1", **kwargs)


@pytest.mark.parametrize("name", pyramid_envs.list_envs())
def test_default_step_limit(name):
    game = pyramid_envs.get_game(name)
    assert pyramid_envs.make(name).unwrapped.max_steps == game.default_max_steps
    assert pyramid_envs.make(name, max_steps=0).unwrapped.max_steps is None
    assert pyramid_envs.make(name, max_steps=50).unwrapped.max_steps == 50


@pytest.mark.parametrize("name", pyramid_envs.list_envs())
def test_gymnasium_ids_are_registered(name):
    game = pyramid_envs.get_game(name)
    env = gymnasium.make(f"pyramid_envs/{game.title}-v{game.version}")
    obs, info = env.reset(seed=0)
    assert obs.shape == game.obs_shape and info["action_mask"].any()


def test_resolve_env_takes_short_names_and_refuses_old_versions():
    from pyramid_envs import resolve_env

    assert resolve_env("kheops") == resolve_env("kheops_v1") == "kheops_v1"
    with pytest.raises(ValueError, match="kheops_v0 is an old version of kheops_v1"):
        resolve_env("kheops_v0")
    with pytest.raises(ValueError, match=r"unknown game 'chess'; games: \["):
        resolve_env("chess")
