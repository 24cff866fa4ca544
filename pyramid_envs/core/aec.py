"""PettingZoo AEC environment over any Game (a batch of one)."""
from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import records
from .compile import ensure_compiled
from .checks import (RENDER_MODES, check_env_args, check_one_action, final_rewards,
                     resolve_max_steps)
from .dispatch import bind
from .order import LeanOrderEnforcingWrapper


class PyramidAECEnv(AECEnv):
    """Turn-based multi-agent view: one seat acts per step (a turn may take several steps).

    observe(agent) -> {"observation": float32[obs_shape], "action_mask": int8[A]};
    the mask is all zeros for agents that are not to move. Rewards arrive when the
    game ends (+1/-1/0, rank-based with more players, or score margins with
    reward_mode="score_margin"); max_steps truncates a game (None: the game's
    default_max_steps, set for games that may never end; 0: no limit).
    """

    game = None  # set by make_env_fns

    def __init__(self, render_mode=None, max_steps=None, reward_mode="win_loss", **options):
        super().__init__()
        check_env_args(render_mode, max_steps, reward_mode)
        game = self.game
        ensure_compiled(game)
        self.options = game.resolve_options(options)
        self.render_mode = render_mode
        self.max_steps = resolve_max_steps(game, max_steps)
        self.reward_mode = reward_mode
        n = self.options["num_players"]
        self.possible_agents = [f"player_{i}" for i in range(n)]
        # each seat as the one-element array observe takes: no array write per observation
        self._seat_array = {a: np.full(1, i, np.int64) for i, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, tuple(game.obs_shape), np.float32),
            "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(game.num_actions) for a in self.possible_agents}
        self._states = game.new_states(1)
        self._mask = np.zeros((1, game.num_actions), np.int8)
        self._rewards = np.zeros((1, game.max_players), np.float32)
        self._action = np.zeros(1, np.int64)
        self._obs_shape = (1,) + tuple(game.obs_shape)
        self._seeds = np.random.SeedSequence()
        # the hot kernels bound to these buffers' types, and views of the fields read per step
        self._legal_mask = bind(game.kernels.legal_mask, self._states, self._mask)
        self._step = bind(game.kernels.step, self._states, self._action, self._rewards)
        self._observe = bind(game.kernels.observe, self._states, self._seat_array[self.agents[0]],
                             np.zeros(self._obs_shape, np.float32))
        self._mask_row = self._mask[0]
        self._terminated = self._states["terminated"]
        self._steps = self._states["steps"]
        self._current = self._states["current_player"]
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # --- game flow -----------------------------------------------------------
    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = np.random.SeedSequence(seed)
        start = self._seeds.spawn(1)[0].generate_state(1, np.uint64)
        self.game.kernels.reset(self._states, start, self.game.encode_options(self.options))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._sync()

    def _sync(self):
        self._legal_mask(self._states, self._mask)
        self.agent_selection = self.possible_agents[self._current[0]]

    def observe(self, agent):
        seat = self._seat_array.get(agent)
        if seat is None:
            raise ValueError(f"unknown agent {agent!r}; the agents are {self.possible_agents}")
        # the caller's own array, filled by the kernel (it writes every float), not copied
        obs = np.empty(self._obs_shape, np.float32)
        self._observe(self._states, seat, obs)
        if agent == self.agent_selection:
            mask = self._mask_row.copy()
        else:  # (np.zeros_like would cost five times as much: 1.1 us)
            mask = np.zeros(self._mask_row.size, np.int8)
        return {"observation": obs[0], "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._action[0] = check_one_action(self.game, self._states, self._mask_row, action)
        self._cumulative_rewards[agent] = 0.0
        self._step(self._states, self._action, self._rewards)
        if self._terminated[0]:
            r = final_rewards(self._states, self._rewards, self.reward_mode)[0]
            self.rewards = {x: float(r[i]) for i, x in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:  # no reward before the end: nothing to accumulate
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if self.max_steps is not None and self._steps[0] >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
        self._sync()
        if self.render_mode == "human":
            self.render()

    # --- pictures and saving ---------------------------------------------------------
    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; choose one of "
                                  f"{list(RENDER_MODES)} when making the environment")
            return None
        if self.render_mode == "rgb_array":
            return self.game.render_rgb(self._states)
        text = self.game.render_ansi(self._states)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    @property
    def state_array(self) -> np.ndarray:
        """The game's state record (a 1-element array); a copy, for planners and tests."""
        return records.copy(self._states)

    def state_dict(self) -> dict:
        """Everything needed to continue this env elsewhere, as JSON-able data."""
        return {
            "game": self.game.to_dict(self._states),
            "agents": list(self.agents),
            "rewards": dict(self.rewards),
            "cumulative_rewards": dict(self._cumulative_rewards),
            "terminations": dict(self.terminations),
            "truncations": dict(self.truncations),
            "agent_selection": self.agent_selection,
        }

    def load_state_dict(self, d: dict):
        states = self.game.from_dict(d["game"])
        self._states[:] = states
        self.agents = list(d["agents"])
        self.rewards = dict(d["rewards"])
        self._cumulative_rewards = dict(d["cumulative_rewards"])
        self.terminations = dict(d["terminations"])
        self.truncations = dict(d["truncations"])
        self.infos = {a: {} for a in self.agents}
        self._legal_mask(self._states, self._mask)
        self.agent_selection = d["agent_selection"]

    def clone(self):
        other = type(self)(render_mode=self.render_mode, max_steps=self.max_steps or 0,
                           reward_mode=self.reward_mode, **self.options)
        other.load_state_dict(self.state_dict())
        other._seeds = self._seeds
        return other


def make_env_fns(game):
    """PettingZoo-style (env, raw_env) for a version module: raw_env is the class."""
    raw_env = type("raw_env", (PyramidAECEnv,), {
        "game": game,
        "metadata": {"render_modes": list(RENDER_MODES), "name": game.env_name,
                     "is_parallelizable": False, "render_fps": 2},
        "__doc__": f"{game.title} as a PettingZoo AEC environment. " + PyramidAECEnv.__doc__,
    })

    def env(**kwargs):
        """The raw env wrapped in PettingZoo's order-enforcing wrapper (a leaner subclass)."""
        return LeanOrderEnforcingWrapper(raw_env(**kwargs))

    return env, raw_env
