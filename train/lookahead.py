"""Lookahead features and the policy network that uses them.

A plain MLP on a flat observation has to rediscover how each of hundreds of actions changes
the position. The game already knows: its evaluate() scores positions. For every legal
action the features hold how much that action changes evaluate() from the acting seat, on a
determinized copy (so nothing hidden leaks) - exactly what the greedy agent maximises. The
network sees them appended to the observation, and its action logits are its own head plus
a learned weight times these gains, so it starts close to greedy and PPO learns when to
deviate from it. Deeper gains (depth > 1: the change after the next greedy decisions, see
agents.greedy.deep_ply) or an ISMCTS search's root visit shares (sims > 0) put a stronger
planner in the same place.
"""
from __future__ import annotations

import time

import gymnasium
import numpy as np
import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.vec_env import VecEnvWrapper
from torch import nn

from agents.greedy import deep_ply, one_ply
from agents.ismcts import ISMCTSAgent
from pyramid_envs.core.view import SeatView

CLIP = 5.0  # gains in units of `scale`, clipped; a winning move is +CLIP, a losing one -CLIP


def action_gains(view: SeatView, masks, scale: float, rng, samples: int = 1, depth: int = 1,
                 top: int = 8, sims: int = 0) -> np.ndarray:
    """float32[n, A]: per legal action, the change of evaluate() from the view's seats
    (divided by scale, clipped to [-CLIP, CLIP]; +-CLIP for a move that wins or loses),
    averaged over `samples` determinized copies; 0 elsewhere. depth > 1: the change after
    depth - 1 more greedy decisions (agents.greedy.deep_ply) for the `top` best moves, -CLIP
    for the others. sims > 0: instead, CLIP times the action's share of the root visits of
    an ISMCTS search with that many simulations (agents.ismcts), plus under one visit's
    share for its one-ply value: equal visits rank as the search ranks them (broken at
    random they walked Krimsutep's trained policy round loops the search never enters)."""
    if sims:
        search = ISMCTSAgent(sims=sims, seed=int(rng.integers(2**63)))
        search.act(None, masks, view)
        share = search.last_ranks / np.maximum(search.last_visits.sum(axis=1, keepdims=True), 1)
        return (CLIP * share).astype(np.float32)
    out = np.zeros(np.shape(masks), np.float32)
    if depth > 1:
        base, rows, actions, values, valued = deep_ply(view, masks, rng, top, depth, samples)
        now = _values_now(view, base, samples).mean(axis=1)
        out[rows, actions] = np.where(valued, np.clip((values - now[rows]) / scale, -CLIP, CLIP), -CLIP)
        return out
    base, rows, actions, values, reward, done = one_ply(view, masks, rng, samples)
    gain = np.clip((values - _values_now(view, base, samples)[rows]) / scale, -CLIP, CLIP)
    out[rows, actions] = np.where(done, CLIP * np.sign(reward), gain).mean(axis=1)
    return out


def _values_now(view: SeatView, base, samples):
    """(games, samples): evaluate() of each determinized copy in base from its game's seat."""
    now = np.zeros(len(base))
    view.game.evaluate(base, np.repeat(view.seats, samples), now)
    return now.reshape(len(view), samples)


def augment(obs, masks, view: SeatView, scale: float, rng, samples: int = 1, depth: int = 1,
            top: int = 8, sims: int = 0) -> np.ndarray:
    """Observations of the games in view, with their action gains appended."""
    gains = action_gains(view, masks, scale, rng, samples, depth, top, sims)
    return np.concatenate([np.asarray(obs, np.float32).reshape(len(gains), -1), gains], axis=1)


def augmented_space(space: gymnasium.spaces.Box, num_actions: int) -> gymnasium.spaces.Box:
    low = np.concatenate([space.low.ravel(), np.full(num_actions, -CLIP, np.float32)])
    high = np.concatenate([space.high.ravel(), np.full(num_actions, CLIP, np.float32)])
    return gymnasium.spaces.Box(low, high, dtype=np.float32)


class _GainsToActor(nn.Module):
    """The usual MLP extractor, with the gains (the observation's last A entries) passed
    through to the action head next to the actor's latent."""

    def __init__(self, inner, num_actions):
        super().__init__()
        self.inner, self.num_actions = inner, num_actions
        self.latent_dim_pi = inner.latent_dim_pi + num_actions
        self.latent_dim_vf = inner.latent_dim_vf

    def forward(self, features):
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features):
        return torch.cat([self.inner.forward_actor(features), features[:, -self.num_actions:]], dim=1)

    def forward_critic(self, features):
        return self.inner.forward_critic(features)


