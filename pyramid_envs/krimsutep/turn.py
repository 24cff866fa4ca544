"""Turn flow and reactions: beginning a turn, the steps of a move, the out-of-turn windows,
and `_settle`, which opens pending decisions in a fixed order (docs/rules/krimsutep.md,
"Windows")."""
from ..core.jit import njit

from .enter import _apply_special, _enter, _escape_cost
from .hand import _first_slot_with
from .jars import _can_pick, _hidden_gods, _tr_best, _tr_finish, _tr_picker
from .mummy import _any_mummy_step
from .paths import _clear_plan, _cost, _open_paths, _start_any
from .spec import (CAMP, CARD_SPECIAL, CHAMBER, NB, OFF, PH_DISCARD, PH_DISPLACE, PH_DRAW, PH_MAIN,
                   PH_MOVE, PH_MUMMY_PLACE, PH_PICKUP, PH_PIT, PH_REACT, PH_REPLACE, PH_RESOLVE,
                   PH_SPECIAL, PH_TR_FIRST, PH_TR_PICK, REVOLVER, R_ENDTURN, R_MAIN, R_MOVE,
                   R_REACT)
from .state import _next_active


@njit(cache=True)
def _react_eligible(s, q, mid):
    """q gets a window: 3 Ankhs and a legal mummy step, or (whether or not he holds a
    revolver) a space shared with a carrier; in a window after a step (mid), only the
    mover's new space counts, where two researchers have just come together."""
    if s.finished[q] != 0:
        return False
    if s.ankhs[q] >= 3 and _any_mummy_step(s, q):
        return True
    if s.pos[q] == CAMP:
        return False
    for t in range(s.num_players):
        if mid and t != s.turn:
            continue
        if t != q and s.finished[t] == 0 and s.pos[t] == s.pos[q] and (s.carry_jar[t] >= 0 or s.carry_tr[t] >= 0):
            return True
    return False


@njit(cache=True)
def _can_shoot(s, q):
    if s.pos[q] == CAMP or _first_slot_with(s, q, REVOLVER) < 0:
        return False
    for t in range(s.num_players):
        if t != q and s.finished[t] == 0 and s.pos[t] == s.pos[q] and (s.carry_jar[t] >= 0 or s.carry_tr[t] >= 0):
            return True
    return False


@njit(cache=True)
def _begin_turn(s, p):
    for _ in range(2 * s.num_players + 1):
        if s.finished[p] != 0:
            p = (p + 1) % s.num_players
            continue
        if s.torch[p] >= 0:  # a lit torch is discarded at the start of its owner's turn
            s.disc[s.disc_n] = s.torch[p]
            s.disc_n += 1
            s.torch[p] = -1
        if s.attacked[p]:  # the lost turn: the researcher card is turned face up again
            s.attacked[p] = False
            p = (p + 1) % s.num_players
            continue
        break
    s.turn = p
    s.current_player = p
    s.moved = False
    s.no_move = False
    s.extra_used = False
    s.extra_pt = False
    s.mummy_moved = False
    s.mv_god = -1
    s.mv_pts = 0
    s.mv_tok = 0
    s.mv_any = False
    s.mv_dir = -1
    s.mv_steps = 0
    _clear_plan(s)
    s.react_i = 0
    s.step_win = False
    s.react_back = -1
    s.resume = R_MAIN
    s.phase = PH_PIT if s.lying[p] else PH_MAIN


@njit(cache=True)
def _next_reaction(s):
    """Open the reaction window of the next eligible player in seat order after the turn
    player; once all are asked, a mid-turn window goes back to the turn (phase PH_RESOLVE,
    for _settle; an attacked turn player's turn ends) and the end-of-turn window begins the
    next turn."""
    mid = s.react_back >= 0
    while s.react_i < s.num_players - 1:
        s.react_i += 1
        q = (s.turn + s.react_i) % s.num_players
        if _react_eligible(s, q, mid):
            s.phase = PH_REACT
            s.current_player = q
            s.resume = R_REACT
            return
    if mid:
        s.resume = R_ENDTURN if s.attacked[s.turn] else s.react_back
        s.react_back = -1
        s.react_i = 0
        s.current_player = s.turn
        s.phase = PH_RESOLVE
        return
    _begin_turn(s, (s.turn + 1) % s.num_players)


