"""Farao's observation of one seat (docs/rules/farao.md, "Observation"): the position as it
lies (the fields, the players' cards, the supplies, the face-down tiles as a public
multiset), then the at-a-glance block: each seat's standing and walks to its goals, and per
action target, per rotation and per field the walk left to the observer's goal (paths.py).
The observer's goal is the chamber once it may enter it, else the nearest inscription it
lacks, a face-down field counting EXPLORE steps farther.
"""
import numpy as np
from ..core.jit import njit

from .paths import (EXPLORE, M_CHAMBER, M_COLOUR, M_DOWN, M_FRONT, M_LATE, M_OPEN, M_SEAT,
                    MAX_STEPS, MAZE_ROWS, TILE_CELLS, WORDS, _enterable, _low_field, has, lacks,
                    lay, nearest, put, seat_walk, spread)
from .rules import (_bottle_ok, _coffer_choice, _count_insc, _dir_ok, _obstacle,
                    _other_tunnel, _tunnel_ok)
from .spec import (BOTTLE, C_CHAMBER, C_CORNER, C_NONE, C_RING, C_TILE, CELL_FEATURES, CELL_KIND,
                   CHAMBER, COLOURS_IN_GAME, CORNERS, DIST_SCALE, END_MOVE, FIGURES, G_CELL,
                   G_GLOBAL, G_ROT, G_TARGET, GLANCE, GLANCE_CELL, GLANCE_SEAT, INSCRIPTION_TOKENS,
                   ITEM_TOKENS, ITEMS_IN_GAME, KILL, MAX_PLAYERS, MAX_VICTIMS, NEIGHBOR, NUM_CELLS,
                   NUM_COLOURS, NUM_ITEMS, NUM_PHASES, NUM_SHAPES, NUM_SYMBOLS, OBSTACLE_EFFECT,
                   OBSTACLE_ITEM, PH_FIGURE, PH_MAP_ORIENT, PH_ORIENT, PH_ROB, PH_STEP, RING_OPEN,
                   ROT_FEATURES, SEAT_FEATURES, SHAPE_OPEN, SYM_COFFER, SYM_INSCRIPTION, SYM_ITEM,
                   SYM_OBSTACLE, SYM_PLAIN, T_BOTTLE, T_DIR, T_ENTER, T_FIGURE, T_TUNNEL,
                   TARGET_FEATURES, TILE_SHAPE, TILE_SYMBOL, TILES_IN_GAME)


def _board_ones():
    """Per pyramid, the cell features the board alone sets to 1 (field, ring, chamber, the
    ring's openings): their offsets, -1 after the last."""
    ats = []
    for pyr in range(2):
        at = []
        for c in range(NUM_CELLS):
            k = CELL_KIND[pyr, c]
            base = c * CELL_FEATURES
            if k != C_NONE:
                at.append(base)
            if k == C_RING or k == C_CORNER:
                at.append(base + 1)
                at += [base + 5 + d for d in range(4) if (RING_OPEN[pyr, c] >> d) & 1]
            if k == C_CHAMBER:
                at.append(base + 2)
        ats.append(at)
    ones = np.full((2, max(len(at) for at in ats)), -1, np.int32)
    for pyr, at in enumerate(ats):
        ones[pyr, :len(at)] = at
    return ones


BOARD_ONES = _board_ones()  # a table: the same for every state of a pyramid


def _shares():
    """SHARES[h, m]: the share m face-down tiles of h have, as the float32 sum of m times
    1 / h (bit for bit what summing tile by tile gives; it may differ from m / h)."""
    most = max(TILES_IN_GAME)
    shares = np.zeros((most + 1, most + 1), np.float32)
    for h in range(1, most + 1):
        for m in range(1, h + 1):
            shares[h, m] = np.float32(np.float64(shares[h, m - 1]) + 1.0 / h)
    return shares


SHARES = _shares()
# FAR[d + 1]: _far(d) for every walk spread counts, d = -1 (none) first
FAR = np.array([1.0] + [min(d, DIST_SCALE) / DIST_SCALE for d in range(MAX_STEPS)], np.float32)
ON_BOARD = (CELL_KIND != C_NONE).astype(np.float32)  # per pyramid and field: 1.0 on the board


