"""The Akhet round (§6), border penalties (§13.5) and the end of the game (§7)."""
import numpy as np

from pyramid_envs.keops import spec
from pyramid_envs.keops.state import SLOT_MARKER

from .positions import (act, fill_pyramid, give_materials, legal, phase, put_crop, put_temple,
                        set_borders, set_decrees, set_goods, start)

P0, P1 = 0, 1


def _level_nearly_full(st):
    s = st[0]
    n = spec.PYR_NUM_SPACES[s["level"], s["num_players"] - 2]
    fill_pyramid(st, range(1, n))
    m = spec.PYR_SPACE_MATERIAL[s["level"], s["num_players"] - 2, 0]
    give_materials(st, P0, **{spec.MATERIAL_NAMES[m]: 1})


def _finish_level(st):
    """P0 sends an Artisan and fills space 0, the last one (1 + 1 section icon)."""
    s = st[0]
    m = spec.PYR_SPACE_MATERIAL[s["level"], s["num_players"] - 2, 0]
    act(st, "MINOR", spec.MIN_PYRAMID)
    act(st, "PYRAMID_PLACE", m * spec.PYR_MAX_SPACES + 0)
    assert s["level_done"]


def akhet_position():
    st = start(2, seed=3)
    s = st[0]
    _level_nearly_full(st)
    # Temple of Ra: P0 3, P1 1. Osiris (P1's temple): P0 2, P1 1.
    s["offerings"][spec.TEMPLE_RA, :2] = [3, 1]
    put_temple(st, 0, spec.OSIRIS, owner=P1)
    s["offerings"][0, :2] = [2, 1]
    s["offer_reserve"][:2] -= [5, 2]
    s["construction"][P1] = 10
    s["prestige"][:2] = [5, 0]
    set_borders(st, [0, 1, 2], [1, 5, 0])  # lose half the Debens on border 0
    s["medjay"][:2] = [[3, 5, 5], [0, 5, 4]]
    put_crop(st, 6, spec.BARLEY_CROP, owner=P1)
    return st


def test_akhet_round():
    st = akhet_position()
    s = st[0]
    d0 = int(s["debens"][P0])
    _finish_level(st)
    assert s["construction"][P0] == 2
    act(st, "DONE")  # the turn ends, the Akhet round starts
    # step 3: P0 has the most Offerings on Osiris and may use the god
    assert phase(st) == "akhet-god" and s["current_player"] == P0
    d1 = int(s["debens"][P1])
    act(st, "YES")
    assert s["debens"][P0] == d0 + 5 and s["offerings"][0, P0] == 1
    # Ra: P0 Major, P1 Minor, both take back half their Offerings (rounded up)
    assert list(s["offerings"][spec.TEMPLE_RA, :2]) == [1, 0]
    # construction: P1 Major, P0 Minor; borders: P0 2 + 2 + 3, P1 2 + 1 - 1 (penalty);
    # prestige: P0 (12) Major, P1 (2) Minor
    assert list(s["major_favors"][:2]) == [2, 1]
    assert list(s["minor_favors"][:2]) == [1 + 1, 1 + 1 + 1]
    assert s["debens"][P1] == d1 - (d1 + 1) // 2  # the border 0 penalty
    assert (s["construction"] == 0).all() and (s["prestige"] == 0).all()
    # step 7: the Akhet zone crop leaves, its marker goes back to the column
    assert s["plant_kind"][6] == -1 and (s["col_slot"][P1, spec.YELLOW] == SLOT_MARKER).all()
    # step 8: new barges; new level; new border cards for level 2 with Medjay reset
    assert (s["mooring_barge"] == -1).all() and (s["dock_barge"] >= 0).all()
    assert s["level"] == 1 and (s["pyr_fill"] == -1).all() and not s["level_done"]
    assert (spec.BORDER_LEVEL[s["border_card"]] == 1).all() and (s["medjay"] == 0).all()
    assert s["quarry"].sum() + s["materials"].sum() == 3 * spec.MATERIAL_SUPPLY
    assert phase(st) == "turn" and s["turn_player"] == P1


