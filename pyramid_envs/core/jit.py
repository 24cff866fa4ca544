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

Wrappers: numba builds two wrappers around every compiled function so that Python (and C)
can call it, and emits their machine code, although a helper is only ever called from other
jitted code; in Keops' rules that was about a quarter of a cold first use (62 s -> 48 s on one
core of the AMD machine, benchmarks/RESULTS.md, session 28). Here a call from jitted code
compiles without them (numba's own `no_cpython_wrapper`/`no_cfunc_wrapper` flags, as its
`@overload` implementations are), and a call from Python (`f(...)`, `f.compile(sig)`,
`core/dispatch.bind`) compiles in a twin dispatcher of the same function with them, cached
under its own name: only the kernels, and helpers called from tests, pay for wrappers.

Machine code: numba also emits each helper's machine code into its JIT engine, and caches
it, although a jitted caller links the helper's optimised IR into its own module and never
calls that code. A compile for jitted callers here stops at the optimised IR (numba's
`no_compile` flag and `_LinkedOnlyLibrary`); callers link it as before, and its cache entry
is that IR. (What they link is now the optimiser's output as it was; emitting used to
rewrite a helper's IR in place first, so the kernels' machine code differs in details.)
Keops' rules compiled in 43-44 s instead of 46-47 on one core of the AMD machine, and no
game's kernels ran slower (benchmarks/RESULTS.md, session 29). numba also optimises every
library's module twice (a cheap -O0 pass, then -O3); a helper's gets the cheap pass only,
since each caller runs both over its own module with the helper linked in: Keops' rules 35-36
s instead of 42 on one core; Farao's observe ran 3-4 % slower, the other kernels as fast
(benchmarks/RESULTS.md, session 30).

The cache: numba keys a kernel's cached machine code on its own file only, so after an edit
of a helper in another file a caller would keep running the helper's old code, silently
(measured: numba 0.68). Here a kernel's cache entry also carries a stamp of every source
file of its package and of `pyramid_envs/core`: any edit there recompiles them.
"""
from __future__ import annotations

import functools
import threading
from pathlib import Path

import llvmlite.binding as ll
from numba import types
from numba.core import compiler, config, sigutils
from numba.core.caching import CompileResultCacheImpl, FunctionCache, NullCache
from numba.core.codegen import JITCodeLibrary, remove_redundant_nrt_refct
from numba.core.registry import CPUDispatcher
from numba.core.serialize import dumps

from . import numba_speed

numba_speed.install()  # numba's own results, computed faster: a tenth of a cold compile

CORE = Path(__file__).resolve().parent


@functools.lru_cache(maxsize=None)
def package_stamp(folder: Path) -> tuple:
    """(name, mtime, size) of every .py file of folder and of pyramid_envs/core."""
    files = sorted({*folder.glob("*.py"), *CORE.glob("*.py")})
    return tuple((str(f), f.stat().st_mtime, f.stat().st_size) for f in files)


class _PackageStampedImpl(CompileResultCacheImpl):
    suffix = ""  # apart from the file name, a twin's entries would be loaded by the other

    def __init__(self, py_func):
        super().__init__(py_func)
        own = self._locator.get_source_stamp
        folder = Path(py_func.__code__.co_filename).resolve().parent
        self._locator.get_source_stamp = lambda: (own(), package_stamp(folder))

    def get_filename_base(self, fullname, abiflags):
        return super().get_filename_base(fullname + self.suffix, abiflags)


class _LinkedOnlyLibrary(JITCodeLibrary):
    """A helper's code: optimised with what it calls, linked into its callers, never emitted."""

    def _optimize_final_module(self):
        """numba's first, cheap pass over the module only (an -O0 pipeline with a few
        clean-up passes, then its reference-count pruning), not its second, -O3 pass: each
        function of it had numba's -O3 function passes already, and each caller runs both
        module passes over its own module with this one linked in, inlining there."""
        mpm, pb = self._codegen._module_pass_manager(loop_vectorize=self._codegen._loopvect,
                                                     slp_vectorize=False,
                                                     opt=self._codegen._opt_level, cost="cheap")
        mpm.run(self._final_module, pb)
        if not config.LLVM_REFPRUNE_PASS:
            self._final_module = remove_redundant_nrt_refct(self._final_module)

    def _finalize_final_module(self):  # numba's, less adding the module to its JIT engine
        self._finalize_dynamic_globals()
        self._verify_declare_only_symbols()
        self._finalized = True

    def get_pointer_to_function(self, name):  # nothing of it is in the engine
        return 0

    def serialize_using_object_code(self):  # what numba's cache stores: the IR its callers link
        return (self.name, "linked-only", self._get_module_for_linking().as_bitcode())

    @classmethod
    def from_bitcode(cls, codegen, name, bitcode):
        lib = cls(codegen, name)
        lib._final_module = lib._shared_module = ll.parse_bitcode(bitcode)
        lib._finalize_final_module()
        return lib


class _LinkedEntry:
    """The key numba's target context finds a linked-only helper's call code under (numba keys
    it on the compiled entry point, which such a helper has none of)."""
    __slots__ = ("fndesc",)

    def __init__(self, fndesc):
        self.fndesc = fndesc

    def __repr__(self):
        return f"<linked-only {self.fndesc.qualname}>"


class _LinkedOnlyCompiler(compiler.Compiler):
    def compile_extra(self, func):
        self.state.flags.no_compile = True  # numba then neither emits it nor looks up an entry
        self.state.library = _LinkedOnlyLibrary(self.state.targetctx.codegen(), func.__qualname__)
        return super().compile_extra(func)


