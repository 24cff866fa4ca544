"""Krimsutep position value for planning agents (greedy, ISMCTS leaves).

A researcher's progress is a stage (nothing, carrying a jar, a jar home, carrying a
treasure) minus the movement points still needed for the next goal, measured through
the labyrinth as the seat sees it: face-up cards by their paths (leaving one against
them at a penalty: Ankhs, shovels and secret passages open walls, but not under one's own
pawn), face-down cards passable at 2 points, face-up special cards and the mummy's space
at a penalty. The goals come from public
facts and the seat's own knowledge only: face-up jars and treasures, otherwise the
face-down cards whose back shows the god of a jar or treasure still hidden (less the
ones this seat has seen). During the turn player's move (or before it, with the gods in
his hand) the value counts the best place the move can still end on.

Everything is counted in movement points, then scaled (POINT) so that the margins suit
ISMCTS's tanh(value / 10): one point apart is visible to its UCB, a whole stage ahead
does not yet saturate it.

evaluate() values every other researcher from his own hand and knowledge, so on a real
state it reads what the evaluating seat cannot see: callers give it determinized copies
(SeatView, as greedy, ismcts and the PPO shaping's core.selfplay.seat_potential do).
"""
import numpy as np
from ..core.jit import njit

from .paths import _cost, _enterable, _plan_end, _start_any, _stopper
from .state import T_IN_PLAY
from .spec import (BURIED, CAMP, CARD_GOD, CARD_SHAPE, CARD_SPECIAL, CELL_COL, CELL_ROW,
                   CHAMBER, DARK_CELL, EXC_SYM, GRAVE, HAND_LIMIT, JAR, JAR0, KINGS, MOVE_POINTS, NB,
                   NUM_CELLS, NUM_GODS, OFF, OPEN, PASSAGE, PH_MAIN, PH_MOVE, PH_PEEK, PH_PICKUP,
                   PH_SHOVEL, PITFALL, RAMP, SHOVEL, EYEGLASSES, TREASURE, TREASURE0)

INF = 99.0
POINT = 0.6          # value of one movement point
NEAR = 10.0          # points still needed count fully up to here, beyond it a quarter
STAGE = 16.0         # each stage: a jar carried, a jar home, a treasure carried
NO_GOAL = 12.0       # no goal in sight (a treasure about to emerge, every jar taken)
FINISHED = 70.0
ANKH = 0.7  # an Ankh on the counter: a little more than the card it can be played from
# a card in hand by its action (Ankh, eyeglasses, torch, secret passage, gun jam, revolver,
# shovel): what opens the labyrinth is worth most
CARD_VALUE = np.array([0.55, 0.25, 0.4, 0.6, 0.35, 0.4, 0.6])
# room in hand is worth the cards that will fill it at the next draw (two at most): the
# mean card value over the deck, so that weak cards are cycled away when stuck
DRAW_VALUE = 0.47
LOST_TURN = 10.0     # attacked: the next turn is lost
LYING = 10.0         # in a pit: safe from the mummy, but going nowhere
THREAT, THREAT_LOAD = 1.7, 6.7  # per step the mummy is nearer than 3 (more when carrying)
SPECIAL_PENALTY = 4.0  # a face-up pitfall, chamber, king's pyramid or ramp on the way
WALL = 4.0  # leaving a face-up card against its paths: an Ankh, a shovel, a secret passage
#             or a turned card can open it, so a closed labyrinth is far, never cut off
NEXT_MOVE = 0.3  # share of the next move's progress counted before it is made
NEXT_NOW = 0.5  # ... and of the turn player's move before he starts it
GOAL_NOW = 3.0  # the goal can be reached in the move under way
MUMMY_PENALTY = 4.0  # the mummy's space: it moves on, or can be moved away
WALL_HERE = 10.0  # ... but not the card one stands on (no card with a pawn is turned)
NPOS = NUM_CELLS + 1   # cells and the camp


@njit(cache=True, inline="always")
def _exits(s, c):
    if c == CAMP:
        return 2
    if not s.cell_up[c]:
        return 15
    sp = CARD_SPECIAL[s.cell_card[c]]
    if sp == BURIED or sp == JAR or sp == TREASURE or sp == CHAMBER:
        return 15  # a secret chamber is left in any direction (next turn)
    return OPEN[CARD_SHAPE[s.cell_card[c]], s.cell_rot[c]]