@njit(cache=True)
def _observe_one(s, seat, f, down_by):
    """The position as it lies (f: OBS_SIZE floats); down_by (NUM_SYMBOLS + NUM_SHAPES):
    scratch for the face-down tiles by symbol, then by shape."""
    f[:] = 0.0
    n = s.num_players
    pyr = s.pyramid
    p = s.current_player
    for i in range(BOARD_ONES.shape[1]):
        if BOARD_ONES[pyr, i] < 0:
            break
        f[BOARD_ONES[pyr, i]] = 1.0
    coffer_found = False
    hidden = 0
    down_by[:] = 0
    for i in range(TILES_IN_GAME[pyr]):  # no branches: which tiles lie face up follows no pattern
        c = TILE_CELLS[pyr, i]
        base = c * CELL_FEATURES
        t = s.tile[c]
        up = s.up[c] != 0
        hidden += not up
        down_by[TILE_SYMBOL[t]] += not up
        down_by[NUM_SYMBOLS + TILE_SHAPE[t]] += not up
        f[base + 3] = not up
        f[base + 4] = up
        sym = TILE_SYMBOL[t] if up else SYM_PLAIN
        coffer_found |= sym == SYM_COFFER
        # the symbols' one-hot has no slot for plain: a plain (or hidden) symbol's 0 lands on
        # the W opening, written next
        f[base + 8 + sym] = sym != SYM_PLAIN
        op = SHAPE_OPEN[TILE_SHAPE[t], s.rot[c]] if up else 0
        for d in range(4):
            f[base + 5 + d] = (op >> d) & 1
    if _may_open_chamber(s, seat):
        for d in range(4):
            f[CHAMBER[pyr] * CELL_FEATURES + 5 + d] = 1.0
    if s.curse >= 0:
        f[s.curse * CELL_FEATURES + 9 + NUM_SYMBOLS - 1] = 1.0
    if s.mover >= 0 and not s.terminated and s.fig[p, s.mover] >= 0:
        f[s.fig[p, s.mover] * CELL_FEATURES + CELL_FEATURES - 3] = 1.0
    if s.prev >= 0 and not s.terminated:
        f[s.prev * CELL_FEATURES + CELL_FEATURES - 2] = 1.0
    if s.target >= 0:
        f[s.target * CELL_FEATURES + CELL_FEATURES - 1] = 1.0
    fb = 9 + NUM_SYMBOLS
    for q in range(n):
        rel = (q - seat) % n
        for k in range(FIGURES):
            c = s.fig[q, k]
            if c >= 0:
                f[c * CELL_FEATURES + fb + rel] += 1.0 / FIGURES
    g = NUM_CELLS * CELL_FEATURES
    f[g + s.phase] = 1.0
    g += NUM_PHASES
    f[g + s.die - 1] = 1.0
    g += 6
    f[g] = max(s.steps_left, 0) / 6.0
    f[g + 1] = p == seat and not s.terminated
    f[g + 2] = s.chamber_open
    f[g + 3 + pyr] = 1.0
    f[g + 5] = s.need / 7.0
    g += 6
    for q in range(n):
        rel = (q - seat) % n
        sb = g + rel * SEAT_FEATURES
        f[sb] = 1.0
        f[sb + 1] = s.place[q] != 0
        f[sb + 2] = s.place[q] / MAX_PLAYERS
        w = 0
        for k in range(FIGURES):
            if s.fig[q, k] < 0:
                w += 1
        f[sb + 3] = w / FIGURES if s.place[q] == 0 else 0.0
        for k in range(NUM_ITEMS):
            f[sb + 4 + k] = s.items[q, k]
        for c in range(NUM_COLOURS):
            f[sb + 4 + NUM_ITEMS + c] = s.insc[q, c]
        f[sb + 4 + NUM_ITEMS + NUM_COLOURS] = _count_insc(s, q) / 7.0
    g += MAX_PLAYERS * SEAT_FEATURES
    for k in range(NUM_ITEMS):
        f[g + k] = s.supply[k] / ITEM_TOKENS
        f[g + NUM_ITEMS + k] = s.discovered[k]
        f[g + 2 * NUM_ITEMS + k] = s.coffer[k]
    g += 3 * NUM_ITEMS
    f[g] = coffer_found
    g += 1
    for c in range(NUM_COLOURS):
        f[g + c] = s.insc_supply[c] / INSCRIPTION_TOKENS
    g += NUM_COLOURS
    if s.phase == PH_ROB:
        f[g + (s.victims[s.victim_idx] - seat) % n] = 1.0
        f[g + MAX_PLAYERS] = (s.num_victims - s.victim_idx) / MAX_VICTIMS
    g += MAX_PLAYERS + 1
    # the face-down tiles as a multiset (public: the tile set is known), counted above
    if hidden > 0:
        for y in range(NUM_SYMBOLS + NUM_SHAPES):
            f[g + y] = SHARES[hidden, down_by[y]]


