"""Krimsutep JSON view (to_dict / from_dict) and readable action names.

Cells are named by column letter and row number: "a1" is (0, 0), the square beside
the base camp, "f6" the grave chamber; "camp" is the base camp. Path cards, jars and
treasures are ids into spec's card table (0-14 light, 15-34 dark, 35-39 jars,
40-44 treasures, by god Anubis, Bastet, Horus, Osiris, Sobek); excavation cards are
ids 0-39 into spec.EXC_SYM. See docs/rules/krimsutep.md for the layout of the view.
"""
import numpy as np

from . import spec
from .rules import STATE, T_IN_PLAY, T_UNUSED, _fill_mask
from ..core.jsonview import boolean, check_keys, check_written_as_view, int_in, one_state

CELL_NAMES = tuple(f"{'abcdef'[c]}{r + 1}" for r in range(6) for c in range(6))
_CELL_BY_NAME = {n: i for i, n in enumerate(CELL_NAMES)}
TREASURE_STATES = ("unused", "waiting", "in-play", "won")
_GOD_BY_NAME = {g.lower(): i for i, g in enumerate(spec.GODS)}

_KEYS = {"game", "num_players", "play_on", "current_player", "turn", "phase", "steps", "rng",
         "terminated", "scores", "pyramid", "beside", "jars", "treasures", "researchers", "deck",
         "discard", "mummy", "mummy_awake", "turn_state", "pending"}
_RESEARCHER_KEYS = {"pos", "ankhs", "carry_jar", "carry_treasure", "camp_jars", "attacked", "lying",
                    "chamber", "torch", "finished", "hand", "knows"}
# turn bookkeeping: (name in the view, state field, low, high)
_TURN_FIELDS = (("moved", "moved", 0, 1), ("no_move", "no_move", 0, 1),
                ("extra_point_used", "extra_used", 0, 1), ("extra_point", "extra_pt", 0, 1),
                ("mummy_moved", "mummy_moved", 0, 1), ("move_god", "mv_god", -1, 4),
                ("move_points", "mv_pts", 0, 6), ("passage", "mv_tok", 0, 1),
                ("any_exit", "mv_any", 0, 1), ("last_dir", "mv_dir", -1, 3),
                ("move_steps", "mv_steps", 0, 127), ("declaring_path", "planning", 0, 1),
                ("path_walked", "plan_i", 0, spec.MAX_PLAN))
_PENDING_FIELDS = (("resume", "resume", 0, 3), ("wake", "pend_wake", 0, 1),
                   ("pickup", "pend_pickup", -1, 35), ("special", "pend_special", -1, 35),
                   ("mummy_mover", "mm_mover", -1, 4), ("mummy_left", "mm_left", 0, 2),
                   ("mummy_taken", "mm_taken", 0, 2), ("mummy_dir", "mm_dir", -1, 3),
                   ("mummy_target", "mm_target", -1, 35), ("torch_ask", "torch_ask", 0, 31),
                   ("displace", "disp_mask", 0, 31), ("displace_by", "disp_by", -1, 4),
                   ("shooter", "sh_by", -1, 4), ("shoot_target", "sh_target", -1, 4),
                   ("exchange_first", "exch_first", -1, 35), ("treasure_god", "tr_god", -1, 4),
                   ("treasure_stage", "tr_stage", 0, 2), ("treasure_picks_made", "tr_i", 0, 15),
                   ("treasure_picks_total", "tr_total", 0, 15), ("react_i", "react_i", 0, 4),
                   ("step_window", "step_win", 0, 1), ("window_resume", "react_back", -1, 2))
_PENDING_LISTS = ("replace", "treasure_cells", "treasure_cards", "treasure_known_by")
_BOOL_FIELDS = {"moved", "no_move", "extra_used", "extra_pt", "mummy_moved", "mv_any", "pend_wake",
                "planning", "step_win"}


def cell_of(name, what="cell"):
    if not isinstance(name, str) or name not in _CELL_BY_NAME:
        raise ValueError(f"{what}: unknown cell {name!r}; cells are named 'a1' (beside the camp) to 'f6' (grave)")
    return _CELL_BY_NAME[name]


def pos_name(c):
    return "camp" if c == spec.CAMP else CELL_NAMES[c]


def card_name(card):
    """e.g. 'Horus dark T ankh', 'Sobek canopic-jar'."""
    card = int(card)
    god = spec.GODS[spec.CARD_GOD[card]] if card != spec.GRAVE_ID else ""
    sp = spec.CARD_SPECIAL[card]
    if sp in (spec.JAR, spec.TREASURE, spec.GRAVE_CARD):
        return f"{god} {spec.SPECIAL_NAMES[sp]}".strip()
    shapes = {spec.CROSS: "cross", spec.TEE: "T", spec.CORNER: "corner", spec.STRAIGHT: "straight",
              spec.DEAD: "dead-end", spec.CLOSED_SHAPE: "closed"}
    back = "light" if spec.CARD_BACK[card] == spec.LIGHT_BACK else "dark"
    kind = spec.SPECIAL_NAMES[sp] if sp != spec.PLAIN else shapes[int(spec.CARD_SHAPE[card])]
    return f"{god} {back} {kind}" + (" ankh" if spec.CARD_ANKH[card] else "")


