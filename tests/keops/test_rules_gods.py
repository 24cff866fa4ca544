"""Gods (§13.2), the special rooms (§13.3), rewards (§8) and the building penalties (§13.5)."""
from pyramid_envs.keops import spec
from pyramid_envs.keops.state import SLOT_ELIMINATED, SLOT_EMPTY

from .positions import (act, away, empty_pier, give_goods, give_mandates, give_materials, legal,
                        phase, put_city, put_temple, set_borders, start, take_dwelling)

P0, P1 = 0, 1


def with_priest(st, p=P0):
    take_dwelling(st, p, 2, 47 - p)  # the first red Dwelling unlocks a Priest


def offer(st, t, p, n=1):
    st[0]["offerings"][t, p] += n
    st[0]["offer_reserve"][p] -= n


def use_temple(god, owner=P0):
    st = start(2, seed=9)
    put_temple(st, 0, god, owner)
    with_priest(st)
    offer(st, 0, P0)
    act(st, "TEMPLE", 0)
    return st


def test_sobek_bastet_thot():
    st = use_temple(spec.SOBEK)
    assert st[0]["mandates"][P0] == 1
    st = use_temple(spec.BASTET)
    act(st, "GOOD", spec.SILVER)
    assert ("GOOD", spec.SILVER) not in legal(st)  # two different goods
    act(st, "GOOD", spec.BEER)
    assert st[0]["goods"][P0, spec.SILVER] == 1 and st[0]["goods"][P0, spec.BEER] == 2
    st = start(2)
    set_borders(st, [2, 3, 1], st[0]["border_token"])  # Defense 1, 1, 0: Thot ignores it
    put_temple(st, 0, spec.THOT, P0)
    with_priest(st)
    offer(st, 0, P0)
    act(st, "TEMPLE", 0)
    assert list(st[0]["medjay"][P0]) == [1, 1, 1]


def test_anubis():
    st = start(2)
    st[0]["prestige"][P1] = 4
    put_temple(st, 0, spec.ANUBIS, P0)
    with_priest(st)
    offer(st, 0, P0)
    act(st, "TEMPLE", 0)
    assert st[0]["prestige"][P0] == 2
    assert phase(st) == "player-choice" and set(legal(st)) == {("PLAYER", 0)}
    act(st, "PLAYER", 0)
    assert st[0]["prestige"][P1] == 3


def test_maat_builds_from_the_quarry_with_points():
    st = use_temple(spec.MAAT)
    s = st[0]
    q0 = s["quarry"].sum()
    placed = 0
    while phase(st) == "pyramid-place":
        b, i = [x for x in legal(st) if x[0] == "PYRAMID_PLACE"][0]
        act(st, b, i)
        placed += 1
    assert placed == 3 and s["quarry"].sum() == q0 - 3
    assert len(set(s["pyr_fill"][s["pyr_fill"] >= 0])) == 3  # one of each material
    assert s["construction"][P0] >= 1  # the first section (3 spaces) is complete


def test_unut_brings_tumult_and_transit_home():
    st = start(2)
    s = st[0]
    s["serv_home"][P0] = [1, 0, 0]
    s["serv_tumult"][P0] = [1, 1, 0]
    s["serv_transit"][P0] = [0, 0, 0]
    put_temple(st, 0, spec.UNUT, P0)
    with_priest(st)
    offer(st, 0, P0)
    act(st, "TEMPLE", 0)
    assert list(s["serv_home"][P0]) == [2, 1, 0] and s["serv_tumult"][P0].sum() == 0


def test_seb_activates_an_occupied_room_and_patrons_follow():
    st = start(2)
    s = st[0]
    put_temple(st, 0, spec.SEB, owner=P1)
    root = put_city(st, spec.TAX_COLLECTOR, 0, 0, owner=P1)
    s["city_room"][root, 0] = P1
    s["serv_board"][P1, spec.SCRIBE] = 1
    s["serv_home"][P1, spec.SCRIBE] = 0
    offer(st, 0, P1)
    with_priest(st)
    offer(st, 0, P0)
    d0, d1 = s["debens"][P0], s["debens"][P1]
    act(st, "TEMPLE", 0)
    assert phase(st) == "seb-room"
    assert ("ROOM", root * 2 + 0) in legal(st) and ("ROOM", root * 2 + 1) not in legal(st)
    act(st, "ROOM", root * 2 + 0)
    assert s["debens"][P0] == d0 + 3 and s["happiness"] == 4
    assert s["city_room"][root, 0] == P1  # the room keeps its servant
    # the temple's Patron first (P1 declines to use Seb too)
    assert phase(st) == "patron" and s["current_player"] == P1
    act(st, "DONE")
    assert phase(st) == "patron"  # then the Tax Collector's Patron: 1 Deben
    act(st, "YES")
    assert s["debens"][P1] == d1 + 1
    assert phase(st) == "turn" and s["current_player"] == P0


