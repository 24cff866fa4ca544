"""Keops JSON view (to_dict / from_dict) and readable action names.

Names used by the view and by the action texts:
- city squares: column letter a-h (west to east) and row 1-6 (north to south): "a1" is the
  north-west corner, "h6" the south-east one (spec.CITY_ROWS x CITY_COLS, cells row-major).
- seats 0..n-1; an occupant of a room or space is "seat 1" (own servant of seat 1) or
  "seat 1 independent" (an Independent Servant used by seat 1), None when free.
- buildings, goods, materials, servants, colours, gods by their lower-case spec names
  ("royal architect", "barley", "granite", "scribe", "green", "osiris"); a construct pool
  is a city building name, "crop" or "temple".
- a city building lies at its anchor square (the cell under offset (0, 0) of the tile) in an
  orientation 0-7 of spec.SHAPE_CELLS[spec.BUILDING_SHAPE[kind]] (rotations, then mirrored).
- plantation spaces 0-7 (6-7 the Akhet zone), pantheon spaces 0-3, docks 0-3, moorings by
  name (spec.MOORING_NAMES with '-'), border cards 0-2 (slots; `card` is the spec id 0-11),
  pyramid spaces in the current level's template order (spec.PYR_*), barges by spec id.
- "level" is 1-3; "phase" a spec.PHASES name; "pending" holds the decision registers of
  state.py under readable names (see _SCALARS and _BITS below), None where a register is -1.
- advanced rules (issue 6): "options" {"families", "decrees"} (booleans); "families" (None
  when off) one entry per Vizier {"card": family name, "side": "a" | "b" | None,
  "border": 0-2 | None}; "decrees" (None when off) {"deck": card names bottom to top,
  "hands": one list of card names per Vizier, "in_play": [{"card", "played_by",
  "markers": seats}], "markers_left": per Vizier}; cards by spec_advanced.DECREE_NAMES,
  families by spec_advanced.FAMILY_NAMES lower-cased. Their pending registers are in
  "pending" ("family_debens_left", "family_build", "medjay_split", "offers", "dice").
- with the High Priest of Ra (the last seat, counted in "num_players") a "ra_utoma" section
  (see _ra_view): its cards by rulebook number 1-24; None without it.

`from_dict` needs every key to_dict writes for that position, at every level, and no
other; only "terminated" and "scores" follow from the rest and may be left out. Supply counts
of limited components ("quarry", "goods", "mandates", "major_favors", "minor_favors",
"independent", "tiles") must be the game's total minus what lies elsewhere. Every value is
checked; errors name the field.
"""
import numpy as np

from . import spec
from .actions import (A_PLAYER, GOOD_DEBEN, NUM_ACTIONS, PEN_CROP_BASE, PEN_TEMPLE_BASE,
                      SERVANT_INDEP, action_of, block_of)
from .state import (BLANK, CITY_DWELLING, CITY_EMPTY, MAX_DWELL_QUEUE, MAX_PATRONS, NEUTRAL, PQ_PIER_GOOD,
                    SC_CONSTRUCT, SC_INDEP, SC_TUMULT_TO_TRANSIT, SC_WHARF, SLOT_EMPTY, SRC_QUARRY,
                    SRC_STOREHOUSE, TC_PLACE, TC_REMOVE_GOD)
from . import spec_advanced as adv
from .spec_rautoma import (CARD_COLOR, RA_BONUS_NAMES, RA_DECK_SIZE, RA_FIRST_TEMPLE_CARD, RA_LEVELS,
                           RA_NUM_CARDS, RA_STAGE_NAMES)
from ..core.jsonview import boolean, check_keys, check_written_as_view, int_in, one_state

GAME_NAME = "keops_v1"


def _slug(x):
    return x.lower().replace(" ", "-").replace("_", "-")



P = spec.MAX_PLAYERS
CELL_NAMES = tuple(f"{'abcdefgh'[c]}{r + 1}" for r in range(spec.CITY_ROWS) for c in range(spec.CITY_COLS))
_CELL = {n: i for i, n in enumerate(CELL_NAMES)}
GOODS = spec.GOOD_NAMES
MATERIALS = spec.MATERIAL_NAMES
SERVANTS = spec.SERVANT_NAMES
COLORS = spec.COLOR_NAMES
GODS = tuple(g.lower() for g in spec.GOD_NAMES)
BUILDINGS = tuple(b.lower() for b in spec.BUILDING_NAMES)
POOLS = BUILDINGS[:spec.NUM_CITY_KINDS] + ("crop", "temple")
CROPS = ("barley", "papyrus")  # plantation sides, spec.CROP_SIDES order
SLOTS = ("marker", "empty", "eliminated")  # state.SLOT_*
SERVANT_PLACES = (("home", "serv_home"), ("spent", "serv_spent"), ("board", "serv_board"),
                  ("tumult", "serv_tumult"), ("transit", "serv_transit"),
                  ("eliminated", "serv_elim"), ("locked", "serv_locked"))
JUST_BUILT = ("city", "plantation", "temple")  # jb_kind
MOORINGS = tuple(_slug(m) for m in spec.MOORING_NAMES)
MINORS = tuple(_slug(m) for m in spec.MINOR_NAMES)
MANDATE_USES = spec.MANDATE_USE_NAMES
REVENUE_OPTIONS = ("material", "pyramid", "offering", "god")
TEMPLE_SLOT_NAMES = ("0", "1", "2", "3", "ra")


def _by_value(names):
    """{state constant: name} -> names in constant order."""
    return tuple(names[k] for k in range(len(names)))


TEMPLE_CHOICE_MODES = _by_value({TC_PLACE: "place", TC_REMOVE_GOD: "remove-god"})
SERVANT_CHOICE_MODES = _by_value({SC_INDEP: "independent", SC_TUMULT_TO_TRANSIT: "tumult-to-transit",
                                  SC_CONSTRUCT: "construct", SC_WHARF: "wharf"})
PYRAMID_SOURCES = _by_value({SRC_STOREHOUSE: "storehouse", SRC_QUARRY: "quarry"})

# Decision registers (the "pending" section): view name -> (field, low, high, names).
# With names, the value is a name, else an integer in [low, high]; -1 ("none") reads None.
_SCALARS = {
    "gain_player": ("gain_player", 0, P - 1, None),
    "gain_other_good_paid": ("gg_paid", -1, spec.NUM_GOODS - 1, GOODS),
    "pick_from_pier": ("pick_pier", 0, 1, bool),
    "reward_level": ("reward_level", -1, 1, None),
    "no_scarab_reward": ("no_reward", 0, 1, bool),
    "god_special": ("special", 0, len(spec.GOD_SPECIAL_NAMES) - 1, spec.GOD_SPECIAL_NAMES),
    "temple_choice_mode": ("tc_mode", 0, len(TEMPLE_CHOICE_MODES) - 1, TEMPLE_CHOICE_MODES),
    "temple_choices_left": ("tc_left", 0, 127, None),
    "servant_choice_mode": ("sc_mode", -1, len(SERVANT_CHOICE_MODES) - 1, SERVANT_CHOICE_MODES),
    "servant_choices_left": ("sc_left", 0, 127, None),
    "pyramid_left": ("pyr_left", 0, 127, None),
    "pyramid_source": ("pyr_src", 0, 1, PYRAMID_SOURCES),
    "pyramid_points": ("pyr_points", 0, 1, bool),
    "pyramid_must": ("pyr_must", 0, 1, bool),
    "target_block": ("tgt_block", -1, 6, tuple(_slug(x) for x in spec.TARGET_NAMES)
                     + ("pyramid", "just-built")),  # assign.T_PYRAMID, turn.T_PICK_JUST_BUILT
    "target_index": ("tgt_index", -1, spec.NUM_CITY_CELLS - 1, None),
    "target_room": ("tgt_room", -1, spec.MAX_ROOMS - 1, None),
    "target_crop": ("tgt_crop", 0, 1, bool),
    "target_independent": ("tgt_indep", -1, 1, ("own", "independent")),
    "target_boost": ("tgt_boost", -1, 1, None),
    "target_seb": ("tgt_seb", 0, 1, bool),
    "paid_good": ("paid_good", -1, spec.NUM_GOODS - 1, GOODS),
    "bought_barge": ("tgt_barge", -1, spec.NUM_BARGES - 1, None),
    "construct_pool": ("con_pool", -1, spec.NUM_POOLS - 1, POOLS),
    "construct_god": ("con_god", -1, spec.NUM_GODS - 1, GODS),
    "construct_silver": ("con_silver", -1, 1, None),
    "license_stage": ("lic_stage", -1, spec.NUM_LICENSE_STEPS,  # + "done": refill the pier, end
                      tuple(_slug(x) for x in spec.LICENSE_STEP_NAMES) + ("done",)),
    "license_market_left": ("lic_market_left", 0, 127, None),
    "license_slot": ("lic_slot", -1, spec.DWELLING_ROWS * spec.DWELLINGS_PER_ROW, None),
    "license_happiness_left": ("lic_happy_left", 0, 127, None),
    "penalty_seat": ("pen_seat", -1, P - 1, None),
    "penalty_kind": ("pen_kind", -1, spec.NUM_PENALTY_KINDS - 1, spec.PENALTY_NAMES),
    "penalty_left": ("pen_left", 0, 127, None),
}
# bit sets shown as lists of names
_BITS = {
    "gain_goods_taken": ("gain_good_bits", GOODS),
    "pick_goods": ("pick_goods", GOODS),
    "gain_borders_done": ("gain_border_bits", ("0", "1", "2")),
    "gain_temples_done": ("gain_temple_bits", TEMPLE_SLOT_NAMES),
    "reward_options_taken": ("reward_bits", ("1", "2", "3", "4")),
    "servant_choice_types": ("sc_bits", SERVANTS),
    "pyramid_materials_placed": ("pyr_taken_bits", MATERIALS),
}
_PENDING_KEYS = set(_SCALARS) | set(_BITS) | {
    "gains", "pending_rewards", "pyramid_cap", "dwelling_queue", "patrons", "license_units",
    "market_moves", "penalties"}
_ADV_PENDING_KEYS = {"family_debens_left", "family_build", "medjay_split", "offers", "dice"}
_TURN_KEYS = {"major_done", "minors_done", "actions_done", "just_built", "level_done",
              "final_turns", "akhet_stage", "akhet_index"}