# --- the at-a-glance block (docs/rules/farao.md, "At a glance") --------------------------------
@njit(cache=True, inline="always")
def _far(d):
    """A walk of d steps scaled to [0, 1]; 1 when there is none (d < 0)."""
    return 1.0 if d < 0 else min(d, DIST_SCALE) / DIST_SCALE


@njit(cache=True, inline="always")
def _nearer(a, b):
    """The shorter of two walks, -1 meaning none."""
    return b if a < 0 else (a if b < 0 or a <= b else b)


@njit(cache=True, inline="always")
def _may_open_chamber(s, q):
    return s.chamber_open or _count_insc(s, q) >= s.need


@njit(cache=True)
def _seat(s, q, f, at, maze, tunnels, layers):
    """Seat q's standing and walks (GLANCE_SEAT features from f[at]); maze: paths.lay's;
    layers: spread's scratch."""
    n = s.num_players
    pyr = s.pyramid
    f[at + 2] = (n - s.place[q] + 1 if s.place[q] else n - s.finished) / n  # if it ended now
    held = 0
    for k in range(NUM_ITEMS):
        held += s.items[q, k]
    f[at + GLANCE_SEAT - 1] = held / ITEMS_IN_GAME[pyr]
    if s.place[q]:  # in the chamber (or placed at the end): nothing left to walk
        f[at] = 1.0
        f[at + 1] = 1.0
        return
    f[at] = _may_open_chamber(s, q)
    f[at + 1] = min(_count_insc(s, q), s.need) / s.need
    seat_walk(s, q, maze)
    # rows of two words set word by word: numba's row slices cost more than the work
    maze[M_FRONT, 0] = maze[M_FRONT, 1] = 0
    maze[M_LATE, 0] = maze[M_LATE, 1] = 0
    waiting = False
    for k in range(FIGURES):
        if s.fig[q, k] >= 0:
            put(maze, M_FRONT, s.fig[q, k])
        else:
            waiting = True
    if waiting:  # a waiting figure enters at a corner with its first step
        for i in range(4):
            put(maze, M_LATE, CORNERS[pyr, i])
    # no farther than DIST_SCALE steps: past it every walk feature reads as none (_far)
    last = spread(maze, tunnels, True, 1 if waiting else -1, layers, DIST_SCALE)
    for c in range(COLOURS_IN_GAME[pyr]):
        if not s.insc[q, c]:
            d = nearest(layers, last, maze, M_COLOUR + c) if lacks(s, q, c) else -1
            f[at + 6 + c] = _far(d)
    down = nearest(layers, last, maze, M_DOWN)
    lacked = 1.0
    for c in range(COLOURS_IN_GAME[pyr]):
        if lacks(s, q, c):
            lacked = min(lacked, f[at + 6 + c])
    chamber = nearest(layers, last, maze, M_CHAMBER)
    f[at + 3] = _far(chamber) if f[at] else min(lacked, _far(down + EXPLORE if down >= 0 else -1))
    f[at + 4] = _far(chamber)
    f[at + 5] = _far(down)


@njit(cache=True)
def _walk_back(s, p, maze, tunnels, to_chamber, layers):
    """Spread back from p's goal (the chamber, else an inscription p lacks, a face-down field
    counting EXPLORE steps more) over p's walk, M_SEAT (seat_walk last run for p), no
    farther than DIST_SCALE steps (past it a walk reads as none: _far); returns spread's last
    layer."""
    if to_chamber:
        maze[M_FRONT, 0], maze[M_FRONT, 1] = maze[M_CHAMBER, 0], maze[M_CHAMBER, 1]
        maze[M_LATE, 0] = maze[M_LATE, 1] = 0
        return spread(maze, tunnels, False, -1, layers, DIST_SCALE)
    maze[M_FRONT, 0] = maze[M_FRONT, 1] = 0
    for c in range(COLOURS_IN_GAME[s.pyramid]):
        if lacks(s, p, c):
            for w in range(WORDS):
                maze[M_FRONT, w] |= maze[M_COLOUR + c, w] & maze[M_SEAT, w]
    maze[M_LATE, 0], maze[M_LATE, 1] = maze[M_DOWN, 0], maze[M_DOWN, 1]
    return spread(maze, tunnels, False, EXPLORE, layers, DIST_SCALE)


