"""Kheops JSON view (to_dict / from_dict) and readable action names.

Cells are named by row (1 = apex) and a column letter: "1a" is the top tile,
"7m" the bottom-right corner. Tiles are ids into spec's tile table.
"""
import numpy as np

from . import spec
from .rules import STATE, _fill_mask
from .scoring import tally
from ..core.jsonview import check_keys, check_written_as_view, int_in, name_of, one_state

CELL_NAMES = tuple(f"{r + 1}{chr(ord('a') + c)}" for r, c in zip(spec.CELL_ROW, spec.CELL_COL))
_CELL_BY_NAME = {n: i for i, n in enumerate(CELL_NAMES)}
_PAWN_BY_NAME = {n: i for i, n in enumerate(spec.PAWN_NAMES)}
_SELECT_WORDS = {spec.PH_SWAP_OWN: "swap", spec.PH_SWAP_OPP: "swap-with",
                 spec.PH_MOVE_PAWN: "move", spec.PH_MOVE_DEST: "move-to"}
_KEYS = ("game", "num_players", "current_player", "phase", "board", "pawns", "hands", "pile",
         "removed", "last_placed", "selected", "steps", "rng", "terminated", "scores")


def tile_name(t):
    """e.g. 'room/2 ankh': kind, number of openings, symbol."""
    sym = spec.SYMBOL_NAMES[spec.TILE_SYMBOL[t]]
    return f"{spec.KIND_NAMES[spec.TILE_KIND[t]]}/{spec.TILE_NUM_OPEN[t]} {sym}"


def cell_of(name, what="cell"):
    """Cells are named like '1a' (apex) to '7m'."""
    return name_of(name, _CELL_BY_NAME, what)


def to_dict(state):
    s = one_state(state)
    cell = lambda c: None if c < 0 else CELL_NAMES[c]  # noqa: E731
    return {
        "game": "kheops_v1",
        "num_players": int(s["num_players"]),
        "current_player": int(s["current_player"]),
        "phase": spec.PHASE_NAMES[s["phase"]],
        "board": {CELL_NAMES[c]: {"tile": int(s["cell_tile"][c]), "rot": int(s["cell_rot"][c])}
                  for c in range(spec.NUM_CELLS) if s["cell_tile"][c] >= 0},
        "pawns": {CELL_NAMES[c]: {"owner": int(s["pawn_owner"][c]),
                                  "kind": spec.PAWN_NAMES[s["pawn_kind"][c]]}
                  for c in range(spec.NUM_CELLS) if s["pawn_owner"][c] >= 0},
        "hands": [[None if t < 0 else int(t) for t in s["hand"][p]] for p in range(2)],
        "pile": [int(t) for t in s["pile"][: s["pile_size"]]],
        "removed": [int(x) for x in s["removed"]],
        "last_placed": cell(s["last_placed"]),
        "selected": cell(s["selected"]),
        "steps": int(s["steps"]),
        "rng": int(s["rng"]),
        "terminated": bool(s["terminated"]),
        "scores": [int(x) for x in s["scores"]],
    }


def _tile_id(v, where):
    return int_in(v, f"{where}: tile id", 0, spec.NUM_TILES - 1)


