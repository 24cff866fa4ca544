"""Movement and paths: what a space costs and where it may be left, whether a move can
still reach its god (`_reach`), the free steps of a move and the path declared at its first
reveal (docs/rules/krimsutep.md, "A move, and the path declared at its first reveal")."""
from ..core.jit import njit

from .spec import (BURIED, CAMP, CARD_GOD, CARD_SHAPE, CARD_SPECIAL, CHAMBER, GRAVE, JAR, KINGS,
                   MAX_PLAN, MOVE_POINTS, NB, NUM_CELLS, OFF, OPEN, PITFALL, RAMP, TREASURE)
from .state import _researcher_at


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


REACHED, BLOCKED = -1, -2  # _special_entry results besides a cell


@njit(cache=True)
def _special_entry(s, n, d, god):
    """A move enters the face-up special card (or jar, treasure) on n by a step in direction
    d, not showing the chosen god: REACHED (a king's pyramid transports him to the camp,
    which "can be entered using any god symbol"; a ramp slips him onto the god, the camp or
    off the pyramid), BLOCKED (the move ends there, short of the god), or the cell the move
    goes on from (the ramp's slip "as if he made a further step in the same direction", or
    the ramp itself when the slip is blocked)."""
    sp = CARD_SPECIAL[s.cell_card[n]]
    if sp == KINGS:
        return REACHED
    if sp != RAMP:
        return BLOCKED
    x = NB[n, d]
    if x == OFF or x == CAMP:
        return REACHED
    if not _enterable(s, x):
        return n
    if _god_at(s, x) == god:
        return REACHED
    if _stopper(s, x):
        return REACHED if CARD_SPECIAL[s.cell_card[x]] == KINGS else BLOCKED
    return x


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
                        n = _special_entry(s, n, d, god)
                        if n == REACHED:
                            return True
                        if n == BLOCKED:
                            continue
                    if buf[n * 2 + k2] < r2:
                        buf[n * 2 + k2] = r2
                        changed = True
    return False


@njit(cache=True)
def _can_move_now(s, p):
    return not s.moved and not s.no_move and not s.lying[p]


@njit(cache=True)
def _start_any(s, p):
    return s.mv_any or (s.chamber[p] and s.mv_steps == 0)


@njit(cache=True)
def _move_possible(s, p, god, tok, buf):
    """A move with `god` can reach its goal; tok: a secret passage is at hand for it."""
    pts = MOVE_POINTS + (1 if s.extra_pt else 0)
    return _reach(s, s.pos[p], pts, tok, s.chamber[p] != 0, god, buf)


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
        n = _special_entry(s, n, d, god)
        if n == REACHED:
            return True
        if n == BLOCKED:
            return False
    return _reach(s, n, pts - cost, tok2, False, god, buf)


@njit(cache=True)
def _back_dir(s):
    return (s.mv_dir + 2) % 4 if s.mv_steps > 0 else -1


@njit(cache=True)
def _plan_end(s, p):
    """Where the declared path leads, as (space, points left, passages left, direction of
    its last step); the cards it will turn up count as face-down cards (exits unknown).
    The step after entering a face-up ramp is its slip: free, whatever the ramp's paths."""
    c = s.pos[p]
    pts = s.mv_pts
    tok = 1 if s.mv_tok > 0 else 0
    any_dir = _start_any(s, p)
    last = s.mv_dir if s.mv_steps > 0 else -1
    slip = False
    for i in range(s.plan_n):
        d = s.plan[i] & 3
        if not slip and not any_dir and not (_open_paths(s, c) >> d) & 1:
            tok = 0
        any_dir = False
        last = d
        n = NB[c, d]
        if n == OFF or n == CAMP:
            return CAMP, pts - (0 if slip else 1), tok, last
        if not slip:
            pts -= 1 if s.plan[i] >= 4 else _cost(s, n)
        slip = s.plan[i] < 4 and s.cell_up[n] and CARD_SPECIAL[s.cell_card[n]] == RAMP
        c = n
    return c, pts, tok, last


@njit(cache=True)
def _plan_step_ok(s, p, d, reveal, buf):
    """The declared path may be extended by this step (same test as a free step)."""
    c, pts, tok, last = _plan_end(s, p)
    if c == CAMP or s.plan_n >= MAX_PLAN:
        return False
    if s.plan_n > 0 and s.cell_up[c] and _stopper(s, c):
        # a face-up special, jar or treasure ends the path; a ramp's slip is its next step
        if CARD_SPECIAL[s.cell_card[c]] != RAMP or d != last or reveal:
            return False
        n = NB[c, d]
        if n == OFF or n == CAMP:
            return True
        if not _enterable(s, n):
            return False  # the slip is blocked: the path ends on the ramp
        if _god_at(s, n) == s.mv_god:
            return True
        if _stopper(s, n):
            return CARD_SPECIAL[s.cell_card[n]] == KINGS
        return _reach(s, n, pts, tok, False, s.mv_god, buf)
    any_dir = s.plan_n == 0 and _start_any(s, p)
    back = (last + 2) % 4 if last >= 0 else -1
    return _path_step_ok(s, c, d, reveal, pts, tok, any_dir, back, s.mv_god, buf)


@njit(cache=True)
def _plan_complete(s, p):
    """The declared path ends in the camp, on a space of the chosen god or on a face-up king's
    pyramid (it transports him to the camp)."""
    c, pts, tok, last = _plan_end(s, p)
    if c == CAMP or _god_at(s, c) == s.mv_god:
        return True
    return s.cell_up[c] and CARD_SPECIAL[s.cell_card[c]] == KINGS


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
