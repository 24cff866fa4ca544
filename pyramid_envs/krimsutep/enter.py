"""A researcher entering a space: turning cards over, the camp, jars found, and the effects
of the special path cards (pitfall, secret chamber, king's pyramid, ramp)."""
from ..core.jit import njit

from .jars import _can_pick, _deliver_jar, _lose_carried, _win
from .paths import _enterable
from .spec import (CAMP, CARD_ANKH, CARD_SPECIAL, CHAMBER, JAR, KINGS, MAX_PLAYERS, NB, NUM_CELLS,
                   OFF, PH_KP_DEST, PH_RESOLVE, PITFALL, RAMP, R_ENDTURN, R_MAIN, R_MOVE, TREASURE)
from .state import _gain_ankh


@njit(cache=True)
def _reveal(s, c, p):
    """Turn the card on c face up in p's turn: Ankh, a discovered jar wakes the mummy."""
    s.cell_up[c] = True
    for q in range(MAX_PLAYERS):
        s.known[q, c] = False
    card = s.cell_card[c]
    if CARD_ANKH[card]:
        _gain_ankh(s, p)
    if CARD_SPECIAL[card] == JAR and not s.awake:
        s.pend_wake = True


@njit(cache=True)
def _flip(s, c, p):
    if s.cell_up[c]:
        s.cell_up[c] = False
        for q in range(s.num_players):
            s.known[q, c] = True
    else:
        _reveal(s, c, p)


@njit(cache=True)
def _to_camp(s, p, lose):
    s.pos[p] = CAMP
    s.chamber[p] = False
    if lose:
        _lose_carried(s, p)


@njit(cache=True)
def _enter(s, p, c, revealed, rewards_row):
    """Researcher p (moving in his turn) enters position c. Sets resume / pending items."""
    if c == OFF:
        _to_camp(s, p, True)
        s.resume = R_MAIN
        return
    s.pos[p] = c
    s.chamber[p] = False
    if c == CAMP:
        s.resume = R_MAIN
        if s.carry_jar[p] >= 0:
            _deliver_jar(s, p)
        if s.carry_tr[p] >= 0:
            if s.camp_jars[p] != 0:
                if _win(s, p, rewards_row):
                    return
                s.resume = R_ENDTURN
            else:
                _lose_carried(s, p)
        return
    card = s.cell_card[c]
    if revealed:
        _reveal(s, c, p)
    elif s.cell_up[c] and CARD_ANKH[card]:
        _gain_ankh(s, p)
    if not s.cell_up[c]:
        return
    sp = CARD_SPECIAL[card]
    if sp == JAR or sp == TREASURE:
        s.resume = R_MAIN
        if _can_pick(s, p, c):
            s.pend_pickup = c
    elif sp == PITFALL or sp == CHAMBER or sp == KINGS or sp == RAMP:
        s.pend_special = c


@njit(cache=True)
def _escape_cost(sp):
    if sp == PITFALL or sp == KINGS:
        return 3
    return 2  # chamber, ramp


@njit(cache=True)
def _kp_other(s, c):
    for x in range(NUM_CELLS):
        if x != c and s.cell_up[x] and CARD_SPECIAL[s.cell_card[x]] == KINGS and _enterable(s, x):
            return True
    return False


@njit(cache=True)
def _apply_special(s, p, c, rewards_row):
    """The effect of the special card on c hits p (not escaped)."""
    sp = CARD_SPECIAL[s.cell_card[c]]
    if sp == PITFALL:
        s.lying[p] = True
        if s.resume == R_MOVE:
            s.resume = R_MAIN
    elif sp == CHAMBER:
        s.chamber[p] = True
        s.resume = R_ENDTURN
    elif sp == KINGS:
        _lose_carried(s, p)
        s.resume = R_ENDTURN
        if _kp_other(s, c):
            s.phase = PH_KP_DEST
            s.current_player = p
            return
        _to_camp(s, p, False)
    elif sp == RAMP:
        _lose_carried(s, p)
        if s.plan_n > 0:
            # the slip walks the declared path's next step if it goes that way unrevealed;
            # otherwise the researcher is off his path and the move is over (rulings)
            if s.plan_i < s.plan_n and s.plan[s.plan_i] == s.mv_dir:
                s.plan_i += 1
            else:
                s.plan_i = s.plan_n
        n = NB[c, s.mv_dir]
        if n == OFF or n == CAMP:
            _enter(s, p, n, False, rewards_row)
        elif _enterable(s, n):
            _enter(s, p, n, False, rewards_row)
    if not s.terminated:
        s.phase = PH_RESOLVE