@njit(cache=True, inline="always")
def _enter_cost(s, n):
    """Points (and penalties) to step onto n; INF for the grave chamber."""
    if n == CAMP:
        return 1.0
    if n == GRAVE:
        return INF
    extra = MUMMY_PENALTY if (s.awake and s.mummy == n) else 0.0
    if not s.cell_up[n]:
        return 2.0 + extra
    sp = CARD_SPECIAL[s.cell_card[n]]
    if sp == BURIED:
        return 2.0 + extra
    if sp == PITFALL or sp == CHAMBER or sp == KINGS or sp == RAMP:
        return 1.0 + SPECIAL_PENALTY + extra
    return 1.0 + extra


@njit(cache=True)
def _holds(s, p, sym):
    for j in range(s.hand_n[p]):
        if EXC_SYM[s.hand[p, j], 2] == sym:
            return True
    return False


@njit(cache=True)
def _mark_goals(s, p, stage, goal):
    """goal[x] = 1 for the places the seat's next goal may be: jars (stage 0), treasures
    it may pick up (stage 2) or the camp (carrying)."""
    goal[:] = 0
    if stage == 1 or stage == 3:
        goal[CAMP] = 1
        return
    hidden = 0  # gods whose jar (stage 0) / treasure (stage 2) lies face down somewhere
    for g in range(NUM_GODS):
        if stage == 0:
            hidden |= (1 << g) if s.jar_used[g] else 0
        elif s.treasure_state[g] == T_IN_PLAY or g == s.tr_god:
            hidden |= 1 << g  # in play, or emerging right now
    for q in range(s.num_players):  # carried or home: not on the pyramid
        if s.carry_jar[q] >= 0 and stage == 0:
            hidden &= ~(1 << (s.carry_jar[q] - JAR0))
        if s.carry_tr[q] >= 0 and stage == 2:
            hidden &= ~(1 << (s.carry_tr[q] - TREASURE0))
        if stage == 0:
            hidden &= ~s.camp_jars[q]
    want = JAR if stage == 0 else TREASURE
    for c in range(NUM_CELLS):
        card = s.cell_card[c]
        if card < 0 and c != GRAVE and stage == 2:
            goal[c] = 1  # vacated for an emerging treasure: it may come here
        if card < 0 or c == GRAVE:
            continue
        if s.cell_up[c]:
            if CARD_SPECIAL[card] == want:
                goal[c] = 1
                hidden &= ~(1 << CARD_GOD[card])
    for c in range(NUM_CELLS):
        card = s.cell_card[c]
        if card < 0 or c == GRAVE or s.cell_up[c] or not DARK_CELL[c]:
            continue
        if (hidden >> CARD_GOD[card]) & 1:
            if not s.known[p, c] or CARD_SPECIAL[card] == want:
                goal[c] = 1


@njit(cache=True)
def _goal_edges(s, carrying, enter, step, tgt):
    """Every move x, d read off the record once: its cost step[x * 4 + d] (INF: no such
    move) and target tgt[x * 4 + d]. enter: float64[NPOS] scratch."""
    for x in range(NPOS):
        enter[x] = _enter_cost(s, x)
    for x in range(NPOS):
        opn = _exits(s, x)
        for d in range(4):
            step[x * 4 + d] = INF
            tgt[x * 4 + d] = 0
            n = NB[x, d]
            if n == -2 or (x == CAMP and not (opn >> d) & 1):
                continue
            if n == OFF:
                if carrying:
                    continue  # leaving elsewhere than into the camp loses the load
                n = CAMP
            if enter[n] < INF:
                tgt[x * 4 + d] = n
                step[x * 4 + d] = (0.0 if (opn >> d) & 1 else WALL) + enter[n]


@njit(cache=True)
def _to_goal(s, goal, carrying, dist):
    """dist[x]: points from standing on x to entering a goal (x itself not counted)."""
    step = np.empty(NPOS * 4)
    tgt = np.zeros(NPOS * 4, np.int64)
    _goal_edges(s, carrying, np.empty(NPOS), step, tgt)
    _goal_dist(goal, step, tgt, dist)


