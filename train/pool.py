"""Opponents for self-play: the learner's latest weights, past snapshots, baseline agents.

The pool is a SelfPlayVec opponent: each game is dealt an opponent kind by the
configured shares when it starts, and act() routes every game to its opponent.
"""
from __future__ import annotations

import copy

import numpy as np

from agents.policy import policy_logits
from agents.registry import make_agent


class TorchPolicy:
    """A MaskablePPO policy network (live or a frozen copy) acting on batches.

    It reads the actor's logits straight off the network and masks and samples them in
    NumPy: SB3's predict() builds a masked torch distribution per call, which cost several
    times the network itself on the small batches an opponent sees."""

    def __init__(self, policy, deterministic=False, seed=None):
        self.policy = policy
        self.deterministic = deterministic
        self.needs_view = hasattr(policy, "augment")  # a lookahead network reads action gains off a SeatView
        self.rng = np.random.default_rng(seed)

    def logits(self, obs) -> np.ndarray:
        return policy_logits(self.policy, obs)

    def act(self, obs, masks, view=None):
        if self.needs_view:
            obs = self.policy.augment(obs, masks, view)
        logits = np.where(np.asarray(masks, bool), self.logits(obs), -np.inf)
        if not self.deterministic:  # Gumbel-max: a sample of softmax(logits)
            logits = logits + self.rng.gumbel(size=logits.shape)
        return logits.argmax(axis=1).astype(np.int64)


class OpponentPool:
    needs_view = True  # baselines such as greedy plan through the SeatView

    def __init__(self, num_envs, shares: dict, pool_size: int, seed=None):
        self.rng = np.random.default_rng(seed)
        self.kinds = list(shares)
        weights = np.array([shares[k] for k in self.kinds], float)
        self.weights = weights / weights.sum()
        self.baselines = {k: make_agent(k, seed=int(self.rng.integers(2**31)))
                          for k in self.kinds if k not in ("latest", "pool")}
        self.latest = None
        self.snapshots: list[TorchPolicy] = []
        self.pool_size = pool_size
        self.assigned = np.zeros(num_envs, np.int64)      # index into kinds
        self.snapshot_of = np.zeros(num_envs, np.int64)   # which snapshot, for "pool"

    def set_learner(self, policy):
        self.latest = TorchPolicy(policy, seed=int(self.rng.integers(2**31)))

    def add_snapshot(self, policy):
        frozen = copy.deepcopy(policy)
        frozen.set_training_mode(False)
        self.snapshots.append(TorchPolicy(frozen, seed=int(self.rng.integers(2**31))))
        del self.snapshots[:-self.pool_size]

    def new_games(self, games):
        self.assigned[games] = self.rng.choice(len(self.kinds), size=len(games), p=self.weights)
        self.snapshot_of[games] = self.rng.integers(0, max(1, len(self.snapshots)), size=len(games))

    def _opponent(self, kind, snap):
        if kind == "pool" and self.snapshots:
            return self.snapshots[snap % len(self.snapshots)]
        if kind in ("latest", "pool"):  # no snapshot yet: the learner itself
            return self.latest
        return self.baselines[kind]

    def act(self, obs, masks, view, games):
        actions = np.zeros(len(games), np.int64)
        keys = self.assigned[games] * 1_000_003 + np.where(
            np.array(self.kinds)[self.assigned[games]] == "pool", self.snapshot_of[games], 0)
        for key in np.unique(keys):
            rows = np.flatnonzero(keys == key)
            kind, snap = self.kinds[key // 1_000_003], int(key % 1_000_003)
            opp = self._opponent(kind, snap)
            sub = view.subset(rows) if view is not None and getattr(opp, "needs_view", False) else None
            actions[rows] = opp.act(obs[rows], masks[rows], sub)
        return actions
