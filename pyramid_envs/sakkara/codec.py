"""Sakkara JSON view (to_dict / from_dict) and readable action names.

Spaces are named by column letter and row number, "a1" top-left to "g7"
bottom-right (row 1 on the start player's far side). Tiles are motif names
(spec.MOTIF_NAMES); stacks and the pending stack are listed bottom first.

JSON view of one game (from_dict needs every key; only terminated and scores, which
follow from the rest, may be left out):
  game "sakkara_v1", num_players 2, turn_limit: the option (0, its default, = no limit)
  phase: "setup" | "before-move" | "after-move" | "discard" | "place-stack" | "over"
  current_player: who decides now; mover: whose turn it is (current_player, or the
      other player in place-stack)
  turn (0 in setup, then the turns begun), steps, rng
  board: {"d4": ["ship", "moon"], ...}   every non-empty space, bottom tile first
  workers: [[cell|null, cell|null], [...]]   per seat, worker 1 then 2 (null: not placed)
  racks: [{"moon": 2, ...}, {...}]         tiles on each rack by motif
  pyramids: [{"ship": 1, "grain": 2, "corner": 4, ...}, {...}]  laid out in front
  turn_state: {"moved": bool, "moved_worker": 1|2|null, "moved_dir": "up"|...|null,
      "horse_used": bool, "completed": bool}   this turn so far
  pending: ["staircase", "apex", ...]  used this turn and not yet put back, bottom first
  destroyed: {"ship": n, "grain": n}    taken from the opponent this turn; they go on top
  terminated, scores: checked against the position when given
"""
import numpy as np

from . import spec
from .rules import STATE, _fill_mask
from ..core.jsonview import boolean, check_keys, check_written_as_view, int_in, one_state

CELL_NAMES = tuple(f"{chr(ord('a') + c % spec.SIDE)}{c // spec.SIDE + 1}" for c in range(spec.NUM_CELLS))
_CELL_BY_NAME = {n: i for i, n in enumerate(CELL_NAMES)}
_MOTIF_BY_NAME = {n: i for i, n in enumerate(spec.MOTIF_NAMES)}
_KEYS = ("game", "num_players", "turn_limit", "phase", "current_player", "mover", "turn", "steps",
         "rng", "board", "workers", "racks", "pyramids", "turn_state", "pending", "destroyed",
         "terminated", "scores")
_TURN_KEYS = ("moved", "moved_worker", "moved_dir", "horse_used", "completed")
_SETUP_ORDER = ((0, 0), (1, 0), (0, 1), (1, 1))  # (seat, worker) in placing order


def cell_of(name, what="space"):
    if not isinstance(name, str) or name not in _CELL_BY_NAME:
        raise ValueError(f"{what}: unknown space {name!r}; spaces are named 'a1' (top-left) to 'g7'")
    return _CELL_BY_NAME[name]


def motif_of(name, what="tile"):
    if not isinstance(name, str) or name not in _MOTIF_BY_NAME:
        raise ValueError(f"{what}: unknown tile {name!r}; tiles: {list(spec.MOTIF_NAMES)}")
    return _MOTIF_BY_NAME[name]


def _counts(row):
    return {spec.MOTIF_NAMES[m]: int(row[m]) for m in range(spec.NUM_MOTIFS) if row[m]}


def done_steps(built):
    """Pyramid steps complete in `built` (motif counts)."""
    k = 0
    rest = [m for m in range(spec.NUM_MOTIFS) if m not in (spec.SHIP, spec.GRAIN)]
    while k < spec.NUM_STEPS and all(built[m] >= spec.CUM_NEED[k, m] for m in rest):
        k += 1
    return k


def to_dict(state):
    s = one_state(state)
    moved = bool(s["moved"])
    return {
        "game": "sakkara_v1",
        "num_players": int(s["num_players"]),
        "turn_limit": int(s["turn_limit"]),
        "phase": spec.PHASE_NAMES[s["phase"]],
        "current_player": int(s["current_player"]),
        "mover": int(s["mover"]),
        "turn": int(s["turn"]),
        "steps": int(s["steps"]),
        "rng": int(s["rng"]),
        "board": {CELL_NAMES[c]: [spec.MOTIF_NAMES[x] for x in s["stack"][c, : s["height"][c]]]
                  for c in range(spec.NUM_CELLS) if s["height"][c] > 0},
        "workers": [[None if x < 0 else CELL_NAMES[x] for x in s["wpos"][p]] for p in range(2)],
        "racks": [_counts(s["rack"][p]) for p in range(2)],
        "pyramids": [_counts(s["built"][p]) for p in range(2)],
        "turn_state": {"moved": moved,
                       "moved_worker": int(s["moved_worker"]) + 1 if moved else None,
                       "moved_dir": spec.DIR_NAMES[s["moved_dir"]] if moved else None,
                       "horse_used": bool(s["horse_used"]), "completed": bool(s["completed"])},
        "pending": [spec.MOTIF_NAMES[x] for x in s["pend"][s["pend_lo"]: s["pend_n"]]],
        "destroyed": {"ship": int(s["lost_ship"]), "grain": int(s["lost_grain"])},
        "terminated": bool(s["terminated"]),
        "scores": [int(x) for x in s["scores"]],
    }


