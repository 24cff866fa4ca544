"""Keops component data: every number and table of the base game.

The rulebook text (../shared/rulebooks/keops.txt) lost its pictures, so board geometry,
building shapes, pyramid templates, border cards, barges, dice and the Vizier board columns
are partly defaults (../shared/rulebooks/GAPS.md, Keops part). Each default is marked
`# default:`; each printed number cites its section (`# §5.1`). docs/rules/keops.md lists
them all with the rulings. A better reading replaces one table here, not a kernel.

Everything is a module-level int/tuple or NumPy array so numba kernels can read it as a
global constant. Player-count tables are indexed by `pc = num_players - 2` (2, 3, 4).
"""
import numpy as np

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # §1: Viziers on the board (the High Priest counts, §12)
MIN_AGENTS = 1  # §12: one player against the High Priest of Ra
NUM_PC = MAX_PLAYERS - MIN_PLAYERS + 1
SEAT_NAMES = ("Vizier 1", "Vizier 2", "Vizier 3", "Vizier 4")
NUM_LEVELS = 3   # §5: three rounds, one per pyramid level
NUM_ROUNDS = NUM_LEVELS


def pc_index(num_players):
    return num_players - MIN_PLAYERS


# =============================================================================
# Enumerations
# =============================================================================
# --- servants (§3) ---
ARTISAN, SCRIBE, PRIEST = range(3)
NUM_SERVANT_TYPES = 3
SERVANT_NAMES = ("artisan", "scribe", "priest")
ANY_SERVANT = 3  # "Any Servant" icon (§5.2): construction costs

# --- colours of buildings, Vizier-board columns and servants (§8) ---
YELLOW, GREEN, RED = range(3)  # guild/artisan, commercial/scribe, religious/priest
NUM_COLORS = 3
COLOR_NAMES = ("yellow", "green", "red")
COLOR_SERVANT = np.array([ARTISAN, SCRIBE, PRIEST], np.int8)

# --- goods (Iconography: Barley, Beer, Papyrus, Silver) ---
BARLEY, BEER, PAPYRUS, SILVER = range(4)
NUM_GOODS = 4
GOOD_NAMES = ("barley", "beer", "papyrus", "silver")

# --- building materials (§3, Iconography) ---
LIMESTONE, WOOD, GRANITE = range(3)
NUM_MATERIALS = 3
MATERIAL_NAMES = ("limestone", "wood", "granite")
ANY_MATERIAL = 3  # pyramid any-material space marker in templates (§5.2)

# --- favors (§7) ---
MAJOR, MINOR = range(2)
FAVOR_NAMES = ("major", "minor")
MINORS_PER_MAJOR = 2  # §7: "the union of 2 Minor Favors creates 1 Major Favor"

# =============================================================================
# Limited components (§3, §4 "Limited Components")
# =============================================================================
MATERIAL_SUPPLY = 20          # §3: 20 Limestone, 20 Wood, 20 Granite (in the Quarry)
GOOD_SUPPLY = np.array([20, 20, 20, 20], np.int16)  # default: counts unreadable in §3; as materials
DEBEN_SUPPLY = 32000          # default: coins of 1/3/5 never run out (counts unreadable in §3)
MANDATE_SUPPLY = 12           # §3: 12 Royal Mandate tokens
MANDATE_HOLD_MAX = 3          # §5.1 B, §8: at most 3 held at any time
MAJOR_FAVOR_SUPPLY = 14       # §3
MINOR_FAVOR_SUPPLY = 28       # §3
# §3: 20 wooden servants in the general reserve = the Independent Servants
INDEPENDENT_SUPPLY = np.array([8, 6, 6], np.int8)
NEUTRAL_DWELLINGS = 6         # §3; default use: isolated city squares when a Vizier has no Dwelling left
ELIMINATED_SERVANT_TOKENS = 4  # §3
ELIMINATED_BUILDING_TOKENS = 4  # §3
STOREHOUSE_MATERIAL_MAX = 6   # §13.4: "you can only store up to 6 Materials"

# --- per Vizier (§3, §4.1) ---
PLAYER_SERVANTS = np.array([5, 3, 3], np.int8)  # §3: 5 Artisans, 3 Scribes, 3 Priests
START_SERVANTS = np.array([2, 1, 0], np.int8)   # §4.1.6: 2 Artisans and 1 Scribe
START_POPULATION = 3          # §4.1.7: third space = the 3 starting servants
POPULATION_MAX = 11           # all 11 own servants unlocked
OFFERINGS_PER_PLAYER = 10     # §3, §4.1.1
BUILDING_MARKERS_PER_COLOR = 5  # §3: 15 markers, one column of 5 per colour
DWELLINGS_PER_PLAYER = 15     # §3
START_DEBENS = np.array([5, 6, 7, 8], np.int16)  # §4.1.2, by seat order
START_GOODS = np.array([2, 1, 1, 0], np.int8)    # §4.1.3: 2 Barley, 1 Beer, 1 Papyrus
START_MINOR_FAVORS = 1        # §4.1.4
START_MEDJAY = 0              # §4 step 12: a marker under each border card
START_PRESTIGE = 0            # §4 step 11: "starting space"
START_CONSTRUCTION = 0

# =============================================================================
# Happiness dial, tracks and reward scarabs (§4, §8)
# =============================================================================
HAPPINESS_START = 5           # §4 step 7
HAPPINESS_MIN, HAPPINESS_MAX = 0, 12  # default: dial range (picture lost); covers population 3-11
PRESTIGE_MAX = 30             # default: track length (picture lost); markers stop at the end
PRESTIGE_MIN = 0              # default: a loss never takes a marker below the start
CONSTRUCTION_MAX = 30         # default
MEDJAY_MAX = 15               # default: border card track length
# Reward scarabs (§8): REWARD_AT_*[v] = 0 none, 1 red (Level 1 die), 2 purple (Level 2 die),
# paid when a marker *ascends* onto v, again after going down and up.
REWARD_AT_PRESTIGE = np.zeros(PRESTIGE_MAX + 1, np.int8)
REWARD_AT_PRESTIGE[[3, 6, 12]] = 1   # default
REWARD_AT_PRESTIGE[[9, 15]] = 2      # default
REWARD_AT_CONSTRUCTION = np.zeros(CONSTRUCTION_MAX + 1, np.int8)
REWARD_AT_CONSTRUCTION[[3, 6, 12]] = 1  # default
REWARD_AT_CONSTRUCTION[[9, 15]] = 2     # default

# =============================================================================
# Effect vectors: one layout for every cost and every gain of rooms, patrons,
# gods, barges, dice, the reward table and Vizier-board revenues
# =============================================================================
(C_DEBEN, C_BARLEY, C_BEER, C_PAPYRUS, C_SILVER, C_ANY_GOOD, C_HAPPINESS, C_PRESTIGE,
 C_RA_OFFERING, C_BEER_OR_PAPYRUS) = range(10)
NUM_COST_FIELDS = 10
COST_NAMES = ("deben", "barley", "beer", "papyrus", "silver", "any-good", "happiness",
              "prestige", "ra-offering", "beer-or-papyrus")
