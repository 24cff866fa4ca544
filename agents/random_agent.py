"""Uniform over legal actions."""
import numpy as np

from pyramid_envs.core.policies import sample_legal

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def act(self, obs, masks, view=None):
        return sample_legal(masks, self.rng)
