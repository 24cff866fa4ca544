"""Sakkara component data, board geometry, pyramid and spell recipes, action and observation layout.

Everything the rulebook leaves to its lost pictures lives here (defaults from
GAPS.md, see docs/rules/sakkara.md), so a better reading replaces one table,
not a kernel. Tiles of one motif are interchangeable, so the rules core counts
tiles by motif and never needs tile ids.
"""
import itertools

import numpy as np

NUM_PLAYERS = 2
START_PLAYER = 0  # "the older player is the start player": seat 0
SEAT_NAMES = ("Black", "White")

# --- board: 7 x 7 spaces, cell = row * 7 + col, row 0 at the top -------------------
SIDE = 7
NUM_CELLS = SIDE * SIDE
# Stack capacity of the state record and layouts (observation height / 10, ox pushes of
# 1..10 tiles). The rules keep every stack at STACK_LIMIT (9) or less (proof in
# docs/rules/sakkara.md), so a push of 10 is never legal.
MAX_HEIGHT = 10
DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left
DIR_NAMES = ("up", "right", "down", "left")
NUM_DIRS = 4

# STEP[c, d]: the cell next to c in direction d, -1 off the board
STEP = np.full((NUM_CELLS, NUM_DIRS), -1, np.int8)
for _c in range(NUM_CELLS):
    for _d, (_dr, _dc) in enumerate(DIRS):
        _r, _q = divmod(_c, SIDE)
        if 0 <= _r + _dr < SIDE and 0 <= _q + _dc < SIDE:
            STEP[_c, _d] = (_r + _dr) * SIDE + _q + _dc
# AROUND[c]: the up to 8 spaces around c (whirlwind), -1 padded
AROUND = np.full((NUM_CELLS, 8), -1, np.int8)
for _c in range(NUM_CELLS):
    _r, _q = divmod(_c, SIDE)
    _k = 0
    for _dr in (-1, 0, 1):
        for _dc in (-1, 0, 1):
            if (_dr or _dc) and 0 <= _r + _dr < SIDE and 0 <= _q + _dc < SIDE:
                AROUND[_c, _k] = (_r + _dr) * SIDE + _q + _dc
                _k += 1

# --- tiles: 16 motifs, 75 tiles ------------------------------------------------------
(SHIP, GRAIN, STAIR, HAND, SNAKE, HORSE, BIRD, OX, CORNER, APEX,
 CROSS, PLAIT, DLINE, CIRCLE, MOON, SUN) = range(16)
NUM_MOTIFS = 16
MOTIF_NAMES = ("ship", "grain", "staircase", "hand", "snake", "horse", "bird", "ox",
               "corner", "apex", "cross", "plait", "double-line", "circle", "moon", "sun")
MOTIF_CODES = ("S", "G", "T", "H", "K", "O", "B", "X", "C", "A", "+", "p", "=", "o", "m", "*")
# GAPS.md default counts (75 in all)
MOTIF_COUNT = np.array([4, 8, 6, 8, 3, 3, 3, 3, 8, 3, 5, 5, 4, 4, 4, 4], np.int8)
NUM_TILES = 75
assert int(MOTIF_COUNT.sum()) == NUM_TILES
SPECIAL = (STAIR, HAND, SNAKE, HORSE, BIRD, OX)  # the feather tiles

# --- the pyramid (GAPS.md default pictures) -------------------------------------------
# STEP_NEED[k, m]: tiles of motif m in step k (0 blue, 1 red, 2 gold); ship and grain apart.
NUM_STEPS = 3
STEP_NEED = np.zeros((NUM_STEPS, NUM_MOTIFS), np.int8)
STEP_NEED[0, [CORNER, STAIR, CROSS, CIRCLE, PLAIT]] = [4, 2, 1, 1, 1]
STEP_NEED[1, [DLINE, MOON, SUN, CROSS]] = 1
STEP_NEED[2, APEX] = 1
CUM_NEED = np.cumsum(STEP_NEED, axis=0).astype(np.int8)  # through step k
STEP_SIZE = STEP_NEED.sum(axis=1)  # 9, 4, 1
HANDS_FOR = np.zeros(NUM_MOTIFS, np.int8)  # helping hands used with each tile
HANDS_FOR[CORNER] = 1
HANDS_FOR[APEX] = 2
STEP_NAMES = ("blue", "red", "gold")