_CONSERVED = {"quarry", "goods", "mandates", "major_favors", "minor_favors", "independent", "tiles"}
_SUPPLY_KEYS = _CONSERVED | {"happiness", "pier_store", "neutral_dwellings",
                             "eliminated_servant_tokens", "eliminated_building_tokens"}
_VIZIER_KEYS = {"debens", "goods", "materials", "mandates", "major_favors", "minor_favors",
                "offerings", "offerings_lost", "prestige", "construction", "population",
                "servants", "independent", "wharf", "at_pyramid", "columns", "dwellings_taken",
                "column_mandates_paid", "row_mandates_paid"}
_KEYS = {"game", "num_players", "level", "phase", "turn_player", "current_player", "steps", "rng",
         "terminated", "scores", "ranks", "turn", "supply", "market", "city", "plantation",
         "pantheon", "ra_offerings", "pyramid", "pier", "borders", "penalty_tokens_used",
         "border_spaces", "quarry_spaces", "viziers", "pending", "options", "families", "decrees",
         "ra_utoma"}
MINORS_DONE = MINORS + adv.ADV_MINOR_NAMES + ("decree",)  # turn.minors_done bits (spec_advanced.MIN_*)
FAMILIES = tuple(f.lower() for f in adv.FAMILY_NAMES)
DECREES = adv.DECREE_NAMES


# =============================================================================
# small names
# =============================================================================
def cell_name(c):
    return CELL_NAMES[int(c)]


def cell_of(name, what="cell"):
    if not isinstance(name, str) or name not in _CELL:
        raise ValueError(f"{what}: unknown city square {name!r}; squares are 'a1' (north-west) "
                         f"to 'h6' (south-east)")
    return _CELL[name]


def occ_name(o):
    o = int(o)
    if o < 0:
        return None
    return f"seat {o}" if o < 4 else f"seat {o - 4} independent"


def _occ(v, what, n):
    if v is None:
        return -1
    w = v.split() if isinstance(v, str) else []
    if len(w) in (2, 3) and w[0] == "seat" and w[1] in [str(q) for q in range(n)] \
            and (len(w) == 2 or w[2] == "independent"):
        return int(w[1]) + (4 if len(w) == 3 else 0)
    raise ValueError(f"{what}: occupant must be None, 'seat <0-{n - 1}>' or "
                     f"'seat <0-{n - 1}> independent', got {v!r}")


def _name(v, names, what):
    if v not in names:
        raise ValueError(f"{what}: {v!r} is not one of {list(names)}")
    return names.index(v)


def _counts(v, names, what, lo, hi):
    """{name: count} with every name present -> list of ints."""
    check_keys(v, what, names)
    return [int_in(v[k], f"{what}.{k}", lo, hi) for k in names]


def _list(v, what, length=None):
    if not isinstance(v, list):
        raise ValueError(f"{what} must be a list, got {v!r}")
    if length is not None and len(v) != length:
        raise ValueError(f"{what} must have {length} entries, got {len(v)}")
    return v


def _bits_to_names(x, names):
    return [names[k] for k in range(len(names)) if (int(x) >> k) & 1]


def _names_to_bits(v, names, what):
    bits = 0
    for x in _list(v, what):
        k = _name(x, names, what)
        if bits >> k & 1:
            raise ValueError(f"{what}: {x!r} listed twice")
        bits |= 1 << k
    return bits


def _opt(x, names=None):
    x = int(x)
    return None if x < 0 else (names[x] if names else x)


# =============================================================================
# to_dict
# =============================================================================
def to_dict(state):
    s = one_state(state)
    n = int(s["num_players"])
    lv = int(s["level"])
    i = int
    pc = n - 2
    buildings, dwellings = [], []
    for c in range(spec.NUM_CITY_CELLS):
        k = int(s["city_kind"][c])
        if k == CITY_DWELLING:
            o = int(s["city_owner"][c])
            dwellings.append({"square": cell_name(c), "owner": "neutral" if o == NEUTRAL else o})
        elif k >= 0 and s["city_root"][c] == c:
            buildings.append({"building": BUILDINGS[k], "owner": i(s["city_owner"][c]),
                              "anchor": cell_name(s["city_anchor"][c]),
                              "orientation": i(s["city_orient"][c]),
                              "rooms": [occ_name(o) for o in s["city_room"][c, :spec.BUILDING_ROOMS[k]]]})
    plantation = [{"space": sp, "crop": CROPS[spec.CROP_SIDES.index(s["plant_kind"][sp])],
                   "owner": i(s["plant_owner"][sp]),
                   "rooms": [occ_name(o) for o in s["plant_room"][sp]]}
                  for sp in range(spec.NUM_PLANTATION_SPACES) if s["plant_kind"][sp] >= 0]
    pantheon = [{"space": t, "god": GODS[s["temple_god"][t]], "owner": i(s["temple_owner"][t]),
                 "priest": occ_name(s["temple_occ"][t]),
                 "offerings": [i(x) for x in s["offerings"][t, :n]]}
                for t in range(spec.PANTHEON_SPACES) if s["temple_god"][t] >= 0]
    ra = spec.TEMPLE_RA
    npyr = int(spec.PYR_NUM_SPACES[lv, pc])
    viziers = []
    for p in range(n):
        viziers.append({
            "debens": i(s["debens"][p]),
            "goods": {g: i(s["goods"][p, k]) for k, g in enumerate(GOODS)},
            "materials": {m: i(s["materials"][p, k]) for k, m in enumerate(MATERIALS)},
            "mandates": i(s["mandates"][p]),
            "major_favors": i(s["major_favors"][p]),
            "minor_favors": i(s["minor_favors"][p]),
            "offerings": i(s["offer_reserve"][p]),
            "offerings_lost": i(s["offer_lost"][p]),
            "prestige": i(s["prestige"][p]),
            "construction": i(s["construction"][p]),
            "population": i(s["population"][p]),
            "servants": {place: {t: i(s[f][p, k]) for k, t in enumerate(SERVANTS)}
                         for place, f in SERVANT_PLACES},
            "independent": {place: {t: i(s[f][p, k]) for k, t in enumerate(SERVANTS)}
                            for place, f in (("held", "indep_held"), ("board", "indep_board"))},
            "wharf": i(s["wharf"][p]),
            "at_pyramid": i(s["at_pyramid"][p]),
            "columns": {col: [SLOTS[x] for x in s["col_slot"][p, k]] for k, col in enumerate(COLORS)},
            "dwellings_taken": {row: i(s["dwell_taken"][p, k])
                                for k, row in enumerate(spec.DWELLING_ROW_NAMES)},
            "column_mandates_paid": [c for k, c in enumerate(COLORS) if s["col_mandate_paid"][p, k]],
            "row_mandates_paid": [r for k, r in enumerate(spec.DWELLING_ROW_NAMES)
                                  if s["row_mandate_paid"][p, k]],
        })
    pending = {}
    for key, (f, lo, _, names) in _SCALARS.items():
        pending[key] = bool(s[f]) if names is bool else (_opt(s[f], names) if lo < 0 else names[s[f]] if names
                                                         else i(s[f]))
    for key, (f, names) in _BITS.items():
        pending[key] = _bits_to_names(s[f], names)
    pending["gains"] = {spec.GAIN_NAMES[k]: i(x) for k, x in enumerate(s["gain"]) if x}
    pending["pending_rewards"] = [i(x) for x in s["pend_reward"]]
    pending["pyramid_cap"] = {m: i(s["pyr_cap"][k]) for k, m in enumerate(MATERIALS)}
    pending["dwelling_queue"] = [cell_name(c) for c in s["dwell_queue"][:s["dwell_n"]]]
    pending["patrons"] = [{"seat": i(q[0]), "building": BUILDINGS[q[1]],
                           "good_paid": PIER_GOOD if q[2] == PQ_PIER_GOOD else _opt(q[2], GOODS),
                           "temple": _opt(q[3]), "materials_placed": _bits_to_names(q[4], MATERIALS)}
                          for q in s["patron_q"][:s["patron_n"]]]
    pending["license_units"] = {"yellow": i(s["lic_units"][0]), "red": i(s["lic_units"][1])}
    pending["market_moves"] = {g: i(s["market_moves"][k]) for k, g in enumerate(GOODS)}
    pending["penalties"] = [{"border": b, "seat": p} for b in range(spec.NUM_BORDERS)
                            for p in range(n) if s["pen_queue"][b, p]]
    pending.update(_adv_pending_view(s))
    view = {
        "game": GAME_NAME,
        "num_players": n,
        "level": lv + 1,
        "phase": spec.PHASES[s["phase"]],
        "turn_player": i(s["turn_player"]),
        "current_player": i(s["current_player"]),
        "steps": i(s["steps"]),
        "rng": i(s["rng"]),
        "terminated": bool(s["terminated"]),
        "scores": [i(x) for x in s["scores"][:n]],
        "ranks": [i(x) for x in s["ranks"][:n]],
        "turn": {
            "major_done": _opt(s["major_done"], spec.MAJOR_NAMES),
            "minors_done": _bits_to_names(s["minors_done"], MINORS_DONE),
            "actions_done": i(s["actions_done"]),
            "just_built": None if s["jb_kind"] < 0 else {
                JUST_BUILT[s["jb_kind"]]: cell_name(s["jb_index"]) if s["jb_kind"] == 0 else i(s["jb_index"])},
            "level_done": bool(s["level_done"]),
            "final_turns": _opt(s["final_turns"]),
            "akhet_stage": _opt(s["akhet_stage"], spec.AKHET_STEP_NAMES),
            "akhet_index": _opt(s["akhet_index"]),
        },
        "supply": {
            "happiness": i(s["happiness"]),
            "quarry": {m: i(s["quarry"][k]) for k, m in enumerate(MATERIALS)},
            "goods": {g: i(s["goods_supply"][k]) for k, g in enumerate(GOODS)},
            "pier_store": {g: i(s["pier_store"][k]) for k, g in enumerate(GOODS)},
            "mandates": i(s["mandate_supply"]),
            "major_favors": i(s["major_supply"]),
            "minor_favors": i(s["minor_supply"]),
            "independent": {t: i(s["indep_pool"][k]) for k, t in enumerate(SERVANTS)},
            "neutral_dwellings": i(s["neutral_dwellings"]),
            "eliminated_servant_tokens": i(s["elim_servant_tokens"]),
            "eliminated_building_tokens": i(s["elim_building_tokens"]),
            "tiles": {k: i(s["pool"][j]) for j, k in enumerate(POOLS)},
        },
        "market": {g: i(s["market"][k]) for k, g in enumerate(GOODS)},
        "city": {"buildings": buildings, "dwellings": dwellings},
        "plantation": plantation,
        "pantheon": pantheon,
        "ra_offerings": [i(x) for x in s["offerings"][ra, :n]],
        "pyramid": [_opt(x, MATERIALS) for x in s["pyr_fill"][:npyr]],
        "pier": {
            "docks": [{"barge": _opt(s["dock_barge"][d]), "scribe": occ_name(s["dock_occ"][d])}
                      for d in range(spec.NUM_DOCKS)],
            "moorings": {m: _opt(s["mooring_barge"][k]) for k, m in enumerate(MOORINGS)},
            "reserve": [i(x) for x in s["barge_reserve"][:s["barge_reserve_n"]]],
            "discard": [i(x) for x in s["barge_discard"][:s["barge_discard_n"]]],
        },
        "borders": [{"card": i(s["border_card"][b]), "penalty_token": _opt(s["border_token"][b]),
                     "medjay": [i(x) for x in s["medjay"][:n, b]]} for b in range(spec.NUM_BORDERS)],
        "penalty_tokens_used": [t for t in range(spec.NUM_PENALTY_TOKENS) if s["token_used"][t]],
        "border_spaces": {t: occ_name(s["border_space_occ"][k]) for k, t in enumerate(SERVANTS)},
        "quarry_spaces": {t: occ_name(s["quarry_space_occ"][k]) for k, t in enumerate(SERVANTS)},
        "viziers": viziers,
        "pending": pending,
        **_adv_view(s, n),
    }
    view["ra_utoma"] = _ra_view(s) if s["ra_seat"] >= 0 else None
    return view


