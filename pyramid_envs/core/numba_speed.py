"""Three of numba's methods, made fast and left exact: a tenth of a cold first use.

Profiling a cold compile of Keops' rules (cProfile, numba 0.68) found numba's Python spending
time on work whose result never changes:
- `Record.__repr__` formats every field of a record type each time, and numba's pass manager
  formats a function's argument types for every pass it runs on it (an event's details,
  `str(state.args)`): about 7,000 times in Keops' rules, each over a state record's
  hundreds of fields. A type never changes, so its text is kept after the first time.
- `TargetConfig.__hash__` and `__eq__` (compile flags) build a dict of every option through
  its property, and each typing of a call to an `@overload` function hashes and compares the
  flags as part of a cache key (about 80,000 times). The hash is the sorted option names, the
  same for every instance of a class, so it is computed once per class; two configs of one
  class with the same options set are equal without building both dicts (otherwise numba's
  own comparison decides).
Keops' rules on one core of a 2-vCPU Intel Xeon VM: about 37 s -> 32 s, and the same LLVM IR
and machine code (benchmarks/RESULTS.md, session 32). Installed once, by `core/jit.py`, for
the whole process: the results are numba's own, so other numba code in the process sees no
change but the speed.
"""
from __future__ import annotations

from numba.core.targetconfig import TargetConfig
from numba.core.types.npytypes import Record

_numba_record_repr = Record.__repr__
_numba_config_eq = TargetConfig.__eq__


# by id, holding the type (so that its id is not reused); not an attribute, which numba's
# cache would pickle with the type
_RECORD_TEXT: dict[int, tuple[Record, str]] = {}


def record_repr(self) -> str:
    kept = _RECORD_TEXT.get(id(self))
    if kept is None:
        kept = _RECORD_TEXT[id(self)] = (self, _numba_record_repr(self))
    return kept[1]


_OPTION_HASH: dict[type, int] = {}


def config_hash(self) -> int:
    """numba's `hash(tuple(sorted(self.values())))`: its dict's keys are the class's options."""
    cls = type(self)
    h = _OPTION_HASH.get(cls)
    if h is None:
        h = _OPTION_HASH[cls] = hash(tuple(sorted(cls.options)))
    return h


def config_eq(self, other):
    if type(self) is type(other) and self._values == other._values:
        return True
    return _numba_config_eq(self, other)


def install(record=Record, config=TargetConfig) -> None:
    """Where numba's classes are laid out as these versions expect (a config's set options in
    its `_values`, its option names in `options`); another numba keeps its own methods."""
    record.__repr__ = record_repr
    if "_values" in getattr(config, "__slots__", ()) and hasattr(config, "options"):
        config.__hash__ = config_hash
        config.__eq__ = config_eq
