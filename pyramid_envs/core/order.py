"""PettingZoo's order-enforcing wrapper without its per-read `__getattr__` forwarding.

`OrderEnforcingWrapper` forwards every attribute through two `__getattr__` calls, about
eight per step of an agent_iter/last/step loop, which cost as much as the rest of an AEC
step of ours. This subclass reads the hot attributes through properties and short-cuts
last/observe/step; what it enforces, and the errors it raises, are PettingZoo's.
"""
from __future__ import annotations

from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper


def _forward(name, before_reset_error):
    """A read-only property reading `name` from the wrapped env; before reset, where
    PettingZoo refuses it, an AttributeError makes Python fall back to
    OrderEnforcingWrapper.__getattr__, which raises PettingZoo's own message."""
    if before_reset_error:
        def get(self):
            if not self._has_reset:
                raise AttributeError(name)
            return getattr(self.env, name)
    else:
        def get(self):
            return getattr(self.env, name)
    return property(get, doc=f"The wrapped env's `{name}`.")


class LeanOrderEnforcingWrapper(OrderEnforcingWrapper):
    """OrderEnforcingWrapper (an instance of it) with the hot reads made cheap."""

    agents = _forward("agents", True)
    agent_selection = _forward("agent_selection", True)
    rewards = _forward("rewards", True)
    terminations = _forward("terminations", True)
    truncations = _forward("truncations", True)
    infos = _forward("infos", True)
    _cumulative_rewards = _forward("_cumulative_rewards", False)
    possible_agents = _forward("possible_agents", False)

    def last(self, observe=True):
        if not self._has_reset:  # what AECEnv.last's first read raises through the wrapper
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def observe(self, agent):
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)

    def step(self, action):
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:  # PettingZoo's errors and warning
            super().step(action)

    def __str__(self):
        return str(self.env)  # as OrderEnforcingWrapper prints itself