# The Ra-utoma section (present with the High Priest, who sits in the last seat): cards by
# their rulebook number 1-24 (spec_rautoma card id + 1), the deck bottom to top. The two
# Temple cards in none of deck, discard area and "card" are the ones left in the box.
RA_PICKS = (None, "anubis", "ra-remove")  # rautoma.PICK_*
PIER_GOOD = "pier-storehouse"  # a patron's good_paid after a High Priest's activation


def _ra_view(s):
    i = int
    return {
        "level": i(s["ra_level"]),
        "scarab": i(s["scarab"]),
        "voice": bool(s["ra_voice"]),
        "deck": [i(c) + 1 for c in s["ra_deck"][:s["ra_deck_n"]]],
        "discard": [i(c) + 1 for c in s["ra_discard"][:s["ra_discard_n"]]],
        "card": None if s["ra_card"] < 0 else i(s["ra_card"]) + 1,
        "stage": _opt(s["ra_stage"], RA_STAGE_NAMES),
        "second": bool(s["ra_second"]),
        "failed": bool(s["ra_failed"]),
        "medjay": i(s["ra_medjay"]),
        "pick": RA_PICKS[s["ra_player"]],
        "ties": [DECREES[c] for k, c in enumerate(adv.TIE_DECREES) if (s["ra_ties"] >> k) & 1],
    }


_RA_KEYS = ("level", "scarab", "voice", "deck", "discard", "card", "stage", "second", "failed",
            "medjay", "pick", "ties")


def _read_ra(s, r, n):
    """The High Priest's section; its deck must hold the cards the rules allow (§12)."""
    check_keys(r, "ra_utoma", _RA_KEYS)
    if n < 2:
        raise ValueError("ra_utoma needs num_players >= 2 (the players and the High Priest)")
    s["ra_seat"] = n - 1
    s["ra_level"] = int_in(r["level"], "ra_utoma.level", 1, RA_LEVELS)
    s["scarab"] = int_in(r["scarab"], "ra_utoma.scarab", 0, n - 2)
    s["ra_voice"] = boolean(r["voice"], "ra_utoma.voice")
    cards = []
    for key in ("deck", "discard"):
        vals = _list(r[key], f"ra_utoma.{key}")
        ids = [int_in(c, f"ra_utoma.{key}[{k}]", 1, RA_NUM_CARDS) - 1 for k, c in enumerate(vals)]
        s[f"ra_{key}"][:len(ids)] = ids
        s[f"ra_{key}_n"] = len(ids)
        cards += ids
    if r["card"] is not None:
        s["ra_card"] = int_in(r["card"], "ra_utoma.card", 1, RA_NUM_CARDS) - 1
        cards.append(int(s["ra_card"]))
    if len(set(cards)) != len(cards):
        raise ValueError("ra_utoma: a card appears twice in deck, discard and card")
    missing = sorted(set(range(RA_FIRST_TEMPLE_CARD)) - set(cards))
    temples = [c for c in cards if c >= RA_FIRST_TEMPLE_CARD]
    if missing or len(temples) != RA_DECK_SIZE - RA_FIRST_TEMPLE_CARD:
        raise ValueError(f"ra_utoma: deck, discard and card must hold cards 1-{RA_FIRST_TEMPLE_CARD} "
                         f"and exactly {RA_DECK_SIZE - RA_FIRST_TEMPLE_CARD} Temple cards "
                         f"({RA_FIRST_TEMPLE_CARD + 1}-{RA_NUM_CARDS}); missing {[c + 1 for c in missing]}, "
                         f"Temple cards {[c + 1 for c in temples]}")
    n_deck = int(s["ra_deck_n"])
    s["ra_top_color"] = CARD_COLOR[s["ra_deck"][n_deck - 1]] if n_deck else -1
    s["ra_stage"] = -1 if r["stage"] is None else _name(r["stage"], RA_STAGE_NAMES, "ra_utoma.stage")
    s["ra_second"] = boolean(r["second"], "ra_utoma.second")
    s["ra_failed"] = boolean(r["failed"], "ra_utoma.failed")
    s["ra_medjay"] = int_in(r["medjay"], "ra_utoma.medjay", 0, spec.MEDJAY_MAX)
    s["ra_player"] = _name(r["pick"], RA_PICKS, "ra_utoma.pick")
    ties = [_name(c, DECREES, "ra_utoma.ties") for c in _list(r["ties"], "ra_utoma.ties")]
    if any(c not in adv.TIE_DECREES for c in ties) or len(set(ties)) != len(ties):
        raise ValueError(f"ra_utoma.ties: the tie-winning cards {[DECREES[c] for c in adv.TIE_DECREES]}, "
                         f"each at most once; got {r['ties']}")
    s["ra_ties"] = sum(1 << list(adv.TIE_DECREES).index(c) for c in ties)
    if (s["ra_stage"] >= 0 and s["turn_player"] != n - 1) or (s["ra_card"] >= 0) != (s["ra_stage"] > 0):
        raise ValueError("ra_utoma: a stage is only given in the High Priest's turn, and a card "
                         "goes with a stage past 'begin'")
    if s["ra_voice"] and s["current_player"] != s["scarab"]:
        raise ValueError("ra_utoma.voice: the Voice of Ra (current_player) is the Scarab holder")
    if s["current_player"] == n - 1:
        raise ValueError("current_player: the High Priest never decides; its Voice does")


# =============================================================================
# from_dict
# =============================================================================
def from_dict(d):
    """Build one game (a 1-element STATE array) from its JSON view, checking every part."""
    v = check_keys(d, "position", _KEYS, optional=("terminated", "scores"))
    if d["game"] != GAME_NAME:
        raise ValueError(f"this is a Keops position loader, got game {d['game']!r}")
    n = int_in(d["num_players"], "num_players", spec.MIN_PLAYERS, spec.MAX_PLAYERS)
    opts = check_keys(d["options"], "options", ("families", "decrees"))
    for k in ("families", "decrees"):
        boolean(opts[k], f"options.{k}")
    st = BLANK.copy()
    s = st[0]
    s["num_players"] = n
    pc = n - 2
    s["level"] = int_in(v["level"], "level", 1, spec.NUM_LEVELS) - 1
    s["phase"] = _name(v["phase"], spec.PHASES, "phase")
    s["turn_player"] = int_in(v["turn_player"], "turn_player", 0, n - 1)
    s["current_player"] = int_in(v["current_player"], "current_player", 0, n - 1)
    s["steps"] = int_in(v["steps"], "steps", 0, 2**31 - 1)
    s["rng"] = np.uint64(int_in(v["rng"], "rng", 0, 2**64 - 1))
    over = s["phase"] == spec.PH_GAME_OVER
    s["terminated"] = boolean(v["terminated"], "terminated") if "terminated" in v else over
    for key, lo, hi in (("scores", 0, 127), ("ranks", -1, n - 1)):
        if key not in v:  # scores: derived below
            continue
        vals = _list(v[key], key, n)
        for p in range(n):
            s[key][p] = int_in(vals[p], f"{key}[{p}]", lo, hi)
    _read_turn(s, v["turn"], n)
    _read_supply(s, v["supply"])
    s["market"] = _counts(v["market"], GOODS, "market", 0, spec.MARKET_COLUMNS - 1)
    _read_city(s, v["city"], n)
    _read_plantation(s, v["plantation"], n)
    _read_pantheon(s, v["pantheon"], v["ra_offerings"], n)
    _read_pyramid(s, v["pyramid"], pc, v["ra_utoma"] is not None)
    barges = _read_pier(s, v["pier"], n)
    _read_borders(s, v, n)
    _read_viziers(s, v["viziers"], n)
    if "scores" not in v and over:
        s["scores"][:n] = s["major_favors"][:n] + s["minor_favors"][:n] // spec.MINORS_PER_MAJOR
    _read_pending(s, v["pending"], n, barges)
    _read_advanced(s, v, n)
    if v["ra_utoma"] is not None:
        _read_ra(s, v["ra_utoma"], n)
    _conserve(s, v["supply"], n)
    _check_vizier_boards(s, n)
    _check_phase(s)
    _check_play(st)
    check_written_as_view(d, to_dict(st))
    return st