def test_reward_level_two_from_the_table_takes_two_different():
    st = start(2)
    s = st[0]
    root = put_city(st, spec.MORTUARY, 0, 0, owner=P0)
    with_priest(st)
    act(st, "ROOM", root * 2 + 0)
    assert phase(st) == "reward-choice"
    act(st, "REWARD", 2)  # 2 Debens
    assert phase(st) == "reward-choice" and ("REWARD", 2) not in legal(st)
    assert ("REWARD", 0) not in legal(st)  # the die is not a second pick
    b0 = s["goods"][P0, spec.BARLEY]
    act(st, "REWARD", 1)
    assert s["goods"][P0, spec.BARLEY] == b0 + 1 and phase(st) == "turn"


def test_royal_architect_and_same_material_patron():
    st = start(2)
    s = st[0]
    root = put_city(st, spec.ROYAL_ARCHITECT, 0, 0, owner=P1)
    away(st, P0, spec.ARTISAN, 2)  # only the Scribe can go
    act(st, "ROOM", root * 2 + 0)
    assert phase(st) == "pyramid-place"
    act(st, "PYRAMID_PLACE", spec.LIMESTONE * spec.PYR_MAX_SPACES + 0)
    act(st, "PYRAMID_PLACE", spec.GRANITE * spec.PYR_MAX_SPACES + 2)
    assert s["pyr_fill"][0] == spec.LIMESTONE and s["pyr_fill"][2] == spec.GRANITE
    assert phase(st) == "patron" and s["current_player"] == P1
    assert {x for x in legal(st) if x[0] == "MATERIAL"} == {("MATERIAL", 0), ("MATERIAL", 2)}
    act(st, "MATERIAL", spec.GRANITE)
    assert s["materials"][P1, spec.GRANITE] == 1


def test_cartographer_room_two_three_borders():
    st = start(2)
    s = st[0]
    set_borders(st, [0, 1, 2], s["border_token"])  # Defense 0, 0, 1
    root = put_city(st, spec.CARTOGRAPHER, 0, 0, owner=P0)
    with_priest(st)
    give_goods(st, P0, silver=1)
    act(st, "ROOM", root * 2 + 1)
    act(st, "BORDER", 2)
    assert ("BORDER", 2) not in legal(st)
    act(st, "BORDER", 0)
    act(st, "BORDER", 1)
    assert list(s["medjay"][P0]) == [2, 1, 3 - 1]


def test_bazaar_room_one_takes_another_good():
    st = start(2)
    root = put_city(st, spec.BAZAAR, 0, 0, owner=P0)
    act(st, "ROOM", root * 2 + 0)
    act(st, "GOOD", spec.BEER)
    assert ("GOOD", spec.BEER) not in legal(st)
    act(st, "GOOD", spec.SILVER)
    assert st[0]["goods"][P0, spec.SILVER] == 1 and st[0]["goods"][P0, spec.BEER] == 0


def test_mortuary_room_two():
    st = start(2)
    s = st[0]
    put_temple(st, 0, spec.OSIRIS, P1)
    root = put_city(st, spec.MORTUARY, 0, 0, owner=P0)
    with_priest(st)
    assert ("ROOM", root * 2 + 1) not in legal(st)  # needs an Offering on Ra
    offer(st, spec.TEMPLE_RA, P0)
    act(st, "ROOM", root * 2 + 1)
    act(st, "TEMPLE", 0)
    assert ("TEMPLE", 0) not in legal(st)
    act(st, "TEMPLE", spec.TEMPLE_RA)
    assert s["offerings"][0, P0] == 1 and s["offerings"][spec.TEMPLE_RA, P0] == 1


def test_red_revenue_removes_an_offering_for_its_god():
    st = start(2)
    s = st[0]
    empty_pier(st)
    s["happiness"] = 12
    put_temple(st, 0, spec.OSIRIS, P0)  # P0's first red marker: one offering-or-god unit
    offer(st, 0, P0)
    d0 = s["debens"][P0]
    act(st, "LICENSE")
    assert phase(st) == "license-revenue"
    act(st, "REVENUE_OPTION", 3)
    act(st, "TEMPLE", 0)
    assert s["debens"][P0] == d0 + 5 and s["offerings"][0, P0] == 0


def test_mandates_held_at_most_three():
    st = start(2)
    give_mandates(st, P0, 3)
    put_temple(st, 0, spec.SOBEK, P0)
    with_priest(st)
    offer(st, 0, P0)
    act(st, "TEMPLE", 0)
    assert st[0]["mandates"][P0] == 3 and st[0]["mandate_supply"] == spec.MANDATE_SUPPLY - 3


def test_building_penalty_covers_a_revenue():
    """§13.5: the building leaves, the marker leaves the game and an Eliminated token hides
    the column space's revenue."""
    from pyramid_envs.keops.akhet import remove_building
    st = start(2)
    s = st[0]
    root = put_city(st, spec.BREWERY, 0, 0, owner=P0)
    assert s["col_slot"][P0, spec.YELLOW, 0] == SLOT_EMPTY
    s["pen_seat"] = P0
    remove_building(s, root)
    assert s["city_kind"][root] == -1 and s["pool"][spec.BREWERY] == spec.POOL_SUPPLY[0, spec.BREWERY]
    assert s["col_slot"][P0, spec.YELLOW, 0] == SLOT_ELIMINATED
    # its revenue (1 Barley) is gone
    empty_pier(st)
    s["happiness"] = 12
    b0 = s["goods"][P0, spec.BARLEY]
    act(st, "LICENSE")
    act(st, "DONE")
    assert s["goods"][P0, spec.BARLEY] == b0


