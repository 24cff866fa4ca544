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
