"""Farao rules core: the state record and the batched numba kernels.

A turn is: the die is rolled (when the turn is handed over), the player picks a figure
(or enters a waiting one at a corner), then takes one step per decision. Revealing a
face-down tile, the map, the dark shrine, the coffer and robbing after an attack are
decisions of their own (phases). Items may be spent at any point of the move.
With `end_when_stuck` a game ends at the hand-over once no player still in can ever enter
the chamber (reach.stuck). The observation kernel is in observation.py.
"""
import numpy as np
from ..core.jit import njit

from ..core.outcome import rank_rewards
from ..core.rng import randint, shuffle, sorted_shuffle
from .reach import stuck
from .spec import (A_BOTTLE, A_BUY, A_CELL, A_DIR, A_ENTER, A_FIGURE, A_FOOD, A_ITEM, A_KEY,
                   A_PASS, A_ROT, A_TUNNEL, BOTTLE, C_CHAMBER, C_CORNER, C_RING, C_TILE, CELL_KIND,
                   COLOURS_IN_GAME, CORNERS, END_MOVE, FIGURES, FIRST_AID, FOOD,
                   INSCRIPTION_TOKENS, ITEM_TOKENS, ITEMS_IN_GAME, KEY, KILL, MAGIC, MAX_PLAYERS,
                   MAX_VICTIMS, MONEY, NEIGHBOR, NO_ENTRY, NUM_CELLS, NUM_COLOURS, NUM_ITEMS,
                   NUM_SYMBOLS, OBSTACLE_EFFECT, OBSTACLE_ITEM, PH_COFFER, PH_CURSE, PH_FIGURE,
                   PH_MAP_ORIENT, PH_MAP_PICK, PH_ORIENT, PH_OVER, PH_ROB, PH_STEP, RING_OPEN,
                   SHAPE_DISTINCT, SHAPE_OPEN, SYM_COFFER, SYM_INSCRIPTION, SYM_ITEM, SYM_MAP,
                   SYM_OBSTACLE, SYM_SHRINE, SYM_TUNNEL, TILE_SHAPE, TILE_SYMBOL, TILES_IN_GAME)

STATE = np.dtype([
    ("num_players", np.int8),
    ("current_player", np.int8),
    ("terminated", np.bool_),
    ("steps", np.int32),
    ("rng", np.uint64),
    ("scores", np.int32, (MAX_PLAYERS,)),     # final standing: n for the first into the chamber
    ("pyramid", np.int8),                      # 0 small, 1 big
    ("need", np.int8),                         # inscriptions that open the chamber
    ("end_stuck", np.bool_),                   # option end_when_stuck
    ("phase", np.int8),
    ("die", np.int8),                          # the die of this turn (food turns it to 6)
    ("steps_left", np.int8),                   # fields the moving figure still has to go
    ("mover", np.int8),                        # figure of the current player that moves, -1 none
    ("moved", np.bool_),                       # the moving figure entered a field this move
    ("must_spend", np.bool_),                  # chosen unable to walk while another figure
    #                                            could move: spend the bottle or key first
    ("prev", np.int16),                        # the field just left (no way straight back), -1
    ("target", np.int16),                      # the tile being revealed (orient, map-orient), -1
    ("target_dir", np.int8),                   # direction of the step into `target`
    ("tile", np.int8, (NUM_CELLS,)),           # tile id on each pyramid cell, -1 none
    ("rot", np.int8, (NUM_CELLS,)),            # quarter turns clockwise, 0..3
    ("up", np.uint8, (NUM_CELLS,)),            # face up
    ("fig", np.int16, (MAX_PLAYERS, FIGURES)), # cell of each archaeologist, -1 waiting
    ("place", np.int8, (MAX_PLAYERS,)),        # order of entering the chamber, 0 still playing
    ("finished", np.int8),                     # players that have entered the chamber
    ("chamber_open", np.bool_),
    ("items", np.uint8, (MAX_PLAYERS, NUM_ITEMS)),
    ("supply", np.int8, (NUM_ITEMS,)),         # item tokens in the shared supply
    ("discovered", np.uint8, (NUM_ITEMS,)),    # the item's stack is face up
    ("coffer", np.uint8, (NUM_ITEMS,)),        # item tokens in the coffer (one each at setup)
    ("insc", np.uint8, (MAX_PLAYERS, NUM_COLOURS)),
    ("insc_supply", np.int8, (NUM_COLOURS,)),
    ("curse", np.int16),                       # cell of the curse token, -1 not placed
    ("victims", np.int8, (MAX_VICTIMS,)),      # owners of the attacked figures, to rob in turn
    ("num_victims", np.int8),
    ("victim_idx", np.int8),
])


