"""Keops state record: one whole game in a NumPy record (a batch is `np.zeros(B, STATE)`).

Encodings used below:
- seat: 0..num_players-1, seat 0 is the first player (Royal Scarab); with the Ra-utoma the
  High Priest of Ra is the last seat (`ra_seat`), counted in num_players but never an agent.
- occupant ("occ") of a room or board space: -1 free, 0-3 an own servant of that seat,
  4-7 an independent servant used by seat (occ - 4). The servant type is the space's type
  (a room's colour; a border/quarry space's index; docks take Scribes, temples Priests).
- counts per servant type are indexed by spec.ARTISAN, SCRIBE, PRIEST; goods by spec.BARLEY,
  BEER, PAPYRUS, SILVER; materials by spec.LIMESTONE, WOOD, GRANITE.
- a Vizier's own servants are always in exactly one of: serv_home (available on the
  Dwellings), serv_spent (paid for a construction, Unavailable area), serv_board (on the
  game board: rooms, spaces, wharf, pyramid), serv_tumult, serv_transit, serv_elim (out of
  the game), serv_locked (Unavailable, dwelling not yet unlocked). Their sum per type is
  spec.PLAYER_SERVANTS.
- `steps` counts decisions; the generic layers truncate at their max_steps from it.
"""
import numpy as np

from .spec_rautoma import RA_NUM_CARDS, RA_STAGE_NAMES
from .spec import (BUILDING_MARKERS_PER_COLOR, DWELLING_ROWS, MAX_PLAYERS, MAX_ROOMS, NUM_BARGES,
                   NUM_BORDERS, NUM_CITY_CELLS, NUM_COLORS, NUM_DOCKS, NUM_GAIN_FIELDS, NUM_GOODS,
                   NUM_BASE_PHASES, NUM_MATERIALS, NUM_MOORINGS, NUM_PHASES, NUM_PLANTATION_SPACES, NUM_POOLS,
                   NUM_SERVANT_TYPES, NUM_TEMPLE_SLOTS, PANTHEON_SPACES, PYR_MAX_SPACES,
                   SECTION_COLS, SECTION_ROWS)
from .spec import ADV_PHASE0, RA_PHASE0
from .spec_advanced import MAX_OFFERS, MIN_DECREE, NUM_DECREES, NUM_FAMILY_CARDS

P, T3 = MAX_PLAYERS, NUM_SERVANT_TYPES

# city_kind values besides building kinds 0-10
CITY_EMPTY = -1
CITY_DWELLING = 20        # a Dwelling tile on an isolated square (owner in city_owner)
NEUTRAL = 4               # city_owner of a neutral Dwelling
# column slot states (col_slot)
SLOT_MARKER, SLOT_EMPTY, SLOT_ELIMINATED = 0, 1, 2
# contexts of the pyramid placement (pyr_src)
SRC_STOREHOUSE, SRC_QUARRY = 0, 1
# temple-choice modes (tc_mode): place an Offering (a gain), remove an own one for its god
TC_PLACE, TC_REMOVE_GOD = 0, 1
# what a pending servant choice (sc_mode) is for: which independent servant to take, which
# Tumult servant goes to Transit, which servant pays a construction, the Wharf
SC_INDEP, SC_TUMULT_TO_TRANSIT, SC_CONSTRUCT, SC_WHARF = range(4)
# what the pending gain-good choice is for (gg_mode)
GG_ANY, GG_DIFF, GG_OTHER = 0, 1, 2
MAX_DWELL_QUEUE = SECTION_ROWS * SECTION_COLS
MAX_PATRONS = 4
PQ_SEAT, PQ_KIND, PQ_GOOD, PQ_TEMPLE, PQ_MATS = range(5)
# PQ_GOOD when the High Priest activated a same-Good building: it paid no Good, so the patron
# may take one Good from the Pier Storehouse instead (§12)
PQ_PIER_GOOD = -2

