"""Farao component data, board geometry, action and observation layout.

Everything the rulebook leaves to its lost pictures lives here (see
docs/rules/farao.md and the Farao part of ../shared/rulebooks/GAPS.md), so a
better reading replaces one table, not a kernel.

The kernels compile these arrays in as constants and numba's on-disk cache does not
notice a change here: after editing a table, delete pyramid_envs/farao/__pycache__/*.nb*.
"""
import numpy as np

MIN_PLAYERS, MAX_PLAYERS = 2, 6
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "White", "Black")
FIGURES = 3  # archaeologists per player

# --- pyramids ----------------------------------------------------------------------
SMALL, BIG = 0, 1
PYRAMID_NAMES = ("small", "big")
PYRAMID_TILES = (7, 9)          # tiles per side: 7x7 (48 + chamber), 9x9 (80 + chamber)
GRID = (9, 11)                  # the tiles plus the walkable outside-wall ring
MAX_GRID = 11
NUM_CELLS = MAX_GRID * MAX_GRID  # cell index r * 11 + c, r and c < GRID[pyramid]

# --- directions: N E S W; bit d of an opening pattern = opening toward direction d -----
N, E, S, W = range(4)
DIR_NAMES = ("N", "E", "S", "W")
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)

# cell kinds
C_NONE, C_RING, C_CORNER, C_TILE, C_CHAMBER = range(5)


def _geometry(g):
    kind = np.zeros(NUM_CELLS, np.int8)
    nb = np.full((NUM_CELLS, 4), -1, np.int16)
    for r in range(g):
        for c in range(g):
            i = r * MAX_GRID + c
            edge_r, edge_c = r in (0, g - 1), c in (0, g - 1)
            if edge_r and edge_c:
                kind[i] = C_CORNER
            elif edge_r or edge_c:
                kind[i] = C_RING
            elif r == g // 2 and c == g // 2:
                kind[i] = C_CHAMBER
            else:
                kind[i] = C_TILE
            for d in range(4):
                rr, cc = r + DR[d], c + DC[d]
                if 0 <= rr < g and 0 <= cc < g:
                    nb[i, d] = rr * MAX_GRID + cc
    return kind, nb


CELL_KIND = np.zeros((2, NUM_CELLS), np.int8)
NEIGHBOR = np.full((2, NUM_CELLS, 4), -1, np.int16)
for _p in range(2):
    CELL_KIND[_p], NEIGHBOR[_p] = _geometry(GRID[_p])
# a ring field is open toward every field next to it (along the ring and inward)
RING_OPEN = np.zeros((2, NUM_CELLS), np.int8)
for _p in range(2):
    for _i in range(NUM_CELLS):
        if CELL_KIND[_p, _i] in (C_RING, C_CORNER):
            RING_OPEN[_p, _i] = sum(1 << d for d in range(4) if NEIGHBOR[_p, _i, d] >= 0)