@njit(cache=True)
def _settle(s, rewards_row):
    """Open the next pending decision, or go back where play was."""
    while s.phase == PH_RESOLVE and not s.terminated:
        p = s.turn
        if s.pend_wake:
            s.pend_wake = False
            s.awake = True
            s.phase = PH_MUMMY_PLACE
            s.current_player = p
            return
        if s.pend_special >= 0:
            c = s.pend_special
            sp = CARD_SPECIAL[s.cell_card[c]]
            # a secret chamber always asks (a secret passage in hand is hidden information)
            can = s.ankhs[p] >= _escape_cost(sp) or sp == CHAMBER
            if can:
                s.phase = PH_SPECIAL
                s.current_player = p
                return
            s.pend_special = -1
            _apply_special(s, p, c, rewards_row)
            continue
        if s.pend_pickup >= 0:
            if _can_pick(s, p, s.pend_pickup) and s.pos[p] == s.pend_pickup:
                s.phase = PH_PICKUP
                s.current_player = p
                return
            s.pend_pickup = -1
            continue
        if s.disp_mask != 0:
            s.phase = PH_DISPLACE
            s.current_player = s.disp_by
            return
        if s.rq_n > 0:
            s.phase = PH_REPLACE
            s.current_player = _next_active(s, p)
            return
        if s.tr_stage == 1:
            if _tr_best(s, s.tr_god, True, _hidden_gods(s)) < 0:
                # no card can make room for the treasure: it stays waiting (see rulings)
                s.tr_stage = 0
                s.tr_god = -1
                continue
            s.phase = PH_TR_FIRST
            s.current_player = p
            return
        if s.tr_stage == 2:
            if s.tr_i < s.tr_total and _tr_best(s, s.tr_god, False, 0) >= 0:
                s.phase = PH_TR_PICK
                s.current_player = _tr_picker(s)
                return
            _tr_finish(s)
            continue
        # back to where play was
        s.current_player = p
        if s.finished[p] != 0:  # the winner of a play-on game leaves the pyramid
            _begin_turn(s, (p + 1) % s.num_players)
            continue
        if s.step_win:
            # after each step the others may act on it: shoot a carrier who has just come
            # onto their space, or move the mummy for 3 Ankhs (see rulings, "Windows")
            s.step_win = False
            s.react_back = s.resume
            s.react_i = 0
            s.resume = R_REACT
        if s.resume == R_REACT:
            _next_reaction(s)
            continue
        if s.resume != R_MOVE:
            _clear_plan(s)
        if s.resume == R_MOVE:
            s.phase = PH_MOVE
        elif s.resume == R_MAIN:
            s.phase = PH_MAIN
        else:
            _end_turn(s)


@njit(cache=True)
def _end_turn(s):
    s.current_player = s.turn
    if s.hand_n[s.turn] > 0:
        s.phase = PH_DISCARD
    else:
        s.phase = PH_DRAW


@njit(cache=True)
def _walk(s, p, d, reveal, rewards_row):
    """One step of p's move in direction d."""
    c = s.pos[p]
    if not _start_any(s, p) and not (_open_paths(s, c) >> d) & 1:
        s.mv_tok = 0  # the secret passage is used up
    s.mv_any = False
    n = NB[c, d]
    s.mv_dir = d
    s.mv_steps += 1
    if n == OFF or n == CAMP or reveal:
        s.mv_pts -= 1
    else:
        s.mv_pts -= _cost(s, n)
    s.resume = R_MOVE
    _enter(s, p, n, reveal, rewards_row)
    if s.terminated:
        return
    s.step_win = True
    s.phase = PH_RESOLVE
    _settle(s, rewards_row)