def exc_name(k):
    return "/".join(spec.SYMBOL_NAMES[x] for x in spec.EXC_SYM[int(k)])


def to_dict(state):
    s = one_state(state)
    n = int(s["num_players"])
    i = lambda x: int(x)  # noqa: E731
    pyramid = {}
    for c in range(spec.NUM_CELLS):
        if c == spec.GRAVE or s["cell_card"][c] < 0:
            continue
        pyramid[CELL_NAMES[c]] = {"card": i(s["cell_card"][c]), "up": bool(s["cell_up"][c]),
                                  "rot": i(s["cell_rot"][c])}
    researchers = []
    for p in range(n):
        researchers.append({
            "pos": pos_name(s["pos"][p]),
            "ankhs": i(s["ankhs"][p]),
            "carry_jar": None if s["carry_jar"][p] < 0 else i(s["carry_jar"][p]),
            "carry_treasure": None if s["carry_tr"][p] < 0 else i(s["carry_tr"][p]),
            "camp_jars": [spec.GODS[g] for g in range(5) if (s["camp_jars"][p] >> g) & 1],
            "attacked": bool(s["attacked"][p]),
            "lying": bool(s["lying"][p]),
            "chamber": bool(s["chamber"][p]),
            "torch": None if s["torch"][p] < 0 else i(s["torch"][p]),
            "finished": i(s["finished"][p]),
            "hand": [i(x) for x in s["hand"][p][: s["hand_n"][p]]],
            "knows": [CELL_NAMES[c] for c in range(spec.NUM_CELLS) if s["known"][p, c]],
        })
    pending = {name: i(s[f]) if f not in _BOOL_FIELDS else bool(s[f]) for name, f, _, _ in _PENDING_FIELDS}
    pending["resume"] = spec.RESUME_NAMES[s["resume"]]
    pending["replace"] = [i(x) for x in s["rq"][: s["rq_n"]]]
    pending["treasure_cells"] = [CELL_NAMES[c] for c in s["tr_cells"] if c >= 0]
    pending["treasure_cards"] = [i(x) for x in s["tr_cards"][: s["tr_n"]]]
    pending["treasure_known_by"] = [[q for q in range(n) if (s["tr_known"][k] >> q) & 1]
                                    for k in range(s["tr_n"])]
    turn_state = {name: (bool(s[f]) if f in _BOOL_FIELDS else i(s[f])) for name, f, _, _ in _TURN_FIELDS}
    turn_state["path"] = [("reveal " if x >= 4 else "") + spec.DIR_NAMES[x & 3] for x in s["plan"][: s["plan_n"]]]
    return {
        "game": "krimsutep_v1",
        "num_players": n,
        "play_on": bool(s["play_on"]),
        "current_player": i(s["current_player"]),
        "turn": i(s["turn"]),
        "phase": spec.PHASE_NAMES[s["phase"]] if s["phase"] < spec.NUM_PHASES else "resolve",
        "steps": i(s["steps"]),
        "rng": i(s["rng"]),
        "terminated": bool(s["terminated"]),
        "scores": [i(x) for x in s["scores"][:n]],
        "pyramid": pyramid,
        "beside": [{"card": i(s["beside"][k]), "rot": i(s["beside_rot"][k]),
                    "known_by": [p for p in range(n) if s["beside_known"][p, k]]}
                   for k in range(s["beside_n"])],
        "jars": [spec.GODS[g] for g in range(5) if s["jar_used"][g]],
        "treasures": {spec.GODS[g]: TREASURE_STATES[s["treasure_state"][g]] for g in range(5)},
        "researchers": researchers,
        "deck": [i(x) for x in s["deck"][: s["deck_n"]]],
        "discard": [i(x) for x in s["disc"][: s["disc_n"]]],
        "mummy": "grave" if s["mummy"] == spec.GRAVE else CELL_NAMES[s["mummy"]],
        "mummy_awake": bool(s["awake"]),
        "turn_state": turn_state,
        "pending": pending,
    }


# =============================================================================
# from_dict
# =============================================================================


def _god(name, what):
    if not isinstance(name, str) or name.lower() not in _GOD_BY_NAME:
        raise ValueError(f"{what}: unknown god {name!r}; gods: {list(spec.GODS)}")
    return _GOD_BY_NAME[name.lower()]


def _list(v, what):
    if not isinstance(v, list):
        raise ValueError(f"{what} must be a list, got {v!r}")
    return v


