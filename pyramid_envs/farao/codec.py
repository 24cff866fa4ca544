"""Farao JSON view (to_dict / from_dict) and readable action names.

Fields are named by column letter and row number on the grid that includes the
outside-wall ring: "a1" is the north-west entrance; the small pyramid's grid runs
a1..i9 (chamber e5), the big one's a1..k11 (chamber f6). Tiles are ids into spec's
tile table; items and inscription colours by name.
"""
import numpy as np

from . import spec
from .reach import scratch, stuck
from .rules import STATE, _fill_mask
from ..core.jsonview import boolean, check_keys, check_written_as_view, int_in, one_state

CELL_NAMES = tuple(f"{chr(ord('a') + c % spec.MAX_GRID)}{c // spec.MAX_GRID + 1}"
                   for c in range(spec.NUM_CELLS))
_CELL_BY_NAME = {n: i for i, n in enumerate(CELL_NAMES)}
_KEYS = {"game", "num_players", "pyramid", "inscriptions_to_open", "end_when_stuck",
         "current_player", "phase", "die", "steps_left", "mover", "moved", "must_spend", "prev",
         "target", "target_dir", "tiles", "figures", "place", "chamber_open", "items",
         "discovered", "coffer",
         "inscriptions", "curse", "victims", "victim_idx", "steps", "rng", "terminated",
         "scores"}
_CELL_WORDS = {spec.PH_MAP_PICK: "map", spec.PH_CURSE: "curse"}
_ITEM_WORDS = {spec.PH_COFFER: "take", spec.PH_ROB: "rob"}
_MOVE_PHASES = (spec.PH_STEP, spec.PH_ORIENT, spec.PH_MAP_PICK, spec.PH_MAP_ORIENT,
                spec.PH_CURSE, spec.PH_COFFER)


def tile_name(t):
    """e.g. 'T inscription-red' or 'dead-end secret-tunnel'."""
    return f"{spec.SHAPE_NAMES[spec.TILE_SHAPE[t]]} {spec.SYMBOL_NAMES[spec.TILE_SYMBOL[t]]}"


def cell_of(name, pyramid=None, what="field"):
    """Cell index of a field name; with `pyramid`, it must be a field of that board."""
    if not isinstance(name, str) or name not in _CELL_BY_NAME:
        raise ValueError(f"{what}: unknown field {name!r}; fields are named like 'a1' (north-west "
                         "entrance) .. 'i9' (small) or 'k11' (big)")
    c = _CELL_BY_NAME[name]
    if pyramid is not None and spec.CELL_KIND[pyramid, c] == spec.C_NONE:
        raise ValueError(f"{what}: {name!r} is off the {spec.PYRAMID_NAMES[pyramid]} pyramid's board")
    return c


def to_dict(state):
    s = one_state(state)
    n = int(s["num_players"])
    pyr = int(s["pyramid"])
    cell = lambda c: None if c < 0 else CELL_NAMES[c]  # noqa: E731
    items = lambda row: [spec.ITEM_NAMES[k] for k in range(spec.NUM_ITEMS) if row[k]]  # noqa: E731
    return {
        "game": "farao_v1",
        "num_players": n,
        "pyramid": spec.PYRAMID_NAMES[pyr],
        "inscriptions_to_open": int(s["need"]),
        "end_when_stuck": bool(s["end_stuck"]),
        "current_player": int(s["current_player"]),
        "phase": spec.PHASE_NAMES[s["phase"]],
        "die": int(s["die"]),
        "steps_left": int(s["steps_left"]),
        "mover": None if s["mover"] < 0 else int(s["mover"]),
        "moved": bool(s["moved"]),
        "must_spend": bool(s["must_spend"]),
        "prev": cell(s["prev"]),
        "target": cell(s["target"]),
        "target_dir": None if s["target_dir"] < 0 else spec.DIR_NAMES[s["target_dir"]],
        "tiles": {CELL_NAMES[c]: {"tile": int(s["tile"][c]), "rot": int(s["rot"][c]),
                                  "up": bool(s["up"][c])}
                  for c in range(spec.NUM_CELLS) if spec.CELL_KIND[pyr, c] == spec.C_TILE},
        "figures": [[cell(c) for c in s["fig"][p]] for p in range(n)],
        "place": [int(x) for x in s["place"][:n]],
        "chamber_open": bool(s["chamber_open"]),
        "items": [items(s["items"][p]) for p in range(n)],
        "discovered": items(s["discovered"]),
        "coffer": items(s["coffer"]),
        "inscriptions": [[spec.COLOUR_NAMES[c] for c in range(spec.NUM_COLOURS) if s["insc"][p, c]]
                         for p in range(n)],
        "curse": cell(s["curse"]),
        "victims": [int(v) for v in s["victims"][: s["num_victims"]]],
        "victim_idx": int(s["victim_idx"]),
        "steps": int(s["steps"]),
        "rng": int(s["rng"]),
        "terminated": bool(s["terminated"]),
        "scores": [int(x) for x in s["scores"][:n]],
    }


