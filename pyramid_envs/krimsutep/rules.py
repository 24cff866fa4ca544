"""Krimsutep rules core: the state record and the batched kernels handed to `Kernels(...)`.

The rules are split by topic: `state` (the record), `paths` (movement and declared paths),
`enter` (entering a space, special path cards), `mummy`, `jars` (jars and treasures),
`hand` (excavation cards), `turn` (turn flow and reactions), `apply` (one decision),
`mask`, `setup` and `observe` (its at-a-glance block in `glance`).
"""
from .apply import step
from .mask import _fill_mask, legal_mask
from .observe import determinize, observe
from .setup import reset
from .state import STATE, T_IN_PLAY, T_UNUSED, T_WAITING, T_WON

__all__ = ["STATE", "T_UNUSED", "T_WAITING", "T_IN_PLAY", "T_WON", "reset", "legal_mask", "step",
           "observe", "determinize", "_fill_mask"]
