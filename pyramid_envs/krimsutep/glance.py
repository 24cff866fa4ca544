"""The observation's glance block: what a player reads off the table at a glance, as the
observing seat sees it (docs/rules/krimsutep.md, "Observation", indices there).

Distances are the heuristic's (heuristic.py): movement points through the labyrinth by its
face-up paths, face-down cards at 2, with its penalties for walls, face-up specials and the
mummy's space; a carrier goes home only through the camp's side of `a1`. A researcher's goal
follows from his stage (heuristic._stage): a jar, home, a treasure, home. Where a hidden jar
or treasure may lie is the observing seat's chance: uniform over the face-down cards of its
god (on the back) that this seat has not seen, unless it has seen where it lies."""
import numpy as np
from ..core.jit import njit

from .heuristic import INF, NPOS, _goal_dist, _goal_edges, _reachable, _stage
from .mummy import _mummy_step_ok
from .paths import _start_any
from .spec import (CAMP, CARD_BACK, CARD_GOD, CELL_COL, CELL_ROW, DARK_BACK, EXC_SYM, GLANCE_CELL,
                   GLANCE_GLOBAL, GLANCE_MUMMY, GLANCE_SEAT, GLANCE_SLOT, GLANCE_STEP, GRAVE,
                   GRAVE_ID, HAND_LIMIT, JAR0, MAX_PLAYERS, MOVE_POINTS, NB, NUM_ACTION_SYMBOLS,
                   NUM_CELLS, NUM_GODS, OFF, PH_MOVE, TREASURE0)
from .state import T_IN_PLAY

DIST_SCALE = 20.0   # points: from the camp to the far side of a face-down pyramid is ~15
MUMMY_SCALE = 10.0  # the longest walk over the 6 x 6 grid
REACH_SCALE = 7.0   # one point more than a move can have
ACTION_CARDS = np.bincount(EXC_SYM[:, 2] - NUM_GODS, minlength=NUM_ACTION_SYMBOLS).astype(np.float64)
# float64 scratch: the distance fields (jar, home, treasure: field k at k * NPOS), their
# edges (free, carrying), enter costs, chances, reach, progress by relative seat, best end
# per god (chance, need), unseen cards by god
F_STEP = 3 * NPOS
F_ENTER = F_STEP + 2 * 4 * NPOS
F_CHANCE = F_ENTER + NPOS
F_COST = F_CHANCE + 2 * NUM_CELLS
F_PROG = F_COST + 2 * NPOS
F_BEST = F_PROG + MAX_PLAYERS
F_COUNT = F_BEST + 2 * NUM_GODS
F_SIZE = F_COUNT + NUM_GODS
FIELD_OF_STAGE = (0, 1, 2, 1)  # jar, home, treasure, home
JAR_FIELD, HOME_FIELD, TR_FIELD = 0, 1, 2


@njit(cache=True)
def scratch():
    """The glance's working arrays, made once per batch."""
    return np.empty(F_SIZE), np.empty(2 * 4 * NPOS, np.int64), np.empty(3 * NPOS, np.uint8)


@njit(cache=True, inline="always")
def _scaled(x, scale):
    return 1.0 if x >= scale else x / scale


