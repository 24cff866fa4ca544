"""Bit sets in int64 words, as the kernels' board searches use them."""
from .jit import njit


@njit(cache=True, inline="always")
def bit_count(x):
    """The number of bits set in x (one turn per bit set: the sets here are sparse)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n
