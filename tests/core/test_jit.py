"""pyramid_envs.core.jit: a helper is compiled once, whatever integer widths, constants and flags
its callers pass (the cause of Keops' long first compile), without numba's Python wrappers
when only jitted code calls it, an edit of a helper recompiles its cached callers, and every
rules kernel uses it."""
import gc
import importlib
import os
import pkgutil
import subprocess
import sys

import numba
import numba.core.serialize
from numba import types
import numpy as np
import pytest

import pyramid_envs
from pyramid_envs.core.jit import WideningDispatcher, njit

K = 9


def _callers(decorate):
    @decorate
    def helper(a, d):
        return a * 2 + d

    @numba.njit(cache=False)
    def caller(x):
        total = helper(x[0], K) + helper(x[1], 3)  # int8 seats, constants typed as literals
        for i in range(3):
            total += helper(i, 2)  # int64 loop counter
        return total + helper(np.uint8(200), np.int16(-5)) + helper(np.int32(7), np.uint16(1))

    return helper, caller


def test_a_helper_compiles_once_for_every_width_and_constant():
    helper, caller = _callers(njit(cache=False))
    assert caller(np.array([1, 2], np.int8)) == 11 + 7 + 12 + 395 + 15  # values exact, small unsigned too
    assert [tuple(map(str, sig)) for sig in helper.signatures] == [("int64", "int64")]


def test_control_numbas_own_njit_compiles_per_call_site_type():
    helper, caller = _callers(numba.njit(cache=False))
    assert caller(np.array([1, 2], np.int8)) == 11 + 7 + 12 + 395 + 15
    assert len(helper.signatures) > 3  # literal 9, literal 3, int8, uint8/int16, ...


def _flag_callers(decorate):
    @decorate
    def helper(a, flag):
        return a + 1 if flag else a - 1

    @numba.njit(cache=False)
    def caller(x):
        return helper(x, True) + helper(x, False) + helper(x, x > 0)  # two literals and a runtime bool

    return helper, caller


def test_a_helper_compiles_once_for_constant_and_runtime_flags():
    helper, caller = _flag_callers(njit(cache=False))
    assert caller(5) == 6 + 4 + 6 and caller(-5) == -4 - 6 - 6
    assert [tuple(map(str, sig)) for sig in helper.signatures] == [("int64", "bool")]


def test_control_numbas_own_njit_compiles_per_flag_literal():
    helper, caller = _flag_callers(numba.njit(cache=False))
    assert caller(5) == 6 + 4 + 6
    assert len(helper.signatures) == 3  # Literal[bool](True), Literal[bool](False), bool


def test_wider_and_non_integer_arguments_keep_their_types():
    @njit(cache=False)
    def helper(a, b):
        return a + b

    @numba.njit(cache=False)
    def caller(u, f):
        return helper(u, u) + helper(f, f)

    assert caller(np.uint64(2**63), 0.25) == 0.5  # 2**63 + 2**63 wraps to 0 in uint64, as before
    assert {tuple(map(str, sig)) for sig in helper.signatures} == {("uint64", "uint64"), ("float64", "float64")}


def _rules_modules():
    for game in sorted({name.rpartition("_v")[0] for name in pyramid_envs.list_envs()}) + ["core"]:
        package = importlib.import_module(f"pyramid_envs.{game}")
        for info in pkgutil.iter_modules(package.__path__):
            yield importlib.import_module(f"pyramid_envs.{game}.{info.name}")


@pytest.mark.parametrize("module", list(_rules_modules()), ids=lambda m: m.__name__)
def test_every_rules_kernel_is_widening(module):
    kernels = [v for v in vars(module).values() if isinstance(v, numba.core.dispatcher.Dispatcher)
               and v.py_func.__module__ == module.__name__]
    plain = [k.__name__ for k in kernels if not isinstance(k, WideningDispatcher)]
    assert not plain, f"{module.__name__}: use pyramid_envs.core.jit.njit for {plain}"


def test_the_rules_modules_are_found():
    names = {m.__name__ for m in _rules_modules()}
    assert {"pyramid_envs.keops.held", "pyramid_envs.core.rng", "pyramid_envs.kheops.rules"} <= names
    assert pyramid_envs.core.jit.__name__ in names


