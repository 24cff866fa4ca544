"""Helpers shared by the games' JSON views (to_dict / from_dict): one state out of a
1-element batch, and checked reads of plain values with clear errors."""
import numpy as np


def one_state(state):
    """The record of a 1-element state array (or the record itself)."""
    return state[0] if isinstance(state, np.ndarray) and state.shape == (1,) else state


def int_in(v, what, lo, hi):
    """v as an int in [lo, hi], else a ValueError naming `what`."""
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
        raise ValueError(f"{what} must be an integer in [{lo}, {hi}], got {v!r}")
    return int(v)


def boolean(v, what):
    if not isinstance(v, (bool, np.bool_)):
        raise ValueError(f"{what} must be true or false, got {v!r}")
    return bool(v)


# The one rule for keys, in every game's from_dict and at every level of its dict: every key
# that to_dict writes must be given and no other; only keys that follow from the rest of the
# position (a game's `terminated`, `scores`) may be left out, and they are checked when given.
def check_keys(d, what, keys, optional=()):
    """d must be a dict whose keys are `keys`, less any of `optional`; else a ValueError
    naming `what` and the unknown or missing keys."""
    if not isinstance(d, dict):
        raise ValueError(f"{what} must be a JSON object (dict), got {type(d).__name__}")
    keys = set(keys)
    unknown = sorted(map(str, set(d) - keys))
    if unknown:
        raise ValueError(f"{what}: unknown keys {unknown}; valid keys: {sorted(keys)}")
    missing = sorted(keys - set(optional) - set(d))
    if missing:
        raise ValueError(f"{what}: missing keys {missing}")
    return d


def name_of(v, names, what):
    """The index of the name v in `names` (a dict name -> index), else a ValueError naming
    `what` and, for a few names, the valid ones: v of any JSON type is handled."""
    if not isinstance(v, str) or v not in names:
        shown = list(names) if len(names) <= 12 else f"{len(names)} names such as {list(names)[:3]}"
        raise ValueError(f"{what}: unknown name {v!r}; valid: {shown}")
    return names[v]


def _first_difference(a, b, path=""):
    """(path, a's value, b's value) where a and b first differ, or None."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return next((_first_difference(a[k], b[k], f"{path}.{k}" if path else str(k))
                     for k in a if a[k] != b[k]), None)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return next((_first_difference(x, y, f"{path}[{i}]")
                     for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
    return None if a == b else (path or "position", a, b)


def check_written_as_view(d, view):
    """d must read back as `view`, the to_dict of the state built from it (keys d leaves
    out apart): a position has one JSON form (a set listed in to_dict's order, ...), so that
    from_dict then to_dict gives back the same dict; else a ValueError naming the field."""
    diff = _first_difference(d, {k: v for k, v in view.items() if k in d})
    if diff:
        path, given, want = diff
        raise ValueError(f"{path}: {given!r} is written {want!r} in this position's view "
                         "(to_dict's form: sets in its order)")
