"""Where Farao's figures may ever go: the proof behind the end of a game no one can finish.

`reach` marks every field that some figure might enter in some future, whatever the
face-down tiles turn out to be, however they are laid, whatever the dice and whoever
moves: an over-approximation built from what can change. A face-down tile (or one turned
up and still to be oriented) is open on every side; a golden key that may still be had
turns any laid tile next to a reachable field; a magic bottle that may still be had
crosses any wall into a revealed field; a secret tunnel still face down may lie under any
face-down field reached, and the map, while it may still be turned, may turn that tunnel's
twin up anywhere. A laid obstacle that kills or bars the way stops every figure only while
no player still in may come to hold its item, and the curse only while no one can come to
the dark shrine to move it. An item may be had when a player still in holds it (it can be
robbed), when its tile or the coffer holding one may be entered, or, for the items money
buys, when money may be had and the item is discovered or its tile may still be turned up.
A tile takes effect when a figure enters it: one only standing on it counts once it may
come back. The rule against going straight back, the dice, obstacles that end a move and
the tokens left in the supply are ignored. `stuck` is then a proof: when even this says
that no player still in can read the inscriptions and reach the chamber, no future can.

Only public information is read: the face-down tiles count as the public multiset of
tiles not yet turned, never as the tiles that lie there.
"""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from ..core.bits import bit_count
from ..core.jit import njit

from .spec import (BOTTLE, C_CHAMBER, C_CORNER, C_RING, C_TILE, CELL_KIND, CHAMBER,
                   COLOURS_IN_GAME, CORNERS, END_MOVE, FIGURES, ITEMS_IN_GAME, KEY, MAGIC, MONEY,
                   NEIGHBOR, NUM_CELLS, NUM_ITEMS, NUM_SYMBOLS, OBSTACLE_EFFECT, OBSTACLE_ITEM,
                   PH_MAP_ORIENT, PH_MAP_PICK, PH_ORIENT, RING_OPEN, SHAPE_OPEN, SYM_COFFER,
                   SYM_INSCRIPTION, SYM_ITEM, SYM_MAP, SYM_OBSTACLE, SYM_SHRINE, SYM_TUNNEL,
                   SYMBOL_TILES, TILE_SHAPE, TILE_SYMBOL)


SEEDED, ENTERED = 1, 2  # seen: a figure stands there / a step may enter it
# the items whose having opens ways (a key, a bottle, an obstacle's item): walking again
# from every field reached is only worth it when one of them comes to be had
WAY_ITEMS = (1 << KEY) | (1 << BOTTLE) | sum(
    1 << int(OBSTACLE_ITEM[o]) for o in range(len(OBSTACLE_ITEM)) if OBSTACLE_EFFECT[o] != END_MOVE)

# A set of fields as two int64 words: fields 0-60 in the first, 61-120 in the second (the
# sign bit never used, so a right shift brings in zeros).
_W = 61
_LOW = (1 << _W) - 1
_STEP = np.array([-11, 1, 11, -1], np.int64)  # the neighbour toward direction d: field + _STEP[d]


def _field_set(cells):
    lo = hi = 0
    for c in cells:
        if c < _W:
            lo |= 1 << int(c)
        else:
            hi |= 1 << int(c - _W)
    return lo, hi


assert all(NEIGHBOR[p, a, d] == a + _STEP[d] for p in range(2) for a in range(NUM_CELLS)
           for d in range(4) if NEIGHBOR[p, a, d] >= 0)
# per pyramid and direction: the fields with a neighbour that way
_HAS_NB = np.array([[_field_set(np.flatnonzero(NEIGHBOR[p, :, d] >= 0)) for d in range(4)]
                    for p in range(2)], np.int64)
_ALL = _field_set(range(NUM_CELLS))


@njit(cache=True, inline="always")
def _shift(lo, hi, k):
    """The set of fields c + k for the fields c of (lo, hi)."""
    if k > 0:
        return (lo << k) & _LOW, ((hi << k) | (lo >> (_W - k))) & _LOW
    k = -k
    return (lo >> k) | ((hi << (_W - k)) & _LOW), hi >> k