def _names(v, names, allowed, what):
    """A list of distinct names out of names[:allowed] -> indices."""
    if not isinstance(v, list):
        raise ValueError(f"{what} must be a list of names, got {v!r}")
    out = []
    for x in v:
        if x not in names[:allowed]:
            raise ValueError(f"{what}: {x!r} is not one of {list(names[:allowed])}")
        if names.index(x) in out:
            raise ValueError(f"{what}: {x!r} listed twice")
        out.append(names.index(x))
    return out


def from_dict(d):
    """Build one game (a 1-element STATE array) from its JSON view, checking every part.

    Every key to_dict writes must be given, and no other; `terminated` and `scores` follow
    from the position and may be left out (they are checked when given)."""
    check_keys(d, "position", _KEYS, optional=("terminated", "scores"))
    if d["game"] != "farao_v1":
        raise ValueError(f"this is a Farao position loader, got game {d['game']!r}")
    n = int_in(d["num_players"], "num_players", spec.MIN_PLAYERS, spec.MAX_PLAYERS)
    if d["pyramid"] not in spec.PYRAMID_NAMES:
        raise ValueError(f"pyramid must be one of {list(spec.PYRAMID_NAMES)}, got {d['pyramid']!r}")
    pyr = spec.PYRAMID_NAMES.index(d["pyramid"])
    need = d["inscriptions_to_open"]
    if need not in (5, 7) or isinstance(need, bool):
        raise ValueError(f"inscriptions_to_open must be 5 or 7, got {need!r}")
    if need > spec.COLOURS_IN_GAME[pyr]:
        raise ValueError("inscriptions_to_open=7 needs the big pyramid (the small one has 5 colours)")
    st = np.zeros(1, STATE)
    s = st[0]
    s["num_players"] = n
    s["pyramid"] = pyr
    s["need"] = need
    s["end_stuck"] = boolean(d["end_when_stuck"], "end_when_stuck")
    s["steps"] = int_in(d["steps"], "steps", 0, 2**31 - 1)
    s["rng"] = np.uint64(int_in(d["rng"], "rng", 0, 2**64 - 1))
    kind = spec.CELL_KIND[pyr]
    field = lambda v, what: -1 if v is None else cell_of(v, pyr, what)  # noqa: E731

    # tiles: every pyramid cell holds exactly one tile, every tile of the game is placed once
    tiles = d["tiles"]
    if not isinstance(tiles, dict):
        raise ValueError("tiles must map field names to {'tile': id, 'rot': 0..3, 'up': bool}")
    s["tile"][:] = -1
    nt = spec.TILES_IN_GAME[pyr]
    where = {}
    for name, v in tiles.items():
        c = cell_of(name, pyr, "tiles")
        if kind[c] != spec.C_TILE:
            raise ValueError(f"tiles[{name!r}]: {name} is not a pyramid tile field "
                             "(the outside wall and the burial chamber hold no tile)")
        check_keys(v, f"tiles[{name!r}]", ("tile", "rot", "up"))
        t = int_in(v["tile"], f"tiles[{name!r}].tile", 0, nt - 1)
        if t in where:
            raise ValueError(f"tile {t} is placed twice: on {where[t]} and on {name}")
        where[t] = name
        s["tile"][c] = t
        s["rot"][c] = int_in(v["rot"], f"tiles[{name!r}].rot", 0, 3)
        s["up"][c] = boolean(v["up"], f"tiles[{name!r}].up")
        if not s["up"][c] and s["rot"][c] != 0:
            raise ValueError(f"tiles[{name!r}]: a face-down tile has no orientation yet (rot 0)")
    empty = [CELL_NAMES[c] for c in range(spec.NUM_CELLS) if kind[c] == spec.C_TILE and s["tile"][c] < 0]
    if empty:
        raise ValueError(f"every pyramid field needs a tile; empty: {empty}")
    # (48 or 80 fields, each with a distinct tile id < 48 or 80: every tile is placed once)

    # players
    place = d["place"]
    if not isinstance(place, list) or len(place) != n:
        raise ValueError(f"place must list {n} integers (0: still playing, k: k-th into the chamber)")
    for p in range(n):
        s["place"][p] = int_in(place[p], f"place[{p}]", 0, n)
    done = sorted(x for x in place if x)
    over = len(done) == n
    # entered the chamber: 1..k; at the end the last player takes place n, or (a game no
    # one still in can finish) the two or more still in share place k + 1
    finished = sum(x < done[-1] for x in done) if over else len(done)
    stuck_end = over and done[finished:] == [finished + 1] * (n - finished) and finished < n - 1
    if done[:finished] != list(range(1, finished + 1)) or len(done) == n - 1 or (
            over and not stuck_end and done != list(range(1, n + 1))):
        raise ValueError(f"place {place} must number the players that entered the chamber 1, 2, ... "
                         f"with at least two players still in; a finished game gives every place "
                         f"1..{n}, or, ended as no one could finish, the players still in share "
                         "the place after the last to enter")
    s["finished"] = finished
    s["chamber_open"] = boolean(d["chamber_open"], "chamber_open")
    if finished and not s["chamber_open"]:
        raise ValueError("a player entered the burial chamber, so chamber_open must be true")

    figs = d["figures"]
    if not isinstance(figs, list) or len(figs) != n or any(
            not isinstance(f, list) or len(f) != spec.FIGURES for f in figs):
        raise ValueError(f"figures must be {n} lists of {spec.FIGURES} fields (None: waiting)")
    s["fig"][:] = -1
    for p in range(n):
        for k in range(spec.FIGURES):
            c = field(figs[p][k], f"figures[{p}][{k}]")
            s["fig"][p, k] = c
            if c < 0:
                continue
            if 0 < s["place"][p] <= finished:
                raise ValueError(f"player {p} has left the game (place {s['place'][p]}); its figures are off the board")
            if kind[c] == spec.C_CHAMBER:
                raise ValueError(f"figures[{p}][{k}]: a figure in the burial chamber has left the game")
            if kind[c] == spec.C_TILE and not s["up"][c]:
                raise ValueError(f"figures[{p}][{k}]: {CELL_NAMES[c]} is face down; no figure can stand there")

    # items: held + coffer + supply = 5 tokens of each item in the game
    ni = spec.ITEMS_IN_GAME[pyr]
    held = d["items"]
    if not isinstance(held, list) or len(held) != n:
        raise ValueError(f"items must be {n} lists of item names")
    for p in range(n):
        for k in _names(held[p], spec.ITEM_NAMES, ni, f"items[{p}]"):
            s["items"][p, k] = True
    for k in _names(d["discovered"], spec.ITEM_NAMES, ni, "discovered"):
        s["discovered"][k] = True
    for k in _names(d["coffer"], spec.ITEM_NAMES, ni, "coffer"):
        s["coffer"][k] = True  # one of each at setup, never refilled
    for k in range(ni):
        left = spec.ITEM_TOKENS - int(s["items"][:n, k].sum()) - int(s["coffer"][k])
        if left < 0:
            raise ValueError(f"more {spec.ITEM_NAMES[k]} tokens held than the {spec.ITEM_TOKENS} in the game")
        s["supply"][k] = left
    for t in range(nt):
        sym = spec.TILE_SYMBOL[t]
        if spec.SYM_ITEM <= sym < spec.SYM_OBSTACLE and s["up"][s["tile"] == t].any():
            if not s["discovered"][sym - spec.SYM_ITEM]:
                raise ValueError(f"the {spec.ITEM_NAMES[sym - spec.SYM_ITEM]} tile is face up, "
                                 "so that item is discovered")
    nc = spec.COLOURS_IN_GAME[pyr]
    insc = d["inscriptions"]
    if not isinstance(insc, list) or len(insc) != n:
        raise ValueError(f"inscriptions must be {n} lists of colour names")
    for p in range(n):
        for c in _names(insc[p], spec.COLOUR_NAMES, nc, f"inscriptions[{p}]"):
            s["insc"][p, c] = True
    for c in range(nc):
        s["insc_supply"][c] = spec.INSCRIPTION_TOKENS - int(s["insc"][:n, c].sum())
    for p in range(n):
        if s["place"][p] == 1 and finished and s["insc"][p].sum() < need:
            raise ValueError(f"player {p} entered the chamber first without {need} inscriptions")

    s["curse"] = field(d["curse"], "curse")
    if s["curse"] >= 0:
        c = s["curse"]
        if kind[c] != spec.C_TILE or not s["up"][c]:
            raise ValueError("the curse lies on a face-up pyramid tile (never the chamber or the wall)")
        if (s["fig"][:n] == c).any():
            raise ValueError("no figure can stand on the cursed tile")

    # whose turn, and where in it
    s["current_player"] = int_in(d["current_player"], "current_player", 0, n - 1)
    p = int(s["current_player"])
    if d["phase"] not in spec.PHASE_NAMES:
        raise ValueError(f"unknown phase {d['phase']!r}; phases: {list(spec.PHASE_NAMES)}")
    ph = spec.PHASE_NAMES.index(d["phase"])
    s["phase"] = ph
    s["die"] = int_in(d["die"], "die", 1, 6)
    s["steps_left"] = int_in(d["steps_left"], "steps_left", 0, 6)
    s["moved"] = boolean(d["moved"], "moved")
    s["must_spend"] = boolean(d["must_spend"], "must_spend")
    if s["must_spend"] and (ph != spec.PH_STEP or s["moved"]):
        raise ValueError("must_spend (a figure chosen that can move only by an item) holds in "
                         "phase 'step' only, before the figure entered a field")
    s["prev"] = field(d["prev"], "prev")
    s["target"] = field(d["target"], "target")
    if d["target_dir"] is not None and d["target_dir"] not in spec.DIR_NAMES:
        raise ValueError(f"target_dir must be one of {list(spec.DIR_NAMES)} or None")
    s["target_dir"] = -1 if d["target_dir"] is None else spec.DIR_NAMES.index(d["target_dir"])
    mover = d["mover"]
    s["mover"] = -1 if mover is None else int_in(mover, "mover", 0, spec.FIGURES - 1)
    victims = d["victims"]
    if not isinstance(victims, list) or len(victims) > spec.MAX_VICTIMS:
        raise ValueError("victims must list the owners of the attacked figures")
    s["victims"][:] = -1
    for i, v in enumerate(victims):
        s["victims"][i] = int_in(v, "victims[i]", 0, n - 1)
        if v == p:
            raise ValueError("victims: a player does not attack its own figures")
    s["num_victims"] = len(victims)
    s["victim_idx"] = int_in(d["victim_idx"], "victim_idx", 0, len(victims))

    if over:
        if ph != spec.PH_OVER:
            raise ValueError("every place is given: the game is over, phase 'over'")
        if stuck_end and not (s["end_stuck"] and stuck(s, *scratch())):
            raise ValueError("shared places end only a game no one still in can ever finish, "
                             "with end_when_stuck")
        s["terminated"] = True
        for q in range(n):
            s["scores"][q] = n - s["place"][q] + 1
    else:
        if ph == spec.PH_OVER:
            raise ValueError("phase 'over' needs every player but one in the chamber (place)")
        for q in range(n):
            if s["place"][q]:
                s["scores"][q] = n - s["place"][q] + 1
        if s["place"][p]:
            raise ValueError(f"player {p} has left the game and cannot be the player to move")
        if ph == spec.PH_FIGURE:
            if s["mover"] >= 0 or s["steps_left"] or s["moved"] or s["prev"] >= 0 or s["target"] >= 0:
                raise ValueError("phase 'figure' starts a move: mover, prev and target None, "
                                 "steps_left 0, moved false")
            if s["end_stuck"] and stuck(s, *scratch()):
                raise ValueError("no player still in can ever enter the chamber: with end_when_stuck "
                                 "the game ended at the hand-over (load it as over, or with "
                                 "end_when_stuck false)")
        elif ph in _MOVE_PHASES:
            if s["mover"] < 0 or s["fig"][p, s["mover"]] < 0:
                raise ValueError(f"phase {d['phase']!r} needs mover: a figure of player {p} on the board")
            if (ph in (spec.PH_ORIENT, spec.PH_MAP_ORIENT)) != bool(s["target"] >= 0):
                raise ValueError("target is the tile being turned, in phases 'orient' and 'map-orient' only")
            if ph in (spec.PH_ORIENT, spec.PH_MAP_ORIENT):
                c = s["target"]
                if kind[c] != spec.C_TILE or not s["up"][c]:
                    raise ValueError("target must be a pyramid tile, turned face up")
            if (ph == spec.PH_ORIENT) != bool(s["target_dir"] >= 0):
                raise ValueError("target_dir is the direction of the step, in phase 'orient' only")
            if ph == spec.PH_ORIENT and spec.NEIGHBOR[pyr, s["fig"][p, s["mover"]], s["target_dir"]] != s["target"]:
                raise ValueError("in phase 'orient' the target lies next to the moving figure, in target_dir")
        elif ph == spec.PH_ROB:
            if not victims or s["victim_idx"] >= len(victims):
                raise ValueError("phase 'rob' needs victims and victim_idx pointing at one")
        if ph != spec.PH_ROB and victims:
            raise ValueError("victims are listed only while robbing")
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
    if a < spec.A_ENTER:
        return f"figure {a - spec.A_FIGURE + 1}"
    if a < spec.A_DIR:
        return f"enter {spec.CORNER_NAMES[a - spec.A_ENTER]}"
    if a < spec.A_TUNNEL:
        return f"step {spec.DIR_NAMES[a - spec.A_DIR]}"
    if a == spec.A_TUNNEL:
        return "tunnel"
    if a < spec.A_KEY:
        return f"bottle {spec.DIR_NAMES[a - spec.A_BOTTLE]}"
    if a < spec.A_FOOD:
        t, r = divmod(a - spec.A_KEY, 4)
        return f"key {spec.KEY_TARGETS[t]} r{r}"
    if a == spec.A_FOOD:
        return "food"
    if a < spec.A_ROT:
        return f"buy {spec.ITEM_NAMES[a - spec.A_BUY]}"
    if a < spec.A_CELL:
        return f"rot r{a - spec.A_ROT}"
    if a < spec.A_ITEM:
        return f"{_CELL_WORDS.get(int(s['phase']), 'cell')} {CELL_NAMES[a - spec.A_CELL]}"
    if a < spec.A_PASS:
        return f"{_ITEM_WORDS.get(int(s['phase']), 'item')} {spec.ITEM_NAMES[a - spec.A_ITEM]}"
    return "pass"