def test_storehouse_materials_do_not_exceed_six():
    st = start(2)
    give_materials(st, P0, wood=6)
    assert ("QUARRY_SPACE", spec.ARTISAN) not in legal(st)


def test_a_room_needs_part_of_its_benefit():
    """§8: no Sanctuary without an Offering to place, no Courtroom with 3 Mandates held."""
    st = start(2)
    s = st[0]
    sanct = put_city(st, spec.SANCTUARY, 0, 0, owner=P1)
    court = put_city(st, spec.COURTROOM, 4, 0, owner=P1)
    assert ("ROOM", sanct * 2) in legal(st) and ("ROOM", court * 2) in legal(st)
    s["offer_lost"][P0] = s["offer_reserve"][P0]
    s["offer_reserve"][P0] = 0
    give_mandates(st, P0, 3)
    assert ("ROOM", sanct * 2) not in legal(st) and ("ROOM", court * 2) not in legal(st)


def test_rewards_again_after_going_down_and_up():
    """§8: a scarab pays when the marker reaches it going up, never going down, and again
    after it went down and comes back up."""
    from pyramid_envs.keops.resources import lose_prestige, raise_prestige
    st = start(2)
    s = st[0]
    s["prestige"][P0] = 2
    raise_prestige(s, P0)
    assert s["prestige"][P0] == 3 and s["pend_reward"][0] == 1
    lose_prestige(s, P0, 1)
    assert s["pend_reward"][0] == 1
    raise_prestige(s, P0)
    assert s["pend_reward"][0] == 2
    s["prestige"][P0] = 8
    raise_prestige(s, P0)  # 9: a Level 2 scarab
    assert s["pend_reward"][1] == 1


def test_festival_plaza_patron_pays_beer_or_papyrus():
    st = start(2)
    s = st[0]
    root = put_city(st, spec.FESTIVAL_PLAZA, 16, 0, owner=P1)
    with_priest(st)
    act(st, "ROOM", root * 2)
    assert phase(st) == "patron"
    assert {x for x in legal(st) if x[0] == "GOOD"} == {("GOOD", spec.BEER), ("GOOD", spec.PAPYRUS)}
    act(st, "GOOD", spec.PAPYRUS)
    assert s["prestige"][P1] == 1 and s["goods"][P1, spec.PAPYRUS] == 0


PLAIN = [(k, r) for k in range(spec.NUM_CITY_KINDS) for r in range(spec.BUILDING_ROOMS[k])
         if spec.ROOM_COST[k, r, spec.C_ANY_GOOD] == 0 and spec.ROOM_COST[k, r, spec.C_RA_OFFERING] == 0
         and all(spec.ROOM_GAIN[k, r, f] == 0 for f in range(spec.G_ANY_GOOD, spec.NUM_GAIN_FIELDS)
                 if f not in (spec.G_HAPPINESS, spec.G_PRESTIGE))]


def test_plain_rooms_pay_and_gain_as_printed():
    """§13.3: every room whose benefit needs no choice: its costs and gains, exactly."""
    assert len(PLAIN) >= 6
    for kind, room in PLAIN:
        st = start(2, seed=kind)
        s = st[0]
        s["happiness"] = 6
        s["prestige"][P0] = 1
        give_goods(st, P0, barley=2, beer=1, papyrus=2, silver=1)
        s["debens"][P0] = 10
        root = put_city(st, kind, 0, 0, owner=P1)
        t = spec.COLOR_SERVANT[spec.BUILDING_COLOR[kind]]
        if t == spec.PRIEST:
            with_priest(st)
        before = s.copy()
        act(st, "ROOM", root * 2 + room)
        cost, gain = spec.ROOM_COST[kind, room], spec.ROOM_GAIN[kind, room]
        assert s["city_room"][root, room] == P0
        assert s["debens"][P0] == before["debens"][P0] - cost[spec.C_DEBEN] + gain[spec.G_DEBEN]
        for g in range(spec.NUM_GOODS):
            want = before["goods"][P0, g] - cost[spec.COST_OF_GOOD[g]] + gain[spec.GAIN_OF_GOOD[g]]
            assert s["goods"][P0, g] == want, (spec.BUILDING_NAMES[kind], room, g)
        assert s["happiness"] == before["happiness"] - cost[spec.C_HAPPINESS] + gain[spec.G_HAPPINESS]
        assert s["prestige"][P0] == before["prestige"][P0] - cost[spec.C_PRESTIGE] + gain[spec.G_PRESTIGE]
        assert phase(st) in ("patron", "turn", "reward-choice")  # Prestige 3 is a scarab
