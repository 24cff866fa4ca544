"""B games advanced by one compiled kernel call per step, with auto-reset."""
from __future__ import annotations

import numpy as np

from . import records
from .compile import ensure_compiled
from .checks import check_actions, check_env_args, final_rewards, resolve_max_steps


def head_start_weights(game, weights) -> np.ndarray:
    """weights over game.head_start_levels (level 0 first) as probabilities; ValueError
    naming the levels where the game has none, or too many, negative or all-zero weights."""
    levels = game.head_start_levels
    if game.head_start is None:
        raise ValueError(f"{game.name} has no head starts")
    w = np.asarray(weights, np.float64)
    if w.ndim != 1 or not 1 <= len(w) <= len(levels) or not np.all(np.isfinite(w)) or (w < 0).any() \
            or w.sum() <= 0:
        raise ValueError(f"head_start must be 1-{len(levels)} weights >= 0, not all 0, for the levels "
                         f"{list(levels)} of {game.name}; got {weights!r}")
    return w / w.sum()


class VectorGame:
    """A batch of independent games of one Game.

    step(actions) applies one decision in every game (each game's own current
    player decides; -1 leaves a game as it is), then resets the games that
    ended. It returns (obs, masks, rewards, terminated, truncated, info):
    obs[b] is what the player now to move in game b sees; rewards is
    float32[B, max_players], non-zero only on the step that ends a game;
    info["final_states"] holds copies of the games that ended, before reset.

    head_start: None, or weights over the game's head_start_levels (level 0 first, fewer
    is fine): every new game's seats then start independently at a level drawn from them
    (Game.head_start), for curricula.
    """

    def __init__(self, game, num_envs: int, seed=None, max_steps=None, reward_mode="win_loss",
                 check_legal=True, head_start=None, **options):
        check_env_args(None, max_steps, reward_mode)
        if num_envs < 1:
            raise ValueError(f"num_envs must be >= 1, got {num_envs}")
        self.game = game
        self.set_head_start(head_start)
        ensure_compiled(game)
        self.num_envs = num_envs
        self.options = game.resolve_options(options)
        self._encoded = game.encode_options(self.options)
        self.max_steps = resolve_max_steps(game, max_steps)
        self.reward_mode = reward_mode
        self.check_legal = check_legal
        self.states = game.new_states(num_envs)
        self.masks = np.zeros((num_envs, game.num_actions), np.int8)
        self.obs = np.zeros((num_envs,) + tuple(game.obs_shape), np.float32)
        self.rewards = np.zeros((num_envs, game.max_players), np.float32)
        self._rng = np.random.default_rng(seed)

    def set_head_start(self, weights) -> None:
        """The head starts of the games that begin from now on (None: as set up); a schedule
        moves a curriculum's weights as training goes."""
        self._head_start = None if weights is None else head_start_weights(self.game, weights)

    @property
    def current_player(self) -> np.ndarray:
        return self.states["current_player"].astype(np.int64)

    def _reset_games(self, idx):
        sub = records.take(self.states, idx)
        seeds = self._rng.integers(0, 2**64, size=len(idx), dtype=np.uint64)
        self.game.kernels.reset(sub, seeds, self._encoded)
        if self._head_start is not None:
            w = self._head_start
            levels = self._rng.choice(len(w), size=(len(idx), self.game.max_players), p=w)
            self.game.head_start(sub, levels.astype(np.int8))
        records.put(self.states, idx, sub)

    def _refresh(self):
        self.game.kernels.legal_mask(self.states, self.masks)
        self.game.kernels.observe(self.states, self.current_player, self.obs)

    def reset(self, seed=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._reset_games(np.arange(self.num_envs))
        self._refresh()
        return self.obs, self.masks

    def step(self, actions):
        if self.check_legal:
            actions = check_actions(self.game, self.states, self.masks, actions, allow_skip=True)
        self.rewards[:] = 0.0  # the kernel writes only the games it steps
        self.game.kernels.step(self.states, np.asarray(actions, np.int64), self.rewards)
        stepped = np.asarray(actions) >= 0
        terminated = self.states["terminated"] & stepped
        truncated = np.zeros(self.num_envs, bool)
        if self.max_steps is not None:
            truncated = ~terminated & stepped & (self.states["steps"] >= self.max_steps)
        rewards = self.rewards.copy()
        info = {}
        done = np.flatnonzero(terminated | truncated)
        if done.size:
            if terminated.any():
                t = np.flatnonzero(terminated)
                rewards[t] = final_rewards(records.take(self.states, t), rewards[t], self.reward_mode)
            info["final_states"] = records.take(self.states, done)
            info["done_index"] = done
            self._reset_games(done)
        self._refresh()
        return self.obs, self.masks, rewards, terminated, truncated, info
