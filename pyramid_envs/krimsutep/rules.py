"""Krimsutep rules core: the state record and the batched numba kernels.

One turn is several steps of the turn player (phase field); decisions that belong to
another player (torch, gun jam, re-placing a card, treasure picks, the reaction window)
hand `current_player` to that player. Pending decisions are opened in a fixed order by
`_settle` (see docs/rules/krimsutep.md, "Windows").
"""
import numpy as np
from numba import njit

from ..core.outcome import rank_rewards
from ..core.rng import randint, shuffle
from .spec import (A_CAMP, A_DISCARD, A_DRAW, A_END, A_EXCH, A_EXTRA_POINT, A_HIDE, A_MUMMY_DIAG,
                   A_MUMMY_STEP, A_PASS, A_PLAY, A_REVEAL, A_ROT, A_SEL, A_SHOOT, A_STEP,
                   A_STEP_REVEAL, A_STOP, A_YES, ANKH, BESIDE_FEATURES, BURIED, CAMP,
                   CAMP_FEATURES, CARD_ANKH, CARD_BACK, CARD_GOD, CARD_SHAPE, CARD_SPECIAL,
                   CELL_COL, CELL_FEATURES, CELL_ROW, CHAMBER, DARK_CELL,
                   DISPLACE_DIST, EXC_SYM, EYEGLASSES, GOD_FEATURES, GRAVE, GRAVE_ID, GUNJAM,
                   HAND_LIMIT, JAR, JAR0, KINGS, LIGHT_CELL, MAX_ANKHS, MAX_BESIDE, MAX_PLAN,
                   MAX_PLAYERS,
                   MOVE_POINTS, MUMMY_START, NB, NUM_CELLS, NUM_DARK, NUM_EXC, NUM_GODS,
                   NUM_LIGHT, NUM_PATH, NUM_PHASES, OFF, OPEN, PASSAGE, PH_DISCARD, PH_DISPLACE,
                   PH_DRAW, PH_EXCHANGE, PH_GUNJAM, PH_KP_DEST, PH_MAIN, PH_MOVE, PH_MUMMY,
                   PH_MUMMY_KP, PH_MUMMY_PLACE, PH_MUMMY_RAMP, PH_OVER, PH_PEEK, PH_PICKUP,
                   PH_PIT, PH_REACT, PH_REPLACE, PH_RESOLVE, PH_SHOOT, PH_SHOVEL, PH_SPECIAL,
                   PH_TORCH, PH_TR_FIRST, PH_TR_PICK, PITFALL, PLAYER_FEATURES, R_ENDTURN, R_MAIN,
                   R_MOVE, R_REACT, RAMP, REVOLVER, SHOVEL, SLOT_FEATURES, START_HAND, TORCH,
                   TREASURE, TREASURE0)

# treasure states
T_UNUSED, T_WAITING, T_IN_PLAY, T_WON = 0, 1, 2, 3

STATE = np.dtype([
    ("num_players", np.int8),
    ("current_player", np.int8),
    ("terminated", np.bool_),
    ("steps", np.int32),
    ("rng", np.uint64),
    ("scores", np.int32, (MAX_PLAYERS,)),
    ("play_on", np.bool_),
    ("phase", np.int8),
    ("turn", np.int8),                       # whose turn it is
    # the pyramid: card id per cell (GRAVE_ID at the grave), face up, front rotation
    ("cell_card", np.int8, (NUM_CELLS,)),
    ("cell_up", np.uint8, (NUM_CELLS,)),
    ("cell_rot", np.int8, (NUM_CELLS,)),
    ("known", np.uint8, (MAX_PLAYERS, NUM_CELLS)),   # seat knows the face-down card there
    # path cards beside the pyramid, face down, in line order
    ("beside", np.int8, (MAX_BESIDE,)),
    ("beside_rot", np.int8, (MAX_BESIDE,)),
    ("beside_known", np.uint8, (MAX_PLAYERS, MAX_BESIDE)),
    ("beside_n", np.int8),
    ("jar_used", np.uint8, (NUM_GODS,)),            # the game's jars (one per player)
    ("treasure_state", np.int8, (NUM_GODS,)),
    # researchers
    ("pos", np.int8, (MAX_PLAYERS,)),               # cell, or CAMP
    ("ankhs", np.int8, (MAX_PLAYERS,)),
    ("carry_jar", np.int8, (MAX_PLAYERS,)),         # card id or -1
    ("carry_tr", np.int8, (MAX_PLAYERS,)),
    ("camp_jars", np.int8, (MAX_PLAYERS,)),         # bit g: jar of god g in this camp
    ("attacked", np.uint8, (MAX_PLAYERS,)),
    ("lying", np.uint8, (MAX_PLAYERS,)),
    ("chamber", np.uint8, (MAX_PLAYERS,)),
    ("torch", np.int8, (MAX_PLAYERS,)),             # lit torch card, -1 none
    ("finished", np.int8, (MAX_PLAYERS,)),          # 0 playing, k = k-th to bring a treasure
    # excavation cards
    ("hand", np.int8, (MAX_PLAYERS, HAND_LIMIT)),   # compact, hand_n cards
    ("hand_n", np.int8, (MAX_PLAYERS,)),
    ("deck", np.int8, (NUM_EXC,)),                  # top at deck[deck_n - 1]
    ("deck_n", np.int8),
    ("disc", np.int8, (NUM_EXC,)),                  # top at disc[disc_n - 1]
    ("disc_n", np.int8),
    # the mummy
    ("mummy", np.int8),                             # cell (GRAVE while asleep)
    ("awake", np.bool_),
    # this turn
    ("moved", np.bool_),            # the turn's move was started
    ("no_move", np.bool_),          # pit turn: no movement
    ("extra_used", np.bool_),
    ("extra_pt", np.bool_),         # a sixth point bought for the coming move
    ("mummy_moved", np.bool_),      # the free (diagonal) mummy move was used
    ("mv_god", np.int8),
    ("mv_pts", np.int8),
    ("mv_tok", np.int8),            # secret passages in hand for this move
    ("mv_any", np.bool_),           # the next step may leave in any direction
    ("mv_dir", np.int8),            # direction of the last step (ramps)
    ("mv_steps", np.int8),
    # the path declared at the move's first reveal (rulings): direction + 4 for a reveal
    ("plan", np.int8, (MAX_PLAN,)),
    ("plan_n", np.int8),
    ("plan_i", np.int8),            # planned steps walked
    ("planning", np.bool_),         # the path is being declared
    # pending decisions
    ("resume", np.int8),
    ("pend_wake", np.bool_),
    ("pend_pickup", np.int8),       # cell, -1 none
    ("pend_special", np.int8),      # cell, -1 none
    ("mm_mover", np.int8),
    ("mm_left", np.int8),
    ("mm_taken", np.int8),
    ("mm_dir", np.int8),
    ("mm_target", np.int8),
    ("torch_ask", np.int8),         # bit mask of seats still to ask about a torch
    ("disp_mask", np.int8),
    ("disp_by", np.int8),
    ("rq", np.int8, (2 * NUM_GODS,)),   # jars/treasures to re-place
    ("rq_n", np.int8),
    ("sh_by", np.int8),
    ("sh_target", np.int8),
    ("exch_first", np.int8),
    ("tr_god", np.int8),
    ("tr_cells", np.int8, (MAX_BESIDE,)),
    ("tr_cards", np.int8, (MAX_BESIDE,)),
    ("tr_n", np.int8),
    ("tr_known", np.uint8, (MAX_BESIDE,)),  # per picked card: seats that knew it (bit mask)
    ("tr_stage", np.int8),          # 0 none, 1 first card, 2 picks
    ("tr_i", np.int8),              # picks made so far
    ("tr_total", np.int8),          # picks to make in all
    ("react_i", np.int8),
])


