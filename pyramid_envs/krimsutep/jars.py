"""Canopic jars and treasures: losing and re-placing them, the line of path cards beside the
pyramid, a treasure's emergence, stealing, delivering and winning."""
import numpy as np
from ..core.jit import njit

from ..core.outcome import rank_rewards
from ..core.rng import randint, shuffle
from .spec import (CARD_GOD, CARD_SHAPE, CARD_SPECIAL, DARK_CELL, GRAVE_ID, JAR, JAR0, MAX_BESIDE,
                   MAX_PLAYERS, NUM_CELLS, NUM_GODS, OPEN, PH_OVER, TREASURE, TREASURE0)
from .state import T_IN_PLAY, T_WAITING, T_WON, _is_path, _occupied, _researcher_at


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
def _hidden_gods(s):
    """Gods (bits) whose jar or treasure lies face down on the pyramid or among the cards
    picked for an emerging treasure: public (the observation's jar and treasure states)."""
    h = 0
    for c in range(NUM_CELLS):
        card = s.cell_card[c]
        if card >= JAR0 and card < GRAVE_ID and not s.cell_up[c]:
            h |= 1 << CARD_GOD[card]
    for i in range(s.tr_n):
        if s.tr_cards[i] >= JAR0:
            h |= 1 << CARD_GOD[s.tr_cards[i]]
    return h


@njit(cache=True, inline="always")
def _known_path(s, c, hidden):
    """The card on dark cell c is a path card by what every seat can see: face up, or face
    down with a god whose jar and treasure are not hidden (hidden: `_hidden_gods`)."""
    card = s.cell_card[c]
    if card < 0:
        return False
    if s.cell_up[c]:
        return _is_path(card)
    return (hidden >> CARD_GOD[card]) & 1 == 0


@njit(cache=True)
def _replace_level(s, c, god, hidden):
    """How good a choice cell c is for re-placing a card of `god` (the card there goes beside
    the pyramid, so it must be known to be a path card): 2 same god and free, 1 any known
    path card and free, 0 any known path card, -1 never. A face-down card of `god` is
    always a path card: the god's other jar or treasure is then in a camp or waiting."""
    if not DARK_CELL[c] or not _known_path(s, c, hidden):
        return -1
    if _occupied(s, c):
        return 0
    return 2 if CARD_GOD[s.cell_card[c]] == god else 1


@njit(cache=True)
def _replace_best(s, god, hidden):
    best = -1
    for c in range(NUM_CELLS):
        v = _replace_level(s, c, god, hidden)
        if v > best:
            best = v
    return best


@njit(cache=True)
def _tr_level(s, c, god, first, hidden):
    """Treasure emergence: 2 a free face-down dark card of `god` (always a path card: the
    god's jar is in a camp), 1 another free dark card. The first card goes beside the
    pyramid, so its fallback takes only known path cards; the picks are shuffled back face
    down unexamined, so any face-down card will do (hidden: `_hidden_gods`)."""
    card = s.cell_card[c]
    if not DARK_CELL[c] or card < 0 or _occupied(s, c):
        return -1
    if not s.cell_up[c] and CARD_GOD[card] == god:
        return 2
    if first:
        return 1 if _known_path(s, c, hidden) else -1
    return 1 if (not s.cell_up[c] or _is_path(card)) else -1


@njit(cache=True)
def _tr_best(s, god, first, hidden):
    best = -1
    for c in range(NUM_CELLS):
        v = _tr_level(s, c, god, first, hidden)
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