def from_dict(d):
    """Build one game (a 1-element STATE array) from its JSON view, checking every part.

    Every key to_dict writes must be given, and no other; `terminated`, and `scores` while
    the game is live, follow from the position and may be left out (checked when given)."""
    check_keys(d, "position", _KEYS, optional=("terminated", "scores"))
    if d["game"] != "krimsutep_v1":
        raise ValueError(f"this is a Krimsutep position loader, got game {d['game']!r}")
    st = np.zeros(1, STATE)
    s = st[0]
    n = int_in(d["num_players"], "num_players", 2, 5)
    s["num_players"] = n
    s["play_on"] = boolean(d["play_on"], "play_on")
    s["current_player"] = int_in(d["current_player"], "current_player", 0, n - 1)
    s["turn"] = int_in(d["turn"], "turn", 0, n - 1)
    if d["phase"] not in spec.PHASE_NAMES:
        raise ValueError(f"unknown phase {d['phase']!r}; phases: {list(spec.PHASE_NAMES)}")
    s["phase"] = spec.PHASE_NAMES.index(d["phase"])
    s["steps"] = int_in(d["steps"], "steps", 0, 2**31 - 1)
    s["rng"] = np.uint64(int_in(d["rng"], "rng", 0, 2**64 - 1))

    where = {}  # card -> place, for conservation

    def claim(card, place):
        if card in where:
            raise ValueError(f"card {card} ({card_name(card)}) appears twice: {where[card]} and {place}")
        where[card] = place

    # jars and treasures in the game
    jars = _list(d["jars"], "jars")
    used = sorted({_god(g, "jars") for g in jars})
    if len(used) != n or len(jars) != n:
        raise ValueError(f"jars must name {n} different gods (one per player), got {jars!r}")
    for g in used:
        s["jar_used"][g] = 1
    check_keys(d["treasures"], "treasures", spec.GODS)
    for name, v in d["treasures"].items():
        g = spec.GODS.index(name)
        if v not in TREASURE_STATES:
            raise ValueError(f"treasures[{name!r}] must be one of {list(TREASURE_STATES)}, got {v!r}")
        t = TREASURE_STATES.index(v)
        if (t == T_UNUSED) == bool(s["jar_used"][g]):
            raise ValueError(f"treasure of {name} is {v!r} but its jar is {'' if s['jar_used'][g] else 'not '}in the game")
        s["treasure_state"][g] = t

    # the pyramid
    spaces = [c for c in CELL_NAMES if c != "f6"]  # vacant ones only in a treasure emergence
    check_keys(d["pyramid"], "pyramid", spaces, optional=spaces)
    s["cell_card"][:] = -1
    s["cell_card"][spec.GRAVE] = spec.GRAVE_ID
    s["cell_up"][spec.GRAVE] = 1
    for name, v in d["pyramid"].items():
        c = cell_of(name)
        check_keys(v, f"pyramid[{name!r}]", ("card", "up", "rot"))
        card = int_in(v["card"], f"pyramid[{name!r}].card", 0, spec.GRAVE_ID - 1)
        if spec.CARD_BACK[card] != (spec.LIGHT_BACK if spec.LIGHT_CELL[c] else spec.DARK_BACK):
            raise ValueError(f"pyramid[{name!r}]: card {card} ({card_name(card)}) has the wrong back for "
                             f"a {'light' if spec.LIGHT_CELL[c] else 'dark'} space")
        if card >= spec.JAR0 and not s["jar_used"][spec.CARD_GOD[card]]:
            raise ValueError(f"pyramid[{name!r}]: {card_name(card)} is not in this game")
        claim(card, f"pyramid {name}")
        s["cell_card"][c] = card
        s["cell_up"][c] = boolean(v["up"], f"pyramid[{name!r}].up")
        s["cell_rot"][c] = int_in(v["rot"], f"pyramid[{name!r}].rot", 0, 3)

    beside = _list(d["beside"], "beside")
    if len(beside) > spec.MAX_BESIDE:
        raise ValueError(f"at most {spec.MAX_BESIDE} cards lie beside the pyramid")
    for k, v in enumerate(beside):
        check_keys(v, f"beside[{k}]", ("card", "rot", "known_by"))
        card = int_in(v["card"], f"beside[{k}].card", spec.NUM_LIGHT, spec.NUM_PATH - 1)
        claim(card, f"beside {k}")
        s["beside"][k] = card
        s["beside_rot"][k] = int_in(v["rot"], f"beside[{k}].rot", 0, 3)
        for p in _list(v["known_by"], f"beside[{k}].known_by"):
            s["beside_known"][int_in(p, f"beside[{k}].known_by", 0, n - 1), k] = 1
    s["beside"][len(beside):] = -1
    s["beside_n"] = len(beside)

    # researchers
    rs = _list(d["researchers"], "researchers")
    if len(rs) != n:
        raise ValueError(f"researchers must list {n} players, got {len(rs)}")
    exc = {}

    def claim_exc(k, place):
        if k in exc:
            raise ValueError(f"excavation card {k} appears twice: {exc[k]} and {place}")
        exc[k] = place

    s["pos"][:] = spec.CAMP
    s["carry_jar"][:] = -1
    s["carry_tr"][:] = -1
    s["torch"][:] = -1
    s["hand"][:, :] = -1
    for p, r in enumerate(rs):
        what = f"researchers[{p}]"
        check_keys(r, what, _RESEARCHER_KEYS)
        if r["pos"] == "camp":
            s["pos"][p] = spec.CAMP
        else:
            c = cell_of(r["pos"], f"{what}.pos")
            if c == spec.GRAVE:
                raise ValueError(f"{what}: no researcher may enter the grave chamber")
            s["pos"][p] = c
        s["ankhs"][p] = int_in(r["ankhs"], f"{what}.ankhs", 0, spec.MAX_ANKHS)
        if r["carry_jar"] is not None:
            j = int_in(r["carry_jar"], f"{what}.carry_jar", spec.JAR0, spec.TREASURE0 - 1)
            claim(j, f"carried by player {p}")
            s["carry_jar"][p] = j
        if r["carry_treasure"] is not None:
            t = int_in(r["carry_treasure"], f"{what}.carry_treasure", spec.TREASURE0, spec.GRAVE_ID - 1)
            claim(t, f"carried by player {p}")
            s["carry_tr"][p] = t
        for g in _list(r["camp_jars"], f"{what}.camp_jars"):
            gi = _god(g, f"{what}.camp_jars")
            claim(spec.JAR0 + gi, f"camp of player {p}")
            s["camp_jars"][p] |= 1 << gi
        for key in ("attacked", "lying", "chamber"):
            s[key][p] = boolean(r[key], f"{what}.{key}")
        if r["torch"] is not None:
            k = int_in(r["torch"], f"{what}.torch", 0, spec.NUM_EXC - 1)
            if spec.EXC_SYM[k, 2] != spec.TORCH:
                raise ValueError(f"{what}.torch: card {k} ({exc_name(k)}) has no torch")
            claim_exc(k, f"torch of player {p}")
            s["torch"][p] = k
        s["finished"][p] = int_in(r["finished"], f"{what}.finished", 0, n)
        hand = _list(r["hand"], f"{what}.hand")
        if len(hand) > spec.HAND_LIMIT:
            raise ValueError(f"{what}.hand: at most {spec.HAND_LIMIT} excavation cards, got {len(hand)}")
        for j, k in enumerate(hand):
            k = int_in(k, f"{what}.hand", 0, spec.NUM_EXC - 1)
            claim_exc(k, f"hand of player {p}")
            s["hand"][p, j] = k
        s["hand_n"][p] = len(hand)
        for name in _list(r["knows"], f"{what}.knows"):
            s["known"][p, cell_of(name, f"{what}.knows")] = 1
    for key, arr, cnt in (("deck", "deck", "deck_n"), ("discard", "disc", "disc_n")):
        cards = _list(d[key], key)
        s[arr][:] = -1
        for i, k in enumerate(cards):
            k = int_in(k, key, 0, spec.NUM_EXC - 1)
            claim_exc(k, key)
            s[arr][i] = k
        s[cnt] = len(cards)
    missing = sorted(set(range(spec.NUM_EXC)) - set(exc))
    if missing:
        raise ValueError(f"every excavation card must be in the deck, the discard pile, a hand or a "
                         f"lit torch; missing {missing}")

    # the mummy
    s["awake"] = boolean(d["mummy_awake"], "mummy_awake")
    if d["mummy"] == "grave":
        s["mummy"] = spec.GRAVE
        if s["awake"] and s["phase"] != spec.PH_MUMMY_PLACE:
            raise ValueError("an awake mummy stays in the grave chamber only while it is being placed")
    else:
        c = cell_of(d["mummy"], "mummy")
        if c in (spec.GRAVE, spec.BESIDE_CAMP):
            raise ValueError(f"the mummy cannot stand on {d['mummy']}; use 'grave' for the grave chamber")
        if not s["awake"]:
            raise ValueError("a sleeping mummy lies in the grave chamber")
        s["mummy"] = c

    tkeys = [t[0] for t in _TURN_FIELDS] + ["path"]
    check_keys(d["turn_state"], "turn_state", tkeys)
    for name, f, lo, hi in _TURN_FIELDS:
        v = d["turn_state"][name]
        s[f] = boolean(v, f"turn_state.{name}") if f in _BOOL_FIELDS else int_in(v, f"turn_state.{name}", lo, hi)
    steps = _list(d["turn_state"]["path"], "turn_state.path")
    if len(steps) > spec.MAX_PLAN:
        raise ValueError(f"turn_state.path: at most {spec.MAX_PLAN} steps, got {len(steps)}")
    s["plan"][:] = -1
    for k, x in enumerate(steps):
        word = x.split() if isinstance(x, str) else []
        if not (len(word) == 1 or (len(word) == 2 and word[0] == "reveal")) or word[-1] not in spec.DIR_NAMES:
            raise ValueError(f"turn_state.path[{k}]: a step is 'N', 'E', 'S', 'W' or 'reveal <dir>', got {x!r}")
        s["plan"][k] = spec.DIR_NAMES.index(word[-1]) + (4 if len(word) == 2 else 0)
    s["plan_n"] = len(steps)
    if steps and (s["phase"] == spec.PH_MAIN or s["plan"][0] < 4):
        raise ValueError("turn_state.path is declared at a move's first reveal: it starts with "
                         "'reveal <dir>' and lasts while the move does")
    if s["plan_i"] > s["plan_n"] or (s["planning"] and (s["plan_i"] or not steps)):
        raise ValueError("turn_state.path_walked must not exceed the path, and a path being "
                         "declared has at least its reveal and nothing walked yet")
    pkeys = [t[0] for t in _PENDING_FIELDS] + list(_PENDING_LISTS)
    check_keys(d["pending"], "pending", pkeys)
    pd = dict(d["pending"])
    if pd["resume"] not in spec.RESUME_NAMES:
        raise ValueError(f"pending.resume must be one of {list(spec.RESUME_NAMES)}, got {pd['resume']!r}")
    pd["resume"] = spec.RESUME_NAMES.index(pd["resume"])
    for name, f, lo, hi in _PENDING_FIELDS:
        v = pd[name]
        s[f] = boolean(v, f"pending.{name}") if f in _BOOL_FIELDS else int_in(v, f"pending.{name}", lo, hi)
    rq = _list(pd["replace"], "pending.replace")
    if len(rq) > 2 * spec.NUM_GODS:
        raise ValueError("pending.replace: too many cards")
    s["rq"][:] = -1
    for i, card in enumerate(rq):
        card = int_in(card, "pending.replace", spec.JAR0, spec.GRAVE_ID - 1)
        claim(card, "waiting to be re-placed")
        s["rq"][i] = card
    s["rq_n"] = len(rq)
    s["tr_cells"][:] = -1
    s["tr_cards"][:] = -1
    cells = _list(pd["treasure_cells"], "pending.treasure_cells")
    cards = _list(pd["treasure_cards"], "pending.treasure_cards")
    if s["tr_stage"] == 2:
        if len(cells) != len(cards) + 1:
            raise ValueError("pending.treasure_cells must list one space more than treasure_cards")
    elif cells or cards:
        raise ValueError("pending.treasure_cells/cards only during a treasure emergence")
    for i, name in enumerate(cells):
        c = cell_of(name, "pending.treasure_cells")
        if s["cell_card"][c] >= 0 or c == spec.GRAVE:
            raise ValueError(f"pending.treasure_cells: {name} is not a vacant space")
        s["tr_cells"][i] = c
    for i, card in enumerate(cards):
        card = int_in(card, "pending.treasure_cards", 0, spec.GRAVE_ID - 1)  # a hidden jar may be picked
        claim(card, "picked for the treasure")
        s["tr_cards"][i] = card
    s["tr_n"] = len(cards)
    known_by = _list(pd["treasure_known_by"], "pending.treasure_known_by")
    if len(known_by) != len(cards):
        raise ValueError("pending.treasure_known_by: one list of seats per picked card")
    s["tr_known"][:] = 0
    for k, seats in enumerate(known_by):
        for q in _list(seats, f"pending.treasure_known_by[{k}]"):
            s["tr_known"][k] |= 1 << int_in(q, f"pending.treasure_known_by[{k}]", 0, n - 1)
    vacant = [c for c in range(spec.NUM_CELLS) if s["cell_card"][c] < 0]
    if sorted(vacant) != sorted(int(c) for c in s["tr_cells"] if c >= 0):
        raise ValueError(f"every space but the grave needs a card; empty: {[CELL_NAMES[c] for c in vacant]}")

    # jars and treasures anywhere must belong to this game
    for card, place in where.items():
        if card >= spec.JAR0 and not s["jar_used"][spec.CARD_GOD[card]]:
            raise ValueError(f"{card_name(card)} ({place}) is not in this game (jars: {jars})")

    # conservation of the pyramid's cards
    for g in range(5):
        if s["treasure_state"][g] == T_IN_PLAY and not (s["tr_stage"] == 2 and s["tr_god"] == g):
            claim_needed = spec.TREASURE0 + g
            if claim_needed not in where:
                raise ValueError(f"the {spec.GODS[g]} treasure is in play but not on the pyramid, "
                                 "carried or waiting to be re-placed")
        elif spec.TREASURE0 + g in where:
            raise ValueError(f"the {spec.GODS[g]} treasure is {TREASURE_STATES[s['treasure_state'][g]]!r} "
                             f"but lies at {where[spec.TREASURE0 + g]}")
        if s["jar_used"][g] and spec.JAR0 + g not in where:
            raise ValueError(f"the {spec.GODS[g]} canopic jar is missing")
    missing = sorted(set(range(spec.NUM_PATH)) - set(where))
    if missing:
        raise ValueError(f"every path card must be on the pyramid or beside it; missing {missing}")
    on_board = sum(1 for c in range(spec.NUM_CELLS) if spec.JAR0 <= s["cell_card"][c] < spec.GRAVE_ID)
    on_board += sum(1 for k in s["tr_cards"][: s["tr_n"]] if k >= spec.JAR0)  # picked, laid again
    in_flow = 1 if s["tr_stage"] == 2 else 0
    if s["beside_n"] != on_board + in_flow:
        raise ValueError(f"{s['beside_n']} cards beside the pyramid but {on_board} jars/treasures on it: "
                         "each jar or treasure on the pyramid stands for one path card set beside it")
    for p in range(n):
        if s["known"][p][s["cell_up"] != 0].any():
            raise ValueError(f"researchers[{p}].knows names a face-up card (knowledge is of face-down cards)")
        won = s["finished"][p] > 0
        if won and s["pos"][p] != spec.CAMP:
            raise ValueError(f"researcher {p} has finished and must be in the camp")

    _check_phase(s)

    # scores, terminal state and a legal action
    if s["phase"] == spec.PH_OVER:
        s["terminated"] = True
        if "terminated" in d and not boolean(d["terminated"], "terminated"):
            raise ValueError("phase 'over' goes with terminated true")
        if "scores" not in d:
            raise ValueError("a finished game needs its scores")
        sc = _list(d["scores"], "scores")
        if len(sc) != n:
            raise ValueError(f"scores must list {n} values")
        for p, v in enumerate(sc):
            s["scores"][p] = int_in(v, "scores", 0, n)
    else:
        if "terminated" in d and boolean(d["terminated"], "terminated"):
            raise ValueError("terminated goes with phase 'over'")
        if "scores" in d and _list(d["scores"], "scores") != [0] * n:
            raise ValueError(f"scores are given only at the end of the game: {[0] * n} before")
        if s["finished"][s["current_player"]] != 0:
            raise ValueError(f"player {int(s['current_player'])} has finished and cannot be to move")
        mask = np.zeros(spec.NUM_ACTIONS, np.int8)
        _fill_mask(s, mask, np.zeros(2 * (spec.NUM_CELLS + 1), np.int8))
        if not mask.any():
            raise ValueError(f"player {int(s['current_player'])} has no legal action in phase {d['phase']!r} "
                             "of this position")
    check_written_as_view(d, to_dict(st))
    return st


