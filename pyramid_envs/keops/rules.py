"""Keops rules core: the state record and the batched kernels handed to `Kernels(...)`."""
from .mask import legal_mask
from .observe import determinize, observe
from .setup import reset
from .state import OBS_SIZE, STATE
from .turn import settle, step

# `settle` (the work between two decisions) is half of `step`'s compile: a first use on
# several cores compiles it in another process (core/compile.py); step calls it per state
STEP_PARTS = ((settle, lambda states, actions, rewards: (states[0], rewards[0])),)

__all__ = ["STATE", "OBS_SIZE", "reset", "legal_mask", "step", "observe", "determinize", "STEP_PARTS"]
