"""Kheops component data, board geometry and action layout.

All numbers the rulebook leaves to its lost pictures live here (see
docs/rules/kheops.md), so a better reading replaces one table, not a kernel.
"""
import numpy as np

NUM_PLAYERS = 2
WHITE, RED = 0, 1  # White moves first (rulebook: "White goes first")
SEAT_NAMES = ("White", "Red")

# --- board: a side-7 triangle of 49 triangular cells -------------------------
# Row r (0 = apex) holds 2r+1 cells; column c even points up, odd points down.
ROWS = 7
NUM_CELLS = ROWS * ROWS
APEX = 0  # "the top tile of the pyramid"


def cell_index(r, c):
    return r * r + c


CELL_ROW = np.array([r for r in range(ROWS) for _ in range(2 * r + 1)], np.int8)
CELL_COL = np.array([c for r in range(ROWS) for c in range(2 * r + 1)], np.int8)
CELL_UP = (CELL_COL % 2 == 0)

# Edge slots run clockwise. Up cell: 0 left, 1 right, 2 bottom.
# Down cell: 0 top, 1 right, 2 left. NEIGHBOR[c, k] is the cell across slot k
# (-1: the frame) and NEIGHBOR_SLOT[c, k] the slot of that cell on the shared edge.
NEIGHBOR = np.full((NUM_CELLS, 3), -1, np.int8)
NEIGHBOR_SLOT = np.full((NUM_CELLS, 3), -1, np.int8)
for _i in range(NUM_CELLS):
    _r, _c = int(CELL_ROW[_i]), int(CELL_COL[_i])
    if _c % 2 == 0:
        if _c - 1 >= 0:
            NEIGHBOR[_i, 0], NEIGHBOR_SLOT[_i, 0] = cell_index(_r, _c - 1), 1
        if _c + 1 <= 2 * _r:
            NEIGHBOR[_i, 1], NEIGHBOR_SLOT[_i, 1] = cell_index(_r, _c + 1), 2
        if _r + 1 < ROWS:
            NEIGHBOR[_i, 2], NEIGHBOR_SLOT[_i, 2] = cell_index(_r + 1, _c + 1), 0
    else:
        NEIGHBOR[_i, 0], NEIGHBOR_SLOT[_i, 0] = cell_index(_r - 1, _c - 1), 2
        NEIGHBOR[_i, 1], NEIGHBOR_SLOT[_i, 1] = cell_index(_r, _c + 1), 0
        NEIGHBOR[_i, 2], NEIGHBOR_SLOT[_i, 2] = cell_index(_r, _c - 1), 1

# The 19 cells filled at setup: every up-pointing cell of rows 2, 4, 6 and 7.
START_CELLS = np.array(
    [i for i in range(NUM_CELLS) if CELL_UP[i] and CELL_ROW[i] in (1, 3, 5, 6)], np.int8
)
assert len(START_CELLS) == 19

# --- tiles --------------------------------------------------------------------
CORRIDOR, ROOM = 0, 1
KIND_NAMES = ("corridor", "room")

# Symbols, at most one per tile.
NONE, SARC_ORANGE, SARC_GREEN, SARC_PURPLE, ANKH, DOUBLER, CLOSED, CURSE, \
    PIVOT_CORRIDOR, PIVOT_ROOM, SWAP, MOVE = range(12)
NUM_SYMBOLS = 12
SYMBOL_NAMES = ("plain", "sarcophagus-orange", "sarcophagus-green", "sarcophagus-purple",
                "ankh", "doubler", "closed", "curse", "pivot-corridor", "pivot-room",
                "swap", "move")
SYMBOL_CODES = (".", "o", "g", "p", "A", "D", "X", "C", "|", "@", "S", "M")
INSTANT_SYMBOLS = (PIVOT_CORRIDOR, PIVOT_ROOM, SWAP, MOVE)