STATE = np.dtype([
    # --- required by the generic layers ---
    ("num_players", np.int8),            # 2..4
    ("current_player", np.int8),         # seat deciding the next step (patron, god winner, ...)
    ("terminated", np.bool_),            # the game is over
    ("steps", np.int32),                 # decisions taken so far
    ("rng", np.uint64),                  # splitmix64 state (core/rng.py): dice, draws, shuffles
    ("scores", np.int32, (P,)),          # Major Favors + Minor Favors // 2 (spec.MINORS_PER_MAJOR)
    ("ranks", np.int8, (P,)),            # final rank after tie-breaks (0 best, ties share), -1 before the end
    # --- round and turn ---
    ("level", np.int8),                  # pyramid level / round 0..2
    ("phase", np.int8),                  # spec.PH_* decision being asked
    ("turn_player", np.int8),            # seat whose turn it is (current_player may differ)
    ("major_done", np.int8),             # -1 none yet this turn, else spec.MAJ_* taken
    ("minors_done", np.int8),            # bit spec.MIN_* set when that minor action was used
    ("actions_done", np.int8),           # actions taken this turn (end turn needs >= 1)
    ("jb_kind", np.int8),                # just built this turn: -1 none, 0 city, 1 plantation, 2 temple
    ("jb_index", np.int8),               # root city cell / plantation space / pantheon space
    ("level_done", np.bool_),            # the current level is full: Akhet after this turn
    ("final_turns", np.int8),            # extra turns still to play after the last level filled
    ("akhet_stage", np.int8),            # -1 not in Akhet, else spec.AK_* step being resolved
    ("akhet_index", np.int8),            # temple / border / seat being resolved in that step
    # --- shared supplies and dial ---
    ("happiness", np.int8),              # shared Happiness dial
    ("quarry", np.int8, (NUM_MATERIALS,)),        # materials in the Quarry
    ("goods_supply", np.int16, (NUM_GOODS,)),     # goods in the general reserve
    ("pier_store", np.int8, (NUM_GOODS,)),        # Pier Storehouse goods (Silver always 0)
    ("mandate_supply", np.int8),         # Royal Mandates in the reserve
    ("major_supply", np.int8),           # Major Favors in the reserve
    ("minor_supply", np.int8),           # Minor Favors in the reserve
    ("indep_pool", np.int8, (T3,)),      # Independent Servants in the general pool
    ("neutral_dwellings", np.int8),      # neutral Dwellings left
    ("elim_servant_tokens", np.int8),    # Eliminated Servant tokens left (reminders)
    ("elim_building_tokens", np.int8),   # Eliminated Building tokens left (reminders)
    ("pool", np.int8, (NUM_POOLS,)),     # tiles left per construct pool (11 city kinds, crop, temple)
    ("market", np.int8, (NUM_GOODS,)),   # price column 0..4 of each good (spec.MARKET_PRICE)
    # --- city (8x6 grid, cells row-major) ---
    ("city_kind", np.int8, (NUM_CITY_CELLS,)),    # CITY_EMPTY, building kind 0-10, or CITY_DWELLING
    ("city_owner", np.int8, (NUM_CITY_CELLS,)),   # patron / dwelling owner seat, NEUTRAL, -1 none
    ("city_root", np.int8, (NUM_CITY_CELLS,)),    # lowest cell of the tile covering it, -1 none
    ("city_anchor", np.int8, (NUM_CITY_CELLS,)),  # at a root cell: placement anchor cell
    ("city_orient", np.int8, (NUM_CITY_CELLS,)),  # at a root cell: orientation (spec.SHAPE_CELLS)
    ("city_room", np.int8, (NUM_CITY_CELLS, MAX_ROOMS)),  # at a root cell: occ of each room
    # --- plantation (8 spaces, the last 2 the Akhet zone) ---
    ("plant_kind", np.int8, (NUM_PLANTATION_SPACES,)),    # -1, BARLEY_CROP or PAPYRUS_CROP
    ("plant_owner", np.int8, (NUM_PLANTATION_SPACES,)),   # patron seat, -1
    ("plant_room", np.int8, (NUM_PLANTATION_SPACES, MAX_ROOMS)),  # occ
    # --- pantheon: 4 temple spaces + Ra (index 4) ---
    ("temple_god", np.int8, (PANTHEON_SPACES,)),   # god on that space, -1 not built
    ("temple_owner", np.int8, (PANTHEON_SPACES,)),  # patron seat, -1
    ("temple_occ", np.int8, (PANTHEON_SPACES,)),    # occ of the temple's one room (a Priest)
    ("offerings", np.int8, (NUM_TEMPLE_SLOTS, P)),  # Offerings of each seat in each temple
    # --- pyramid (current level template spec.PYR_*[level, pc]) ---
    ("pyr_fill", np.int8, (PYR_MAX_SPACES,)),  # material placed on each space, -1 empty
    # --- pier, barges and moorings ---
    ("dock_barge", np.int8, (NUM_DOCKS,)),      # barge id at each dock, -1 none
    ("dock_occ", np.int8, (NUM_DOCKS,)),        # occ (a Scribe) of each dock
    ("mooring_barge", np.int8, (NUM_MOORINGS,)),  # barge moored there, -1 free
    # face-down reserve, the next barge at [barge_reserve_n - 1]; its order is hidden
    ("barge_reserve", np.int8, (NUM_BARGES,)),
    ("barge_reserve_n", np.int8),
    ("barge_discard", np.int8, (NUM_BARGES,)),  # discarded barges, in discard order
    ("barge_discard_n", np.int8),
    # --- borders ---
    ("border_card", np.int8, (NUM_BORDERS,)),   # border card ids (spec.BORDER_*)
    ("border_token", np.int8, (NUM_BORDERS,)),  # penalty token id on each card (spec.PENALTY_TOKEN_*)
    ("token_used", np.uint8, (9,)),              # penalty token already placed this game
    ("medjay", np.int8, (P, NUM_BORDERS)),      # Medjay Power of each seat on each card
    ("border_space_occ", np.int8, (3,)),        # occ of the Reinforce Borders spaces (A, S, P)
    ("quarry_space_occ", np.int8, (3,)),        # occ of the Quarry spaces (A, S, P)
    ("wharf", np.int8, (P,)),                   # servants each seat has on the Wharf (own + indep)
    ("at_pyramid", np.int8, (P,)),              # Artisans each seat has on Construct Pyramid
    # --- Viziers ---
    ("debens", np.int16, (P,)),
    ("goods", np.int8, (P, NUM_GOODS)),
    ("materials", np.int8, (P, NUM_MATERIALS)),  # storehouse (at most 6 in all)
    ("mandates", np.int8, (P,)),                 # Royal Mandates held (at most 3)
    ("major_favors", np.int8, (P,)),
    ("minor_favors", np.int8, (P,)),
    ("offer_reserve", np.int8, (P,)),            # Offerings in the Vizier's reserve
    ("offer_lost", np.int8, (P,)),               # Offerings returned to the box (penalty)
    ("prestige", np.int8, (P,)),
    ("construction", np.int8, (P,)),
    ("population", np.int8, (P,)),               # Population track (never lowered)
    ("serv_home", np.int8, (P, T3)),
    ("serv_spent", np.int8, (P, T3)),
    ("serv_board", np.int8, (P, T3)),
    ("serv_tumult", np.int8, (P, T3)),
    ("serv_transit", np.int8, (P, T3)),
    ("serv_elim", np.int8, (P, T3)),
    ("serv_locked", np.int8, (P, T3)),
    ("indep_held", np.int8, (P, T3)),            # Independent Servants available to the seat
    ("indep_board", np.int8, (P, T3)),           # Independent Servants the seat has on the board
    ("col_slot", np.int8, (P, NUM_COLORS, BUILDING_MARKERS_PER_COLOR)),  # SLOT_* top to bottom
    ("dwell_taken", np.int8, (P, DWELLING_ROWS)),  # Dwellings taken from each row (left first)
    ("col_mandate_paid", np.uint8, (P, NUM_COLORS)),  # the full-column Mandate was given
    ("row_mandate_paid", np.uint8, (P, DWELLING_ROWS)),  # the full-row Mandate was given
    # --- pending gains of gain_player (the decision engine, see turn.py) ---
    ("gain_player", np.int8),             # seat receiving the pending gains / placing materials
    ("gain", np.int8, (NUM_GAIN_FIELDS,)),  # spec.G_* amounts still to resolve
    ("gain_good_bits", np.int8),          # goods already taken by a different-goods gain
    ("gain_border_bits", np.int8),        # borders already given Medjay by this gain
    ("gain_temple_bits", np.int8),        # temples already given an Offering by this gain
    ("gg_paid", np.int8),                 # good paid for an "other good" gain, -1
    ("pick_goods", np.int8),              # bits: one good to pick among these (barge, mooring), 0 none
    ("pick_pier", np.bool_),              # that good comes from the Pier Storehouse
    ("pend_reward", np.int8, (2,)),       # reward scarabs reached, by level, still to take
    ("no_reward", np.bool_),              # Prestige gained now reaches no scarab (Akhet borders)
    ("reward_level", np.int8),            # reward being taken: -1, 0 (Level 1) or 1 (Level 2)
    ("reward_bits", np.int8),             # table options already taken for this reward
    ("special", np.int8),                 # pending god special spec.GS_*, 0 none
    ("tc_mode", np.int8),                 # temple-choice mode TC_*
    ("tc_left", np.int8),                 # temple choices left in that mode
    ("sc_mode", np.int8),                 # servant-choice mode SC_*, -1 none
    ("sc_left", np.int8),                 # servant choices left
    ("sc_bits", np.int8),                 # SC_INDEP: servant types offered (spec.INDEP_BIT)
    # pyramid placement in progress
    ("pyr_left", np.int8),                # materials that may still be placed
    ("pyr_src", np.int8),                 # SRC_STOREHOUSE or SRC_QUARRY
    ("pyr_cap", np.int8, (NUM_MATERIALS,)),  # per-material limit of this placement
    ("pyr_points", np.bool_),             # placements earn construction points
    ("pyr_must", np.bool_),               # must place while possible (Licensing step 5)
    ("pyr_taken_bits", np.int8),          # materials placed by this placement (Royal Architect patron)
    # the target of an assign (major B, minor c, Seb) being resolved
    ("tgt_block", np.int8),               # spec.T_* target kind, -1 none
    ("tgt_index", np.int8),               # root cell / plantation space / temple / dock / space
    ("tgt_room", np.int8),                # room index
    ("tgt_crop", np.bool_),               # a ROOM target is a plantation crop
    ("tgt_indep", np.int8),               # -1 servant source not chosen, 0 own, 1 independent
    ("tgt_boost", np.int8),               # -1 not asked, 0 no, 1 boosted
    ("tgt_seb", np.bool_),                # the room is activated by Seb (no servant placed)
    ("paid_good", np.int8),               # good paid for an any-good cost, -1
    ("tgt_barge", np.int8),               # barge bought at the pier awaiting its mooring, -1
    # construction in progress
    ("con_pool", np.int8),                # pool being constructed, -1
    ("con_god", np.int8),                 # god chosen for a temple, -1
    ("con_silver", np.int8),              # -1 not asked, 0 no, 1 pays the Silver
    ("dwell_queue", np.int8, (MAX_DWELL_QUEUE,)),  # isolated squares still to receive a Dwelling
    ("dwell_n", np.int8),
    # patron benefits to offer after the acting seat's gains, first in first out; each row:
    # PQ_SEAT patron seat, PQ_KIND building kind (spec.TEMPLE for a temple), PQ_GOOD the good
    # the activator paid (-1), PQ_TEMPLE pantheon space of a temple, PQ_MATS materials the
    # activator placed (bits, Royal Architect)
    ("patron_q", np.int8, (MAX_PATRONS, 5)),
    ("patron_n", np.int8),
    # Licensing Servants in progress (turn_player)
    ("lic_stage", np.int8),               # -1 not licensing, else spec.LIC_*
    ("lic_units", np.int8, (2,)),         # choice revenue units left: yellow, red
    ("lic_market_left", np.int8),         # Market actions left
    ("market_moves", np.int8, (NUM_GOODS,)),  # buys - sells this Licensing (prices move after)
    ("lic_slot", np.int8),                # next dwelling to check for upkeep: row * 5 + (4 - k)
    ("lic_happy_left", np.int8),          # happiness points still to cover
    # border penalties in progress (Akhet step 5)
    ("pen_seat", np.int8),                # seat resolving a penalty, -1
    ("pen_kind", np.int8),                # spec.PEN_*
    ("pen_left", np.int8),                # choices left (offerings, goods)
    ("pen_queue", np.int8, (NUM_BORDERS, P)),  # penalties still to apply (1 = pending)
    # --- advanced rules: families and decrees (spec_advanced.py, families.py, decrees.py) ---
    ("opt_families", np.bool_),           # option: Family cards in play (§11.1)
    ("opt_decrees", np.bool_),            # option: Decree cards in play (§11.2)
    ("fam_card", np.int8, (P,)),          # Family card dealt to each seat, -1 none
    ("fam_face", np.int8, (P,)),          # side chosen (FACE_A / FACE_B), -1 not yet
    ("fam_border", np.int8, (P,)),        # Nefer-Seshem A: this round's border, -1 to choose
    ("fam_debens_left", np.int8),         # Aamenemes-Ankh A: Debens still to give away
    ("fam_build", np.int8),               # colour of a Family construction to start, -1 none
    ("split_left", np.int8),              # Nefer-Seshem B: Medjay points still to place
    ("split", np.int8, (NUM_BORDERS,)),   # points placed so far on each border by the split
    ("offer_q", np.int8, (MAX_OFFERS, 2)),  # (seat, good): pay 1 Deben for that good?
    ("offer_n", np.int8),
    ("die_faces", np.int8, (2,)),         # two-dice decree: the rolls to keep one of, -1
    ("die_level", np.int8),               # their die level (0, 1), -1
    # decree cards: where each is (0-3 that seat's hand, 4-7 in play, played by loc - 4,
    # DEC_DECK the deck); the deck order and the other hands are hidden
    ("dec_loc", np.int8, (NUM_DECREES,)),
    ("dec_deck", np.int8, (NUM_DECREES,)),  # face-down deck, the next card at [dec_deck_n - 1]
    ("dec_deck_n", np.int8),
    ("dec_marker", np.int8, (NUM_DECREES, P)),  # 1 where that seat has a Decree Marker
    ("dec_markers_left", np.int8, (P,)),  # Decree Markers not in play
    # --- Ra-utoma (§12, spec_rautoma.py): the High Priest of Ra ---
    ("ra_seat", np.int8),                 # seat of the High Priest (the last one), -1 none
    ("ra_level", np.int8),                # difficulty 1-3, 0 without the High Priest
    ("scarab", np.int8),                  # Royal Scarab holder: the Voice of Ra (a player)
    ("ra_voice", np.bool_),               # the decision asked now is the High Priest's
    # face-down deck, the next card at [ra_deck_n - 1]; its order is hidden, only the colour
    # on the back of the top card is public (ra_top_color)
    ("ra_deck", np.int8, (RA_NUM_CARDS,)),
    ("ra_deck_n", np.int8),
    ("ra_discard", np.int8, (RA_NUM_CARDS,)),  # discard area, public, in discard order
    ("ra_discard_n", np.int8),
    ("ra_top_color", np.int8),            # colour on the back of the top card, -1 empty deck
    ("ra_card", np.int8),                 # card being carried out, -1
    ("ra_stage", np.int8),                # spec_rautoma.RS_* step of its turn, -1 not its turn
    ("ra_second", np.bool_),              # this is the turn's second card
    ("ra_failed", np.bool_),              # the card could be neither activated nor constructed
    ("ra_medjay", np.int8),               # Medjay Power waiting for the Voice to pick a border
    ("ra_player", np.int8),               # E_ANUBIS / E_RA_REMOVE waiting for the Voice, 0 none
    ("ra_ties", np.int8),                 # tie-winning cards held (bit i: spec_advanced.TIE_DECREES[i])
])


