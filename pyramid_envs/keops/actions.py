"""Keops flat action layout: one `Discrete(NUM_ACTIONS)` space made of blocks.

The `phase` field of the state (spec.PHASES) says which blocks the mask opens; the same
block means different things in different phases (e.g. `TEMPLE` picks a temple to assign a
Priest to in the `turn` phase and the temple that receives an Offering in `temple-choice`).
docs/rules/keops.md ("Turn structure as steps") lists which phase uses which block.

Index conventions inside a block:
- SERVANT: 0-2 own Artisan/Scribe/Priest, 3-5 independent Artisan/Scribe/Priest.
- CITY_PLACE: anchor_cell * MAX_ORIENTATIONS + orientation (spec.PLACEMENT_VALID).
- PLANTATION: space * 2 + side (0 Barley, 1 Papyrus).
- TEMPLE: 0-3 pantheon spaces, 4 the Temple of Ra.
- ROOM: root_cell * 2 + room, where root_cell is the lowest-numbered city cell the
  building covers (the state's `city_root`).
- CROP_ROOM: plantation space * 2 + room.
- GOOD: 0-3 Barley/Beer/Papyrus/Silver, 4 a Deben.
- PYRAMID_PLACE: material * PYR_MAX_SPACES + space of the current level's template.
- PLAYER: the other Viziers clockwise from the deciding one (0 = next seat).
- REWARD: 0 roll the die, 1-4 Reward Table options (spec.REWARD_TABLE).
- MARKET: 0-3 buy that good, 4-7 sell good (index - 4).
- REVENUE_OPTION: 0 take a material, 1 a stored material into the pyramid, 2 place an
  Offering, 3 remove an own Offering for its god.
- UPKEEP: 0 pay this dwelling's upkeep, 1 send its servant to the Tumult Zone.
- PENALTY_TARGET: 0-47 a building by root city cell, 48-55 a crop by plantation space,
  56-59 a temple by pantheon space.
- DECREE_PLAY / DECREE_JOIN: the decree card id (spec_advanced.D_*); DECREE_MOVE: from * 12 + to.
- RA_BONUS: spec_rautoma.RB_* (Prestige, Construction, Medjay on each border, Ra Offering).
"""
from .spec import (MAX_ORIENTATIONS, MAX_PLAYERS, MAX_ROOMS, NUM_BORDERS, NUM_CITY_CELLS, NUM_DOCKS,
                   NUM_GODS, NUM_GOODS, NUM_MATERIALS, NUM_MOORINGS, NUM_PLANTATION_SPACES,
                   NUM_POOLS, NUM_REWARD_OPTIONS, NUM_TEMPLE_SLOTS, PANTHEON_SPACES, PYR_MAX_SPACES)
from .spec_advanced import NUM_DECREES
from .spec_rautoma import NUM_RA_BONUSES

# (name, size) in layout order
BLOCKS = (
    ("DONE", 1),            # end the turn / stop / decline
    ("YES", 1),             # accept: pay the Silver, boost, patron benefit, god power
    ("LICENSE", 1),         # major C
    ("CONSTRUCT", NUM_POOLS),  # major A: tile pool (11 city kinds, crop, temple)
    ("SERVANT", 6),
    ("CITY_PLACE", NUM_CITY_CELLS * MAX_ORIENTATIONS),
    ("PLANTATION", NUM_PLANTATION_SPACES * 2),
    ("GOD", NUM_GODS),
    ("TEMPLE", NUM_TEMPLE_SLOTS),
    ("DWELLING_ROW", 3),
    ("ROOM", NUM_CITY_CELLS * MAX_ROOMS),
    ("CROP_ROOM", NUM_PLANTATION_SPACES * MAX_ROOMS),
    ("DOCK", NUM_DOCKS),
    ("BORDER_SPACE", 3),
    ("QUARRY_SPACE", 3),
    ("MINOR", 3),           # spec.MIN_PYRAMID, MIN_WHARF, MIN_JUST_BUILT
    ("BORDER", NUM_BORDERS),
    ("GOOD", NUM_GOODS + 1),
    ("MATERIAL", NUM_MATERIALS),
    ("PYRAMID_PLACE", NUM_MATERIALS * PYR_MAX_SPACES),
    ("MOORING", NUM_MOORINGS),
    ("PLAYER", MAX_PLAYERS - 1),
    ("REWARD", 1 + NUM_REWARD_OPTIONS),
    ("MANDATE_USE", 4),     # spec.MAN_DEBEN, MAN_GOOD, MAN_MATERIAL, MAN_OFFERING
    ("MARKET", 2 * NUM_GOODS),
    ("REVENUE_OPTION", 4),
    ("UPKEEP", 2),
    ("PENALTY_TARGET", NUM_CITY_CELLS + NUM_PLANTATION_SPACES + PANTHEON_SPACES),
    # --- advanced rules: families and decrees ---
    ("FAMILY_FACE", 2),     # side A / B of the dealt Family card
    ("ADV_MINOR", 2),       # spec_advanced.ADV_MINOR_NAMES: the Family's, the pyramid decree's
    ("DECREE_PLAY", NUM_DECREES),   # play that card from the hand (Mandate, marker, draw)
    ("DECREE_JOIN", NUM_DECREES),   # put a marker on that card in play (Mandate)
    ("DECREE_MOVE", NUM_DECREES * NUM_DECREES),  # from_card * 12 + to_card: move a marker (Mandate)
    ("DIE_CHOICE", 2),      # keep the first / second roll
    # --- Ra-utoma (§12) ---
    ("RA_BONUS", NUM_RA_BONUSES),  # the High Priest's bonus (spec_rautoma.RB_*)
)
BLOCK_NAMES = tuple(n for n, _ in BLOCKS)
BLOCK_SIZES = tuple(z for _, z in BLOCKS)
_offsets = []
_o = 0
for _n, _z in BLOCKS:
    _offsets.append(_o)
    _o += _z
