"""Decree cards (§11.2, §13.7): the deal, the Mandate minor actions (play and draw, join,
move), exclusive decrees, every card's effect, the end bonus, and the hidden hands."""
import numpy as np
import pytest

from pyramid_envs.keops import GAME, rules, spec
from pyramid_envs.keops import spec_advanced as adv
from pyramid_envs.keops.actions import A_DECREE_MOVE
from pyramid_envs.keops.state import OBS_SIZE

from .positions import (act, decree, give_goods, give_mandates, give_materials,
                        legal, phase, put_city, put_crop, set_borders, set_decrees,
                        set_families, start)
from .test_rules_akhet import _finish_level, _level_nearly_full

P0, P1 = 0, 1


def test_setup_deals_two_each_and_a_hidden_deck():
    st = np.zeros(1, rules.STATE)
    rules.reset(st, np.array([3], np.uint64), np.array([3, 0, 1], np.int64))
    s = st[0]
    assert phase(st) == "turn"
    for p in range(3):
        assert (s["dec_loc"] == p).sum() == adv.DECREES_PER_HAND
    assert s["dec_deck_n"] == adv.NUM_DECREES - 6 and (s["dec_markers_left"][:3] == 3).all()


def test_play_from_the_hand_spends_a_mandate_places_a_marker_and_draws():
    st = start(2)
    s = st[0]
    set_decrees(st, hands=[["wharf", "market"], ["quarry"]])
    top = int(s["dec_deck"][s["dec_deck_n"] - 1])
    assert not any(b == "DECREE_PLAY" for b, _ in legal(st))  # no Mandate
    give_mandates(st, P0, 1)
    assert ("DECREE_PLAY", decree("wharf")) in legal(st)
    assert ("DECREE_PLAY", decree("quarry")) not in legal(st)  # not in P0's hand
    act(st, "DECREE_PLAY", decree("wharf"))
    assert s["mandates"][P0] == 0 and s["dec_loc"][decree("wharf")] == 4 + P0
    assert s["dec_marker"][decree("wharf"), P0] == 1 and s["dec_markers_left"][P0] == 2
    assert s["dec_loc"][top] == P0 and s["actions_done"] == 1
    assert ("LICENSE", 0) not in legal(st)  # a minor action was taken


def test_join_a_decree_in_play_and_exclusive_cards():
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[("wharf", P1, [P1]), ("prestige-ties", P1, [P1]),
                             ("market", P1, [])])
    give_mandates(st, P0, 3)
    joins = {i for b, i in legal(st) if b == "DECREE_JOIN"}
    assert joins == {decree("wharf"), decree("market")}  # the exclusive card is taken
    act(st, "DECREE_JOIN", decree("wharf"))
    assert s["dec_marker"][decree("wharf")].tolist()[:2] == [1, 1]
    assert s["mandates"][P0] == 2 and s["dec_markers_left"][P0] == 2


def test_move_a_marker():
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[("wharf", P1, [P1, P0]), ("prestige-ties", P1, [P1]),
                             ("market", P1, [])])
    give_mandates(st, P0, 1)
    moves = {i for b, i in legal(st) if b == "DECREE_MOVE"}
    assert moves == {decree("wharf") * adv.NUM_DECREES + decree("market")}  # not the exclusive
    act(st, "DECREE_MOVE", decree("wharf") * adv.NUM_DECREES + decree("market"))
    assert s["dec_marker"][decree("wharf"), P0] == 0 and s["dec_marker"][decree("market"), P0] == 1
    assert s["mandates"][P0] == 0 and s["dec_markers_left"][P0] == 2