def _read_turn(s, t, n):
    check_keys(t, "turn", _TURN_KEYS)
    s["major_done"] = -1 if t["major_done"] is None else _name(t["major_done"], spec.MAJOR_NAMES, "turn.major_done")
    s["minors_done"] = _names_to_bits(t["minors_done"], MINORS_DONE, "turn.minors_done")
    s["actions_done"] = int_in(t["actions_done"], "turn.actions_done", 0, 127)
    jb = t["just_built"]
    if jb is None:
        s["jb_kind"] = s["jb_index"] = -1
    else:
        check_keys(jb, "turn.just_built", JUST_BUILT, optional=JUST_BUILT)
        if len(jb) != 1:
            raise ValueError("turn.just_built names one of 'city', 'plantation', 'temple'")
        (kind, at), = jb.items()
        s["jb_kind"] = JUST_BUILT.index(kind)
        s["jb_index"] = (cell_of(at, "turn.just_built.city") if kind == "city" else
                         int_in(at, f"turn.just_built.{kind}", 0,
                                (spec.NUM_PLANTATION_SPACES if kind == "plantation" else spec.PANTHEON_SPACES) - 1))
    s["level_done"] = boolean(t["level_done"], "turn.level_done")
    s["final_turns"] = -1 if t["final_turns"] is None else int_in(t["final_turns"], "turn.final_turns", 0, n - 1)
    s["akhet_stage"] = -1 if t["akhet_stage"] is None else _name(t["akhet_stage"], spec.AKHET_STEP_NAMES,
                                                                 "turn.akhet_stage")
    s["akhet_index"] = -1 if t["akhet_index"] is None else int_in(t["akhet_index"], "turn.akhet_index", 0, 127)


def _read_supply(s, v):
    check_keys(v, "supply", _SUPPLY_KEYS)
    s["happiness"] = int_in(v["happiness"], "supply.happiness", spec.HAPPINESS_MIN, spec.HAPPINESS_MAX)
    s["pier_store"] = _counts(v["pier_store"], GOODS, "supply.pier_store", 0, 127)
    if s["pier_store"][spec.SILVER]:
        raise ValueError("supply.pier_store: the Pier Storehouse never holds Silver")
    s["neutral_dwellings"] = int_in(v["neutral_dwellings"], "supply.neutral_dwellings", 0, spec.NEUTRAL_DWELLINGS)
    s["elim_servant_tokens"] = int_in(v["eliminated_servant_tokens"], "supply.eliminated_servant_tokens",
                                      0, spec.ELIMINATED_SERVANT_TOKENS)
    s["elim_building_tokens"] = int_in(v["eliminated_building_tokens"], "supply.eliminated_building_tokens",
                                       0, spec.ELIMINATED_BUILDING_TOKENS)


def _owner(v, what, n):
    return int_in(v, what, 0, n - 1)


def _read_city(s, v, n):
    check_keys(v, "city", ("buildings", "dwellings"))

    def claim(c, what):
        if s["city_kind"][c] != CITY_EMPTY:
            raise ValueError(f"{what}: square {cell_name(c)} is already covered")

    for j, b in enumerate(_list(v["buildings"], "city.buildings")):
        what = f"city.buildings[{j}]"
        check_keys(b, what, ("building", "owner", "anchor", "orientation", "rooms"))
        k = _name(b["building"], BUILDINGS[:spec.NUM_CITY_KINDS], f"{what}.building")
        owner = _owner(b["owner"], f"{what}.owner", n)
        a = cell_of(b["anchor"], f"{what}.anchor")
        o = int_in(b["orientation"], f"{what}.orientation", 0, spec.MAX_ORIENTATIONS - 1)
        sh = spec.BUILDING_SHAPE[k]
        if not spec.PLACEMENT_VALID[sh, o, a]:
            raise ValueError(f"{what}: a {b['building']} ({spec.SHAPE_NAMES[sh]}) in orientation {o} "
                             f"at {b['anchor']} leaves the grid or spans two sections "
                             f"(orientations 0-{spec.SHAPE_NUM_ORIENT[sh] - 1})")
        cells = [int(c) for c in spec.PLACEMENT_CELLS[sh, o, a] if c >= 0]
        root = min(cells)
        for c in cells:
            claim(c, what)
            s["city_kind"][c], s["city_owner"][c], s["city_root"][c] = k, owner, root
        s["city_anchor"][root], s["city_orient"][root] = a, o
        rooms = _list(b["rooms"], f"{what}.rooms", spec.BUILDING_ROOMS[k])
        for r, x in enumerate(rooms):
            s["city_room"][root, r] = _occ(x, f"{what}.rooms[{r}]", n)
    for j, dw in enumerate(_list(v["dwellings"], "city.dwellings")):
        what = f"city.dwellings[{j}]"
        check_keys(dw, what, ("square", "owner"))
        c = cell_of(dw["square"], f"{what}.square")
        claim(c, what)
        s["city_kind"][c], s["city_root"][c] = CITY_DWELLING, c
        s["city_owner"][c] = NEUTRAL if dw["owner"] == "neutral" else _owner(dw["owner"], f"{what}.owner", n)


def _read_plantation(s, v, n):
    for j, x in enumerate(_list(v, "plantation")):
        what = f"plantation[{j}]"
        check_keys(x, what, ("space", "crop", "owner", "rooms"))
        sp = int_in(x["space"], f"{what}.space", 0, spec.NUM_PLANTATION_SPACES - 1)
        if spec.PLANTATION_MIN_PLAYERS[sp] > n:
            raise ValueError(f"{what}: plantation space {sp} is used only with "
                             f"{spec.PLANTATION_MIN_PLAYERS[sp]} players")
        if s["plant_kind"][sp] >= 0:
            raise ValueError(f"{what}: plantation space {sp} holds two crops")
        s["plant_kind"][sp] = spec.CROP_SIDES[_name(x["crop"], CROPS, f"{what}.crop")]
        s["plant_owner"][sp] = _owner(x["owner"], f"{what}.owner", n)
        rooms = _list(x["rooms"], f"{what}.rooms", spec.MAX_ROOMS)
        for r, o in enumerate(rooms):
            s["plant_room"][sp, r] = _occ(o, f"{what}.rooms[{r}]", n)


def _read_pantheon(s, v, ra, n):
    for j, x in enumerate(_list(v, "pantheon")):
        what = f"pantheon[{j}]"
        check_keys(x, what, ("space", "god", "owner", "priest", "offerings"))
        t = int_in(x["space"], f"{what}.space", 0, spec.PANTHEON_SPACES - 1)
        if s["temple_god"][t] >= 0:
            raise ValueError(f"{what}: pantheon space {t} holds two temples")
        g = _name(x["god"], GODS, f"{what}.god")
        if g in s["temple_god"]:
            raise ValueError(f"{what}: a temple of {x['god']} already stands (each god once)")
        s["temple_god"][t] = g
        s["temple_owner"][t] = _owner(x["owner"], f"{what}.owner", n)
        s["temple_occ"][t] = _occ(x["priest"], f"{what}.priest", n)
        offs = _list(x["offerings"], f"{what}.offerings", n)
        for p in range(n):
            s["offerings"][t, p] = int_in(offs[p], f"{what}.offerings[{p}]", 0, spec.OFFERINGS_PER_PLAYER)
    offs = _list(ra, "ra_offerings", n)
    for p in range(n):
        s["offerings"][spec.TEMPLE_RA, p] = int_in(offs[p], f"ra_offerings[{p}]", 0, spec.OFFERINGS_PER_PLAYER)


def _read_pyramid(s, v, pc, any_colour):
    """any_colour: the High Priest plays, and it builds ignoring the pictured materials (§12)."""
    lv = int(s["level"])
    npyr = int(spec.PYR_NUM_SPACES[lv, pc])
    for k, x in enumerate(_list(v, "pyramid", npyr)):
        if x is None:
            continue
        m = _name(x, MATERIALS, f"pyramid[{k}]")
        want = int(spec.PYR_SPACE_MATERIAL[lv, pc, k])
        if not (any_colour or spec.PYR_SPACE_ANY[lv, pc, k]) and m != want:
            raise ValueError(f"pyramid[{k}]: the space takes {MATERIALS[want]}, not {x}")
        s["pyr_fill"][k] = m
    # every material was laid on a start space or next to one already placed (pyramid.py)
    reached = [k for k in range(npyr) if s["pyr_fill"][k] >= 0 and spec.PYR_SPACE_START[lv, pc, k]]
    seen = set(reached)
    while reached:
        for j in spec.PYR_NEIGHBORS[lv, pc, reached.pop()]:
            if j >= 0 and s["pyr_fill"][j] >= 0 and int(j) not in seen:
                seen.add(int(j))
                reached.append(int(j))
    loose = [k for k in range(npyr) if s["pyr_fill"][k] >= 0 and k not in seen]
    if loose:
        raise ValueError(f"pyramid: spaces {loose} hold materials not connected to the bottom row")


def _read_pier(s, v, n):
    check_keys(v, "pier", ("docks", "moorings", "reserve", "discard"))
    where = {}

    def barge(x, place):
        b = int_in(x, place, 0, spec.NUM_BARGES - 1)
        if b in where:
            raise ValueError(f"{place}: barge {b} is also at {where[b]}")
        where[b] = place
        return b

    for d, x in enumerate(_list(v["docks"], "pier.docks", spec.NUM_DOCKS)):
        check_keys(x, f"pier.docks[{d}]", ("barge", "scribe"))
        s["dock_barge"][d] = -1 if x["barge"] is None else barge(x["barge"], f"pier.docks[{d}].barge")
        s["dock_occ"][d] = _occ(x["scribe"], f"pier.docks[{d}].scribe", n)
    check_keys(v["moorings"], "pier.moorings", MOORINGS)
    for k, m in enumerate(MOORINGS):
        x = v["moorings"][m]
        s["mooring_barge"][k] = -1 if x is None else barge(x, f"pier.moorings.{m}")
    for key, arr in (("reserve", "barge_reserve"), ("discard", "barge_discard")):
        xs = _list(v[key], f"pier.{key}")
        for j, x in enumerate(xs):
            s[arr][j] = barge(x, f"pier.{key}[{j}]")
        s[arr + "_n"] = len(xs)
    return where