# --- observation: what every seat sees (everything public; see observe.py) ---
# Layout: observer seat one-hot (MAX_PLAYERS), base phase one-hot (spec.NUM_BASE_PHASES), then each
# field of OBS_FIELDS flattened in dtype order, each value v scaled to (v - lo) / (hi - lo)
# with (lo, hi) = OBS_RANGE[field] and clipped to [0, 1] (seats absolute; -1 "none" is lo
# where a field has one), then the barge reserve as a composition (1.0 for each barge id in
# it; its order is hidden). Left out: rng (dice and future draws), the reserve order, steps,
# ranks.
OBS_RANGE = {
    "num_players": (2, 4), "current_player": (0, 3), "terminated": (0, 1), "scores": (0, 20),
    "level": (0, 2), "turn_player": (0, 3), "major_done": (-1, 2), "minors_done": (0, 63),
    "actions_done": (0, 10), "jb_kind": (-1, 2), "jb_index": (-1, 47), "level_done": (0, 1),
    "final_turns": (-1, 3), "akhet_stage": (-1, 7), "akhet_index": (-1, 4), "happiness": (0, 12),
    "quarry": (0, 20), "goods_supply": (0, 20), "pier_store": (0, 3), "mandate_supply": (0, 12),
    "major_supply": (0, 14), "minor_supply": (0, 28), "indep_pool": (0, 8),
    "neutral_dwellings": (0, 6), "elim_servant_tokens": (0, 4), "elim_building_tokens": (0, 4),
    "pool": (0, 24), "market": (0, 4), "city_kind": (-1, 20), "city_owner": (-1, 4),
    "city_root": (-1, 47), "city_anchor": (-1, 47), "city_orient": (-1, 7), "city_room": (-1, 7),
    "plant_kind": (-1, 12), "plant_owner": (-1, 3), "plant_room": (-1, 7), "temple_god": (-1, 7),
    "temple_owner": (-1, 3), "temple_occ": (-1, 7), "offerings": (0, 10), "pyr_fill": (-1, 2),
    "dock_barge": (-1, 19), "dock_occ": (-1, 7), "mooring_barge": (-1, 19),
    "barge_reserve_n": (0, 20), "barge_discard": (-1, 19), "barge_discard_n": (0, 20),
    "border_card": (-1, 11), "border_token": (-1, 8), "token_used": (0, 1), "medjay": (0, 15),
    "border_space_occ": (-1, 7), "quarry_space_occ": (-1, 7), "wharf": (0, 11),
    "at_pyramid": (0, 11), "debens": (0, 100), "goods": (0, 20), "materials": (0, 6),
    "mandates": (0, 3), "major_favors": (0, 14), "minor_favors": (0, 28), "offer_reserve": (0, 10),
    "offer_lost": (0, 10), "prestige": (0, 30), "construction": (0, 30), "population": (0, 11),
    "serv_home": (0, 5), "serv_spent": (0, 5), "serv_board": (0, 5), "serv_tumult": (0, 5),
    "serv_transit": (0, 5), "serv_elim": (0, 5), "serv_locked": (0, 5), "indep_held": (0, 8),
    "indep_board": (0, 8), "col_slot": (0, 2), "dwell_taken": (0, 5), "col_mandate_paid": (0, 1),
    "row_mandate_paid": (0, 1), "gain_player": (0, 3), "gain": (0, 10), "gain_good_bits": (0, 15),
    "gain_border_bits": (0, 7), "gain_temple_bits": (0, 31), "gg_paid": (-1, 3),
    "pick_goods": (0, 15), "pick_pier": (0, 1), "pend_reward": (0, 5), "no_reward": (0, 1), "reward_level": (-1, 1),
    "reward_bits": (0, 15), "special": (0, 4), "tc_mode": (0, 1), "tc_left": (0, 2),
    "sc_mode": (-1, 3), "sc_left": (0, 11), "sc_bits": (0, 7), "pyr_left": (0, 5),
    "pyr_src": (0, 1), "pyr_cap": (0, 5), "pyr_points": (0, 1), "pyr_must": (0, 1),
    "pyr_taken_bits": (0, 7), "tgt_block": (-1, 6), "tgt_index": (-1, 47), "tgt_room": (-1, 1),
    "tgt_crop": (0, 1), "tgt_indep": (-1, 1), "tgt_boost": (-1, 1), "tgt_seb": (0, 1),
    "paid_good": (-1, 3), "tgt_barge": (-1, 19), "con_pool": (-1, 12), "con_god": (-1, 7),
    "con_silver": (-1, 1), "dwell_queue": (-1, 47), "dwell_n": (0, 12), "patron_q": (-1, 13),
    "patron_n": (0, 4), "lic_stage": (-1, 5), "lic_units": (0, 4), "lic_market_left": (0, 4),
    "market_moves": (-4, 4), "lic_slot": (-1, 15), "lic_happy_left": (0, 11), "pen_seat": (-1, 3),
    "pen_kind": (-1, 5), "pen_left": (0, 10), "pen_queue": (0, 1),
}
ADV_FIELDS = STATE.names[STATE.names.index("opt_families"):STATE.names.index("ra_seat")]  # observe.adv_tail
RA_FIELDS = STATE.names[STATE.names.index("ra_seat"):]  # rautoma.observe_ra
OBS_FIELDS = tuple(n for n in STATE.names
                   if n not in ("rng", "barge_reserve", "steps", "ranks", "phase") + ADV_FIELDS + RA_FIELDS)
