"""Keops rules core: the state record and the batched kernels handed to `Kernels(...)`."""
from .mask import legal_mask
from .observe import determinize, observe
from .setup import reset
from .state import OBS_SIZE, STATE
from .turn import settle, step


def settle_arguments(states, actions, rewards):
    """`settle`'s arguments as `step` passes them: one state record and its rewards row."""
    return states[0], rewards[0]


# `settle` (the work between two decisions) is half of `step`'s compile: a first use on
# several cores compiles it in another process (core/compile.py). A named function, not a
# lambda, so that the game pickles.
STEP_PARTS = ((settle, settle_arguments),)

__all__ = ["STATE", "OBS_SIZE", "reset", "legal_mask", "step", "observe", "determinize", "STEP_PARTS"]