@pytest.mark.parametrize("first", ["play", "join", "move"])
def test_one_decree_minor_action_a_turn(first):
    """§5 "never repeat the same Minor Action": playing, joining and moving a Decree are the
    one minor action d) (§11.2), even with Mandates left; the free Mandate exchanges ("not
    considered an Action", §5.1 B) stay open, and the next turn allows d) again."""
    st = start(2)
    s = st[0]
    set_decrees(st, hands=[["wharf", "market"], ["quarry"]],
                in_play=[("two-dice", P1, [P1, P0]), ("treasury", P1, [])])
    give_mandates(st, P0, 3)
    a = {"play": ("DECREE_PLAY", decree("wharf")), "join": ("DECREE_JOIN", decree("treasury")),
         "move": ("DECREE_MOVE", decree("two-dice") * adv.NUM_DECREES + decree("treasury"))}[first]
    act(st, *a)
    assert s["mandates"][P0] == 2 and s["dec_markers_left"][P0] >= 1
    blocks = {b for b, _ in legal(st)}
    assert not blocks & {"DECREE_PLAY", "DECREE_JOIN", "DECREE_MOVE"}
    assert "MANDATE_USE" in blocks
    act(st, "MINOR", spec.MIN_WHARF)
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "DONE")  # stop sending servants
    act(st, "DONE")  # end the turn
    act(st, "MINOR", spec.MIN_WHARF)  # P1's turn
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "DONE")
    act(st, "DONE")
    assert s["turn_player"] == P0
    assert {b for b, _ in legal(st)} & {"DECREE_PLAY", "DECREE_JOIN", "DECREE_MOVE"}


def test_wharf_decree_pays_two_debens_a_servant():
    st = start(2)
    set_decrees(st, in_play=[("wharf", P0, [P0])])
    d = int(st[0]["debens"][P0])
    act(st, "MINOR", spec.MIN_WHARF)
    act(st, "SERVANT", spec.ARTISAN)
    act(st, "SERVANT", spec.SCRIBE)
    assert st[0]["debens"][P0] == d + 4


def _tie_akhet(holder_card):
    """§6 step 5 example position (4 Viziers) with decree `holder_card` held by seat 1."""
    st = start(4, seed=2)
    s = st[0]
    _level_nearly_full(st)
    set_borders(st, [0, 1, 2], [1, 0, 2])
    s["medjay"][:, 0] = [4, 4, 2, 1]
    s["medjay"][:, 1:] = 9
    s["prestige"][:] = [1, 1, 1, 1]
    s["debens"][3] = 8
    set_decrees(st, in_play=[(holder_card, P1, [P1])])
    return st


def test_prestige_tie_decree_wins_the_prestige_tie():
    st = _tie_akhet("prestige-ties")
    s = st[0]
    _finish_level(st)
    act(st, "DONE")
    # without the decree P0 and P1 tie at 8 Prestige (a Minor each); with it P1 takes the
    # Major and P0 is second (a Minor); P0 has the only Construction Points (Major) and P1
    # wins the tie at 0 for second there (a Minor)
    assert list(s["major_favors"]) == [1, 1, 0, 0]
    assert list(s["minor_favors"]) == [2, 2, 1, 1]


def test_medjay_tie_decree_wins_border_and_ra_ties():
    st = _tie_akhet("medjay-ties")
    s = st[0]
    s["offerings"][spec.TEMPLE_RA, :2] = [2, 2]
    s["offer_reserve"][:2] -= 2
    _finish_level(st)
    act(st, "DONE")
    # Ra: P1 wins the tie (Major), P0 second (Minor); borders: P1 first everywhere, so
    # P1 8 Prestige, P0 4: P1 Major; P0 keeps the Construction Major
    assert list(s["major_favors"][:2]) == [1, 2]


def test_pyramid_decree_is_an_extra_minor_action_for_one_stored_material():
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[("pyramid", P0, [P0])])
    assert ("ADV_MINOR", 1) not in legal(st)  # nothing stored
    give_materials(st, P0, limestone=2)
    act(st, "ADV_MINOR", 1)
    assert phase(st) == "pyramid-place" and s["pyr_left"] == 1
    b, i = next(x for x in legal(st) if x[0] == "PYRAMID_PLACE")
    act(st, b, i)
    assert s["materials"][P0, spec.LIMESTONE] == 1 and s["construction"][P0] >= 0
    assert phase(st) == "turn" and ("ADV_MINOR", 1) not in legal(st)
    assert ("MINOR", spec.MIN_PYRAMID) in legal(st)  # the Artisan's action is still there


def _licensing(st):
    act(st, "LICENSE")
    while phase(st) in ("license-revenue", "license-market"):
        act(st, "DONE")


def test_transit_decree_avoids_the_tumult_zone():
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[("transit", P0, [P0])])
    s["happiness"] = 0  # 3 points of population above the dial
    s["debens"][P0] = 0
    s["goods_supply"] += s["goods"][P0]
    s["goods"][P0] = 0
    _licensing(st)
    assert phase(st) == "license-happiness"
    act(st, "SERVANT", spec.ARTISAN)
    assert s["serv_transit"][P0, spec.ARTISAN] == 1 and s["serv_tumult"][P0].sum() == 0


