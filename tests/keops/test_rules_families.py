"""Family cards (§11.1, §13.6): the deal and the choice of side, then every face's ability
as designed in docs/rules/keops.md ("Family cards"), on positions checked by the codec."""
import numpy as np
import pytest

from pyramid_envs.keops import GAME, rules, spec
from pyramid_envs.keops import spec_advanced as adv

from .positions import (act, give_goods, legal, load, phase, put_city, rng_for_die,
                        set_borders, set_decrees, set_families, start)

P0, P1 = 0, 1


def start_with(n=2, seed=0, families=True, decrees=False):
    st = np.zeros(1, rules.STATE)
    rules.reset(st, np.array([seed], np.uint64), np.array([n, int(families), int(decrees)], np.int64))
    return st


def test_setup_deals_a_card_each_and_sides_are_chosen_in_seat_order():
    st = start_with(3, seed=4)
    s = st[0]
    assert len(set(s["fam_card"][:3])) == 3 and (s["fam_face"][:3] == -1).all()
    chosen = []
    while phase(st) != "turn":
        if phase(st) == "family-face":
            chosen.append(int(s["current_player"]))
        b, i = legal(st)[0]
        act(st, b, i)
    assert chosen == [0, 1, 2] and (s["fam_face"][:3] >= 0).all()
    assert s["current_player"] == 0 and s["steps"] >= 3


def _choose(faces, side_of_seat0, n=2):
    """A fresh game with these cards, seat 0 about to choose its side."""
    st = start_with(n)
    set_families(st, *[(c, None) for c in faces])
    st[0]["phase"] = spec.PH_FAMILY_FACE
    act(st, "FAMILY_FACE", adv.FACE_NAMES.index(side_of_seat0))
    return st


def test_ptahhotep_a_starts_with_one_material_of_each_kind():
    st = _choose(["ptahhotep", "sesostris"], "a")
    assert st[0]["materials"][P0].tolist() == [1, 1, 1]
    assert st[0]["quarry"].tolist() == [spec.MATERIAL_SUPPLY - 1] * 3


def test_aamenemes_a_takes_two_mandates_and_gives_two_debens_away():
    st = _choose(["aamenemes-ankh", "sesostris"], "a", n=3)
    s = st[0]
    assert s["mandates"][P0] == adv.AAMENEMES_MANDATES
    d = s["debens"][:3].copy()
    assert phase(st) == "family-debens" and s["current_player"] == P0
    act(st, "PLAYER", 0)   # seat 1
    act(st, "PLAYER", 1)   # seat 2
    assert (s["debens"][:3] - d).tolist() == [-2, 1, 1]
    assert phase(st) == "family-face" and s["current_player"] == P1


def test_ra_em_ka_b_needs_the_decree_option():
    st = start_with(2)
    set_families(st, ("ra-em-ka", None), ("sesostris", None))
    st[0]["phase"] = spec.PH_FAMILY_FACE
    assert legal(st) == [("FAMILY_FACE", 0)]
    set_decrees(st)
    assert legal(st) == [("FAMILY_FACE", 0), ("FAMILY_FACE", 1)]


def _playing(*faces, n=2):
    st = start(n)
    set_families(st, *faces)
    return st


def test_ptahhotep_b_gives_a_point_per_pyramid_action_of_the_turn():
    st = _playing(("ptahhotep", "b"), ("sesostris", "a"))
    s = st[0]
    s["materials"][P0] = [1, 0, 0]
    s["quarry"][0] -= 1
    act(st, "MINOR", spec.MIN_PYRAMID)
    sp = next(i for i in range(spec.PYR_MAX_SPACES)
              if ("PYRAMID_PLACE", spec.LIMESTONE * spec.PYR_MAX_SPACES + i) in legal(st))
    before = int(s["construction"][P0])
    act(st, "PYRAMID_PLACE", spec.LIMESTONE * spec.PYR_MAX_SPACES + sp)
    # 1 for the Artisan (taken when sent) + 1 Family point, no section completed here
    assert before == spec.PYRAMID_ARTISAN_POINTS and s["construction"][P0] == before + 1


