"""Helpers to build Keops positions for the rule tests.

A position starts from a seeded setup (`start`) and is edited field by field; the helpers
keep every component accounted for (a tile leaves its pool and a marker its column, goods
and barges move rather than appear, a Dwelling lies in the city and unlocks its servant).
`act` first rebuilds the position through the codec (`load`: `GAME.from_dict(GAME.to_dict)`,
which validates the whole position and must give back the same bytes), then plays one
decision after checking it is legal; `legal` lists the legal actions as (block, index).
"""
import numpy as np

from pyramid_envs.core.rng import mix64
from pyramid_envs.keops import GAME, rules, spec
from pyramid_envs.keops import spec_rautoma as spec_ra
from pyramid_envs.keops.actions import NUM_ACTIONS, action_of, block_of
from pyramid_envs.keops.state import CITY_DWELLING, SLOT_EMPTY, SLOT_MARKER

_GAMMA = 0x9E3779B97F4A7C15


def start(num_players=2, seed=0):
    st = np.zeros(1, rules.STATE)
    rules.reset(st, np.array([seed], np.uint64), np.array([num_players], np.int64))
    return st


def ra_start(players=1, level=1, seed=0):
    """`players` players and the High Priest of Ra (the last seat) at difficulty `level`."""
    st = np.zeros(1, rules.STATE)
    rules.reset(st, np.array([seed], np.uint64), np.array([players, 0, 0, level], np.int64))  # families, decrees off
    return st


def ra_top(st, *cards):
    """Ra-utoma cards (rulebook numbers 1-24) on top of the deck, the last one on top; a card
    not in the deck is swapped with a deck card of its kind (a Temple card with the box)."""
    s = st[0]
    for number in cards:
        c = number - 1
        n = int(s["ra_deck_n"])
        deck = list(s["ra_deck"][:n])
        if c not in deck:
            assert c >= 20, f"card {number} is not in the deck"
            k = next(i for i, x in enumerate(deck) if x >= 20)
            deck[k] = c
        deck.remove(c)
        deck.append(c)
        s["ra_deck"][:n] = deck
    s["ra_top_color"] = spec_ra.CARD_COLOR[s["ra_deck"][s["ra_deck_n"] - 1]]


def mask(st):
    m = np.zeros((1, NUM_ACTIONS), np.int8)
    rules.legal_mask(st, m)
    return m[0]


def legal(st):
    return [block_of(a) for a in np.flatnonzero(mask(st))]


def phase(st):
    return spec.PHASES[st[0]["phase"]]


def load(st):
    """Rebuild the position through the codec (`from_dict` checks every component) and
    check nothing changed."""
    back = GAME.from_dict(GAME.to_dict(st))
    assert back.tobytes() == st.tobytes()
    return back


def act(st, block, index=0):
    load(st)
    a = action_of(block, index)
    assert mask(st)[a], f"{block} {index} is not legal in phase {phase(st)}: {legal(st)}"
    rew = np.zeros((1, spec.MAX_PLAYERS), np.float32)
    rules.step(st, np.array([a], np.int64), rew)
    return rew[0]


def _take_marker(s, p, color):
    k = int(np.flatnonzero(s["col_slot"][p, color] == SLOT_MARKER)[0])
    s["col_slot"][p, color, k] = SLOT_EMPTY


def put_city(st, kind, anchor, orient, owner):
    """A city building of `kind` placed at (anchor cell, orientation); returns its root cell."""
    s = st[0]
    cells = [int(c) for c in spec.PLACEMENT_CELLS[spec.BUILDING_SHAPE[kind], orient, anchor] if c >= 0]
    assert cells and all(s["city_kind"][c] == -1 for c in cells)
    root = min(cells)
    for c in cells:
        s["city_kind"][c] = kind
        s["city_owner"][c] = owner
        s["city_root"][c] = root
    s["city_anchor"][root] = anchor
    s["city_orient"][root] = orient
    s["pool"][kind] -= 1
    _take_marker(s, owner, spec.BUILDING_COLOR[kind])
    return root


def put_temple(st, space, god, owner):
    s = st[0]
    s["temple_god"][space] = god
    s["temple_owner"][space] = owner
    s["pool"][12] -= 1
    _take_marker(s, owner, spec.RED)


def put_crop(st, space, kind, owner):
    s = st[0]
    s["plant_kind"][space] = kind
    s["plant_owner"][space] = owner
    s["pool"][11] -= 1
    _take_marker(s, owner, spec.YELLOW)


def give_goods(st, p, **goods):
    s = st[0]
    for name, n in goods.items():
        g = spec.GOOD_NAMES.index(name)
        s["goods"][p, g] += n
        s["goods_supply"][g] -= n


def give_materials(st, p, **mats):
    s = st[0]
    for name, n in mats.items():
        m = spec.MATERIAL_NAMES.index(name)
        s["materials"][p, m] += n
        s["quarry"][m] -= n


def give_mandates(st, p, n):
    st[0]["mandates"][p] += n
    st[0]["mandate_supply"] -= n


