"""Calling a compiled kernel without numba's per-call type dispatch.

A numba dispatcher works out the types of its arguments on every call (about 0.7 us for
a record array), which is a large share of an AEC step over a batch of one. An env that
always passes the same buffers can look the compiled version up once and call it directly.
"""
from __future__ import annotations


def bind(kernel, *args):
    """`kernel`'s compiled entry point for exactly the types of `args` (compiled or loaded
    from numba's cache if need be). Call it only with arguments of those same types: it
    does no checking. A kernel that is not a numba dispatcher (NUMBA_DISABLE_JIT) comes
    back as it is."""
    try:
        signature = tuple(kernel.typeof_pyval(a) for a in args)
    except AttributeError:
        return kernel
    return kernel.compile(signature)