def _read_borders(s, v, n):
    cards = _list(v["borders"], "borders", spec.NUM_BORDERS)
    for b, x in enumerate(cards):
        what = f"borders[{b}]"
        check_keys(x, what, ("card", "penalty_token", "medjay"))
        s["border_card"][b] = int_in(x["card"], f"{what}.card", 0, spec.NUM_BORDER_CARDS - 1)
        s["border_token"][b] = (-1 if x["penalty_token"] is None else
                                int_in(x["penalty_token"], f"{what}.penalty_token", 0, spec.NUM_PENALTY_TOKENS - 1))
        med = _list(x["medjay"], f"{what}.medjay", n)
        for p in range(n):
            s["medjay"][p, b] = int_in(med[p], f"{what}.medjay[{p}]", 0, spec.MEDJAY_MAX)
    if len(set(s["border_card"].tolist())) != spec.NUM_BORDERS:
        raise ValueError(f"borders: the same border card lies twice ({s['border_card'].tolist()})")
    used = _list(v["penalty_tokens_used"], "penalty_tokens_used")
    for j, t in enumerate(used):
        t = int_in(t, f"penalty_tokens_used[{j}]", 0, spec.NUM_PENALTY_TOKENS - 1)
        if s["token_used"][t]:
            raise ValueError(f"penalty_tokens_used: token {t} listed twice")
        s["token_used"][t] = True
    for b in range(spec.NUM_BORDERS):
        t = int(s["border_token"][b])
        if t >= 0 and not s["token_used"][t]:
            raise ValueError(f"borders[{b}].penalty_token {t} must be listed in penalty_tokens_used")
        if t >= 0 and t in s["border_token"][:b]:
            raise ValueError(f"borders[{b}].penalty_token {t} lies on two border cards")
    for key, f in (("border_spaces", "border_space_occ"), ("quarry_spaces", "quarry_space_occ")):
        check_keys(v[key], key, SERVANTS)
        for k, t in enumerate(SERVANTS):
            s[f][k] = _occ(v[key][t], f"{key}.{t}", n)


def _read_viziers(s, vs, n):
    for p, x in enumerate(_list(vs, "viziers", n)):
        what = f"viziers[{p}]"
        check_keys(x, what, _VIZIER_KEYS)
        s["debens"][p] = int_in(x["debens"], f"{what}.debens", 0, 32767)
        s["goods"][p] = _counts(x["goods"], GOODS, f"{what}.goods", 0, int(spec.GOOD_SUPPLY.max()))
        s["materials"][p] = _counts(x["materials"], MATERIALS, f"{what}.materials", 0,
                                    spec.STOREHOUSE_MATERIAL_MAX)
        if s["materials"][p].sum() > spec.STOREHOUSE_MATERIAL_MAX:
            raise ValueError(f"{what}.materials: the storehouse holds at most "
                             f"{spec.STOREHOUSE_MATERIAL_MAX} materials")
        for key, f, hi in (("mandates", "mandates", spec.MANDATE_HOLD_MAX),
                           ("major_favors", "major_favors", spec.MAJOR_FAVOR_SUPPLY),
                           ("minor_favors", "minor_favors", spec.MINOR_FAVOR_SUPPLY),
                           ("offerings", "offer_reserve", spec.OFFERINGS_PER_PLAYER),
                           ("offerings_lost", "offer_lost", spec.OFFERINGS_PER_PLAYER),
                           ("prestige", "prestige", spec.PRESTIGE_MAX),
                           ("construction", "construction", spec.CONSTRUCTION_MAX),
                           ("population", "population", spec.POPULATION_MAX),
                           ("wharf", "wharf", 127), ("at_pyramid", "at_pyramid", 127)):
            s[f][p] = int_in(x[key], f"{what}.{key}", 0, hi)
        places = [pl for pl, _ in SERVANT_PLACES]
        check_keys(x["servants"], f"{what}.servants", places)
        for pl, f in SERVANT_PLACES:
            s[f][p] = _counts(x["servants"][pl], SERVANTS, f"{what}.servants.{pl}", 0, 127)
        for t in range(spec.NUM_SERVANT_TYPES):
            total = sum(int(s[f][p, t]) for _, f in SERVANT_PLACES)
            if total != spec.PLAYER_SERVANTS[t]:
                raise ValueError(f"{what}.servants: {total} {SERVANTS[t]}s in all, a Vizier has "
                                 f"{spec.PLAYER_SERVANTS[t]}")
        check_keys(x["independent"], f"{what}.independent", ("held", "board"))
        s["indep_held"][p] = _counts(x["independent"]["held"], SERVANTS, f"{what}.independent.held", 0, 127)
        s["indep_board"][p] = _counts(x["independent"]["board"], SERVANTS, f"{what}.independent.board", 0, 127)
        check_keys(x["columns"], f"{what}.columns", COLORS)
        for k, col in enumerate(COLORS):
            slots = _list(x["columns"][col], f"{what}.columns.{col}", spec.BUILDING_MARKERS_PER_COLOR)
            for j, sl in enumerate(slots):
                s["col_slot"][p, k, j] = _name(sl, SLOTS, f"{what}.columns.{col}[{j}]")
        s["dwell_taken"][p] = _counts(x["dwellings_taken"], spec.DWELLING_ROW_NAMES, f"{what}.dwellings_taken",
                                      0, spec.DWELLINGS_PER_ROW)
        for key, f, names in (("column_mandates_paid", "col_mandate_paid", COLORS),
                              ("row_mandates_paid", "row_mandate_paid", spec.DWELLING_ROW_NAMES)):
            bits = _names_to_bits(x[key], names, f"{what}.{key}")
            for k in range(len(names)):
                s[f][p, k] = bool(bits >> k & 1)


def _read_pending(s, v, n, barges):
    check_keys(v, "pending", _PENDING_KEYS | _ADV_PENDING_KEYS)
    for key, (f, lo, hi, names) in _SCALARS.items():
        what = f"pending.{key}"
        x = v[key]
        if names is bool:
            s[f] = boolean(x, what)
        elif x is None and lo < 0:
            s[f] = -1
        elif names:
            s[f] = _name(x, names[:hi + 1], what)
        else:
            s[f] = int_in(x, what, max(lo, 0), hi)
    for key, (f, names) in _BITS.items():
        s[f] = _names_to_bits(v[key], names, f"pending.{key}")
    check_keys(v["gains"], "pending.gains", spec.GAIN_NAMES, optional=spec.GAIN_NAMES)  # the nonzero ones
    for k, x in v["gains"].items():
        s["gain"][spec.GAIN_NAMES.index(k)] = int_in(x, f"pending.gains.{k}", 0, 127)
    pr = _list(v["pending_rewards"], "pending.pending_rewards", 2)
    for k in range(2):
        s["pend_reward"][k] = int_in(pr[k], f"pending.pending_rewards[{k}]", 0, 127)
    s["pyr_cap"] = _counts(v["pyramid_cap"], MATERIALS, "pending.pyramid_cap", 0, 127)
    q = _list(v["dwelling_queue"], "pending.dwelling_queue")
    if len(q) > MAX_DWELL_QUEUE:
        raise ValueError(f"pending.dwelling_queue: at most {MAX_DWELL_QUEUE} squares")
    for j, c in enumerate(q):
        c = cell_of(c, f"pending.dwelling_queue[{j}]")
        if s["city_kind"][c] != CITY_EMPTY or c in s["dwell_queue"][:j]:
            raise ValueError(f"pending.dwelling_queue[{j}]: square {cell_name(c)} is not a free isolated square")
        s["dwell_queue"][j] = c
    s["dwell_n"] = len(q)
    pats = _list(v["patrons"], "pending.patrons")
    if len(pats) > MAX_PATRONS:
        raise ValueError(f"pending.patrons: at most {MAX_PATRONS} waiting patron benefits")
    pkeys = ("seat", "building", "good_paid", "temple", "materials_placed")
    for j, x in enumerate(pats):
        what = f"pending.patrons[{j}]"
        check_keys(x, what, pkeys)
        s["patron_q"][j] = (_owner(x["seat"], f"{what}.seat", n),
                            _name(x["building"], BUILDINGS, f"{what}.building"),
                            -1 if x["good_paid"] is None else (
                                PQ_PIER_GOOD if x["good_paid"] == PIER_GOOD
                                else _name(x["good_paid"], GOODS, f"{what}.good_paid")),
                            -1 if x["temple"] is None else int_in(x["temple"], f"{what}.temple", 0,
                                                                  spec.PANTHEON_SPACES - 1),
                            _names_to_bits(x["materials_placed"], MATERIALS, f"{what}.materials_placed"))
    s["patron_n"] = len(pats)
    check_keys(v["license_units"], "pending.license_units", ("yellow", "red"))
    s["lic_units"] = [int_in(v["license_units"][k], f"pending.license_units.{k}", 0, 127) for k in ("yellow", "red")]
    s["market_moves"] = _counts(v["market_moves"], GOODS, "pending.market_moves", -127, 127)
    for j, x in enumerate(_list(v["penalties"], "pending.penalties")):
        what = f"pending.penalties[{j}]"
        check_keys(x, what, ("border", "seat"))
        b = int_in(x["border"], f"{what}.border", 0, spec.NUM_BORDERS - 1)
        p = _owner(x["seat"], f"{what}.seat", n)
        if s["pen_queue"][b, p]:
            raise ValueError(f"{what}: listed twice")
        s["pen_queue"][b, p] = 1
    b = int(s["tgt_barge"])
    if b >= 0 and b in barges:
        raise ValueError(f"pending.bought_barge: barge {b} is also at {barges[b]}")
    if b >= 0:
        barges[b] = "pending.bought_barge"
    missing = sorted(set(range(spec.NUM_BARGES)) - set(barges))
    if missing:
        raise ValueError(f"pier: barges {missing} are nowhere (docks, moorings, reserve, discard "
                         "or pending.bought_barge)")


