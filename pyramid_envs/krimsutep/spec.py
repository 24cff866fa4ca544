"""Die Pyramide des Krimsutep: component data, geometry, action and observation layout.

Everything the rulebook leaves to its lost pictures lives here (defaults from
../shared/rulebooks/GAPS.md, see docs/rules/krimsutep.md), so a better reading
replaces one table, never a kernel.
"""
import numpy as np

MAX_PLAYERS = 5
GODS = ("Anubis", "Bastet", "Horus", "Osiris", "Sobek")
GOD_CODES = "ABHOS"
NUM_GODS = 5
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "White")

# --- geometry ---------------------------------------------------------------------
# Cell (col, row), 0..5 each, index row * 6 + col; row 0 is nearest the base camp,
# which lies outside the grid west of (0, 0). The grave chamber is (5, 5).
SIDE = 6
NUM_CELLS = 36
GRAVE = 35
CAMP = 36            # position code of the base camp
BESIDE_CAMP = 0      # "the square beside the base camp": the mummy never goes there
N, E, S, W = 0, 1, 2, 3  # N = row + 1 (deeper into the pyramid), E = col + 1
DIR_NAMES = ("N", "E", "S", "W")
DR = (1, 0, -1, 0)
DC = (0, 1, 0, -1)
OFF = -1             # neighbour code: leaving the pyramid (not into the camp)
NONE_NB = -2         # no way (the camp only opens east)
CELL_COL = np.array([i % SIDE for i in range(NUM_CELLS)], np.int8)
CELL_ROW = np.array([i // SIDE for i in range(NUM_CELLS)], np.int8)
LIGHT_CELL = np.array([CELL_COL[i] + CELL_ROW[i] <= 4 for i in range(NUM_CELLS)], np.bool_)
DARK_CELL = ~LIGHT_CELL
DARK_CELL[GRAVE] = False
NB = np.full((NUM_CELLS + 1, 4), NONE_NB, np.int8)
for _i in range(NUM_CELLS):
    for _d in range(4):
        _r, _c = CELL_ROW[_i] + DR[_d], CELL_COL[_i] + DC[_d]
        NB[_i, _d] = _r * SIDE + _c if 0 <= _r < SIDE and 0 <= _c < SIDE else OFF
NB[0, W] = CAMP
NB[CAMP, E] = 0
MUMMY_START = np.array([4 * SIDE + 5, 5 * SIDE + 4], np.int8)  # the spaces adjoining the grave

# --- path cards, jars, treasures --------------------------------------------------
# Specials. Jars and treasures are open on all four sides.
PLAIN, PITFALL, CHAMBER, KINGS, RAMP, BURIED, JAR, TREASURE, GRAVE_CARD = range(9)
SPECIAL_NAMES = ("plain", "pitfall", "secret-chamber", "kings-pyramid", "ramp", "buried-path",
                 "canopic-jar", "treasure", "grave-chamber")
NUM_SPECIAL_FEATURES = 7  # pitfall .. treasure
# Shapes: openings at rotation 0 as bits over N, E, S, W.
CROSS, TEE, CORNER, STRAIGHT, DEAD, CLOSED_SHAPE = 0b1111, 0b1011, 0b0011, 0b0101, 0b0001, 0
# (special, shape) in card order; god = position % 5 within its back, so each god
# gets 3 light and 4 dark cards. Ankh symbols on light 5..9 and dark 10..14
# (one light and one dark per god, all on ordinary cards).
_LIGHT = [(KINGS, CROSS), (PITFALL, CROSS), (CHAMBER, CLOSED_SHAPE), (RAMP, STRAIGHT),
          (PLAIN, CROSS), (PLAIN, CROSS), (PLAIN, TEE), (PLAIN, TEE), (PLAIN, TEE),
          (PLAIN, CORNER), (PLAIN, CORNER), (PLAIN, CORNER), (PLAIN, STRAIGHT), (PLAIN, STRAIGHT),
          (PLAIN, DEAD)]
_DARK = [(KINGS, CROSS), (KINGS, CROSS), (PITFALL, CROSS), (CHAMBER, CLOSED_SHAPE), (RAMP, STRAIGHT),
         (BURIED, CROSS), (PLAIN, CROSS), (PLAIN, CROSS), (PLAIN, TEE), (PLAIN, TEE), (PLAIN, TEE),
         (PLAIN, TEE), (PLAIN, CORNER), (PLAIN, CORNER), (PLAIN, CORNER), (PLAIN, CORNER),
         (PLAIN, STRAIGHT), (PLAIN, STRAIGHT), (PLAIN, STRAIGHT), (PLAIN, DEAD)]
NUM_LIGHT, NUM_DARK = len(_LIGHT), len(_DARK)
NUM_PATH = NUM_LIGHT + NUM_DARK
JAR0 = NUM_PATH                 # jars 35..39, god = id - JAR0
TREASURE0 = JAR0 + NUM_GODS     # treasures 40..44
GRAVE_ID = TREASURE0 + NUM_GODS  # 45: the grave chamber card (fixed at GRAVE)
NUM_CARDS = GRAVE_ID + 1
LIGHT_BACK, DARK_BACK = 0, 1
CARD_BACK = np.zeros(NUM_CARDS, np.int8)
CARD_GOD = np.zeros(NUM_CARDS, np.int8)
CARD_SPECIAL = np.zeros(NUM_CARDS, np.int8)
CARD_SHAPE = np.zeros(NUM_CARDS, np.int8)
CARD_ANKH = np.zeros(NUM_CARDS, np.bool_)
for _k, (_sp, _sh) in enumerate(_LIGHT):
    CARD_BACK[_k], CARD_GOD[_k], CARD_SPECIAL[_k], CARD_SHAPE[_k] = LIGHT_BACK, _k % 5, _sp, _sh
    CARD_ANKH[_k] = 5 <= _k < 10
for _k, (_sp, _sh) in enumerate(_DARK):
    _id = NUM_LIGHT + _k
    CARD_BACK[_id], CARD_GOD[_id], CARD_SPECIAL[_id], CARD_SHAPE[_id] = DARK_BACK, _k % 5, _sp, _sh
    CARD_ANKH[_id] = 10 <= _k < 15
for _g in range(NUM_GODS):
    for _base, _sp in ((JAR0, JAR), (TREASURE0, TREASURE)):
        CARD_BACK[_base + _g], CARD_GOD[_base + _g], CARD_SPECIAL[_base + _g] = DARK_BACK, _g, _sp
        CARD_SHAPE[_base + _g] = CROSS
CARD_BACK[GRAVE_ID], CARD_GOD[GRAVE_ID], CARD_SPECIAL[GRAVE_ID] = DARK_BACK, -1, GRAVE_CARD
assert NUM_LIGHT == 15 and NUM_DARK == 20 and NUM_CARDS == 46
assert int(CARD_ANKH.sum()) == 10

# OPEN[shape][rot]: openings after turning the front clockwise by rot quarter turns.
OPEN = np.zeros((16, 4), np.int8)
for _sh in range(16):
    for _rot in range(4):
        OPEN[_sh, _rot] = sum(((_sh >> ((d - _rot) % 4)) & 1) << d for d in range(4))

# --- excavation cards -------------------------------------------------------------
# Symbols: 0..4 the gods, then the actions.
ANKH, EYEGLASSES, TORCH, PASSAGE, GUNJAM, REVOLVER, SHOVEL = range(5, 12)
SYMBOL_NAMES = GODS + ("ankh", "eyeglasses", "torch", "secret-passage", "gun-jam", "revolver",
                       "shovel")
NUM_SYMBOLS = 12
NUM_ACTION_SYMBOLS = 7
_ACTION_COUNTS = ((ANKH, 10), (SHOVEL, 6), (PASSAGE, 6), (EYEGLASSES, 5), (TORCH, 5),
                  (REVOLVER, 4), (GUNJAM, 4))
_PAIRS = [(a, b) for a in range(5) for b in range(a + 1, 5)]
_actions = [sym for sym, n in _ACTION_COUNTS for _ in range(n)]
NUM_EXC = 40
EXC_SYM = np.zeros((NUM_EXC, 3), np.int8)  # two different gods + one action
for _k in range(NUM_EXC):
    EXC_SYM[_k] = (*_PAIRS[_k % 10], _actions[_k])
assert len(_actions) == NUM_EXC
HAND_LIMIT = 5
START_HAND = 4

# --- rules numbers --------------------------------------------------------------------
MOVE_POINTS = 5
MAX_ANKHS = 9
DISPLACE_DIST = 3
MAX_BESIDE = 16
MAX_PLAN = 6         # a declared path: at most 6 points, every step costs at least 1

# --- phases ---------------------------------------------------------------------------
(PH_MAIN, PH_MOVE, PH_PIT, PH_SPECIAL, PH_KP_DEST, PH_PICKUP, PH_MUMMY_PLACE, PH_MUMMY,
 PH_MUMMY_RAMP, PH_MUMMY_KP, PH_TORCH, PH_DISPLACE, PH_REPLACE, PH_SHOOT, PH_GUNJAM, PH_PEEK,
 PH_SHOVEL, PH_EXCHANGE, PH_TR_FIRST, PH_TR_PICK, PH_DISCARD, PH_DRAW, PH_REACT, PH_OVER,
 PH_RESOLVE) = range(25)
NUM_PHASES = 24  # PH_RESOLVE is internal and never seen between steps
PHASE_NAMES = ("main", "move", "pit", "special", "kings-pyramid-destination", "pickup",
               "mummy-place", "mummy", "mummy-ramp", "mummy-kings-pyramid", "torch", "displace",
               "replace", "shoot", "gun-jam", "peek", "shovel", "exchange", "treasure-first",
               "treasure-pick", "discard", "draw", "react", "over")
# where play goes back to once the pending decisions are resolved
R_MAIN, R_MOVE, R_ENDTURN, R_REACT = range(4)
RESUME_NAMES = ("main", "move", "end-turn", "react")

# --- action layout ---------------------------------------------------------------------
A_PLAY = 0                                # hand slot x symbol index (3)
A_SEL = A_PLAY + HAND_LIMIT * 3           # select a cell
A_CAMP = A_SEL + NUM_CELLS                # select the base camp (king's pyramid destination)
A_REVEAL = A_CAMP + 1                     # 1 Ankh: turn a face-down card face up
A_HIDE = A_REVEAL + NUM_CELLS             # 1 Ankh: turn a face-up path card face down
A_ROT = A_HIDE + NUM_CELLS                # cell x (90 clockwise, 180, 90 anticlockwise)
A_EXCH = A_ROT + NUM_CELLS * 3            # 3 Ankhs: first card of an exchange
A_STEP = A_EXCH + NUM_CELLS               # step N/E/S/W
A_STEP_REVEAL = A_STEP + 4                # step N/E/S/W turning the card face up
A_MUMMY_STEP = A_STEP_REVEAL + 4          # mummy one space N/E/S/W
A_MUMMY_DIAG = A_MUMMY_STEP + 4           # start the free (diagonal) mummy move
A_EXTRA_POINT = A_MUMMY_DIAG + 1          # 1 Ankh: a sixth movement point
A_STOP = A_EXTRA_POINT + 1                # end the move / the mummy move
A_END = A_STOP + 1                        # end the turn's actions (then discard and draw)
A_PASS = A_END + 1                        # decline / no
A_YES = A_PASS + 1                        # accept / yes
A_SHOOT = A_YES + 1                       # revolver target seat
A_DRAW = A_SHOOT + MAX_PLAYERS            # draw 0..3 cards (3 costs an Ankh)
A_DISCARD = A_DRAW + 4                    # discard hand slot
NUM_ACTIONS = A_DISCARD + HAND_LIMIT

# --- observation layout --------------------------------------------------------------------
CELL_FEATURES = 29  # backs (3), face up, god (5), identity known, openings (4), specials (7),
#                     ankh, mummy, researchers by relative seat (5), others who know it
CAMP_FEATURES = MAX_PLAYERS
PLAYER_FEATURES = 13  # per relative seat
GOD_FEATURES = 11     # jar state (5) + treasure state (6), per god
SLOT_FEATURES = 1 + NUM_GODS + NUM_ACTION_SYMBOLS
BESIDE_FEATURES = 1 + NUM_GODS + 1 + 4 + NUM_SPECIAL_FEATURES + 1
PLAN_FEATURES = 2 + MAX_PLAN * 5  # declaring, steps walked / 6, per step: direction (4), reveal
GLOBAL_FEATURES = (NUM_PHASES + 1 + NUM_GODS + 7 + 1 + NUM_ACTION_SYMBOLS + NUM_GODS
                   + MAX_PLAYERS + 4 + PLAN_FEATURES)
RAW_SIZE = (NUM_CELLS * CELL_FEATURES + CAMP_FEATURES + MAX_PLAYERS * PLAYER_FEATURES
            + NUM_GODS * GOD_FEATURES + HAND_LIMIT * SLOT_FEATURES + MAX_BESIDE * BESIDE_FEATURES
            + GLOBAL_FEATURES)
# the glance block after it (glance.py): per relative seat, globals, per hand slot (aligned
# with `play`), per direction (aligned with `step`/`step-reveal`, then `mummy`), per cell
GLANCE_SEAT = 15   # progress, need, home, mummy distance, standing, jar god (5), treasure god (5)
GLANCE_GLOBAL = 3 + NUM_ACTION_SYMBOLS  # margin to the leader, this move (2), unseen by action
GLANCE_SLOT = 4    # per god of the card: chance of a goal, need after the best move
GLANCE_STEP = 3    # goal chance there, need by this step, on a shortest way
GLANCE_MUMMY = 2   # attacks another researcher, one who carries
GLANCE_CELL = 6    # jar chance, treasure chance, need from there, home from there, reach, mummy
GLANCE_SIZE = (MAX_PLAYERS * GLANCE_SEAT + GLANCE_GLOBAL + HAND_LIMIT * GLANCE_SLOT
               + 4 * GLANCE_STEP + 4 * GLANCE_MUMMY + NUM_CELLS * GLANCE_CELL)
OBS_SIZE = RAW_SIZE + GLANCE_SIZE