assert set(OBS_RANGE) == set(OBS_FIELDS)
BASE_OBS_SIZE = (MAX_PLAYERS + NUM_BASE_PHASES
                 + sum(int(np.prod(STATE[n].shape)) if STATE[n].shape else 1 for n in OBS_FIELDS)
                 + NUM_BARGES)
# Advanced-rules tail (observe.advanced_tail), after the base observation: the advanced
# phase one-hot; the two options; per seat its Family card one-hot and chosen side (A, B),
# its Nefer-Seshem border (-1..2); the Aamenemes Debens left, the Family construction
# colour (-1..2); the Medjay split (left, 3 borders); the offers (seat, good: -1..3 each)
# and their count; the two dice and their level; per decree card: in the observer's hand,
# in play, played by (-1..3), the 4 seats' markers; each seat's hand size, the deck size
# and each seat's markers left. Others' hands and the deck order are not shown.
NUM_ADV_PHASES = RA_PHASE0 - ADV_PHASE0
ADV_OBS_SIZE = (NUM_ADV_PHASES + 2 + MAX_PLAYERS * (NUM_FAMILY_CARDS + 2 + 1)
                + 2 + 1 + NUM_BORDERS + MAX_OFFERS * 2 + 1 + 2 + 1
                + NUM_DECREES * (3 + MAX_PLAYERS) + MAX_PLAYERS + 1 + MAX_PLAYERS)
