"""Setup for 2, 3 and 4 Viziers (§4, §4.1)."""
import numpy as np
import pytest

from pyramid_envs.keops import spec

from .positions import act, legal, phase, set_goods, start


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    st = start(n, seed=n)
    s = st[0]
    pc = n - 2
    assert phase(st) == "turn" and s["current_player"] == 0 and s["turn_player"] == 0
    assert list(s["debens"][:n]) == list(spec.START_DEBENS[:n])  # 5, 6, 7, 8 by seat
    assert (s["goods"][:n] == spec.START_GOODS).all()               # 2 Barley, 1 Beer, 1 Papyrus
    assert (s["minor_favors"][:n] == 1).all() and (s["major_favors"] == 0).all()
    assert (s["offer_reserve"][:n] == 10).all()
    assert (s["serv_home"][:n] == [2, 1, 0]).all() and (s["population"][:n] == 3).all()
    assert (s["serv_locked"][:n] == [3, 2, 3]).all()
    assert s["happiness"] == 5
    assert (s["market"] == 2).all()
    assert list(s["pier_store"]) == [1, 1, 1, 0]
    assert (s["dock_barge"] >= 0).all() and len(set(s["dock_barge"])) == 4
    assert s["barge_reserve_n"] == spec.NUM_BARGES - 4
    assert (s["quarry"] == spec.MATERIAL_SUPPLY).all()
    assert (s["pool"] == spec.POOL_SUPPLY[pc]).all()
    assert s["pool"][spec.BREWERY] == pc + 1 and s["pool"][11] == [3, 4, 6][pc]
    # 3 of the 4 level-1 border cards, each with an ordinary penalty token
    assert (spec.BORDER_LEVEL[s["border_card"]] == 0).all() and len(set(s["border_card"])) == 3
    assert not spec.PENALTY_TOKEN_LEVEL3[s["border_token"]].any()
    assert (s["medjay"] == 0).all() and (s["prestige"] == 0).all()
    assert (s["pyr_fill"] == -1).all()
    assert (s["temple_god"] == -1).all() and (s["city_kind"] == -1).all()


def test_plantation_spaces_for_four_players_only():
    for n, open_spaces in ((2, 6), (4, 8)):
        st = start(n, seed=1)
        s = st[0]
        set_goods(st, 0, [1, 1, 1, 0])
        act(st, "CONSTRUCT", 11)
        act(st, "SERVANT", spec.ARTISAN)
        spaces = {i // 2 for b, i in legal(st) if b == "PLANTATION"}
        assert len(spaces) == open_spaces


def test_seeds_change_the_draws():
    a, b = start(4, seed=1)[0], start(4, seed=2)[0]
    assert not (np.array_equal(a["dock_barge"], b["dock_barge"])
                and np.array_equal(a["border_card"], b["border_card"]))