# (kind, number of openings, symbol, how many). Default mix, see GAPS.md:
# 25 rooms (1-3 openings) and 25 corridors (2-3 openings). The 12 instant symbols lie on
# rooms only, each kind on a 1-, a 2- and a 3-opening room ("A room's instant action",
# docs/rules/kheops.md). Tile ids follow this table's order, kept so that every id keeps
# its kind and openings (saved positions stay valid).
_TILE_MIX = (
    (ROOM, 1, SARC_ORANGE, 1), (ROOM, 2, SARC_GREEN, 1), (ROOM, 3, SARC_PURPLE, 1),      # 0-2
    (ROOM, 1, PIVOT_CORRIDOR, 1), (ROOM, 2, PIVOT_CORRIDOR, 1),                          # 3-4
    (ROOM, 2, PIVOT_ROOM, 1), (ROOM, 3, PIVOT_ROOM, 1),                                  # 5-6
    (ROOM, 1, SWAP, 1), (ROOM, 3, SWAP, 1),                                              # 7-8
    (ROOM, 2, MOVE, 1), (ROOM, 3, MOVE, 1),                                              # 9-10
    (ROOM, 1, ANKH, 1), (ROOM, 2, ANKH, 1), (ROOM, 3, ANKH, 1),                          # 11-13
    (ROOM, 1, DOUBLER, 1), (ROOM, 2, DOUBLER, 1), (ROOM, 2, CURSE, 1),                   # 14-16
    (ROOM, 1, PIVOT_ROOM, 1), (ROOM, 1, MOVE, 1), (ROOM, 1, NONE, 1),                    # 17-19
    (ROOM, 2, SWAP, 1), (ROOM, 2, NONE, 2),                                              # 20-22
    (ROOM, 3, PIVOT_CORRIDOR, 1), (ROOM, 3, NONE, 1),                                    # 23-24
    (CORRIDOR, 2, SARC_ORANGE, 1), (CORRIDOR, 3, SARC_GREEN, 1), (CORRIDOR, 2, SARC_PURPLE, 1),
    (CORRIDOR, 2, NONE, 1), (CORRIDOR, 3, NONE, 1),                                      # 28-29
    (CORRIDOR, 2, NONE, 1), (CORRIDOR, 3, NONE, 1),                                      # 30-31
    (CORRIDOR, 2, ANKH, 1), (CORRIDOR, 3, ANKH, 1), (CORRIDOR, 2, ANKH, 1),
    (CORRIDOR, 3, DOUBLER, 1), (CORRIDOR, 2, CLOSED, 1), (CORRIDOR, 3, CLOSED, 1),
    (CORRIDOR, 3, CURSE, 1),
    (CORRIDOR, 2, NONE, 6), (CORRIDOR, 3, NONE, 5),                                      # 39-49
)
_tiles = [(k, n, s) for (k, n, s, count) in _TILE_MIX for _ in range(count)]
NUM_TILES = len(_tiles)
assert NUM_TILES == 50
TILE_KIND = np.array([t[0] for t in _tiles], np.int8)
TILE_NUM_OPEN = np.array([t[1] for t in _tiles], np.int8)
TILE_SYMBOL = np.array([t[2] for t in _tiles], np.int8)
# Openings of tile t turned to rotation r, as bits over the cell's edge slots.
_BASE_OPEN = np.array([0, 0b001, 0b011, 0b111], np.int8)[TILE_NUM_OPEN]
TILE_OPEN = np.zeros((NUM_TILES, 3), np.int8)
for _t in range(NUM_TILES):
    for _rot in range(3):
        TILE_OPEN[_t, _rot] = sum(((_BASE_OPEN[_t] >> ((k + _rot) % 3)) & 1) << k for k in range(3))
HAND_SIZE = 3

# --- pawns --------------------------------------------------------------------
WORKER, PRIEST, MUMMY, PHARAOH = range(4)
NUM_PAWN_KINDS = 4
PAWN_NAMES = ("worker", "priest", "mummy", "pharaoh")
PAWN_COUNTS = np.array([[15, 1, 1, 1], [16, 1, 1, 0]], np.int8)  # White, Red
PAWNS_PER_PLAYER = 18

# --- turn phases ---------------------------------------------------------------
(PH_PAWN, PH_PIVOT_CORRIDOR, PH_PIVOT_ROOM, PH_SWAP_OWN, PH_SWAP_OPP,
 PH_MOVE_PAWN, PH_MOVE_DEST, PH_TILE, PH_OVER) = range(9)
NUM_PHASES = 9
PHASE_NAMES = ("pawn", "pivot-corridor", "pivot-room", "swap-own", "swap-opponent",
               "move-pawn", "move-destination", "tile", "over")

# --- action layout ---------------------------------------------------------------
# [pawn kind x cell] [pivot: cell x rotation] [select a cell] [tile: slot x cell x rotation]
A_PAWN = 0
A_PIVOT = A_PAWN + NUM_PAWN_KINDS * NUM_CELLS
A_SELECT = A_PIVOT + NUM_CELLS * 3
A_TILE = A_SELECT + NUM_CELLS
NUM_ACTIONS = A_TILE + HAND_SIZE * NUM_CELLS * 3

# --- observation layout (per seat, values in [0, 1]) -----------------------------
CELL_FEATURES = 26  # tile, room, 3 openings, 11 symbols, 4 own + 4 opponent pawns, last placed, selected
HAND_FEATURES = 16  # present, room, 3 opening counts, 11 symbols
TILE_TYPES = 5      # room 1/2/3 openings, corridor 2/3 openings
# phase, to-move, is-White, own and opponent supply, pile, opponent hand, removed
# workers (own, opponent), then unseen tiles by type and by symbol
GLOBAL_FEATURES = NUM_PHASES + 2 + 2 * NUM_PAWN_KINDS + 4 + TILE_TYPES + NUM_SYMBOLS
RAW_SIZE = NUM_CELLS * CELL_FEATURES + HAND_SIZE * HAND_FEATURES + GLOBAL_FEATURES
# The at-a-glance block after it (glance.py): scores, ankhs, progress, biggest network; per
# cell its network (size, owner, value, pawn weight, closed, cursed) and one pawn's effect
# there; per tile action (slot x cell x rotation) the score margin it gains.
GLANCE_GLOBALS = 7
GLANCE_CELL = 10
GLANCE_SIZE = GLANCE_GLOBALS + NUM_CELLS * GLANCE_CELL + HAND_SIZE * NUM_CELLS * 3
OBS_SIZE = RAW_SIZE + GLANCE_SIZE
