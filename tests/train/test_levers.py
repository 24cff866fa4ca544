"""The training levers: potential-based shaping and one-ply lookahead features."""
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import pyramid_envs  # noqa: E402
from agents.greedy import deep_ply  # noqa: E402
from agents.registry import make_agent  # noqa: E402
from pyramid_envs.core import SelfPlayVec  # noqa: E402
from pyramid_envs.core.policies import sample_legal  # noqa: E402
from pyramid_envs.core.selfplay import seat_potential  # noqa: E402
from pyramid_envs.core.sb3 import SB3SelfPlayVecEnv  # noqa: E402
from pyramid_envs.core.vector import VectorGame  # noqa: E402
from pyramid_envs.core.view import SeatView  # noqa: E402
from train.lookahead import CLIP, LookaheadPolicy, LookaheadVecEnv, action_gains  # noqa: E402

ENVS = pyramid_envs.list_envs()


@pytest.mark.parametrize("env", ENVS)
def test_shaping_adds_the_discounted_change_of_potential(env):
    game = pyramid_envs.get_game(env)
    coef, gamma = 0.5, 0.9
    plain = SelfPlayVec(game, 8, learner_seat=0, seed=4, max_steps=300)
    shaped = SelfPlayVec(game, 8, learner_seat=0, seed=4, max_steps=300, shaping=coef, gamma=gamma)
    plain.reset(), shaped.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(200):
        phi = seat_potential(game, plain.vec.states, plain.learner_seat, np.zeros(8))
        actions = sample_legal(plain.action_masks(), rng)
        _, r0, d0, _ = plain.step(actions)
        _, r1, d1, _ = shaped.step(actions)
        phi_next = seat_potential(game, plain.vec.states, plain.learner_seat, np.zeros(8))
        assert (d0 == d1).all()
        expected = coef * (gamma * np.where(d0, 0.0, phi_next) - phi)
        np.testing.assert_allclose(r1 - r0, expected, rtol=1e-5, atol=1e-4)
        ended += d0.sum()
    assert ended  # the terminal case (Phi = 0) was exercised


def test_a_cut_game_can_count_as_lost():
    game = pyramid_envs.get_game("kheops_v1")  # no game of it ends within 6 steps
    for cut_reward in (None, -1.0):
        env = SelfPlayVec(game, 4, learner_seat=0, seed=1, max_steps=6, truncation_reward=cut_reward)
        env.reset()
        rng = np.random.default_rng(0)
        first = {}
        for _ in range(10):
            _, rewards, dones, infos = env.step(sample_legal(env.action_masks(), rng))
            for b in np.flatnonzero(dones):
                first.setdefault(b, (rewards[b], infos[b]["TimeLimit.truncated"]))
        assert len(first) == 4
        if cut_reward is None:  # a time limit: no reward, the learner bootstraps from its value
            assert all(r == 0 and t for r, t in first.values())
        else:  # a loss: the reward, and no bootstrapping
            assert all(r == -1 and not t for r, t in first.values())


def test_shaping_needs_an_evaluation_function():
    game = pyramid_envs.get_game(ENVS[0])
    blind = type(game).__new__(type(game))
    blind.__dict__.update(game.__dict__, evaluate=None)
    with pytest.raises(ValueError, match="evaluation function"):
        SelfPlayVec(blind, 2, shaping=0.1)


