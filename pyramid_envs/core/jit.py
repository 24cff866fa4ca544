"""`njit` for the rules kernels: one compiled specialisation per helper, not one per call site.

numba compiles a jitted function again for every new tuple of argument types it is called
with from other jitted code, and it types a constant argument as its literal value
(`has_decree(s, p, D_WHARF)` is compiled for `Literal[int](5)`, for `Literal[int](9)`, ...)
and a seat read from an int8 field apart from one counted in an int64 loop. Keops' first
use compiled 287 functions as 497 specialisations this way (benchmarks/RESULTS.md). This
dispatcher types every call from jitted code with its scalar arguments widened before it
compiles: integer literals and integers up to 32 bits become int64, bool literals bool. (A
flag such as `_reach(..., True, ...)` was compiled once per literal value and once more for a
runtime bool; widening them took Krimsutep's cold first use down by about a quarter, and the
branch a flag picks costs nothing measurable at run time: benchmarks/RESULTS.md, session 17.)
Widening is exact (int64 holds every such value, and numba already computes with small
integers as int64), and the caller casts its arguments to the one signature.
Calls from Python are numba's own: their argument types are never literal.

The cache: numba keys a kernel's cached machine code on its own file only, so after an edit
of a helper in another file a caller would keep running the helper's old code, silently
(measured: numba 0.68). Here a kernel's cache entry also carries a stamp of every source
file of its package and of `pyramid_envs/core`: any edit there recompiles them.
"""
from __future__ import annotations

import functools
from pathlib import Path

from numba import types
from numba.core.caching import CompileResultCacheImpl, FunctionCache
from numba.core.registry import CPUDispatcher
from numba.core.serialize import dumps

CORE = Path(__file__).resolve().parent


@functools.lru_cache(maxsize=None)
def package_stamp(folder: Path) -> tuple:
    """(name, mtime, size) of every .py file of folder and of pyramid_envs/core."""
    files = sorted({*folder.glob("*.py"), *CORE.glob("*.py")})
    return tuple((str(f), f.stat().st_mtime, f.stat().st_size) for f in files)


class _PackageStampedImpl(CompileResultCacheImpl):
    def __init__(self, py_func):
        super().__init__(py_func)
        own = self._locator.get_source_stamp
        folder = Path(py_func.__code__.co_filename).resolve().parent
        self._locator.get_source_stamp = lambda: (own(), package_stamp(folder))


class PackageStampedCache(FunctionCache):
    _impl_class = _PackageStampedImpl

    def __init__(self, py_func):
        super().__init__(py_func)
        file = self._cache_file
        save = file._save_index
        # A kernel taking kernels (core/oneply's _children) has index keys holding those
        # kernels; a key loaded in a process where its kernel was rebuilt and then collected
        # cannot be pickled again, and numba's save raised ReferenceError in the caller. Such
        # keys are dropped from the index; should one die while the index is written, this
        # compile stays uncached (the index on disk is left as it was).
        def save_index(overloads):
            try:
                save({k: v for k, v in overloads.items() if _picklable(k)})
            except ReferenceError:
                pass
        file._save_index = save_index


def _picklable(key) -> bool:
    try:
        dumps(key)
    except ReferenceError:
        return False
    return True


def _widen(t):
    t = types.unliteral(t)
    if isinstance(t, types.Boolean):
        return types.boolean
    if isinstance(t, types.Integer) and t.bitwidth < 64:
        return types.int64
    return t


class WideningDispatcher(CPUDispatcher):
    def enable_caching(self):
        self._cache = PackageStampedCache(self.py_func)

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
