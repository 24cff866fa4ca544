"""Counter-based RNG usable inside numba kernels.

A game's whole random future is one uint64 in its state (splitmix64), so
copying a state copies its chance events and a seed fixes a game.
"""
import numpy as np
from .jit import njit

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def mix64(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def next_u64(s):
    """Advance the record's `rng` field and return 64 random bits."""
    x = s.rng + _GAMMA
    s.rng = x
    return mix64(x)


@njit(cache=True, inline="always")
def randint(s, n):
    """Uniform integer in [0, n) drawn from the record's `rng` field."""
    return np.int64(next_u64(s) % np.uint64(n))


@njit(cache=True)
def shuffle(s, arr, n):
    """Fisher-Yates shuffle of arr[:n] in place with the record's RNG."""
    for i in range(n - 1, 0, -1):
        j = randint(s, i + 1)
        tmp = arr[i]
        arr[i] = arr[j]
        arr[j] = tmp


@njit(cache=True)
def sort_prefix(arr, n):
    """Insertion sort of arr[:n] in place (n is a hand or a deck: small)."""
    for i in range(1, n):
        x = arr[i]
        j = i - 1
        while j >= 0 and arr[j] > x:
            arr[j + 1] = arr[j]
            j -= 1
        arr[j + 1] = x


@njit(cache=True)
def sorted_shuffle(s, arr, n):
    """Sort arr[:n], then shuffle it with the record's RNG: the result depends only on which
    values arr[:n] holds, not on their order. Determinizations use it, so the sample a seed
    gives says nothing of how the hidden cards lay (twin states give the same sample)."""
    sort_prefix(arr, n)
    shuffle(s, arr, n)


def seed_to_u64(seed):
    """Map any Python int (or numpy integer) to a well-mixed uint64 start state."""
    ss = np.random.SeedSequence(int(seed))
    return np.uint64(ss.generate_state(1, np.uint64)[0])