def _motif_counts(d, what):
    if not isinstance(d, dict):
        raise ValueError(f"{what} must map tile names to counts, got {d!r}")
    out = np.zeros(spec.NUM_MOTIFS, np.int64)
    for name, n in d.items():
        out[motif_of(name, what)] = int_in(n, f"{what}[{name!r}]", 0, spec.NUM_TILES)
    return out


def _motif_list(v, what):
    if not isinstance(v, list):
        raise ValueError(f"{what} must be a list of tile names, bottom first, got {v!r}")
    for x in v:
        if not isinstance(x, str):
            raise ValueError(f"{what}: tiles are named by motif, got {x!r}")
    return [motif_of(x, what) for x in v]


def from_dict(d):
    """Build one game (a 1-element STATE array) from its JSON view, checking every part."""
    check_keys(d, "position", _KEYS, optional=("terminated", "scores"))
    if d["game"] != "sakkara_v1":
        raise ValueError(f"this is a Sakkara position loader, got game {d['game']!r}")
    if d["num_players"] != 2:
        raise ValueError(f"Sakkara is for exactly 2 players, got num_players={d['num_players']!r}")
    phase_name = d["phase"]
    if phase_name not in spec.PHASE_NAMES:
        raise ValueError(f"unknown phase {phase_name!r}; phases: {list(spec.PHASE_NAMES)}")
    ph = spec.PHASE_NAMES.index(phase_name)
    st = np.zeros(1, STATE)
    s = st[0]
    s["num_players"] = 2
    limit = d["turn_limit"]
    if limit not in spec.TURN_LIMIT_CHOICES or isinstance(limit, bool):
        raise ValueError(f"turn_limit must be one of {list(spec.TURN_LIMIT_CHOICES)}, got {limit!r}")
    s["turn_limit"] = limit
    s["phase"] = ph
    cp = int_in(d["current_player"], "current_player", 0, 1)
    s["current_player"] = cp
    mover = int_in(d["mover"], "mover", 0, 1)
    s["mover"] = mover
    s["turn"] = int_in(d["turn"], "turn", 0, 2**31 - 1)
    s["steps"] = int_in(d["steps"], "steps", 0, 2**31 - 1)
    s["rng"] = np.uint64(int_in(d["rng"], "rng", 0, 2**64 - 1))

    total = np.zeros(spec.NUM_MOTIFS, np.int64)
    # board
    board = d["board"]
    if not isinstance(board, dict):
        raise ValueError("board must map space names to lists of tile names, bottom first")
    s["stack"][:] = -1
    for name, tiles in board.items():
        c = cell_of(name, "board")
        tiles = _motif_list(tiles, f"board[{name!r}]")
        if len(tiles) > spec.STACK_LIMIT:
            raise ValueError(f"board[{name!r}] has {len(tiles)} tiles; a stack holds at most "
                             f"{spec.STACK_LIMIT} (\"A stack cannot have more than 9 tiles in it\")")
        s["height"][c] = len(tiles)
        s["stack"][c, : len(tiles)] = tiles
        for x in tiles:
            total[x] += 1
    # workers
    workers = d["workers"]
    if (not isinstance(workers, list) or len(workers) != 2
            or any(not isinstance(w, list) or len(w) != 2 for w in workers)):
        raise ValueError("workers must be two lists of two space names (or null for a worker not yet placed)")
    s["wpos"][:] = -1
    taken = {}
    for p in range(2):
        for w in range(2):
            if workers[p][w] is not None:
                c = cell_of(workers[p][w], f"workers[{p}][{w}]")
                if c in taken:
                    raise ValueError(f"two workers on {workers[p][w]}")
                taken[c] = p
                s["wpos"][p, w] = c
    placed = [(p, w) for p in range(2) for w in range(2) if s["wpos"][p, w] >= 0]
    if ph == spec.PH_SETUP:
        n = len(placed)
        if n == 4 or sorted(placed) != sorted(_SETUP_ORDER[:n]):
            raise ValueError("in setup the workers are placed start player, other, start player, "
                             f"other; {n} placed must be {list(_SETUP_ORDER[:n])} (seat, worker index)")
        if cp != n % 2 or mover != cp:
            raise ValueError(f"in setup with {n} workers placed, player {n % 2} is to place the next")
        s["setup_n"] = n
        if s["turn"] != 0:
            raise ValueError("turn must be 0 during setup")
    else:
        if len(placed) != 4:
            raise ValueError(f"phase {phase_name!r} needs all four workers on the board")
        s["setup_n"] = 4
        if s["turn"] < 1:
            raise ValueError("turn counts the turns begun: at least 1 after setup")
    # racks and pyramids
    racks = d["racks"]
    pyrs = d["pyramids"]
    for key, v in (("racks", racks), ("pyramids", pyrs)):
        if not isinstance(v, list) or len(v) != 2:
            raise ValueError(f"{key} must be a list of two dicts (one per seat)")
    for p in range(2):
        r = _motif_counts(racks[p], f"racks[{p}]")
        b = _motif_counts(pyrs[p], f"pyramids[{p}]")
        s["rack"][p] = r
        total += r + b
        if b[spec.SHIP] > 1 or b[spec.GRAIN] > 3:
            raise ValueError(f"pyramids[{p}]: at most 1 ship and 3 grains lie in front of a player")
        k = done_steps(b)
        lim = spec.CUM_NEED[min(k, spec.NUM_STEPS - 1)]
        for m in range(spec.NUM_MOTIFS):
            if m not in (spec.SHIP, spec.GRAIN) and b[m] > lim[m]:
                raise ValueError(f"pyramids[{p}]: {b[m]} {spec.MOTIF_NAMES[m]} tiles do not fit a pyramid "
                                 f"with {k} steps complete (a step is finished before the next is begun)")
        if k < spec.NUM_STEPS and b[spec.GRAIN] > k + 1:
            raise ValueError(f"pyramids[{p}]: {b[spec.GRAIN]} grains before step {k + 1} is complete")
        s["built"][p] = b
        s["done"][p] = k
    # this turn
    ts = check_keys(d["turn_state"], "turn_state", _TURN_KEYS)
    moved = boolean(ts["moved"], "turn_state.moved")
    s["moved"] = moved
    if moved:
        mw = int_in(ts["moved_worker"], "turn_state.moved_worker", 1, 2)
        if ts["moved_dir"] not in spec.DIR_NAMES:
            raise ValueError(f"turn_state.moved_dir must be one of {list(spec.DIR_NAMES)}")
        s["moved_worker"] = mw - 1
        s["moved_dir"] = spec.DIR_NAMES.index(ts["moved_dir"])
    else:
        if ts["moved_worker"] is not None or ts["moved_dir"] is not None:
            raise ValueError("turn_state.moved_worker/moved_dir go with moved = true")
        s["moved_worker"] = -1
        s["moved_dir"] = -1
    s["horse_used"] = boolean(ts["horse_used"], "turn_state.horse_used")
    s["completed"] = boolean(ts["completed"], "turn_state.completed")
    if s["horse_used"] and not moved:
        raise ValueError("turn_state.horse_used needs moved = true (the horse follows the move)")
    if ph == spec.PH_AFTER and not moved:
        raise ValueError("phase 'after-move' needs turn_state.moved = true")
    if ph == spec.PH_BEFORE and moved:
        raise ValueError("phase 'before-move' needs turn_state.moved = false")
    if ph in (spec.PH_SETUP, spec.PH_BEFORE, spec.PH_AFTER, spec.PH_DISCARD) and cp != mover:
        raise ValueError(f"in phase {phase_name!r} the player to decide is the mover")
    if ph == spec.PH_PLACE and cp == mover:
        raise ValueError("in phase 'place-stack' the other player (not the mover) decides")
    # pending stack and destroyed tiles
    pend = _motif_list(d["pending"], "pending")
    dest = check_keys(d["destroyed"], "destroyed", ("ship", "grain"))
    # the opponent has at most one ship and three grains out, and rebuilds none during this turn
    ls = int_in(dest["ship"], "destroyed.ship", 0, 1)
    lg = int_in(dest["grain"], "destroyed.grain", 0, 3)
    s["lost_ship"], s["lost_grain"] = ls, lg
    total[spec.SHIP] += ls
    total[spec.GRAIN] += lg
    s["pend"][:] = -1
    s["pend"][: len(pend)] = pend
    s["pend_n"] = len(pend)
    s["pend_lo"] = 0
    for x in pend:
        total[x] += 1
    if (ls or lg) and ph not in (spec.PH_BEFORE, spec.PH_AFTER, spec.PH_DISCARD):
        raise ValueError(f"destroyed tiles are already on the pending stack in phase {phase_name!r}")
    if ph == spec.PH_SETUP and (pend or s["built"].any()):
        raise ValueError("nothing is used or built during setup")
    if ph == spec.PH_PLACE and not pend:
        raise ValueError("phase 'place-stack' needs a pending stack")
    if ph == spec.PH_DISCARD and s["rack"][mover].sum() <= spec.RACK_LIMIT:
        raise ValueError(f"phase 'discard' needs more than {spec.RACK_LIMIT} tiles on the mover's rack")
    if ph == spec.PH_PLACE and s["rack"][mover].sum() > spec.RACK_LIMIT:
        raise ValueError(f"the mover's rack must be within {spec.RACK_LIMIT} before the stack is placed")
    # conservation
    if not np.array_equal(total, spec.MOTIF_COUNT):
        diff = {spec.MOTIF_NAMES[m]: int(total[m] - spec.MOTIF_COUNT[m])
                for m in range(spec.NUM_MOTIFS) if total[m] != spec.MOTIF_COUNT[m]}
        raise ValueError("every one of the 75 tiles must be on the board, on a rack, in a pyramid, pending "
                         f"or destroyed this turn; surplus (+) / missing (-) by motif: {diff}")
    # the end
    winners = [p for p in range(2) if s["done"][p] == spec.NUM_STEPS]
    if len(winners) > 1:
        raise ValueError("only one player can have completed the pyramid")
    if ph == spec.PH_OVER:
        s["terminated"] = True
        if winners:
            s["scores"][winners[0]] = 1
        elif not (s["turn_limit"] > 0 and s["turn"] >= s["turn_limit"]):
            raise ValueError("phase 'over' needs a completed pyramid or the turn limit reached")
    else:
        if winners:
            raise ValueError("a completed pyramid ends the game: use phase 'over'")
        if s["turn_limit"] > 0 and s["turn"] > s["turn_limit"]:
            raise ValueError(f"turn {s['turn']} is past the turn limit {s['turn_limit']}")
        mask = np.zeros(spec.NUM_ACTIONS, np.int8)
        _fill_mask(s, mask)
        if not mask.any():
            raise ValueError(f"player {cp} has no legal action in phase {phase_name!r} of this position")
    for key in ("terminated", "scores"):
        if key in d and d[key] != to_dict(st)[key]:
            raise ValueError(f"{key} {d[key]!r} does not match the position ({to_dict(st)[key]!r})")
    check_written_as_view(d, to_dict(st))
    return st