# The Ra-utoma section, after the advanced tail (rautoma.observe_ra): the High Priest's
# seat one-hot, difficulty, Voice of Ra one-hot, ra_voice, the Ra phase one-hot, deck size,
# the discard area (one 1.0 per card in it), its size, the top card's colour one-hot, the
# card being carried out one-hot, its stage one-hot, ra_second, ra_failed, ra_medjay,
# ra_player, its two tie-winning cards. The deck's content and order are left out (determinize
# reshuffles them).
NUM_RA_PHASES = NUM_PHASES - RA_PHASE0
RA_OBS_SIZE = (MAX_PLAYERS + 1 + MAX_PLAYERS + 1 + NUM_RA_PHASES + 1 + RA_NUM_CARDS + 1 + 3
               + RA_NUM_CARDS + len(RA_STAGE_NAMES) + 4 + 2)
# The at-a-glance block, after the Ra-utoma section (glance.py; docs/rules/keops.md lists
# every index): per seat (the observer first, then the others in seat order) GLANCE_SEAT
# features; the margins, progress and minors_done bits; then per action target of
# PYRAMID_PLACE (fits, points), ROOM (usable, value), CROP_ROOM (usable) and DOCK (usable,
# materials).
GLANCE_SEAT = 33
GLANCE_SIZE = (MAX_PLAYERS * GLANCE_SEAT + 5 + MIN_DECREE + 1 + 2 * NUM_MATERIALS * PYR_MAX_SPACES
               + 2 * NUM_CITY_CELLS * MAX_ROOMS + NUM_PLANTATION_SPACES * MAX_ROOMS + 2 * NUM_DOCKS)