class _PriorHead(nn.Module):
    """logits = linear(latent) + weight * gains."""

    def __init__(self, latent_dim, num_actions, prior_weight):
        super().__init__()
        self.linear = nn.Linear(latent_dim, num_actions)
        # zero: a fresh network is exactly the gains, so it breaks ties evenly (as greedy does)
        # rather than by a random fixed preference that can leave it weaker than greedy
        nn.init.zeros_(self.linear.weight)
        nn.init.zeros_(self.linear.bias)
        self.weight = nn.Parameter(torch.tensor(float(prior_weight)))
        self.num_actions = num_actions

    def forward(self, latent):
        return self.linear(latent[:, :-self.num_actions]) + self.weight * latent[:, -self.num_actions:]


class LookaheadPolicy(MaskableActorCriticPolicy):
    """MaskablePPO policy over observations augmented with action_gains (see augment())."""

    def __init__(self, observation_space, action_space, lr_schedule, lookahead_scale=1.0, prior_weight=3.0,
                 lookahead_samples=1, lookahead_depth=1, lookahead_top=8, lookahead_sims=0, **kwargs):
        self.lookahead_scale, self.prior_weight = float(lookahead_scale), float(prior_weight)
        self.lookahead_samples = int(lookahead_samples)
        self.lookahead_depth, self.lookahead_top = int(lookahead_depth), int(lookahead_top)
        self.lookahead_sims = int(lookahead_sims)
        self._rng = np.random.default_rng(0)
        super().__init__(observation_space, action_space, lr_schedule, **kwargs)

    def _build_mlp_extractor(self):
        super()._build_mlp_extractor()
        self.mlp_extractor = _GainsToActor(self.mlp_extractor, int(self.action_space.n))

    def _build(self, lr_schedule):
        super()._build(lr_schedule)
        self.action_net = _PriorHead(self.mlp_extractor.inner.latent_dim_pi, int(self.action_space.n),
                                     self.prior_weight)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    def augment(self, obs, masks, view: SeatView) -> np.ndarray:
        """What this network reads: the observations with the action gains appended."""
        return augment(obs, masks, view, self.lookahead_scale, self._rng, self.lookahead_samples,
                       self.lookahead_depth, self.lookahead_top, self.lookahead_sims)

    def _get_constructor_parameters(self):
        return {**super()._get_constructor_parameters(), "lookahead_scale": self.lookahead_scale,
                "prior_weight": self.prior_weight, "lookahead_samples": self.lookahead_samples,
                "lookahead_depth": self.lookahead_depth, "lookahead_top": self.lookahead_top,
                "lookahead_sims": self.lookahead_sims}


class LookaheadVecEnv(VecEnvWrapper):
    """SB3SelfPlayVecEnv with the learner's observations augmented by its action gains."""

    def __init__(self, venv, scale: float, seed=None, samples: int = 1, depth: int = 1, top: int = 8,
                 sims: int = 0):
        self.scale, self.samples, self.rng = scale, samples, np.random.default_rng(seed)
        self.depth, self.top, self.sims = depth, top, sims
        self.lookahead_seconds = 0.0
        super().__init__(venv, observation_space=augmented_space(venv.observation_space,
                                                                  venv.action_space.n))

    def _augment(self, obs):
        sp = self.venv.selfplay
        view = SeatView(sp.game, sp.vec.states, sp.learner_seat)
        return augment(obs, sp.action_masks(), view, self.scale, self.rng, self.samples, self.depth, self.top,
                       self.sims)

    def reset(self):
        return self._augment(self.venv.reset())

    def step_wait(self):
        obs, rewards, dones, infos = self.venv.step_wait()
        t = time.perf_counter()
        obs = self._augment(obs)
        zeros = np.zeros(self.action_space.n, np.float32)  # a finished game has no moves left
        for info in infos:
            if "terminal_observation" in info:
                info["terminal_observation"] = np.concatenate([info["terminal_observation"].ravel(), zeros])
        self.lookahead_seconds += time.perf_counter() - t
        return obs, rewards, dones, infos