def test_market_and_treasury_decrees():
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[("market", P0, [P0]), ("treasury", P1, [P0])])
    act(st, "LICENSE")
    while phase(st) == "license-revenue":
        act(st, "DONE")
    assert s["lic_market_left"] == spec.MARKET_BASE_ACTIONS + adv.TREASURY_MARKET_ACTIONS
    d = int(s["debens"][P0])
    price = int(spec.MARKET_PRICE[spec.BEER, s["market"][spec.BEER]])
    barley = int(spec.MARKET_PRICE[spec.BARLEY, s["market"][spec.BARLEY]])
    act(st, "MARKET", spec.BEER)  # buy
    assert s["debens"][P0] == d - (price - 1)
    act(st, "MARKET", spec.NUM_GOODS + spec.BARLEY)  # sell at today's price + 1
    assert s["debens"][P0] == d - (price - 1) + barley + 1


@pytest.mark.parametrize("card,kind,good", [("brewery", spec.BREWERY, spec.BEER),
                                            ("barley-crop", spec.BARLEY_CROP, spec.BARLEY)])
def test_brewery_and_crop_decrees_offer_a_good_for_a_deben(card, kind, good):
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[(card, P0, [P1])])
    if kind == spec.BREWERY:
        root = put_city(st, spec.BREWERY, 0, 0, P0)
        act(st, "ROOM", root * spec.MAX_ROOMS)
    else:
        put_crop(st, 0, spec.BARLEY_CROP, P0)
        act(st, "CROP_ROOM", 0)
    assert phase(st) == "offer" and s["current_player"] == P1
    d, g = int(s["debens"][P1]), int(s["goods"][P1, good])
    act(st, "YES")
    assert s["debens"][P1] == d - 1 and s["goods"][P1, good] == g + 1
    assert phase(st) == "turn" and s["current_player"] == P0


def test_two_dice_decree_keeps_one_of_two_rolls():
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[("two-dice", P1, [P0])])
    s["phase"] = spec.PH_REWARD_CHOICE
    s["reward_level"] = 0
    act(st, "REWARD", 0)
    assert phase(st) == "die-choice"
    faces = s["die_faces"].copy()
    d = int(s["debens"][P0])
    s["die_faces"][:] = [0, 1]  # Barley + material, or 3 Debens
    act(st, "DIE_CHOICE", 1)
    assert s["debens"][P0] == d + 3 and (s["die_faces"] == -1).all() and faces.min() >= 0


