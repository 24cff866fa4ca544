"""Stable-Baselines3 VecEnv over SelfPlayVec, so sb3-contrib's MaskablePPO trains on the
batched core directly. Imported only by code that has the `train` extra installed."""
import time

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from .selfplay import SelfPlayVec


class SB3SelfPlayVecEnv(VecEnv):
    def __init__(self, selfplay: SelfPlayVec):
        self.selfplay = selfplay
        super().__init__(selfplay.num_envs, selfplay.observation_space, selfplay.action_space)
        self._actions = None
        self.env_seconds = 0.0  # time spent inside the environment (games and opponents)
        self.env_steps = 0      # learner transitions

    def reset(self):
        obs = self.selfplay.reset(self._seeds[0])  # set by VecEnv.seed(), used once
        self._reset_seeds()
        return obs

    def step_async(self, actions):
        self._actions = np.asarray(actions, np.int64)

    def step_wait(self):
        t = time.perf_counter()
        result = self.selfplay.step(self._actions)
        self.env_seconds += time.perf_counter() - t
        self.env_steps += self.num_envs
        return result

    def action_masks(self):
        return self.selfplay.action_masks()

    def close(self):
        pass

    def get_attr(self, attr_name, indices=None):
        return [getattr(self.selfplay, attr_name) for _ in self._get_indices(indices)]

    def set_attr(self, attr_name, value, indices=None):
        setattr(self.selfplay, attr_name, value)

    def env_method(self, method_name, *args, indices=None, **kwargs):
        if method_name == "action_masks":
            masks = self.selfplay.action_masks()
            return [masks[i] for i in self._get_indices(indices)]
        result = getattr(self.selfplay, method_name)(*args, **kwargs)
        return [result for _ in self._get_indices(indices)]

    def env_is_wrapped(self, wrapper_class, indices=None):
        return [False for _ in self._get_indices(indices)]
