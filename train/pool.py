"""Opponents for self-play: the learner's latest weights, past snapshots, baseline agents.

The pool is a SelfPlayVec opponent: each game is dealt an opponent kind by the
configured shares when it starts, and act() routes every game to its opponent.
"""
from __future__ import annotations

import copy
import time

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
        # time the learner's own network (latest, snapshots; with its lookahead) took to
        # choose moves, apart from the baseline agents'
        self.network_seconds = 0.0

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
        """Each game's move by its opponent; games whose opponents are the same player (e.g.
        latest, and pool before the first snapshot) are decided in one call."""
        actions = np.zeros(len(games), np.int64)
        kinds = self.assigned[games]
        snaps = np.where(np.array(self.kinds)[kinds] == "pool", self.snapshot_of[games], 0)
        groups = {}
        for k, snap in np.unique(np.stack([kinds, snaps], axis=1), axis=0):
            opp = self._opponent(self.kinds[k], int(snap))
            rows = np.flatnonzero((kinds == k) & (snaps == snap))
            groups.setdefault(id(opp), (opp, []))[1].append(rows)
        for opp, parts in groups.values():
            rows = np.concatenate(parts)
            t = time.perf_counter()
            sub = view.subset(rows) if view is not None and getattr(opp, "needs_view", False) else None
            actions[rows] = opp.act(obs[rows], masks[rows], sub)
            if isinstance(opp, TorchPolicy):
                self.network_seconds += time.perf_counter() - t
        return actions
