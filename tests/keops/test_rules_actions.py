"""Major actions A and B and the minor actions: the rulebook's examples (§5.1, §5.2) and the
turn rules (§5)."""
import numpy as np

from pyramid_envs.keops import spec
from pyramid_envs.keops.state import SLOT_EMPTY

from .positions import (act, away, fill_pyramid, give_mandates, give_materials, legal, phase,
                        put_city, put_crop, put_temple, set_borders, set_dock, start, take_dwelling)

P0, P1 = 0, 1


def blocks(st):
    return {b for b, _ in legal(st)}


def test_turn_needs_an_action_and_never_repeats_a_minor():
    st = start(2)
    assert ("DONE", 0) not in legal(st)  # §5: never skip a turn
    act(st, "MINOR", spec.MIN_WHARF)
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "DONE")
    assert phase(st) == "turn" and ("DONE", 0) in legal(st)
    assert ("MINOR", spec.MIN_WHARF) not in legal(st)
    assert ("LICENSE", 0) not in legal(st)  # no Licensing in a turn with minor actions
    assert "CONSTRUCT" in blocks(st) or "DOCK" in blocks(st)


def test_wharf_pays_one_deben_per_servant():
    st = start(2)
    d0 = st[0]["debens"][P0]
    act(st, "MINOR", spec.MIN_WHARF)
    for t in (spec.ARTISAN, spec.ARTISAN, spec.SCRIBE):
        act(st, "SERVANT", t)
    assert st[0]["debens"][P0] == d0 + 3
    assert st[0]["wharf"][P0] == 3 and st[0]["serv_board"][P0].sum() == 3


def test_licensing_is_forced_without_servants():
    st = start(2)
    s = st[0]
    s["serv_board"][P0] += s["serv_home"][P0]
    s["serv_home"][P0] = 0
    assert set(legal(st)) == {("LICENSE", 0)}


def test_construct_temple_example():
    """§5.1 A: a Scribe, 1 Papyrus and 1 Deben; 1 Prestige; god and pantheon space; the red
    marker and a free Offering on the temple; then a Priest may go there (minor c)."""
    st = start(2)
    s = st[0]
    away(st, P0, spec.ARTISAN, 2)
    take_dwelling(st, P0, 2, 47)  # the first red Dwelling unlocks a Priest
    d0 = s["debens"][P0]
    act(st, "CONSTRUCT", 12)
    act(st, "SERVANT", spec.SCRIBE)
    assert phase(st) == "temple-god"
    act(st, "GOD", spec.OSIRIS)
    assert phase(st) == "temple-space"
    act(st, "TEMPLE", 2)
    assert s["debens"][P0] == d0 - 1 and s["goods"][P0, spec.PAPYRUS] == 0
    assert s["prestige"][P0] == 1
    assert s["temple_god"][2] == spec.OSIRIS and s["temple_owner"][2] == P0
    assert s["col_slot"][P0, spec.RED, 0] == SLOT_EMPTY and s["offerings"][2, P0] == 1
    assert s["serv_spent"][P0, spec.SCRIBE] == 1
    act(st, "MINOR", spec.MIN_JUST_BUILT)
    act(st, "TEMPLE", 2)
    assert s["debens"][P0] == d0 - 1 + 5 and s["offerings"][2, P0] == 0  # Osiris: 5 Debens
    # a god figure is used once
    st2 = start(2)
    put_temple(st2, 0, spec.OSIRIS, P1)
    act(st2, "CONSTRUCT", 12)
    act(st2, "SERVANT", spec.ARTISAN)
    assert ("GOD", spec.OSIRIS) not in legal(st2)


def test_crop_in_the_akhet_zone_example():
    """§5.1 A: 1 Artisan, 1 Barley and 2 Debens; the Artisan then gets 3 Barley."""
    st = start(2)
    s = st[0]
    d0 = s["debens"][P0]
    act(st, "CONSTRUCT", 11)
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "PLANTATION", 6 * 2 + 0)  # Akhet zone space 6, Barley side
    assert s["debens"][P0] == d0 - 2 and s["goods"][P0, spec.BARLEY] == 1
    assert s["plant_kind"][6] == spec.BARLEY_CROP and s["prestige"][P0] == 1
    act(st, "MINOR", spec.MIN_JUST_BUILT)
    act(st, "CROP_ROOM", 6 * 2 + 0)
    assert s["goods"][P0, spec.BARLEY] == 4