class _LinkedOnlyImpl(_PackageStampedImpl):
    def rebuild(self, target_context, payload):  # numba's CompileResult._rebuild, less the entry point
        libdata, fndesc, env, signature, objectmode, lifted, typeann, reload_init, envs = payload
        name, _, bitcode = libdata
        for fn in reload_init:
            fn()
        library = _LinkedOnlyLibrary.from_bitcode(target_context.codegen(), name, bitcode)
        return compiler.CompileResult(
            target_context=target_context, typing_context=target_context.typing_context,
            library=library, environment=env, entry_point=_LinkedEntry(fndesc), fndesc=fndesc,
            type_annotation=typeann, signature=signature, objectmode=objectmode, lifted=lifted,
            typing_error=None, call_helper=None, metadata=None, reload_init=reload_init,
            referenced_envs=envs)


class _PythonEntryImpl(_PackageStampedImpl):
    suffix = ".python"


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


class _WideningCalls(CPUDispatcher):
    _cache_class = PackageStampedCache

    def enable_caching(self):
        self._cache = self._cache_class(self.py_func)

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_widen(a) for a in args),
                                         {k: _widen(v) for k, v in kws.items()})


class _LinkedOnlyCache(PackageStampedCache):
    _impl_class = _LinkedOnlyImpl


class _PythonEntryCache(PackageStampedCache):
    _impl_class = _PythonEntryImpl


class _PythonEntryDispatcher(_WideningCalls):
    """The same function compiled with numba's wrappers, for calls from Python."""
    _cache_class = _PythonEntryCache


_NO_WRAPPERS = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}


class WideningDispatcher(_WideningCalls):
    """Compiles for jitted callers without wrappers; calls from Python go to `python_dispatcher()`."""
    _cache_class = _LinkedOnlyCache

    def __init__(self, py_func, locals=None, targetoptions=None, **kwargs):
        super().__init__(py_func, locals=locals or {}, targetoptions={**(targetoptions or {}), **_NO_WRAPPERS},
                         pipeline_class=_LinkedOnlyCompiler, **kwargs)
        self._twin = None
        self._typing = threading.local()  # another thread's Python call is not a jitted caller
        self._entries = set()  # signatures whose Python entry point is in numba's call table
        self._awaited = None  # see await_compile

    def python_dispatcher(self):
        """The twin that compiles this function with wrappers (built on first use)."""
        if self._twin is None:
            options = {k: v for k, v in self.targetoptions.items() if k not in _NO_WRAPPERS}
            self._twin = _PythonEntryDispatcher(py_func=self.py_func, locals=dict(self.locals),
                                                targetoptions=options)
            if not isinstance(self._cache, NullCache):
                self._twin.enable_caching()
        return self._twin

    @property
    def signatures(self):
        """Every signature compiled, for jitted callers or for Python."""
        twin = list(self._twin.overloads) if self._twin is not None else []
        return list(self.overloads) + [sig for sig in twin if sig not in self.overloads]

    @property
    def stats(self):
        """numba's cache statistics, both sides summed."""
        own = super().stats
        if self._twin is None:
            return own
        twin = self._twin.stats
        return own._replace(cache_hits=own.cache_hits + twin.cache_hits,
                            cache_misses=own.cache_misses + twin.cache_misses)

    def get_call_template(self, args, kws):
        self._typing.depth = self._depth() + 1  # numba's get_call_template compiles through self.compile
        try:
            return super().get_call_template(args, kws)
        finally:
            self._typing.depth -= 1

    def _depth(self) -> int:
        return getattr(self._typing, "depth", 0)

    def compile_for_callers(self, args) -> None:
        """Compile for these argument types as a call from jitted code would (its scalars
        widened; no wrappers; into numba's cache, from which another process's callers load it)."""
        self._typing.depth = self._depth() + 1
        try:
            self.compile(tuple(_widen(a) for a in args))
        finally:
            self._typing.depth -= 1

    def await_compile(self, wait) -> None:
        """Call `wait()` before the next compile for a jitted caller: core/compile.py's hook
        while another process compiles this function into the cache (numba looks there first)."""
        self._awaited = wait

    def compile(self, sig):
        args, _ = sigutils.normalize_signature(sig)
        args = tuple(args)
        if self._depth():  # a jitted caller: no wrappers, or the twin's compile where it has one
            if self._awaited is not None and args not in self.overloads:
                wait, self._awaited = self._awaited, None
                wait()
            twin = self._twin.overloads.get(args) if self._twin is not None else None
            if twin is not None and args not in self.overloads:
                self.overloads[args] = twin
            return super().compile(sig)
        entry = self.python_dispatcher().compile(sig)
        if args not in self._entries:  # later calls from Python find it in numba's own table
            self._insert([a._code for a in args], entry, False)
            self._entries.add(args)
        return entry

    def add_overload(self, cres):
        """Keep a compile without wrappers out of the table Python calls are looked up in."""
        if cres.entry_point is None:  # linked only: its callers' lowering finds it by this key
            cres = cres._replace(entry_point=_LinkedEntry(cres.fndesc))
            self.targetctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
        self.overloads[tuple(cres.signature.args)] = cres


def njit(func=None, *, cache=True, **options):
    """numba.njit with WideningDispatcher; cached by default, as every kernel here is."""
    def wrap(f):
        disp = WideningDispatcher(py_func=f, locals={},
                                  targetoptions={"nopython": True, "boundscheck": None, **options})
        if cache:
            disp.enable_caching()
        return disp
    return wrap if func is None else wrap(func)