def _check_phase(s):
    """The bookkeeping a phase relies on must be there."""
    ph, p, t = int(s["phase"]), int(s["current_player"]), int(s["turn"])
    name = spec.PHASE_NAMES[ph]

    def need(ok, what):
        if not ok:
            raise ValueError(f"phase {name!r} needs {what}")

    own_turn = (spec.PH_MAIN, spec.PH_MOVE, spec.PH_PIT, spec.PH_SPECIAL, spec.PH_KP_DEST, spec.PH_PICKUP,
                spec.PH_MUMMY_PLACE, spec.PH_PEEK, spec.PH_SHOVEL, spec.PH_EXCHANGE, spec.PH_DISCARD,
                spec.PH_DRAW)
    if ph in own_turn:
        need(p == t, "current_player == turn")
    if ph == spec.PH_MOVE:
        need(s["moved"] and 0 <= s["mv_god"] < 5, "turn_state.moved and a move_god")
    if s["planning"]:
        need(ph == spec.PH_MOVE, "the move phase (declaring_path)")
    if ph == spec.PH_PIT:
        need(s["lying"][p], "the player to move lying in a pit")
    if ph == spec.PH_SPECIAL:
        c = int(s["pend_special"])
        need(c >= 0 and s["cell_card"][c] >= 0 and s["cell_up"][c] and spec.CARD_SPECIAL[s["cell_card"][c]] in
             (spec.PITFALL, spec.CHAMBER, spec.KINGS, spec.RAMP) and s["pos"][p] == c,
             "pending.special: the face-up special card the player stands on")
    if ph == spec.PH_PICKUP:
        c = int(s["pend_pickup"])
        need(c >= 0 and s["cell_card"][c] >= spec.JAR0 and s["cell_up"][c] and s["pos"][p] == c,
             "pending.pickup: the face-up jar or treasure the player stands on")
    if ph == spec.PH_MUMMY_PLACE:
        need(s["awake"] and s["mummy"] == spec.GRAVE, "an awake mummy still in the grave")
    elif s["awake"]:
        need(s["mummy"] != spec.GRAVE, "an awake mummy out of the grave")
    if ph in (spec.PH_MUMMY, spec.PH_MUMMY_RAMP, spec.PH_MUMMY_KP, spec.PH_TORCH, spec.PH_DISPLACE):
        need(s["awake"], "an awake mummy")
    if ph in (spec.PH_MUMMY, spec.PH_MUMMY_RAMP, spec.PH_MUMMY_KP):
        need(s["mm_mover"] == p, "pending.mummy_mover == current_player")
    if ph in (spec.PH_MUMMY_RAMP, spec.PH_MUMMY_KP):
        need(0 <= s["mm_dir"] < 4, "pending.mummy_dir")
    if ph == spec.PH_TORCH:
        need(0 <= s["mm_target"] < spec.GRAVE and s["mm_mover"] >= 0 and s["pos"][p] == s["mm_target"],
             "pending.mummy_target (the player's space) and mummy_mover")
    if ph == spec.PH_DISPLACE:
        need(s["disp_mask"] != 0 and s["disp_by"] == p, "pending.displace (seats) and displace_by == current_player")
    if ph == spec.PH_REPLACE:
        need(s["rq_n"] > 0, "a card in pending.replace")
    if ph == spec.PH_SHOOT:
        need(s["sh_by"] == p, "pending.shooter == current_player")
    if ph == spec.PH_GUNJAM:
        need(s["sh_by"] >= 0 and s["sh_by"] != p and s["sh_target"] == p,
             "pending.shooter and shoot_target == current_player")
    if ph == spec.PH_EXCHANGE:
        f = int(s["exch_first"])
        need(0 <= f < spec.GRAVE and 0 <= s["cell_card"][f] < spec.GRAVE_ID
             and (not s["cell_up"][f] or s["cell_card"][f] < spec.NUM_PATH),
             "pending.exchange_first: a face-up path card or a face-down card")
    if ph == spec.PH_TR_FIRST:
        need(s["tr_stage"] == 1 and 0 <= s["tr_god"] < 5, "pending.treasure_stage 1 and treasure_god")
    if ph == spec.PH_TR_PICK:
        need(s["tr_stage"] == 2 and 0 <= s["tr_god"] < 5, "pending.treasure_stage 2 and treasure_god")
    if ph == spec.PH_REACT:
        need(p != t, "current_player other than the turn player")
    # pending items exist only in the phases that resolve them
    only = (
        (s["pend_wake"], (), "pending.wake"),
        (s["pend_special"] >= 0, (spec.PH_SPECIAL,), "pending.special"),
        (s["pend_pickup"] >= 0, (spec.PH_PICKUP, spec.PH_MUMMY_PLACE), "pending.pickup"),
        (s["disp_mask"] != 0, (spec.PH_DISPLACE,), "pending.displace"),
        (s["rq_n"] > 0, (spec.PH_SPECIAL, spec.PH_KP_DEST, spec.PH_PICKUP, spec.PH_DISPLACE, spec.PH_REPLACE),
         "pending.replace"),
        (s["tr_stage"] == 1, (spec.PH_TR_FIRST,), "pending.treasure_stage 1"),
        (s["tr_stage"] == 2, (spec.PH_TR_PICK,), "pending.treasure_stage 2"),
        (s["sh_by"] >= 0, (spec.PH_SHOOT, spec.PH_GUNJAM), "pending.shooter"),
        (s["sh_target"] >= 0, (spec.PH_GUNJAM,), "pending.shoot_target"),
        (s["exch_first"] >= 0, (spec.PH_EXCHANGE,), "pending.exchange_first"),
        (s["torch_ask"] != 0, (spec.PH_TORCH,), "pending.torch_ask"),
        # a step's window opens once what the step set off is settled
        (s["step_win"], (spec.PH_SPECIAL, spec.PH_KP_DEST, spec.PH_PICKUP, spec.PH_MUMMY_PLACE, spec.PH_REPLACE,
                         spec.PH_TR_FIRST, spec.PH_TR_PICK), "pending.step_window"),
        (s["react_back"] >= 0, (spec.PH_REACT, spec.PH_SHOOT, spec.PH_GUNJAM, spec.PH_MUMMY, spec.PH_MUMMY_RAMP,
                                spec.PH_MUMMY_KP, spec.PH_TORCH, spec.PH_DISPLACE, spec.PH_REPLACE),
         "pending.window_resume"),
    )
    for present, phases, what in only:
        if present and ph not in phases:
            raise ValueError(f"{what} is set but phase {name!r} does not resolve it")
    if s["react_back"] >= 0:
        need(s["resume"] == spec.R_REACT and not s["step_win"],
             "pending.resume 'react' while a window after a step (window_resume) is open")
    if s["tr_stage"] != 0:
        g = int(s["tr_god"])
        need(0 <= g < 5 and s["jar_used"][g] and any((s["camp_jars"][q] >> g) & 1 for q in range(int(s["num_players"]))),
             "pending.treasure_god: a god whose jar is in a camp")
        want = spec.PHASE_NAMES.index("treasure-first")
        need(s["treasure_state"][g] == (1 if ph == want else 2), "the emerging treasure waiting (first) or in play (picks)")
        need(0 <= s["tr_i"] <= s["tr_total"] <= 2 * int(s["num_players"]), "treasure_picks_made <= treasure_picks_total")
    elif s["tr_god"] != -1 or s["tr_i"] or s["tr_total"]:
        raise ValueError("pending.treasure_god/picks are set but no treasure is emerging")
    for q in range(int(s["num_players"])):
        if (s["torch_ask"] >> q) & 1 and s["pos"][q] != s["mm_target"]:
            raise ValueError(f"pending.torch_ask names player {q}, who is not on the mummy's target")
    if s["torch_ask"] >> int(s["num_players"]):
        raise ValueError("pending.torch_ask names a seat not in the game")
    for q in range(int(s["num_players"])):
        if (s["disp_mask"] >> q) & 1 and s["finished"][q]:
            raise ValueError(f"pending.displace names finished player {q}")
    if s["disp_mask"] >> int(s["num_players"]):
        raise ValueError("pending.displace names a seat not in the game")


