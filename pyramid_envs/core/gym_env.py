"""Gymnasium single-agent view of any Game: the learner plays one seat, an
opponent policy plays the others inside step()."""
from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from .checks import check_env_args, check_one_action, final_rewards, resolve_max_steps
from .policies import sample_legal
from .registry import get_game, make_agent
from .view import SeatView


class SingleAgentEnv(gymnasium.Env):
    """obs: float32[obs_shape]; info["action_mask"] and action_masks() give the legal actions.

    opponent: "random" (uniform legal, seeded by reset's seed), any agent name the arena takes
    ("greedy", "ismcts:sims=100", "policy:env=kheops"; its random choices seeded by reset's seed
    too) or a batch policy callable(obs, masks) -> actions. learner_seat: a seat, or None for a random
    seat each episode. render() draws the learner's view (its seat's render_ansi / render_rgb:
    nothing it may not see). illegal_action: "terminate" (default, as PettingZoo's
    TerminateIllegalWrapper: the episode ends with reward -1 and
    info["illegal_action"] = True, the game left as it was) or "raise" (ValueError).
    """

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 2}

    def __init__(self, game, opponent="random", learner_seat=0, render_mode=None, max_steps=None,
                 reward_mode="win_loss", illegal_action="terminate", **options):
        if isinstance(game, str):
            game = get_game(game)
        check_env_args(render_mode, max_steps, reward_mode)
        self.game = game
        self.options = game.resolve_options(options)
        n = self.options["num_players"]
        if learner_seat is not None and not 0 <= learner_seat < n:
            raise ValueError(f"learner_seat must be in [0, {n}) or None, got {learner_seat}")
        self._opponent_name = opponent if isinstance(opponent, str) and opponent != "random" else None
        if self._opponent_name:
            try:
                opponent = make_agent(opponent)
            except ValueError as e:
                raise ValueError(f"opponent {opponent!r}: {e}") from None
        elif opponent != "random" and not callable(opponent):
            raise ValueError(f"opponent must be 'random', an agent name such as 'greedy' or "
                             f"'ismcts:sims=100', or a policy callable(obs, masks); got {opponent!r}")
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(f"illegal_action must be 'terminate' or 'raise', got {illegal_action!r}")
        self.illegal_action = illegal_action
        self._illegal_end = False
        self.opponent = opponent
        self.learner_seat = learner_seat
        self.render_mode = render_mode
        self.max_steps = resolve_max_steps(game, max_steps)
        self.reward_mode = reward_mode
        self.observation_space = spaces.Box(0.0, 1.0, tuple(game.obs_shape), np.float32)
        self.action_space = spaces.Discrete(game.num_actions)
        self._states = game.new_states(1)
        self._mask = np.zeros((1, game.num_actions), np.int8)
        self._rewards = np.zeros((1, game.max_players), np.float32)
        self.seat = 0

    def _opponent_actions(self, obs, masks):
        if isinstance(self.opponent, str):  # "random"
            return sample_legal(masks, self.np_random)
        if getattr(self.opponent, "needs_view", False):  # a planner: it sees only its seat's view
            view = SeatView(self.game, self._states, [int(self._states[0]["current_player"])])
            return np.asarray(self.opponent.act(obs, masks, view), np.int64)
        return np.asarray(self.opponent(obs, masks), np.int64)

    def _advance(self, action):
        """Apply `action` (or nothing) then opponents until the learner moves or the game ends.
        Returns the learner's reward, terminated, truncated."""
        k = self.game.kernels
        while True:
            if action is not None:
                k.step(self._states, np.array([action], np.int64), self._rewards)
            s = self._states[0]
            if s["terminated"]:
                r = final_rewards(self._states, self._rewards, self.reward_mode)[0]
                return float(r[self.seat]), True, False
            if self.max_steps is not None and s["steps"] >= self.max_steps:
                return 0.0, False, True
            k.legal_mask(self._states, self._mask)
            if s["current_player"] == self.seat:
                return 0.0, False, False
            cp = int(s["current_player"])
            obs = self.game.observe(self._states, [cp])
            action = int(self._opponent_actions(obs, self._mask)[0])

    def _obs(self):
        return self.game.observe(self._states, [self.seat])[0]

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None and self._opponent_name:  # a fresh agent seeded from the env's seed
            self.opponent = make_agent(self._opponent_name, seed=int(self.np_random.integers(2**32)))
        n = self.options["num_players"]
        self.seat = int(self.np_random.integers(n)) if self.learner_seat is None else self.learner_seat
        start = self.np_random.integers(0, 2**64, size=1, dtype=np.uint64)
        self.game.kernels.reset(self._states, start, self.game.encode_options(self.options))
        self._illegal_end = False
        self._advance(None)
        return self._obs(), {"action_mask": self._mask[0].copy(), "seat": self.seat}

    def step(self, action):
        if self._states[0]["terminated"] or self._illegal_end:
            raise ValueError("the episode is over: call reset()")
        try:
            a = check_one_action(self.game, self._states, self._mask[0], action)
        except ValueError:
            if self.illegal_action == "raise":
                raise
            self._illegal_end = True
            return self._obs(), -1.0, True, False, {"action_mask": np.zeros_like(self._mask[0]),
                                                    "seat": self.seat, "illegal_action": True}
        reward, terminated, truncated = self._advance(a)
        mask = self._mask[0].copy() if not (terminated or truncated) else np.zeros_like(self._mask[0])
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, {"action_mask": mask, "seat": self.seat}

    def action_masks(self):
        return self._mask[0].astype(bool)

    def render(self):
        # the learner's seat only: a pixel wrapper may make the picture its observation
        if self.render_mode == "rgb_array":
            return self.game.render_rgb(self._states, self.seat)
        if self.render_mode in ("ansi", "human"):
            text = self.game.render_ansi(self._states, self.seat)
            if self.render_mode == "human":
                print(text)
                return None
            return text
        return None