def _two_file_package(root, decorator_import):
    pkg = root / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "helper.py").write_text(f"{decorator_import}\n\n@njit(cache=True)\ndef h(x):\n    return x + 1\n")
    (pkg / "kern.py").write_text(f"{decorator_import}\nfrom .helper import h\n\n@njit(cache=True)\n"
                                 "def k(x):\n    return h(x) * 10\n")
    return pkg


def _fresh_process_value(root):
    code = "from pkg.kern import k; print(k(1))"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, check=True, capture_output=True, text=True,
                         env={**os.environ, "NUMBA_CACHE_DIR": str(root / "cache")})
    return int(out.stdout)


@pytest.mark.parametrize("decorator_import, after_edit", [
    ("from pyramid_envs.core.jit import njit", 210),  # the caller follows the helper's edit
    ("from numba import njit", 20),                    # control: numba's own cache keeps the old helper
])
def test_an_edit_of_a_helper_recompiles_its_cached_callers(tmp_path, decorator_import, after_edit):
    pkg = _two_file_package(tmp_path, decorator_import)
    assert _fresh_process_value(tmp_path) == 20
    helper = pkg / "helper.py"
    helper.write_text(helper.read_text().replace("x + 1", "x + 20"))
    assert _fresh_process_value(tmp_path) == after_edit


@njit(cache=True)
def _apply(f, x):
    return f(x)


def test_the_cache_index_drops_keys_whose_kernels_are_gone():
    """A kernel taking kernels (core/oneply's `_children`) keeps those kernels in its cache
    index keys; one loaded from another process's entry can be gone by the time the index is
    saved again, which raised ReferenceError (seen in CI, in an RLlib env runner)."""
    gone = numba.njit(cache=False)(lambda x: x)
    key = ((types.Dispatcher(gone), types.int64), "cpu", ("code", "vars"))
    del gone
    gc.collect()
    with pytest.raises(ReferenceError):
        numba.core.serialize.dumps(key)  # the control: this key cannot be pickled
    index = _apply._cache._cache_file
    kept = index._load_index()
    index._save_index({**kept, key: "gone.nbc"})  # raised ReferenceError before
    assert index._load_index() == kept


def _has_python_wrapper(dispatcher, sig):
    cres = dispatcher.overloads[sig]
    return cres.fndesc.llvm_cpython_wrapper_name in cres.library.get_llvm_str()


def test_a_helper_called_from_jitted_code_is_compiled_without_wrappers():
    helper, caller = _callers(njit(cache=False))
    caller(np.array([1, 2], np.int8))
    sig = (types.int64, types.int64)
    assert not _has_python_wrapper(helper, sig)
    assert helper.python_dispatcher().signatures == []  # nothing compiled for Python yet
    assert helper(2, 3) == 7  # a call from Python compiles the twin, with its wrapper
    assert _has_python_wrapper(helper.python_dispatcher(), sig)
    assert helper(np.int64(4), 1) == 9  # and later calls find it in numba's call table


def test_control_numbas_own_njit_wraps_every_helper():
    helper, caller = _callers(numba.njit(cache=False))
    caller(np.array([1, 2], np.int8))
    assert all(_has_python_wrapper(helper, sig) for sig in helper.overloads)


def _emitted(dispatcher, sig):
    """Whether the machine code of this compile is in numba's JIT engine (under its own name)."""
    cres = dispatcher.overloads[sig]
    return cres.library.codegen._engine.is_symbol_defined(cres.fndesc.mangled_name)


@pytest.mark.parametrize("decorate, emitted", [(njit(cache=False), False),
                                               (numba.njit(cache=False), True)])  # the control
def test_a_helper_called_only_from_jitted_code_is_linked_into_its_callers_and_never_emitted(decorate,
                                                                                            emitted):
    helper, caller = _callers(decorate)
    assert caller(np.array([1, 2], np.int8)) == 2 * (1 + 2 + 0 + 1 + 2 + 200 + 7) + K + 3 + 6 - 5 + 1
    assert all(_emitted(helper, sig) == emitted for sig in helper.overloads)


