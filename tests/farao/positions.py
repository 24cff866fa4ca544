"""Helpers to build Farao positions for the rule tests.

Positions are the dicts `GAME.from_dict` reads. `position` accounts for every tile:
the tiles a test names go where it says (face up with exactly the openings it gives,
or face down), every other tile of the game is laid face down on the free fields.
"""
import numpy as np

from pyramid_envs.farao import GAME, spec
from pyramid_envs.farao.codec import CELL_NAMES, cell_of


def rot_for(shape, opens):
    """Rotation of a shape whose openings are exactly `opens` (e.g. 'NS'), or None."""
    want = sum(1 << spec.DIR_NAMES.index(x) for x in opens)
    for r in range(4):
        if spec.SHAPE_OPEN[shape, r] == want:
            return r
    return None


def rot_covering(shape, opens):
    """Rotation with the fewest openings that include all of `opens`, or None."""
    want = sum(1 << spec.DIR_NAMES.index(x) for x in opens)
    best = None
    for r in range(4):
        o = int(spec.SHAPE_OPEN[shape, r])
        if o & want == want and (best is None or bin(o).count("1") < bin(int(spec.SHAPE_OPEN[shape, best])).count("1")):
            best = r
    return best


def position(tiles=None, n=2, pyramid="small", **kw):
    """tiles: {field: (symbol, openings[, shape])} face up, or (symbol, None[, shape]) face down.

    symbol is a spec.SYMBOL_NAMES entry ('plain', 'snake', 'inscription-red', ...). A face-up
    tile gets exactly those openings when its shape allows, else the fewest that include
    them (so 'NS' on a T-shaped obstacle opens N, S and one side).
    Returns the full dict (not yet loaded; the start of player 0's move unless `kw` says
    otherwise), so a test can still change it.
    """
    pyr = spec.PYRAMID_NAMES.index(pyramid)
    nt = spec.TILES_IN_GAME[pyr]
    used = set()
    out = {}
    for name, (sym, opens, *shape) in (tiles or {}).items():
        want = spec.SYMBOL_NAMES.index(sym)
        for exact in (True, False):
            cands = [t for t in range(nt) if t not in used and spec.TILE_SYMBOL[t] == want and (
                not shape or spec.TILE_SHAPE[t] == spec.SHAPE_NAMES.index(shape[0]))]
            found = None
            for t in cands:
                r = 0 if opens is None else (rot_for if exact else rot_covering)(spec.TILE_SHAPE[t], opens)
                if r is not None:
                    found = (t, r)
                    break
            if found:
                break
        if not found:
            raise LookupError(f"no unused {sym} tile with openings {opens}")
        used.add(found[0])
        out[name] = {"tile": found[0], "rot": found[1], "up": opens is not None}
    free = [t for t in range(nt) if t not in used]
    for c in range(spec.NUM_CELLS):
        if spec.CELL_KIND[pyr, c] == spec.C_TILE and CELL_NAMES[c] not in out:
            out[CELL_NAMES[c]] = {"tile": free.pop(0), "rot": 0, "up": False}
    d = {"game": "farao_v1", "num_players": n, "pyramid": pyramid, "inscriptions_to_open": 5,
         "end_when_stuck": True, "current_player": 0, "phase": "figure", "die": 1,
         "steps_left": 0, "mover": None, "moved": False, "must_spend": False, "prev": None,
         "target": None, "target_dir": None, "tiles": out,
         "figures": [[None] * spec.FIGURES for _ in range(n)], "place": [0] * n,
         "chamber_open": False, "items": [[] for _ in range(n)],
         "coffer": list(spec.ITEM_NAMES[:spec.ITEMS_IN_GAME[pyr]]),
         "inscriptions": [[] for _ in range(n)], "curse": None,
         "victims": [], "victim_idx": 0, "steps": 0, "rng": 0}
    discovered = set(kw.pop("discovered", []))
    for v in out.values():
        sym = spec.TILE_SYMBOL[v["tile"]]
        if v["up"] and spec.SYM_ITEM <= sym < spec.SYM_OBSTACLE:
            discovered.add(spec.ITEM_NAMES[sym - spec.SYM_ITEM])
    d["discovered"] = sorted(discovered, key=spec.ITEM_NAMES.index)
    d.update(kw)
    return d


def load(tiles=None, **kw):
    return GAME.from_dict(position(tiles, **kw))


def legal(st):
    """The legal actions now, as strings."""
    m = GAME.legal_mask(st)[0]
    return {GAME.action_to_str(st, a) for a in np.flatnonzero(m)}


def act(st, *texts):
    """Apply actions given as text, each checked against the mask; returns the last rewards."""
    r = None
    for text in texts:
        a = GAME.str_to_action(st, text)
        m = GAME.legal_mask(st)[0]
        assert m[a], f"{text!r} is not legal now; legal: {sorted(legal(st))}"
        r = GAME.step(st, [a])
    return r


def fig(st, p, k):
    c = st[0]["fig"][p, k]
    return None if c < 0 else CELL_NAMES[c]


def tile_at(st, name):
    return int(st[0]["tile"][cell_of(name)])


def item(name):
    return spec.ITEM_NAMES.index(name)


NONE3 = [None, None, None]


def moving(tiles, at="b1", die=3, steps_left=None, n=2, others=None, items=None, insc=None,
           prev=None, **kw):
    """Player 0's figure 0 on `at`, in the middle of a move."""
    figures = [[at, None, None]] + [list(others[q]) if others and q in others else NONE3[:]
                                     for q in range(1, n)]
    return load(tiles, n=n, phase="step", mover=0, die=die,
                steps_left=die if steps_left is None else steps_left, prev=prev, moved=True,
                figures=figures,
                items=[items or []] + [[] for _ in range(n - 1)] if not isinstance(items, dict)
                else [items.get(q, []) for q in range(n)],
                inscriptions=[insc or []] + [[] for _ in range(n - 1)], **kw)