# --- small queries ----------------------------------------------------------------------
@njit(cache=True, inline="always")
def _open(s, c):
    """Openings of a field as bits N E S W (the chamber counts as open on every side)."""
    k = CELL_KIND[s.pyramid, c]
    if k == C_RING or k == C_CORNER:
        return RING_OPEN[s.pyramid, c]
    if k == C_CHAMBER:
        return 15
    if k == C_TILE and s.up[c]:
        return SHAPE_OPEN[TILE_SHAPE[s.tile[c]], s.rot[c]]
    return 0


@njit(cache=True)
def _count_insc(s, p):
    n = 0
    for c in range(NUM_COLOURS):
        if s.insc[p, c]:
            n += 1
    return n


@njit(cache=True)
def _occupied(s, c):
    for p in range(s.num_players):
        for k in range(FIGURES):
            if s.fig[p, k] == c:
                return True
    return False


@njit(cache=True, inline="always")
def _obstacle(s, c):
    """Obstacle index of a face-up tile on c, -1 if none."""
    if CELL_KIND[s.pyramid, c] != C_TILE or not s.up[c]:
        return -1
    sym = TILE_SYMBOL[s.tile[c]]
    if sym >= SYM_OBSTACLE and sym < SYM_MAP:
        return sym - SYM_OBSTACLE
    return -1


@njit(cache=True)
def _may_enter(s, p, b, prev, bottle):
    """Field b may be entered (ignoring walls); `bottle`: the bottle is being spent."""
    if b < 0 or b == prev:
        return False
    k = CELL_KIND[s.pyramid, b]
    if k == C_CHAMBER:
        return s.chamber_open or _count_insc(s, p) >= s.need
    if k != C_TILE:
        return True
    if not s.up[b]:
        return not bottle  # a face-down tile: the mover will turn it so it can be entered
    if b == s.curse:
        return False
    o = _obstacle(s, b)
    if o >= 0 and OBSTACLE_EFFECT[o] == NO_ENTRY:
        it = OBSTACLE_ITEM[o]
        if not s.items[p, it] or (bottle and it == BOTTLE):
            return False
    return True


@njit(cache=True)
def _dir_ok(s, p, a, d, prev):
    """A normal step from a in direction d: no wall and the field may be entered."""
    b = NEIGHBOR[s.pyramid, a, d]
    if b < 0 or not (_open(s, a) >> d) & 1:
        return False
    if CELL_KIND[s.pyramid, b] == C_TILE and s.up[b] and not (_open(s, b) >> ((d + 2) % 4)) & 1:
        return False
    return _may_enter(s, p, b, prev, False)


@njit(cache=True)
def _bottle_ok(s, p, a, d, prev):
    """Spending the bottle: through the wall in direction d to a revealed field."""
    b = NEIGHBOR[s.pyramid, a, d]
    if b < 0:
        return False
    k = CELL_KIND[s.pyramid, b]
    if k == C_TILE and not s.up[b]:
        return False
    wall = not ((_open(s, a) >> d) & 1 and (_open(s, b) >> ((d + 2) % 4)) & 1)
    return wall and _may_enter(s, p, b, prev, True)


