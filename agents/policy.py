"""A trained network as an agent: an sb3-contrib MaskablePPO checkpoint (.zip) acting on
observations and masks (needs the `train` extra)."""
import numpy as np

from .base import Agent


class PolicyAgent(Agent):
    name = "policy"

    def __init__(self, path, deterministic=1, seed=None):
        try:
            from sb3_contrib import MaskablePPO
        except ImportError as e:  # the core install has no torch
            raise ImportError("the policy agent needs the train extra: pip install -e '.[train]'") from e
        self.model = MaskablePPO.load(path, device="cpu")
        self.deterministic = bool(deterministic)
        if seed is not None:
            self.model.set_random_seed(seed)

    @classmethod
    def from_model(cls, model, name="learner", deterministic=True):
        """Wrap a live MaskablePPO model (sharing its weights) as an agent."""
        agent = cls.__new__(cls)
        agent.model, agent.deterministic, agent.name = model, deterministic, name
        return agent

    def act(self, obs, masks, view=None):
        actions, _ = self.model.predict(np.asarray(obs, np.float32), action_masks=np.asarray(masks, bool),
                                        deterministic=self.deterministic)
        return np.asarray(actions, np.int64)