def test_border_example_positions():
    """§6 step 5 example (4 players): two tie for first (2 Prestige each), the third meets
    the minimum (0), the fourth is below it: -1 Prestige and the penalty."""
    st = start(4, seed=2)
    s = st[0]
    _level_nearly_full(st)
    set_borders(st, [0, 1, 2], [1, 0, 2])  # card 0: minimum 2, prestige 2, 1, 0, 0
    s["medjay"][:, 0] = [4, 4, 2, 1]
    s["medjay"][:, 1:] = 9
    s["prestige"][:] = [1, 1, 1, 1]
    s["debens"][3] = 8
    _finish_level(st)
    act(st, "DONE")
    # Prestige before step 6: 1 + 2 + 3 (borders 1, 2: all tie) + 2, 2, 0 and -1 on border 0
    # = 8, 8, 6, 5: P0 and P1 tie for the Prestige Major, so each takes a Minor; P0 also
    # has the only Construction Points (Major); the fourth pays half its Debens
    assert s["debens"][3] == 4
    assert list(s["major_favors"]) == [1, 0, 0, 0]
    assert list(s["minor_favors"]) == [2, 2, 1, 1]


def test_penalty_choices_are_the_penalized_players():
    st = akhet_position()
    s = st[0]
    set_borders(st, [0, 1, 2], [3, 5, 0])  # border 0: lose half the goods (P1 chooses)
    set_goods(st, P1, [1, 1, 1, 0])
    _finish_level(st)
    act(st, "DONE")
    act(st, "DONE")  # P0 declines Osiris
    assert phase(st) == "penalty-choice" and s["current_player"] == P1
    assert {b for b, _ in legal(st)} == {"GOOD"}
    act(st, "GOOD", spec.BEER)
    act(st, "GOOD", spec.BARLEY)
    assert list(s["goods"][P1]) == [0, 0, 1, 0]
    assert phase(st) == "turn"


def test_last_round_extra_turns_then_end():
    st = start(2, seed=4)
    s = st[0]
    s["level"] = 2
    set_borders(st, [8, 9, 10], [6, 7, 8])
    s["token_used"][:] = 1
    _level_nearly_full(st)
    s["major_favors"][:2] = [1, 1]
    s["major_supply"] -= 2
    s["debens"][:2] = [3, 9]
    s["prestige"][:2] = [2, 1]
    _finish_level(st)
    act(st, "DONE")
    # the other Vizier plays one more turn before the final Akhet round
    assert phase(st) == "turn" and s["turn_player"] == P1 and not s["terminated"]
    act(st, "MINOR", spec.MIN_WHARF)
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "DONE")
    rew = act(st, "DONE")
    assert s["terminated"] and phase(st) == "game-over"
    assert s["level"] == 2
    # score = Majors + Minors // 2; equal scores go to the most goods + Debens (§7)
    want = s["major_favors"][:2] + s["minor_favors"][:2] // 2
    assert list(s["scores"][:2]) == list(want)
    winner = int(np.argmin(s["ranks"][:2]))
    assert want[winner] == want.max() and s["ranks"][1 - winner] == 1
    assert rew[winner] == 1.0 and rew[1 - winner] == -1.0


def test_tie_breaks_goods_and_debens():
    """§7: equal Major Favors: the most goods + Debens wins."""
    from pyramid_envs.keops.akhet import final_scores
    st = start(3, seed=1)
    s = st[0]
    s["major_favors"][:3] = [2, 2, 1]
    s["minor_favors"][:3] = [1, 1, 3]
    s["debens"][:3] = [4, 6, 50]
    rew = np.zeros(4, np.float32)
    final_scores(s, rew)
    assert list(s["scores"][:3]) == [2, 2, 2]
    assert list(s["ranks"][:3]) == [2, 1, 0]
    assert rew[2] == 1.0 and rew[0] == -1.0


def test_ra_tie_for_first_gives_minors_and_no_second():
    from pyramid_envs.keops.akhet import RA_LEAST, favor_check
    st = start(3)
    s = st[0]
    before = s["minor_favors"].copy()
    bits = favor_check(s, np.array([4, 4, 2, 0], np.int64), RA_LEAST)
    assert bits == 0b011
    assert list(s["minor_favors"] - before) == [1, 1, 0, 0] and (s["major_favors"] == 0).all()
    bits = favor_check(s, np.array([5, 2, 2, 0], np.int64), RA_LEAST)  # a tie for second: nobody
    assert bits == 0b001 and s["major_favors"][0] == 1


def test_ra_favors_need_an_offering():
    """§6 step 3 (ruling): a Vizier without Offerings dedicated to Ra never places."""
    from pyramid_envs.keops.akhet import RA_LEAST, favor_check
    st = start(2)
    s = st[0]
    before = s["minor_favors"].copy()
    assert favor_check(s, np.array([3, 0, 0, 0], np.int64), RA_LEAST) == 0b01
    assert s["major_favors"][P0] == 1 and (s["minor_favors"] == before).all()
    assert favor_check(s, np.array([0, 0, 0, 0], np.int64), RA_LEAST) == 0
    assert (s["minor_favors"] == before).all()