@njit(cache=True)
def _other_tunnel(s, a):
    """The other face-up secret tunnel when a is one, else -1."""
    if CELL_KIND[s.pyramid, a] != C_TILE or not s.up[a] or TILE_SYMBOL[s.tile[a]] != SYM_TUNNEL:
        return -1
    for c in range(NUM_CELLS):
        if c != a and s.tile[c] >= 0 and s.up[c] and TILE_SYMBOL[s.tile[c]] == SYM_TUNNEL:
            return c
    return -1


@njit(cache=True)
def _tunnel_ok(s, p, a, prev):
    t = _other_tunnel(s, a)
    return t >= 0 and _may_enter(s, p, t, prev, False)


@njit(cache=True)
def _can_walk(s, p, a, prev):
    """A normal step (a direction or the tunnel) exists from a."""
    for d in range(4):
        if _dir_ok(s, p, a, d, prev):
            return True
    return _tunnel_ok(s, p, a, prev)


@njit(cache=True)
def _can_bottle(s, p, a, prev):
    if not s.items[p, BOTTLE]:
        return False
    for d in range(4):
        if _bottle_ok(s, p, a, d, prev):
            return True
    return False


@njit(cache=True)
def _key_target(s, a, t):
    """Cell the key would turn (t = 0 here, 1..4 the neighbour N E S W), -1 if not allowed."""
    c = a if t == 0 else NEIGHBOR[s.pyramid, a, t - 1]
    if c < 0 or CELL_KIND[s.pyramid, c] != C_TILE or not s.up[c]:
        return -1
    if t > 0 and _occupied(s, c):
        return -1
    return c


@njit(cache=True, inline="always")
def _rot_ok(s, c, r):
    """Rotation r gives a distinct pattern other than the tile's present one."""
    sh = TILE_SHAPE[s.tile[c]]
    return SHAPE_DISTINCT[sh, r] and SHAPE_OPEN[sh, r] != SHAPE_OPEN[sh, s.rot[c]]


@njit(cache=True)
def _can_key(s, p, a):
    if not s.items[p, KEY]:
        return False
    for t in range(5):
        c = _key_target(s, a, t)
        if c >= 0:
            for r in range(4):
                if _rot_ok(s, c, r):
                    return True
    return False


@njit(cache=True, inline="always")
def _buyable(s, p, k):
    return (k != MONEY and not MAGIC[k] and s.discovered[k] and s.supply[k] > 0
            and not s.items[p, k])


@njit(cache=True)
def _can_buy(s, p):
    if not s.items[p, MONEY]:
        return False
    for k in range(NUM_ITEMS):
        if _buyable(s, p, k):
            return True
    return False


@njit(cache=True)
def _can_spend(s, p, a):
    """Some item may be spent now by the moving figure on field a."""
    if s.items[p, FOOD] and s.die < 6:
        return True
    if _can_buy(s, p) or _can_key(s, p, a):
        return True
    return s.steps_left > 0 and _can_bottle(s, p, a, s.prev)


@njit(cache=True)
def _curse_ok(s, c):
    return (CELL_KIND[s.pyramid, c] == C_TILE and s.up[c] and c != s.curse
            and not _occupied(s, c))


@njit(cache=True)
def _any_curse_target(s):
    for c in range(NUM_CELLS):
        if _curse_ok(s, c):
            return True
    return False


@njit(cache=True)
def _any_face_down(s):
    for c in range(NUM_CELLS):
        if CELL_KIND[s.pyramid, c] == C_TILE and not s.up[c]:
            return True
    return False


@njit(cache=True)
def _coffer_choice(s, p):
    for k in range(NUM_ITEMS):
        if s.coffer[k] and not s.items[p, k]:
            return True
    return False


@njit(cache=True)
def _rob_choice(s, p, v):
    for k in range(NUM_ITEMS):
        if s.items[v, k] and not s.items[p, k]:
            return True
    return False


@njit(cache=True)
def _figure_can_move(s, p, k):
    """Figure k can take a step: walk, the tunnel or the bottle."""
    a = s.fig[p, k]
    return a >= 0 and (_can_walk(s, p, a, -1) or _can_bottle(s, p, a, -1))


