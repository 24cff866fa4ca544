"""Major action C, Licensing Servants (§5.1 C), the Market (§8) and the Tumult Zone (§8)."""
import numpy as np

from pyramid_envs.keops import spec

from .positions import (act, empty_pier, fill_pyramid, give_goods, give_materials, legal, phase,
                        put_city, put_crop, set_dock, set_goods, start, take_dwelling)

P0, P1 = 0, 1


def test_step1_retrieves_servants_but_not_tumult():
    st = start(2)
    s = st[0]
    root = put_city(st, spec.SCHOOL, 0, 0, owner=P1)
    act(st, "ROOM", root * 2 + 0)  # an Artisan in the School
    act(st, "YES")                  # the patron's Deben
    act(st, "MINOR", spec.MIN_WHARF)
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "SERVANT", spec.SCRIBE)
    act(st, "DONE")  # no servant left: the Wharf ended by itself; this ends the turn
    act(st, "MINOR", spec.MIN_WHARF)
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "DONE")  # stop sending servants
    act(st, "DONE")  # end the turn
    assert s["serv_home"][P0].sum() == 0
    s["serv_tumult"][P0, spec.ARTISAN] = 1
    s["serv_board"][P0, spec.ARTISAN] -= 1
    empty_pier(st)
    act(st, "LICENSE")
    while s["turn_player"] == P0:
        b, i = legal(st)[-1]
        act(st, b, i)
    assert s["serv_home"][P0, spec.ARTISAN] + s["serv_tumult"][P0, spec.ARTISAN] == 2
    assert s["serv_tumult"][P0, spec.ARTISAN] >= 1
    assert s["city_room"][root, 0] == -1 and s["wharf"][P0] == 0


def test_market_example_and_revaluation():
    """§8: a green revenue of 1 Deben, then 2 Debens buy 1 Barley; Barley revalues after."""
    st = start(2)
    s = st[0]
    empty_pier(st)
    put_city(st, spec.COURTROOM, 0, 0, owner=P0)  # first green revenue: 1 Deben + Market
    d0 = s["debens"][P0]
    act(st, "LICENSE")
    assert s["debens"][P0] == d0 + 1
    assert phase(st) == "license-market"
    assert spec.MARKET_PRICE[spec.BARLEY, 2] == 2
    act(st, "MARKET", spec.BARLEY)
    assert s["debens"][P0] == d0 + 1 - 2 and s["market"][spec.BARLEY] == 2  # not yet
    act(st, "MARKET", 4 + spec.BEER)  # second Market action: sell a Beer for 4
    assert s["debens"][P0] == d0 + 1 - 2 + 4
    assert s["market"][spec.BARLEY] == 3 and s["market"][spec.BEER] == 1


def test_maintenance_example():
    """§5.1 C step 3: unpaid upkeep sends that dwelling's servant to the Tumult Zone."""
    st = start(2)
    s = st[0]
    empty_pier(st)
    # 2nd yellow (Artisan: Barley) and 3rd green (Scribe: Beer) dwellings taken
    for row, cell in ((0, 40), (0, 41), (1, 42), (1, 43), (1, 44)):
        take_dwelling(st, P0, row, cell)
    assert list(s["serv_home"][P0]) == [3, 2, 0] and s["population"][P0] == 5
    s["happiness"] = 12
    set_goods(st, P0, [1, 0, 0, 0])
    act(st, "LICENSE")
    act(st, "DONE")  # no market action
    assert phase(st) == "license-upkeep"
    assert set(legal(st)) == {("UPKEEP", 0), ("UPKEEP", 1)}
    act(st, "UPKEEP", 0)  # pays 1 Barley for the Artisan
    assert s["goods"][P0, spec.BARLEY] == 0
    assert set(legal(st)) == {("UPKEEP", 1)}  # no Beer for the Scribe
    act(st, "UPKEEP", 1)
    assert s["serv_tumult"][P0, spec.SCRIBE] == 1 and s["serv_home"][P0, spec.SCRIBE] == 1
    assert s["turn_player"] == P1


