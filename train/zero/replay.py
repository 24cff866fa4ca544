"""The replay buffer of train.zero: the latest positions of self-play, a ring of fixed size.

Observations and policy targets are kept as float16 and masks as bits, so the memory is
`bytes_per_position * capacity`, fixed at the start (train.zero prints it)."""
from __future__ import annotations

import numpy as np
import torch


class ReplayBuffer:
    def __init__(self, capacity: int, obs_size: int, num_actions: int, num_values: int):
        self.capacity, self.num_actions = capacity, num_actions
        self.obs = np.zeros((capacity, obs_size), np.float16)
        self.masks = np.zeros((capacity, (num_actions + 7) // 8), np.uint8)
        self.policy = np.zeros((capacity, num_actions), np.float16)
        self.values = np.zeros((capacity, num_values), np.float32)
        self.valid = np.zeros((capacity, num_values), bool)
        self.seats = np.zeros(capacity, np.int8)  # the seat that moved (value column 0 is its outcome)
        self.size = self.next = 0
        self.added = 0

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.obs, self.masks, self.policy, self.values, self.valid, self.seats))

    def add(self, obs, masks, policy, values, valid, seats):
        n = len(obs)
        rows = (self.next + np.arange(n)) % self.capacity
        self.obs[rows] = obs.reshape(n, -1)
        self.masks[rows] = np.packbits(np.asarray(masks, bool), axis=1)
        self.policy[rows] = policy
        self.values[rows] = values
        self.valid[rows] = valid
        self.seats[rows] = seats
        self.next = (self.next + n) % self.capacity
        self.size = min(self.size + n, self.capacity)
        self.added += n

    def latest(self, count: int, device="cpu"):
        """(obs, values, valid) of the `count` positions added last, as torch tensors."""
        count = min(count, self.size)
        rows = (self.next - 1 - np.arange(count)) % self.capacity
        return tuple(torch.as_tensor(a, device=device) for a in (
            self.obs[rows].astype(np.float32), self.values[rows], self.valid[rows]))

    def sample(self, batch: int, rng, device="cpu"):
        """(obs, masks, policy, values, valid) as torch tensors of `batch` random positions."""
        rows = rng.integers(0, self.size, size=batch)
        masks = np.unpackbits(self.masks[rows], axis=1, count=self.num_actions).astype(bool)
        return tuple(torch.as_tensor(a, device=device) for a in (
            self.obs[rows].astype(np.float32), masks, self.policy[rows].astype(np.float32),
            self.values[rows], self.valid[rows]))