@njit(cache=True)
def _goal_dist(goal, step, tgt, dist):
    """dist[x] over the moves of `_goal_edges`: points from x to entering a goal."""
    for x in range(NPOS):
        dist[x] = INF
    changed = True
    sweep = 0
    while changed:  # sweeps alternate direction: far fewer of them until nothing changes
        changed = False
        for i in range(NPOS):
            x = i if sweep % 2 == 0 else NPOS - 1 - i
            best = dist[x]
            for j in range(x * 4, x * 4 + 4):
                n = tgt[j]
                best = min(best, step[j] + dist[n] * (1 - goal[n]))  # no branch: twice as fast
            if best < dist[x]:
                dist[x] = best
                changed = True
        sweep += 1


@njit(cache=True)
def _reachable(s, start, pts, tok, any_dir, carrying, cost):
    """cost[k * NPOS + x]: fewest points from start to x within pts, arriving with k of
    `tok` secret passages unused; not through face-up specials, jars or treasures."""
    for i in range(2 * NPOS):
        cost[i] = INF
    cost[tok * NPOS + start] = 0.0
    changed = True
    sweep = 0
    while changed:
        changed = False
        for k in range(tok, -1, -1):
            for i in range(NPOS):
                x = i if sweep % 2 == 0 else NPOS - 1 - i
                here = cost[k * NPOS + x]
                if here >= INF or (x == CAMP and x != start):
                    continue
                if x != start and _stopper(s, x):
                    continue  # a face-up special, jar or treasure ends the move there
                opn = 15 if (x == start and any_dir) else _exits(s, x)
                for d in range(4):
                    k2 = k
                    if not (opn >> d) & 1:
                        if k == 0 or x == CAMP:
                            continue
                        k2 = 0  # through the wall with the secret passage
                    n = NB[x, d]
                    if n == -2:
                        continue
                    if n == OFF:
                        if carrying:
                            continue
                        n = CAMP
                    if n != CAMP and not _enterable(s, n):
                        continue
                    c2 = here + _cost(s, n)
                    if c2 <= pts and c2 < cost[k2 * NPOS + n]:
                        cost[k2 * NPOS + n] = c2
                        changed = True
        sweep += 1


@njit(cache=True)
def _need_at(s, x, goal, dist, carrying, any_dir, passage):
    """Points from standing on x to the goal, where x's own card cannot be changed."""
    if x == CAMP:
        return dist[CAMP]
    back = 0.0
    if goal[x] and s.cell_up[x]:
        if s.phase == PH_PICKUP and s.pend_pickup == x:
            return 0.0  # it is being picked up
        back = 1.0  # picked up only on entering: step off and back
    opn = 15 if any_dir else _exits(s, x)
    best = INF
    for d in range(4):
        wall = 0.0
        if not (opn >> d) & 1:
            wall = WALL if passage else WALL_HERE
        n = NB[x, d]
        if n == -2:
            continue
        if n == OFF:
            if carrying:
                continue
            n = CAMP
        cost = _enter_cost(s, n)
        if cost >= INF:
            continue
        if back > 0.0:
            v = wall + cost + back
        else:
            v = wall + (cost if goal[n] else cost + dist[n])
        if v < best:
            best = v
    return best


@njit(cache=True)
def _best_end(s, p, pos, pts, tok, any_dir, gods, skip_pos, goal, dist, carrying, passage, cost, need):
    """The least `need` over the places a move from pos with pts points can end on: a space
    of one of `gods` (bit mask) or the camp, which counts as any god."""
    if gods == 0 or pts <= 0:
        return need
    _reachable(s, pos, pts, tok, any_dir, carrying, cost)
    for x in range(NPOS):
        if (cost[x] >= INF and cost[NPOS + x] >= INF) or (x == pos and skip_pos) \
                or (x != CAMP and s.cell_card[x] < 0):
            continue
        if x == CAMP or (gods >> CARD_GOD[s.cell_card[x]]) & 1:
            v = 0.0 if goal[x] else _need_at(s, x, goal, dist, carrying, False, passage)
            if v < need:
                need = v
    return need


@njit(cache=True)
def _hand_gods(s, p):
    gods = 0
    for j in range(s.hand_n[p]):
        for k in range(2):
            gods |= 1 << EXC_SYM[s.hand[p, j], k]
    return gods


@njit(cache=True)
def _stage(s, p):
    """0 nothing, 1 carrying a jar, 2 a jar home, 3 carrying a treasure."""
    if s.carry_tr[p] >= 0:
        return 3
    if s.camp_jars[p] != 0:
        return 2
    if s.carry_jar[p] >= 0:
        return 1
    return 0


