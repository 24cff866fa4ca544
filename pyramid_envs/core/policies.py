"""Batch policies that the generic layers need themselves (the full set is in agents/).

A policy is any callable `policy(obs, masks) -> actions` over a batch:
obs float32[n, ...], masks int8/bool[n, A], actions int64[n].
"""
import numpy as np


def sample_legal(masks, rng: np.random.Generator):
    """One uniformly random legal action per row of `masks`."""
    masks = np.asarray(masks, bool)
    if masks.ndim != 2 or not masks.any(axis=1).all():
        raise ValueError("every row of masks needs at least one legal action")
    keys = rng.random(masks.shape)
    keys[~masks] = -1.0
    return keys.argmax(axis=1).astype(np.int64)


class RandomPolicy:
    """Uniform over legal actions, with its own seeded generator."""

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs, masks):
        return sample_legal(masks, self.rng)