# =============================================================================
# action names
# =============================================================================
_ROT_WORDS = ("90", "180", "270")


def action_to_str(state, a):
    s = one_state(state)
    a = int(a)
    if not 0 <= a < spec.NUM_ACTIONS:
        raise ValueError(f"action {a} is outside [0, {spec.NUM_ACTIONS})")
    if a < spec.A_SEL:
        j, k = divmod(a - spec.A_PLAY, 3)
        p = int(s["current_player"])
        if j < s["hand_n"][p]:
            return f"play {j + 1} {spec.SYMBOL_NAMES[spec.EXC_SYM[s['hand'][p, j], k]]}"
        return f"play {j + 1} #{k}"
    if a < spec.A_CAMP:
        return f"select {CELL_NAMES[a - spec.A_SEL]}"
    if a == spec.A_CAMP:
        return "camp"
    if a < spec.A_HIDE:
        return f"ankh-reveal {CELL_NAMES[a - spec.A_REVEAL]}"
    if a < spec.A_ROT:
        return f"ankh-hide {CELL_NAMES[a - spec.A_HIDE]}"
    if a < spec.A_EXCH:
        c, k = divmod(a - spec.A_ROT, 3)
        return f"ankh-rotate {CELL_NAMES[c]} {_ROT_WORDS[k]}"
    if a < spec.A_STEP:
        return f"ankh-exchange {CELL_NAMES[a - spec.A_EXCH]}"
    if a < spec.A_STEP_REVEAL:
        return f"step {spec.DIR_NAMES[a - spec.A_STEP]}"
    if a < spec.A_MUMMY_STEP:
        return f"step-reveal {spec.DIR_NAMES[a - spec.A_STEP_REVEAL]}"
    if a < spec.A_MUMMY_DIAG:
        return f"mummy {spec.DIR_NAMES[a - spec.A_MUMMY_STEP]}"
    words = {spec.A_MUMMY_DIAG: "mummy-move", spec.A_EXTRA_POINT: "ankh-point", spec.A_STOP: "stop",
             spec.A_END: "end", spec.A_PASS: "pass", spec.A_YES: "yes"}
    if a in words:
        return words[a]
    if a < spec.A_DRAW:
        return f"shoot {a - spec.A_SHOOT}"
    if a < spec.A_DISCARD:
        return f"draw {a - spec.A_DRAW}"
    return f"discard {a - spec.A_DISCARD + 1}"