def test_penalized_squares_decree():
    st = start(2)
    s = st[0]
    give_goods(st, P0, barley=1)
    s["debens"][P0] = 1
    act(st, "CONSTRUCT", spec.SANCTUARY)
    if phase(st) == "construct-servant":
        act(st, "SERVANT", spec.ARTISAN)
    over = [i for b, i in legal(st)
            if any(spec.CITY_PENALIZED[c] for c in spec.PLACEMENT_CELLS[spec.BUILDING_SHAPE[spec.SANCTUARY],
                                                                       i % 8, i // 8] if c >= 0)]
    assert not over  # 1 Deben does not pay a penalized square
    st = start(2)
    s = st[0]
    give_goods(st, P0, barley=1)
    s["debens"][P0] = 1
    set_decrees(st, in_play=[("penalized-squares", P0, [P0])])
    act(st, "CONSTRUCT", spec.SANCTUARY)
    if phase(st) == "construct-servant":
        act(st, "SERVANT", spec.ARTISAN)
    a = 1 * 8 + 1  # the penalized square b2 as the anchor, orientation 0
    act(st, "CITY_PLACE", a * spec.MAX_ORIENTATIONS)
    assert s["debens"][P0] == 0


def test_quarry_decree_gives_one_more_material():
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[("quarry", P1, [P0])])
    act(st, "QUARRY_SPACE", spec.ARTISAN)
    assert s["gain"][spec.G_MATERIAL] == 2


def test_end_bonus_for_three_markers_in_play():
    from pyramid_envs.keops.akhet import final_scores
    st = start(2)
    s = st[0]
    set_decrees(st, in_play=[("wharf", P0, [P0, P1]), ("market", P1, [P0]), ("quarry", P1, [P0])])
    minor = s["minor_favors"][:2].copy()
    final_scores(s, np.zeros(4, np.float32))
    assert (s["minor_favors"][:2] - minor).tolist() == [1, 0]


def test_put_in_play_for_the_high_priest():
    from pyramid_envs.keops.decrees import put_in_play
    st = start(2)
    s = st[0]
    set_decrees(st, hands=[["medjay-ties"], []])
    put_in_play(s, decree("prestige-ties"), P1)
    assert s["dec_loc"][decree("prestige-ties")] == 4 + P1 and s["dec_marker"][decree("prestige-ties"), P1]
    assert s["dec_deck_n"] == adv.NUM_DECREES - 2
    act(st, "MINOR", spec.MIN_WHARF)  # the position is still valid


def _observe(st, seat):
    out = np.zeros((1, OBS_SIZE), np.float32)
    rules.observe(st, np.array([seat], np.int64), out)
    return out[0]


def test_decree_hands_and_deck_order_do_not_leak():
    st = start(3)
    set_decrees(st, hands=[["wharf", "market"], ["quarry", "transit"], ["pyramid", "brewery"]])
    other = st.copy()
    s = other[0]
    # swap a card of seat 1's hand with the deck's top card, and reorder the deck
    top = int(s["dec_deck"][s["dec_deck_n"] - 1])
    s["dec_loc"][decree("quarry")], s["dec_loc"][top] = adv.DEC_DECK, 1
    s["dec_deck"][s["dec_deck_n"] - 1] = decree("quarry")
    s["dec_deck"][:s["dec_deck_n"]] = s["dec_deck"][:s["dec_deck_n"]][::-1]
    GAME.from_dict(GAME.to_dict(other))
    assert np.array_equal(_observe(st, 0), _observe(other, 0))
    assert np.array_equal(_observe(st, 2), _observe(other, 2))
    assert not np.array_equal(_observe(st, 1), _observe(other, 1))


def test_bad_decree_views_are_refused_and_leave_nothing_changed():
    st = start(2)
    set_decrees(st, hands=[["wharf"], []], in_play=[("market", P1, [P1])])
    d = GAME.to_dict(st)
    dec = d["decrees"]
    bad = [
        {**dec, "hands": [["wharf", "market"], []]},             # a card in two places
        {**dec, "deck": dec["deck"][1:]},                         # a card nowhere
        {**dec, "hands": [["nonsense"], []]},                     # unknown card
        {**dec, "markers_left": [3, 3]},                          # markers do not add up
        {**dec, "in_play": [{"card": "prestige-ties", "played_by": 1, "markers": [0, 1]},
                            *dec["in_play"]], "deck": [c for c in dec["deck"] if c != "prestige-ties"],
         "markers_left": [2, 1]},                                 # two markers on an exclusive card
    ]
    before = GAME.to_dict(st)
    for x in bad:
        with pytest.raises(ValueError):
            GAME.from_dict({**d, "decrees": x})
    with pytest.raises(ValueError):
        GAME.from_dict({**d, "options": {"families": False, "decrees": False}})
    assert GAME.to_dict(st) == before


def test_action_names_round_trip():
    st = start(2)
    set_families(st, ("sesostris", "a"), ("ptahhotep", "a"))
    set_decrees(st)
    for a in range(A_DECREE_MOVE - 40, GAME.num_actions):
        text = GAME.action_to_str(st, a)
        assert GAME.str_to_action(st, text) == a, text
    for text in ("side a", "family-minor", "decree-pyramid", "play wharf", "join two-dice",
                 "move wharf market", "keep-die 2"):
        assert GAME.action_to_str(st, GAME.str_to_action(st, text)) == text


def test_render_shows_only_the_own_decree_hand():
    st = start(2)
    set_families(st, ("sesostris", "a"), ("ptahhotep", None))
    set_decrees(st, hands=[["wharf"], ["quarry", "market"]])
    text = GAME.render_ansi(st, 0)
    hands = next(line for line in text.splitlines() if line.startswith("Decree hands"))
    assert "['wharf']" in hands and "2 cards" in hands and "quarry" not in hands
    assert "Sesostris side A" in text and "Ptahhotep (side to choose)" in text