def fill_pyramid(st, spaces, material=None):
    """Fill pyramid spaces of the current level (with their pictured material by default)."""
    s = st[0]
    pc = int(s["num_players"]) - 2
    for i in spaces:
        m = spec.PYR_SPACE_MATERIAL[s["level"], pc, i] if material is None else material
        s["pyr_fill"][i] = m
        s["quarry"][m] -= 1


def rng_for_die(face):
    """An RNG state whose next roll of a six-sided die shows `face` (0-based)."""
    for x in range(1, 10_000):
        z = int(mix64(np.uint64((x + _GAMMA) % 2**64)))
        if z % spec.DIE_FACES == face:
            return np.uint64(x)
    raise AssertionError("no seed found")


def set_goods(st, p, goods):
    """p holds exactly `goods` (Barley, Beer, Papyrus, Silver); the reserve balances."""
    s = st[0]
    for g, n in enumerate(goods):
        s["goods_supply"][g] += s["goods"][p, g] - n
        s["goods"][p, g] = n


def take_dwelling(st, p, row, cell):
    """p takes the leftmost Dwelling of `row` onto city square `cell` (§8), unlocking its
    servant if it has one."""
    s = st[0]
    assert s["city_kind"][cell] == -1
    s["city_kind"][cell] = CITY_DWELLING
    s["city_owner"][cell] = p
    s["city_root"][cell] = cell
    k = s["dwell_taken"][p, row]
    s["dwell_taken"][p, row] = k + 1
    t = spec.DWELLING_UNLOCK[row, k]
    if t >= 0:
        s["serv_locked"][p, t] -= 1
        s["serv_home"][p, t] += 1
        s["population"][p] += 1


def set_dock(st, d, barge):
    """Barge `barge` onto dock d; the barge there goes where `barge` was."""
    s = st[0]
    old = s["dock_barge"][d]
    for field, count in (("barge_reserve", "barge_reserve_n"), ("barge_discard", "barge_discard_n")):
        arr = s[field]
        for i in range(s[count]):
            if arr[i] == barge:
                arr[i] = old
                s["dock_barge"][d] = barge
                return
    for e in range(4):
        if s["dock_barge"][e] == barge:
            s["dock_barge"][e] = old
            s["dock_barge"][d] = barge
            return
    raise AssertionError(f"barge {barge} is not in the reserve, the discards or a dock")


def empty_pier(st):
    """Every dock's barge to the discards (Licensing step 5 then has nothing to build)."""
    s = st[0]
    for d in range(spec.NUM_DOCKS):
        if s["dock_barge"][d] >= 0:
            s["barge_discard"][s["barge_discard_n"]] = s["dock_barge"][d]
            s["barge_discard_n"] += 1
            s["dock_barge"][d] = -1


def set_borders(st, cards, tokens):
    """Border cards and their penalty tokens (the tokens placed so far are these)."""
    s = st[0]
    s["border_card"][:] = cards
    s["border_token"][:] = tokens
    s["token_used"][:] = 0
    s["token_used"][list(tokens)] = 1


def away(st, p, t, n):
    """n of p's servants of type t leave home for the Unavailable area (spent)."""
    s = st[0]
    s["serv_home"][p, t] -= n
    s["serv_spent"][p, t] += n


def set_families(st, *faces):
    """The Family option on, with (family name, side 'a' | 'b' | None) per seat."""
    from pyramid_envs.keops.spec_advanced import FACE_NAMES, FAMILY_NAMES
    s = st[0]
    s["opt_families"] = True
    names = [f.lower() for f in FAMILY_NAMES]
    for p, (card, side) in enumerate(faces):
        s["fam_card"][p] = names.index(card)
        s["fam_face"][p] = -1 if side is None else FACE_NAMES.index(side)


def set_decrees(st, hands=(), in_play=()):
    """The Decree option on: `hands` lists card names per seat, `in_play` (card, played by,
    [seats with a marker]); the other cards form the deck in id order (the last on top)."""
    from pyramid_envs.keops.spec_advanced import DEC_DECK, DECREE_MARKERS, DECREE_NAMES
    s = st[0]
    n = int(s["num_players"])
    s["opt_decrees"] = True
    s["dec_loc"][:] = DEC_DECK
    s["dec_marker"][:] = 0
    s["dec_markers_left"][:n] = DECREE_MARKERS
    for p, hand in enumerate(hands):
        for c in hand:
            s["dec_loc"][DECREE_NAMES.index(c)] = p
    for c, by, markers in in_play:
        k = DECREE_NAMES.index(c)
        s["dec_loc"][k] = 4 + by
        for q in markers:
            s["dec_marker"][k, q] = 1
            s["dec_markers_left"][q] -= 1
    deck = [c for c in range(len(DECREE_NAMES)) if s["dec_loc"][c] == DEC_DECK]
    s["dec_deck"][:] = -1
    s["dec_deck"][:len(deck)] = deck
    s["dec_deck_n"] = len(deck)


def decree(name):
    from pyramid_envs.keops.spec_advanced import DECREE_NAMES
    return DECREE_NAMES.index(name)