def str_to_action(state, text):
    """Inverse of action_to_str."""
    s = one_state(state)
    w = str(text).split()
    err = ValueError(
        f"cannot read action {text!r}; forms: 'play <slot 1-5> <symbol>', 'select <cell>', 'camp', "
        "'ankh-reveal|ankh-hide|ankh-exchange <cell>', 'ankh-rotate <cell> 90|180|270', "
        "'step|step-reveal|mummy N|E|S|W', 'mummy-move', 'ankh-point', 'stop', 'end', 'pass', 'yes', "
        "'shoot <seat>', 'draw <0-3>', 'discard <slot 1-5>'")
    words = {"mummy-move": spec.A_MUMMY_DIAG, "ankh-point": spec.A_EXTRA_POINT, "stop": spec.A_STOP,
             "end": spec.A_END, "pass": spec.A_PASS, "yes": spec.A_YES, "camp": spec.A_CAMP}
    if len(w) == 1 and w[0] in words:
        return words[w[0]]
    if len(w) == 3 and w[0] == "play" and w[1] in "12345" and len(w[1]) == 1:
        j = int(w[1]) - 1
        p = int(s["current_player"])
        if w[2].startswith("#") and w[2][1:] in ("0", "1", "2"):
            return spec.A_PLAY + 3 * j + int(w[2][1:])
        if j >= s["hand_n"][p]:
            raise ValueError(f"player {p} has no card in slot {j + 1}")
        syms = [spec.SYMBOL_NAMES[x] for x in spec.EXC_SYM[s["hand"][p, j]]]
        if w[2] not in syms:
            raise ValueError(f"the card in slot {j + 1} shows {syms}, not {w[2]!r}")
        return spec.A_PLAY + 3 * j + syms.index(w[2])
    if len(w) == 2 and w[0] in ("select", "ankh-reveal", "ankh-hide", "ankh-exchange"):
        base = {"select": spec.A_SEL, "ankh-reveal": spec.A_REVEAL, "ankh-hide": spec.A_HIDE,
                "ankh-exchange": spec.A_EXCH}[w[0]]
        return base + cell_of(w[1])
    if len(w) == 3 and w[0] == "ankh-rotate" and w[2] in _ROT_WORDS:
        return spec.A_ROT + 3 * cell_of(w[1]) + _ROT_WORDS.index(w[2])
    if len(w) == 2 and w[0] in ("step", "step-reveal", "mummy") and w[1] in spec.DIR_NAMES:
        base = {"step": spec.A_STEP, "step-reveal": spec.A_STEP_REVEAL, "mummy": spec.A_MUMMY_STEP}[w[0]]
        return base + spec.DIR_NAMES.index(w[1])
    if len(w) == 2 and w[0] == "shoot" and w[1] in ("0", "1", "2", "3", "4"):
        return spec.A_SHOOT + int(w[1])
    if len(w) == 2 and w[0] == "draw" and w[1] in ("0", "1", "2", "3"):
        return spec.A_DRAW + int(w[1])
    if len(w) == 2 and w[0] == "discard" and w[1] in ("1", "2", "3", "4", "5"):
        return spec.A_DISCARD + int(w[1]) - 1
    raise err
