"""Helpers to build Sakkara positions for the rule tests.

Positions are the dicts `GAME.from_dict` reads. `position` accounts for all 75
tiles: whatever the test does not place is stacked on the filler spaces
(by default the bottom row, a7..g7, g6 and c6), so tests keep their workers away
from there unless they mean it.
"""
import numpy as np

from pyramid_envs.sakkara import GAME, spec

B, W = 0, 1  # Black (start player), White
FILL = ("a7", "b7", "c7", "d7", "e7", "f7", "g7", "g6", "c6")  # 9 spaces x 9 tiles hold all 75
# a tile order for fillers that keeps the useful motifs of a test on predictable tops
_FILL_ORDER = tuple(range(spec.NUM_MOTIFS))


def count(d):
    """Motif counts of a {name: n} dict or a list of names."""
    out = np.zeros(spec.NUM_MOTIFS, np.int64)
    items = d.items() if isinstance(d, dict) else ((x, 1) for x in d)
    for name, n in items:
        out[spec.MOTIF_NAMES.index(name)] += n
    return out


def position(board=None, workers=None, racks=None, pyramids=None, pending=None, destroyed=None,
             fill=FILL, **rest):
    """A full from_dict dict (Black before its move unless `rest` says otherwise; `turn_state`
    is merged into nothing done); leftover tiles are stacked on `fill` (bottom first, 9 high
    at most, as the rules allow)."""
    board = {k: list(v) for k, v in (board or {}).items()}
    racks = racks or [{}, {}]
    pyramids = pyramids or [{}, {}]
    pending = pending or []
    destroyed = destroyed or {"ship": 0, "grain": 0}
    used = sum((count(v) for v in board.values()), np.zeros(spec.NUM_MOTIFS, np.int64))
    for p in range(2):
        used += count(racks[p]) + count(pyramids[p])
    used += count(pending) + count(destroyed)
    left = spec.MOTIF_COUNT - used
    assert (left >= 0).all(), f"more tiles than the game has: {dict(zip(spec.MOTIF_NAMES, left))}"
    tiles = [spec.MOTIF_NAMES[m] for m in _FILL_ORDER for _ in range(left[m])]
    i = 0
    for c in fill:
        if not tiles[i:]:
            break
        room = spec.STACK_LIMIT - len(board.get(c, []))
        board.setdefault(c, []).extend(tiles[i:i + room])
        i += room
    assert i >= len(tiles), "not enough filler spaces for the leftover tiles"
    phase = rest.get("phase", "before-move")
    cp = rest.get("current_player", B)
    moved = phase in ("after-move", "discard", "place-stack")
    turn_state = {"moved": moved, "moved_worker": None, "moved_dir": None, "horse_used": False,
                  "completed": False, **rest.pop("turn_state", {})}
    d = {"game": "sakkara_v1", "num_players": 2, "turn_limit": spec.DEFAULT_TURN_LIMIT,
         "phase": phase, "current_player": cp, "mover": 1 - cp if phase == "place-stack" else cp,
         "turn": 0 if phase == "setup" else 1, "steps": 0, "rng": 0, "board": board,
         "workers": workers or [["a1", "c1"], ["e1", "g1"]], "racks": racks, "pyramids": pyramids,
         "turn_state": turn_state, "pending": pending, "destroyed": destroyed}
    d.update(rest)
    return d


def load(**kw):
    return GAME.from_dict(position(**kw))


def legal(states):
    """The legal actions of the one game in `states`, as text."""
    mask = GAME.legal_mask(states)[0]
    return {GAME.action_to_str(states, a) for a in np.flatnonzero(mask)}


def act(states, *texts):
    """Play actions given as text; each must be legal. Returns the last step's rewards."""
    r = None
    for t in texts:
        a = GAME.str_to_action(states, t)
        assert GAME.legal_mask(states)[0, a], f"{t!r} is not legal; legal: {sorted(legal(states))}"
        r = GAME.step(states, [a])
    return r


def view(states):
    return GAME.to_dict(states)


def stack(states, cell):
    return view(states)["board"].get(cell, [])


def rack(states, p):
    return view(states)["racks"][p]
