"""Rulebook audit of the base game (issue 5): positions where the first kernels disagreed
with the rulebook or a ruling of docs/rules/keops.md."""
from pyramid_envs.keops import spec

from .positions import (act, empty_pier, fill_pyramid, give_materials, phase, put_temple,
                        set_borders, set_goods, start, take_dwelling)

P0, P1 = 0, 1


def _upkeep_position(home_artisans):
    """P0 has all 4 Artisans of the first four yellow Dwellings (two free starting ones, the
    2nd yellow costing Barley, the 4th Beer); the others are in the Tumult Zone."""
    st = start(2)
    s = st[0]
    empty_pier(st)
    for cell in (40, 41, 42, 43):
        take_dwelling(st, P0, 0, cell)
    assert s["serv_home"][P0, spec.ARTISAN] == 4
    s["serv_tumult"][P0, spec.ARTISAN] = 4 - home_artisans
    s["serv_home"][P0, spec.ARTISAN] = home_artisans
    s["happiness"] = 12
    return st


def test_upkeep_is_owed_only_for_the_servants_at_home():
    """§5.1 C step 3: Maintenance is paid for the Dwellings whose servant is there; a servant
    in the Tumult Zone leaves its (deepest) Dwelling empty."""
    st = _upkeep_position(home_artisans=3)
    s = st[0]
    set_goods(st, P0, [1, 1, 0, 0])
    act(st, "LICENSE")
    act(st, "DONE")  # no Market action
    assert phase(st) == "license-upkeep"
    act(st, "UPKEEP", 0)  # the 2nd yellow Dwelling's Barley; the 4th stands empty
    assert list(s["goods"][P0]) == [0, 1, 0, 0]
    assert s["serv_home"][P0, spec.ARTISAN] == 3 and s["turn_player"] == P1


def test_no_upkeep_when_only_the_free_dwellings_are_occupied():
    st = _upkeep_position(home_artisans=2)
    s = st[0]
    set_goods(st, P0, [0, 0, 0, 0])
    act(st, "LICENSE")
    act(st, "DONE")  # no Market action
    assert s["turn_player"] == P1
    assert s["serv_home"][P0, spec.ARTISAN] == 2 and s["serv_tumult"][P0, spec.ARTISAN] == 2


def test_maat_has_no_new_level_in_the_final_akhet():
    """§6 steps 1-3: Maat builds in the new level; after the third level there is none."""
    st = start(2, seed=4)
    s = st[0]
    s["level"] = 2
    set_borders(st, [8, 9, 10], [6, 7, 8])
    s["token_used"][:] = 1
    n = spec.PYR_NUM_SPACES[2, 0]
    fill_pyramid(st, range(1, n))
    m = int(spec.PYR_SPACE_MATERIAL[2, 0, 0])
    give_materials(st, P0, **{spec.MATERIAL_NAMES[m]: 1})
    put_temple(st, 0, spec.MAAT, owner=P1)
    s["offerings"][0, P0] = 2
    s["offer_reserve"][P0] -= 2
    act(st, "MINOR", spec.MIN_PYRAMID)
    act(st, "PYRAMID_PLACE", m * spec.PYR_MAX_SPACES + 0)
    act(st, "DONE")
    act(st, "MINOR", spec.MIN_WHARF)  # P1's extra turn
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "DONE")
    act(st, "DONE")
    assert phase(st) == "akhet-god" and s["current_player"] == P0
    act(st, "YES")  # the Offering is spent, but no material can be placed
    assert phase(st) == "game-over"
    assert (s["pyr_fill"][:n] >= 0).all()