# =============================================================================
# small queries
# =============================================================================
@njit(cache=True, inline="always")
def _is_path(card):
    return card >= 0 and card < NUM_PATH


@njit(cache=True)
def _researcher_at(s, c, except_seat):
    for q in range(s.num_players):
        if q != except_seat and s.finished[q] == 0 and s.pos[q] == c:
            return True
    return False


@njit(cache=True, inline="always")
def _occupied(s, c):
    """A researcher or the mummy is on cell c."""
    return _researcher_at(s, c, -1) or (s.awake and s.mummy == c)


@njit(cache=True, inline="always")
def _open_paths(s, c):
    """Exits of cell c as bits, 15 when it may be left in any direction."""
    if c == CAMP:
        return 2  # east only
    card = s.cell_card[c]
    if not s.cell_up[c]:
        return 15
    sp = CARD_SPECIAL[card]
    if sp == BURIED or sp == JAR or sp == TREASURE:
        return 15
    return OPEN[CARD_SHAPE[card], s.cell_rot[c]]


@njit(cache=True, inline="always")
def _cost(s, c):
    if c == CAMP:
        return 1
    if s.cell_up[c] and CARD_SPECIAL[s.cell_card[c]] != BURIED:
        return 1
    return 2


@njit(cache=True, inline="always")
def _enterable(s, c):
    """A researcher may step onto c (a grid cell)."""
    return c != GRAVE and not (s.awake and s.mummy == c)


@njit(cache=True, inline="always")
def _stopper(s, c):
    """A face-up card whose effect ends (or diverts) a move on entering."""
    if not s.cell_up[c]:
        return False
    sp = CARD_SPECIAL[s.cell_card[c]]
    return sp == PITFALL or sp == CHAMBER or sp == KINGS or sp == RAMP or sp == JAR or sp == TREASURE


@njit(cache=True, inline="always")
def _god_at(s, c):
    return CARD_GOD[s.cell_card[c]]


@njit(cache=True)
def _reach(s, start, pts, tok, start_any, god, buf):
    """Can a researcher on `start` with `pts` points reach another space showing `god`
    (or the camp, or leave the pyramid) by what is known now? buf: int8[2 * 37] scratch."""
    for i in range(2 * (NUM_CELLS + 1)):
        buf[i] = -1
    buf[start * 2 + tok] = pts
    changed = True
    while changed:
        changed = False
        for c in range(NUM_CELLS + 1):
            for k in range(2):
                rem = buf[c * 2 + k]
                if rem < 0:
                    continue
                opn = 15 if (c == start and start_any) else _open_paths(s, c)
                if c == CAMP:
                    opn = 2
                for d in range(4):
                    k2 = k
                    if not (opn >> d) & 1:
                        if k == 0 or c == CAMP:
                            continue
                        k2 = 0
                    n = NB[c, d]
                    if n == -2:
                        continue
                    if n == OFF or n == CAMP:
                        if rem >= 1:
                            return True
                        continue
                    if not _enterable(s, n):
                        continue
                    r2 = rem - _cost(s, n)
                    if r2 < 0:
                        continue
                    if n != start and _god_at(s, n) == god:
                        return True
                    if _stopper(s, n):
                        continue
                    if buf[n * 2 + k2] < r2:
                        buf[n * 2 + k2] = r2
                        changed = True
    return False