def from_dict(d):
    """Build one game (a 1-element STATE array) from its JSON view, checking every part.

    Every key to_dict writes must be given, and no other; `terminated` and `scores` follow
    from the position and may be left out (they are checked when given)."""
    check_keys(d, "position", _KEYS, optional=("terminated", "scores"))
    if d["game"] != "kheops_v1":
        raise ValueError(f"this is a Kheops position loader, got game {d['game']!r}")
    if d["num_players"] != 2:
        raise ValueError(f"Kheops is for exactly 2 players, got num_players={d['num_players']!r}")
    st = np.zeros(1, STATE)
    s = st[0]
    s["num_players"] = 2
    s["current_player"] = int_in(d["current_player"], "current_player", 0, 1)
    s["steps"] = int_in(d["steps"], "steps", 0, 2**31 - 1)
    s["rng"] = np.uint64(int_in(d["rng"], "rng", 0, 2**64 - 1))
    if d["phase"] not in spec.PHASE_NAMES:
        raise ValueError(f"unknown phase {d['phase']!r}; phases: {list(spec.PHASE_NAMES)}")
    s["phase"] = spec.PHASE_NAMES.index(d["phase"])

    seen = {}

    def claim(t, where):
        if t in seen:
            raise ValueError(f"tile {t} appears twice: in {seen[t]} and in {where}")
        seen[t] = where

    s["cell_tile"][:] = -1
    s["cell_rot"][:] = 0
    if not isinstance(d["board"], dict):
        raise ValueError("board must map cell names to {'tile': id, 'rot': 0..2}")
    for name, v in d["board"].items():
        c = cell_of(name, "board")
        check_keys(v, f"board[{name!r}]", ("tile", "rot"))
        t = _tile_id(v["tile"], f"board[{name!r}]")
        claim(t, f"board {name}")
        s["cell_tile"][c] = t
        s["cell_rot"][c] = int_in(v["rot"], "rot", 0, 2)
    if not d["board"]:
        raise ValueError("the board needs at least one tile")

    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != 2 or any(
            not isinstance(h, list) or len(h) > spec.HAND_SIZE for h in hands):
        raise ValueError("hands must be two lists of at most 3 tile ids (None for an empty slot)")
    s["hand"][:] = -1
    for p, h in enumerate(hands):
        for j, t in enumerate(h):
            if t is not None:
                t = _tile_id(t, f"hands[{p}]")
                claim(t, f"hand of player {p}")
                s["hand"][p, j] = t
    if not isinstance(d["pile"], list):
        raise ValueError("pile must be a list of tile ids, bottom first")
    s["pile"][:] = -1
    for i, t in enumerate(d["pile"]):
        t = _tile_id(t, "pile")
        claim(t, "pile")
        s["pile"][i] = t
    s["pile_size"] = len(d["pile"])
    absent = sorted(set(range(spec.NUM_TILES)) - set(seen))
    if absent:
        raise ValueError(f"every tile must be on the board, in a hand or in the pile; missing {absent}")

    s["pawn_owner"][:] = -1
    s["pawn_kind"][:] = -1
    if not isinstance(d["pawns"], dict):
        raise ValueError("pawns must map cell names to {'owner': 0|1, 'kind': name}")
    for name, v in d["pawns"].items():
        c = cell_of(name, "pawns")
        check_keys(v, f"pawns[{name!r}]", ("owner", "kind"))
        kind = name_of(v["kind"], _PAWN_BY_NAME, f"pawns[{name!r}].kind")
        if s["cell_tile"][c] < 0 or spec.TILE_SYMBOL[s["cell_tile"][c]] == spec.CLOSED:
            raise ValueError(f"pawns[{name!r}]: a pawn needs a tile there that is not closed")
        s["pawn_owner"][c] = int_in(v["owner"], "owner", 0, 1)
        s["pawn_kind"][c] = kind
    if not isinstance(d["removed"], list) or len(d["removed"]) != 2:
        raise ValueError("removed must list the workers each player lost to a mummy")
    for p in range(2):
        s["removed"][p] = int_in(d["removed"][p], f"removed[{p}]", 0, 16)
        for k in range(spec.NUM_PAWN_KINDS):
            left = spec.PAWN_COUNTS[p, k] - np.sum(
                (s["pawn_owner"] == p) & (s["pawn_kind"] == k)) - (s["removed"][p] if k == spec.WORKER else 0)
            if left < 0:
                raise ValueError(f"pawns, removed: player {p} has more {spec.PAWN_NAMES[k]} pawns than the game holds")
            s["supply"][p, k] = left

    for p in range(2):
        mummy_out = s["supply"][p, spec.MUMMY] == 0
        if not mummy_out and (s["supply"][p, spec.PRIEST] == 0 or s["supply"][p, spec.PHARAOH] < spec.PAWN_COUNTS[p, spec.PHARAOH]):
            raise ValueError(f"pawns: player {p} has a priest or Pharaoh in play before its mummy")
        if s["removed"][p] > 0 and s["supply"][1 - p, spec.MUMMY] > 0:
            raise ValueError(f"removed[{p}]: player {p} lost workers to a mummy that player {1 - p} has not played")
    for key in ("last_placed", "selected"):
        s[key] = -1 if d[key] is None else cell_of(d[key], key)
    ph, p = s["phase"], s["current_player"]
    if ph not in (spec.PH_PAWN, spec.PH_TILE, spec.PH_OVER) and (
            s["last_placed"] < 0 or s["pawn_owner"][s["last_placed"]] != p):
        raise ValueError(f"phase {d['phase']!r} needs last_placed: the cell of the pawn player {p} just placed")
    if ph in (spec.PH_SWAP_OPP, spec.PH_MOVE_DEST) and (
            s["selected"] < 0 or s["pawn_owner"][s["selected"]] != p):
        raise ValueError(f"phase {d['phase']!r} needs selected: a cell with a pawn of player {p}")

    full = bool((s["cell_tile"] >= 0).all())
    if full != (ph == spec.PH_OVER):
        raise ValueError("phase 'over' goes with a full board and a full board with phase 'over'")
    if full:
        s["terminated"] = True
        s["scores"][:] = tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])[3]
    else:
        mask = np.zeros(spec.NUM_ACTIONS, np.int8)
        _fill_mask(s, mask)
        if not mask.any():
            raise ValueError(f"player {p} has no legal action in phase {d['phase']!r} of this position")
    for key in ("terminated", "scores"):
        if key in d and d[key] != to_dict(st)[key]:
            raise ValueError(f"{key} {d[key]!r} does not match the position ({to_dict(st)[key]!r})")
    check_written_as_view(d, to_dict(st))
    return st