# --- spells ----------------------------------------------------------------------------
FIRESTORM, WHIRLWIND, DROUGHT, SHIPWRECK = range(4)
SPELL_NAMES = ("firestorm", "whirlwind", "drought", "shipwreck")
SPELL_TILES = np.array([[APEX, CROSS, PLAIT],     # rulebook example
                        [SUN, CROSS, CIRCLE],     # default
                        [SUN, PLAIT, MOON],       # default
                        [DLINE, CIRCLE, MOON]],   # rulebook example
                       np.int8)
PERMS = np.array(list(itertools.permutations(range(3))), np.int8)  # 6 orders, bottom first
# spell targets: firestorm worker x (row, column); whirlwind worker; drought, shipwreck none
SPELL_TARGETS = (4, 2, 1, 1)
SPELL_BASE = np.cumsum((0,) + tuple(6 * t for t in SPELL_TARGETS[:-1])).astype(np.int64)
NUM_SPELL_ACTIONS = 6 * sum(SPELL_TARGETS)  # 48

# --- turn phases -------------------------------------------------------------------------
PH_SETUP, PH_BEFORE, PH_AFTER, PH_DISCARD, PH_PLACE, PH_OVER = range(6)
NUM_PHASES = 6
PHASE_NAMES = ("setup", "before-move", "after-move", "discard", "place-stack", "over")

RACK_LIMIT = 10
STACK_LIMIT = 9   # tiles in one stack on the board (rule 3 of placing the returned stack)
SPLIT_MIN_STACK = 6  # a stack this big may be split ...
SPLIT_MIN_PART = 3   # ... into parts of at least this many
MAX_PUSH = MAX_HEIGHT

# --- action layout -------------------------------------------------------------------------
A_SETUP = 0                                   # + cell: put a worker there (setup)
A_MOVE = A_SETUP + NUM_CELLS                  # + (worker * 4 + dir) * 2 + staircase
A_HORSE = A_MOVE + 2 * NUM_DIRS * 2           # + (spaces - 1)
A_BIRD = A_HORSE + 2                          # + worker * 49 + cell
A_OX = A_BIRD + 2 * NUM_CELLS                 # + (worker * 4 + dir) * 10 + (tiles - 1)
A_SNAKE = A_OX + 2 * NUM_DIRS * MAX_PUSH      # + motif taken
A_SPELL = A_SNAKE + NUM_MOTIFS                # + SPELL_BASE[spell] + target * 6 + order
A_BUILD = A_SPELL + NUM_SPELL_ACTIONS         # + motif
A_END = A_BUILD + NUM_MOTIFS                  # end the turn
A_DISCARD = A_END + 1                         # + motif
A_PLACE = A_DISCARD + NUM_MOTIFS              # + (tiles - 1) * 49 + cell
NUM_ACTIONS = A_PLACE + STACK_LIMIT * NUM_CELLS

# --- observation layout (per seat, values in [0, 1]) -----------------------------------------
TOP_LAYERS = 3
# height, top three tiles one-hot, motif counts in the stack, own worker, opponent worker,
# "moved worker", legal-to-place-on (during stack placement)
CELL_FEATURES = 1 + TOP_LAYERS * NUM_MOTIFS + NUM_MOTIFS + 4
# rack by motif, pyramid by motif, steps completed (3 flags), rack size
PLAYER_FEATURES = NUM_MOTIFS + NUM_MOTIFS + NUM_STEPS + 1
# phase, to-move, is-start-player, is-the-turn's-player, moved, horse used, step completed this
# turn, move dir (4), pending stack size, pending stack by motif, destroyed ship, destroyed
# grains, turn clock, next chunk sizes allowed (9), the next 9 pending tiles bottom first (9 x 16)
PEND_SHOW = STACK_LIMIT
GLOBAL_FEATURES = (NUM_PHASES + 6 + NUM_DIRS + 1 + NUM_MOTIFS + 2 + 1 + STACK_LIMIT
                   + PEND_SHOW * NUM_MOTIFS)
