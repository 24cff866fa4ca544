"""Applying one decision (`step`): one branch per phase; legality is checked by the generic
layers against `legal_mask` before a kernel is called."""
from ..core.jit import njit

from .enter import _apply_special, _escape_cost, _flip, _reveal, _to_camp
from .hand import _discard_slot, _draw_one, _play_slot
from .jars import _from_beside, _steal, _to_beside
from .mummy import _ask_torch, _mummy_continue, _mummy_step, _start_mummy
from .paths import _clear_plan
from .spec import (ANKH, A_CAMP, A_DISCARD, A_DRAW, A_END, A_EXCH, A_EXTRA_POINT, A_HIDE,
                   A_MUMMY_DIAG, A_MUMMY_STEP, A_PASS, A_PLAY, A_REVEAL, A_ROT, A_SEL, A_SHOOT,
                   A_STEP, A_STEP_REVEAL, A_STOP, A_YES, CARD_GOD, CARD_SPECIAL, CHAMBER, EXC_SYM,
                   EYEGLASSES, JAR, MAX_PLAYERS, MOVE_POINTS, NB, NUM_GODS, PASSAGE, PH_DISCARD,
                   PH_DISPLACE, PH_DRAW, PH_EXCHANGE, PH_GUNJAM, PH_KP_DEST, PH_MAIN, PH_MOVE,
                   PH_MUMMY, PH_MUMMY_KP, PH_MUMMY_PLACE, PH_MUMMY_RAMP, PH_PEEK, PH_PICKUP, PH_PIT,
                   PH_REACT, PH_REPLACE, PH_RESOLVE, PH_SHOOT, PH_SHOVEL, PH_SPECIAL, PH_TORCH,
                   PH_TR_FIRST, PH_TR_PICK, REVOLVER, R_MAIN, R_MOVE, R_REACT, SHOVEL)
from .state import T_IN_PLAY, _gain_ankh
from .turn import _end_turn, _next_reaction, _settle, _walk