def action_to_str(state, a):
    s = one_state(state)
    a = int(a)
    if not 0 <= a < spec.NUM_ACTIONS:
        raise ValueError(f"action {a} is outside [0, {spec.NUM_ACTIONS})")
    if a < spec.A_PIVOT:
        k, c = divmod(a - spec.A_PAWN, spec.NUM_CELLS)
        return f"{spec.PAWN_NAMES[k]} {CELL_NAMES[c]}"
    if a < spec.A_SELECT:
        c, r = divmod(a - spec.A_PIVOT, 3)
        return f"pivot {CELL_NAMES[c]} r{r}"
    if a < spec.A_TILE:
        word = _SELECT_WORDS.get(int(s["phase"]), "select")
        return f"{word} {CELL_NAMES[a - spec.A_SELECT]}"
    j, rest = divmod(a - spec.A_TILE, spec.NUM_CELLS * 3)
    c, r = divmod(rest, 3)
    return f"tile {j + 1} {CELL_NAMES[c]} r{r}"


def str_to_action(state, text):
    """Inverse of action_to_str; also accepts 'select <cell>' for any cell choice."""
    words = str(text).split()
    err = ValueError(
        f"cannot read action {text!r}; forms: '<pawn> <cell>' (pawn: {', '.join(spec.PAWN_NAMES)}), "
        "'pivot <cell> r<0-2>', 'select|swap|swap-with|move|move-to <cell>', "
        "'tile <1-3> <cell> r<0-2>'")

    def rot(w):
        if len(w) != 2 or w[0] != "r" or w[1] not in "012":
            raise err
        return int(w[1])

    if len(words) == 2 and words[0] in spec.PAWN_NAMES:
        return spec.A_PAWN + spec.PAWN_NAMES.index(words[0]) * spec.NUM_CELLS + cell_of(words[1])
    if len(words) == 2 and words[0] in ("select", *_SELECT_WORDS.values()):
        return spec.A_SELECT + cell_of(words[1])
    if len(words) == 3 and words[0] == "pivot":
        return spec.A_PIVOT + cell_of(words[1]) * 3 + rot(words[2])
    if len(words) == 4 and words[0] == "tile" and words[1] in ("1", "2", "3"):
        return spec.A_TILE + ((int(words[1]) - 1) * spec.NUM_CELLS + cell_of(words[2])) * 3 + rot(words[3])
    raise err