def test_school_room_two_gives_an_independent_servant():
    st = start(2)
    s = st[0]
    root = put_city(st, spec.SCHOOL, 0, 0, owner=P1)
    d0, d1 = s["debens"][P0], s["debens"][P1]
    act(st, "ROOM", root * 2 + 1)
    assert phase(st) == "servant-choice"
    assert set(legal(st)) == {("SERVANT", 4), ("SERVANT", 5), ("DONE", 0)}
    act(st, "SERVANT", 5)
    assert s["indep_held"][P0, spec.PRIEST] == 1 and s["debens"][P0] == d0 - 1
    # the School's Patron decides in the acting player's turn
    assert phase(st) == "patron" and s["current_player"] == P1
    act(st, "YES")
    assert s["debens"][P1] == d1 + 1
    assert phase(st) == "turn" and s["current_player"] == P0
    # independent servants need no upkeep and go back to the pool when used
    act(st, "MINOR", spec.MIN_WHARF)
    act(st, "SERVANT", 3 + spec.PRIEST)
    assert s["indep_board"][P0, spec.PRIEST] == 1


def test_own_building_has_no_patron_step():
    st = start(2)
    root = put_city(st, spec.TAX_COLLECTOR, 0, 0, owner=P0)
    act(st, "ROOM", root * 2 + 0)
    assert phase(st) == "turn" and st[0]["happiness"] == 4


def test_pier_example():
    """§5.1 B: a Scribe on the 2-Deben dock takes its barge, then a mooring (2 Debens)."""
    st = start(2)
    s = st[0]
    d0 = s["debens"][P0]
    barge = s["dock_barge"][0]
    act(st, "DOCK", 0)
    while phase(st) != "mooring":  # the barge's own benefits first
        b, i = legal(st)[0]
        act(st, b, i)
    act(st, "MOORING", spec.MO_DEBENS)
    assert s["mooring_barge"][spec.MO_DEBENS] == barge and s["dock_barge"][0] == -1
    assert s["debens"][P0] == d0 - 2 + 2
    assert s["dock_occ"][0] == P0


def test_pier_boost_makes_the_barge_free():
    st = start(2)
    s = st[0]
    give_mandates(st, P0, 1)
    s["debens"][P0] = 0
    assert ("DOCK", 3) in legal(st)
    act(st, "DOCK", 3)
    assert phase(st) == "boost" and set(legal(st)) == {("YES", 0)}
    act(st, "YES")
    assert s["mandates"][P0] == 0 and s["debens"][P0] == 0


def test_temple_priest_example_and_temple_patron():
    """§5.1 B: a Priest on Osiris, spending the Offering: 5 Debens. The temple's Patron may
    remove an own Offering there for Osiris too (§13.2)."""
    st = start(2)
    s = st[0]
    put_temple(st, 1, spec.OSIRIS, owner=P1)
    s["offerings"][1, P0] = 1
    s["offer_reserve"][P0] -= 1
    s["offerings"][1, P1] = 1
    s["offer_reserve"][P1] -= 1
    take_dwelling(st, P0, 2, 47)
    d0, d1 = s["debens"][P0], s["debens"][P1]
    act(st, "TEMPLE", 1)
    assert s["debens"][P0] == d0 + 5 and s["offerings"][1, P0] == 0
    assert phase(st) == "patron" and s["current_player"] == P1
    act(st, "YES")
    assert s["debens"][P1] == d1 + 5 and s["offerings"][1, P1] == 0


def test_border_space_example_and_boost():
    """§5.1 B: an Artisan on Reinforce Borders pays 1 Barley and 1 Deben for 2 Medjay;
    a Mandate adds 2 in the same border; the card's Defense is lost once."""
    st = start(2)
    s = st[0]
    set_borders(st, [0, 2, 3], s["border_token"])  # defense 0, 1, 1
    give_mandates(st, P0, 1)
    act(st, "BORDER_SPACE", spec.ARTISAN)
    act(st, "DONE")  # no boost
    act(st, "BORDER", 0)
    assert s["medjay"][P0, 0] == 2 and s["goods"][P0, spec.BARLEY] == 1
    st = start(2)
    s = st[0]
    set_borders(st, [0, 2, 3], s["border_token"])
    give_mandates(st, P0, 1)
    act(st, "BORDER_SPACE", spec.ARTISAN)
    act(st, "YES")
    act(st, "BORDER", 1)
    assert s["medjay"][P0, 1] == 2 + 2 - 1