# --- action names ------------------------------------------------------------------------------
def _spell_parts(i):
    for sp in range(3, -1, -1):
        if i >= spec.SPELL_BASE[sp]:
            i -= int(spec.SPELL_BASE[sp])
            return sp, i // 6, i % 6
    raise AssertionError


def action_to_str(state, a):
    a = int(a)
    if not 0 <= a < spec.NUM_ACTIONS:
        raise ValueError(f"action {a} is outside [0, {spec.NUM_ACTIONS})")
    if a < spec.A_MOVE:
        return f"worker {CELL_NAMES[a - spec.A_SETUP]}"
    if a < spec.A_HORSE:
        i = a - spec.A_MOVE
        w, d, stair = i // 8, i // 2 % 4, i % 2
        return f"move {w + 1} {spec.DIR_NAMES[d]}" + (" staircase" if stair else "")
    if a < spec.A_BIRD:
        return f"horse {a - spec.A_HORSE + 1}"
    if a < spec.A_OX:
        w, c = divmod(a - spec.A_BIRD, spec.NUM_CELLS)
        return f"bird {w + 1} {CELL_NAMES[c]}"
    if a < spec.A_SNAKE:
        i, k = divmod(a - spec.A_OX, spec.MAX_PUSH)
        w, d = divmod(i, spec.NUM_DIRS)
        return f"ox {w + 1} {spec.DIR_NAMES[d]} {k + 1}"
    if a < spec.A_SPELL:
        return f"snake {spec.MOTIF_NAMES[a - spec.A_SNAKE]}"
    if a < spec.A_BUILD:
        sp, target, order = _spell_parts(a - spec.A_SPELL)
        tiles = ",".join(spec.MOTIF_NAMES[spec.SPELL_TILES[sp, j]] for j in spec.PERMS[order])
        where = ""
        if sp == spec.FIRESTORM:
            where = f" {target // 2 + 1} {'row' if target % 2 == 0 else 'column'}"
        elif sp == spec.WHIRLWIND:
            where = f" {target + 1}"
        return f"{spec.SPELL_NAMES[sp]}{where} {tiles}"
    if a < spec.A_END:
        return f"build {spec.MOTIF_NAMES[a - spec.A_BUILD]}"
    if a == spec.A_END:
        return "end"
    if a < spec.A_PLACE:
        return f"discard {spec.MOTIF_NAMES[a - spec.A_DISCARD]}"
    k, c = divmod(a - spec.A_PLACE, spec.NUM_CELLS)
    return f"place {k + 1} {CELL_NAMES[c]}"