@njit(cache=True)
def _figure_choosable(s, p, k):
    """Figure k can step, or spend the golden key where it stands ("at any time during
    your move"), which may open it a way."""
    return _figure_can_move(s, p, k) or (s.fig[p, k] >= 0 and _can_key(s, p, s.fig[p, k]))


@njit(cache=True)
def _another_can_move(s, p, k):
    """A figure of p other than k could make this move: it can step, or it waits."""
    for j in range(FIGURES):
        if j != k and (s.fig[p, j] < 0 or _figure_can_move(s, p, j)):
            return True
    return False


@njit(cache=True)
def _discover(s, c):
    """Turn a tile face up; an item tile turns that item's stack face up."""
    s.up[c] = 1
    sym = TILE_SYMBOL[s.tile[c]]
    if sym >= SYM_ITEM and sym < SYM_OBSTACLE:
        s.discovered[sym - SYM_ITEM] = 1


# --- turn flow -----------------------------------------------------------------------------
@njit(cache=True)
def _next_turn(s):
    n = s.num_players
    p = s.current_player
    for _ in range(n):
        p = (p + 1) % n
        if s.place[p] == 0:
            break
    s.current_player = p
    s.die = randint(s, 6) + 1
    s.steps_left = 0
    s.mover = -1
    s.moved = False
    s.must_spend = False
    s.prev = -1
    s.target = -1
    s.target_dir = -1
    for i in range(s.num_victims):
        s.victims[i] = -1
    s.num_victims = 0
    s.victim_idx = 0
    s.phase = PH_FIGURE


@njit(cache=True)
def _next_rob(s):
    p = s.current_player
    while s.victim_idx < s.num_victims:
        if _rob_choice(s, p, s.victims[s.victim_idx]):
            s.phase = PH_ROB
            return
        s.victim_idx += 1
    _next_turn(s)


@njit(cache=True)
def _end_move(s):
    """The move is over: an attack where the figure stopped, then the next player."""
    p = s.current_player
    a = s.fig[p, s.mover] if s.mover >= 0 else -1
    s.num_victims = 0
    s.victim_idx = 0
    if a >= 0 and s.moved:
        for v in range(s.num_players):
            if v == p or s.place[v] != 0:
                continue
            protected = s.items[v, FIRST_AID]  # judged before any robbing
            for k in range(FIGURES):
                if s.fig[v, k] == a:
                    s.victims[s.num_victims] = v
                    s.num_victims += 1
                    if not protected:
                        s.fig[v, k] = -1  # injured: back to its owner
    _next_rob(s)


@njit(cache=True)
def _continue(s):
    """After any resolution inside a move: keep walking, offer spends, or end the move."""
    p = s.current_player
    a = s.fig[p, s.mover]
    if s.steps_left > 0 and _can_walk(s, p, a, s.prev):
        s.phase = PH_STEP
    elif _can_spend(s, p, a):
        s.phase = PH_STEP
    else:
        _end_move(s)


@njit(cache=True)
def _finish_player(s, p, rewards_row):
    """Figure p entered the burial chamber: p leaves the game in the next place."""
    s.finished += 1
    s.place[p] = s.finished
    s.scores[p] = s.num_players - s.finished + 1
    s.chamber_open = True
    for k in range(FIGURES):
        s.fig[p, k] = -1
    if s.finished == s.num_players - 1:
        for q in range(s.num_players):
            if s.place[q] == 0:
                s.place[q] = s.num_players
                s.scores[q] = 1
        s.terminated = True
        s.phase = PH_OVER
        s.mover = -1
        rank_rewards(s.scores, s.num_players, rewards_row)
    else:
        _next_turn(s)


