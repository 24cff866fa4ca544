"""Self-play view of a VectorGame: one learner seat per game, opponents run inside.

Every game waits on the learner when step() returns. The learner's reward is
its own seat's reward (never the opponent's), delivered on the step whose
action - or whose following opponent moves - ended the game.

Optional potential-based shaping (Ng et al. 1999) adds shaping * (gamma * Phi(s') - Phi(s))
between consecutive learner decisions, with Phi the game's own evaluate() from the learner's
seat and Phi = 0 once a game is over. It telescopes, so it changes no optimal policy; it only
turns a sparse win/loss into a signal at every move. Phi is taken from the learner's own view
(seat_potential), since a reward is something the learner receives.
"""
from __future__ import annotations

import time

import gymnasium
import numpy as np

from . import records
from .policies import RandomPolicy
from .vector import VectorGame
from .view import SeatView


VIEW_SEED = 0x5EA7  # one fixed determinization seed: the sample is a function of the seat's view


def seat_potential(game, states, seats, out):
    """out[b]: game.evaluate() from seats[b] on a copy of states[b] whose hidden parts are
    redealt by `determinize` with one fixed seed. `determinize` is canonical (what it redeals
    is sorted first), so the copy, and the value, depend only on what the seat sees: an
    evaluate() that reads other seats' hands or the deck does not leak through a reward."""
    if not game.perfect_information:
        states = SeatView(game, states, seats).determinize(np.full(len(states), VIEW_SEED, np.uint64))
    game.evaluate(states, np.asarray(seats, np.int64), out)
    return out