@njit(cache=True)
def _next_active(s, p):
    n = s.num_players
    for i in range(1, n + 1):
        q = (p + i) % n
        if s.finished[q] == 0:
            return q
    return p


@njit(cache=True)
def _discard_slot(s, p, j):
    c = s.hand[p, j]
    for i in range(j, s.hand_n[p] - 1):
        s.hand[p, i] = s.hand[p, i + 1]
    s.hand_n[p] -= 1
    s.hand[p, s.hand_n[p]] = -1
    return c


@njit(cache=True)
def _play_slot(s, p, j):
    c = _discard_slot(s, p, j)
    s.disc[s.disc_n] = c
    s.disc_n += 1


@njit(cache=True)
def _first_slot_with(s, p, sym):
    for j in range(s.hand_n[p]):
        if EXC_SYM[s.hand[p, j], 2] == sym:
            return j
    return -1


@njit(cache=True, inline="always")
def _gain_ankh(s, p):
    if s.ankhs[p] < MAX_ANKHS:
        s.ankhs[p] += 1


# =============================================================================
# diagonal line of sight and the mummy
# =============================================================================
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


# =============================================================================
# jars, treasures, cards lost
# =============================================================================
@njit(cache=True)
def _lose_carried(s, p):
    if s.carry_jar[p] >= 0:
        s.rq[s.rq_n] = s.carry_jar[p]
        s.rq_n += 1
        s.carry_jar[p] = -1
    if s.carry_tr[p] >= 0:
        s.rq[s.rq_n] = s.carry_tr[p]
        s.rq_n += 1
        s.carry_tr[p] = -1


@njit(cache=True)
def _to_beside(s, c):
    """Move the path card on cell c beside the pyramid (face down), knowledge with it."""
    i = s.beside_n
    s.beside[i] = s.cell_card[c]
    s.beside_rot[i] = s.cell_rot[c]
    for q in range(s.num_players):
        s.beside_known[q, i] = 1 if (s.known[q, c] != 0 or s.cell_up[c] != 0) else 0
    s.beside_n += 1


@njit(cache=True)
def _from_beside(s, god, c):
    """The first card of `god` beside the pyramid (any if none) goes face down onto c."""
    k = -1
    for i in range(s.beside_n):
        if CARD_GOD[s.beside[i]] == god:
            k = i
            break
    if k < 0:
        k = 0
    s.cell_card[c] = s.beside[k]
    s.cell_rot[c] = s.beside_rot[k]
    s.cell_up[c] = False
    for q in range(MAX_PLAYERS):
        s.known[q, c] = s.beside_known[q, k]
    for i in range(k, s.beside_n - 1):
        s.beside[i] = s.beside[i + 1]
        s.beside_rot[i] = s.beside_rot[i + 1]
        for q in range(MAX_PLAYERS):
            s.beside_known[q, i] = s.beside_known[q, i + 1]
    s.beside_n -= 1
    s.beside[s.beside_n] = -1
    s.beside_rot[s.beside_n] = 0
    for q in range(MAX_PLAYERS):
        s.beside_known[q, s.beside_n] = False


@njit(cache=True)
def _replace_level(s, c, god):
    """How good a choice cell c is for re-placing a card of `god`: 2 same god and free,
    1 any path card and free, 0 any path card, -1 never."""
    if not DARK_CELL[c] or not _is_path(s.cell_card[c]):
        return -1
    if _occupied(s, c):
        return 0
    return 2 if CARD_GOD[s.cell_card[c]] == god else 1


@njit(cache=True)
def _replace_best(s, god):
    best = -1
    for c in range(NUM_CELLS):
        v = _replace_level(s, c, god)
        if v > best:
            best = v
    return best


@njit(cache=True)
def _tr_level(s, c, god):
    """Treasure emergence: 2 a free face-down dark card of `god`, 1 another free dark path card."""
    if not DARK_CELL[c] or not _is_path(s.cell_card[c]) or _occupied(s, c):
        return -1
    if not s.cell_up[c] and CARD_GOD[s.cell_card[c]] == god:
        return 2
    return 1


@njit(cache=True)
def _tr_best(s, god):
    best = -1
    for c in range(NUM_CELLS):
        v = _tr_level(s, c, god)
        if v > best:
            best = v
    return best


@njit(cache=True)
def _tr_picker(s):
    """(seat, ok) of the player making pick number tr_i of the treasure emergence."""
    per = 2 if s.num_players == 2 else 1
    k = s.tr_i // per
    q = s.turn
    cnt = 0
    for i in range(s.num_players):
        q = (s.turn + i) % s.num_players
        if s.finished[q] == 0:
            if cnt == k:
                return q
            cnt += 1
    return s.turn


@njit(cache=True)
def _tr_finish(s):
    """Shuffle the treasure with the picked cards onto the vacant spaces, face down.

    A seat still knows a card after the shuffle only if it knew the card before, can tell
    where it went (no other shuffled card shows the same god on its back) and its paths do
    not depend on the random orientation it is laid in (crosses, jars, treasures)."""
    cards = s.tr_cards
    m = s.tr_n + 1
    cards[s.tr_n] = TREASURE0 + s.tr_god  # tr_n picked cards + the treasure
    s.tr_known[s.tr_n] = (1 << s.num_players) - 1  # which treasure emerges is public
    same_god = np.zeros(NUM_GODS, np.int8)
    for i in range(m):
        same_god[CARD_GOD[cards[i]]] += 1
    order = np.arange(m)
    shuffle(s, order, m)
    for i in range(m):
        c = s.tr_cells[i]
        k = cards[order[i]]
        s.cell_card[c] = k
        s.cell_up[c] = False
        s.cell_rot[c] = randint(s, 4)
        sh = CARD_SHAPE[k]
        trackable = same_god[CARD_GOD[k]] == 1 and OPEN[sh, 0] == OPEN[sh, 1] and OPEN[sh, 0] == OPEN[sh, 2]
        for q in range(MAX_PLAYERS):
            s.known[q, c] = trackable and (s.tr_known[order[i]] >> q) & 1 == 1
    s.treasure_state[s.tr_god] = T_IN_PLAY
    for i in range(MAX_BESIDE):
        s.tr_cells[i] = -1
        s.tr_cards[i] = -1
        s.tr_known[i] = 0
    s.tr_n = 0
    s.tr_stage = 0
    s.tr_i = 0
    s.tr_total = 0
    s.tr_god = -1