@njit(cache=True)
def _cell_walks(layers, last, pyr, dist, f, col, also):
    """dist[c]: the steps a figure standing on field c needs (spread's layers back from a
    goal, -1 none); written as well, scaled, into f[col + c * GLANCE_CELL] and
    f[also + c * GLANCE_CELL]. The layers' bits give dist; the features follow from it in
    one pass over every field, branch-free (1 where no walk reaches, 0 off the board)."""
    dist[:] = -1
    for k in range(last + 1):
        for w in range(WORDS):
            x = layers[k, w]
            while x:
                low = x & -x
                x ^= low
                dist[w * 64 + _low_field(low)] = k
    for c in range(NUM_CELLS):
        v = FAR[dist[c] + 1] * ON_BOARD[pyr, c]
        f[col + c * GLANCE_CELL] = v
        f[also + c * GLANCE_CELL] = v


@njit(cache=True)
def _target(s, p, c, steps, f, at, goal, to_ch):
    """What a figure of p finds on field c, steps still to go (-1: not p's move): the
    TARGET_FEATURES of the action that brings it there, from f[at]."""
    f[at] = 1.0
    f[at + 1] = _far(goal[c])
    f[at + 2] = 0 <= goal[c] <= steps
    f[at + 3] = _far(to_ch[c])
    kind = CELL_KIND[s.pyramid, c]
    if kind == C_TILE:
        if s.up[c]:
            sym = TILE_SYMBOL[s.tile[c]]
            f[at + 4] = lacks(s, p, sym - SYM_INSCRIPTION)
            if sym >= SYM_ITEM and sym < SYM_OBSTACLE:
                f[at + 5] = not s.items[p, sym - SYM_ITEM] and s.supply[sym - SYM_ITEM] > 0
            elif sym == SYM_COFFER:
                f[at + 5] = _coffer_choice(s, p)
            o = _obstacle(s, c)
            if o >= 0 and not s.items[p, OBSTACLE_ITEM[o]]:
                f[at + 7] = OBSTACLE_EFFECT[o] == KILL
                f[at + 8] = OBSTACLE_EFFECT[o] == END_MOVE
        else:
            f[at + 6] = 1.0
    f[at + 9] = kind == C_CHAMBER and _may_open_chamber(s, p)
    for q in range(s.num_players):
        for k in range(FIGURES):
            if q != p and s.fig[q, k] == c:
                f[at + 10] = 1.0


@njit(cache=True)
def _via(s, p, t, openings, tunnel, maze, dist):
    """The walk from tile t, laid with these openings, through its best way out (tunnel: the
    other end of a secret tunnel on t, -1 none), -1 none."""
    best = -1
    for d in range(5):
        if d < 4:
            b = NEIGHBOR[s.pyramid, t, d]
            if not (openings >> d) & 1 or b < 0 or not has(maze, M_OPEN + (d + 2) % 4, b):
                continue
        else:
            b = tunnel
        if b >= 0 and dist[b] >= 0 and (b == CHAMBER[s.pyramid] or _enterable(s, p, b)):
            best = _nearer(best, dist[b] + 1)
    return best