class SelfPlayVec:
    render_mode = None

    def __init__(self, game, num_envs: int, opponent=None, learner_seat=None, seed=None,
                 max_steps=None, reward_mode="win_loss", shaping=0.0, gamma=1.0, truncation_reward=None,
                 **options):
        """learner_seat: a fixed seat, or None for a random seat per game.
        opponent (plays every other seat; default random legal), one of:
          - a batch policy callable(obs, masks) -> actions;
          - an agent with act(obs, masks, view) (view: a SeatView when needs_view is true);
          - a pool with new_games(games) (called when those games are dealt) and
            act(obs, masks, view, games), which may pick a different opponent per game.
        shaping: coefficient of the potential-based shaping (0: none); gamma: the learner's
        discount, which the shaping must use to leave optimal policies unchanged.
        truncation_reward: None treats a game cut at max_steps as a time limit (the learner
        bootstraps from its value); a number is the learner's reward for a cut game, which then
        counts as ended - e.g. -1 so that stalling a lost game is no better than losing it."""
        self.vec = VectorGame(game, num_envs, seed=seed, max_steps=max_steps,
                              reward_mode=reward_mode, **options)
        self.game = game
        self.num_envs = num_envs
        n = self.vec.options["num_players"]
        if learner_seat is not None and not 0 <= learner_seat < n:
            raise ValueError(f"learner_seat must be in [0, {n}) or None, got {learner_seat}")
        if shaping and game.evaluate is None:
            raise ValueError(f"shaping needs an evaluation function: {game.name} has no Game.evaluate")
        self.shaping, self.gamma = float(shaping), float(gamma)
        self.truncation_reward = truncation_reward
        self._phi = np.zeros(num_envs)
        self.fixed_seat = learner_seat
        self.num_players = n
        self.opponent = opponent if opponent is not None else RandomPolicy(seed)
        self._rng = np.random.default_rng(None if seed is None else seed + 1)
        self.learner_seat = np.zeros(num_envs, np.int64)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, tuple(game.obs_shape), np.float32)
        self.action_space = gymnasium.spaces.Discrete(game.num_actions)
        self._obs = np.zeros((num_envs,) + tuple(game.obs_shape), np.float32)
        self._episode_len = np.zeros(num_envs, np.int64)  # learner decisions in the current game
        self.opponent_seconds = 0.0  # time the opponents took to choose their moves

    def _draw_seats(self, idx):
        if self.fixed_seat is None:
            self.learner_seat[idx] = self._rng.integers(0, self.num_players, len(idx))
        else:
            self.learner_seat[idx] = self.fixed_seat

    def _play_opponents(self, rewards, dones, truncs):
        """Step other seats until each live game waits on its learner; collect outcomes."""
        vec = self.vec
        while True:
            waiting = (vec.current_player != self.learner_seat) & ~dones
            idx = np.flatnonzero(waiting)
            if not idx.size:
                return
            acts = np.full(self.num_envs, -1, np.int64)
            acts[idx] = self._opponent_actions(idx)
            self._absorb(vec.step(acts), rewards, dones, truncs)

    def _opponent_actions(self, idx):
        t = time.perf_counter()
        vec, opp = self.vec, self.opponent
        if not hasattr(opp, "act"):
            actions = opp(vec.obs[idx], vec.masks[idx])
        else:
            view = SeatView(self.game, records.take(vec.states, idx), vec.current_player[idx]) \
                if getattr(opp, "needs_view", False) else None
            if hasattr(opp, "new_games"):
                actions = opp.act(vec.obs[idx], vec.masks[idx], view, idx)
            else:
                actions = opp.act(vec.obs[idx], vec.masks[idx], view)
        self.opponent_seconds += time.perf_counter() - t
        return actions

    def _absorb(self, result, rewards, dones, truncs):
        _, _, r, term, trunc, info = result
        ended = term | trunc
        rewards[ended] += r[ended, self.learner_seat[ended]]
        dones |= ended
        truncs |= trunc
        if ended.any():
            idx = info["done_index"]
            self._final[idx] = True
            records.put(self._final_states, idx, info["final_states"])

    def _deal(self, idx):
        self._draw_seats(idx)
        if hasattr(self.opponent, "new_games"):
            self.opponent.new_games(idx)

    def _restart(self, done_idx):
        """Games that ended were reset by the vector env; draw seats and play up to the learner."""
        self._deal(done_idx)
        while True:
            scratch_r = np.zeros(self.num_envs)
            scratch_d = np.ones(self.num_envs, bool)
            scratch_d[done_idx] = False
            scratch_t = np.zeros(self.num_envs, bool)
            self._final[:] = False
            self._play_opponents(scratch_r, scratch_d, scratch_t)
            again = np.flatnonzero(self._final)  # a new game ended before the learner moved: deal again
            if not again.size:
                return
            done_idx = again
            self._deal(done_idx)

    def _potential(self):
        return seat_potential(self.game, self.vec.states, self.learner_seat, np.zeros(self.num_envs))

    def _learner_obs(self):
        self.game.kernels.observe(self.vec.states, self.learner_seat, self._obs)
        return self._obs.copy()

    def reset(self, seed=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed + 1)
        self.vec.reset(seed)
        self._final = np.zeros(self.num_envs, bool)
        self._final_states = records.copy(self.vec.states)
        self._episode_len[:] = 0
        self._restart(np.arange(self.num_envs))
        if self.shaping:
            self._phi = self._potential()
        return self._learner_obs()

    def action_masks(self) -> np.ndarray:
        return self.vec.masks.astype(bool)

    def step(self, actions):
        """Returns (obs, rewards, dones, infos) as Stable-Baselines3's VecEnv does."""
        rewards = np.zeros(self.num_envs, np.float32)
        dones = np.zeros(self.num_envs, bool)
        truncs = np.zeros(self.num_envs, bool)
        self._final[:] = False
        self._absorb(self.vec.step(np.asarray(actions, np.int64)), rewards, dones, truncs)
        self._play_opponents(rewards, dones, truncs)
        if self.truncation_reward is not None:
            rewards[truncs] += self.truncation_reward
        infos = [{} for _ in range(self.num_envs)]
        self._episode_len += 1
        done_idx = np.flatnonzero(dones)
        if done_idx.size:
            final = self._final_states[done_idx]
            term_obs = self.game.observe(final, self.learner_seat[done_idx])
            for k, b in enumerate(done_idx):
                infos[b]["terminal_observation"] = term_obs[k]
                infos[b]["TimeLimit.truncated"] = bool(truncs[b]) and self.truncation_reward is None
                infos[b]["learner_seat"] = int(self.learner_seat[b])
                infos[b]["scores"] = final["scores"][k].copy()
                infos[b]["episode"] = {"r": float(rewards[b]), "l": int(self._episode_len[b])}
            self._episode_len[done_idx] = 0
            self._restart(done_idx)
        if self.shaping:  # restarted games already hold their next episode: Phi(s') = 0 for them
            phi = self._potential()
            rewards += (self.shaping * (self.gamma * np.where(dones, 0.0, phi) - self._phi)).astype(np.float32)
            self._phi = phi
        return self._learner_obs(), rewards, dones, infos
