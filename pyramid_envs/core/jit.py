"""`njit` for the rules kernels: one compiled specialisation per helper, not one per call site.

numba compiles a jitted function again for every new tuple of argument types it is called
with from other jitted code, and it types a constant argument as its literal value
(`has_decree(s, p, D_WHARF)` is compiled for `Literal[int](5)`, for `Literal[int](9)`, ...)
and a seat read from an int8 field apart from one counted in an int64 loop. Keops' first
use compiled 287 functions as 497 specialisations this way (benchmarks/RESULTS.md). This
dispatcher types every call from jitted code with its scalar arguments widened before it
compiles: integer literals and integers up to 32 bits become int64. Bool literals stay (a
flag such as `_goal_edges(s, True, ...)` selects code that numba prunes, at most twice).
Widening is exact (int64 holds every such value, and numba already computes with small
integers as int64), and the caller casts its arguments to the one signature.
Calls from Python are numba's own: their argument types are never literal.
"""
from __future__ import annotations

from numba import types
from numba.core.registry import CPUDispatcher


def _widen(t):
    if isinstance(t, types.BooleanLiteral):  # a flag picks a branch numba then prunes: two at most
        return t
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.bitwidth < 64:
        return types.int64
    return t


class WideningDispatcher(CPUDispatcher):
    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_widen(a) for a in args),
                                         {k: _widen(v) for k, v in kws.items()})


def njit(func=None, *, cache=True, **options):
    """numba.njit with WideningDispatcher; cached by default, as every kernel here is."""
    def wrap(f):
        disp = WideningDispatcher(py_func=f, locals={},
                                  targetoptions={"nopython": True, "boundscheck": None, **options})
        if cache:
            disp.enable_caching()
        return disp
    return wrap if func is None else wrap(func)
