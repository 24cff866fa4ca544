"""The RLModule RLlib trains: an actor MLP and a critic MLP on {"observation", "action_mask"}.

Logits of masked actions are set to MASKED (a large negative number, not -inf, so that
entropies and log-probabilities stay finite), hence an action the mask forbids has probability
zero in exploration, inference and training alike. The layout (hidden Linear+Tanh layers,
then a Linear head, for actor and critic apart) is sb3's MlpPolicy's with
net_arch=dict(pi=..., vf=...), so train/rllib/export.py copies weights one to one.
"""
from __future__ import annotations

import numpy as np
import torch
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.torch import TorchRLModule
from torch import nn

MASKED = -1e9


def mlp(n_in: int, hidden: list[int]) -> nn.Sequential:
    layers = []
    for n_out in hidden:
        layers += [nn.Linear(n_in, n_out), nn.Tanh()]
        n_in = n_out
    return nn.Sequential(*layers)


class MaskedMLPModule(TorchRLModule, ValueFunctionAPI):
    """model_config: {"net_arch": [hidden sizes]} (the same sizes for actor and critic)."""

    def setup(self):
        hidden = list(self.model_config.get("net_arch", [256, 256]))
        n_in = int(np.prod(self.observation_space["observation"].shape))
        n_out = hidden[-1] if hidden else n_in
        self.pi_body, self.pi_head = mlp(n_in, hidden), nn.Linear(n_out, int(self.action_space.n))
        self.vf_body, self.vf_head = mlp(n_in, hidden), nn.Linear(n_out, 1)

    @staticmethod
    def _flat(obs):
        return obs["observation"].reshape(obs["observation"].shape[0], -1).float()

    def _forward(self, batch, **kwargs):
        obs = batch[Columns.OBS]
        logits = self.pi_head(self.pi_body(self._flat(obs)))
        legal = obs["action_mask"] > 0
        return {Columns.ACTION_DIST_INPUTS: torch.where(legal, logits, torch.full_like(logits, MASKED))}

    def compute_values(self, batch, embeddings=None):
        return self.vf_head(self.vf_body(self._flat(batch[Columns.OBS]))).squeeze(-1)
