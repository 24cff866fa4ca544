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
from ..core.jit import njit

from .spec import (BOTTLE, C_CHAMBER, C_CORNER, C_RING, C_TILE, CELL_KIND, CHAMBER,
                   COLOURS_IN_GAME, CORNERS, END_MOVE, FIGURES, ITEMS_IN_GAME, KEY, MAGIC, MONEY,
                   NEIGHBOR, NUM_CELLS, NUM_SYMBOLS, OBSTACLE_EFFECT, OBSTACLE_ITEM,
                   PH_MAP_ORIENT, PH_MAP_PICK, PH_ORIENT, RING_OPEN, SHAPE_OPEN, SYM_COFFER,
                   SYM_INSCRIPTION, SYM_ITEM, SYM_MAP, SYM_OBSTACLE, SYM_SHRINE, SYM_TUNNEL,
                   SYMBOL_TILES, TILE_SHAPE, TILE_SYMBOL)


SEEDED, ENTERED = 1, 2  # seen: a figure stands there / a step may enter it


@njit(cache=True, inline="always")
def _unlaid(s, c):
    """Tile c's ways are still open to choice: face down, or turned up and waiting for its
    finder to orient it (its rotation until then is no wall)."""
    return not s.up[c] or (c == s.target and (s.phase == PH_ORIENT or s.phase == PH_MAP_ORIENT))


@njit(cache=True, inline="always")
def _face_down(s, c):
    return CELL_KIND[s.pyramid, c] == C_TILE and not s.up[c]


@njit(cache=True, inline="always")
def _in_game(s, p):
    """Player p has not entered the chamber (at a game's end the last ones keep a place)."""
    return s.place[p] == 0 or s.place[p] > s.finished


@njit(cache=True, inline="always")
def _may_open(s, c, d, key):
    """Field c is, or may come to be, open toward direction d (a key turns any laid tile)."""
    k = CELL_KIND[s.pyramid, c]
    if k == C_RING or k == C_CORNER:
        return (RING_OPEN[s.pyramid, c] >> d) & 1 == 1
    if k == C_CHAMBER:
        return True
    if k != C_TILE:
        return False
    return key or _unlaid(s, c) or (SHAPE_OPEN[TILE_SHAPE[s.tile[c]], s.rot[c]] >> d) & 1 == 1


@njit(cache=True, inline="always")
def _up_tunnel(s, c):
    return CELL_KIND[s.pyramid, c] == C_TILE and s.up[c] and TILE_SYMBOL[s.tile[c]] == SYM_TUNNEL


@njit(cache=True)
def _up_symbols(s, up):
    """up[y]: face-up tiles with symbol y."""
    up[:] = 0
    for c in range(NUM_CELLS):
        if CELL_KIND[s.pyramid, c] == C_TILE and s.up[c]:
            up[TILE_SYMBOL[s.tile[c]]] += 1


@njit(cache=True)
def _found(s, seen, sym, fd_seen, up):
    """A tile with symbol sym may be entered: face up on a field entered by a step (seen 2),
    or still face down while some face-down field is reached (it may lie there)."""
    if up[sym] < SYMBOL_TILES[s.pyramid, sym] and fd_seen:
        return True
    for c in range(NUM_CELLS):
        if (seen[c] == ENTERED and CELL_KIND[s.pyramid, c] == C_TILE and s.up[c]
                and TILE_SYMBOL[s.tile[c]] == sym):
            return True
    return False


@njit(cache=True)
def _may_get(s, seen, item, fd_seen, up):
    """Some player still in may come to hold `item`: one holds it (it can be robbed), or
    its tile, or the coffer while it holds one, may be entered."""
    for p in range(s.num_players):
        if _in_game(s, p) and s.items[p, item]:
            return True
    return (_found(s, seen, SYM_ITEM + item, fd_seen, up)
            or (s.coffer[item] and _found(s, seen, SYM_COFFER, fd_seen, up)))


@njit(cache=True)
def _to_be_had(s, seen, fd_seen, up, map_left):
    """Bit k: item k may be had (_may_get), or bought once money may be had: an item
    money buys that is discovered, or whose tile is face down while a face-down field is
    reached or the map may still turn it up."""
    got = 0
    for k in range(ITEMS_IN_GAME[s.pyramid]):
        if _may_get(s, seen, k, fd_seen, up):
            got |= 1 << k
    if (got >> MONEY) & 1:
        for k in range(ITEMS_IN_GAME[s.pyramid]):
            y = SYM_ITEM + k
            if not MAGIC[k] and (s.discovered[k] or (
                    up[y] < SYMBOL_TILES[s.pyramid, y] and (fd_seen or map_left))):
                got |= 1 << k
    return got


