"""Helpers to build Krimsutep positions for the rule tests.

A position starts as the JSON view of a seeded setup (`start`) and is edited in
place: `put` moves a card onto a space and sends what was there to the card's old
place (so every card stays accounted for), `hand` deals chosen excavation cards
(taken from wherever they were, returned ones go to the deck). `load` builds the
state through `GAME.from_dict`, which checks the whole position.
"""
import copy

import numpy as np

from pyramid_envs.krimsutep import GAME, spec
from pyramid_envs.krimsutep.codec import CELL_NAMES, cell_of

GODS = {g.lower(): i for i, g in enumerate(spec.GODS)}
SHAPES = {"cross": spec.CROSS, "T": spec.TEE, "corner": spec.CORNER, "straight": spec.STRAIGHT,
          "dead-end": spec.DEAD}
SPECIALS = {name: i for i, name in enumerate(spec.SPECIAL_NAMES)}
SYMBOLS = {name: i for i, name in enumerate(spec.SYMBOL_NAMES)}


def start(num_players=2, seed=0, **options):
    st = GAME.new_states(1)
    GAME.reset(st, [seed], {"num_players": num_players, **options})
    return GAME.to_dict(st)


def card(kind, god=None, back=None, ankh=None, skip=()):
    """A card id: kind is a shape ('cross', 'T', ...) for plain cards or a special name."""
    for c in range(spec.GRAVE_ID):
        if c in skip:
            continue
        if kind in SHAPES:
            if spec.CARD_SPECIAL[c] != spec.PLAIN or spec.CARD_SHAPE[c] != SHAPES[kind]:
                continue
        elif spec.CARD_SPECIAL[c] != SPECIALS[kind]:
            continue
        if god is not None and spec.CARD_GOD[c] != GODS[god.lower()]:
            continue
        if back is not None and spec.CARD_BACK[c] != (spec.LIGHT_BACK if back == "light" else spec.DARK_BACK):
            continue
        if ankh is not None and bool(spec.CARD_ANKH[c]) != ankh:
            continue
        return c
    raise LookupError(f"no card {kind} god={god} back={back} ankh={ankh}")


def locate(d, c):
    for name, v in d["pyramid"].items():
        if v["card"] == c:
            return ("pyramid", name)
    for k, v in enumerate(d["beside"]):
        if v["card"] == c:
            return ("beside", k)
    return None


def put(d, cell, c, up=True, rot=0):
    """Card c onto `cell` (face up or down, front rotation); the card there goes where c was."""
    old = d["pyramid"][cell]["card"]
    where = locate(d, c)
    if where is None:
        raise ValueError(f"card {c} is not on or beside the pyramid")
    if where[0] == "pyramid":
        d["pyramid"][where[1]]["card"] = old
    else:
        d["beside"][where[1]]["card"] = old
    d["pyramid"][cell] = {"card": c, "up": up, "rot": rot}
    return d


def rot_for(c, exits):
    """The rotation of card c whose openings are exactly `exits` (a string over 'NESW')."""
    want = sum(1 << "NESW".index(x) for x in exits)
    for r in range(4):
        if spec.OPEN[spec.CARD_SHAPE[c], r] == want:
            return r
    raise ValueError(f"card {c} cannot open exactly {exits}")


def path(d, cell, kind, god, exits=None, up=True, back=None, skip=()):
    """Put a plain card of `god` on cell ('any' kind, or a shape name), turned to show exactly
    `exits` (a string over 'NESW') when given; returns its id."""
    back = back or ("light" if spec.LIGHT_CELL[cell_of(cell)] else "dark")
    want_back = spec.LIGHT_BACK if back == "light" else spec.DARK_BACK
    for c in range(spec.NUM_PATH):
        if c in skip or spec.CARD_SPECIAL[c] != spec.PLAIN or spec.CARD_BACK[c] != want_back:
            continue
        if spec.CARD_GOD[c] != GODS[god.lower()]:
            continue
        if kind != "any" and spec.CARD_SHAPE[c] != SHAPES[kind]:
            continue
        try:
            rot = rot_for(c, exits) if exits else 0
        except ValueError:
            continue
        put(d, cell, c, up, rot)
        return c
    raise LookupError(f"no {back} {kind} card of {god} with exits {exits}")


def hand(d, p, syms):
    """Deal player p excavation cards showing the given symbols (one card per entry; an
    entry may combine symbols like 'horus+shovel'), taken from the deck or discard pile."""
    d["deck"].extend(d["researchers"][p]["hand"])
    d["researchers"][p]["hand"] = []
    chosen = []
    for entry in syms:
        need = [SYMBOLS[x] for x in entry.split("+")]
        for k in list(d["deck"]) + list(d["discard"]):
            if k not in chosen and all(x in spec.EXC_SYM[k] for x in need):
                chosen.append(k)
                break
        else:
            raise LookupError(f"no free excavation card with {entry}")
    d["deck"] = [k for k in d["deck"] if k not in chosen]
    d["discard"] = [k for k in d["discard"] if k not in chosen]
    d["researchers"][p]["hand"] = chosen
    return d


def researcher(d, p, **fields):
    d["researchers"][p].update(fields)
    return d


def load(d):
    return GAME.from_dict(copy.deepcopy(d))


def legal(st):
    mask = GAME.legal_mask(st)[0]
    return {GAME.action_to_str(st, a) for a in np.flatnonzero(mask)}


def act(st, text):
    a = GAME.str_to_action(st, text)
    assert GAME.legal_mask(st)[0, a], f"{text} should be legal; legal: {sorted(legal(st))}"
    rewards = GAME.step(st, [a])[0]
    # every position reached reads back exactly through the validated JSON view
    assert GAME.from_dict(GAME.to_dict(st)).tobytes() == st.tobytes()
    return rewards


def view(st):
    return GAME.to_dict(st)


def at(d, cell):
    return d["pyramid"][cell]


__all__ = ["CELL_NAMES", "act", "at", "card", "cell_of", "hand", "legal", "load", "locate", "path",
           "put", "researcher", "rot_for", "start", "view"]
