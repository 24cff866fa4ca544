"""The observation's glance block: what a player reads off the table at a glance, as the
observing seat sees it (docs/rules/krimsutep.md, "Observation", indices there).

Distances are the heuristic's (heuristic.py, searched on bit masks in labyrinth.py):
movement points through the labyrinth by its face-up paths, face-down cards at 2, with its
penalties for walls, face-up specials and the mummy's space; a carrier goes home only
through the camp's side of `a1`. A researcher's goal follows from his stage
(heuristic._stage): a jar, home, a treasure, home. Where a hidden jar or treasure may lie is
the observing seat's chance: uniform over the face-down cards of its god (on the back) that
this seat has not seen, unless it has seen where it lies."""
import numpy as np
from ..core.jit import njit

from .heuristic import INF, WALL, _enter_cost, _exits, _stage
from .labyrinth import (B_SIZE, CAMP_BIT, FAR, PLACES, distance_field, move_reach, place_of,
                        read_board)
from .mummy import _mummy_step_ok
from .paths import _start_any
from .spec import (CAMP, CARD_BACK, CARD_GOD, CELL_COL, CELL_ROW, DARK_BACK, EXC_SYM, GLANCE_CELL,
                   GLANCE_GLOBAL, GLANCE_MUMMY, GLANCE_SEAT, GLANCE_SLOT, GLANCE_STEP, GRAVE,
                   GRAVE_ID, HAND_LIMIT, JAR0, MAX_PLAYERS, MOVE_POINTS, NB, NUM_ACTION_SYMBOLS,
                   NUM_CELLS, NUM_GODS, OFF, PH_MOVE, RAW_SIZE, SIDE, TREASURE0)

DIST_SCALE = 20.0   # points: from the camp to the far side of a face-down pyramid is ~15
MUMMY_SCALE = 10.0  # the longest walk over the 6 x 6 grid
REACH_SCALE = 7.0   # one point more than a move can have
# the per-cell features of whole points (distances are whole numbers, INF at most) and of
# steps, by their number: tables instead of three divisions per cell, in the observation's
# float32 (rounded as the store would round them)
NEED_FEATURE = np.array([min(x / DIST_SCALE, 1.0) for x in range(int(INF) + 1)], np.float32)
REACH_FEATURE = np.array([1.0 - x / REACH_SCALE for x in range(int(INF))] + [0.0], np.float32)
MUMMY_FEATURE = (np.arange(2 * SIDE) / MUMMY_SCALE).astype(np.float32)
ACTION_CARDS = np.bincount(EXC_SYM[:, 2] - NUM_GODS, minlength=NUM_ACTION_SYMBOLS).astype(np.float64)
# float64 scratch: the distance fields (jar, home, treasure: field k at k * PLACES), chances,
# the fewest points of this seat's move to each place, progress by relative seat, best end
# per god (chance, need), unseen cards by god
F_CHANCE = 3 * PLACES
F_COST = F_CHANCE + 2 * NUM_CELLS
F_PROG = F_COST + PLACES
F_BEST = F_PROG + MAX_PLAYERS
F_COUNT = F_BEST + 2 * NUM_GODS
F_SIZE = F_COUNT + NUM_GODS
FIELD_OF_STAGE = (0, 1, 2, 1)  # jar, home, treasure, home
JAR_FIELD, HOME_FIELD, TR_FIELD = 0, 1, 2


@njit(cache=True)
def scratch():
    """The glance's working arrays, made once per batch: floats, and labyrinth masks."""
    return np.empty(F_SIZE), np.empty(B_SIZE, np.int64)


@njit(cache=True, inline="always")
def _scaled(x, scale):
    return 1.0 if x >= scale else x / scale