@njit(cache=True)
def _enter(s, b, fresh, rewards_row):
    """The moving figure enters field b (one field of the move) and b takes effect."""
    p = s.current_player
    s.prev = s.fig[p, s.mover]
    s.fig[p, s.mover] = b
    s.steps_left -= 1
    s.moved = True
    kind = CELL_KIND[s.pyramid, b]
    if kind == C_CHAMBER:
        _finish_player(s, p, rewards_row)
        return
    if kind != C_TILE:
        _continue(s)
        return
    sym = TILE_SYMBOL[s.tile[b]]
    if sym >= SYM_OBSTACLE and sym < SYM_MAP:
        o = sym - SYM_OBSTACLE
        if not s.items[p, OBSTACLE_ITEM[o]]:
            if OBSTACLE_EFFECT[o] == KILL:
                s.fig[p, s.mover] = -1  # dies: waits to be deployed again
                _next_turn(s)
                return
            if OBSTACLE_EFFECT[o] == END_MOVE:
                _end_move(s)
                return
    elif sym >= SYM_INSCRIPTION and sym < SYM_ITEM:
        c = sym - SYM_INSCRIPTION
        if not s.insc[p, c] and s.insc_supply[c] > 0:
            s.insc[p, c] = 1
            s.insc_supply[c] -= 1
    elif sym >= SYM_ITEM:
        if sym < SYM_OBSTACLE:
            k = sym - SYM_ITEM
            if not s.items[p, k] and s.supply[k] > 0:
                s.items[p, k] = 1
                s.supply[k] -= 1
        elif sym == SYM_MAP:
            if fresh and _any_face_down(s):
                s.phase = PH_MAP_PICK
                return
        elif sym == SYM_SHRINE:
            if _any_curse_target(s):
                s.phase = PH_CURSE
                return
        elif sym == SYM_COFFER:
            if _coffer_choice(s, p):
                s.phase = PH_COFFER
                return
    _continue(s)