# C_<good> = 1 + good: cost fields of the four goods line up with the good ids
COST_OF_GOOD = np.array([C_BARLEY, C_BEER, C_PAPYRUS, C_SILVER], np.int8)

(G_DEBEN, G_BARLEY, G_BEER, G_PAPYRUS, G_SILVER,
 G_ANY_GOOD,      # goods of the receiver's choice, repeats allowed
 G_DIFF_GOODS,    # that many goods of pairwise different types (Bastet, Bazaar room 2: not Silver)
 G_OTHER_GOOD,    # 1 good of a type other than the one paid (Bazaar room 1)
 G_MATERIAL,      # materials of one's choice from the Quarry into the storehouse
 G_PYRAMID,       # materials of one's choice from the Quarry straight into the pyramid
 G_MANDATE, G_HAPPINESS, G_PRESTIGE,
 G_OFFERING,      # one Offering into each of this many different active temples
 G_MEDJAY_1, G_MEDJAY_2, G_MEDJAY_3,  # Medjay Power added to 1, 2, 3 different borders (defense applies)
 G_MEDJAY_FREE,   # Medjay Power to 1 border, ignoring its Defense
 G_MEDJAY_EACH_FREE,  # Medjay Power to every border, ignoring Defense (Thot)
 G_INDEP,         # bit set of servant types: take 1 Independent Servant of one of them
 G_REWARD,        # roll this level's Reward Die (or take from the Reward Table)
 G_NO_SILVER,     # flag: G_DIFF_GOODS excludes Silver
 ) = range(22)
NUM_GAIN_FIELDS = 22
GAIN_NAMES = ("deben", "barley", "beer", "papyrus", "silver", "any-good", "different-goods",
              "other-good", "material", "pyramid", "mandate", "happiness", "prestige",
              "offering", "medjay-1", "medjay-2", "medjay-3", "medjay-free",
              "medjay-each-free", "independent", "reward-die", "no-silver")
GAIN_OF_GOOD = np.array([G_BARLEY, G_BEER, G_PAPYRUS, G_SILVER], np.int8)
INDEP_BIT = np.array([1, 2, 4], np.int8)  # G_INDEP bit per servant type


def _cost(**kw):
    v = np.zeros(NUM_COST_FIELDS, np.int8)
    for k, n in kw.items():
        v[COST_NAMES.index(k.replace("_", "-"))] = n
    return v


def _gain(**kw):
    v = np.zeros(NUM_GAIN_FIELDS, np.int8)
    for k, n in kw.items():
        v[GAIN_NAMES.index(k.replace("_", "-"))] = n
    return v


