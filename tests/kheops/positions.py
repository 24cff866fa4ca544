"""Small helpers to build Kheops positions for the rule tests.

Positions are written as the dicts `GAME.from_dict` reads: cells by name
("1a" apex .. "7m"), tiles by id into spec's tables. `position` accounts for
all 50 tiles: whatever the test does not place goes to the hands (when the
test gives none) and then to the bottom of the pile.
"""
import numpy as np

from pyramid_envs.kheops import GAME, spec
from pyramid_envs.kheops.codec import CELL_NAMES, cell_of
from pyramid_envs.kheops.scoring import tally

W, R = spec.WHITE, spec.RED
KINDS = {"room": spec.ROOM, "corridor": spec.CORRIDOR}
SYMBOLS = {name: i for i, name in enumerate(spec.SYMBOL_NAMES)}  # "plain", "ankh", ...


class Tiles:
    """Hands out distinct tile ids by (kind, openings, symbol).

    quiet=True: once the plain tiles run out, a "plain" request may get an instant-action
    tile (the default mix has only 4 plain rooms), for tiles whose instant action never fires
    in the test: scored positions, hands, tiles no pawn is placed on by an action.
    """

    def __init__(self, quiet=False):
        self.used = set()
        self.quiet = quiet

    def __call__(self, kind, n=None, sym="plain"):
        """An unused tile of that kind, symbol and (if given) number of openings."""
        wanted = [SYMBOLS[sym]]
        if sym == "plain" and self.quiet:
            wanted += list(spec.INSTANT_SYMBOLS)
        for x in wanted:
            for t in range(spec.NUM_TILES):
                if (t not in self.used and spec.TILE_KIND[t] == KINDS[kind]
                        and n in (None, spec.TILE_NUM_OPEN[t]) and spec.TILE_SYMBOL[t] == x):
                    self.used.add(t)
                    return t
        raise LookupError(f"no unused {kind}/{n} {sym} tile left")


def slot(a, b):
    """Edge slot of cell a that it shares with cell b."""
    a, b = cell_of(a), cell_of(b)
    for k in range(3):
        if spec.NEIGHBOR[a, k] == b:
            return k
    raise ValueError(f"{CELL_NAMES[a]} and {CELL_NAMES[b]} do not share an edge")


def open_slots(tile, rot):
    return {k for k in range(3) if (spec.TILE_OPEN[tile, rot] >> k) & 1}


def rot_toward(tile, cell, *targets):
    """A rotation of `tile` on `cell` whose openings are exactly `targets`.

    Targets are neighbour cell names, or "F" for an edge on the frame.
    """
    c = cell_of(cell)
    need = {slot(cell, x) for x in targets if x != "F"}
    n_frame = sum(1 for x in targets if x == "F")
    for r in range(3):
        rest = open_slots(tile, r) - need
        if need <= open_slots(tile, r) and len(rest) == n_frame and all(
                spec.NEIGHBOR[c, k] < 0 for k in rest):
            return r
    raise ValueError(f"tile {tile} cannot open exactly toward {targets} on {cell}")


def on(tile, cell, *targets):
    """A board entry {cell: (tile, rot)} opening exactly toward `targets`."""
    return {cell: (tile, rot_toward(tile, cell, *targets))}


def position(board, pawns=None, hands=None, pile=None, fill=(), **extra):
    """A full from_dict dict (White to place a pawn unless `extra` says otherwise).

    board: {cell: tile or (tile, rot)}; pawns: {cell: (owner, kind name)};
    hands: two lists (None for an empty slot), by default the lowest unused ids;
    pile: the top of the pile, bottom first (its last element is drawn first);
    fill: cells that get the remaining tiles (rotation 0) before hands and pile.
    """
    b = {}
    for name, v in board.items():
        t, r = (v, 0) if isinstance(v, (int, np.integer)) else v
        b[name] = {"tile": int(t), "rot": int(r)}
    used = [v["tile"] for v in b.values()]
    used += [t for h in (hands or []) for t in h if t is not None] + list(pile or [])
    rest = [t for t in range(spec.NUM_TILES) if t not in set(used)]
    for name in fill:
        b[name] = {"tile": rest.pop(0), "rot": 0}
    if hands is None:
        hands = [rest[:3], rest[3:6]]
        rest = rest[6:]
    d = {"game": "kheops_v1", "num_players": 2, "current_player": W, "phase": "pawn",
         "board": b, "hands": [list(h) for h in hands], "pile": rest + list(pile or []),
         "pawns": {c: {"owner": o, "kind": k} for c, (o, k) in (pawns or {}).items()},
         "removed": [0, 0], "last_placed": None, "selected": None, "steps": 0, "rng": 0}
    d.update(extra)
    return d


def load(board, pawns=None, **kw):
    return GAME.from_dict(position(board, pawns, **kw))


def all_cells_but(*cells):
    return [n for n in CELL_NAMES if n not in cells]


def legal(states):
    """The legal actions of a 1-game batch, as action strings."""
    mask = GAME.legal_mask(states)[0]
    return {GAME.action_to_str(states, a) for a in np.flatnonzero(mask)}


def act(states, text):
    """Check `text` is legal, play it, return the rewards row."""
    a = GAME.str_to_action(states, text)
    assert GAME.legal_mask(states)[0, a], f"{text} should be legal; legal: {sorted(legal(states))}"
    return GAME.step(states, [a])[0]


def view(states):
    return GAME.to_dict(states)


def score(board, pawns=None):
    """The endgame tally of a position: (comp, nets, ankhs, scores)."""
    s = load(board, pawns, phase="tile")[0]
    return tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])