@njit(cache=True, inline="always")
def _has(lo, hi, c):
    return (lo >> c) & 1 if c < _W else (hi >> (c - _W)) & 1


@njit(cache=True, inline="always")
def _one(c):
    return (np.int64(1) << c, np.int64(0)) if c < _W else (np.int64(0), np.int64(1) << (c - _W))


@njit(cache=True, inline="always")
def _aimed(s):
    """The tile turned up and waiting for its finder to orient it, -1 none."""
    return s.target if s.phase == PH_ORIENT or s.phase == PH_MAP_ORIENT else -1


@njit(cache=True, inline="always")
def _unlaid(s, c):
    """Tile c's ways are still open to choice: face down, or turned up and waiting for its
    finder to orient it (its rotation until then is no wall)."""
    return not s.up[c] or c == _aimed(s)


@njit(cache=True, inline="always")
def _in_game(s, p):
    """Player p has not entered the chamber (at a game's end the last ones keep a place)."""
    return s.place[p] == 0 or s.place[p] > s.finished


@njit(cache=True)
def _up_symbols(s, up):
    """up[y]: face-up tiles with symbol y."""
    up[:] = 0
    for c in range(NUM_CELLS):
        if CELL_KIND[s.pyramid, c] == C_TILE and s.up[c]:
            up[TILE_SYMBOL[s.tile[c]]] += 1


@njit(cache=True, inline="always")
def _found(s, entered, sym, fd_seen, up):
    """A tile with symbol sym may be entered: face up on a field entered by a step (bit sym
    of entered), or still face down while some face-down field is reached (it may lie
    there)."""
    return (up[sym] < SYMBOL_TILES[s.pyramid, sym] and fd_seen > 0) or (entered >> sym) & 1 == 1


@njit(cache=True)
def _may_get(s, entered, item, fd_seen, up):
    """Some player still in may come to hold `item`: one holds it (it can be robbed), or
    its tile, or the coffer while it holds one, may be entered."""
    for p in range(s.num_players):
        if _in_game(s, p) and s.items[p, item]:
            return True
    return (_found(s, entered, SYM_ITEM + item, fd_seen, up)
            or (s.coffer[item] and _found(s, entered, SYM_COFFER, fd_seen, up)))


@njit(cache=True)
def _to_be_had(s, entered, fd_seen, up, map_left):
    """Bit k: item k may be had (_may_get), or bought once money may be had: an item
    money buys that is discovered, or whose tile is face down while a face-down field is
    reached or the map may still turn it up."""
    got = 0
    for k in range(ITEMS_IN_GAME[s.pyramid]):
        if _may_get(s, entered, k, fd_seen, up):
            got |= 1 << k
    if (got >> MONEY) & 1:
        for k in range(ITEMS_IN_GAME[s.pyramid]):
            y = SYM_ITEM + k
            if not MAGIC[k] and (s.discovered[k] or (
                    up[y] < SYMBOL_TILES[s.pyramid, y] and (fd_seen or map_left))):
                got |= 1 << k
    return got