@njit(cache=True)
def _chances(s, seat, hidden_jar, hidden_tr, ch, count):
    """ch[c] (jar) and ch[NUM_CELLS + c] (treasure): the chance, by what `seat` knows, that
    the jar / treasure of the card's god lies on c; 1 where one lies face up or seen.
    hidden_*: gods (bits) whose jar / treasure is face down somewhere or being laid.
    count: scratch, the unseen dark face-down cards by god."""
    located = 0  # bits j: the jar of god j, 5 + j: its treasure (face up or seen)
    ch[:] = 0.0
    count[:] = 0.0
    for c in range(NUM_CELLS):
        card = s.cell_card[c]
        if card < 0 or c == GRAVE:
            continue
        special = card >= JAR0 and card < GRAVE_ID
        if s.cell_up[c] or s.known[seat, c]:
            if special:
                ch[c + (NUM_CELLS if card >= TREASURE0 else 0)] = 1.0
                located |= 1 << (card - JAR0)
        elif CARD_BACK[card] == DARK_BACK:
            count[CARD_GOD[card]] += 1
    for i in range(s.tr_n):  # picked for an emerging treasure: somewhere among them
        card = s.tr_cards[i]
        if (s.tr_known[i] >> seat) & 1:
            if card >= JAR0:
                located |= 1 << (card - JAR0)
        elif CARD_BACK[card] == DARK_BACK:
            count[CARD_GOD[card]] += 1
    vacant = 0
    for c in range(NUM_CELLS):
        card = s.cell_card[c]
        if c == GRAVE:
            continue
        if card < 0:
            vacant += 1
        elif not s.cell_up[c] and not s.known[seat, c] and CARD_BACK[card] == DARK_BACK:
            g = CARD_GOD[card]
            if (hidden_jar >> g) & 1 and not (located >> g) & 1:
                ch[c] = 1.0 / count[g]
            if (hidden_tr >> g) & 1 and not (located >> (NUM_GODS + g)) & 1:
                ch[NUM_CELLS + c] = 1.0 / count[g]
    if s.tr_god >= 0 and vacant > 0:  # the treasure emerging now comes onto a vacant space
        for c in range(NUM_CELLS):
            if c != GRAVE and s.cell_card[c] < 0:
                ch[NUM_CELLS + c] = 1.0 / vacant