def test_upkeep_is_one_good_per_servant():
    """§13.1 "You can pay 1 Barley, 1 Beer, 1 Papyrus or 1 Silver to keep that Servant":
    the Artisans of the 2nd and 4th yellow Dwellings cost 2 Goods, one each (the 4th its
    Beer, then the 2nd its Barley, rows from the deepest Dwelling)."""
    st = start(2)
    s = st[0]
    empty_pier(st)
    for cell in (40, 41, 42, 43):
        take_dwelling(st, P0, 0, cell)
    assert s["serv_home"][P0, spec.ARTISAN] == 4
    s["happiness"] = 12
    set_goods(st, P0, [1, 1, 0, 0])
    act(st, "LICENSE")
    act(st, "DONE")  # no Market action
    assert phase(st) == "license-upkeep"
    act(st, "UPKEEP", 0)
    assert list(s["goods"][P0]) == [1, 0, 0, 0]
    assert ("UPKEEP", 0) in legal(st)
    act(st, "UPKEEP", 0)
    assert list(s["goods"][P0]) == [0, 0, 0, 0]
    assert s["serv_home"][P0, spec.ARTISAN] == 4 and s["serv_tumult"][P0].sum() == 0
    assert s["turn_player"] == P1


def test_maintenance_example_of_four_servants():
    """§5.1 C step 3's example: the unlocked Dwellings ask "2 barley and 2 beer"; one Beer
    unpaid sends "the artisan or the scribe" to the Tumult Zone (here the artisan)."""
    st = start(2)
    s = st[0]
    empty_pier(st)
    for cell in (40, 41, 42, 43, 44):
        take_dwelling(st, P0, 0, cell)  # Artisans of the 2nd, 4th and 5th yellow Dwellings
    for cell in (45, 46, 47):
        take_dwelling(st, P0, 1, cell)  # the Scribe of the 3rd green Dwelling
    assert list(s["serv_home"][P0]) == [5, 2, 0]
    s["happiness"] = 12
    set_goods(st, P0, [2, 1, 0, 0])
    act(st, "LICENSE")
    act(st, "DONE")  # no Market action
    assert phase(st) == "license-upkeep"
    act(st, "UPKEEP", 0)  # yellow 5th: 1 Barley
    assert list(s["goods"][P0]) == [1, 1, 0, 0]
    act(st, "UPKEEP", 1)  # yellow 4th: its Beer is kept for the Scribe, the artisan goes
    act(st, "UPKEEP", 0)  # yellow 2nd: 1 Barley
    assert list(s["goods"][P0]) == [0, 1, 0, 0]
    act(st, "UPKEEP", 0)  # green 3rd: 1 Beer
    assert s["serv_tumult"][P0, spec.ARTISAN] == 1 and list(s["serv_home"][P0]) == [4, 2, 0]
    assert list(s["goods"][P0]) == [0, 0, 0, 0]


def test_happiness_step():
    """§5.1 C step 4: each point of population above the dial: a good, a Deben or a servant."""
    st = start(2)
    s = st[0]
    empty_pier(st)
    s["happiness"] = 1  # population 3: two points to cover
    d0 = s["debens"][P0]
    act(st, "LICENSE")
    act(st, "DONE")
    assert phase(st) == "license-happiness"
    act(st, "GOOD", 4)  # a Deben
    act(st, "SERVANT", spec.ARTISAN)
    assert s["debens"][P0] == d0 - 1 and s["serv_tumult"][P0, spec.ARTISAN] == 1
    assert s["turn_player"] == P1


def test_cheapest_barge_builds_the_pyramid_without_points():
    st = start(2)
    s = st[0]
    s["happiness"] = 12
    set_dock(st, 1, 0)  # barge 0 (L, L) on dock 1, cheaper than barge 1 (W, W) on dock 2
    set_dock(st, 2, 1)
    for d in (0, 3):
        s["barge_discard"][s["barge_discard_n"]] = s["dock_barge"][d]
        s["barge_discard_n"] += 1
        s["dock_barge"][d] = -1
    act(st, "LICENSE")
    act(st, "DONE")
    assert phase(st) == "pyramid-place" and ("DONE", 0) not in legal(st)  # must place
    for _ in range(2):
        b, i = legal(st)[0]
        act(st, b, i)
    assert (s["pyr_fill"] == spec.LIMESTONE).sum() == 2
    assert s["construction"][P0] == 0 and s["dock_barge"][1] >= 0  # the pier refilled
    assert s["turn_player"] == P1