@njit(cache=True)
def _progress(s, p, dist, goal, cost):
    """Stage value minus the points still needed for the next goal, plus a little for
    what the next move (with the gods in hand) can bring."""
    if s.finished[p] > 0:
        return FINISHED - s.finished[p]
    stage = _stage(s, p)
    carrying = stage == 1 or stage == 3
    _mark_goals(s, p, stage, goal)
    _to_goal(s, goal, carrying, dist)
    pos = s.pos[p]
    mine = p == s.turn  # the turn's bookkeeping (secret passage played, ...) is his
    tok = 1 if (mine and s.mv_tok > 0) else 0
    passage = tok > 0 or _holds(s, p, PASSAGE)
    any_here = (mine and _start_any(s, p)) or s.chamber[p]
    need = _need_at(s, pos, goal, dist, carrying, any_here, passage)
    bonus = 0.0
    own_move = mine and s.current_player == p
    if own_move and s.plan_n > 0:  # a declared path: it ends where it was declared to
        end = _plan_end(s, p)[0]
        need = 0.0 if goal[end] else _need_at(s, end, goal, dist, carrying, False, passage)
    elif own_move and s.phase == PH_MOVE:  # where this move can still end
        need = _best_end(s, p, pos, s.mv_pts, tok, _start_any(s, p), 1 << s.mv_god, False,
                         goal, dist, carrying, passage, cost, need)
        if need == 0.0:
            bonus = GOAL_NOW
    elif not s.lying[p] and not (own_move and (s.moved or s.no_move)):
        # the next move, with the gods in hand: now (the turn player before his move)
        # or a turn away (its value counts a little, so that fitting cards are kept)
        pts = MOVE_POINTS + (1 if (own_move and s.extra_pt) else 0)
        nxt = _best_end(s, p, pos, pts, tok, any_here, _hand_gods(s, p), True, goal, dist,
                        carrying, passage, cost, need)
        need -= (NEXT_NOW if (own_move and s.phase == PH_MAIN) else NEXT_MOVE) * (need - nxt)
    if need >= INF:
        need = NO_GOAL
    elif need > NEAR:
        need = NEAR + 0.25 * (need - NEAR)
    v = STAGE * stage + bonus - need
    if stage == 2 and s.carry_jar[p] >= 0:
        v += 3.0  # a second jar brings another treasure into play
    return v


@njit(cache=True)
def _value(s, p, dist, goal, cost):
    v = _progress(s, p, dist, goal, cost)
    if s.finished[p] > 0:
        return v
    v += ANKH * s.ankhs[p] + DRAW_VALUE * min(2, HAND_LIMIT - s.hand_n[p])
    for j in range(s.hand_n[p]):
        v += CARD_VALUE[EXC_SYM[s.hand[p, j], 2] - NUM_GODS]
    # a card being used is valued as if still in hand until its effect is chosen, so that
    # one-ply lookahead does not shy away from playing it
    if s.current_player == p and s.phase == PH_SHOVEL:
        v += CARD_VALUE[SHOVEL - NUM_GODS]
    elif s.current_player == p and s.phase == PH_PEEK:
        v += CARD_VALUE[EYEGLASSES - NUM_GODS]
    if s.attacked[p]:
        v -= LOST_TURN
    if s.lying[p]:
        v -= LYING
    pos = s.pos[p]
    if s.awake and pos != CAMP and not s.lying[p]:
        m = abs(CELL_ROW[pos] - CELL_ROW[s.mummy]) + abs(CELL_COL[pos] - CELL_COL[s.mummy])
        if m <= 2:
            load = THREAT + (THREAT_LOAD if (s.carry_jar[p] >= 0 or s.carry_tr[p] >= 0) else 0.0)
            v -= (3 - m) * load
    return v


@njit(cache=True)
def evaluate(states, seats, out):
    """out[b]: the seat's value minus the mean value of the other players."""
    dist = np.empty(NPOS, np.float64)
    cost = np.empty(2 * NPOS, np.float64)
    goal = np.zeros(NPOS, np.uint8)
    for b in range(states.shape[0]):
        s = states[b]
        p = seats[b]
        others = 0.0
        for q in range(s.num_players):
            if q != p:
                others += _value(s, q, dist, goal, cost)
        out[b] = POINT * (_value(s, p, dist, goal, cost) - others / (s.num_players - 1))