def test_a_vizier_at_zero_places_second_on_the_tracks():
    """§6 steps 4 and 6 set no minimum: Construction 19 vs 0 gives P1 the second place's
    Minor, and a Prestige tie gives each tied Vizier a Minor: P1 gains 2 Minor Favors."""
    st = start(2, seed=3)
    s = st[0]
    _level_nearly_full(st)
    s["construction"][:2] = [17, 0]
    s["prestige"][:2] = [4, 4]
    s["medjay"][:2] = 9  # both first on every border: the same border Prestige, no penalty
    minors = s["minor_favors"][:2].copy()
    _finish_level(st)
    assert list(s["construction"][:2]) == [19, 0]
    act(st, "DONE")
    assert phase(st) == "turn" and s["level"] == 1
    assert list(s["major_favors"][:2]) == [1, 0]
    assert list(s["minor_favors"][:2] - minors) == [1, 2]


def test_a_tie_at_zero_gives_a_minor_each():
    """"In case of a tie, the Viziers involved receive 1 Minor Favor": also at 0 points; the
    Prestige tie-winning Decree's holder wins a tie at 0 (§13.7)."""
    from pyramid_envs.keops.akhet import _track_favors
    st = start(3)
    s = st[0]
    minors = s["minor_favors"][:3].copy()
    _track_favors(s, s["prestige"])
    assert list(s["minor_favors"][:3] - minors) == [1, 1, 1] and (s["major_favors"] == 0).all()
    set_decrees(st, in_play=[("prestige-ties", P1, [P1])])
    minors = s["minor_favors"][:3].copy()
    _track_favors(s, s["prestige"])
    # P1 wins the tie (Major); P0 and P2 tie for second: nobody
    assert list(s["major_favors"][:3]) == [0, 1, 0]
    assert list(s["minor_favors"][:3] - minors) == [0, 0, 0]


def test_offerings_penalty_sends_the_temple_offerings_to_the_box():
    """§13.5 "Remove 3 of your Temple Offerings. If you don't have enough, remove Offerings
    from your personal reserve and return them to the box": all three leave play."""
    st = akhet_position()
    s = st[0]
    set_borders(st, [0, 1, 2], [0, 5, 1])  # border 0: lose 3 Offerings (P1 is below it)
    _finish_level(st)
    act(st, "DONE")
    act(st, "DONE")  # P0 declines Osiris
    # Ra gave P1 a Minor: its one Ra Offering went back to the reserve (8 + 1); one temple
    # Offering is left (Osiris), so 2 leave the reserve for the box
    assert s["offerings"][spec.TEMPLE_RA, P1] == 0
    assert s["offer_reserve"][P1] == 9 - 2 and s["offer_lost"][P1] == 2
    assert phase(st) == "penalty-choice" and s["current_player"] == P1
    assert legal(st) == [("TEMPLE", 0)]
    act(st, "TEMPLE", 0)
    assert s["offerings"][:, P1].sum() == 0
    assert s["offer_reserve"][P1] == 7 and s["offer_lost"][P1] == 3
    assert phase(st) == "turn"


def test_offerings_penalty_with_a_shortfall():
    """§13.5: 3 temple Offerings (the Vizier picks); what is missing leaves the reserve."""
    from pyramid_envs.keops.akhet import start_penalty
    st = start(2)
    s = st[0]
    s["offerings"][spec.TEMPLE_RA, P1] = 1
    s["offer_reserve"][P1] -= 1
    s["prestige"][P1] = 2
    start_penalty(s, P1, 0)  # token 0: lose 3 Offerings
    assert s["pen_left"] == 1 and s["offer_lost"][P1] == 2 and s["prestige"][P1] == 1


def test_border_prestige_obeys_the_tumult_rule_and_pays_no_reward():
    st = akhet_position()
    s = st[0]
    s["serv_tumult"][P0] = [1, 1, 0]  # two kinds in Tumult: P0 picks which goes first
    s["serv_home"][P0] = [1, 0, 0]
    _finish_level(st)
    act(st, "DONE")
    act(st, "YES")  # Osiris
    assert phase(st) == "servant-choice" and s["current_player"] == P0
    act(st, "SERVANT", spec.SCRIBE)
    # 7 border Prestige for P0: 2 turn Tumult servants into Transit, 5 are gained (5 + 5),
    # and reaching 6 or 9 pays no reward: the round goes on to P1's turn
    assert list(s["serv_transit"][P0]) == [1, 1, 0] and s["serv_tumult"][P0].sum() == 0
    assert s["pend_reward"].sum() == 0 and phase(st) == "turn"