@njit(cache=True)
def _chances(s, seat, hidden_jar, hidden_tr, ch, count):
    """ch[c] (jar) and ch[NUM_CELLS + c] (treasure): the chance, by what `seat` knows, that
    the jar / treasure of the card's god lies on c; 1 where one lies face up or seen.
    hidden_*: gods (bits) whose jar / treasure is face down somewhere or being laid.
    count: scratch, 1 / the number of unseen dark face-down cards by god. Returns
    the cells of a chance (bits) for the jars, for the treasures. One pass counts, one writes
    every chance, both by selects rather than branches on the cards (a coin toss from one
    cell to the next)."""
    located = 0  # bits j: the jar of god j, 5 + j: its treasure (face up or seen)
    seen = 0  # cells with a card face up or seen by this seat
    unseen = 0  # cells with a dark card face down and not seen
    vacant = 0
    dark = 0  # the unseen dark cards by god, 8 bits each: counted in a register, not memory
    for c in range(NUM_CELLS):
        if c == GRAVE:
            continue
        card = s.cell_card[c]
        there = card >= 0
        shown = ((s.cell_up[c] | s.known[seat, c]) != 0) & there
        goal = shown & (card >= JAR0) & (card < GRAVE_ID)
        located |= int(goal) << ((card - JAR0) & 63)  # & 63: any shift where goal is 0
        unknown = there & (CARD_BACK[card] == DARK_BACK) & (not shown)
        dark += int(unknown) << (8 * CARD_GOD[card])
        vacant += not there
        seen |= int(shown) << c
        unseen |= int(unknown) << c
    for i in range(s.tr_n):  # picked for an emerging treasure: somewhere among them
        card = s.tr_cards[i]
        if (s.tr_known[i] >> seat) & 1:
            if card >= JAR0:
                located |= 1 << (card - JAR0)
        elif CARD_BACK[card] == DARK_BACK:
            dark += 1 << (8 * CARD_GOD[card])
    for k in range(NUM_GODS):
        m = dark >> (8 * k) & 255
        count[k] = 1.0 / m if m > 0 else 0.0
    emerging = 1.0 / vacant if s.tr_god >= 0 and vacant > 0 else 0.0  # on a vacant space
    jars = 0
    treasures = 0
    for c in range(NUM_CELLS):
        card = s.cell_card[c]
        g = CARD_GOD[card] if card >= 0 else 0
        one = count[g]
        face = seen >> c & 1
        jar_seen = face & (card >= JAR0) & (card < TREASURE0)
        tr_seen = face & (card >= TREASURE0) & (card < GRAVE_ID)
        hidden = unseen >> c & 1
        jar_hidden = hidden & (hidden_jar >> g) & ~(located >> g) & 1
        tr_hidden = hidden & (hidden_tr >> g) & ~(located >> (NUM_GODS + g)) & 1
        tr_vacant = int((card < 0) & (c != GRAVE) & (emerging > 0.0))
        ch[c] = 1.0 if jar_seen else (one if jar_hidden else 0.0)
        tr_chance = one if tr_hidden else (emerging if tr_vacant else 0.0)
        ch[NUM_CELLS + c] = 1.0 if tr_seen else tr_chance
        jars |= (jar_seen | jar_hidden) << c
        treasures |= (tr_seen | tr_hidden | tr_vacant) << c
    return jars, treasures


