"""Policies that act on batches of observations and masks (see pyramid_envs.core.policies
for the batch-policy protocol). The random-legal policy lives in the core because the
environments use it as their default opponent."""
from pyramid_envs.core.policies import RandomPolicy

__all__ = ["RandomPolicy"]