def test_quarry_example_and_storehouse_limit():
    st = start(2)
    s = st[0]
    act(st, "QUARRY_SPACE", spec.SCRIBE)
    act(st, "MATERIAL", spec.WOOD)
    act(st, "MATERIAL", spec.GRANITE)
    assert list(s["materials"][P0]) == [0, 1, 1] and s["quarry_space_occ"][spec.SCRIBE] == P0
    st = start(2)
    give_materials(st, P0, limestone=5)
    act(st, "QUARRY_SPACE", spec.SCRIBE)
    act(st, "MATERIAL", spec.WOOD)
    assert phase(st) == "turn" and st[0]["materials"][P0].sum() == 6


def test_artisan_to_pyramid_example():
    """§5.2 a: 1 point for the Artisan, +1 for the section the placed material completes."""
    st = start(2)
    s = st[0]
    fill_pyramid(st, [0, 1])
    give_materials(st, P0, granite=1)
    act(st, "MINOR", spec.MIN_PYRAMID)
    act(st, "PYRAMID_PLACE", spec.GRANITE * spec.PYR_MAX_SPACES + 2)
    assert s["construction"][P0] == 1 + spec.PYR_SECTION_ICONS[0, 0, 0]


def test_pyramid_adjacency_and_pictured_material():
    st = start(2)
    s = st[0]
    give_materials(st, P0, limestone=3, wood=3)
    act(st, "MINOR", spec.MIN_PYRAMID)
    spaces = {(i // spec.PYR_MAX_SPACES, i % spec.PYR_MAX_SPACES)
              for b, i in legal(st) if b == "PYRAMID_PLACE"}
    for m, i in spaces:
        assert spec.PYR_SPACE_START[0, 0, i]  # nothing placed yet: the bottom row only
        assert spec.PYR_SPACE_ANY[0, 0, i] or spec.PYR_SPACE_MATERIAL[0, 0, i] == m
    # an any-material space with its pictured material earns +1 (§5.2)
    m1 = spec.PYR_SPACE_MATERIAL[0, 0, 1]
    assert spec.PYR_SPACE_ANY[0, 0, 1]
    c0 = s["construction"][P0]
    act(st, "PYRAMID_PLACE", m1 * spec.PYR_MAX_SPACES + 1)
    assert s["construction"][P0] == c0 + spec.ANY_MATCH_BONUS


def test_mandate_uses_and_limit():
    st = start(2)
    s = st[0]
    give_mandates(st, P0, 3)
    d0 = s["debens"][P0]
    act(st, "MANDATE_USE", spec.MAN_DEBEN)
    assert s["debens"][P0] == d0 + 1 and s["mandates"][P0] == 2
    act(st, "MANDATE_USE", spec.MAN_GOOD)
    act(st, "GOOD", spec.SILVER)
    assert s["goods"][P0, spec.SILVER] == 1
    act(st, "MANDATE_USE", spec.MAN_OFFERING)
    act(st, "TEMPLE", spec.TEMPLE_RA)
    assert s["offerings"][spec.TEMPLE_RA, P0] == 1 and s["mandates"][P0] == 0
    assert ("DONE", 0) not in legal(st)  # a mandate use is not an action


def test_courtroom_pay_any_good_and_same_good_patron():
    st = start(2)
    s = st[0]
    root = put_city(st, spec.COURTROOM, 0, 0, owner=P1)
    act(st, "ROOM", root * 2 + 0)
    assert phase(st) == "pay-good"
    act(st, "GOOD", spec.BEER)
    assert s["mandates"][P0] == 1 and s["goods"][P0, spec.BEER] == 0
    assert phase(st) == "patron"
    b1 = s["goods"][P1, spec.BEER]
    act(st, "YES")
    assert s["goods"][P1, spec.BEER] == b1 + 1


def test_crop_patron_and_akhet_bonus():
    st = start(2)
    s = st[0]
    put_crop(st, 1, spec.PAPYRUS_CROP, owner=P1)
    act(st, "CROP_ROOM", 1 * 2 + 0)
    assert s["goods"][P0, spec.PAPYRUS] == 2
    act(st, "YES")
    assert s["goods"][P1, spec.PAPYRUS] == 2


def test_isolated_square_earns_a_dwelling_and_unlocks_an_artisan():
    """§8: each isolated square of the section takes a Dwelling; the 2nd yellow Dwelling
    unlocks an Artisan (§8's example)."""
    st = start(3)  # two Festival Plazas
    s = st[0]
    take_dwelling(st, P0, 0, 47)
    put_city(st, spec.FESTIVAL_PLAZA, 16, 0, owner=P1)  # row 2 of section 0
    put_city(st, spec.FESTIVAL_PLAZA, 8, 0, owner=P1)   # row 1
    act(st, "CONSTRUCT", spec.TAX_COLLECTOR)
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "CITY_PLACE", 0 * spec.MAX_ORIENTATIONS + 0)  # cells 0, 1, 2: cell 3 is isolated
    assert phase(st) == "dwelling-row"
    pop = s["population"][P0]
    act(st, "DWELLING_ROW", 0)
    assert s["city_owner"][3] == P0 and s["dwell_taken"][P0, 0] == 2
    assert s["population"][P0] == pop + 1 and s["serv_home"][P0, spec.ARTISAN] == 2
    assert spec.DWELLING_UPKEEP[0, 1, spec.BARLEY] == 1


