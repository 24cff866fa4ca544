"""The observation of one seat and `determinize` (resampling what that seat cannot see)."""
import numpy as np
from ..core.jit import njit

from ..core.rng import randint, shuffle, sort_prefix, sorted_shuffle
from .glance import glance, scratch
from .spec import (BESIDE_FEATURES, CAMP, CAMP_FEATURES, CARD_ANKH, CARD_BACK, CARD_GOD, CARD_SHAPE,
                   CARD_SPECIAL, CELL_FEATURES, EXC_SYM, GOD_FEATURES, GRAVE, GRAVE_ID, HAND_LIMIT,
                   JAR0, MAX_BESIDE, MAX_PLAN, MAX_PLAYERS, NUM_CARDS, NUM_CELLS, NUM_EXC, NUM_GODS,
                   NUM_PATH, NUM_PHASES, OPEN, PH_DISPLACE, PH_GUNJAM, PH_MOVE, PH_SHOOT,
                   PLAYER_FEATURES, SLOT_FEATURES, TREASURE0)
from .state import T_IN_PLAY, T_WAITING, T_WON


CARD_VIEW_FEATURES = 22


def _card_views():
    """Cell features 0-21 by the card and what the seat sees of it, [view, card + 1]: view 0
    face down and unseen, 1 face down and seen by the seat, 2 face up; card -1: a vacant
    space. The openings (10-13) depend on the rotation too and are left to the kernel."""
    rows = np.zeros((3, NUM_CARDS + 1, CARD_VIEW_FEATURES), np.float32)
    for view in range(3):
        for card in range(NUM_CARDS):
            r = rows[view, card + 1]
            r[CARD_BACK[card]] = 1.0
            r[4 + CARD_GOD[card]] = 1.0
            if view == 2:
                r[3] = 1.0
            if view > 0:
                r[9] = 1.0
                sp = CARD_SPECIAL[card]
                if 1 <= sp <= 7:
                    r[13 + sp] = 1.0
                if CARD_ANKH[card]:
                    r[21] = 1.0
    return rows


# a table, not branches on the card: from one cell to the next they are a coin toss for the
# branch predictor, and its misses were most of the cells' time
CARD_VIEW = _card_views()
# the four opening features by the openings' bits: one copy, not four conversions
OPENINGS = np.array([[(op >> d) & 1 for d in range(4)] for op in range(16)], np.float32)


@njit(cache=True)
def _observe_one(s, seat, f, fb, bb):
    g = NUM_CELLS * CELL_FEATURES
    f[g:] = 0.0  # the cells' features are written one by one
    n = s.num_players
    # the mummy read once: the compiler cannot tell that the stores into f leave s alone
    mummy = s.mummy if s.awake else -1
    for c in range(NUM_CELLS):
        base = c * CELL_FEATURES
        card = s.cell_card[c]
        up = s.cell_up[c] != 0
        seen = s.known[seat, c] != 0
        view = 2 if up else (1 if seen else 0)
        for i in range(CARD_VIEW_FEATURES):
            f[base + i] = CARD_VIEW[view, card + 1, i]
        op = OPEN[CARD_SHAPE[card], s.cell_rot[c]] if view > 0 and card >= 0 else 0
        for d in range(4):
            f[base + 10 + d] = OPENINGS[op, d]
        f[base + 22] = mummy == c
        for r in range(MAX_PLAYERS):
            f[base + 23 + r] = 0.0  # the researchers there: below
        others = -int(seen)  # the other players who know the face-down card
        for q in range(n):
            others += s.known[q, c] != 0
        f[base + 28] = others / 4.0 if card >= 0 and not up else 0.0
    base = GRAVE * CELL_FEATURES  # the grave chamber shows only itself
    f[base:base + CARD_VIEW_FEATURES] = 0.0
    f[base + 2] = 1.0
    f[base + 28] = 0.0
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
    hidden_jar = 0  # gods whose jar / treasure lies face down somewhere (for the glance)
    hidden_tr = 0
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
        if where == 1:
            hidden_jar |= 1 << x
        ts = s.treasure_state[x]
        tw = 1 if ts == T_WAITING else (5 if ts == T_WON else 2)
        if ts == T_IN_PLAY:
            if (tr_up >> x) & 1:
                tw = 3
            if (tr_car >> x) & 1:
                tw = 4
        if tw == 2:
            hidden_tr |= 1 << x
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
    glance(s, seat, f, hidden_jar, hidden_tr, fb, bb)


@njit(cache=True)
def observe(states, seats, out):
    fb, bb = scratch()
    for b in range(states.shape[0]):
        _observe_one(states[b], seats[b], out[b], fb, bb)


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
                for i in range(s.tr_n):  # cards picked for an emerging treasure, in hand
                    card = s.tr_cards[i]
                    if not (s.tr_known[i] >> me) & 1 and CARD_BACK[card] == back and CARD_GOD[card] == god:
                        pos[m] = NUM_CELLS + MAX_BESIDE + i
                        ids[m] = card
                        m += 1
                mb = m
                for i in range(s.beside_n):
                    card = s.beside[i]
                    if not s.beside_known[me, i] and CARD_BACK[card] == back and CARD_GOD[card] == god:
                        pos[m] = NUM_CELLS + i
                        ids[m] = card
                        m += 1
                # jars and treasures never lie beside the pyramid: they take random places
                # among the group's on the pyramid and picked for a treasure (the first mb),
                # the path cards are shuffled over the rest
                shuffle(s, pos, mb)
                sort_prefix(ids, m)  # the group's cards by number, not by where they lay
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
        sorted_shuffle(s, pool, m)
        m = 0
        for q in range(s.num_players):
            if q != me:
                for j in range(s.hand_n[q]):
                    s.hand[q, j] = pool[m]
                    m += 1
        for i in range(s.deck_n):
            s.deck[i] = pool[m]
            m += 1