@njit(cache=True)
def _apply(s, a, rewards_row):
    p = s.current_player
    ph = s.phase
    s.steps += 1
    if ph == PH_MAIN:
        if a == A_END:
            _end_turn(s)
            return
        if a < A_SEL:
            j = (a - A_PLAY) // 3
            sym = EXC_SYM[s.hand[p, j], (a - A_PLAY) % 3]
            _play_slot(s, p, j)
            if sym < NUM_GODS:
                s.moved = True
                s.mv_god = sym
                s.mv_pts = MOVE_POINTS + (1 if s.extra_pt else 0)
                s.mv_steps = 0
                s.mv_any = False
                s.phase = PH_MOVE
                s.resume = R_MOVE
            elif sym == ANKH:
                _gain_ankh(s, p)
            elif sym == EYEGLASSES:
                s.phase = PH_PEEK
            elif sym == PASSAGE:
                s.mv_tok = 1
            elif sym == REVOLVER:
                s.sh_by = p
                s.resume = R_MAIN
                s.phase = PH_SHOOT
            elif sym == SHOVEL:
                s.phase = PH_SHOVEL
            return
        if a < A_HIDE:  # reveal with an Ankh
            s.ankhs[p] -= 1
            _reveal(s, a - A_REVEAL, p)
            s.resume = R_MAIN
            s.phase = PH_RESOLVE
            _settle(s, rewards_row)
            return
        if a < A_ROT:
            s.ankhs[p] -= 1
            _flip(s, a - A_HIDE, p)
            return
        if a < A_EXCH:
            c = (a - A_ROT) // 3
            k = (a - A_ROT) % 3
            s.ankhs[p] -= 3 if k == 1 else 2
            s.cell_rot[c] = (s.cell_rot[c] + k + 1) % 4
            return
        if a < A_STEP:
            s.ankhs[p] -= 3
            s.exch_first = a - A_EXCH
            s.phase = PH_EXCHANGE
            return
        if a < A_MUMMY_DIAG:  # mummy step bought with 2 Ankhs
            s.ankhs[p] -= 2
            s.resume = R_MAIN
            _start_mummy(s, p, 1)
            _mummy_step(s, a - A_MUMMY_STEP)
            _settle(s, rewards_row)
            return
        if a == A_MUMMY_DIAG:
            s.mummy_moved = True
            s.resume = R_MAIN
            _start_mummy(s, p, 2)
            return
        if a == A_EXTRA_POINT:
            s.ankhs[p] -= 1
            s.extra_used = True
            s.extra_pt = True
            return
    elif ph == PH_MOVE:
        if a == A_STOP:
            if s.planning:  # the path is declared: walk its first step, the reveal
                s.planning = False
                s.plan_i = 1
                _walk(s, p, s.plan[0] & 3, True, rewards_row)
                return
            s.mv_pts = 0
            _clear_plan(s)
            s.phase = PH_MAIN
            s.resume = R_MAIN
            return
        if a == A_EXTRA_POINT:
            s.ankhs[p] -= 1
            s.extra_used = True
            s.mv_pts += 1
            return
        if a < A_SEL:
            j = (a - A_PLAY) // 3
            if EXC_SYM[s.hand[p, j], 2] == REVOLVER:
                _play_slot(s, p, j)
                s.sh_by = p
                s.resume = R_MOVE
                s.phase = PH_SHOOT
                return
            _play_slot(s, p, j)  # a secret passage
            s.mv_tok = 1
            return
        if a == A_MUMMY_DIAG:
            s.mummy_moved = True
            s.resume = R_MOVE
            _start_mummy(s, p, 2)
            return
        reveal = a >= A_STEP_REVEAL
        d = (a - A_STEP) % 4
        if s.planning or (reveal and s.plan_n == 0):
            # a card is to be turned up: the rest of the path is declared first
            s.plan[s.plan_n] = d + (4 if reveal else 0)
            s.plan_n += 1
            s.planning = True
            return
        if s.plan_n > 0:
            s.plan_i += 1
        _walk(s, p, d, reveal, rewards_row)
        return
    elif ph == PH_PIT:
        s.no_move = True
        if a == A_YES:
            s.lying[p] = False
        s.phase = PH_MAIN
        return
    elif ph == PH_SPECIAL:
        c = s.pend_special
        s.pend_special = -1
        sp = CARD_SPECIAL[s.cell_card[c]]
        if a == A_PASS:
            _apply_special(s, p, c, rewards_row)
        else:
            if a == A_YES:
                s.ankhs[p] -= _escape_cost(sp)
            else:
                _play_slot(s, p, (a - A_PLAY) // 3)
            if sp == CHAMBER:
                s.mv_any = True
            s.phase = PH_RESOLVE
        if not s.terminated:
            _settle(s, rewards_row)
        return
    elif ph == PH_KP_DEST:
        if a == A_CAMP:
            _to_camp(s, p, False)
        else:
            s.pos[p] = a - A_SEL
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_PICKUP:
        c = s.pend_pickup
        s.pend_pickup = -1
        if a == A_YES:
            card = s.cell_card[c]
            if CARD_SPECIAL[card] == JAR:
                s.carry_jar[p] = card
            else:
                s.carry_tr[p] = card
            _from_beside(s, CARD_GOD[card], c)
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_MUMMY_PLACE:
        s.mummy = a - A_SEL
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_MUMMY:
        if a == A_STOP:
            s.mm_left = 0
            s.phase = PH_RESOLVE
        else:
            _mummy_step(s, a - A_MUMMY_STEP)
        _settle(s, rewards_row)
        return
    elif ph == PH_MUMMY_RAMP:
        if a == A_YES:
            s.mummy = NB[s.mummy, s.mm_dir]
        _mummy_continue(s)
        _settle(s, rewards_row)
        return
    elif ph == PH_MUMMY_KP:
        if a != A_PASS:
            s.mummy = a - A_SEL
        _mummy_continue(s)
        _settle(s, rewards_row)
        return
    elif ph == PH_TORCH:
        if a == A_PASS:
            _ask_torch(s)
        else:
            j = (a - A_PLAY) // 3
            s.torch[p] = _discard_slot(s, p, j)
            s.torch_ask = 0
            s.mm_left = 0
            s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_DISPLACE:
        q = 0
        while q < MAX_PLAYERS - 1 and not (s.disp_mask >> q) & 1:
            q += 1
        s.disp_mask &= ~(1 << q)
        s.pos[q] = a - A_SEL
        s.chamber[q] = False
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_REPLACE:
        c = a - A_SEL
        card = s.rq[0]
        for i in range(s.rq_n - 1):
            s.rq[i] = s.rq[i + 1]
        s.rq_n -= 1
        s.rq[s.rq_n] = -1
        _to_beside(s, c)
        s.cell_card[c] = card
        s.cell_up[c] = True
        s.cell_rot[c] = 0
        for q in range(MAX_PLAYERS):
            s.known[q, c] = False
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_SHOOT:
        # the target is always asked (holding a gun jam is hidden information)
        t = a - A_SHOOT
        s.sh_target = t
        s.phase = PH_GUNJAM
        s.current_player = t
        return
    elif ph == PH_GUNJAM:
        if a != A_PASS:
            _play_slot(s, p, (a - A_PLAY) // 3)
        else:
            _steal(s, s.sh_by, p)
        s.sh_by = -1
        s.sh_target = -1
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_PEEK:
        s.known[p, a - A_SEL] = True
        s.phase = PH_MAIN
        return
    elif ph == PH_SHOVEL:
        _flip(s, a - A_SEL, p)
        s.resume = R_MAIN
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_EXCHANGE:
        f = s.exch_first
        x = a - A_SEL
        card, up, rot = s.cell_card[f], s.cell_up[f], s.cell_rot[f]
        s.cell_card[f], s.cell_up[f], s.cell_rot[f] = s.cell_card[x], s.cell_up[x], s.cell_rot[x]
        s.cell_card[x], s.cell_up[x], s.cell_rot[x] = card, up, rot
        for q in range(MAX_PLAYERS):
            k = s.known[q, f]
            s.known[q, f] = s.known[q, x]
            s.known[q, x] = k
        s.exch_first = -1
        s.phase = PH_MAIN
        return
    elif ph == PH_TR_FIRST:
        # the treasure's space is tr_cells[0]; picked cards tr_cards[0..tr_n-1] come
        # from tr_cells[1..tr_n]; _tr_finish shuffles tr_n + 1 cards onto those spaces
        c = a - A_SEL
        _to_beside(s, c)
        s.cell_card[c] = -1
        s.cell_up[c] = False
        s.cell_rot[c] = 0
        for q in range(MAX_PLAYERS):
            s.known[q, c] = False
        s.treasure_state[s.tr_god] = T_IN_PLAY
        s.tr_stage = 2
        s.tr_i = 0
        s.tr_n = 0
        s.tr_cells[0] = c
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_TR_PICK:
        c = a - A_SEL
        s.tr_cards[s.tr_n] = s.cell_card[c]
        s.tr_known[s.tr_n] = 0
        for q in range(s.num_players):  # a face-up card is seen by all as it is picked
            if s.cell_up[c] or s.known[q, c]:
                s.tr_known[s.tr_n] |= 1 << q
        s.tr_n += 1
        s.tr_cells[s.tr_n] = c
        s.cell_card[c] = -1
        for q in range(MAX_PLAYERS):
            s.known[q, c] = False
        s.cell_up[c] = False
        s.cell_rot[c] = 0
        s.tr_i += 1
        s.phase = PH_RESOLVE
        _settle(s, rewards_row)
        return
    elif ph == PH_DISCARD:
        if a != A_PASS:
            _play_slot(s, p, a - A_DISCARD)
        s.phase = PH_DRAW
        return
    elif ph == PH_DRAW:
        k = a - A_DRAW
        if k == 3:
            s.ankhs[p] -= 1
        for _ in range(k):
            _draw_one(s, p)
        s.react_i = 0
        s.react_back = -1
        s.current_player = s.turn
        _next_reaction(s)
        return
    elif ph == PH_REACT:
        if a == A_PASS:
            _next_reaction(s)
            _settle(s, rewards_row)
            return
        if a < A_SEL:  # revolver
            s.sh_by = p
            _play_slot(s, p, (a - A_PLAY) // 3)
            s.phase = PH_SHOOT
            return
        s.ankhs[p] -= 3
        s.resume = R_REACT
        _start_mummy(s, p, 1)
        _mummy_step(s, a - A_MUMMY_STEP)
        _settle(s, rewards_row)
        return


@njit(cache=True)
def step(states, actions, rewards):
    for b in range(states.shape[0]):
        if actions[b] < 0:
            continue
        rewards[b, :] = 0.0
        _apply(states[b], actions[b], rewards[b])