@njit(cache=True)
def _glance(s, seat, f, maze, layers, goal, to_ch):
    """The at-a-glance block (spec.GLANCE_FEATURES, from f[GLANCE], zeroed) from `seat`'s
    view; maze (paths.MAZE_ROWS x WORDS), layers (paths.MAX_STEPS x WORDS), goal and to_ch
    (NUM_CELLS): scratch. Parts of f are handed on as offsets, not slices: a slice costs two
    atomic reference counts."""
    n = s.num_players
    pyr = s.pyramid
    tunnels = lay(s, maze)
    for i in range(1, n + 1):  # the observer last: its walk (M_SEAT) serves _walk_back
        q = (seat + i) % n
        _seat(s, q, f, GLANCE + i % n * GLANCE_SEAT, maze, tunnels, layers)
    best = 0.0
    for q in range(n):
        if q != seat:
            best = max(best, f[GLANCE + (q - seat) % n * GLANCE_SEAT + 1])
    f[GLANCE + G_GLOBAL] = (f[GLANCE + 1] - best + 1.0) / 2.0
    f[GLANCE + G_GLOBAL + 1] = s.finished / (n - 1)
    up = 0
    for i in range(TILES_IN_GAME[pyr]):
        up += s.up[TILE_CELLS[pyr, i]] != 0
    f[GLANCE + G_GLOBAL + 2] = up / TILES_IN_GAME[pyr]
    if s.terminated or s.place[seat]:
        return
    chamber_goal = _may_open_chamber(s, seat)
    cells = GLANCE + G_CELL
    last = _walk_back(s, seat, maze, tunnels, True, layers)
    _cell_walks(layers, last, pyr, to_ch, f, cells + 1, cells + (0 if chamber_goal else 1))
    if chamber_goal:
        goal = to_ch
    else:
        last = _walk_back(s, seat, maze, tunnels, False, layers)
        _cell_walks(layers, last, pyr, goal, f, cells, cells)
    to_move = s.current_player == seat
    choosing = to_move and s.phase == PH_FIGURE
    targets = GLANCE + G_TARGET
    waiting = False
    for k in range(FIGURES):
        c = s.fig[seat, k]
        waiting |= c < 0
        if c >= 0:
            _target(s, seat, c, s.die if choosing else -1,
                    f, targets + (T_FIGURE + k) * TARGET_FEATURES, goal, to_ch)
    if waiting:
        for i in range(4):
            _target(s, seat, CORNERS[pyr, i], s.die - 1 if choosing else -1,
                    f, targets + (T_ENTER + i) * TARGET_FEATURES, goal, to_ch)
    if to_move and s.phase == PH_STEP and s.steps_left > 0:
        a = s.fig[seat, s.mover]
        left = s.steps_left - 1
        for d in range(4):
            b = NEIGHBOR[pyr, a, d]
            if _dir_ok(s, seat, a, d, s.prev):
                _target(s, seat, b, left, f, targets + (T_DIR + d) * TARGET_FEATURES, goal, to_ch)
            if s.items[seat, BOTTLE] and _bottle_ok(s, seat, a, d, s.prev):
                _target(s, seat, b, left, f, targets + (T_BOTTLE + d) * TARGET_FEATURES,
                        goal, to_ch)
        if _tunnel_ok(s, seat, a, s.prev):
            _target(s, seat, _other_tunnel(s, a), left, f, targets + T_TUNNEL * TARGET_FEATURES,
                    goal, to_ch)
    if to_move and (s.phase == PH_ORIENT or s.phase == PH_MAP_ORIENT):
        t = s.target
        sh = TILE_SHAPE[s.tile[t]]
        tunnel = _other_tunnel(s, t)  # a scan of the board: once, not per rotation
        for r in range(4):
            o = SHAPE_OPEN[sh, r]
            here = 0 if goal[t] == 0 else _via(s, seat, t, o, tunnel, maze, goal)
            at = GLANCE + G_ROT + r * ROT_FEATURES
            f[at] = _far(here)
            f[at + 1] = _far(_via(s, seat, t, o, tunnel, maze, to_ch))


# the scratch of observe: one record, so one allocation (~15-20 ns, which a batch of one, the
# AEC env, pays every step); its fields' arrays carry no reference count, which a view of a
# plain array pays, atomically, wherever it is handed on (~3 % of observe's time)
SCRATCH = np.dtype([("rows", np.uint64, (MAZE_ROWS + MAX_STEPS, WORDS)),
                    ("goal", np.int16, NUM_CELLS), ("to_ch", np.int16, NUM_CELLS),
                    ("down_by", np.int16, NUM_SYMBOLS + NUM_SHAPES)])


@njit(cache=True)
def _observe_all(states, seats, out, scratch):
    """observe with its scratch: a SCRATCH array of one, the owner of the memory its fields'
    arrays point into (they hold no reference), alive while this runs."""
    sc = scratch[0]
    maze, layers = sc.rows[:MAZE_ROWS], sc.rows[MAZE_ROWS:]
    for b in range(states.shape[0]):
        _observe_one(states[b], seats[b], out[b], sc.down_by)
        _glance(states[b], seats[b], out[b], maze, layers, sc.goal, sc.to_ch)


@njit(cache=True)
def observe(states, seats, out):
    _observe_all(states, seats, out, np.empty(1, SCRATCH))