def _midgame(env, games, seed, moves, max_steps=500):
    """`games` games of env after `moves` random legal moves each, seen by their movers."""
    game = pyramid_envs.get_game(env)
    vec = VectorGame(game, games, seed=seed, max_steps=max_steps)
    vec.reset(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        vec.step(sample_legal(vec.masks, rng))
    return game, vec, SeatView(game, vec.states, vec.current_player)


@pytest.mark.parametrize("env", ENVS)
def test_action_gains_are_bounded_and_only_on_legal_actions(env):
    game, vec, view = _midgame(env, 16, 1, 30)
    gains = action_gains(view, vec.masks, 1.0, np.random.default_rng(1))
    assert gains.shape == vec.masks.shape and np.abs(gains).max() <= CLIP
    assert not gains[vec.masks == 0].any()


def test_best_gain_is_the_greedy_move():
    """Kheops' evaluate reads only the public board, so greedy's unique best move is the top gain."""
    game = pyramid_envs.get_game("kheops_v1")
    vec = VectorGame(game, 32, seed=2)
    vec.reset(2)
    rng = np.random.default_rng(2)
    greedy = make_agent("greedy", seed=0)
    checked = 0
    for _ in range(20):
        view = SeatView(game, vec.states, vec.current_player)
        gains = action_gains(view, vec.masks, 100.0, rng)  # a scale large enough that nothing clips
        best = np.where(vec.masks > 0, gains, -np.inf)
        unique = (best == best.max(1, keepdims=True)).sum(1) == 1
        picked = greedy.act(vec.obs, vec.masks, view)
        assert (picked[unique] == best.argmax(1)[unique]).all()
        checked += unique.sum()
        vec.step(picked)
    assert checked > 50


def test_more_samples_steady_the_gains_of_hidden_cards():
    """Krimsutep's moves reveal cards a seat has not seen: a gain from one determinized copy
    is one guess at them, the mean over 16 copies varies far less between draws."""
    game, vec, view = _midgame("krimsutep_v1", 8, 3, 8)
    spread = {k: np.stack([action_gains(view, vec.masks, 1.0, np.random.default_rng(i), samples=k)
                           for i in range(40)]).var(axis=0).sum() for k in (1, 16)}
    assert spread[1] > 0 and spread[16] < spread[1] / 4
    with pytest.raises(ValueError, match="samples"):
        make_agent("greedy:samples=0")


def test_deep_ply_gains_are_the_valued_changes_and_shut_out_the_rest():
    game, vec, view = _midgame("kheops_v1", 8, 5, 20)
    gains = action_gains(view, vec.masks, 100.0, np.random.default_rng(0), depth=2, top=3)
    _, rows, actions, values, valued = deep_ply(view, vec.masks, np.random.default_rng(0), 3)
    now = np.zeros(len(view))
    game.evaluate(vec.states, vec.current_player, now)  # Kheops' evaluate reads only public cards
    np.testing.assert_allclose(gains[rows[valued], actions[valued]], (values[valued] - now[rows[valued]]) / 100.0,
                               rtol=1e-6)
    assert (gains[rows[~valued], actions[~valued]] == -CLIP).all() and (~valued).sum() > 100
    assert not gains[vec.masks == 0].any()


def test_search_gains_are_the_root_visit_shares():
    """lookahead.sims: the gains are CLIP times the share of an ISMCTS search's root visits
    (with the search's tie-break under one visit), the very search the ismcts agent runs with
    that seed; their best is the agent's choice."""
    from agents.ismcts import ISMCTSAgent

    game, vec, view = _midgame("krimsutep_v1", 6, 6, 10)
    gains = action_gains(view, vec.masks, 1.0, np.random.default_rng(0), sims=24)
    agent = ISMCTSAgent(sims=24, seed=int(np.random.default_rng(0).integers(2**63)))
    choice = agent.act(None, vec.masks, view)
    np.testing.assert_allclose(gains, CLIP * agent.last_ranks / 24, rtol=1e-6)
    extra = gains * 24 / CLIP - agent.last_visits
    assert (extra >= 0).all() and (extra < 1).all() and (extra > 0).any()
    assert (gains.argmax(axis=1) == choice).all()
    assert not gains[vec.masks == 0].any()


def _lookahead_model(env, **kw):
    from sb3_contrib import MaskablePPO

    game = pyramid_envs.get_game(env)
    venv = LookaheadVecEnv(SB3SelfPlayVecEnv(SelfPlayVec(game, 4, seed=0)), 10.0, seed=0)
    return MaskablePPO(LookaheadPolicy, venv, n_steps=8, batch_size=16, device="cpu", seed=0,
                       policy_kwargs={"net_arch": [16], "lookahead_scale": 10.0, **kw})


def test_lookahead_policy_starts_from_the_gains():
    """A fresh network's logits are prior_weight * gains (its own head starts at zero)."""
    import torch

    model = _lookahead_model("kheops_v1", prior_weight=2.0)
    obs = model.env.reset()
    masks = model.env.env_method("action_masks")
    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(obs), action_masks=np.stack(masks))
    logits = dist.distribution.logits.numpy()
    gains = obs[:, -model.action_space.n:]
    legal = np.stack(masks)
    for b in range(len(obs)):
        diff = logits[b, legal[b]] - 2.0 * gains[b, legal[b]]
        assert np.ptp(diff) < 1e-4  # equal up to the softmax's constant