def _conserve(s, supply, n):
    """Limited components: supply = total - everything elsewhere."""
    on_board = np.zeros(spec.NUM_POOLS, np.int64)
    for c in range(spec.NUM_CITY_CELLS):
        if 0 <= s["city_kind"][c] < spec.NUM_CITY_KINDS and s["city_root"][c] == c:
            on_board[s["city_kind"][c]] += 1
    on_board[spec.POOL_OF_KIND[spec.BARLEY_CROP]] += int((s["plant_kind"] >= 0).sum())
    on_board[spec.POOL_OF_KIND[spec.TEMPLE]] += int((s["temple_god"] >= 0).sum())
    pyr = [int((s["pyr_fill"] == m).sum()) for m in range(spec.NUM_MATERIALS)]
    rows = (
        ("quarry", "quarry", MATERIALS, [spec.MATERIAL_SUPPLY] * 3,
         [int(s["materials"][:n, m].sum()) + pyr[m] for m in range(3)]),
        ("goods", "goods_supply", GOODS, spec.GOOD_SUPPLY.tolist(),
         [int(s["goods"][:n, g].sum()) + int(s["pier_store"][g]) for g in range(4)]),
        ("mandates", "mandate_supply", None, [spec.MANDATE_SUPPLY], [int(s["mandates"][:n].sum())]),
        ("major_favors", "major_supply", None, [spec.MAJOR_FAVOR_SUPPLY], [int(s["major_favors"][:n].sum())]),
        ("minor_favors", "minor_supply", None, [spec.MINOR_FAVOR_SUPPLY], [int(s["minor_favors"][:n].sum())]),
        ("independent", "indep_pool", SERVANTS, spec.INDEPENDENT_SUPPLY.tolist(),
         [int(s["indep_held"][:n, t].sum() + s["indep_board"][:n, t].sum()) for t in range(3)]),
        ("tiles", "pool", POOLS, spec.POOL_SUPPLY[n - 2].tolist(), on_board.tolist()),
    )
    for key, f, names, total, used in rows:
        left = [t - u for t, u in zip(total, used)]
        for k, x in enumerate(left):
            if x < 0:
                part = f" ({names[k]})" if names else ""
                raise ValueError(f"supply.{key}{part}: {used[k]} in play but the game has only {total[k]}")
        what = f"supply.{key}"
        got = ([int_in(supply[key], what, 0, 127)] if names is None
               else _counts(supply[key], names, what, 0, 127))
        if got != left:
            raise ValueError(f"{what} is {supply[key]!r} but the game's total minus the components "
                             f"elsewhere leaves {left if names else left[0]}")
        s[f] = left if names else left[0]
    for p in range(n):
        total = int(s["offer_reserve"][p] + s["offer_lost"][p] + s["offerings"][:, p].sum())
        if total != spec.OFFERINGS_PER_PLAYER:
            raise ValueError(f"viziers[{p}]: {total} Offerings in all (reserve, lost, temples); a Vizier has "
                             f"{spec.OFFERINGS_PER_PLAYER}")


def _occupants(s, n):
    """own[p, t], indep[p, t]: rooms and spaces held by each seat's servants of each type."""
    own = np.zeros((spec.MAX_PLAYERS, 3), np.int64)
    indep = np.zeros((spec.MAX_PLAYERS, 3), np.int64)

    def count(o, t):
        if o >= 0:
            (own if o < 4 else indep)[o % 4, t] += 1

    for c in range(spec.NUM_CITY_CELLS):
        k = s["city_kind"][c]
        if 0 <= k < spec.NUM_CITY_KINDS and s["city_root"][c] == c:
            for o in s["city_room"][c]:
                count(o, spec.COLOR_SERVANT[spec.BUILDING_COLOR[k]])
    for o in s["plant_room"].ravel():
        count(o, spec.ARTISAN)
    for o in s["temple_occ"]:
        count(o, spec.PRIEST)
    for o in s["dock_occ"]:
        count(o, spec.SCRIBE)
    for t in range(3):
        count(s["border_space_occ"][t], t)
        count(s["quarry_space_occ"][t], t)
    return own, indep


def _check_vizier_boards(s, n):
    """Servants on spaces, Dwellings in the City and building markers agree with each board."""
    own, indep = _occupants(s, n)
    for p in range(n):
        what = f"viziers[{p}]"
        for t in range(3):
            # an eliminated servant's space stays taken until its owner's Licensing (akhet.py)
            if own[p, t] > s["serv_board"][p, t] + s["serv_elim"][p, t]:
                raise ValueError(f"{what}.servants.board: {own[p, t]} {SERVANTS[t]}s of seat {p} occupy "
                                 f"rooms or spaces but the board count is {s['serv_board'][p, t]}")
            if indep[p, t] > s["indep_board"][p, t]:
                raise ValueError(f"{what}.independent.board: {indep[p, t]} independent {SERVANTS[t]}s of "
                                 f"seat {p} occupy rooms or spaces but the board count is "
                                 f"{s['indep_board'][p, t]}")
        unlocked = int((spec.PLAYER_SERVANTS - s["serv_locked"][p]).sum())
        if s["population"][p] != unlocked:
            raise ValueError(f"{what}.population is {s['population'][p]} but {unlocked} servants are unlocked")
        dwellings = int(((s["city_kind"] == CITY_DWELLING) & (s["city_owner"] == p)).sum())
        if dwellings != s["dwell_taken"][p].sum():
            raise ValueError(f"{what}.dwellings_taken: {int(s['dwell_taken'][p].sum())} taken from the board "
                             f"but seat {p} has {dwellings} Dwellings in the City")
        for col in range(spec.NUM_COLORS):
            tiles = sum(1 for c in range(spec.NUM_CITY_CELLS)
                        if 0 <= s["city_kind"][c] < spec.NUM_CITY_KINDS and s["city_root"][c] == c
                        and s["city_owner"][c] == p and spec.BUILDING_COLOR[s["city_kind"][c]] == col)
            if col == spec.YELLOW:
                tiles += int(((s["plant_kind"] >= 0) & (s["plant_owner"] == p)).sum())
            if col == spec.RED:
                tiles += int(((s["temple_god"] >= 0) & (s["temple_owner"] == p)).sum())
            empty = int((s["col_slot"][p, col] == SLOT_EMPTY).sum())
            if empty != tiles:
                raise ValueError(f"{what}.columns.{COLORS[col]}: {empty} markers off the column but seat {p} "
                                 f"is patron of {tiles} {COLORS[col]} tiles (each takes one marker)")


_OWN_TURN = {spec.PH_TURN, spec.PH_CONSTRUCT_TILE, spec.PH_CONSTRUCT_SERVANT, spec.PH_CONSTRUCT_SILVER,
             spec.PH_CITY_PLACE, spec.PH_PLANTATION_PLACE, spec.PH_TEMPLE_GOD, spec.PH_TEMPLE_SPACE,
             spec.PH_DWELLING_ROW, spec.PH_ASSIGN_TARGET, spec.PH_BOOST, spec.PH_PAY_GOOD,
             spec.PH_LICENSE_REVENUE, spec.PH_LICENSE_MARKET, spec.PH_LICENSE_UPKEEP,
             spec.PH_LICENSE_HAPPINESS}
_CROP_POOL, _TEMPLE_POOL = spec.NUM_CITY_KINDS, spec.NUM_CITY_KINDS + 1


def _check_phase(s):
    """The registers a phase works on must be set (see turn.py's settle)."""
    ph = int(s["phase"])
    name = spec.PHASES[ph]
    pool = int(s["con_pool"])

    def need(ok, what):
        if not ok:
            raise ValueError(f"phase {name!r} needs {what}")

    who = s["ra_seat"] if s["ra_voice"] else s["current_player"]  # the High Priest's Voice decides for it
    ra_phase = ph >= spec.PH_RA_BUILDING
    need(ra_phase <= bool(s["ra_voice"]), "ra_utoma.voice (a Voice of Ra step)")
    if ph in _OWN_TURN:
        need(who == s["turn_player"], "current_player == turn_player")
    if ph == spec.PH_CONSTRUCT_SERVANT:
        need(pool >= 0 and s["sc_mode"] == SC_CONSTRUCT, "pending.construct_pool and servant_choice_mode 'construct'")
    if ph in (spec.PH_CONSTRUCT_SILVER, spec.PH_CITY_PLACE, spec.PH_PLANTATION_PLACE, spec.PH_TEMPLE_GOD,
              spec.PH_TEMPLE_SPACE):
        need(pool >= 0, "pending.construct_pool")
    if ph == spec.PH_CITY_PLACE:
        need(pool < spec.NUM_CITY_KINDS, "a city building in pending.construct_pool")
    if ph == spec.PH_PLANTATION_PLACE:
        need(pool == _CROP_POOL, "pending.construct_pool 'crop'")
    if ph in (spec.PH_TEMPLE_GOD, spec.PH_TEMPLE_SPACE):
        need(pool == _TEMPLE_POOL, "pending.construct_pool 'temple'")
    if ph == spec.PH_TEMPLE_SPACE:
        need(s["con_god"] >= 0, "pending.construct_god")
    if ph == spec.PH_DWELLING_ROW:
        need(s["dwell_n"] > 0, "a square in pending.dwelling_queue")
    if ph == spec.PH_SERVANT_CHOICE:
        need(s["sc_mode"] >= 0, "pending.servant_choice_mode")
    if ph == spec.PH_PYRAMID_PLACE:
        need(s["pyr_left"] > 0, "pending.pyramid_left > 0")
    if ph == spec.PH_REWARD_CHOICE:
        need(s["reward_level"] >= 0, "pending.reward_level")
    if ph == spec.PH_MOORING:
        need(s["tgt_barge"] >= 0, "pending.bought_barge")
    if ph == spec.PH_PATRON:
        need(s["patron_n"] > 0 and s["patron_q"][0, 0] == who,
             "pending.patrons with current_player as the first patron's seat")
    if ph == spec.PH_SEB_ROOM:
        need(s["special"] == spec.GS_SEB, "pending.god_special 'activate-occupied-room'")
    lic = {spec.PH_LICENSE_REVENUE: 1, spec.PH_LICENSE_MARKET: 1, spec.PH_LICENSE_UPKEEP: 2,
           spec.PH_LICENSE_HAPPINESS: 3}
    if ph in lic:
        need(s["lic_stage"] == lic[ph], f"pending.license_stage {_SCALARS['license_stage'][3][lic[ph]]!r}")
    if ph == spec.PH_AKHET_GOD:
        need(s["akhet_stage"] >= 0, "turn.akhet_stage")
    if ph == spec.PH_PENALTY_CHOICE:
        need(s["akhet_stage"] >= 0 and s["pen_seat"] == who and s["pen_kind"] >= 0,
             "turn.akhet_stage, pending.penalty_kind and pending.penalty_seat == current_player")
    p = int(s["current_player"])
    if ph == spec.PH_FAMILY_FACE:
        need(s["opt_families"] and s["fam_card"][p] >= 0 and s["fam_face"][p] < 0,
             "options.families and a Family card of current_player with no side chosen")
    if ph == spec.PH_FAMILY_DEBENS:
        need(s["fam_debens_left"] > 0 and s["fam_card"][p] * 2 + s["fam_face"][p] == adv.FF_AAM_A,
             "pending.family_debens_left and current_player on Aamenemes-Ankh side a")
    if ph == spec.PH_FAMILY_BORDER:
        need(s["fam_card"][p] * 2 + s["fam_face"][p] == adv.FF_NEFER_A and s["fam_border"][p] < 0,
             "current_player on Nefer-Seshem side a with no border chosen")
    if ph == spec.PH_FAMILY_BUILD:
        need(s["fam_build"] >= 0 and p == s["turn_player"], "pending.family_build and current_player == turn_player")
    if ph == spec.PH_MEDJAY_SPLIT:
        need(s["split_left"] > 0 and p == s["gain_player"], "pending.medjay_split.left and current_player == gain_player")
    if ph == spec.PH_OFFER:
        need(s["offer_n"] > 0 and s["offer_q"][0, 0] == p, "pending.offers with current_player as the first seat")
    if ph == spec.PH_DIE_CHOICE:
        need(s["die_faces"][0] >= 0 and p == s["gain_player"], "pending.dice and current_player == gain_player")