BLOCK_OFFSETS = tuple(_offsets)
NUM_ACTIONS = _o

(A_DONE, A_YES, A_LICENSE, A_CONSTRUCT, A_SERVANT, A_CITY_PLACE, A_PLANTATION, A_GOD, A_TEMPLE,
 A_DWELLING_ROW, A_ROOM, A_CROP_ROOM, A_DOCK, A_BORDER_SPACE, A_QUARRY_SPACE, A_MINOR, A_BORDER,
 A_GOOD, A_MATERIAL, A_PYRAMID_PLACE, A_MOORING, A_PLAYER, A_REWARD, A_MANDATE_USE, A_MARKET,
 A_REVENUE_OPTION, A_UPKEEP, A_PENALTY_TARGET, A_FAMILY_FACE, A_ADV_MINOR, A_DECREE_PLAY,
 A_DECREE_JOIN, A_DECREE_MOVE, A_DIE_CHOICE, A_RA_BONUS) = BLOCK_OFFSETS
(N_DONE, N_YES, N_LICENSE, N_CONSTRUCT, N_SERVANT, N_CITY_PLACE, N_PLANTATION, N_GOD, N_TEMPLE,
 N_DWELLING_ROW, N_ROOM, N_CROP_ROOM, N_DOCK, N_BORDER_SPACE, N_QUARRY_SPACE, N_MINOR, N_BORDER,
 N_GOOD, N_MATERIAL, N_PYRAMID_PLACE, N_MOORING, N_PLAYER, N_REWARD, N_MANDATE_USE, N_MARKET,
 N_REVENUE_OPTION, N_UPKEEP, N_PENALTY_TARGET, N_FAMILY_FACE, N_ADV_MINOR, N_DECREE_PLAY,
 N_DECREE_JOIN, N_DECREE_MOVE, N_DIE_CHOICE, N_RA_BONUS) = BLOCK_SIZES

GOOD_DEBEN = NUM_GOODS          # GOOD block index of a Deben
SERVANT_INDEP = 3               # SERVANT block: + type for an independent servant
PEN_CROP_BASE = NUM_CITY_CELLS  # PENALTY_TARGET: crops start here
PEN_TEMPLE_BASE = NUM_CITY_CELLS + NUM_PLANTATION_SPACES
NUM_BASE_ACTIONS = A_FAMILY_FACE  # the base game's blocks come first
assert NUM_BASE_ACTIONS == 719 and NUM_ACTIONS == 897


def block_of(a):
    """(block name, index inside the block) of flat action a; ValueError if out of range."""
    a = int(a)
    if not 0 <= a < NUM_ACTIONS:
        raise ValueError(f"action {a} is outside 0..{NUM_ACTIONS - 1}")
    for name, off, size in zip(BLOCK_NAMES, BLOCK_OFFSETS, BLOCK_SIZES):
        if a < off + size:
            return name, a - off
    raise AssertionError("unreachable")


def action_of(name, index=0):
    """Flat action of (block name, index); ValueError on an unknown block or index."""
    if name not in BLOCK_NAMES:
        raise ValueError(f"unknown action block {name!r}; blocks: {list(BLOCK_NAMES)}")
    k = BLOCK_NAMES.index(name)
    if not 0 <= int(index) < BLOCK_SIZES[k]:
        raise ValueError(f"index {index} outside block {name} of size {BLOCK_SIZES[k]}")
    return BLOCK_OFFSETS[k] + int(index)
