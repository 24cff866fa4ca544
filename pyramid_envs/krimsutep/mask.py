"""The legal-action mask: what the player to move may do in each phase, by what he can know."""
import numpy as np
from ..core.jit import njit

from .enter import _escape_cost
from .hand import _first_slot_with
from .jars import _hidden_gods, _replace_best, _replace_level, _tr_best, _tr_level
from .mummy import _any_mummy_step, _diagonal_sight, _free_for_mummy, _mummy_step_ok
from .paths import (_back_dir, _can_move_now, _enterable, _god_at, _move_possible, _path_step_ok,
                    _plan_complete, _plan_step_ok, _start_any, _walk_ok)
from .spec import (ANKH, A_CAMP, A_DISCARD, A_DRAW, A_END, A_EXCH, A_EXTRA_POINT, A_HIDE,
                   A_MUMMY_DIAG, A_MUMMY_STEP, A_PASS, A_PLAY, A_REVEAL, A_ROT, A_SEL, A_SHOOT,
                   A_STEP, A_STEP_REVEAL, A_STOP, A_YES, CAMP, CARD_BACK, CARD_GOD, CARD_SHAPE,
                   CARD_SPECIAL, CELL_COL, CELL_ROW, CHAMBER, DISPLACE_DIST, EXC_SYM, EYEGLASSES,
                   GRAVE, GUNJAM, HAND_LIMIT, JAR, KINGS, MAX_ANKHS, MUMMY_START, NUM_CELLS,
                   NUM_GODS, OPEN, PASSAGE, PH_DISCARD, PH_DISPLACE, PH_DRAW, PH_EXCHANGE,
                   PH_GUNJAM, PH_KP_DEST, PH_MAIN, PH_MOVE, PH_MUMMY, PH_MUMMY_KP, PH_MUMMY_PLACE,
                   PH_MUMMY_RAMP, PH_PEEK, PH_PICKUP, PH_PIT, PH_REACT, PH_REPLACE, PH_SHOOT,
                   PH_SHOVEL, PH_SPECIAL, PH_TORCH, PH_TR_FIRST, PH_TR_PICK, REVOLVER, SHOVEL,
                   TORCH, TREASURE)
from .state import _is_path, _occupied
from .turn import _can_shoot


@njit(cache=True)
def _can_flip(s, c):
    """Cell c can be turned over (shovel / Ankh): a card, no pawn or mummy on it."""
    if c == GRAVE or _occupied(s, c):
        return False
    if s.cell_up[c]:
        return _is_path(s.cell_card[c])  # jars and treasures are never turned back down
    return True


@njit(cache=True, inline="always")
def _exchangeable(s, c):
    """Cell c may take part in an exchange: no pawn or mummy on it, a face-up path card or
    any face-down card (a hidden jar or treasure moves along unseen, see rulings)."""
    card = s.cell_card[c]
    if c == GRAVE or card < 0 or _occupied(s, c):
        return False
    return not s.cell_up[c] or _is_path(card)


@njit(cache=True)
def _can_turn(s, c):
    """Face-up path card without pawn or mummy (rotate)."""
    return c != GRAVE and s.cell_up[c] and _is_path(s.cell_card[c]) and not _occupied(s, c)