@njit(cache=True, inline="always")
def _passable(s, b, curse_moves, got):
    """Field b may be entered and left: not the curse's while it cannot move, no laid
    obstacle that kills or bars the way while its item cannot be had."""
    if b == s.curse and not curse_moves:
        return False
    if CELL_KIND[s.pyramid, b] != C_TILE or not s.up[b]:
        return True
    sym = TILE_SYMBOL[s.tile[b]]
    if sym < SYM_OBSTACLE or sym >= SYM_MAP or OBSTACLE_EFFECT[sym - SYM_OBSTACLE] == END_MOVE:
        return True
    return (got >> OBSTACLE_ITEM[sym - SYM_OBSTACLE]) & 1 == 1


@njit(cache=True)
def reach(s, seen, queue, up):
    """seen[c] = ENTERED for every field some figure might ever enter by a step (see the
    module), SEEDED where a figure stands that no step may bring back; the chamber is
    marked when a reached field may lead into it, and is never walked through.
    Returns the number of face-down fields reached. queue: NUM_CELLS scratch; up: the
    face-up count per symbol (filled here)."""
    pyr = s.pyramid
    chamber = CHAMBER[pyr]
    _up_symbols(s, up)
    seen[:] = 0
    tail = 0
    for i in range(4 + s.num_players * FIGURES):
        c = CORNERS[pyr, i] if i < 4 else s.fig[(i - 4) // FIGURES, (i - 4) % FIGURES]
        if c >= 0 and not seen[c]:  # figures on the board belong to players still in
            seen[c] = SEEDED if i >= 4 else ENTERED
            queue[tail] = c
            tail += 1
    tunnels_down = SYMBOL_TILES[pyr, SYM_TUNNEL] - up[SYM_TUNNEL]
    t0 = -1
    t1 = -1
    for c in range(NUM_CELLS):
        if tunnels_down == 0 and _up_tunnel(s, c):
            t0, t1 = c, t0
    map_left = up[SYM_MAP] < SYMBOL_TILES[pyr, SYM_MAP] or s.phase == PH_MAP_PICK
    got = 0  # items that may be had (_to_be_had), as far as reached yet
    curse_moves = s.curse < 0
    fd_seen = 0
    head = 0
    while True:
        key = (got >> KEY) & 1 == 1
        bottle = (got >> BOTTLE) & 1 == 1
        while head < tail:
            a = queue[head]
            head += 1
            for d in range(5):
                if d < 4:
                    b = NEIGHBOR[pyr, a, d]
                    if b < 0 or seen[b] == ENTERED or not (
                            (_may_open(s, a, d, key) and _may_open(s, b, (d + 2) % 4, key))
                            or (bottle and not _face_down(s, b))):
                        continue
                else:  # both tunnels face up: one step from one to the other
                    b = t1 if a == t0 else (t0 if a == t1 else -1)
                    if b < 0 or seen[b] == ENTERED:
                        continue
                if not _passable(s, b, curse_moves, got):
                    continue
                if not seen[b] and b != chamber:
                    fd_seen += _face_down(s, b)
                    queue[tail] = b
                    tail += 1
                seen[b] = ENTERED
        # what the fields reached may bring, then the walk goes on from every field again
        before = tail
        if tunnels_down > 0 and fd_seen:
            # a tunnel's twin may lie under a face-down field reached; with the map still to
            # be turned, a twin may be turned up under any face-down field
            for c in range(NUM_CELLS):
                if seen[c] != ENTERED and ((_up_tunnel(s, c) and _passable(s, c, curse_moves, got))
                                           or (_face_down(s, c) and map_left)):
                    if not seen[c]:
                        fd_seen += _face_down(s, c)
                        queue[tail] = c
                        tail += 1
                    seen[c] = ENTERED
        more = _to_be_had(s, seen, fd_seen, up, map_left)
        moves = curse_moves or _found(s, seen, SYM_SHRINE, fd_seen, up)
        if more != got or moves != curse_moves:
            got = more
            curse_moves = moves
            head = 0  # new ways out of every field reached so far
        elif tail == before:
            return fd_seen


@njit(cache=True)
def stuck(s, seen, queue, up):
    """No player still in can ever enter the chamber: it cannot be reached, or it is shut
    and no one can come to read the inscriptions that open it (each face-down field
    reached gives at most one colour, of those still face down)."""
    fd_seen = reach(s, seen, queue, up)
    if not seen[CHAMBER[s.pyramid]]:
        return True
    if s.chamber_open:
        return False
    reached = 0  # colours on a face-up tile reached, and colours still face down
    hidden = 0
    for c in range(COLOURS_IN_GAME[s.pyramid]):
        y = SYM_INSCRIPTION + c
        if s.insc_supply[c] > 0 and _found(s, seen, y, 0, up):
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
    return (np.zeros(NUM_CELLS, np.int8), np.zeros(NUM_CELLS, np.int16),
            np.zeros(NUM_SYMBOLS, np.int16))