@njit(cache=True)
def reach(s, seen, up):
    """seen[c] = ENTERED for every field some figure might ever enter by a step (see the
    module), SEEDED where a figure stands that no step may bring back; the chamber is
    marked when a reached field may lead into it, and is never walked through.
    Returns (the number of face-down fields reached, bit y: a face-up tile with symbol y
    lies on a field entered). up: the face-up count per symbol (filled here). The walk is
    on sets of fields (two words): every field reached steps at once, which took a third of
    the time of a field-by-field walk."""
    pyr = s.pyramid
    chamber = CHAMBER[pyr]
    _up_symbols(s, up)
    tunnels_down = SYMBOL_TILES[pyr, SYM_TUNNEL] - up[SYM_TUNNEL]
    # the fields as sets: open toward direction d, or that may come to be (a ring field or
    # corner as printed, the chamber every way, a tile whose ways are still open to choice
    # every way, a laid tile as laid; a key may turn any laid tile: `laid`); face-down
    # tiles; face-up tiles and tunnels; per item, the laid obstacles that kill or bar the
    # way while no player still in may come to hold that item
    sets = np.zeros((4 + NUM_ITEMS + 4, 2), np.int64)  # one allocation: reach runs at every hand-over
    opens = sets[:4]
    block = sets[4:4 + NUM_ITEMS]
    laid, fd = sets[4 + NUM_ITEMS], sets[5 + NUM_ITEMS]
    uptun, uptile = sets[6 + NUM_ITEMS], sets[7 + NUM_ITEMS]
    t0 = -1
    t1 = -1
    for c in range(NUM_CELLS):
        w = 0 if c < _W else 1
        bit = np.int64(1) << (c - w * _W)
        k = CELL_KIND[pyr, c]
        pat = 0
        if k == C_RING or k == C_CORNER:
            pat = RING_OPEN[pyr, c]
        elif k == C_CHAMBER:
            pat = 15
        elif k == C_TILE:
            if _unlaid(s, c):
                pat = 15
            else:
                pat = SHAPE_OPEN[TILE_SHAPE[s.tile[c]], s.rot[c]]
                laid[w] |= bit
            if not s.up[c]:
                fd[w] |= bit
            else:
                uptile[w] |= bit
                sym = TILE_SYMBOL[s.tile[c]]
                if sym == SYM_TUNNEL:
                    uptun[w] |= bit
                    if tunnels_down == 0:
                        t0, t1 = c, t0
                if sym >= SYM_OBSTACLE and sym < SYM_MAP and OBSTACLE_EFFECT[sym - SYM_OBSTACLE] != END_MOVE:
                    block[OBSTACLE_ITEM[sym - SYM_OBSTACLE], w] |= bit
        for d in range(4):
            if (pat >> d) & 1:
                opens[d, w] |= bit
    rl = rh = el = eh = np.int64(0)
    for i in range(4 + s.num_players * FIGURES):
        c = CORNERS[pyr, i] if i < 4 else s.fig[(i - 4) // FIGURES, (i - 4) % FIGURES]
        if c >= 0:
            ol, oh = _one(c)
            rl |= ol
            rh |= oh
            if i < 4:
                el |= ol
                eh |= oh
    r0l, r0h = rl, rh
    chl, chh = _one(chamber)
    map_left = up[SYM_MAP] < SYMBOL_TILES[pyr, SYM_MAP] or s.phase == PH_MAP_PICK
    got = 0
    curse_moves = s.curse < 0
    fd_seen = 0
    while True:
        key = (got >> KEY) & 1 == 1
        bottle = (got >> BOTTLE) & 1 == 1
        # the fields that may be entered and left: not the curse's while it cannot move,
        # no laid obstacle that kills or bars the way while its item cannot be had
        pl, ph = _ALL
        if not curse_moves:
            ol, oh = _one(s.curse)
            pl &= ~ol
            ph &= ~oh
        for i in range(NUM_ITEMS):
            if not (got >> i) & 1:
                pl &= ~block[i, 0]
                ph &= ~block[i, 1]
        while True:  # every field reached so far walks one step further
            nl = nh = np.int64(0)
            for d in range(4):
                sl = rl & _HAS_NB[pyr, d, 0]
                sh = rh & _HAS_NB[pyr, d, 1]
                ol, oh = opens[d, 0], opens[d, 1]  # this way out, and the way in across
                il, ih = opens[(d + 2) % 4, 0], opens[(d + 2) % 4, 1]
                if key:
                    ol |= laid[0]
                    oh |= laid[1]
                    il |= laid[0]
                    ih |= laid[1]
                ml, mh = _shift(sl & ol, sh & oh, _STEP[d])
                ml &= il
                mh &= ih
                if bottle:  # a bottle crosses any wall into a revealed field
                    xl, xh = _shift(sl, sh, _STEP[d])
                    ml |= xl & ~fd[0]
                    mh |= xh & ~fd[1]
                nl |= ml
                nh |= mh
            if t1 >= 0:  # both tunnels face up: one step from one to the other
                if _has(rl, rh, t0):
                    ol, oh = _one(t1)
                    nl |= ol
                    nh |= oh
                if _has(rl, rh, t1):
                    ol, oh = _one(t0)
                    nl |= ol
                    nh |= oh
            nl &= pl
            nh &= ph
            el |= nl
            eh |= nh
            gl = rl | (nl & ~chl)
            gh = rh | (nh & ~chh)
            if gl == rl and gh == rh:
                break
            rl, rh = gl, gh
        walked_l, walked_h = rl, rh
        fd_seen = bit_count(rl & fd[0] & ~r0l) + bit_count(rh & fd[1] & ~r0h)
        # what the fields reached may bring, then the walk goes on from every field again:
        # a tunnel's twin may lie under a face-down field reached; with the map still to be
        # turned, a twin may be turned up under any face-down field
        if tunnels_down > 0 and fd_seen:
            al = (uptun[0] & pl) | (fd[0] if map_left else 0)
            ah = (uptun[1] & ph) | (fd[1] if map_left else 0)
            el |= al
            eh |= ah
            rl |= al
            rh |= ah
            fd_seen = bit_count(rl & fd[0] & ~r0l) + bit_count(rh & fd[1] & ~r0h)
        entered = 0
        xl, xh = el & uptile[0], eh & uptile[1]
        while xl:
            c = trailing_zeros(xl)
            xl &= xl - 1
            entered |= 1 << TILE_SYMBOL[s.tile[c]]
        while xh:
            c = trailing_zeros(xh)
            xh &= xh - 1
            entered |= 1 << TILE_SYMBOL[s.tile[c + _W]]
        more = _to_be_had(s, entered, fd_seen, up, map_left)
        moves = curse_moves or _found(s, entered, SYM_SHRINE, fd_seen, up)
        if not ((more ^ got) & WAY_ITEMS or moves != curse_moves) and rl == walked_l and rh == walked_h:
            break  # no new way, and the tunnels reached no new field
        got = more
        curse_moves = moves
    for c in range(NUM_CELLS):
        seen[c] = ENTERED if _has(el, eh, c) else (SEEDED if _has(rl, rh, c) else 0)
    return fd_seen, entered


@njit(cache=True)
def stuck(s, seen, up):
    """No player still in can ever enter the chamber: it cannot be reached, or it is shut
    and no one can come to read the inscriptions that open it (each face-down field
    reached gives at most one colour, of those still face down)."""
    fd_seen, entered = reach(s, seen, up)
    if not seen[CHAMBER[s.pyramid]]:
        return True
    if s.chamber_open:
        return False
    reached = 0  # colours on a face-up tile reached, and colours still face down
    hidden = 0
    for c in range(COLOURS_IN_GAME[s.pyramid]):
        y = SYM_INSCRIPTION + c
        if s.insc_supply[c] > 0 and _found(s, entered, y, 0, up):
            reached |= 1 << c
        elif s.insc_supply[c] > 0 and up[y] < SYMBOL_TILES[s.pyramid, y]:
            hidden |= 1 << c
    for p in range(s.num_players):
        if not _in_game(s, p):
            continue
        have = 0
        down = 0
        for c in range(COLOURS_IN_GAME[s.pyramid]):
            if s.insc[p, c] or (reached >> c) & 1:
                have += 1
            elif (hidden >> c) & 1:
                down += 1
        if have + min(down, fd_seen) >= s.need:
            return False
    return True


def scratch():
    """The work arrays reach and stuck take."""
    return np.zeros(NUM_CELLS, np.int8), np.zeros(NUM_SYMBOLS, np.int16)