@njit(cache=True)
def glance(s, seat, f, hidden_jar, hidden_tr, fb, bb):
    """Write the glance block into f[RAW_SIZE:]; hidden_*: as `_chances`; fb, bb: `scratch()`."""
    g = RAW_SIZE  # a constant: the block's offsets fold into the code
    n = s.num_players
    ch = fb[F_CHANCE:F_CHANCE + 2 * NUM_CELLS]
    jars, treasures = _chances(s, seat, hidden_jar, hidden_tr, ch, fb[F_COUNT:F_COUNT + NUM_GODS])
    read_board(s, bb)
    needed = 1 << HOME_FIELD  # and the fields of the goals some researcher looks for
    for q in range(n):
        if s.finished[q] == 0:
            needed |= 1 << FIELD_OF_STAGE[_stage(s, q)]
    for k in range(3):  # the features saturate at DIST_SCALE: no field searches further
        if (needed >> k) & 1:
            goals = jars if k == JAR_FIELD else (CAMP_BIT if k == HOME_FIELD else treasures)
            distance_field(bb, goals, k == HOME_FIELD, fb[k * PLACES:(k + 1) * PLACES],
                           int(DIST_SCALE))
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
            need = fb[FIELD_OF_STAGE[st] * PLACES + pos]
            prog[rel] = (st + 1.0 - _scaled(need, DIST_SCALE)) / 4.0
            f[b + 1] = _scaled(need, DIST_SCALE)
            f[b + 2] = _scaled(fb[HOME_FIELD * PLACES + pos], DIST_SCALE) if pos != CAMP else 0.0
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
    field = FIELD_OF_STAGE[me_st] * PLACES if me_st >= 0 else -1
    goals = (jars if me_st == 0 else (treasures if me_st == 2 else CAMP_BIT)) if me_st >= 0 else 0
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
    cost = fb[F_COST:F_COST + PLACES]
    carrying = me_st == 1 or me_st == 3
    if field >= 0:
        reached = move_reach(bb, pos, pts, tok, any_dir, carrying, cost)
    else:
        reached = 0
        cost[:] = INF
    best_ch = fb[F_BEST:F_BEST + NUM_GODS]
    best_need = fb[F_BEST + NUM_GODS:F_BEST + 2 * NUM_GODS]
    best_ch[:] = 0.0
    best_need[:] = INF
    ends = reached if (moving and s.mv_steps > 0) else reached & ~(1 << pos)
    if ends & CAMP_BIT:  # the camp counts as any god
        chance = 1.0 if carrying else 0.0
        v = 0.0 if goals & CAMP_BIT else fb[field + CAMP]
        for k in range(NUM_GODS):
            best_ch[k] = max(best_ch[k], chance)
            best_need[k] = min(best_need[k], v)
    ends &= ~CAMP_BIT
    chances = F_CHANCE + (NUM_CELLS if me_st == 2 else 0)  # this seat's goal: a jar, a treasure
    while ends:
        low = ends & -ends
        ends ^= low
        x = place_of(low)
        card = s.cell_card[x]
        if card < 0:
            continue
        chance = fb[chances + x] if me_st == 0 or me_st == 2 else 0.0
        v = 0.0 if (goals >> x) & 1 else fb[field + x]
        k = CARD_GOD[card]
        best_ch[k] = max(best_ch[k], chance)
        best_need[k] = min(best_need[k], v)
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
        if fb[field + pos] == INF:  # beyond DIST_SCALE: the steps compare exact distances
            distance_field(bb, goals, carrying, fb[field:field + PLACES], FAR)
        opn = _exits(s, pos)
        for d in range(4):
            b = g + d * GLANCE_STEP
            nb = NB[pos, d]
            if nb == OFF and not carrying:  # a carrier would lose his load: no such step
                nb = CAMP
            via = INF
            if nb >= 0 and _enter_cost(s, nb) < INF:
                via = (0.0 if (opn >> d) & 1 else WALL) + _enter_cost(s, nb)
            if via < INF:
                if (goals >> nb) & 1:
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
    # per cell, aligned with `select` and the Ankh actions; the mummy read once: the compiler
    # cannot tell that the stores into f leave the record alone
    row, col, awake = CELL_ROW[s.mummy], CELL_COL[s.mummy], s.awake
    for c in range(NUM_CELLS):
        b = g + c * GLANCE_CELL
        f[b] = ch[c]
        f[b + 1] = ch[NUM_CELLS + c]
        f[b + 2] = NEED_FEATURE[int(fb[field + c])] if field >= 0 else 1.0
        f[b + 3] = NEED_FEATURE[int(fb[HOME_FIELD * PLACES + c])]
        f[b + 4] = REACH_FEATURE[int(cost[c])]
        steps = abs(CELL_ROW[c] - row) + abs(CELL_COL[c] - col)
        f[b + 5] = MUMMY_FEATURE[steps] if awake else 1.0
    b = g + GRAVE * GLANCE_CELL
    f[b + 2] = 1.0
    f[b + 3] = 1.0