def _check_play(st):
    s = st[0]
    over = s["phase"] == spec.PH_GAME_OVER
    if bool(s["terminated"]) != over:
        raise ValueError("terminated goes with phase 'game-over' and only with it")
    n = int(s["num_players"])
    if over:
        for p in range(n):
            favors = int(s["major_favors"][p]) + int(s["minor_favors"][p]) // spec.MINORS_PER_MAJOR
            if s["scores"][p] != favors or s["ranks"][p] < 0:
                raise ValueError(f"a finished game needs scores[{p}] = Major + Minor // 2 Favors = {favors} "
                                 f"and a rank")
        return
    if s["scores"][:n].any() or (s["ranks"][:n] != -1).any():
        raise ValueError("scores and ranks are given only at the end of the game (0 and -1 before)")
    from .mask import legal_mask
    mask = np.zeros((1, NUM_ACTIONS), np.int8)
    legal_mask(st, mask)
    if not mask.any():
        raise ValueError(f"seat {int(s['current_player'])} has no legal action in phase "
                         f"{spec.PHASES[s['phase']]!r} of this position")


# =============================================================================
# action names
# =============================================================================
def _pool_word(k):
    return _slug(POOLS[k])


def _chooser(s):
    """PLAYER counts the Viziers after the decider: the High Priest when its Voice picks."""
    return int(s["ra_seat"]) if s["ra_voice"] else int(s["current_player"])


def action_to_str(state, a):
    """Readable name of flat action a (see the module docstring for the names)."""
    s = one_state(state)
    name, i = block_of(a)
    n = int(s["num_players"])
    if name in ("DONE", "YES", "LICENSE"):
        return name.lower()
    if name == "CONSTRUCT":
        return f"construct {_pool_word(i)}"
    if name == "SERVANT":
        return f"servant {'independent-' if i >= SERVANT_INDEP else ''}{SERVANTS[i % SERVANT_INDEP]}"
    if name == "CITY_PLACE":
        c, o = divmod(i, spec.MAX_ORIENTATIONS)
        return f"place {cell_name(c)} {o}"
    if name == "PLANTATION":
        sp, side = divmod(i, 2)
        return f"plantation {sp} {CROPS[side]}"
    if name == "GOD":
        return f"god {GODS[i]}"
    if name == "TEMPLE":
        return f"temple {TEMPLE_SLOT_NAMES[i]}"
    if name == "DWELLING_ROW":
        return f"dwelling-row {spec.DWELLING_ROW_NAMES[i]}"
    if name == "ROOM":
        c, r = divmod(i, spec.MAX_ROOMS)
        return f"room {cell_name(c)} {r + 1}"
    if name == "CROP_ROOM":
        sp, r = divmod(i, spec.MAX_ROOMS)
        return f"crop-room {sp} {r + 1}"
    if name == "DOCK":
        return f"dock {i}"
    if name in ("BORDER_SPACE", "QUARRY_SPACE"):
        return f"{_slug(name)} {SERVANTS[i]}"
    if name == "MINOR":
        return f"minor {MINORS[i]}"
    if name == "BORDER":
        return f"border {i}"
    if name == "GOOD":
        return "deben" if i == GOOD_DEBEN else f"good {GOODS[i]}"
    if name == "MATERIAL":
        return f"material {MATERIALS[i]}"
    if name == "PYRAMID_PLACE":
        m, sp = divmod(i, spec.PYR_MAX_SPACES)
        return f"pyramid {MATERIALS[m]} {sp}"
    if name == "MOORING":
        return f"mooring {MOORINGS[i]}"
    if name == "PLAYER":
        if i < n - 1:
            return f"player {(_chooser(s) + 1 + i) % n}"
        return f"player +{i + 1}"
    if name == "REWARD":
        return "reward die" if i == 0 else f"reward table-{i}"
    if name == "MANDATE_USE":
        return f"mandate {MANDATE_USES[i]}"
    if name == "MARKET":
        return f"{'buy' if i < spec.NUM_GOODS else 'sell'} {GOODS[i % spec.NUM_GOODS]}"
    if name == "REVENUE_OPTION":
        return f"revenue {REVENUE_OPTIONS[i]}"
    if name == "UPKEEP":
        return ("upkeep pay", "upkeep tumult")[i]
    if name == "FAMILY_FACE":
        return f"side {adv.FACE_NAMES[i]}"
    if name == "ADV_MINOR":
        return ("family-minor", "decree-pyramid")[i]
    if name in ("DECREE_PLAY", "DECREE_JOIN"):
        return f"{name[7:].lower()} {DECREES[i]}"
    if name == "DECREE_MOVE":
        return f"move {DECREES[i // adv.NUM_DECREES]} {DECREES[i % adv.NUM_DECREES]}"
    if name == "DIE_CHOICE":
        return f"keep-die {i + 1}"
    if name == "RA_BONUS":
        return f"ra-bonus {RA_BONUS_NAMES[i]}"
    # PENALTY_TARGET
    if i < PEN_CROP_BASE:
        return f"lose-building {cell_name(i)}"
    if i < PEN_TEMPLE_BASE:
        return f"lose-crop {i - PEN_CROP_BASE}"
    return f"lose-temple {i - PEN_TEMPLE_BASE}"


_FORMS = ("'done', 'yes', 'license', 'construct <building|crop|temple>', "
          "'servant [independent-]<artisan|scribe|priest>', 'place <square> <orientation 0-7>', "
          "'plantation <0-7> barley|papyrus', 'god <name>', 'temple <0-3|ra>', 'dwelling-row <colour>', "
          "'room <square> <1|2>', 'crop-room <0-7> <1|2>', 'dock <0-3>', 'border-space|quarry-space <servant>', "
          "'minor <artisan-to-pyramid|servants-to-wharf|servant-to-just-built>', 'border <0-2>', "
          "'good <good>', 'deben', 'material <material>', 'pyramid <material> <space 0-17>', "
          "'mooring <name>', 'player <seat>|+<k>', 'reward die|table-<1-4>', 'mandate <use>', "
          "'buy|sell <good>', 'revenue <material|pyramid|offering|god>', 'upkeep pay|tumult', "
          "'lose-building <square>', 'lose-crop <0-7>', 'lose-temple <0-3>', 'side a|b', "
          "'family-minor', 'decree-pyramid', 'play|join <decree>', 'move <decree> <decree>', "
          "'keep-die 1|2', 'ra-bonus <prestige|construction|medjay|ra-offering>'")


def _index(word, count):
    if word.isdigit() and int(word) < count:
        return int(word)
    raise KeyError(word)


def str_to_action(state, text):
    """Inverse of action_to_str; ValueError naming the accepted forms."""
    s = one_state(state)
    w = str(text).split()
    n = int(s["num_players"])
    try:
        return _parse(s, w, n)
    except (KeyError, ValueError):
        pass
    raise ValueError(f"cannot read action {text!r}; forms: {_FORMS}")


def _parse(s, w, n):
    head, args = (w[0], w[1:]) if w else ("", [])
    one = args[0] if len(args) == 1 else None
    if not args and head in ("family-minor", "decree-pyramid"):
        return action_of("ADV_MINOR", ("family-minor", "decree-pyramid").index(head))
    if head == "move" and len(args) == 2:
        return action_of("DECREE_MOVE", DECREES.index(args[0]) * adv.NUM_DECREES + DECREES.index(args[1]))
    if not args and head in ("done", "yes", "license", "deben"):
        return action_of("GOOD", GOOD_DEBEN) if head == "deben" else action_of(head.upper())
    if head == "construct" and one in [_pool_word(k) for k in range(spec.NUM_POOLS)]:
        return action_of("CONSTRUCT", [_pool_word(k) for k in range(spec.NUM_POOLS)].index(one))
    if head == "servant" and one is not None:
        indep = one.startswith("independent-")
        t = SERVANTS.index(one[len("independent-"):] if indep else one)
        return action_of("SERVANT", t + (SERVANT_INDEP if indep else 0))
    if head == "place" and len(args) == 2:
        return action_of("CITY_PLACE", _CELL[args[0]] * spec.MAX_ORIENTATIONS
                         + _index(args[1], spec.MAX_ORIENTATIONS))
    if head == "plantation" and len(args) == 2:
        return action_of("PLANTATION", _index(args[0], spec.NUM_PLANTATION_SPACES) * 2 + CROPS.index(args[1]))
    simple = {"god": ("GOD", GODS), "temple": ("TEMPLE", TEMPLE_SLOT_NAMES),
              "dwelling-row": ("DWELLING_ROW", spec.DWELLING_ROW_NAMES),
              "border-space": ("BORDER_SPACE", SERVANTS), "quarry-space": ("QUARRY_SPACE", SERVANTS),
              "minor": ("MINOR", MINORS), "good": ("GOOD", GOODS), "material": ("MATERIAL", MATERIALS),
              "mooring": ("MOORING", MOORINGS), "mandate": ("MANDATE_USE", MANDATE_USES),
              "revenue": ("REVENUE_OPTION", REVENUE_OPTIONS), "upkeep": ("UPKEEP", ("pay", "tumult")),
              "ra-bonus": ("RA_BONUS", RA_BONUS_NAMES),
              "dock": ("DOCK", tuple(str(d) for d in range(spec.NUM_DOCKS))),
              "border": ("BORDER", tuple(str(b) for b in range(spec.NUM_BORDERS))),
              "side": ("FAMILY_FACE", adv.FACE_NAMES), "play": ("DECREE_PLAY", DECREES),
              "join": ("DECREE_JOIN", DECREES), "keep-die": ("DIE_CHOICE", ("1", "2"))}
    if head in simple and one is not None:
        block, names = simple[head]
        return action_of(block, names.index(one))
    if head in ("room", "crop-room") and len(args) == 2:
        r = _index(args[1], spec.MAX_ROOMS + 1) - 1
        if r < 0:
            raise KeyError(args[1])
        if head == "room":
            return action_of("ROOM", _CELL[args[0]] * spec.MAX_ROOMS + r)
        return action_of("CROP_ROOM", _index(args[0], spec.NUM_PLANTATION_SPACES) * spec.MAX_ROOMS + r)
    if head == "pyramid" and len(args) == 2:
        return action_of("PYRAMID_PLACE", MATERIALS.index(args[0]) * spec.PYR_MAX_SPACES
                         + _index(args[1], spec.PYR_MAX_SPACES))
    if head == "player" and one is not None:
        if one.startswith("+"):
            k = _index(one[1:], spec.MAX_PLAYERS) - 1
            if k >= n - 1:
                return A_PLAYER + k
        else:
            q = _index(one, n)
            k = (q - _chooser(s) - 1) % n
            if k < n - 1:
                return A_PLAYER + k
        raise KeyError(one)
    if head == "reward" and one is not None:
        return action_of("REWARD", 0 if one == "die" else
                         ("table-1", "table-2", "table-3", "table-4").index(one) + 1)
    if head in ("buy", "sell") and one is not None:
        return action_of("MARKET", GOODS.index(one) + (0 if head == "buy" else spec.NUM_GOODS))
    if head == "lose-building" and one is not None:
        return action_of("PENALTY_TARGET", _CELL[one])
    if head == "lose-crop" and one is not None:
        return action_of("PENALTY_TARGET", PEN_CROP_BASE + _index(one, spec.NUM_PLANTATION_SPACES))
    if head == "lose-temple" and one is not None:
        return action_of("PENALTY_TARGET", PEN_TEMPLE_BASE + _index(one, spec.PANTHEON_SPACES))
    raise KeyError(head)