def test_tumult_turns_prestige_into_transit():
    """§8: with a servant in Tumult, a Prestige point moves it to Transit instead."""
    st = start(2)
    s = st[0]
    s["serv_tumult"][P0, spec.ARTISAN] = 1
    s["serv_home"][P0, spec.ARTISAN] = 1
    act(st, "CONSTRUCT", 11)
    act(st, "SERVANT", spec.SCRIBE)
    act(st, "PLANTATION", 0)
    assert s["prestige"][P0] == 0
    assert s["serv_tumult"][P0, spec.ARTISAN] == 0 and s["serv_transit"][P0, spec.ARTISAN] == 1


def test_yellow_revenue_material_or_pyramid():
    st = start(2)
    s = st[0]
    empty_pier(st)
    s["happiness"] = 12
    for sp in range(3):  # three yellow markers off: Barley + 1 material-or-pyramid
        put_crop(st, sp, spec.BARLEY_CROP, owner=P0)
    b0 = s["goods"][P0, spec.BARLEY]
    give_materials(st, P0, limestone=1)
    act(st, "LICENSE")
    assert s["goods"][P0, spec.BARLEY] == b0 + 1
    assert phase(st) == "license-revenue"
    assert set(legal(st)) == {("REVENUE_OPTION", 0), ("REVENUE_OPTION", 1), ("DONE", 0)}
    act(st, "REVENUE_OPTION", 1)
    act(st, "PYRAMID_PLACE", spec.LIMESTONE * spec.PYR_MAX_SPACES + 0)
    assert s["pyr_fill"][0] == spec.LIMESTONE and s["materials"][P0].sum() == 0


def test_minor_actions_forbidden_after_licensing():
    st = start(2)
    s = st[0]
    empty_pier(st)
    s["happiness"] = 12
    give_goods(st, P0, barley=0)
    act(st, "LICENSE")
    act(st, "DONE")
    assert s["turn_player"] == P1 and s["current_player"] == P1
    assert np.all(s["serv_home"][P0] == [2, 1, 0])


def test_tumult_with_two_kinds_asks_which_goes_to_transit():
    st = start(2)
    s = st[0]
    s["serv_home"][P0] = [1, 0, 0]
    s["serv_tumult"][P0] = [1, 1, 0]
    act(st, "CONSTRUCT", 11)
    act(st, "PLANTATION", 0)
    assert phase(st) == "servant-choice"
    assert set(legal(st)) == {("SERVANT", spec.ARTISAN), ("SERVANT", spec.SCRIBE)}
    act(st, "SERVANT", spec.SCRIBE)
    assert list(s["serv_transit"][P0]) == [0, 1, 0] and s["prestige"][P0] == 0


def test_eliminated_servant_needs_no_upkeep():
    """§13.5: an eliminated servant no longer requires Maintenance."""
    st = start(2)
    s = st[0]
    empty_pier(st)
    s["happiness"] = 12
    take_dwelling(st, P0, 0, 40)
    take_dwelling(st, P0, 0, 41)  # the 2nd yellow Dwelling: an Artisan costing 1 Barley
    s["serv_home"][P0, spec.ARTISAN] -= 1
    s["serv_elim"][P0, spec.ARTISAN] += 1
    act(st, "LICENSE")
    act(st, "DONE")  # the Market
    assert s["turn_player"] == P1  # no upkeep was asked


def test_a_barge_that_completes_the_level_starts_the_akhet_round():
    """§6: a level completed by Licensing step 5 starts the Akhet round after the turn."""
    st = start(2)
    s = st[0]
    s["happiness"] = 12
    s["medjay"][:2] = 9  # no border penalties in this Akhet round
    n = spec.PYR_NUM_SPACES[0, 0]
    fill_pyramid(st, range(1, n))
    assert spec.PYR_SPACE_MATERIAL[0, 0, 0] == spec.LIMESTONE
    set_dock(st, 0, 0)  # barge 0: 2 Limestone, on the cheapest dock
    act(st, "LICENSE")
    act(st, "DONE")
    act(st, "PYRAMID_PLACE", spec.LIMESTONE * spec.PYR_MAX_SPACES + 0)
    assert s["level"] == 1 and not s["level_done"] and (s["pyr_fill"] == -1).all()
    assert s["construction"][P0] == 0  # no points from the barge
    assert s["turn_player"] == P1 and phase(st) == "turn"