OBS_SIZE = BASE_OBS_SIZE + ADV_OBS_SIZE + RA_OBS_SIZE + GLANCE_SIZE

# A cleared record: every "none" register at -1; reset copies it before the setup (§4).
BLANK = np.zeros(1, STATE)
for _f in ("ranks", "major_done", "jb_kind", "jb_index", "final_turns", "akhet_stage",
           "akhet_index", "city_kind", "city_owner", "city_root", "city_anchor", "city_orient",
           "city_room", "plant_kind", "plant_owner", "plant_room", "temple_god", "temple_owner",
           "temple_occ", "pyr_fill", "dock_barge", "dock_occ", "mooring_barge", "barge_reserve",
           "barge_discard", "border_card", "border_token", "border_space_occ",
           "quarry_space_occ", "gg_paid", "reward_level", "sc_mode", "tgt_block", "tgt_index",
           "tgt_room", "tgt_indep", "tgt_boost", "paid_good", "tgt_barge", "con_pool",
           "con_god", "con_silver", "dwell_queue", "patron_q", "lic_stage", "lic_slot",
           "pen_seat", "pen_kind", "fam_card", "fam_face", "fam_border", "fam_build",
           "offer_q", "die_faces", "die_level", "dec_deck", "ra_seat", "scarab", "ra_deck",
           "ra_discard", "ra_top_color", "ra_card", "ra_stage"):
    BLANK[_f] = -1
del _f