CHAMBER = np.array([(g // 2) * MAX_GRID + g // 2 for g in GRID], np.int16)
CORNERS = np.array([[0, g - 1, (g - 1) * MAX_GRID, (g - 1) * MAX_GRID + g - 1] for g in GRID],
                   np.int16)  # NW, NE, SW, SE entrances
CORNER_NAMES = ("NW", "NE", "SW", "SE")

# --- tile shapes ---------------------------------------------------------------------
DEAD_END, STRAIGHT, CORNER_SHAPE, T_SHAPE, CROSS = range(5)
SHAPE_NAMES = ("dead-end", "straight", "corner", "T", "cross")
NUM_SHAPES = 5
SHAPE_BASE = np.array([0b0001, 0b0101, 0b0011, 0b0111, 0b1111], np.int8)  # rotation 0


def rotate(pattern, r):
    """Openings turned clockwise by r quarter turns."""
    return ((pattern << r) | (pattern >> (4 - r))) & 0b1111


SHAPE_OPEN = np.array([[rotate(int(b), r) for r in range(4)] for b in SHAPE_BASE], np.int8)
# a rotation is "distinct" when no smaller rotation gives the same openings
SHAPE_DISTINCT = np.array([[all(SHAPE_OPEN[s, q] != SHAPE_OPEN[s, r] for q in range(r))
                            for r in range(4)] for s in range(5)], np.bool_)

# --- items, inscriptions, tile symbols ---------------------------------------------------
(TORCH, SCARF, PLAN, FOOD, CHOCOLATE, WATER, FIRST_AID, MONEY,
 BOTTLE, KEY, PAPYRUS) = range(11)
NUM_ITEMS = 11
ITEM_NAMES = ("torch", "scarf", "plan", "food", "chocolate", "water", "first-aid-kit", "money",
              "magic-bottle", "golden-key", "papyrus")
ITEMS_IN_GAME = (8, 11)  # small: the 8 basic items; big adds the 3 blue-bordered ones
MAGIC = np.array([i in (BOTTLE, KEY, PAPYRUS) for i in range(NUM_ITEMS)], np.bool_)  # not for money
ITEM_TOKENS = 5          # tokens per item type (GAPS default)

NUM_COLOURS = 7
COLOUR_NAMES = ("red", "blue", "green", "yellow", "white", "pink", "orange")
COLOURS_IN_GAME = (5, 7)
INSCRIPTION_TOKENS = 6   # tokens per colour (GAPS default)

# symbols: 0 plain, 1..7 inscriptions, 8..18 items, 19..27 obstacles, 28 map, 29 tunnel,
# 30 shrine, 31 coffer
SYM_PLAIN = 0
SYM_INSCRIPTION = 1
SYM_ITEM = 8
SYM_OBSTACLE = 19
(SNAKE, GAS, TRAP, HUNGER, FATIGUE, THIRST, RUINS, DOOR, ABYSS) = range(9)
NUM_OBSTACLES = 9
OBSTACLE_NAMES = ("snake", "toxic-gas", "trap", "hunger", "fatigue", "thirst", "wall-ruins",
                  "secret-door", "abyss")
KILL, END_MOVE, NO_ENTRY = range(3)
OBSTACLE_EFFECT = np.array([KILL, KILL, KILL, END_MOVE, END_MOVE, END_MOVE,
                            NO_ENTRY, NO_ENTRY, NO_ENTRY], np.int8)
OBSTACLE_ITEM = np.array([TORCH, SCARF, PLAN, FOOD, CHOCOLATE, WATER, BOTTLE, KEY, PAPYRUS],
                         np.int8)
SYM_MAP, SYM_TUNNEL, SYM_SHRINE, SYM_COFFER = 28, 29, 30, 31
NUM_SYMBOLS = 32
SYMBOL_NAMES = (("plain",) + tuple(f"inscription-{c}" for c in COLOUR_NAMES)
                + tuple(ITEM_NAMES) + tuple(OBSTACLE_NAMES)
                + ("map", "secret-tunnel", "dark-shrine", "coffer"))
assert len(SYMBOL_NAMES) == NUM_SYMBOLS

# --- the tiles (GAPS defaults; shapes are this module's choice, see the rulings) ------------
_I = lambda c: SYM_INSCRIPTION + c          # noqa: E731
_IT = lambda k: SYM_ITEM + k                 # noqa: E731
_OB = lambda o: SYM_OBSTACLE + o             # noqa: E731
D_, S_, L_, T_, X_ = DEAD_END, STRAIGHT, CORNER_SHAPE, T_SHAPE, CROSS
_BASE = (
    # inscriptions: 5 colours x 2
    [(_I(0), T_), (_I(0), X_), (_I(1), T_), (_I(1), S_), (_I(2), X_), (_I(2), T_),
     (_I(3), T_), (_I(3), L_), (_I(4), X_), (_I(4), T_)]
    # items
    + [(_IT(TORCH), T_), (_IT(SCARF), T_), (_IT(PLAN), S_), (_IT(FOOD), T_),
       (_IT(CHOCOLATE), X_), (_IT(WATER), L_), (_IT(FIRST_AID), T_), (_IT(MONEY), D_)]
    # obstacles
    + [(_OB(SNAKE), S_), (_OB(GAS), L_), (_OB(TRAP), T_), (_OB(HUNGER), S_),
       (_OB(FATIGUE), L_), (_OB(THIRST), T_)]
    + [(SYM_MAP, T_), (SYM_TUNNEL, D_), (SYM_TUNNEL, D_), (SYM_SHRINE, D_), (SYM_COFFER, D_)]
    + [(SYM_PLAIN, X_)] * 6 + [(SYM_PLAIN, T_)] * 7 + [(SYM_PLAIN, S_)] * 2 + [(SYM_PLAIN, L_)] * 2
    + [(SYM_PLAIN, D_)] * 2
)
_EXPANSION = (
    [(_I(5), T_), (_I(5), X_), (_I(6), T_), (_I(6), S_)]
    + [(_IT(BOTTLE), T_), (_IT(KEY), L_), (_IT(PAPYRUS), S_)]
    + [(_OB(RUINS), S_), (_OB(DOOR), T_), (_OB(ABYSS), L_)]
    + [(SYM_PLAIN, X_)] * 6 + [(SYM_PLAIN, T_)] * 8 + [(SYM_PLAIN, S_)] * 3 + [(SYM_PLAIN, L_)] * 3
    + [(SYM_PLAIN, D_)] * 2
)
assert len(_BASE) == 48 and len(_EXPANSION) == 32
NUM_TILES = 80
TILES_IN_GAME = (48, 80)
TILE_SYMBOL = np.array([t[0] for t in _BASE + _EXPANSION], np.int8)
TILE_SHAPE = np.array([t[1] for t in _BASE + _EXPANSION], np.int8)
# tiles of each symbol in each pyramid's game (public: what may still lie face down)
SYMBOL_TILES = np.array([np.bincount(TILE_SYMBOL[:n], minlength=NUM_SYMBOLS) for n in TILES_IN_GAME],
                        np.int8)

# --- turn phases -------------------------------------------------------------------------
(PH_FIGURE, PH_STEP, PH_ORIENT, PH_MAP_PICK, PH_MAP_ORIENT, PH_CURSE, PH_COFFER, PH_ROB,
 PH_OVER) = range(9)
NUM_PHASES = 9
PHASE_NAMES = ("figure", "step", "orient", "map-pick", "map-orient", "curse", "coffer", "rob",
               "over")

# --- action layout --------------------------------------------------------------------------
A_FIGURE = 0                      # move figure k (on the board)           3
A_ENTER = A_FIGURE + FIGURES      # enter a waiting figure at corner i      4
A_DIR = A_ENTER + 4               # step N/E/S/W                            4
A_TUNNEL = A_DIR + 4              # step through the secret tunnel          1
A_BOTTLE = A_TUNNEL + 1           # spend the magic bottle: step through the wall N/E/S/W   4
A_KEY = A_BOTTLE + 4              # spend the golden key: target (here, N, E, S, W) x rotation  20
A_FOOD = A_KEY + 20               # spend food: the die shows 6             1
A_BUY = A_FOOD + 1                # spend money: buy item k                 11
A_ROT = A_BUY + NUM_ITEMS         # orientation of the tile being revealed  4
A_CELL = A_ROT + 4                # a cell: the map's tile, the curse's tile   121
A_ITEM = A_CELL + NUM_CELLS       # an item: from the coffer, or robbed     11
A_PASS = A_ITEM + NUM_ITEMS       # end the move / decline the map          1
NUM_ACTIONS = A_PASS + 1
KEY_TARGETS = ("here",) + DIR_NAMES

# --- observation layout (per seat, values in [0, 1]) ------------------------------------------
# per cell: field, ring, chamber, face-down, face-up, 4 openings, 31 symbols (no plain), curse,
# 6 figure counts by seat relative to the observer, moving figure, field just left,
# tile being revealed
CELL_FEATURES = 9 + (NUM_SYMBOLS - 1) + 1 + MAX_PLAYERS + 3
# per seat relative to the observer: in game, finished, place, waiting figures, 11 items,
# 7 inscriptions, inscriptions count
SEAT_FEATURES = 4 + NUM_ITEMS + NUM_COLOURS + 1
GLOBAL_FEATURES = (NUM_PHASES + 6 + 1 + 1 + 1 + 2 + 1     # phase, die, steps left, to-move,
                   # chamber open, pyramid, inscriptions needed
                   + MAX_PLAYERS * SEAT_FEATURES
                   + NUM_ITEMS * 3 + 1 + NUM_COLOURS     # supply, discovered, coffer, filled,
                   # inscription supply
                   + MAX_PLAYERS + 1                     # robbed seat, robberies left
                   + NUM_SYMBOLS + NUM_SHAPES)           # face-down tiles by symbol and shape
GLANCE = NUM_CELLS * CELL_FEATURES + GLOBAL_FEATURES  # the at-a-glance block starts here
# what a player reads off the table (observation.py); distances are walked steps / DIST_SCALE,
# clipped, 1 when no way is known
DIST_SCALE = 16      # random play: goals lie 2-7 steps away (median 3-7), 14 at the 90th percentile
# per seat relative to the observer: may enter the chamber, inscriptions / needed, score if
# the game ended now / n, distance to its goal, to the chamber, to a face-down field, to each
# colour it lacks (7), items held / items in the game
GLANCE_SEAT = 6 + NUM_COLOURS + 1
# lead in inscriptions over the best other seat, seats finished, tiles face up
GLANCE_GLOBAL = 3
# per action target (figure k, entrance i, step / tunnel / bottle): the action is legal
# (figure: on the board; entrance: a figure waits), the field's distance to the observer's
# goal, the goal within this move, the distance to the chamber; the field gives an
# inscription lacked, an item lacked, is face down, kills, ends the move, is the chamber the
# seat may enter, holds opponents (attacked where the move ends)
TARGETS = FIGURES + 4 + 4 + 1 + 4
T_FIGURE, T_ENTER, T_DIR, T_TUNNEL, T_BOTTLE = 0, 3, 7, 11, 12
TARGET_FEATURES = 11
# per rotation of the tile being turned: its distance to the goal, to the chamber
ROT_FEATURES = 2
# per cell: distance to the observer's goal, to the chamber
GLANCE_CELL = 2
G_GLOBAL = MAX_PLAYERS * GLANCE_SEAT        # offsets inside the block
G_TARGET = G_GLOBAL + GLANCE_GLOBAL
G_ROT = G_TARGET + TARGETS * TARGET_FEATURES
G_CELL = G_ROT + 4 * ROT_FEATURES
GLANCE_FEATURES = G_CELL + NUM_CELLS * GLANCE_CELL
OBS_SIZE = GLANCE + GLANCE_FEATURES

MAX_VICTIMS = (MAX_PLAYERS - 1) * FIGURES