def str_to_action(state, text):
    """Inverse of action_to_str; 'cell <field>' and 'item <name>' are accepted in any phase."""
    words = str(text).split()
    err = ValueError(
        f"cannot read action {text!r}; forms: 'figure 1-3', 'enter NW|NE|SW|SE', 'step N|E|S|W', "
        "'tunnel', 'bottle <dir>', 'key here|<dir> r0-3', 'food', 'buy <item>', 'rot r0-3', "
        "'map|curse|cell <field>', 'take|rob|item <item>', 'pass'")

    def rot(w):
        if len(w) != 2 or w[0] != "r" or w[1] not in "0123":
            raise err
        return int(w[1])

    if words == ["tunnel"]:
        return spec.A_TUNNEL
    if words == ["food"]:
        return spec.A_FOOD
    if words == ["pass"]:
        return spec.A_PASS
    if len(words) == 2:
        w, x = words
        if w == "figure" and x in ("1", "2", "3"):
            return spec.A_FIGURE + int(x) - 1
        if w == "enter" and x in spec.CORNER_NAMES:
            return spec.A_ENTER + spec.CORNER_NAMES.index(x)
        if w == "step" and x in spec.DIR_NAMES:
            return spec.A_DIR + spec.DIR_NAMES.index(x)
        if w == "bottle" and x in spec.DIR_NAMES:
            return spec.A_BOTTLE + spec.DIR_NAMES.index(x)
        if w == "buy" and x in spec.ITEM_NAMES:
            return spec.A_BUY + spec.ITEM_NAMES.index(x)
        if w == "rot":
            return spec.A_ROT + rot(x)
        if w in ("map", "curse", "cell"):
            return spec.A_CELL + cell_of(x)
        if w in ("take", "rob", "item") and x in spec.ITEM_NAMES:
            return spec.A_ITEM + spec.ITEM_NAMES.index(x)
    if len(words) == 3 and words[0] == "key" and words[1] in spec.KEY_TARGETS:
        return spec.A_KEY + spec.KEY_TARGETS.index(words[1]) * 4 + rot(words[2])
    raise err