def test_a_kernel_called_from_python_and_from_jitted_code_is_compiled_once():
    @njit(cache=False)
    def kernel(x):
        return x * 3

    @numba.njit(cache=False)
    def caller(x):
        return kernel(x) + 1

    assert kernel(2) == 6 and caller(2) == 7
    assert len(kernel.signatures) == 1 and len(kernel.python_dispatcher().signatures) == 1
    assert kernel.overloads[(types.int64,)] is kernel.python_dispatcher().overloads[(types.int64,)]


def test_python_calls_never_load_a_cached_compile_without_wrappers(tmp_path):
    """The jitted callers' compiles and the Python entry points are cached under different names:
    a helper cached for its callers and then called from Python in a fresh process must not run
    that entry (it has no wrapper: calling it would crash the process)."""
    _two_file_package(tmp_path, "from pyramid_envs.core.jit import njit")
    assert _fresh_process_value(tmp_path) == 20  # caches h without wrappers, k with them
    assert {p.name.split("-")[0] for p in (tmp_path / "cache").rglob("*.nbi")} == {"helper.h", "kern.k.python"}
    code = "from pkg.helper import h; print(h(1))"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert out.returncode == 0 and out.stdout.strip() == "2", out.stderr


def test_a_helper_cached_for_jitted_callers_is_linked_from_the_cache_in_another_process(tmp_path):
    """A helper's cache entry holds its optimised IR (no machine code): a new caller compiled
    in a fresh process links it from there instead of compiling it again."""
    pkg = _two_file_package(tmp_path, "from pyramid_envs.core.jit import njit")
    (pkg / "kern2.py").write_text("from pyramid_envs.core.jit import njit\nfrom .helper import h\n\n"
                                  "@njit(cache=True)\ndef k2(x):\n    return h(x) * 100\n")
    assert _fresh_process_value(tmp_path) == 20  # caches h for jitted callers
    code = "from pkg.kern2 import k2; from pkg.helper import h; print(k2(1), sum(h.stats.cache_hits.values()))"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert out.returncode == 0 and out.stdout.split() == ["200", "1"], out.stderr


@pytest.mark.parametrize("first, hits", [
    ("h.compile_for_callers((types.int32,))", 1),  # widened as a caller's int32 would be
    ("h(1)", 0),  # control: a compile for Python calls is not what a jitted caller links
])
def test_a_helper_compiled_for_its_callers_in_one_process_is_linked_by_a_caller_in_another(tmp_path, first,
                                                                                          hits):
    """How a first use on two cores compiles part of `step` in another process (core/compile.py)."""
    _two_file_package(tmp_path, "from pyramid_envs.core.jit import njit")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    code = f"from numba import types; from pkg.helper import h; {first}"
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True, env=env)
    code = "from pkg.kern import k; from pkg.helper import h; print(k(1), sum(h.stats.cache_hits.values()))"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert out.returncode == 0 and out.stdout.split() == ["20", str(hits)], out.stderr


def test_a_compile_for_a_jitted_caller_first_calls_the_awaited_hook_once():
    helper, caller = _callers(njit(cache=False))
    calls = []
    helper.await_compile(lambda: calls.append(len(helper.overloads)))
    caller(np.array([1, 2], np.int8))
    assert calls == [0]  # before its one compile, not again for the second call site

    @numba.njit(cache=False)
    def another_caller(x):
        return helper(x, 1)

    helper.await_compile(lambda: calls.append("again"))
    assert another_caller(3) == 7
    assert calls == [0]  # that signature is compiled already: nothing to wait for


def test_a_python_call_while_another_thread_types_a_caller_gets_the_wrapped_entry():
    """Whether a compile is for a jitted caller is told per thread: a Python call made while
    another thread is inside numba's typing of a caller must still get a wrapper (the child
    process would crash on the wrapperless entry)."""
    code = """
import threading
from pyramid_envs.core.jit import njit

@njit(cache=False)
def helper(a, b):
    return a * 2 + b

inside, release = threading.Event(), threading.Event()

def typing_a_caller():  # stands for numba typing a jitted caller of helper in this thread
    helper._typing.depth = 1
    inside.set()
    release.wait()

thread = threading.Thread(target=typing_a_caller)
thread.start()
inside.wait()
print(helper(2, 3))
release.set()
thread.join()
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "7", out.stderr