def test_izezi_a_may_buy_a_silver_when_any_jewelry_is_activated():
    st = _playing(("izezi-anj", "a"), ("sesostris", "a"))
    s = st[0]
    root = put_city(st, spec.JEWELRY, 0, 0, P0)  # its own Jewelry
    give_goods(st, P0, papyrus=1)
    act(st, "ROOM", root * spec.MAX_ROOMS)
    assert phase(st) == "offer" and s["current_player"] == P0
    d, silver = int(s["debens"][P0]), int(s["goods"][P0, spec.SILVER])
    act(st, "YES")
    assert s["debens"][P0] == d - 1 and s["goods"][P0, spec.SILVER] == silver + 1
    assert phase(st) == "turn"


def test_izezi_b_buys_a_mandate_once_per_turn():
    st = _playing(("izezi-anj", "b"), ("sesostris", "a"))
    s = st[0]
    d = int(s["debens"][P0])
    act(st, "ADV_MINOR", 0)
    assert s["mandates"][P0] == 1 and s["debens"][P0] == d - adv.IZEZI_MANDATE_DEBENS
    assert ("ADV_MINOR", 0) not in legal(st) and ("LICENSE", 0) not in legal(st)


@pytest.mark.parametrize("family,color", [("aamenemes-ankh", spec.GREEN), ("nika-ankh", spec.RED),
                                          ("ra-em-ka", spec.YELLOW)])
def test_family_construction_of_the_card_colour_is_not_the_major_action(family, color):
    side = "a" if family == "ra-em-ka" else "b"
    st = _playing((family, side), ("sesostris", "a"))
    s = st[0]
    give_goods(st, P0, barley=1, beer=1, papyrus=1)
    act(st, "ADV_MINOR", 0)
    assert phase(st) == "family-build"
    pools = [i for b, i in legal(st)]
    assert pools and all(b == "CONSTRUCT" for b, _ in legal(st))
    from pyramid_envs.keops.construct import pool_color
    assert all(pool_color(k) == color for k in pools)
    k = pools[0]
    tiles = int(s["pool"][k])
    act(st, "CONSTRUCT", k)
    while phase(st) != "turn":
        b, i = legal(st)[0]
        act(st, b, i)
    assert s["pool"][k] == tiles - 1 and s["major_done"] == -1
    assert ("ADV_MINOR", 0) not in legal(st)


def test_nika_ankh_a_puts_a_second_offering_on_a_new_temple():
    st = _playing(("nika-ankh", "a"), ("sesostris", "a"))
    s = st[0]
    act(st, "CONSTRUCT", 12)
    if phase(st) == "construct-servant":
        act(st, "SERVANT", spec.SCRIBE)
    act(st, "GOD", spec.OSIRIS)
    act(st, "TEMPLE", 0)
    assert s["offerings"][0, P0] == 1 + adv.NIKA_EXTRA_OFFERINGS
    assert s["offer_reserve"][P0] == spec.OFFERINGS_PER_PLAYER - 2


def test_nefer_seshem_a_chooses_a_border_each_round_that_ignores_defense():
    st = _choose(["nefer-seshem", "sesostris"], "a")
    s = st[0]
    act(st, "FAMILY_FACE", 0)  # seat 1
    assert phase(st) == "family-border" and s["current_player"] == P0
    act(st, "BORDER", 1)
    assert s["fam_border"][P0] == 1 and phase(st) == "turn"
    set_borders(st, [2, 3, 0], [0, 1, 2])  # defenses 1, 1, 0
    give_goods(st, P0, barley=1)
    act(st, "BORDER_SPACE", spec.ARTISAN)
    act(st, "BORDER", 1)
    assert s["medjay"][P0, 1] == 2  # the Defense 1 is not lost there
    from pyramid_envs.keops.held import new_round
    new_round(s)
    assert s["fam_border"][P0] == -1


def test_nefer_seshem_b_splits_a_border_space_over_borders():
    st = _playing(("nefer-seshem", "b"), ("sesostris", "a"))
    s = st[0]
    set_borders(st, [0, 1, 6], [0, 1, 2])  # defense 0 on all three
    give_goods(st, P0, beer=1)
    act(st, "BORDER_SPACE", spec.SCRIBE)  # 3 Medjay
    assert phase(st) == "medjay-split"
    act(st, "BORDER", 0)
    act(st, "BORDER", 2)
    act(st, "BORDER", 0)
    assert s["medjay"][P0].tolist() == [2, 0, 1] and phase(st) == "turn"


