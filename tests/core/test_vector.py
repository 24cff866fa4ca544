"""The batched layers: B games in one kernel call behave as B games played alone."""
import numpy as np
import pytest

import pyramid_envs
from pyramid_envs.core import RandomPolicy, SelfPlayVec, VectorGame

from .batch import assert_batch_equals_alone

ENVS = pyramid_envs.list_envs()


def _counts(game):
    """Player counts the default options allow (a count may also need another option)."""
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.resolve_options({"num_players": n})
        except ValueError:
            continue
        yield n


PLAYER_COUNTS = [(name, n) for name in ENVS for n in _counts(pyramid_envs.get_game(name))]


@pytest.mark.parametrize("name,n", PLAYER_COUNTS)
def test_batch_equals_games_alone(name, n):
    assert_batch_equals_alone(pyramid_envs.get_game(name), {"num_players": n})


@pytest.mark.parametrize("name", ENVS)
def test_vector_auto_reset_and_illegal_actions(name):
    game = pyramid_envs.get_game(name)
    vec = VectorGame(game, 8, seed=0)
    obs, masks = vec.reset()
    before = vec.states.tobytes()
    bad = masks.argmin(axis=1)
    with pytest.raises(ValueError, match="illegal action"):
        vec.step(bad)
    assert vec.states.tobytes() == before
    policy = RandomPolicy(1)
    finished = 0
    while finished < 10:
        acts = policy(obs, masks)
        acts[0] = -1  # game 0 sits still
        obs, masks, rewards, term, trunc, info = vec.step(acts)
        assert vec.states[0]["steps"] == 0 and not term[0] and not trunc[0]
        if term.any() or trunc.any():  # games end by the rules or by the game's default_max_steps
            idx = info["done_index"]
            assert set(np.flatnonzero(term | trunc)) == set(idx)
            assert (info["final_states"]["terminated"] == term[idx]).all()
            assert (vec.states[idx]["steps"] == 0).all()
            assert np.allclose(rewards[idx].sum(axis=1), 0.0) and (rewards[trunc] == 0).all()
            finished += len(idx)
        assert masks.any(axis=1).all()


def test_vector_truncation():
    vec = VectorGame(pyramid_envs.get_game("kheops_v1"), 4, seed=0, max_steps=5)
    obs, masks = vec.reset()
    policy = RandomPolicy(2)
    for i in range(5):
        obs, masks, rewards, term, trunc, info = vec.step(policy(obs, masks))
    assert trunc.all() and not term.any() and (rewards == 0).all()
    assert (vec.states["steps"] == 0).all()


@pytest.mark.parametrize("seat", [0, 1, None])
def test_selfplay_learner_gets_its_own_reward(seat):
    env = SelfPlayVec(pyramid_envs.get_game("kheops_v1"), 8, learner_seat=seat, seed=3)
    obs = env.reset()
    policy = RandomPolicy(4)
    ended = 0
    while ended < 24:
        assert (env.vec.current_player == env.learner_seat).all()
        obs, rewards, dones, infos = env.step(policy(obs, env.action_masks()))
        for b in np.flatnonzero(dones):
            me = infos[b]["learner_seat"]
            s = infos[b]["scores"]
            assert rewards[b] == np.sign(s[me] - s[1 - me])
            assert infos[b]["terminal_observation"].shape == obs.shape[1:]
            ended += 1
        assert (rewards[~dones] == 0).all()
    if seat is not None:
        assert (env.learner_seat == seat).all()


def test_maskable_ppo_trains_on_the_selfplay_vec_env():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from pyramid_envs.core.sb3 import SB3SelfPlayVecEnv

    venv = SB3SelfPlayVecEnv(SelfPlayVec(pyramid_envs.get_game("kheops_v1"), 4, seed=0))
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [32]}, device="cpu")
    model.learn(256)  # VectorGame checks every action against the mask: an illegal one raises
    obs = venv.reset()
    actions, _ = model.predict(obs, action_masks=venv.action_masks())
    assert venv.action_masks()[np.arange(4), actions].all()


@pytest.mark.parametrize("name", ENVS)
def test_game_step_rejects_illegal_actions_and_changes_nothing(name):
    game = pyramid_envs.get_game(name)
    st = game.new_states(3)
    game.reset(st, [0, 1, 2])
    before = st.tobytes()
    masks = game.legal_mask(st)
    bad = masks.argmax(axis=1)
    bad[1] = int(np.flatnonzero(masks[1] == 0)[0])
    with pytest.raises(ValueError, match="in game 1"):
        game.step(st, bad)
    with pytest.raises(ValueError, match="out of range"):
        game.step(st, [-1, game.num_actions, -1])
    assert st.tobytes() == before


def test_selfplay_opponent_protocols():
    """A pool opponent is told which games are dealt and which games it acts in;
    an opponent that needs a view gets a SeatView of exactly those games."""
    game = pyramid_envs.get_game("kheops_v1")

    class Pool:
        needs_view = True

        def __init__(self):
            self.dealt, self.policy = [], RandomPolicy(0)

        def new_games(self, games):
            self.dealt.extend(games.tolist())

        def act(self, obs, masks, view, games):
            assert len(view) == len(games) == len(obs)
            assert (view.seats == env.vec.current_player[games]).all()
            assert (env.vec.current_player[games] != env.learner_seat[games]).all()
            return self.policy(obs, masks)

    pool = Pool()
    env = SelfPlayVec(game, 6, opponent=pool, seed=0)
    obs = env.reset()
    assert sorted(pool.dealt) == list(range(6))
    learner = RandomPolicy(1)
    ended = 0
    while ended < 6:
        obs, rewards, dones, infos = env.step(learner(obs, env.action_masks()))
        ended += int(dones.sum())
        for b in np.flatnonzero(dones):
            assert infos[b]["episode"]["r"] == rewards[b] and infos[b]["episode"]["l"] > 0
    assert len(pool.dealt) == 6 + ended