RAW_SIZE = NUM_CELLS * CELL_FEATURES + 2 * PLAYER_FEATURES + GLOBAL_FEATURES
MAX_PENDING = NUM_TILES

# --- the at-a-glance block, appended after the raw position (docs/rules/sakkara.md) ---------
# NEED[m]: tiles of motif m the whole pyramid takes: the ship, a grain per step, the step tiles
# and the helping hands used with its corners and apex (the hands go back, the rest stays)
NEED = CUM_NEED[-1].copy()
NEED[SHIP] = 1
NEED[GRAIN] = NUM_STEPS
NEED[HAND] = int((CUM_NEED[-1] * HANDS_FOR).sum())
NEED_TOTAL = int(NEED.sum())  # 24
NEED_SCALE = np.maximum(NEED, 1)  # the four feather tiles no step needs read 0
PYRAMID_TILES = 1 + NUM_STEPS + int(STEP_SIZE.sum())  # 18 laid out in front: ship, grains, steps
STEP_START = np.concatenate(([0], np.cumsum(STEP_SIZE)[:-1])).astype(np.int8)  # 0, 9, 13
MAX_DIST = 2 * (SIDE - 1)  # the farthest two spaces lie apart (Manhattan)
# per seat, own first: tiles laid out / 18, the current step's tiles / its size, tiles still
# needed / 24, still missing (not in the rack) / 24, rack / 10, spare rack tiles / 10, the four
# spells castable; then the margin of tiles laid out, own minus the opponent's
S_LAID, S_STEP, S_NEEDED, S_MISSING, S_RACK, S_SPARE, S_SPELLS = range(7)
SEAT_GLANCE = S_SPELLS + 4
# planes over the 16 motifs (aligned with snake, build and discard)
(M_MISS, M_MISS_STEP, M_BUILD, M_SPARE, M_OPP_MISS, M_OPP_MISS_STEP, M_OPP_BUILD, M_TOP, M_BOARD,
 M_REACH, M_OPP_REACH) = range(11)
MOTIF_PLANES = 11
# planes over the 49 spaces (aligned with setup, bird and place)
(C_MISS, C_MISS_STEP, C_OPP_MISS, C_OPP_MISS_STEP, C_MISS_DEEP, C_REACH, C_REACH_STAIR,
 C_OPP_REACH, C_DIST, C_OPP_DIST) = range(10)
CELL_PLANES = 10
# planes over own worker x direction (aligned with move and ox)
W_MOVE, W_MOVE_STAIR, W_MISS, W_MISS_STEP, W_OPP_MISS, W_PUSH = range(6)
MOVE_PLANES = 6
# planes over the spell targets firestorm worker x (row, column), whirlwind worker
NUM_SWEEPS = 6
SWEEP_PLANES = 2  # tiles taken, spaces whose top tile the caster misses
GLANCE_SEATS = RAW_SIZE
GLANCE_MARGIN = GLANCE_SEATS + 2 * SEAT_GLANCE
GLANCE_MOTIFS = GLANCE_MARGIN + 1
GLANCE_CELLS = GLANCE_MOTIFS + MOTIF_PLANES * NUM_MOTIFS
GLANCE_MOVES = GLANCE_CELLS + CELL_PLANES * NUM_CELLS
GLANCE_SWEEPS = GLANCE_MOVES + MOVE_PLANES * 2 * NUM_DIRS
OBS_SIZE = GLANCE_SWEEPS + SWEEP_PLANES * NUM_SWEEPS

# --- options -------------------------------------------------------------------------------
# turns (both players' counted) after which a game without an apex is a draw; 0 = never.
# A variant, off by default: it ends games that would never end, e.g. players shuffling
# workers over empty spaces for ever (a ruling, see the docs).
TURN_LIMIT_CHOICES = (0, 60, 100, 200, 400, 1000)
DEFAULT_TURN_LIMIT = 0  # the rulebook game: no end without an apex; max_steps truncates