@njit(cache=True)
def _fields(s, needed, fb, tgt, goal):
    """The distance fields (bits of `needed`: jar, home, treasure) of the goals marked in
    `goal`; the moves of a researcher without a load first, then of a carrier."""
    free_step, free_tgt = fb[F_STEP:F_STEP + 4 * NPOS], tgt[:4 * NPOS]
    load_step, load_tgt = fb[F_STEP + 4 * NPOS:F_STEP + 8 * NPOS], tgt[4 * NPOS:]
    goal[HOME_FIELD * NPOS:(HOME_FIELD + 1) * NPOS] = 0
    goal[HOME_FIELD * NPOS + CAMP] = 1
    if needed == 1 << HOME_FIELD:
        _goal_edges(s, True, fb[F_ENTER:F_ENTER + NPOS], load_step, load_tgt)
    else:  # a carrier's moves are the same, less leaving the pyramid but into the camp
        _goal_edges(s, False, fb[F_ENTER:F_ENTER + NPOS], free_step, free_tgt)
        for j in range(4 * NPOS):
            off = j < 4 * NUM_CELLS and NB[j // 4, j % 4] == OFF
            load_step[j] = INF if off else free_step[j]
            load_tgt[j] = 0 if off else free_tgt[j]
    for k in range(3):
        dist = fb[k * NPOS:(k + 1) * NPOS]
        if not (needed >> k) & 1:
            dist[:] = INF
        elif k == HOME_FIELD:
            _goal_dist(goal[k * NPOS:(k + 1) * NPOS], load_step, load_tgt, dist)
        else:
            _goal_dist(goal[k * NPOS:(k + 1) * NPOS], free_step, free_tgt, dist)


@njit(cache=True)
def glance(s, seat, f, g, hidden_jar, hidden_tr, fb, tgt, goal):
    """Write the glance block into f[g:]; hidden_*: as `_chances`."""
    n = s.num_players
    ch = fb[F_CHANCE:F_CHANCE + 2 * NUM_CELLS]
    _chances(s, seat, hidden_jar, hidden_tr, ch, fb[F_COUNT:F_COUNT + NUM_GODS])
    for c in range(NUM_CELLS):
        goal[JAR_FIELD * NPOS + c] = ch[c] > 0.0
        goal[TR_FIELD * NPOS + c] = ch[NUM_CELLS + c] > 0.0
    goal[JAR_FIELD * NPOS + CAMP] = 0
    goal[TR_FIELD * NPOS + CAMP] = 0
    needed = 1 << HOME_FIELD  # and the fields of the goals some researcher looks for
    for q in range(n):
        if s.finished[q] == 0:
            needed |= 1 << FIELD_OF_STAGE[_stage(s, q)]
    _fields(s, needed, fb, tgt, goal)
    # per relative seat
    prog = fb[F_PROG:F_PROG + MAX_PLAYERS]
    for q in range(n):
        rel = (q - seat) % n
        b = g + rel * GLANCE_SEAT
        pos = s.pos[q]
        if s.finished[q] > 0:
            prog[rel] = 1.0
            f[b + 1] = 0.0
        else:
            st = _stage(s, q)
            need = fb[FIELD_OF_STAGE[st] * NPOS + pos]
            prog[rel] = (st + 1.0 - _scaled(need, DIST_SCALE)) / 4.0
            f[b + 1] = _scaled(need, DIST_SCALE)
            f[b + 2] = _scaled(fb[HOME_FIELD * NPOS + pos], DIST_SCALE) if pos != CAMP else 0.0
        f[b] = prog[rel]
        f[b + 3] = 1.0
        if s.awake and s.finished[q] == 0 and pos != CAMP:
            m = abs(CELL_ROW[pos] - CELL_ROW[s.mummy]) + abs(CELL_COL[pos] - CELL_COL[s.mummy])
            f[b + 3] = m / MUMMY_SCALE
        if s.carry_jar[q] >= 0:
            f[b + 5 + CARD_GOD[s.carry_jar[q]]] = 1.0
        if s.carry_tr[q] >= 0:
            f[b + 10 + CARD_GOD[s.carry_tr[q]]] = 1.0
    lead = 0.0
    for r in range(n):
        ahead = 0
        for r2 in range(n):
            if prog[r2] > prog[r]:
                ahead += 1
        f[g + r * GLANCE_SEAT + 4] = ahead / (n - 1.0)
        if r > 0 and prog[r] > lead:
            lead = prog[r]
    g += MAX_PLAYERS * GLANCE_SEAT
    f[g] = 0.5 + 0.5 * (prog[0] - lead)
    # where a move of each god can end: the one under way (this seat's), else the next
    me_st = _stage(s, seat) if s.finished[seat] == 0 else -1
    field = FIELD_OF_STAGE[me_st] * NPOS if me_st >= 0 else -1
    pos = s.pos[seat]
    mine = s.turn == seat
    moving = mine and s.phase == PH_MOVE
    tok = 1 if (mine and s.mv_tok > 0) else 0
    if moving:
        pts = s.mv_pts
        any_dir = _start_any(s, seat)
    else:
        pts = MOVE_POINTS + (1 if (mine and s.extra_pt) else 0)
        any_dir = (mine and _start_any(s, seat)) or s.chamber[seat]
    cost = fb[F_COST:F_COST + 2 * NPOS]
    carrying = me_st == 1 or me_st == 3
    if field >= 0:
        _reachable(s, pos, pts, tok, any_dir, carrying, cost)
    else:
        cost[:] = INF
    best_ch = fb[F_BEST:F_BEST + NUM_GODS]
    best_need = fb[F_BEST + NUM_GODS:F_BEST + 2 * NUM_GODS]
    best_ch[:] = 0.0
    best_need[:] = INF
    for x in range(NPOS):
        if (cost[x] >= INF and cost[NPOS + x] >= INF) or (x == pos and not (moving and s.mv_steps > 0)):
            continue
        if x != CAMP and s.cell_card[x] < 0:
            continue
        if x == CAMP:
            chance = 1.0 if carrying else 0.0
        else:
            chance = ch[x] if me_st == 0 else (ch[NUM_CELLS + x] if me_st == 2 else 0.0)
        v = 0.0 if goal[field + x] else fb[field + x]
        k0 = 0 if x == CAMP else CARD_GOD[s.cell_card[x]]  # the camp counts as any god
        for k in range(k0, NUM_GODS if x == CAMP else k0 + 1):
            if chance > best_ch[k]:
                best_ch[k] = chance
            if v < best_need[k]:
                best_need[k] = v
    if moving and s.mv_god >= 0:
        f[g + 1] = best_ch[s.mv_god]
        f[g + 2] = _scaled(best_need[s.mv_god], DIST_SCALE)
    else:
        f[g + 2] = 1.0
    for k in range(NUM_ACTION_SYMBOLS):  # excavation cards this seat has not seen
        f[g + 3 + k] = ACTION_CARDS[k]
    for i in range(s.disc_n):
        f[g + 3 + EXC_SYM[s.disc[i], 2] - NUM_GODS] -= 1.0
    for j in range(s.hand_n[seat]):
        f[g + 3 + EXC_SYM[s.hand[seat, j], 2] - NUM_GODS] -= 1.0
    for q in range(n):
        if s.torch[q] >= 0:
            f[g + 3 + EXC_SYM[s.torch[q], 2] - NUM_GODS] -= 1.0
    for k in range(NUM_ACTION_SYMBOLS):
        f[g + 3 + k] = max(0.0, f[g + 3 + k]) / ACTION_CARDS[k]
    g += GLANCE_GLOBAL
    # per hand slot, aligned with `play <slot> <god>`
    for j in range(s.hand_n[seat]):
        b = g + j * GLANCE_SLOT
        for k in range(2):
            god = EXC_SYM[s.hand[seat, j], k]
            f[b + 2 * k] = best_ch[god]
            f[b + 2 * k + 1] = _scaled(best_need[god], DIST_SCALE)
    g += HAND_LIMIT * GLANCE_SLOT
    # per direction, aligned with `step` / `step-reveal` from this seat's space
    if field >= 0:
        e = 4 * NPOS if carrying else 0
        for d in range(4):
            b = g + d * GLANCE_STEP
            nb = tgt[e + pos * 4 + d]
            via = fb[F_STEP + e + pos * 4 + d]
            if via < INF:
                if goal[field + nb]:
                    if nb == CAMP:
                        f[b] = 1.0
                    else:
                        f[b] = ch[nb] if me_st == 0 else ch[NUM_CELLS + nb]
                else:
                    via += fb[field + nb]
            f[b + 1] = _scaled(via, DIST_SCALE)
            f[b + 2] = via < INF and via <= fb[field + pos]
    else:
        for d in range(4):
            f[g + d * GLANCE_STEP + 1] = 1.0
    g += 4 * GLANCE_STEP
    # per mummy direction, aligned with `mummy <dir>` (moved by this seat)
    if s.awake:
        for d in range(4):
            if _mummy_step_ok(s, seat, d):
                x = NB[s.mummy, d]
                for q in range(n):
                    if q != seat and s.finished[q] == 0 and s.pos[q] == x and not s.lying[q]:
                        f[g + d * GLANCE_MUMMY] = 1.0
                        if s.carry_jar[q] >= 0 or s.carry_tr[q] >= 0:
                            f[g + d * GLANCE_MUMMY + 1] = 1.0
    g += 4 * GLANCE_MUMMY
    # per cell, aligned with `select` and the Ankh actions
    for c in range(NUM_CELLS):
        b = g + c * GLANCE_CELL
        f[b] = ch[c]
        f[b + 1] = ch[NUM_CELLS + c]
        if c == GRAVE:
            f[b + 2] = 1.0
            f[b + 3] = 1.0
        else:
            f[b + 2] = _scaled(fb[field + c], DIST_SCALE) if field >= 0 else 1.0
            f[b + 3] = _scaled(fb[HOME_FIELD * NPOS + c], DIST_SCALE)
            r = min(cost[c], cost[NPOS + c])
            if r < INF:
                f[b + 4] = 1.0 - r / REACH_SCALE
        f[b + 5] = 1.0
        if s.awake:
            f[b + 5] = (abs(CELL_ROW[c] - CELL_ROW[s.mummy]) + abs(CELL_COL[c] - CELL_COL[s.mummy])) / MUMMY_SCALE
