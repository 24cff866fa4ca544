"""§10 Full Turn Example, step by step: Lara constructs a Cartographer (with the optional
Silver and a penalized square), takes two Dwellings (the Priest row unlocks a Priest), reaches
a Prestige scarab and rolls the die (1 Barley and 1 Material), sends the new Priest to the
Cartographer (an Offering to Anubis and 2 Medjay), sends an Artisan to the pyramid boosted
by a Mandate (1 + 2 completed sections = 3 Construction Points) and her last servant to the
Wharf (1 Deben)."""
from pyramid_envs.keops import spec
from pyramid_envs.keops.state import CITY_DWELLING

from .positions import (act, fill_pyramid, give_goods, give_mandates, give_materials, legal, phase,
                        put_city, put_temple, rng_for_die, set_borders, start, take_dwelling)

LARA = 0


def lara_position():
    st = start(2, seed=5)
    s = st[0]
    # section 0 of the city: a Jewelry on (0,3)-(1,3), a Festival Plaza on row 2 and a
    # Dwelling on (1,0); the Cartographer on (0,1),(1,1),(1,2) leaves (0,0) and (0,2) isolated
    put_city(st, spec.JEWELRY, 3, 1, owner=1)          # vertical domino: cells 3, 11
    put_city(st, spec.FESTIVAL_PLAZA, 16, 0, owner=1)  # cells 16-19
    take_dwelling(st, 1, 1, 8)
    put_temple(st, 0, spec.ANUBIS, owner=1)
    set_borders(st, [0, 1, 2], s["border_token"])  # card 0 has no Defense
    s["prestige"][LARA] = 1
    give_goods(st, LARA, silver=1)
    give_mandates(st, LARA, 1)
    give_materials(st, LARA, limestone=2, wood=1)
    # pyramid: the any-material spaces of sections 0 and 1 are already built
    fill_pyramid(st, [1, 4])
    return st


def test_cell_layout_of_the_example():
    assert list(spec.PLACEMENT_CELLS[spec.SHAPE_DOMINO, 1, 3][:2]) == [3, 11]
    assert list(spec.PLACEMENT_CELLS[spec.SHAPE_L3, 0, 1][:3]) == [1, 9, 10]
    assert spec.CITY_PENALIZED[9]


def test_full_turn_example():
    st = lara_position()
    s = st[0]
    debens0 = int(s["debens"][LARA])
    barley0 = int(s["goods"][LARA, spec.BARLEY])
    # Major action A: the Cartographer, paid with the Scribe, 1 Papyrus, 1 + 1 Debens, Silver
    act(st, "CONSTRUCT", spec.CARTOGRAPHER)
    assert phase(st) == "construct-servant"
    act(st, "SERVANT", spec.SCRIBE)
    assert phase(st) == "construct-silver"
    act(st, "YES")
    assert phase(st) == "city-place"
    act(st, "CITY_PLACE", 1 * spec.MAX_ORIENTATIONS + 0)
    assert s["debens"][LARA] == debens0 - 2  # 1 Deben + 1 for the penalized square
    assert s["goods"][LARA, spec.PAPYRUS] == 0 and s["goods"][LARA, spec.SILVER] == 0
    # two isolated squares: a Dwelling from the Scribe row, then one from the Priest row
    assert phase(st) == "dwelling-row"
    act(st, "DWELLING_ROW", 1)
    assert s["population"][LARA] == 3
    act(st, "DWELLING_ROW", 2)
    assert s["population"][LARA] == 4 and s["serv_home"][LARA, spec.PRIEST] == 1
    assert s["city_kind"][0] == CITY_DWELLING and s["city_kind"][2] == CITY_DWELLING
    # Prestige 1 -> 3 reaches a Level 1 scarab: she rolls the die (face 0: Barley + Material)
    assert s["prestige"][LARA] == 3
    assert phase(st) == "reward-choice"
    s["rng"] = rng_for_die(0)
    act(st, "REWARD", 0)
    assert s["goods"][LARA, spec.BARLEY] == barley0 + 1
    assert phase(st) == "gain-material"
    act(st, "MATERIAL", spec.GRANITE)
    assert phase(st) == "turn"
    # minor c: the new Priest into the Cartographer's first room
    act(st, "MINOR", spec.MIN_JUST_BUILT)
    assert phase(st) == "assign-target"
    act(st, "ROOM", 1 * spec.MAX_ROOMS + 0)
    assert phase(st) == "temple-choice"
    act(st, "TEMPLE", 0)  # Anubis
    assert phase(st) == "border-choice"
    act(st, "BORDER", 0)
    assert s["offerings"][0, LARA] == 1 and s["medjay"][LARA, 0] == 2
    # minor a: an Artisan to the pyramid, boosted: 1 point + 2 completed sections
    act(st, "MINOR", spec.MIN_PYRAMID)
    assert phase(st) == "boost"
    act(st, "YES")
    assert s["mandates"][LARA] == 0
    for m, i in ((spec.LIMESTONE, 0), (spec.GRANITE, 2), (spec.WOOD, 3), (spec.LIMESTONE, 5)):
        assert phase(st) == "pyramid-place"
        act(st, "PYRAMID_PLACE", m * spec.PYR_MAX_SPACES + i)
    # her storehouse is empty, so the placement ends by itself
    assert s["construction"][LARA] == 3
    assert s["materials"][LARA].sum() == 0
    # the default Construction track has a Level 1 scarab on 3: she takes 1 Barley
    assert phase(st) == "reward-choice"
    act(st, "REWARD", 1)
    assert s["goods"][LARA, spec.BARLEY] == barley0 + 2
    # minor b: the last servant to the Wharf
    act(st, "MINOR", spec.MIN_WHARF)
    act(st, "SERVANT", spec.ARTISAN)
    assert s["debens"][LARA] == debens0 - 2 + 1
    assert phase(st) == "turn" and ("DONE", 0) in legal(st)
    assert ("MINOR", spec.MIN_WHARF) not in legal(st)  # never the same minor action twice
    act(st, "DONE")
    assert s["turn_player"] == 1 and s["current_player"] == 1