@njit(cache=True)
def _deliver_jar(s, p):
    g = CARD_GOD[s.carry_jar[p]]
    s.camp_jars[p] |= 1 << g
    s.carry_jar[p] = -1
    if s.treasure_state[g] == T_WAITING:
        s.tr_god = g
        s.tr_stage = 1
        s.tr_n = 0
        s.tr_i = 0
        active = 0
        for q in range(s.num_players):
            if s.finished[q] == 0:
                active += 1
        s.tr_total = active * (2 if s.num_players == 2 else 1)


@njit(cache=True)
def _win(s, p, rewards_row):
    rank = 1
    for q in range(s.num_players):
        if s.finished[q] > 0:
            rank += 1
    s.finished[p] = rank
    s.treasure_state[CARD_GOD[s.carry_tr[p]]] = T_WON
    s.carry_tr[p] = -1
    active = 0
    for q in range(s.num_players):
        if s.finished[q] == 0:
            active += 1
    if not s.play_on or active <= 1:
        for q in range(s.num_players):
            if s.finished[q] > 0:
                s.scores[q] = s.num_players - s.finished[q] if s.play_on else 1
            else:
                s.scores[q] = 0
        s.terminated = True
        s.phase = PH_OVER
        rank_rewards(s.scores, s.num_players, rewards_row)
        return True
    return False


# =============================================================================
# revealing, entering
# =============================================================================
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
def _can_pick(s, p, c):
    card = s.cell_card[c]
    if not s.cell_up[c] or _researcher_at(s, c, p):
        return False
    if CARD_SPECIAL[card] == JAR:
        return s.carry_jar[p] < 0
    if CARD_SPECIAL[card] == TREASURE:
        return s.camp_jars[p] != 0 and s.carry_tr[p] < 0
    return False


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


# =============================================================================
# turn flow
# =============================================================================
@njit(cache=True)
def _react_eligible(s, q):
    if s.finished[q] != 0:
        return False
    if s.ankhs[q] >= 3 and _any_mummy_step(s, q):
        return True
    # sharing a space with a carrier opens the window whether or not he holds a revolver
    if s.pos[q] == CAMP:
        return False
    for t in range(s.num_players):
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
    s.resume = R_MAIN
    s.phase = PH_PIT if s.lying[p] else PH_MAIN


@njit(cache=True)
def _next_reaction(s):
    """Open the reaction window of the next eligible player, or begin the next turn."""
    while s.react_i < s.num_players - 1:
        s.react_i += 1
        q = (s.turn + s.react_i) % s.num_players
        if _react_eligible(s, q):
            s.phase = PH_REACT
            s.current_player = q
            s.resume = R_REACT
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
            if _tr_best(s, s.tr_god) < 0:
                # no card can make room for the treasure: it stays waiting (see rulings)
                s.tr_stage = 0
                s.tr_god = -1
                continue
            s.phase = PH_TR_FIRST
            s.current_player = p
            return
        if s.tr_stage == 2:
            if s.tr_i < s.tr_total and _tr_best(s, s.tr_god) >= 0:
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
        if s.resume != R_MOVE:
            _clear_plan(s)
        if s.resume == R_MOVE:
            s.phase = PH_MOVE
        elif s.resume == R_MAIN:
            s.phase = PH_MAIN
        elif s.resume == R_ENDTURN:
            _end_turn(s)
        else:
            _next_reaction(s)


@njit(cache=True)
def _end_turn(s):
    s.current_player = s.turn
    if s.hand_n[s.turn] > 0:
        s.phase = PH_DISCARD
    else:
        s.phase = PH_DRAW


