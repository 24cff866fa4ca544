"""pyramid_envs.core.jit: a helper is compiled once, whatever integer widths and constants its
callers pass (the cause of Keops' long first compile), and every rules kernel uses it."""
import importlib
import pkgutil

import numba
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
