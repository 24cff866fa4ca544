"""The one interface for every policy: act on a batch of decisions.

act(obs, masks, view) -> int64[n] legal actions, where obs and masks are the
observations and legal-action masks of n games (each seen by the seat to move),
and view is a SeatView: the only handle a planner gets on the game states. It hands
out determinized copies for the acting seats, so an agent can never peek.
"""
from __future__ import annotations

import numpy as np

from pyramid_envs.core.view import SeatView

__all__ = ["Agent", "SeatView", "pick_best"]


class Agent:
    """Base class; subclasses implement act(). An Agent is also a core batch policy
    callable(obs, masks) when it needs no view."""

    name = "agent"
    needs_view = False

    def act(self, obs, masks, view: SeatView | None) -> np.ndarray:
        raise NotImplementedError

    def __call__(self, obs, masks):
        return self.act(obs, masks, None)

    def __repr__(self):
        return self.name


def pick_best(values, rows, n, rng):
    """For each of n rows, the index into values of its maximum, ties broken at random."""
    noisy = values + rng.random(len(values)) * 1e-6
    order = np.lexsort((-noisy, rows))
    first = np.ones(len(rows), bool)
    first[1:] = rows[order][1:] != rows[order][:-1]
    best = np.full(n, -1, np.int64)
    best[rows[order][first]] = order[first]
    return best
