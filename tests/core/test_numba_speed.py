"""core/numba_speed: numba's own results for record texts and compile-flag keys, faster."""
import numpy as np
import numba
from hypothesis import given, settings, strategies as st
from numba.core.compiler import Flags
from numba.core.targetconfig import TargetConfig
from numba.core.types.npytypes import Record

import pyramid_envs  # noqa: F401  (importing the kernels installs it)
from pyramid_envs.core import numba_speed

BOOLS = sorted(k for k, option in Flags.options.items() if isinstance(option.default, bool))
settings_of = st.dictionaries(st.sampled_from(BOOLS), st.booleans(), max_size=5)


class OtherFlags(Flags):  # a subclass with the same options
    pass


def _flags(cls, values):
    f = cls()
    for k, v in values.items():
        setattr(f, k, v)
    return f


def test_it_is_installed_once_the_kernels_are_imported():
    assert Record.__repr__ is numba_speed.record_repr
    assert TargetConfig.__hash__ is numba_speed.config_hash
    assert TargetConfig.__eq__ is numba_speed.config_eq


def test_a_record_types_text_is_numbas():
    dtype = np.dtype([("seat", np.int8), ("board", np.int16, (3, 4)), ("score", np.float32)])
    record = numba.typeof(np.zeros(1, dtype)[0])
    assert repr(record) == numba_speed._numba_record_repr(record)
    assert repr(record) is repr(record)  # kept, not formatted again
    other = numba.typeof(np.zeros(1, [("seat", np.int16)])[0])
    assert repr(other) == numba_speed._numba_record_repr(other) != repr(record)


@settings(max_examples=200, deadline=None)
@given(settings_of, settings_of, st.sampled_from([Flags, OtherFlags]))
def test_compile_flags_hash_and_compare_as_numba_does(a, b, other_cls):
    x, y = _flags(Flags, a), _flags(other_cls, b)
    assert hash(x) == hash(tuple(sorted(x.values())))  # numba's definition
    assert (x == y) == numba_speed._numba_config_eq(x, y)
    assert (x == _flags(Flags, a)) and not (x != _flags(Flags, a))


def test_flags_set_to_their_defaults_equal_flags_left_unset():
    explicit = _flags(Flags, {k: Flags.options[k].default for k in BOOLS[:3]})
    assert explicit._values != Flags()._values  # so numba's own comparison decides
    assert explicit == Flags() and hash(explicit) == hash(Flags())
    assert Flags().__eq__(object()) is NotImplemented


def test_a_numba_whose_configs_are_laid_out_otherwise_keeps_its_own_methods():
    class Record:
        pass

    class Config:  # no `_values` slot
        __slots__ = ("values_",)
        options = {}

    own = Config.__hash__, Config.__eq__
    numba_speed.install(Record, Config)
    assert (Config.__hash__, Config.__eq__) == own
    assert Record.__repr__ is numba_speed.record_repr