# =============================================================================
# City grid (default: GAPS.md) and building shapes
# =============================================================================
CITY_ROWS, CITY_COLS = 6, 8   # default: 8x6 grid
NUM_CITY_CELLS = CITY_ROWS * CITY_COLS
SECTION_ROWS, SECTION_COLS = 3, 4  # default: four 4x3 sections
NUM_SECTIONS = 4
CITY_CELL_ROW = np.array([i // CITY_COLS for i in range(NUM_CITY_CELLS)], np.int8)
CITY_CELL_COL = np.array([i % CITY_COLS for i in range(NUM_CITY_CELLS)], np.int8)
CITY_CELL_SECTION = ((CITY_CELL_ROW // SECTION_ROWS) * 2 + CITY_CELL_COL // SECTION_COLS).astype(np.int8)
# Orthogonal neighbours inside the same section (-1: none). Isolation is judged per section.
CITY_NEIGHBORS = np.full((NUM_CITY_CELLS, 4), -1, np.int8)
for _i in range(NUM_CITY_CELLS):
    for _k, (_dr, _dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        _r, _c = CITY_CELL_ROW[_i] + _dr, CITY_CELL_COL[_i] + _dc
        if 0 <= _r < CITY_ROWS and 0 <= _c < CITY_COLS:
            _j = _r * CITY_COLS + _c
            if CITY_CELL_SECTION[_j] == CITY_CELL_SECTION[_i]:
                CITY_NEIGHBORS[_i, _k] = _j
# default: one penalized square per section (+1 Deben each covered square, §10 example)
PENALIZED_CELLS = np.array([1 * 8 + 1, 1 * 8 + 6, 4 * 8 + 2, 4 * 8 + 5], np.int8)
CITY_PENALIZED = np.zeros(NUM_CITY_CELLS, np.bool_)
CITY_PENALIZED[PENALIZED_CELLS] = True
PENALTY_DEBENS_PER_SQUARE = 1  # §10: "plus 1 additional Deben per penalized square"

# Polyomino shapes (default: 2-4 squares, GAPS.md). Cells as (row, col).
SHAPE_DOMINO, SHAPE_I3, SHAPE_L3, SHAPE_I4, SHAPE_O4, SHAPE_T4, SHAPE_L4, SHAPE_S4 = range(8)
NUM_SHAPES = 8
SHAPE_NAMES = ("domino", "I3", "L3", "I4", "O4", "T4", "L4", "S4")
_SHAPE_BASE = (
    ((0, 0), (0, 1)),
    ((0, 0), (0, 1), (0, 2)),
    ((0, 0), (1, 0), (1, 1)),
    ((0, 0), (0, 1), (0, 2), (0, 3)),
    ((0, 0), (0, 1), (1, 0), (1, 1)),
    ((0, 0), (0, 1), (0, 2), (1, 1)),
    ((0, 0), (1, 0), (2, 0), (2, 1)),
    ((0, 1), (0, 2), (1, 0), (1, 1)),
)
MAX_SHAPE_CELLS = 4
MAX_ORIENTATIONS = 8  # 4 rotations x optional flip (§5.1 A: "rotate and/or flip")


def _orientations(cells):
    """Distinct orientations, each normalised to min row = min col = 0 and sorted.
    Order: rotations 0-3 of the tile, then rotations 0-3 of its mirror image."""
    out = []
    for flip in (False, True):
        pts = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            mr = min(p[0] for p in pts)
            mc = min(p[1] for p in pts)
            norm = tuple(sorted((r - mr, c - mc) for r, c in pts))
            if norm not in out:
                out.append(norm)
            pts = [(c, -r) for r, c in pts]  # quarter turn
    return out


SHAPE_SIZE = np.array([len(s) for s in _SHAPE_BASE], np.int8)
SHAPE_NUM_ORIENT = np.zeros(NUM_SHAPES, np.int8)
# SHAPE_CELLS[shape, orientation, k] = (dr, dc); unused slots (-1, -1)
SHAPE_CELLS = np.full((NUM_SHAPES, MAX_ORIENTATIONS, MAX_SHAPE_CELLS, 2), -1, np.int8)
for _s, _base in enumerate(_SHAPE_BASE):
    _ors = _orientations(_base)
    SHAPE_NUM_ORIENT[_s] = len(_ors)
    for _o, _cells in enumerate(_ors):
        SHAPE_CELLS[_s, _o, :len(_cells)] = _cells

# Precomputed placements: the anchor is the city cell under offset (0, 0) of the
# orientation's bounding box. PLACEMENT_CELLS[shape, orient, anchor] lists the covered
# cells (-1 padded); all -1 when the tile leaves the grid or spans two sections (default:
# a building lies inside one section, §8 "in a section of the City").
PLACEMENT_CELLS = np.full((NUM_SHAPES, MAX_ORIENTATIONS, NUM_CITY_CELLS, MAX_SHAPE_CELLS), -1, np.int8)
PLACEMENT_VALID = np.zeros((NUM_SHAPES, MAX_ORIENTATIONS, NUM_CITY_CELLS), np.bool_)
for _s in range(NUM_SHAPES):
    for _o in range(SHAPE_NUM_ORIENT[_s]):
        for _a in range(NUM_CITY_CELLS):
            _cells = []
            for _k in range(SHAPE_SIZE[_s]):
                _r = CITY_CELL_ROW[_a] + SHAPE_CELLS[_s, _o, _k, 0]
                _c = CITY_CELL_COL[_a] + SHAPE_CELLS[_s, _o, _k, 1]
                if _r >= CITY_ROWS or _c >= CITY_COLS:
                    break
                _cells.append(_r * CITY_COLS + _c)
            if len(_cells) == SHAPE_SIZE[_s] and len({CITY_CELL_SECTION[x] for x in _cells}) == 1:
                PLACEMENT_VALID[_s, _o, _a] = True
                PLACEMENT_CELLS[_s, _o, _a, :len(_cells)] = _cells

# =============================================================================
# Buildings and crops (§13.3) and temples (§13.2)
# =============================================================================
(BREWERY, JEWELRY, SANCTUARY, SCHOOL,
 COURTROOM, TAX_COLLECTOR, ROYAL_ARCHITECT, BAZAAR,
 FESTIVAL_PLAZA, CARTOGRAPHER, MORTUARY,
 BARLEY_CROP, PAPYRUS_CROP, TEMPLE) = range(14)
NUM_BUILDING_KINDS = 14
NUM_CITY_KINDS = 11  # kinds 0-10 go in the city; crops in the plantation; temples in the pantheon
BUILDING_NAMES = ("Brewery", "Jewelry", "Sanctuary", "School",
                  "Courtroom", "Tax Collector", "Royal Architect", "Bazaar",
                  "Festival Plaza", "Cartographer", "Mortuary",
                  "Barley Crop", "Papyrus Crop", "Temple")
BUILDING_COLOR = np.array([YELLOW] * 4 + [GREEN] * 4 + [RED] * 3 + [YELLOW, YELLOW, RED], np.int8)
# default: shapes (pictures lost); -1 for tiles that are not placed in the city
BUILDING_SHAPE = np.array([SHAPE_L3, SHAPE_DOMINO, SHAPE_DOMINO, SHAPE_T4,
                           SHAPE_S4, SHAPE_I3, SHAPE_L4, SHAPE_O4,
                           SHAPE_I4, SHAPE_L3, SHAPE_I3,
                           -1, -1, -1], np.int8)
BUILDING_PRESTIGE = np.ones(NUM_BUILDING_KINDS, np.int8)  # §5.1 A: every construction gains 1
SILVER_EXTRA_PRESTIGE = 1  # §5.1 A, §13.1: +1 Silver -> +1 Prestige (optional)

# Construction cost by colour (§5.1 A examples, §10, §13.1): any 1 Servant + 1 Deben + 1 Good.
CONSTRUCT_SERVANT = ANY_SERVANT
CONSTRUCT_DEBENS = 1
COLOR_CONSTRUCT_GOOD = np.array([BARLEY, BEER, PAPYRUS], np.int8)  # yellow, green, red
AKHET_EXTRA_DEBENS = 1  # §5.1 A: a crop in the Akhet zone costs 1 more Deben

# Tile supply per player count (§4 step 8): 1/2/3 of each building, 3/4/6 crops (one
# double-sided Barley/Papyrus pool). Temples: 8 temple tiles (one per god pictogram) per
# copy, which gives the 63 tiles of §3 at 4 players (11x3 + 8x3 + 6); only 4 can be built.
BUILDING_COPIES_PER_PC = np.array([1, 2, 3], np.int8)
CROP_COPIES_PER_PC = np.array([3, 4, 6], np.int8)
TEMPLE_TILE_KINDS = 8
TEMPLE_COPIES_PER_PC = TEMPLE_TILE_KINDS * BUILDING_COPIES_PER_PC
TOTAL_TILES = NUM_CITY_KINDS * 3 + TEMPLE_TILE_KINDS * 3 + 6
assert TOTAL_TILES == 63  # §3: 63 Building and Crop tiles
# Supply pools: the city kinds, one crop pool, one temple pool.
POOL_OF_KIND = np.array(list(range(NUM_CITY_KINDS)) + [11, 11, 12], np.int8)
NUM_POOLS = 13
POOL_SUPPLY = np.zeros((NUM_PC, NUM_POOLS), np.int8)
POOL_SUPPLY[:, :NUM_CITY_KINDS] = BUILDING_COPIES_PER_PC[:, None]
POOL_SUPPLY[:, 11] = CROP_COPIES_PER_PC
POOL_SUPPLY[:, 12] = TEMPLE_COPIES_PER_PC

# Rooms (§13.3): number, cost and gain. The servant of a room is the building's colour.
MAX_ROOMS = 2
BUILDING_ROOMS = np.array([2, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1], np.int8)
ROOM_COST = np.zeros((NUM_BUILDING_KINDS, MAX_ROOMS, NUM_COST_FIELDS), np.int8)
ROOM_GAIN = np.zeros((NUM_BUILDING_KINDS, MAX_ROOMS, NUM_GAIN_FIELDS), np.int8)
# Extra gain per room for a crop in the Akhet zone (§13.3: "3 Barley in Akhet Zone").
ROOM_AKHET_GAIN = np.zeros((NUM_BUILDING_KINDS, MAX_ROOMS, NUM_GAIN_FIELDS), np.int8)
_ROOMS = {
    BREWERY: ((_cost(barley=1), _gain(beer=1)), (_cost(barley=2), _gain(beer=3))),
    JEWELRY: ((_cost(papyrus=1), _gain(silver=1)), (_cost(papyrus=2), _gain(silver=2))),
    SANCTUARY: ((_cost(), _gain(offering=1)),),
    SCHOOL: ((_cost(), _gain(deben=1, happiness=2)),
             (_cost(deben=1), _gain(independent=INDEP_BIT[SCRIBE] | INDEP_BIT[PRIEST]))),
    COURTROOM: ((_cost(any_good=1), _gain(mandate=1)),
                (_cost(any_good=1, prestige=1), _gain(mandate=2))),
    TAX_COLLECTOR: ((_cost(happiness=1), _gain(deben=3)), (_cost(prestige=1), _gain(deben=6))),
    ROYAL_ARCHITECT: ((_cost(deben=1), _gain(pyramid=2)),),
    BAZAAR: ((_cost(any_good=1), _gain(other_good=1)),
             (_cost(silver=1), _gain(different_goods=2, no_silver=1))),
    FESTIVAL_PLAZA: ((_cost(beer=1, deben=1), _gain(happiness=2, prestige=1)),
                     (_cost(happiness=1, papyrus=1, deben=1), _gain(prestige=2))),
    CARTOGRAPHER: ((_cost(), _gain(offering=1, medjay_1=2)),
                   (_cost(silver=1), _gain(medjay_1=3, medjay_2=2, medjay_3=1))),
    MORTUARY: ((_cost(), _gain(reward_die=2)), (_cost(ra_offering=1), _gain(offering=2))),
    BARLEY_CROP: ((_cost(), _gain(barley=2)), (_cost(), _gain(barley=1))),
    PAPYRUS_CROP: ((_cost(), _gain(papyrus=1)), (_cost(deben=1), _gain(papyrus=1))),
    TEMPLE: ((_cost(), _gain()),),  # §13.1: 1 Priest + 1 own Offering there -> the god's benefit
}
for _b, _rooms in _ROOMS.items():
    assert len(_rooms) == BUILDING_ROOMS[_b]
    for _r, (_c, _g) in enumerate(_rooms):
        ROOM_COST[_b, _r] = _c
        ROOM_GAIN[_b, _r] = _g
ROOM_AKHET_GAIN[BARLEY_CROP, :, G_BARLEY] = 1
ROOM_AKHET_GAIN[PAPYRUS_CROP, :, G_PAPYRUS] = 1
TEMPLE_ROOM_OFFERINGS = 1  # §5.1 B, §13.1: the Priest spends 1 of the Vizier's Offerings there

# Patron benefits (§13.3): optional, offered to the tile's Patron when another Vizier
# activates a room (default: never for one's own building, §5.1 A "If other players...").
(PF_NONE, PF_SAME_GOOD, PF_SAME_MATERIAL, PF_TEMPLE) = range(4)
PATRON_FLAG_NAMES = ("plain", "same-good-as-paid", "same-material-as-taken", "temple")
PATRON_COST = np.zeros((NUM_BUILDING_KINDS, NUM_COST_FIELDS), np.int8)
PATRON_GAIN = np.zeros((NUM_BUILDING_KINDS, NUM_GAIN_FIELDS), np.int8)
PATRON_FLAG = np.zeros(NUM_BUILDING_KINDS, np.int8)
_PATRONS = {
    BREWERY: (_cost(deben=1), _gain(beer=1), PF_NONE),
    JEWELRY: (_cost(deben=1), _gain(silver=1), PF_NONE),
    SANCTUARY: (_cost(deben=1), _gain(offering=1), PF_NONE),
    SCHOOL: (_cost(), _gain(deben=1), PF_NONE),
    COURTROOM: (_cost(deben=1), _gain(), PF_SAME_GOOD),
    TAX_COLLECTOR: (_cost(), _gain(deben=1), PF_NONE),
    ROYAL_ARCHITECT: (_cost(deben=1), _gain(), PF_SAME_MATERIAL),
    BAZAAR: (_cost(deben=1), _gain(), PF_SAME_GOOD),
    FESTIVAL_PLAZA: (_cost(beer_or_papyrus=1), _gain(prestige=1), PF_NONE),
    CARTOGRAPHER: (_cost(), _gain(medjay_1=1), PF_NONE),
    MORTUARY: (_cost(deben=1), _gain(offering=1), PF_NONE),
    BARLEY_CROP: (_cost(), _gain(barley=1), PF_NONE),
    PAPYRUS_CROP: (_cost(), _gain(papyrus=1), PF_NONE),
    TEMPLE: (_cost(), _gain(), PF_TEMPLE),  # §13.2: remove own Offering here -> the god's benefit
}
for _b, (_c, _g, _f) in _PATRONS.items():
    PATRON_COST[_b], PATRON_GAIN[_b], PATRON_FLAG[_b] = _c, _g, _f

# =============================================================================
# Plantation and Akhet zone (default: GAPS.md)
# =============================================================================
NUM_PLANTATION_SPACES = 8
PLANTATION_AKHET = np.array([0, 0, 0, 0, 0, 0, 1, 1], np.bool_)       # last 2 = Akhet zone
PLANTATION_MIN_PLAYERS = np.array([2, 2, 2, 2, 4, 4, 2, 2], np.int8)  # §4: 2 spaces only at 4 players
CROP_SIDES = (BARLEY_CROP, PAPYRUS_CROP)  # §5.1 A: "showing the side of your choice"

# =============================================================================
# Gods, temples and the pantheon (§13.2)
# =============================================================================
OSIRIS, SEB, SOBEK, ANUBIS, THOT, MAAT, BASTET, UNUT = range(8)
NUM_GODS = 8
GOD_NAMES = ("Osiris", "Seb", "Sobek", "Anubis", "Thot", "Maat", "Bastet", "Unut")
PANTHEON_SPACES = 4   # §13.2: "only 4 active Temples, plus the Temple of Ra"
TEMPLE_RA = PANTHEON_SPACES  # temple index of Ra in per-temple arrays (0-3 built, 4 = Ra)
NUM_TEMPLE_SLOTS = PANTHEON_SPACES + 1
# Plain gains; the rest of a god's benefit is a special code the kernels implement.
GS_NONE, GS_SEB, GS_ANUBIS, GS_MAAT, GS_UNUT = range(5)
GOD_SPECIAL_NAMES = ("plain", "activate-occupied-room", "anubis", "maat", "unut")
GOD_GAIN = np.zeros((NUM_GODS, NUM_GAIN_FIELDS), np.int8)
GOD_GAIN[OSIRIS] = _gain(deben=5)
GOD_GAIN[SOBEK] = _gain(mandate=1)
GOD_GAIN[ANUBIS] = _gain(prestige=2)           # plus: another Vizier loses 1 Prestige
GOD_GAIN[THOT] = _gain(medjay_each_free=1)
GOD_GAIN[BASTET] = _gain(different_goods=2)
GOD_SPECIAL = np.array([GS_NONE, GS_SEB, GS_NONE, GS_ANUBIS, GS_NONE, GS_MAAT, GS_NONE, GS_UNUT], np.int8)
ANUBIS_OTHER_LOSS = 1
MAAT_MATERIALS = np.array([1, 1, 1], np.int8)  # 1 of each type from the Quarry into the pyramid
# Temple of Ra (§6 step 3): most Offerings -> Major (tie: Minor each, no second place);
# second -> Minor (tie: nobody); favored Viziers take back half their Ra Offerings, rounded up.

# =============================================================================
# Pyramid templates (default: GAPS.md; 4-player level 1 printed on the board, §4)
# =============================================================================
# Rows from the bottom; spaces in snake order (row 0 left->right, row 1 right->left, ...),
# odd rows right-aligned and even rows left-aligned with the row below, so consecutive
# spaces touch and every section (a run of consecutive spaces) is connected.
PYR_ROW_WIDTHS = (            # [level][pc] -> widths bottom-up
    ((5, 4, 3), (5, 4, 3, 2, 1), (6, 5, 4, 3)),   # level 1: 12 / 15 / 18
    ((4, 3, 2), (5, 4, 3), (5, 4, 3, 2)),         # level 2:  9 / 12 / 14
    ((3, 2, 1), (3, 3, 2), (4, 3, 2, 1)),         # level 3:  6 /  8 / 10
)
PYR_TOTALS = np.array([[12, 15, 18], [9, 12, 14], [6, 8, 10]], np.int8)  # default: GAPS.md
PYR_MAX_SPACES = 18
PYR_MAX_SECTIONS = 6
PYR_MAX_ROWS, PYR_MAX_COLS = 5, 6
PYR_NUM_SPACES = np.zeros((NUM_LEVELS, NUM_PC), np.int8)
PYR_SPACE_ROW = np.full((NUM_LEVELS, NUM_PC, PYR_MAX_SPACES), -1, np.int8)
PYR_SPACE_COL = np.full((NUM_LEVELS, NUM_PC, PYR_MAX_SPACES), -1, np.int8)
PYR_SPACE_MATERIAL = np.full((NUM_LEVELS, NUM_PC, PYR_MAX_SPACES), -1, np.int8)  # the pictured material
PYR_SPACE_ANY = np.zeros((NUM_LEVELS, NUM_PC, PYR_MAX_SPACES), np.bool_)  # any-material space (§5.2)
# bottom row: next to a construction start space (§5.1 C)
PYR_SPACE_START = np.zeros((NUM_LEVELS, NUM_PC, PYR_MAX_SPACES), np.bool_)
PYR_SPACE_SECTION = np.full((NUM_LEVELS, NUM_PC, PYR_MAX_SPACES), -1, np.int8)
PYR_NEIGHBORS = np.full((NUM_LEVELS, NUM_PC, PYR_MAX_SPACES, 4), -1, np.int8)
PYR_NUM_SECTIONS = np.zeros((NUM_LEVELS, NUM_PC), np.int8)
PYR_SECTION_ICONS = np.zeros((NUM_LEVELS, NUM_PC, PYR_MAX_SECTIONS), np.int8)  # construction points
PYR_SECTION_SIZE = np.zeros((NUM_LEVELS, NUM_PC, PYR_MAX_SECTIONS), np.int8)
ANY_MATCH_BONUS = 1  # §5.2: the pictured material on an any-material space: +1 Construction Point


def _section_sizes(n):
    # default: sections of 3 spaces; 2-space sections where the total is not a multiple of 3
    k, rem = divmod(n, 3)
    return [3] * k if rem == 0 else ([3] * k + [2] if rem == 2 else [3] * (k - 1) + [2, 2])


for _lv in range(NUM_LEVELS):
    for _pc in range(NUM_PC):
        _widths = PYR_ROW_WIDTHS[_lv][_pc]
        _pos, _start = [], 0
        for _row, _w in enumerate(_widths):
            if _row > 0:
                _prev_w = _widths[_row - 1]
                _start = _start + _prev_w - _w if _row % 2 == 1 else _start
            _cols = list(range(_start, _start + _w))
            _pos += [(_row, _c) for _c in (_cols if _row % 2 == 0 else _cols[::-1])]
        _n = len(_pos)
        PYR_NUM_SPACES[_lv, _pc] = _n
        _sizes = _section_sizes(_n)
        PYR_NUM_SECTIONS[_lv, _pc] = len(_sizes)
        _sec = [s for s, z in enumerate(_sizes) for _ in range(z)]
        _two_count = 0
        for _i, (_row, _c) in enumerate(_pos):
            PYR_SPACE_ROW[_lv, _pc, _i], PYR_SPACE_COL[_lv, _pc, _i] = _row, _c
            # default: L, W, G in turn, shifted by one every 3 spaces
            PYR_SPACE_MATERIAL[_lv, _pc, _i] = (_i + _i // 3 + _lv) % NUM_MATERIALS
            PYR_SPACE_SECTION[_lv, _pc, _i] = _sec[_i]
            PYR_SPACE_START[_lv, _pc, _i] = _row == 0
        _first = 0
        for _s, _z in enumerate(_sizes):
            PYR_SECTION_SIZE[_lv, _pc, _s] = _z
            # default: 1 icon; 2 for 3-space sections in the upper half (harder to reach)
            PYR_SECTION_ICONS[_lv, _pc, _s] = 2 if (_z == 3 and 2 * _s >= len(_sizes)) else 1
            # default: about a third any-material: the middle of a 3-space section,
            # the second space of every other 2-space section
            if _z == 3:
                PYR_SPACE_ANY[_lv, _pc, _first + 1] = True
            else:
                if _two_count % 2 == 0:
                    PYR_SPACE_ANY[_lv, _pc, _first + 1] = True
                _two_count += 1
            _first += _z
        for _i in range(_n):
            _k = 0
            for _j in range(_n):
                if abs(_pos[_i][0] - _pos[_j][0]) + abs(_pos[_i][1] - _pos[_j][1]) == 1:
                    PYR_NEIGHBORS[_lv, _pc, _i, _k] = _j
                    _k += 1
assert (PYR_NUM_SPACES == PYR_TOTALS).all()
# Requirement summary per level and player count: limestone, wood, granite, any-material
PYR_MATERIAL_NEED = np.zeros((NUM_LEVELS, NUM_PC, NUM_MATERIALS + 1), np.int8)
for _lv in range(NUM_LEVELS):
    for _pc in range(NUM_PC):
        for _i in range(PYR_NUM_SPACES[_lv, _pc]):
            _m = ANY_MATERIAL if PYR_SPACE_ANY[_lv, _pc, _i] else PYR_SPACE_MATERIAL[_lv, _pc, _i]
            PYR_MATERIAL_NEED[_lv, _pc, _m] += 1
# Construction points (§5.2 a): 1 for sending the Artisan, + icons of each completed section,
# + ANY_MATCH_BONUS per matching any-space. Licensing step 5 (barge) earns none (§5.1 C).
PYRAMID_ARTISAN_POINTS = 1
PYRAMID_ARTISAN_MATERIALS = 3       # §5.2 a: up to 3 Materials
PYRAMID_BOOST_MATERIALS = 2         # §13.1: +2 with a Royal Mandate (up to 5)

# =============================================================================
# Borders: 12 cards (default: 4 per level, 3 drawn per round) and 9 penalty tokens (§13.5)
# =============================================================================
NUM_BORDERS = 3           # §4 step 2: 3 border cards face up
BORDER_CARDS_PER_LEVEL = 4
NUM_BORDER_CARDS = NUM_LEVELS * BORDER_CARDS_PER_LEVEL
# (level, defense, minimum Medjay, prestige for positions 1-4, L1 reward at, L2 reward at)
_BORDER_CARDS = (  # default: all values (card pictures lost)
    (0, 0, 2, (2, 1, 0, 0), 3, 6), (0, 0, 3, (2, 1, 1, 0), 4, 7),
    (0, 1, 3, (3, 1, 0, 0), 4, 7), (0, 1, 4, (3, 2, 0, 0), 5, 8),
    (1, 1, 4, (3, 2, 1, 0), 5, 8), (1, 1, 5, (3, 2, 0, 0), 5, 9),
    (1, 0, 5, (3, 1, 1, 0), 6, 9), (1, 2, 6, (4, 2, 1, 0), 6, 10),
    (2, 1, 6, (4, 2, 1, 0), 6, 10), (2, 2, 7, (4, 3, 1, 0), 7, 11),
    (2, 1, 7, (5, 2, 1, 0), 7, 11), (2, 2, 8, (5, 3, 1, 0), 8, 12),
)
BORDER_LEVEL = np.array([c[0] for c in _BORDER_CARDS], np.int8)
BORDER_DEFENSE = np.array([c[1] for c in _BORDER_CARDS], np.int8)
BORDER_MINIMUM = np.array([c[2] for c in _BORDER_CARDS], np.int8)
BORDER_PRESTIGE = np.array([c[3] for c in _BORDER_CARDS], np.int8)  # by position 1-4
BORDER_REWARD_AT = np.zeros((NUM_BORDER_CARDS, MEDJAY_MAX + 1), np.int8)  # scarabs on the card's track
for _b, _c in enumerate(_BORDER_CARDS):
    BORDER_REWARD_AT[_b, _c[4]] = 1
    BORDER_REWARD_AT[_b, _c[5]] = 2

# Penalty kinds in §13.5 order; every penalty also costs 1 Prestige.
(PEN_FAVOR, PEN_OFFERINGS, PEN_DEBENS, PEN_BUILDING, PEN_GOODS, PEN_SERVANT) = range(6)
NUM_PENALTY_KINDS = 6
PENALTY_NAMES = ("lose-minor-favor", "lose-3-offerings", "lose-half-debens",
                 "lose-building", "lose-half-goods", "lose-servant")
PENALTY_PRESTIGE_LOSS = 1
PENALTY_OFFERINGS = 3
NUM_PENALTY_TOKENS = 9  # §6 step 5: 9 tokens, 6 without and 3 with the Level 3 icon
# default: the 3 Level-3 tokens all "lose a Favor" (§13.5 marks it "Always in Level 3");
# the 6 others are the 5 other kinds plus a second "lose half your Debens".
PENALTY_TOKEN_KIND = np.array([PEN_OFFERINGS, PEN_DEBENS, PEN_BUILDING, PEN_GOODS, PEN_SERVANT,
                               PEN_DEBENS, PEN_FAVOR, PEN_FAVOR, PEN_FAVOR], np.int8)
PENALTY_TOKEN_LEVEL3 = np.array([0, 0, 0, 0, 0, 0, 1, 1, 1], np.bool_)

# Reinforce Borders spaces (§13.1): one space per servant type (default: each holds one
# servant, "place it in a free space of the type of Servant").
BORDER_SPACE_COST = np.array([_cost(barley=1, deben=1), _cost(beer=1, deben=1),
                              _cost(papyrus=1, deben=1)], np.int8)
BORDER_SPACE_MEDJAY = np.array([2, 3, 4], np.int8)
BORDER_BOOST_MEDJAY = 2   # §13.1: +2 in the same border with a Royal Mandate

# =============================================================================
# Quarry, wharf, pier, barges and moorings (§13.1, §13.4)
# =============================================================================
QUARRY_MATERIALS = np.array([1, 2, 3], np.int8)  # §13.1: Artisan 1, Scribe 2, Priest 3
QUARRY_BOOST_MATERIALS = 2
WHARF_DEBENS_PER_SERVANT = 1  # §5.2 b

NUM_DOCKS = 4
DOCK_COST = np.array([2, 3, 4, 5], np.int8)  # §13.1
NUM_BARGES = 20               # §3
BARGES_AT_PIER = 4            # §4 step 5, §6 step 8
PIER_STOREHOUSE_START = np.array([1, 1, 1, 0], np.int8)  # §4 step 6: Barley, Beer, Papyrus
PIER_STOREHOUSE_REFILL = PIER_STOREHOUSE_START  # §13.1, §13.4: when empty, one of each again
# Barge kinds (§13.4); the mix of the 20 is a default (pictures lost).
BK_MATERIALS, BK_OFFERING, BK_MANDATE, BK_GOOD, BK_SERVANT = range(5)
BARGE_KIND_NAMES = ("materials", "materials+offering", "mandate", "materials+good",
                    "materials+servant")
L, W, G = LIMESTONE, WOOD, GRANITE
_A, _S, _P = INDEP_BIT
_BARGES = (  # (kind, materials, servant choice bits)  default
    (BK_MATERIALS, (L, L), 0), (BK_MATERIALS, (W, W), 0), (BK_MATERIALS, (G, G), 0),
    (BK_MATERIALS, (L, W), 0), (BK_MATERIALS, (W, G), 0), (BK_MATERIALS, (L, G), 0),
    (BK_MATERIALS, (L, W, G), 0), (BK_MATERIALS, (L, L, W), 0),
    (BK_OFFERING, (L,), 0), (BK_OFFERING, (W,), 0), (BK_OFFERING, (G,), 0),
    (BK_OFFERING, (L, W), 0),
    (BK_MANDATE, (), 0), (BK_MANDATE, (), 0),
    (BK_GOOD, (L,), 0), (BK_GOOD, (W,), 0), (BK_GOOD, (G,), 0),
    (BK_SERVANT, (L,), _A | _S), (BK_SERVANT, (W,), _S | _P), (BK_SERVANT, (G,), _A | _P),
)
del L, W, G
BARGE_KIND = np.array([b[0] for b in _BARGES], np.int8)
BARGE_MATERIALS = np.zeros((NUM_BARGES, NUM_MATERIALS), np.int8)
for _i, _b in enumerate(_BARGES):
    for _m in _b[1]:
        BARGE_MATERIALS[_i, _m] += 1
BARGE_GAIN = np.zeros((NUM_BARGES, NUM_GAIN_FIELDS), np.int8)  # besides the materials
for _i, _b in enumerate(_BARGES):
    if _b[0] == BK_OFFERING:
        BARGE_GAIN[_i, G_OFFERING] = 1
    elif _b[0] == BK_MANDATE:
        BARGE_GAIN[_i, G_MANDATE] = 1
    elif _b[0] == BK_SERVANT:
        BARGE_GAIN[_i, G_INDEP] = _b[2]
BARGE_PIER_GOOD = (BARGE_KIND == BK_GOOD)  # 1 Good from the Pier Storehouse (§13.4)

# Nile moorings (§13.4 lists 5 benefits; default: one mooring of each).
MO_DEBENS, MO_MEDJAY, MO_CROP_GOOD, MO_OFFERING, MO_PYRAMID = range(5)
NUM_MOORINGS = 5
MOORING_NAMES = ("2 debens", "2 medjay", "crop good", "offering", "barge to pyramid")
MOORING_GAIN = np.zeros((NUM_MOORINGS, NUM_GAIN_FIELDS), np.int8)
MOORING_GAIN[MO_DEBENS, G_DEBEN] = 2
MOORING_GAIN[MO_MEDJAY, G_MEDJAY_1] = 2
MOORING_GAIN[MO_OFFERING, G_OFFERING] = 1
# MO_CROP_GOOD: 1 Barley or Papyrus matching a crop in the Akhet zone (default reading of
# "the present Crop"); MO_PYRAMID: the barge's materials go to the pyramid, not the storehouse.

# =============================================================================
# Market (§8; default prices: GAPS.md)
# =============================================================================
MARKET_COLUMNS = 5
MARKET_START = 2              # §4 step 4: middle column
# MARKET_PRICE[good, column]; buy and sell at the shown price (§8 examples: Barley 2, Beer 4)
MARKET_PRICE = np.array([[1, 1, 2, 3, 4],    # barley
                         [2, 3, 4, 5, 6],    # beer
                         [1, 2, 3, 4, 5],    # papyrus
                         [3, 4, 5, 6, 7]],   # silver
                        np.int8)
MARKET_BASE_ACTIONS = 1       # §8: one Market symbol printed in the green column

# =============================================================================
# Vizier board: revenue columns, dwellings, reward table (§8, §13.1)
# =============================================================================
# Revenue fields: revealed under a column's k-th building marker (markers leave from the
# top, §8), paid in Licensing step 2, top to bottom and left to right.
(R_BARLEY, R_DEBEN, R_MARKET, R_MATERIAL_OR_PYRAMID, R_OFFERING_OR_GOD) = range(5)
NUM_REVENUE_FIELDS = 5
REVENUE_NAMES = ("barley", "deben", "market", "material-or-pyramid", "offering-or-god")
# default: positions (picture lost); the outputs are §13.1's, in increasing order.
REVENUE = np.zeros((NUM_COLORS, BUILDING_MARKERS_PER_COLOR, NUM_REVENUE_FIELDS), np.int8)
REVENUE[YELLOW, 0, R_BARLEY] = 1
REVENUE[YELLOW, 2, R_MATERIAL_OR_PYRAMID] = 1
REVENUE[YELLOW, 4, R_MATERIAL_OR_PYRAMID] = 2
REVENUE[GREEN, 0, [R_DEBEN, R_MARKET]] = (1, 1)
REVENUE[GREEN, 2, [R_DEBEN, R_MARKET]] = (2, 1)
REVENUE[GREEN, 4, [R_DEBEN, R_MARKET]] = (4, 1)
REVENUE[RED, 0, R_OFFERING_OR_GOD] = 1
REVENUE[RED, 2, R_OFFERING_OR_GOD] = 1
REVENUE[RED, 4, R_OFFERING_OR_GOD] = 2
COLUMN_COMPLETE_MANDATE = 1   # §8: completely unlocking a column gives a Royal Mandate

# Dwellings: 3 rows of 5 (§3: 15 tiles), taken left to right in a row of one's choice (§8).
DWELLING_ROWS, DWELLINGS_PER_ROW = 3, 5
DWELLING_ROW_NAMES = ("yellow", "green", "red")
# DWELLING_UNLOCK[row, k]: servant type freed when the k-th dwelling of the row is taken
# (-1: none). default: GAPS.md; §8 example: 2nd yellow dwelling -> an Artisan.
DWELLING_UNLOCK = np.array([[-1, ARTISAN, -1, ARTISAN, ARTISAN],
                            [-1, -1, SCRIBE, -1, SCRIBE],
                            [PRIEST, -1, PRIEST, -1, PRIEST]], np.int8)
# DWELLING_UPKEEP[row, k, good]: maintenance of that unlocked servant (Licensing step 3),
# one Good per Servant, the one its Dwelling shows (§13.1 "You can pay 1 Barley, 1 Beer,
# 1 Papyrus or 1 Silver to keep that Servant" lists the icons, as "Take 1, 2 or 4 Debens"
# does for the green column). §8: the 2nd yellow Dwelling asks "1 barley"; default (GAPS.md):
# Barley for Artisans, Beer for Scribes, Papyrus then Silver for Priests, except the 4th
# yellow, Beer: §5.1 C's example ("2 barley and 2 beer", an unpaid Beer sends "the artisan
# or the scribe") is then the Artisans of yellow 2, 4, 5 and the Scribe of green 3.
DWELLING_UPKEEP = np.zeros((DWELLING_ROWS, DWELLINGS_PER_ROW, NUM_GOODS), np.int8)
DWELLING_UPKEEP[0, 1, BARLEY] = 1
DWELLING_UPKEEP[0, 3, BEER] = 1
DWELLING_UPKEEP[0, 4, BARLEY] = 1
DWELLING_UPKEEP[1, 2, BEER] = 1
DWELLING_UPKEEP[1, 4, BEER] = 1
DWELLING_UPKEEP[2, 0, PAPYRUS] = 1
DWELLING_UPKEEP[2, 2, PAPYRUS] = 1
DWELLING_UPKEEP[2, 4, SILVER] = 1
assert (DWELLING_UPKEEP.sum(axis=2) == (DWELLING_UNLOCK >= 0)).all()  # one Good per Servant
ROW_COMPLETE_MANDATE = 1      # §8: completely unlocking a row of Dwellings
assert all((DWELLING_UNLOCK == s).sum() + START_SERVANTS[s] == PLAYER_SERVANTS[s] for s in range(3))

# Happiness (Licensing step 4): each point of population above the dial costs 1 Good or
# 1 Deben, or 1 servant from the Dwellings to the Tumult Zone.
HAPPINESS_POINT_COST_DEBENS = 1

# Reward table (§13.1): Level 1 -> 1 option, Level 2 -> 2 different options.
NUM_REWARD_OPTIONS = 4
REWARD_TABLE = np.array([_gain(barley=1), _gain(deben=2), _gain(material=1),
                         _gain(medjay_free=1)], np.int8)
REWARD_TABLE_PICKS = np.array([0, 1, 2], np.int8)  # by reward level

# Reward dice (default: GAPS.md; face 0 of level 1 is §10's "1 Barley and 1 Material").
DIE_FACES = 6
REWARD_DIE = np.array([
    [_gain(barley=1, material=1), _gain(deben=3), _gain(mandate=1),
     _gain(medjay_free=2), _gain(offering=1, deben=1), _gain(barley=2)],
    [_gain(barley=2, material=2), _gain(deben=6), _gain(mandate=2),
     _gain(medjay_free=4), _gain(offering=2, deben=2), _gain(barley=2, beer=2)],
], np.int8)

# =============================================================================
# Licensing Servants (§5.1 C), in order
# =============================================================================
(LIC_RETRIEVE, LIC_REVENUES, LIC_MAINTENANCE, LIC_HAPPINESS, LIC_BARGE) = range(5)
NUM_LICENSE_STEPS = 5
LICENSE_STEP_NAMES = ("retrieve servants", "revenues and market", "maintenance",
                      "happiness", "cheapest barge to the pyramid")

# =============================================================================
# Akhet round and favors (§6, §7)
# =============================================================================
(AK_RETURN_MATERIALS, AK_NEW_LEVEL, AK_PANTHEON, AK_CONSTRUCTION, AK_BORDERS,
 AK_PRESTIGE, AK_AKHET_CROPS, AK_BARGES) = range(8)
NUM_AKHET_STEPS = 8
AKHET_STEP_NAMES = ("return materials", "new level", "pantheon", "construction track",
                    "borders", "prestige track", "akhet crops", "barges")
# Favor checks (Ra, construction, prestige): first Major, second Minor; a tie for first
# gives a Minor to each tied and no second place; a tie for second gives nothing.
FIRST_PLACE_FAVOR, SECOND_PLACE_FAVOR, TIED_FIRST_FAVOR = MAJOR, MINOR, MINOR
# End (§7): Majors + Minors // 2, then these tie-breaks in order, then a shared win.
TIEBREAK_NAMES = ("goods + debens", "unlocked servants + building markers placed", "shared")

# =============================================================================
# Turn structure: action kinds and decision phases (see docs/rules/keops.md)
# =============================================================================
(MAJ_CONSTRUCT, MAJ_ASSIGN, MAJ_LICENSE) = range(3)
MAJOR_NAMES = ("construct", "assign servant", "license servants")
(MIN_PYRAMID, MIN_WHARF, MIN_JUST_BUILT) = range(3)
MINOR_NAMES = ("artisan to pyramid", "servants to wharf", "servant to just-built")
# Assign-servant targets (§5.1 B)
(T_ROOM, T_TEMPLE, T_DOCK, T_BORDER_SPACE, T_QUARRY_SPACE) = range(5)
TARGET_NAMES = ("room", "temple", "dock", "border space", "quarry space")
# Royal Mandate uses (§8); boosts are answered inside the boosted action.
(MAN_DEBEN, MAN_GOOD, MAN_MATERIAL, MAN_OFFERING) = range(4)
MANDATE_USE_NAMES = ("deben", "good", "material", "offering")

PHASES = (
    "turn",               # choose a major action, a minor action, a mandate use, or end the turn
    "construct-tile",     # which tile pool
    "construct-servant",  # which servant pays
    "construct-silver",   # pay the optional Silver?
    "city-place",         # anchor x orientation
    "plantation-place",   # space x side
    "temple-god",         # god figure
    "temple-space",       # pantheon space
    "dwelling-row",       # one per isolated square
    "servant-source",     # own or independent servant of a type
    "assign-target",      # room / temple / dock / border / quarry space
    "boost",              # spend a Royal Mandate to boost?
    "pay-good",           # which good pays an any-good cost
    "gain-good",          # which good is gained
    "gain-material",      # which material is taken
    "pyramid-place",      # material x pyramid space, or stop
    "border-choice",      # which border gets Medjay Power
    "temple-choice",      # which temple gets an Offering / removes one
    "servant-choice",     # independent servant type, eliminated servant, tumult->transit
    "player-choice",      # Anubis target
    "reward-choice",      # die or reward table, then table options
    "mooring",            # which Nile mooring
    "patron",             # the Patron's optional benefit (current_player = the Patron)
    "seb-room",           # Seb: which occupied room to copy
    "license-revenue",    # revenue options (material or pyramid, offering or god)
    "license-market",     # buy/sell one good, or stop
    "license-upkeep",     # pay a dwelling's upkeep or send its servant to Tumult
    "license-happiness",  # pay a good/deben per point or a servant to Tumult
    "akhet-god",          # a god power won in the pantheon (that Vizier decides)
    "penalty-choice",     # border penalty choices (goods to lose, building, servant)
    "game-over",
    # --- advanced rules: families and decrees (spec_advanced.py) ---
    "family-face",        # choose side A or B of the dealt Family card (seat order)
    "family-debens",      # Aamenemes-Ankh A: which other Vizier gets the next Deben
    "family-border",      # Nefer-Seshem A: this round's Border
    "family-build",       # the Family's extra construction: which tile pool
    "medjay-split",       # Nefer-Seshem B: the next Medjay point goes to which Border
    "offer",              # pay 1 Deben for 1 good (a decree's or Family's watcher): yes or no
    "die-choice",         # two-dice decree: keep the first or the second roll
    # --- Ra-utoma (§12): the Voice of Ra (the Royal Scarab holder) decides for the High Priest
    "ra-building",        # which Vizier's building (room) the High Priest activates
    "ra-place",           # where the High Priest constructs (city, plantation or pantheon)
    "ra-border",          # which border gets the High Priest's Medjay Power
    "ra-player",          # which Vizier loses Prestige / a Ra Offering to the High Priest
    "ra-mooring",         # which free Mooring the High Priest's barge blocks
    "ra-market",          # which good's price the High Priest raises
    "ra-bonus",           # the High Priest's bonus when a Vizier used its building (§12 rule 9)
)
NUM_PHASES = len(PHASES)
NUM_BASE_PHASES = PHASES.index("game-over") + 1  # the observation's phase one-hot (observe.py)
ADV_PHASE0 = PHASES.index("family-face")  # the advanced rules' phases, one-hot in their own tail
RA_PHASE0 = PHASES.index("ra-building")   # the Voice of Ra's phases, one-hot in the Ra section
(PH_TURN, PH_CONSTRUCT_TILE, PH_CONSTRUCT_SERVANT, PH_CONSTRUCT_SILVER, PH_CITY_PLACE,
 PH_PLANTATION_PLACE, PH_TEMPLE_GOD, PH_TEMPLE_SPACE, PH_DWELLING_ROW, PH_SERVANT_SOURCE,
 PH_ASSIGN_TARGET, PH_BOOST, PH_PAY_GOOD, PH_GAIN_GOOD, PH_GAIN_MATERIAL, PH_PYRAMID_PLACE,
 PH_BORDER_CHOICE, PH_TEMPLE_CHOICE, PH_SERVANT_CHOICE, PH_PLAYER_CHOICE, PH_REWARD_CHOICE,
 PH_MOORING, PH_PATRON, PH_SEB_ROOM, PH_LICENSE_REVENUE, PH_LICENSE_MARKET, PH_LICENSE_UPKEEP,
 PH_LICENSE_HAPPINESS, PH_AKHET_GOD, PH_PENALTY_CHOICE, PH_GAME_OVER,
 PH_FAMILY_FACE, PH_FAMILY_DEBENS, PH_FAMILY_BORDER, PH_FAMILY_BUILD, PH_MEDJAY_SPLIT, PH_OFFER,
 PH_DIE_CHOICE,
 PH_RA_BUILDING, PH_RA_PLACE, PH_RA_BORDER, PH_RA_PLAYER, PH_RA_MOORING, PH_RA_MARKET,
 PH_RA_BONUS) = range(NUM_PHASES)

# =============================================================================
# Ra-utoma start values (§12; used by issue 6)
# =============================================================================
# [difficulty - 1] -> prestige, construction, Ra offerings, Medjay on the 3 borders
RA_UTOMA_START = np.array([[1, 2, 1, 1, 1, 1], [1, 3, 2, 2, 1, 1], [2, 3, 2, 2, 2, 2]], np.int8)
RA_UTOMA_TIE_CARDS = np.array([0, 1, 2], np.int8)  # [difficulty - 1]: tie-winning cards dealt