# =============================================================================
# reset
# =============================================================================
@njit(cache=True)
def reset(states, seeds, options):
    light = np.empty(NUM_LIGHT, np.int8)
    dark = np.empty(NUM_DARK, np.int8)
    gods = np.empty(NUM_GODS, np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        n = options[0]
        s.num_players = n
        s.play_on = options[1] != 0 if options.shape[0] > 1 else False
        s.terminated = False
        s.steps = 0
        s.rng = seeds[b]
        s.scores[:] = 0
        s.known[:, :] = False
        s.beside[:] = -1
        s.beside_rot[:] = 0
        s.beside_known[:, :] = False
        s.beside_n = 0
        # the light triangle
        for i in range(NUM_LIGHT):
            light[i] = i
        shuffle(s, light, NUM_LIGHT)
        k = 0
        for c in range(NUM_CELLS):
            s.cell_up[c] = False
            s.cell_rot[c] = 0
            if LIGHT_CELL[c]:
                s.cell_card[c] = light[k]
                s.cell_rot[c] = randint(s, 4)
                k += 1
        # jars and treasures of n gods; their dark cards set aside
        for g in range(NUM_GODS):
            gods[g] = g
        shuffle(s, gods, NUM_GODS)
        s.jar_used[:] = False
        s.treasure_state[:] = T_UNUSED
        for i in range(n):
            s.jar_used[gods[i]] = True
            s.treasure_state[gods[i]] = T_WAITING
        nd = 0
        for i in range(NUM_DARK):
            dark[i] = NUM_LIGHT + i
        shuffle(s, dark, NUM_DARK)
        # remove the first card of each used god, replace it by the jar
        for g in range(NUM_GODS):
            if not s.jar_used[g]:
                continue
            for i in range(NUM_DARK):
                if dark[i] < NUM_PATH and CARD_GOD[dark[i]] == g:
                    s.beside[s.beside_n] = dark[i]
                    s.beside_rot[s.beside_n] = randint(s, 4)
                    s.beside_n += 1
                    dark[i] = JAR0 + g
                    break
        shuffle(s, dark, NUM_DARK)
        for c in range(NUM_CELLS):
            if DARK_CELL[c]:
                s.cell_card[c] = dark[nd]
                s.cell_rot[c] = randint(s, 4)
                nd += 1
        s.cell_card[GRAVE] = GRAVE_ID
        s.cell_up[GRAVE] = True
        # excavation cards
        for i in range(NUM_EXC):
            s.deck[i] = i
            s.disc[i] = -1
        shuffle(s, s.deck, NUM_EXC)
        s.deck_n = NUM_EXC
        s.disc_n = 0
        s.hand[:, :] = -1
        s.hand_n[:] = 0
        for p in range(n):
            for j in range(START_HAND):
                s.deck_n -= 1
                s.hand[p, j] = s.deck[s.deck_n]
                s.deck[s.deck_n] = -1
            s.hand_n[p] = START_HAND
        s.deck_n -= 1
        s.disc[0] = s.deck[s.deck_n]
        s.deck[s.deck_n] = -1
        s.disc_n = 1
        # researchers and the mummy
        for p in range(MAX_PLAYERS):
            s.pos[p] = CAMP
            s.ankhs[p] = 0
            s.carry_jar[p] = -1
            s.carry_tr[p] = -1
            s.camp_jars[p] = 0
            s.attacked[p] = False
            s.lying[p] = False
            s.chamber[p] = False
            s.torch[p] = -1
            s.finished[p] = 0
        s.mummy = GRAVE
        s.awake = False
        s.pend_wake = False
        s.pend_pickup = -1
        s.pend_special = -1
        s.mm_mover = -1
        s.mm_left = 0
        s.mm_taken = 0
        s.mm_dir = -1
        s.mm_target = -1
        s.torch_ask = 0
        s.disp_mask = 0
        s.disp_by = -1
        s.rq[:] = -1
        s.rq_n = 0
        s.sh_by = -1
        s.sh_target = -1
        s.exch_first = -1
        s.tr_god = -1
        s.tr_cells[:] = -1
        s.tr_cards[:] = -1
        s.tr_known[:] = 0
        s.tr_n = 0
        s.tr_stage = 0
        s.tr_i = 0
        s.tr_total = 0
        _begin_turn(s, 0)


# =============================================================================
# the legal actions
# =============================================================================
@njit(cache=True)
def _can_flip(s, c):
    """Cell c can be turned over (shovel / Ankh): a card, no pawn or mummy on it."""
    if c == GRAVE or _occupied(s, c):
        return False
    if s.cell_up[c]:
        return _is_path(s.cell_card[c])  # jars and treasures are never turned back down
    return True


@njit(cache=True)
def _can_turn(s, c):
    """Face-up path card without pawn or mummy (rotate)."""
    return c != GRAVE and s.cell_up[c] and _is_path(s.cell_card[c]) and not _occupied(s, c)


@njit(cache=True)
def _can_move_now(s, p):
    return not s.moved and not s.no_move and not s.lying[p]


@njit(cache=True)
def _start_any(s, p):
    return s.mv_any or (s.chamber[p] and s.mv_steps == 0)


@njit(cache=True)
def _move_possible(s, p, god, buf):
    pts = MOVE_POINTS + (1 if s.extra_pt else 0)
    tok = 1 if (s.mv_tok > 0 or _first_slot_with(s, p, PASSAGE) >= 0) else 0
    return _reach(s, s.pos[p], pts, tok, s.chamber[p], god, buf)


@njit(cache=True)
def _path_step_ok(s, c, d, reveal, pts, tok, any_dir, back, god, buf):
    """A path from c may go on with a step in direction d (turning the card there face up
    if `reveal`) with `pts` points and `tok` secret passages left, by what is known now:
    the chosen god (or the camp) stays reachable. back: the direction the path came from."""
    if d == back:
        return False  # a chosen path never turns straight back (see rulings)
    opn = _open_paths(s, c)
    tok2 = tok
    if not any_dir and not (opn >> d) & 1:
        if tok == 0:
            return False
        tok2 = 0
    n = NB[c, d]
    if n == -2:
        return False
    if n == OFF or n == CAMP:
        return (not reveal) and pts >= 1
    if not _enterable(s, n):
        return False
    if reveal:
        if s.cell_up[n] or _researcher_at(s, n, -1) or pts < 1:
            return False
        if _god_at(s, n) == god:
            return True
        return _reach(s, n, pts - 1, tok2, True, god, buf)
    cost = _cost(s, n)
    if cost > pts:
        return False
    if _god_at(s, n) == god:
        return True
    if _stopper(s, n):
        return False
    return _reach(s, n, pts - cost, tok2, False, god, buf)


@njit(cache=True)
def _back_dir(s):
    return (s.mv_dir + 2) % 4 if s.mv_steps > 0 else -1


@njit(cache=True)
def _plan_end(s, p):
    """Where the declared path leads, as (space, points left, passages left, direction of
    its last step); the cards it will turn up count as face-down cards (exits unknown)."""
    c = s.pos[p]
    pts = s.mv_pts
    tok = 1 if s.mv_tok > 0 else 0
    any_dir = _start_any(s, p)
    last = s.mv_dir if s.mv_steps > 0 else -1
    for i in range(s.plan_n):
        d = s.plan[i] & 3
        if not any_dir and not (_open_paths(s, c) >> d) & 1:
            tok = 0
        any_dir = False
        last = d
        n = NB[c, d]
        if n == OFF or n == CAMP:
            return CAMP, pts - 1, tok, last
        pts -= 1 if s.plan[i] >= 4 else _cost(s, n)
        c = n
    return c, pts, tok, last


@njit(cache=True)
def _plan_step_ok(s, p, d, reveal, buf):
    """The declared path may be extended by this step (same test as a free step)."""
    c, pts, tok, last = _plan_end(s, p)
    if c == CAMP or s.plan_n >= MAX_PLAN:
        return False
    if s.plan_n > 0 and s.cell_up[c] and _stopper(s, c):
        return False  # a face-up special, jar or treasure ends the path
    any_dir = s.plan_n == 0 and _start_any(s, p)
    back = (last + 2) % 4 if last >= 0 else -1
    return _path_step_ok(s, c, d, reveal, pts, tok, any_dir, back, s.mv_god, buf)


@njit(cache=True)
def _plan_complete(s, p):
    """The declared path ends in the camp or on a space of the chosen god."""
    c, pts, tok, last = _plan_end(s, p)
    return c == CAMP or _god_at(s, c) == s.mv_god


@njit(cache=True)
def _walk_ok(s, p):
    """The next step of the declared path can be walked now: the space's paths (or a
    secret passage) lead that way, the next space can be entered and paid for."""
    if s.plan_i >= s.plan_n:
        return False
    code = s.plan[s.plan_i]
    d = code & 3
    c = s.pos[p]
    if not _start_any(s, p) and not (_open_paths(s, c) >> d) & 1 and s.mv_tok == 0:
        return False
    n = NB[c, d]
    if n == -2:
        return False
    if n == OFF or n == CAMP:
        return s.mv_pts >= 1
    if not _enterable(s, n):
        return False
    if code >= 4:
        return not s.cell_up[n] and not _researcher_at(s, n, -1) and s.mv_pts >= 1
    return _cost(s, n) <= s.mv_pts


@njit(cache=True)
def _clear_plan(s):
    s.plan[:] = -1
    s.plan_n = 0
    s.plan_i = 0
    s.planning = False


@njit(cache=True)
def _fill_mask(s, m, buf):
    p = s.current_player
    ph = s.phase
    if ph == PH_MAIN:
        m[A_END] = 1
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
                                if _move_possible(s, p, g, buf):
                                    god_ok |= 1 << g
                    ok = (god_ok >> sym) & 1 == 1
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
                if c != GRAVE and _is_path(s.cell_card[c]) and not _occupied(s, c):
                    for x in range(NUM_CELLS):
                        if x != c and x != GRAVE and _is_path(s.cell_card[x]) and not _occupied(s, x) \
                                and CARD_BACK[s.cell_card[x]] == CARD_BACK[s.cell_card[c]]:
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
        best = _replace_best(s, g)
        for x in range(NUM_CELLS):
            if _replace_level(s, x, g) == best:
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
            if x != f and x != GRAVE and _is_path(s.cell_card[x]) and not _occupied(s, x) \
                    and CARD_BACK[s.cell_card[x]] == CARD_BACK[s.cell_card[f]]:
                m[A_SEL + x] = 1
    elif ph == PH_TR_FIRST or ph == PH_TR_PICK:
        best = _tr_best(s, s.tr_god)
        for x in range(NUM_CELLS):
            if _tr_level(s, x, s.tr_god) == best:
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


# =============================================================================
# applying an action
# =============================================================================
@njit(cache=True)
def _draw_one(s, p):
    if s.deck_n == 0:
        for i in range(s.disc_n):
            s.deck[i] = s.disc[i]
            s.disc[i] = -1
        s.deck_n = s.disc_n
        s.disc_n = 0
        shuffle(s, s.deck, s.deck_n)
    s.deck_n -= 1
    s.hand[p, s.hand_n[p]] = s.deck[s.deck_n]
    s.deck[s.deck_n] = -1
    s.hand_n[p] += 1


@njit(cache=True)
def _steal(s, thief, victim):
    if s.carry_jar[victim] >= 0:
        j = s.carry_jar[victim]
        s.carry_jar[victim] = -1
        if s.carry_jar[thief] >= 0:
            s.rq[s.rq_n] = j
            s.rq_n += 1
        else:
            s.carry_jar[thief] = j
    if s.carry_tr[victim] >= 0:
        t = s.carry_tr[victim]
        s.carry_tr[victim] = -1
        if s.camp_jars[thief] == 0 or s.carry_tr[thief] >= 0:
            s.rq[s.rq_n] = t
            s.rq_n += 1
        else:
            s.carry_tr[thief] = t


@njit(cache=True)
def _flip(s, c, p):
    if s.cell_up[c]:
        s.cell_up[c] = False
        for q in range(s.num_players):
            s.known[q, c] = True
    else:
        _reveal(s, c, p)


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
    s.phase = PH_RESOLVE
    _settle(s, rewards_row)


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
        s.current_player = s.turn
        _next_reaction(s)
        return
    elif ph == PH_REACT:
        if a == A_PASS:
            _next_reaction(s)
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


# =============================================================================
# observation
# =============================================================================
@njit(cache=True)
def _observe_one(s, seat, f):
    f[:] = 0.0
    n = s.num_players
    for c in range(NUM_CELLS):
        base = c * CELL_FEATURES
        card = s.cell_card[c]
        if c == GRAVE:
            f[base + 2] = 1.0
        elif card >= 0:
            f[base + CARD_BACK[card]] = 1.0
            f[base + 4 + CARD_GOD[card]] = 1.0
            up = s.cell_up[c]
            if up:
                f[base + 3] = 1.0
            if up or s.known[seat, c]:
                f[base + 9] = 1.0
                op = OPEN[CARD_SHAPE[card], s.cell_rot[c]]
                for d in range(4):
                    f[base + 10 + d] = (op >> d) & 1
                sp = CARD_SPECIAL[card]
                if sp >= 1 and sp <= 7:
                    f[base + 13 + sp] = 1.0
                if CARD_ANKH[card]:
                    f[base + 21] = 1.0
            if not up:
                cnt = 0
                for q in range(n):
                    if q != seat and s.known[q, c]:
                        cnt += 1
                f[base + 28] = cnt / 4.0
        if s.awake and s.mummy == c:
            f[base + 22] = 1.0
    g = NUM_CELLS * CELL_FEATURES
    for q in range(n):
        rel = (q - seat) % n
        if s.finished[q] == 0:
            if s.pos[q] == CAMP:
                f[g + rel] = 1.0
            else:
                f[s.pos[q] * CELL_FEATURES + 23 + rel] = 1.0
    g += CAMP_FEATURES
    for q in range(n):
        rel = (q - seat) % n
        b = g + rel * PLAYER_FEATURES
        f[b] = 1.0
        f[b + 1] = s.ankhs[q] / 9.0
        f[b + 2] = s.hand_n[q] / 5.0
        f[b + 3] = s.carry_jar[q] >= 0
        f[b + 4] = s.carry_tr[q] >= 0
        cj = 0
        for x in range(NUM_GODS):
            if (s.camp_jars[q] >> x) & 1:
                cj += 1
        f[b + 5] = cj / 5.0
        f[b + 6] = s.attacked[q]
        f[b + 7] = s.lying[q]
        f[b + 8] = s.chamber[q]
        f[b + 9] = s.torch[q] >= 0
        f[b + 10] = s.finished[q] > 0
        f[b + 11] = s.turn == q
        f[b + 12] = s.current_player == q and not s.terminated
    g += MAX_PLAYERS * PLAYER_FEATURES
    # where the jars and treasures are, as bit masks over the gods (one pass each)
    jar_up = 0
    tr_up = 0
    for c in range(NUM_CELLS):
        card = s.cell_card[c]
        if card >= JAR0 and card < GRAVE_ID and s.cell_up[c]:
            if card < TREASURE0:
                jar_up |= 1 << (card - JAR0)
            else:
                tr_up |= 1 << (card - TREASURE0)
    jar_car = 0
    tr_car = 0
    camp = 0
    for q in range(n):
        if s.carry_jar[q] >= 0:
            jar_car |= 1 << (s.carry_jar[q] - JAR0)
        if s.carry_tr[q] >= 0:
            tr_car |= 1 << (s.carry_tr[q] - TREASURE0)
        camp |= s.camp_jars[q]
    for i in range(s.rq_n):  # waiting to be re-placed: still counted as carried
        if s.rq[i] < TREASURE0:
            jar_car |= 1 << (s.rq[i] - JAR0)
        else:
            tr_car |= 1 << (s.rq[i] - TREASURE0)
    for x in range(NUM_GODS):
        b = g + x * GOD_FEATURES
        if not s.jar_used[x]:
            f[b] = 1.0
            f[b + 5] = 1.0
            continue
        where = 1  # hidden face down
        if (jar_up >> x) & 1:
            where = 2
        if (jar_car >> x) & 1:
            where = 3
        if (camp >> x) & 1:
            where = 4
        f[b + where] = 1.0
        ts = s.treasure_state[x]
        tw = 1 if ts == T_WAITING else (5 if ts == T_WON else 2)
        if ts == T_IN_PLAY:
            if (tr_up >> x) & 1:
                tw = 3
            if (tr_car >> x) & 1:
                tw = 4
        f[b + 5 + tw] = 1.0
    g += NUM_GODS * GOD_FEATURES
    for j in range(s.hand_n[seat]):
        b = g + j * SLOT_FEATURES
        card = s.hand[seat, j]
        f[b] = 1.0
        f[b + 1 + EXC_SYM[card, 0]] = 1.0
        f[b + 1 + EXC_SYM[card, 1]] = 1.0
        f[b + 1 + NUM_GODS + EXC_SYM[card, 2] - NUM_GODS] = 1.0
    g += HAND_LIMIT * SLOT_FEATURES
    for i in range(s.beside_n):
        b = g + i * BESIDE_FEATURES
        card = s.beside[i]
        f[b] = 1.0
        f[b + 1 + CARD_GOD[card]] = 1.0
        if s.beside_known[seat, i]:
            f[b + 6] = 1.0
            op = OPEN[CARD_SHAPE[card], s.beside_rot[i]]
            for d in range(4):
                f[b + 7 + d] = (op >> d) & 1
            sp = CARD_SPECIAL[card]
            if sp >= 1 and sp <= 7:
                f[b + 10 + sp] = 1.0
            f[b + 18] = CARD_ANKH[card]
    g += MAX_BESIDE * BESIDE_FEATURES
    if s.phase < NUM_PHASES:
        f[g + s.phase] = 1.0
    g += NUM_PHASES
    f[g] = s.mv_pts / 6.0
    if s.mv_god >= 0 and s.phase == PH_MOVE:
        f[g + 1 + s.mv_god] = 1.0
    g += 1 + NUM_GODS
    f[g] = s.moved
    f[g + 1] = s.extra_used
    f[g + 2] = s.mummy_moved
    f[g + 3] = s.mv_tok > 0
    f[g + 4] = s.no_move
    f[g + 5] = s.mv_any
    f[g + 6] = s.awake
    g += 7
    f[g] = s.deck_n / 40.0
    g += 1
    for i in range(s.disc_n):
        f[g + EXC_SYM[s.disc[i], 2] - NUM_GODS] += 1.0
    for k in range(7):
        f[g + k] = f[g + k] / 10.0 if f[g + k] < 10.0 else 1.0
    g += 7
    for i in range(s.beside_n):
        f[g + CARD_GOD[s.beside[i]]] += 1.0
    for k in range(NUM_GODS):
        f[g + k] = f[g + k] / 4.0 if f[g + k] < 4.0 else 1.0
    g += NUM_GODS
    # the seat a pending choice is about (victim to displace, shooting target)
    if s.phase == PH_DISPLACE:
        q = 0
        while q < MAX_PLAYERS - 1 and not (s.disp_mask >> q) & 1:
            q += 1
        f[g + (q - seat) % n] = 1.0
    elif s.phase == PH_GUNJAM or s.phase == PH_SHOOT:
        if s.sh_by >= 0:
            f[g + (s.sh_by - seat) % n] = 1.0
    g += MAX_PLAYERS
    f[g] = s.mm_left / 2.0
    f[g + 1] = s.rq_n / 10.0
    if s.rq_n > 0:
        f[g + 2] = (CARD_GOD[s.rq[0]] + 1) / 5.0
    if s.tr_god >= 0:
        f[g + 3] = (s.tr_god + 1) / 5.0
    g += 4
    # the declared path (public: it is announced before the card is turned up)
    f[g] = s.planning
    f[g + 1] = s.plan_i / float(MAX_PLAN)
    for i in range(s.plan_n):
        f[g + 2 + i * 5 + (s.plan[i] & 3)] = 1.0
        f[g + 2 + i * 5 + 4] = s.plan[i] >= 4


@njit(cache=True)
def observe(states, seats, out):
    for b in range(states.shape[0]):
        _observe_one(states[b], seats[b], out[b])


# =============================================================================
# determinize
# =============================================================================
@njit(cache=True)
def determinize(states, seats, seeds):
    """Resample what `seat` cannot see: face-down cards it does not know (within their
    back and god, which are public), their orientations, the other hands and the deck."""
    pos = np.empty(NUM_CELLS + 2 * MAX_BESIDE, np.int64)
    ids = np.empty(NUM_CELLS + 2 * MAX_BESIDE, np.int8)
    pool = np.empty(NUM_EXC, np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        me = seats[b]
        s.rng = seeds[b]
        for back in range(2):
            for god in range(NUM_GODS):
                m = 0
                for c in range(NUM_CELLS):
                    card = s.cell_card[c]
                    if c != GRAVE and card >= 0 and not s.cell_up[c] and not s.known[me, c] \
                            and CARD_BACK[card] == back and CARD_GOD[card] == god:
                        pos[m] = c
                        ids[m] = card
                        m += 1
                for i in range(s.beside_n):
                    card = s.beside[i]
                    if not s.beside_known[me, i] and CARD_BACK[card] == back and CARD_GOD[card] == god:
                        pos[m] = NUM_CELLS + i
                        ids[m] = card
                        m += 1
                for i in range(s.tr_n):  # cards picked for an emerging treasure, in hand
                    card = s.tr_cards[i]
                    if not (s.tr_known[i] >> me) & 1 and CARD_BACK[card] == back and CARD_GOD[card] == god:
                        pos[m] = NUM_CELLS + MAX_BESIDE + i
                        ids[m] = card
                        m += 1
                # jars and treasures never lie beside the pyramid: they take random board
                # places among the group's, the path cards are shuffled over the rest
                mb = 0
                while mb < m and pos[mb] < NUM_CELLS:
                    mb += 1
                shuffle(s, pos, mb)
                k = 0
                for i in range(m):
                    if ids[i] >= NUM_PATH:
                        tmp = ids[k]
                        ids[k] = ids[i]
                        ids[i] = tmp
                        k += 1
                shuffle(s, ids[k:], m - k)
                for i in range(m):
                    x = pos[i]
                    if x < NUM_CELLS:
                        s.cell_card[x] = ids[i]
                        s.cell_rot[x] = randint(s, 4)
                    elif x >= NUM_CELLS + MAX_BESIDE:
                        s.tr_cards[x - NUM_CELLS - MAX_BESIDE] = ids[i]
                    else:
                        s.beside[x - NUM_CELLS] = ids[i]
                        s.beside_rot[x - NUM_CELLS] = randint(s, 4)
        m = 0
        for q in range(s.num_players):
            if q != me:
                for j in range(s.hand_n[q]):
                    pool[m] = s.hand[q, j]
                    m += 1
        for i in range(s.deck_n):
            pool[m] = s.deck[i]
            m += 1
        shuffle(s, pool, m)
        m = 0
        for q in range(s.num_players):
            if q != me:
                for j in range(s.hand_n[q]):
                    s.hand[q, j] = pool[m]
                    m += 1
        for i in range(s.deck_n):
            s.deck[i] = pool[m]
            m += 1