# =============================================================================
# advanced rules: families and decrees
# =============================================================================
def _adv_view(s, n):
    i = int
    fam = None
    if s["opt_families"]:
        fam = [{"card": FAMILIES[s["fam_card"][p]] if s["fam_card"][p] >= 0 else None,
                "side": _opt(s["fam_face"][p], adv.FACE_NAMES), "border": _opt(s["fam_border"][p])}
               for p in range(n)]
    dec = None
    if s["opt_decrees"]:
        loc = s["dec_loc"]
        dec = {"deck": [DECREES[c] for c in s["dec_deck"][:s["dec_deck_n"]]],
               "hands": [[DECREES[c] for c in range(adv.NUM_DECREES) if loc[c] == p] for p in range(n)],
               "in_play": [{"card": DECREES[c], "played_by": i(loc[c] - 4),
                            "markers": [p for p in range(n) if s["dec_marker"][c, p]]}
                           for c in range(adv.NUM_DECREES) if 4 <= loc[c] < adv.DEC_DECK],
               "markers_left": [i(x) for x in s["dec_markers_left"][:n]]}
    return {"options": {"families": bool(s["opt_families"]), "decrees": bool(s["opt_decrees"])},
            "families": fam, "decrees": dec}


def _adv_pending_view(s):
    i = int
    return {
        "family_debens_left": i(s["fam_debens_left"]),
        "family_build": _opt(s["fam_build"], COLORS),
        "medjay_split": {"left": i(s["split_left"]), "borders": [i(x) for x in s["split"]]},
        "offers": [{"seat": i(q[0]), "good": GOODS[q[1]]} for q in s["offer_q"][:s["offer_n"]]],
        "dice": None if s["die_faces"][0] < 0 else {"level": i(s["die_level"]) + 1,
                                                     "faces": [i(x) for x in s["die_faces"]]},
    }


def _read_advanced(s, v, n):
    s["opt_families"] = v["options"]["families"]
    s["opt_decrees"] = v["options"]["decrees"]
    _read_families(s, v["families"], n)
    _read_decrees(s, v["decrees"], n)
    pv = v["pending"]
    s["fam_debens_left"] = int_in(pv["family_debens_left"], "pending.family_debens_left", 0,
                                  adv.AAMENEMES_DEBENS_GIVEN)
    s["fam_build"] = -1 if pv["family_build"] is None else _name(pv["family_build"], COLORS, "pending.family_build")
    ms = pv["medjay_split"]
    check_keys(ms, "pending.medjay_split", ("left", "borders"))
    s["split_left"] = int_in(ms["left"], "pending.medjay_split.left", 0, 127)
    for b, x in enumerate(_list(ms["borders"], "pending.medjay_split.borders", spec.NUM_BORDERS)):
        s["split"][b] = int_in(x, f"pending.medjay_split.borders[{b}]", 0, 127)
    offers = _list(pv["offers"], "pending.offers")
    if len(offers) > adv.MAX_OFFERS:
        raise ValueError(f"pending.offers: at most {adv.MAX_OFFERS}")
    for j, x in enumerate(offers):
        check_keys(x, f"pending.offers[{j}]", ("seat", "good"))
        s["offer_q"][j] = (_owner(x["seat"], f"pending.offers[{j}].seat", n),
                           _name(x["good"], GOODS, f"pending.offers[{j}].good"))
    s["offer_n"] = len(offers)
    dice = pv["dice"]
    if dice is not None:
        check_keys(dice, "pending.dice", ("level", "faces"))
        s["die_level"] = int_in(dice["level"], "pending.dice.level", 1, 2) - 1
        for k, x in enumerate(_list(dice["faces"], "pending.dice.faces", 2)):
            s["die_faces"][k] = int_in(x, f"pending.dice.faces[{k}]", 0, spec.DIE_FACES - 1)
    faces = [int(s["fam_card"][p]) * 2 + int(s["fam_face"][p]) if s["fam_face"][p] >= 0 else -1
             for p in range(n)]
    if s["fam_debens_left"] and adv.FF_AAM_A not in faces:
        raise ValueError("pending.family_debens_left needs a Vizier on Aamenemes-Ankh side a")
    tp = int(s["turn_player"])
    if s["fam_build"] >= 0 and (faces[tp] < 0 or adv.FACE_BUILD_COLOR[faces[tp]] != s["fam_build"]):
        raise ValueError("pending.family_build needs the turn player's Family side to build that colour")
    if s["split_left"] and faces[int(s["gain_player"])] != adv.FF_NEFER_B:
        raise ValueError("pending.medjay_split needs pending.gain_player on Nefer-Seshem side b")
    if (s["offer_n"] or dice is not None) and not (s["opt_decrees"] or s["opt_families"]):
        raise ValueError("pending offers and dice need the families or decrees option")


def _read_families(s, fam, n):
    if not s["opt_families"]:
        if fam is not None:
            raise ValueError("families: given while options.families is off")
        return
    fam = _list(fam, "families", n)
    seen = set()
    for p, x in enumerate(fam):
        what = f"families[{p}]"
        check_keys(x, what, ("card", "side", "border"))
        if x["card"] is None:
            if x["side"] is not None:
                raise ValueError(f"{what}: a side needs a Family card")
            card = -1
        else:
            card = _name(x["card"], FAMILIES, f"{what}.card")
            if card in seen:
                raise ValueError(f"{what}: Family card {x['card']!r} is dealt twice")
            seen.add(card)
        s["fam_card"][p] = card
        s["fam_face"][p] = -1 if x["side"] is None else _name(x["side"], adv.FACE_NAMES, f"{what}.side")
        if card == adv.F_RAEMKA and s["fam_face"][p] == adv.FACE_B and not s["opt_decrees"]:
            raise ValueError(f"{what}: Ra-em-ka side b needs options.decrees")
        s["fam_border"][p] = -1 if x["border"] is None else int_in(x["border"], f"{what}.border", 0,
                                                                   spec.NUM_BORDERS - 1)
        if s["fam_border"][p] >= 0 and card * 2 + s["fam_face"][p] != adv.FF_NEFER_A:
            raise ValueError(f"{what}: only Nefer-Seshem side a chooses a border")


def _read_decrees(s, dec, n):
    if not s["opt_decrees"]:
        if dec is not None:
            raise ValueError("decrees: given while options.decrees is off")
        return
    keys = ("deck", "hands", "in_play", "markers_left")
    check_keys(dec, "decrees", keys)
    where = {}

    def card(x, what):
        c = _name(x, DECREES, what)
        if c in where:
            raise ValueError(f"{what}: decree {x!r} is also in {where[c]}")
        where[c] = what
        return c

    for j, x in enumerate(_list(dec["deck"], "decrees.deck")):
        c = card(x, f"decrees.deck[{j}]")
        s["dec_deck"][j] = c
        s["dec_loc"][c] = adv.DEC_DECK
    s["dec_deck_n"] = len(dec["deck"])
    for p, hand in enumerate(_list(dec["hands"], "decrees.hands", n)):
        for j, x in enumerate(_list(hand, f"decrees.hands[{p}]")):
            s["dec_loc"][card(x, f"decrees.hands[{p}][{j}]")] = p
    for j, x in enumerate(_list(dec["in_play"], "decrees.in_play")):
        what = f"decrees.in_play[{j}]"
        check_keys(x, what, ("card", "played_by", "markers"))
        c = card(x["card"], f"{what}.card")
        s["dec_loc"][c] = 4 + _owner(x["played_by"], f"{what}.played_by", n)
        ms = _list(x["markers"], f"{what}.markers")
        if adv.DECREE_EXCLUSIVE[c] and len(ms) > 1:
            raise ValueError(f"{what}: {x['card']!r} is exclusive: one Decree Marker at most")
        for q in ms:
            q = _owner(q, f"{what}.markers", n)
            if s["dec_marker"][c, q]:
                raise ValueError(f"{what}.markers: seat {q} listed twice")
            s["dec_marker"][c, q] = 1
    missing = sorted(set(range(adv.NUM_DECREES)) - set(where))
    if missing:
        raise ValueError(f"decrees: cards {[DECREES[c] for c in missing]} are nowhere (deck, hands, in_play)")
    for p, x in enumerate(_list(dec["markers_left"], "decrees.markers_left", n)):
        left = int_in(x, f"decrees.markers_left[{p}]", 0, adv.DECREE_MARKERS)
        if left + int(s["dec_marker"][:, p].sum()) != adv.DECREE_MARKERS:
            raise ValueError(f"decrees.markers_left[{p}]: markers left + markers in play must be "
                             f"{adv.DECREE_MARKERS}")
        s["dec_markers_left"][p] = left