@pytest.mark.parametrize("lookahead", [True, False])
def test_pool_opponents_act_as_the_network_says(lookahead):
    """TorchPolicy reads the logits off the network: its deterministic move is SB3's, and
    its samples stay on legal actions and follow the policy's probabilities."""
    import torch
    from sb3_contrib import MaskablePPO
    from train.pool import TorchPolicy

    if lookahead:
        model = _lookahead_model("kheops_v1", prior_weight=2.0)
    else:
        venv = SB3SelfPlayVecEnv(SelfPlayVec(pyramid_envs.get_game("kheops_v1"), 4, seed=0))
        model = MaskablePPO("MlpPolicy", venv, n_steps=8, batch_size=16, device="cpu", seed=0,
                            policy_kwargs={"net_arch": [16]})
    obs = model.env.reset()
    masks = np.stack(model.env.env_method("action_masks"))
    with torch.no_grad():
        probs = model.policy.get_distribution(torch.as_tensor(obs), action_masks=masks).distribution.probs.numpy()
    greedy = TorchPolicy(model.policy, deterministic=True)
    assert (greedy.logits(obs).shape == masks.shape)
    assert (np.where(masks, greedy.logits(obs), -np.inf).argmax(1) == probs.argmax(1)).all()
    sampler = TorchPolicy(model.policy, seed=0)
    sampler.needs_view = False  # the lookahead env's observations already carry the gains
    draws = np.stack([sampler.act(np.repeat(obs[:1], 4000, 0), np.repeat(masks[:1], 4000, 0))])
    assert masks[0, draws].all()
    freq = np.bincount(draws.ravel(), minlength=masks.shape[1]) / draws.size
    assert np.abs(freq - probs[0]).max() < 0.05


def test_lookahead_checkpoint_plays_as_a_policy_agent(tmp_path):
    from agents.arena import run_arena

    model = _lookahead_model("kheops_v1")
    model.learn(32)
    model.save(tmp_path / "look.zip")
    agent = make_agent(f"policy:path={tmp_path / 'look.zip'}", seed=0)
    assert agent.needs_view
    result = run_arena("kheops_v1", [agent, "random"], games=2, seed=0)
    assert not result.truncated.any()



CHECKPOINTS = sorted((Path(__file__).parents[2] / "agents" / "checkpoints").glob("*.zip"))


@pytest.mark.parametrize("checkpoint", CHECKPOINTS, ids=[c.stem for c in CHECKPOINTS])
def test_shipped_checkpoint_plays_by_its_game_name(checkpoint):
    from agents.arena import run_arena

    game = checkpoint.stem.rsplit("_v", 1)[0]
    result = run_arena(game, [f"policy:env={game}", "random"], games=2, seed=0, max_steps=300)
    assert result.agents[0] == f"policy:env={game}"


def test_policy_agent_epsilon_samples_that_share_of_its_moves(tmp_path):
    from agents.policy import PolicyAgent

    model = _lookahead_model("kheops_v1", prior_weight=2.0)  # logits: 2 * gains at first
    model.save(tmp_path / "look.zip")
    obs = model.env.reset()[:1].copy()
    masks = np.stack(model.env.env_method("action_masks"))[:1]
    legal = np.flatnonzero(masks[0])
    obs[0, -model.action_space.n:] = 0.0
    obs[0, -model.action_space.n + legal[0]] = 0.5  # one move a logit of 1 above the rest
    rows = np.repeat(obs, 4000, 0), np.repeat(masks, 4000, 0)
    firm = PolicyAgent.from_model(model, seed=0)
    firm.needs_view = False  # the gains are already in the observation
    assert (firm.act(*rows) == legal[0]).all()
    loose = PolicyAgent.from_model(model, epsilon=0.5, seed=0)
    loose.needs_view = False
    moves = loose.act(*rows)
    assert masks[0, moves].all()
    best_share = np.e / (np.e + len(legal) - 1)  # softmax mass of the best move
    assert abs((moves != legal[0]).mean() - 0.5 * (1 - best_share)) < 0.04
    with pytest.raises(ValueError, match="epsilon"):
        make_agent(f"policy:path={tmp_path / 'look.zip'},epsilon=2")


def test_shipped_checkpoints_play_in_their_measured_mode():
    import json

    play = json.loads((CHECKPOINTS[0].parent / "play.json").read_text())
    assert set(play) <= {c.stem for c in CHECKPOINTS}
    for stem, mode in play.items():
        agent = make_agent(f"policy:env={stem}", seed=0)
        assert agent.deterministic == bool(mode.get("deterministic", 1))
        assert agent.epsilon == mode.get("epsilon", 0.0)
    stem = next(iter(play))
    assert make_agent(f"policy:env={stem},deterministic=1,epsilon=0", seed=0).deterministic  # the caller's word wins


def test_policy_agent_needs_a_path_or_a_shipped_game():
    with pytest.raises(ValueError, match="exactly one"):
        make_agent("policy")
    with pytest.raises(ValueError, match="unknown game"):
        make_agent("policy:env=chess")