# --- kernels ------------------------------------------------------------------------------
@njit(cache=True)
def reset(states, seeds, options):
    tiles = np.empty(TILES_IN_GAME[1], np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        s.num_players = options[0]
        s.pyramid = options[1]
        s.need = options[2]
        s.end_stuck = options[3] != 0
        s.terminated = False
        s.steps = 0
        s.rng = seeds[b]
        s.scores[:] = 0
        nt = TILES_IN_GAME[s.pyramid]
        for i in range(nt):
            tiles[i] = i
        shuffle(s, tiles, nt)
        j = 0
        for c in range(NUM_CELLS):
            s.tile[c] = -1
            s.rot[c] = 0
            s.up[c] = 0
            if CELL_KIND[s.pyramid, c] == C_TILE:
                s.tile[c] = tiles[j]
                j += 1
        s.fig[:, :] = -1
        s.place[:] = 0
        s.finished = 0
        s.chamber_open = False
        s.items[:, :] = 0
        s.supply[:] = 0
        s.discovered[:] = 0
        s.coffer[:] = 0
        for k in range(ITEMS_IN_GAME[s.pyramid]):
            s.supply[k] = ITEM_TOKENS - 1
            s.coffer[k] = 1  # "There is one token of each item in the chest"
        s.insc[:, :] = 0
        s.insc_supply[:] = 0
        for c in range(COLOURS_IN_GAME[s.pyramid]):
            s.insc_supply[c] = INSCRIPTION_TOKENS
        s.curse = -1
        s.victims[:] = -1
        s.current_player = s.num_players - 1
        _next_turn(s)  # the first player (seat 0) rolls


@njit(cache=True)
def _fill_mask(s, m):
    p = s.current_player
    ph = s.phase
    if ph == PH_FIGURE:
        waiting = False
        movable = False
        for k in range(FIGURES):
            if s.fig[p, k] < 0:
                waiting = True
            elif _figure_choosable(s, p, k):
                movable = True
                m[A_FIGURE + k] = 1
        if waiting:
            for i in range(4):
                m[A_ENTER + i] = 1
        elif not movable:  # no figure can take a step: any figure may be chosen (a lost turn)
            for k in range(FIGURES):
                m[A_FIGURE + k] = 1
        if s.items[p, FOOD] and s.die < 6:
            m[A_FOOD] = 1
        if s.items[p, MONEY]:
            for k in range(NUM_ITEMS):
                if _buyable(s, p, k):
                    m[A_BUY + k] = 1
    elif ph == PH_STEP:
        a = s.fig[p, s.mover]
        walk = False
        if s.steps_left > 0:
            for d in range(4):
                if _dir_ok(s, p, a, d, s.prev):
                    m[A_DIR + d] = 1
                    walk = True
            if _tunnel_ok(s, p, a, s.prev):
                m[A_TUNNEL] = 1
                walk = True
            if s.items[p, BOTTLE]:
                for d in range(4):
                    if _bottle_ok(s, p, a, d, s.prev):
                        m[A_BOTTLE + d] = 1
        if not walk and not s.must_spend:
            m[A_PASS] = 1
        if s.items[p, KEY]:
            for t in range(5):
                c = _key_target(s, a, t)
                if c >= 0:
                    for r in range(4):
                        if _rot_ok(s, c, r):
                            m[A_KEY + t * 4 + r] = 1
        if s.items[p, FOOD] and s.die < 6:
            m[A_FOOD] = 1
        if s.items[p, MONEY]:
            for k in range(NUM_ITEMS):
                if _buyable(s, p, k):
                    m[A_BUY + k] = 1
    elif ph == PH_ORIENT or ph == PH_MAP_ORIENT:
        sh = TILE_SHAPE[s.tile[s.target]]
        for r in range(4):
            if not SHAPE_DISTINCT[sh, r]:
                continue
            if ph == PH_ORIENT and not (SHAPE_OPEN[sh, r] >> ((s.target_dir + 2) % 4)) & 1:
                continue
            m[A_ROT + r] = 1
    elif ph == PH_MAP_PICK:
        for c in range(NUM_CELLS):
            if CELL_KIND[s.pyramid, c] == C_TILE and not s.up[c]:
                m[A_CELL + c] = 1
        m[A_PASS] = 1
    elif ph == PH_CURSE:
        for c in range(NUM_CELLS):
            if _curse_ok(s, c):
                m[A_CELL + c] = 1
    elif ph == PH_COFFER:
        for k in range(NUM_ITEMS):
            if s.coffer[k] and not s.items[p, k]:
                m[A_ITEM + k] = 1
    elif ph == PH_ROB:
        v = s.victims[s.victim_idx]
        for k in range(NUM_ITEMS):
            if s.items[v, k] and not s.items[p, k]:
                m[A_ITEM + k] = 1


@njit(cache=True)
def legal_mask(states, out):
    out[:, :] = 0
    for b in range(states.shape[0]):
        if not states[b].terminated:
            _fill_mask(states[b], out[b])


@njit(cache=True)
def _spend(s, p, k):
    s.items[p, k] = 0
    s.supply[k] += 1


@njit(cache=True)
def _apply(s, a, rewards_row):
    p = s.current_player
    ph = s.phase
    s.steps += 1
    if a == A_FOOD:
        _spend(s, p, FOOD)
        if ph == PH_STEP:
            s.steps_left += 6 - s.die  # the die now shows 6: the steps already taken count
            s.die = 6
            _continue(s)
        else:
            s.die = 6
    elif a >= A_BUY and a < A_ROT:
        k = a - A_BUY
        _spend(s, p, MONEY)
        s.items[p, k] = 1
        s.supply[k] -= 1
        if ph == PH_STEP:
            _continue(s)
    elif ph == PH_FIGURE:
        if a < A_ENTER:
            s.mover = a - A_FIGURE
            s.steps_left = s.die
            s.prev = -1
            s.must_spend = (not _can_walk(s, p, s.fig[p, s.mover], -1)
                            and _another_can_move(s, p, s.mover))
            _continue(s)
        else:
            for k in range(FIGURES):
                if s.fig[p, k] < 0:
                    s.mover = k
                    break
            s.fig[p, s.mover] = CORNERS[s.pyramid, a - A_ENTER]
            s.steps_left = s.die - 1  # the entrance is the first field of the move
            s.prev = -1
            s.moved = True
            _continue(s)
    elif ph == PH_STEP:
        here = s.fig[p, s.mover]
        if a < A_TUNNEL:
            d = a - A_DIR
            b = NEIGHBOR[s.pyramid, here, d]
            if CELL_KIND[s.pyramid, b] == C_TILE and not s.up[b]:
                _discover(s, b)
                s.target = b
                s.target_dir = d
                s.phase = PH_ORIENT
            else:
                _enter(s, b, False, rewards_row)
        elif a == A_TUNNEL:
            _enter(s, _other_tunnel(s, here), False, rewards_row)
        elif a < A_KEY:
            _spend(s, p, BOTTLE)
            s.must_spend = False
            _enter(s, NEIGHBOR[s.pyramid, here, a - A_BOTTLE], False, rewards_row)
        elif a < A_FOOD:
            t = (a - A_KEY) // 4
            c = _key_target(s, here, t)
            s.rot[c] = (a - A_KEY) % 4
            _spend(s, p, KEY)
            s.must_spend = False
            _continue(s)
        else:  # A_PASS
            _end_move(s)
    elif ph == PH_ORIENT:
        b = s.target
        s.rot[b] = a - A_ROT
        s.target = -1
        s.target_dir = -1
        o = _obstacle(s, b)
        if o >= 0 and OBSTACLE_EFFECT[o] == NO_ENTRY and not s.items[p, OBSTACLE_ITEM[o]]:
            _end_move(s)  # cannot enter: the figure stays where it was
        else:
            _enter(s, b, True, rewards_row)
    elif ph == PH_MAP_PICK:
        if a == A_PASS:
            _continue(s)
        else:
            c = a - A_CELL
            _discover(s, c)
            s.target = c
            s.phase = PH_MAP_ORIENT
    elif ph == PH_MAP_ORIENT:
        s.rot[s.target] = a - A_ROT
        s.target = -1
        _continue(s)
    elif ph == PH_CURSE:
        s.curse = a - A_CELL
        _continue(s)
    elif ph == PH_COFFER:
        k = a - A_ITEM
        s.coffer[k] = 0
        s.items[p, k] = 1
        _continue(s)
    elif ph == PH_ROB:
        k = a - A_ITEM
        v = s.victims[s.victim_idx]
        s.items[v, k] = 0
        s.items[p, k] = 1
        s.victim_idx += 1
        _next_rob(s)


@njit(cache=True)
def _end_stuck(s, rewards_row):
    """No one still in can ever enter the chamber: the game ends; those who entered keep
    their places and the others share the best place left."""
    n = s.num_players
    for q in range(n):
        if s.place[q] == 0:
            s.place[q] = s.finished + 1
            s.scores[q] = n - s.finished
    s.terminated = True
    s.phase = PH_OVER
    s.mover = -1
    rank_rewards(s.scores, n, rewards_row)


@njit(cache=True)
def step(states, actions, rewards):
    seen = np.empty(NUM_CELLS, np.int8)
    up = np.empty(NUM_SYMBOLS, np.int16)
    for b in range(states.shape[0]):
        if actions[b] < 0:
            continue
        s = states[b]
        rewards[b, :] = 0.0
        p = s.current_player
        _apply(s, actions[b], rewards[b])
        # at the hand-over (the only time a next player takes over), end a game no one
        # can finish
        if s.end_stuck and not s.terminated and s.current_player != p and stuck(s, seen, up):
            _end_stuck(s, rewards[b])


@njit(cache=True)
def determinize(states, seats, seeds):
    """Reshuffle the face-down tiles (nobody sees them) and reseed the future dice."""
    pool = np.empty(NUM_CELLS, np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        s.rng = seeds[b]
        n = 0
        for c in range(NUM_CELLS):
            if CELL_KIND[s.pyramid, c] == C_TILE and not s.up[c]:
                pool[n] = s.tile[c]
                n += 1
        sorted_shuffle(s, pool, n)
        n = 0
        for c in range(NUM_CELLS):
            if CELL_KIND[s.pyramid, c] == C_TILE and not s.up[c]:
                s.tile[c] = pool[n]
                s.rot[c] = 0
                n += 1