@njit(cache=True)
def _fill_mask(s, m, buf):
    p = s.current_player
    ph = s.phase
    if ph == PH_MAIN:
        m[A_END] = 1
        passages = 0
        for j in range(s.hand_n[p]):
            if EXC_SYM[s.hand[p, j], 2] == PASSAGE:
                passages += 1
        tok = 1 if (s.mv_tok > 0 or passages > 0) else 0
        god_ok = -1  # bit g: a move with god g is possible (computed on first need)
        for j in range(s.hand_n[p]):
            card = s.hand[p, j]
            for k in range(3):
                sym = EXC_SYM[card, k]
                ok = False
                if sym < NUM_GODS:
                    if god_ok < 0:
                        god_ok = 0
                        if _can_move_now(s, p):
                            for g in range(NUM_GODS):
                                if _move_possible(s, p, g, tok, buf):
                                    god_ok |= 1 << g
                    ok = (god_ok >> sym) & 1 == 1
                    if ok and s.mv_tok == 0 and passages == 1 and EXC_SYM[card, 2] == PASSAGE:
                        # one symbol per card: the only secret passage is this card's own
                        ok = _move_possible(s, p, sym, 0, buf)
                elif sym == ANKH:
                    ok = s.ankhs[p] < MAX_ANKHS
                elif sym == EYEGLASSES:
                    for c in range(NUM_CELLS):
                        if c != GRAVE and not s.cell_up[c] and not s.known[p, c]:
                            ok = True
                            break
                elif sym == PASSAGE:
                    ok = _can_move_now(s, p) and s.mv_tok == 0
                elif sym == REVOLVER:
                    ok = _can_shoot(s, p)
                elif sym == SHOVEL:
                    for c in range(NUM_CELLS):
                        if _can_flip(s, c):
                            ok = True
                            break
                if ok:
                    m[A_PLAY + j * 3 + k] = 1
        a = s.ankhs[p]
        if a >= 1:
            for c in range(NUM_CELLS):
                if _can_flip(s, c):
                    if s.cell_up[c]:
                        m[A_HIDE + c] = 1
                    else:
                        m[A_REVEAL + c] = 1
            if not s.extra_used and _can_move_now(s, p):
                m[A_EXTRA_POINT] = 1
        if a >= 2:
            for c in range(NUM_CELLS):
                if _can_turn(s, c):
                    sh = CARD_SHAPE[s.cell_card[c]]
                    r = s.cell_rot[c]
                    if OPEN[sh, (r + 1) % 4] != OPEN[sh, r]:
                        m[A_ROT + c * 3] = 1
                        m[A_ROT + c * 3 + 2] = 1
                    if a >= 3 and OPEN[sh, (r + 2) % 4] != OPEN[sh, r]:
                        m[A_ROT + c * 3 + 1] = 1
            if s.awake:
                for d in range(4):
                    if _mummy_step_ok(s, p, d):
                        m[A_MUMMY_STEP + d] = 1
        if a >= 3:
            for c in range(NUM_CELLS):
                if _exchangeable(s, c):
                    for x in range(NUM_CELLS):
                        if x != c and _exchangeable(s, x) and CARD_BACK[s.cell_card[x]] == CARD_BACK[s.cell_card[c]]:
                            m[A_EXCH + c] = 1
                            break
        if not s.mummy_moved and _diagonal_sight(s, p) and _any_mummy_step(s, p):
            m[A_MUMMY_DIAG] = 1
    elif ph == PH_MOVE:
        c = s.pos[p]
        if s.planning:
            # declaring the rest of the path before the first card is turned up
            any_step = False
            for d in range(4):
                if _plan_step_ok(s, p, d, False, buf):
                    m[A_STEP + d] = 1
                    any_step = True
                if _plan_step_ok(s, p, d, True, buf):
                    m[A_STEP_REVEAL + d] = 1
                    any_step = True
            if not any_step or _plan_complete(s, p):
                m[A_STOP] = 1
        elif s.plan_n > 0:
            # walking the declared path as long as it can be walked
            if _walk_ok(s, p):
                code = s.plan[s.plan_i]
                m[(A_STEP_REVEAL if code >= 4 else A_STEP) + (code & 3)] = 1
            else:
                m[A_STOP] = 1
        else:
            any_step = False
            back = _back_dir(s)
            any_dir = _start_any(s, p)
            tok = 1 if s.mv_tok > 0 else 0
            for d in range(4):
                if _path_step_ok(s, c, d, False, s.mv_pts, tok, any_dir, back, s.mv_god, buf):
                    m[A_STEP + d] = 1
                    any_step = True
                if _path_step_ok(s, c, d, True, s.mv_pts, tok, any_dir, back, s.mv_god, buf):
                    m[A_STEP_REVEAL + d] = 1
                    any_step = True
            if not any_step or c == CAMP or (s.mv_steps > 0 and _god_at(s, c) == s.mv_god):
                m[A_STOP] = 1
        j = _first_slot_with(s, p, PASSAGE)
        if j >= 0 and s.mv_tok == 0:
            m[A_PLAY + j * 3 + 2] = 1
        if not s.planning:
            if not s.extra_used and s.ankhs[p] >= 1:
                m[A_EXTRA_POINT] = 1
            if not s.mummy_moved and _diagonal_sight(s, p) and _any_mummy_step(s, p):
                m[A_MUMMY_DIAG] = 1
            if _can_shoot(s, p):  # sharing a space with a carrier during one's own move
                m[A_PLAY + _first_slot_with(s, p, REVOLVER) * 3 + 2] = 1
    elif ph == PH_PIT:
        m[A_YES] = 1
        m[A_PASS] = 1
    elif ph == PH_SPECIAL:
        c = s.pend_special
        sp = CARD_SPECIAL[s.cell_card[c]]
        m[A_PASS] = 1
        if s.ankhs[p] >= _escape_cost(sp):
            m[A_YES] = 1
        if sp == CHAMBER:
            j = _first_slot_with(s, p, PASSAGE)
            if j >= 0:
                m[A_PLAY + j * 3 + 2] = 1
    elif ph == PH_KP_DEST:
        m[A_CAMP] = 1
        for x in range(NUM_CELLS):
            if x != s.pos[p] and s.cell_up[x] and CARD_SPECIAL[s.cell_card[x]] == KINGS and _enterable(s, x):
                m[A_SEL + x] = 1
    elif ph == PH_PICKUP or ph == PH_MUMMY_RAMP:
        m[A_YES] = 1
        m[A_PASS] = 1
    elif ph == PH_MUMMY_PLACE:
        for i in range(2):
            m[A_SEL + MUMMY_START[i]] = 1
    elif ph == PH_MUMMY:
        for d in range(4):
            if _mummy_step_ok(s, p, d):
                m[A_MUMMY_STEP + d] = 1
        if s.mm_taken > 0:
            m[A_STOP] = 1
    elif ph == PH_MUMMY_KP:
        m[A_PASS] = 1
        for x in range(NUM_CELLS):
            if x != s.mummy and s.cell_up[x] and CARD_SPECIAL[s.cell_card[x]] == KINGS and _free_for_mummy(s, x):
                m[A_SEL + x] = 1
    elif ph == PH_TORCH:
        m[A_PASS] = 1
        j = _first_slot_with(s, p, TORCH)
        if j >= 0:
            m[A_PLAY + j * 3 + 2] = 1
    elif ph == PH_GUNJAM:
        m[A_PASS] = 1
        j = _first_slot_with(s, p, GUNJAM)
        if j >= 0:
            m[A_PLAY + j * 3 + 2] = 1
    elif ph == PH_DISPLACE:
        mc = s.mummy
        for x in range(NUM_CELLS):
            dist = abs(CELL_ROW[x] - CELL_ROW[mc]) + abs(CELL_COL[x] - CELL_COL[mc])
            if dist != DISPLACE_DIST or x == GRAVE:
                continue
            if s.cell_up[x] and (CARD_SPECIAL[s.cell_card[x]] == JAR or CARD_SPECIAL[s.cell_card[x]] == TREASURE):
                continue
            m[A_SEL + x] = 1
    elif ph == PH_REPLACE:
        g = CARD_GOD[s.rq[0]]
        hidden = _hidden_gods(s)
        best = _replace_best(s, g, hidden)
        for x in range(NUM_CELLS):
            if _replace_level(s, x, g, hidden) == best:
                m[A_SEL + x] = 1
    elif ph == PH_SHOOT:
        for t in range(s.num_players):
            if t != p and s.finished[t] == 0 and s.pos[t] == s.pos[p] and (s.carry_jar[t] >= 0 or s.carry_tr[t] >= 0):
                m[A_SHOOT + t] = 1
    elif ph == PH_PEEK:
        for c in range(NUM_CELLS):
            if c != GRAVE and not s.cell_up[c] and not s.known[p, c]:
                m[A_SEL + c] = 1
    elif ph == PH_SHOVEL:
        for c in range(NUM_CELLS):
            if _can_flip(s, c):
                m[A_SEL + c] = 1
    elif ph == PH_EXCHANGE:
        f = s.exch_first
        for x in range(NUM_CELLS):
            if x != f and _exchangeable(s, x) and CARD_BACK[s.cell_card[x]] == CARD_BACK[s.cell_card[f]]:
                m[A_SEL + x] = 1
    elif ph == PH_TR_FIRST or ph == PH_TR_PICK:
        first = ph == PH_TR_FIRST
        hidden = _hidden_gods(s) if first else 0
        best = _tr_best(s, s.tr_god, first, hidden)
        for x in range(NUM_CELLS):
            if _tr_level(s, x, s.tr_god, first, hidden) == best:
                m[A_SEL + x] = 1
    elif ph == PH_DISCARD:
        m[A_PASS] = 1
        for j in range(s.hand_n[p]):
            m[A_DISCARD + j] = 1
    elif ph == PH_DRAW:
        avail = s.deck_n + s.disc_n
        room = HAND_LIMIT - s.hand_n[p]
        for k in range(3):
            if k <= room and k <= avail:
                m[A_DRAW + k] = 1
        if s.ankhs[p] >= 1 and 3 <= room and 3 <= avail:
            m[A_DRAW + 3] = 1
    elif ph == PH_REACT:
        m[A_PASS] = 1
        if s.ankhs[p] >= 3:
            for d in range(4):
                if _mummy_step_ok(s, p, d):
                    m[A_MUMMY_STEP + d] = 1
        if _can_shoot(s, p):
            m[A_PLAY + _first_slot_with(s, p, REVOLVER) * 3 + 2] = 1


@njit(cache=True)
def legal_mask(states, out):
    out[:, :] = 0
    buf = np.empty(2 * (NUM_CELLS + 1), np.int8)
    for b in range(states.shape[0]):
        if not states[b].terminated:
            _fill_mask(states[b], out[b], buf)
