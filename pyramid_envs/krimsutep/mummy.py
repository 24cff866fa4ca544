"""The mummy: the diagonal line of sight, its steps, the torch windows and its attack."""
from ..core.jit import njit

from .jars import _lose_carried
from .spec import (CAMP, CARD_SPECIAL, CELL_COL, CELL_ROW, GRAVE, KINGS, MAX_PLAYERS, NB, NUM_CELLS,
                   PH_MUMMY, PH_MUMMY_KP, PH_MUMMY_RAMP, PH_RESOLVE, PH_TORCH, RAMP)
from .state import _researcher_at


@njit(cache=True)
def _diagonal_sight(s, p):
    """p stands on one of the mummy's diagonals with no other researcher between."""
    if not s.awake or s.finished[p] != 0 or s.pos[p] == CAMP:
        return False
    c, m = s.pos[p], s.mummy
    dr = CELL_ROW[c] - CELL_ROW[m]
    dc = CELL_COL[c] - CELL_COL[m]
    if dr == 0 or (dr != dc and dr != -dc):
        return False
    sr = 1 if dr > 0 else -1
    sc = 1 if dc > 0 else -1
    k = dr if dr > 0 else -dr
    for i in range(1, k):
        between = (CELL_ROW[m] + sr * i) * 6 + CELL_COL[m] + sc * i
        if _researcher_at(s, between, p):
            return False
    return True


@njit(cache=True)
def _mummy_step_ok(s, mover, d):
    n = NB[s.mummy, d]
    if n < 0 or n == CAMP or n == GRAVE or n == 0:
        return False
    for q in range(s.num_players):
        if s.finished[q] == 0 and s.pos[q] == n:
            if q == mover or s.torch[q] >= 0:
                return False
    return True


@njit(cache=True)
def _any_mummy_step(s, mover):
    if not s.awake:
        return False
    for d in range(4):
        if _mummy_step_ok(s, mover, d):
            return True
    return False


@njit(cache=True)
def _free_for_mummy(s, c):
    return c >= 0 and c != CAMP and c != GRAVE and c != 0 and not _researcher_at(s, c, -1)


@njit(cache=True)
def _kp_targets_for_mummy(s, here):
    for c in range(NUM_CELLS):
        if c != here and s.cell_up[c] and CARD_SPECIAL[s.cell_card[c]] == KINGS and _free_for_mummy(s, c):
            return True
    return False


@njit(cache=True)
def _mummy_arrive(s, n):
    """The mummy enters n (no torch stopped it): attack, then ramp / king's pyramid."""
    s.mummy = n
    hit = False
    for q in range(s.num_players):
        if s.finished[q] == 0 and s.pos[q] == n and not s.lying[q]:
            hit = True
            s.attacked[q] = True
            s.ankhs[q] = 0
            _lose_carried(s, q)
            s.disp_mask |= 1 << q
            s.disp_by = s.mm_mover
    if hit:
        s.mm_left = 0
        s.phase = PH_RESOLVE
        return
    card = s.cell_card[n]
    if s.cell_up[n] and CARD_SPECIAL[card] == RAMP and _free_for_mummy(s, NB[n, s.mm_dir]):
        s.phase = PH_MUMMY_RAMP
        s.current_player = s.mm_mover
        return
    if s.cell_up[n] and CARD_SPECIAL[card] == KINGS and _kp_targets_for_mummy(s, n):
        s.phase = PH_MUMMY_KP
        s.current_player = s.mm_mover
        return
    _mummy_continue(s)


@njit(cache=True)
def _mummy_continue(s):
    if s.mm_left > 0 and _any_mummy_step(s, s.mm_mover):
        s.phase = PH_MUMMY
        s.current_player = s.mm_mover
    else:
        s.mm_left = 0
        s.phase = PH_RESOLVE


@njit(cache=True)
def _ask_torch(s):
    """Ask the next researcher on the target space with a torch in hand, or let the mummy in."""
    while s.torch_ask != 0:
        q = 0
        while q < MAX_PLAYERS - 1 and not (s.torch_ask >> q) & 1:
            q += 1
        s.torch_ask &= ~(1 << q)
        # asked whether or not he holds a torch, so the window itself tells nobody anything
        s.phase = PH_TORCH
        s.current_player = q
        return
    _mummy_arrive(s, s.mm_target)


@njit(cache=True)
def _mummy_step(s, d):
    s.mm_left -= 1
    s.mm_taken += 1
    s.mm_dir = d
    n = NB[s.mummy, d]
    s.mm_target = n
    s.torch_ask = 0
    for q in range(s.num_players):
        if s.finished[q] == 0 and s.pos[q] == n and not s.lying[q]:
            s.torch_ask |= 1 << q
    _ask_torch(s)


@njit(cache=True)
def _start_mummy(s, mover, steps):
    s.mm_mover = mover
    s.mm_left = steps
    s.mm_taken = 0
    s.phase = PH_MUMMY
    s.current_player = mover