def test_servant_to_just_built_only():
    st = start(2)
    s = st[0]
    root = put_city(st, spec.BREWERY, 0, 0, owner=P1)
    act(st, "CONSTRUCT", 11)
    act(st, "SERVANT", spec.SCRIBE)
    act(st, "PLANTATION", 0)
    act(st, "MINOR", spec.MIN_JUST_BUILT)
    assert ("ROOM", root * 2) not in legal(st)
    assert set(legal(st)) == {("CROP_ROOM", 0), ("CROP_ROOM", 1)}
    assert np.all(s["plant_room"][0] == -1)


def test_barge_good_from_the_pier_storehouse_and_crop_mooring():
    """§13.4: a Materials + Good barge gives a good of one's choice from the Pier Storehouse
    (refilled when empty); the crop mooring gives the good of a crop in the Akhet zone."""
    st = start(2)
    s = st[0]
    barge = 14
    assert spec.BARGE_PIER_GOOD[barge]
    set_dock(st, 0, barge)
    s["pier_store"][:] = [0, 1, 1, 0]
    s["goods_supply"][spec.BARLEY] += 1
    put_crop(st, 6, spec.PAPYRUS_CROP, owner=P1)
    put_crop(st, 7, spec.BARLEY_CROP, owner=P1)
    act(st, "DOCK", 0)
    assert phase(st) == "gain-good"
    assert {x for x in legal(st) if x[0] == "GOOD"} == {("GOOD", spec.BEER), ("GOOD", spec.PAPYRUS)}
    act(st, "GOOD", spec.BEER)
    assert s["goods"][P0, spec.BEER] == 2 and list(s["pier_store"]) == [0, 0, 1, 0]
    act(st, "MOORING", spec.MO_CROP_GOOD)
    assert {x for x in legal(st) if x[0] == "GOOD"} == {("GOOD", spec.BARLEY), ("GOOD", spec.PAPYRUS)}
    act(st, "GOOD", spec.PAPYRUS)
    assert s["goods"][P0, spec.PAPYRUS] == 2


def test_penalized_square_costs_a_deben_in_the_mask():
    """§10: 1 Deben more per penalized square covered; a Vizier who cannot pay it cannot
    place the tile there."""
    st = start(2)
    s = st[0]
    s["debens"][P0] = 1
    act(st, "CONSTRUCT", spec.JEWELRY)
    act(st, "SERVANT", spec.ARTISAN)
    places = {i for b, i in legal(st) if b == "CITY_PLACE"}
    for a in places:
        cells = spec.PLACEMENT_CELLS[spec.SHAPE_DOMINO, a % spec.MAX_ORIENTATIONS,
                                     a // spec.MAX_ORIENTATIONS]
        assert not spec.CITY_PENALIZED[cells[cells >= 0]].any()
    assert 9 * spec.MAX_ORIENTATIONS + 0 not in places  # cells 9-10 cover the penalized 9
    s["debens"][P0] = 2
    assert ("CITY_PLACE", 9 * spec.MAX_ORIENTATIONS + 0) in legal(st)


def test_no_temple_without_a_free_pantheon_space():
    st = start(2)
    for t, god in enumerate((spec.OSIRIS, spec.SEB, spec.SOBEK, spec.ANUBIS)):
        put_temple(st, t, god, owner=P1 if t < 3 else P0)
    assert ("CONSTRUCT", 12) not in legal(st)
    assert ("LICENSE", 0) in legal(st)