_FORMS = ("'worker <space>', 'move <1|2> <up|right|down|left> [staircase]', 'horse <1|2>', "
          "'bird <1|2> <space>', 'ox <1|2> <dir> <1-10>', 'snake <tile>', "
          "'firestorm <1|2> <row|column> <t,t,t>', 'whirlwind <1|2> <t,t,t>', 'drought <t,t,t>', "
          "'shipwreck <t,t,t>', 'build <tile>', 'end', 'discard <tile>', 'place <1-9> <space>'")


def str_to_action(state, text):
    """Inverse of action_to_str."""
    words = str(text).split()
    err = ValueError(f"cannot read action {text!r}; forms: {_FORMS}")
    if not words:
        raise err

    def num(w, lo, hi):
        if not w.isdigit() or not lo <= int(w) <= hi:
            raise err
        return int(w)

    def direction(w):
        if w not in spec.DIR_NAMES:
            raise err
        return spec.DIR_NAMES.index(w)

    head, rest = words[0], words[1:]
    try:
        if head == "worker" and len(rest) == 1:
            return spec.A_SETUP + cell_of(rest[0])
        if head == "move" and len(rest) in (2, 3):
            stair = 0
            if len(rest) == 3:
                if rest[2] != "staircase":
                    raise err
                stair = 1
            return spec.A_MOVE + ((num(rest[0], 1, 2) - 1) * 4 + direction(rest[1])) * 2 + stair
        if head == "horse" and len(rest) == 1:
            return spec.A_HORSE + num(rest[0], 1, 2) - 1
        if head == "bird" and len(rest) == 2:
            return spec.A_BIRD + (num(rest[0], 1, 2) - 1) * spec.NUM_CELLS + cell_of(rest[1])
        if head == "ox" and len(rest) == 3:
            return (spec.A_OX + ((num(rest[0], 1, 2) - 1) * 4 + direction(rest[1])) * spec.MAX_PUSH
                    + num(rest[2], 1, spec.MAX_PUSH) - 1)
        if head == "snake" and len(rest) == 1:
            return spec.A_SNAKE + motif_of(rest[0])
        if head in spec.SPELL_NAMES:
            sp = spec.SPELL_NAMES.index(head)
            need = {spec.FIRESTORM: 3, spec.WHIRLWIND: 2}.get(sp, 1)
            if len(rest) != need:
                raise err
            target = 0
            if sp == spec.FIRESTORM:
                if rest[1] not in ("row", "column"):
                    raise err
                target = (num(rest[0], 1, 2) - 1) * 2 + (rest[1] == "column")
            elif sp == spec.WHIRLWIND:
                target = num(rest[0], 1, 2) - 1
            tiles = [motif_of(t) for t in rest[-1].split(",")]
            own = list(spec.SPELL_TILES[sp])
            if sorted(tiles) != sorted(own) or len(tiles) != 3:
                raise ValueError(f"{head} uses exactly {', '.join(spec.MOTIF_NAMES[m] for m in own)} "
                                 f"(in the order they go on the stack, bottom first), got {rest[-1]!r}")
            order = [own.index(t) for t in tiles]
            o = next(i for i, perm in enumerate(spec.PERMS) if list(perm) == order)
            return spec.A_SPELL + int(spec.SPELL_BASE[sp]) + target * 6 + o
        if head == "build" and len(rest) == 1:
            return spec.A_BUILD + motif_of(rest[0])
        if head == "end" and not rest:
            return spec.A_END
        if head == "discard" and len(rest) == 1:
            return spec.A_DISCARD + motif_of(rest[0])
        if head == "place" and len(rest) == 2:
            return spec.A_PLACE + (num(rest[0], 1, spec.STACK_LIMIT) - 1) * spec.NUM_CELLS + cell_of(rest[1])
    except ValueError as e:
        if e is err:
            raise
        raise ValueError(f"cannot read action {text!r}: {e}") from None
    raise err
