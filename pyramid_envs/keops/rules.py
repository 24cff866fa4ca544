"""Keops rules core: the state record and the batched kernels handed to `Kernels(...)`."""
from .mask import legal_mask
from .observe import determinize, observe
from .setup import reset
from .state import OBS_SIZE, STATE
from .turn import step

__all__ = ["STATE", "OBS_SIZE", "reset", "legal_mask", "step", "observe", "determinize"]