def test_sesostris_a_rolls_the_level_2_die_for_a_level_1_reward():
    st = _playing(("sesostris", "a"), ("ptahhotep", "a"))
    s = st[0]
    s["phase"] = spec.PH_REWARD_CHOICE
    s["reward_level"] = 0
    s["rng"] = rng_for_die(1)  # the Debens face: 3 on the Level 1 die, 6 on the Level 2
    d = int(s["debens"][P0])
    act(st, "REWARD", 0)
    assert s["debens"][P0] == d + 6


def test_sesostris_b_takes_the_whole_table_for_a_level_2_reward():
    st = _playing(("sesostris", "b"), ("ptahhotep", "a"))
    s = st[0]
    s["phase"] = spec.PH_REWARD_CHOICE
    s["reward_level"] = 1
    d, barley = int(s["debens"][P0]), int(s["goods"][P0, spec.BARLEY])
    act(st, "REWARD", 3)
    assert s["debens"][P0] == d + 2 and s["goods"][P0, spec.BARLEY] == barley + 1
    assert phase(st) == "gain-material"  # then the material, then the free Medjay
    act(st, "MATERIAL", spec.WOOD)
    assert phase(st) == "border-choice"


def test_khentkaus_a_keeps_the_courtroom_while_other_green_tiles_remain():
    st = _playing(("sesostris", "a"), ("khentkaus", "a"))
    s = st[0]
    give_goods(st, P0, beer=1)
    assert ("CONSTRUCT", spec.COURTROOM) not in legal(st)
    assert ("CONSTRUCT", spec.BAZAAR) in legal(st)
    for k in (spec.TAX_COLLECTOR, spec.ROYAL_ARCHITECT, spec.BAZAAR):
        s["pool"][k] = 0
    with pytest.raises(ValueError):
        load(st)  # the tiles must be somewhere: build them for seat 1 instead
    st = _playing(("sesostris", "a"), ("khentkaus", "a"))
    give_goods(st, P0, beer=1)
    for k, a in ((spec.TAX_COLLECTOR, 24), (spec.ROYAL_ARCHITECT, 4), (spec.BAZAAR, 28)):
        put_city(st, k, a, 0, P1)
    assert ("CONSTRUCT", spec.COURTROOM) in legal(st)


def test_khentkaus_b_constructs_without_the_colour_good():
    st = _playing(("khentkaus", "b"), ("sesostris", "a"))
    s = st[0]
    s["goods_supply"][spec.BEER] += s["goods"][P0, spec.BEER]
    s["goods"][P0, spec.BEER] = 0
    assert ("CONSTRUCT", spec.BAZAAR) in legal(st)
    goods = s["goods"][P0].copy()
    act(st, "CONSTRUCT", spec.BAZAAR)
    if phase(st) == "construct-servant":
        act(st, "SERVANT", spec.ARTISAN)
    b, i = legal(st)[0]
    act(st, b, i)
    assert (s["goods"][P0] == goods).all()


def test_bad_family_views_are_refused():
    st = _playing(("sesostris", "a"), ("ptahhotep", "b"))
    d = GAME.to_dict(st)
    for fam in ([{"card": "nobody", "side": "a", "border": None}] * 2,
                [{"card": "sesostris", "side": "a", "border": None}] * 2,
                [{"card": None, "side": "a", "border": None}, d["families"][1]],
                [{"card": "sesostris", "side": "c", "border": None}, d["families"][1]],
                [{"card": "sesostris", "side": "a", "border": 1}, d["families"][1]]):
        with pytest.raises(ValueError):
            GAME.from_dict({**d, "families": fam})
    with pytest.raises(ValueError):
        GAME.from_dict({**d, "options": {"families": False, "decrees": False}})


def test_pending_family_registers_need_their_family():
    st = _playing(("sesostris", "a"), ("ptahhotep", "b"))
    d = GAME.to_dict(st)
    for pending in ({"family_debens_left": 1}, {"family_build": "green"},
                    {"medjay_split": {"left": 2, "borders": [0, 0, 0]}}):
        with pytest.raises(ValueError):
            GAME.from_dict({**d, "pending": {**d["pending"], **pending}})
