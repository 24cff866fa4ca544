"""Ra-utoma (§12, §13.8): the High Priest of Ra's setup, every card's steps, the Voice of Ra
and its Royal Scarab, Licensing, bonuses, the Akhet round, secrecy of the deck, bad input.
Positions are built with tests/keops/positions.py and replayed through the codec."""
import numpy as np
import pytest

from pyramid_envs import keops_v1
from pyramid_envs.keops import GAME, rules, spec
from pyramid_envs.keops import spec_rautoma as ra
from pyramid_envs.keops.actions import NUM_ACTIONS
from pyramid_envs.keops.rautoma import license_due
from pyramid_envs.keops.state import OBS_SIZE

from .positions import (act, fill_pyramid, legal, load, mask, phase, put_city, put_crop, put_temple,
                        ra_start, ra_top, set_dock, take_dwelling)

HP = 1  # the High Priest's seat in a solo game


def learner_done(st):
    """The turn player has acted and may end the turn."""
    st[0]["actions_done"] = 1
    st[0]["major_done"] = spec.MAJ_ASSIGN


def answer_first(st, until_seat=0):
    """Answer every Voice of Ra step with its first legal action until `until_seat`'s turn."""
    seen = []
    while not (st[0]["turn_player"] == until_seat and phase(st) == "turn"):
        seen.append(phase(st))
        act(st, *legal(st)[0])
    return seen


@pytest.mark.parametrize("level", [1, 2, 3])
def test_setup_by_difficulty(level):
    st = ra_start(1, level)
    s = st[0]
    want = {1: (1, 2, 1, (1, 1, 1)), 2: (1, 3, 2, (2, 1, 1)), 3: (2, 3, 2, (2, 2, 2))}[level]
    assert s["num_players"] == 2 and s["ra_seat"] == HP and s["scarab"] == 0
    assert (s["prestige"][HP], s["construction"][HP], s["offerings"][spec.TEMPLE_RA, HP]) == want[:3]
    assert tuple(s["medjay"][HP]) == want[3] and s["offer_reserve"][HP] == 10 - want[2]
    assert s["debens"][HP] == 0 and s["goods"][HP].sum() == 0  # it manages no Goods or Debens
    deck = sorted(s["ra_deck"][:s["ra_deck_n"]])
    assert len(deck) == 22 and deck[:20] == list(range(20)) and all(c >= 20 for c in deck[20:])
    assert s["ra_top_color"] == ra.CARD_COLOR[s["ra_deck"][21]]
    assert (s["serv_home"][HP] == (2, 1, 0)).all()
    load(st)


# every card on an empty board (nothing to activate, so it constructs): the Voice of Ra's
# steps and the High Priest's gains (Prestige, Construction, Ra Offerings, Medjay, Happiness,
# market columns, pyramid materials); cards 6, 11 and 19 draw the Brewery card 3 second
CARD_OUTCOMES = {
    1: ([], 0, 2, 0, 0, 0, 0, 3),          # 3 materials complete a 1-icon section, +1
    2: (["ra-place"], 3, 0, 0, 0, 0, 0, 0),  # School: construct +1, card +2
    3: (["ra-place"], 1, 0, 0, 0, 0, 0, 0),
    4: (["ra-place"], 2, 0, 0, 0, 0, 0, 0),
    5: (["ra-place"], 1, 1, 0, 0, 0, 0, 0),
    6: (["ra-place", "ra-place"], 2, 0, 0, 0, 0, 0, 0),
    7: (["ra-place"], 1, 0, 1, 0, 0, 0, 0),
    9: (["ra-place"], 1, 0, 0, 0, 0, 0, 0),  # no Decree cards: the room is only blocked
    10: (["ra-place"], 1, 0, 0, 0, -1, 0, 0),
    11: (["ra-place", "ra-place"], 2, 0, 0, 0, 0, 0, 0),
    12: (["ra-market"], 0, 0, 0, 0, 0, 1, 0),
    13: (["ra-place"], 1, 0, 0, 0, 0, 0, 2),
    14: (["ra-border"], 0, 0, 0, 3, 0, 0, 0),
    15: ([], 0, 1, 0, 0, 0, 0, 3),
    16: (["ra-place", "ra-border"], 1, 0, 1, 2, 0, 0, 0),
    17: (["ra-place"], 1, 0, 1, 0, 0, 0, 0),  # nobody else has a Ra Offering to remove
    18: (["ra-place"], 3, 0, 0, 0, 0, 0, 0),
    19: (["ra-border", "ra-place"], 1, 0, 0, 4, 0, 0, 0),
    20: (["ra-place"], 1, 0, 0, 0, 0, 0, 0),
    21: (["ra-place"], 1, 1, 0, 0, 0, 0, 3),  # Maat: 3 materials
    22: (["ra-place"], 1, 0, 0, 3, 0, 0, 0),  # Thot: +1 on each border
    23: (["ra-place", "ra-player"], 3, 0, 0, 0, 0, 0, 0),  # Anubis
    24: (["ra-place"], 1, 0, 0, 0, 0, 0, 0),  # Sobek without Decrees: blocked
}


@pytest.mark.parametrize("card", sorted(CARD_OUTCOMES))
def test_each_card_on_an_empty_board(card):
    st = ra_start(1, 1)
    ra_top(st, 3, card) if ra.CARD_EFFECT[card - 1, ra.E_SECOND] else ra_top(st, card)
    learner_done(st)
    b = st[0].copy()
    act(st, "DONE")
    seen = answer_first(st)
    s = st[0]
    steps, prestige, constr, ra_off, medjay, happy, market, pyr = CARD_OUTCOMES[card]
    assert seen == steps
    assert s["prestige"][HP] - b["prestige"][HP] == prestige
    assert s["construction"][HP] - b["construction"][HP] == constr
    assert s["offerings"][spec.TEMPLE_RA, HP] - b["offerings"][spec.TEMPLE_RA, HP] == ra_off
    assert s["medjay"][HP].sum() - b["medjay"][HP].sum() == medjay
    assert s["happiness"] - b["happiness"] == happy
    assert s["market"].sum() - b["market"].sum() == market
    assert (s["pyr_fill"] >= 0).sum() == pyr
    assert s["debens"][HP] == 0 and s["goods"][HP].sum() == 0
    assert list(s["ra_discard"][:s["ra_discard_n"]])[0] == card - 1


def test_construction_places_the_most_dwellings_and_takes_its_colour_row():
    st = ra_start(1, 1)
    ra_top(st, 2)  # School (yellow, T4)
    learner_done(st)
    act(st, "DONE")
    assert phase(st) == "ra-place" and st[0]["current_player"] == 0 and st[0]["ra_voice"]
    m = mask(st)
    opts = np.flatnonzero(m)
    # a T4 in an empty 4x3 section leaves at most 2 isolated squares; only those placements
    assert len(opts) > 0 and all(b == "CITY_PLACE" for b, _ in legal(st))
    blk, k = legal(st)[0]
    act(st, blk, k)
    s = st[0]
    assert s["dwell_taken"][HP, spec.YELLOW] == 2  # both Dwellings from its yellow row
    assert (s["col_slot"][HP, spec.YELLOW] != 0).sum() == 1
    root = [c for c in range(48) if s["city_root"][c] == c and s["city_kind"][c] == spec.SCHOOL][0]
    assert s["city_owner"][root] == HP and s["city_room"][root, 0] == HP  # room 1, own Artisan
    assert s["turn_player"] == 0


def test_activates_another_viziers_building_and_the_patron_may_take_the_benefit():
    st = ra_start(1, 1)
    root = put_city(st, spec.BREWERY, 0, 0, 0)
    ra_top(st, 3)
    learner_done(st)
    act(st, "DONE")
    s = st[0]
    assert s["city_room"][root, 0] == HP  # its only candidate, no decision
    assert phase(st) == "patron" and s["current_player"] == 0 and not s["ra_voice"]
    act(st, "YES")  # Brewery patron: 1 Deben -> 1 Beer
    assert phase(st) == "turn" and s["turn_player"] == 0


def test_same_good_patron_takes_a_good_from_the_pier_storehouse():
    st = ra_start(1, 1)
    root = put_city(st, spec.COURTROOM, 0, 0, 0)
    ra_top(st, 9)
    learner_done(st)
    act(st, "DONE")
    s = st[0]
    assert phase(st) == "patron" and s["current_player"] == 0 and s["city_room"][root, 0] == HP
    assert sorted(legal(st)) == [("DONE", 0), ("GOOD", spec.BARLEY), ("GOOD", spec.BEER),
                                 ("GOOD", spec.PAPYRUS)]
    debens, beer = s["debens"][0], s["goods"][0, spec.BEER]
    act(st, "GOOD", spec.BEER)
    assert s["debens"][0] == debens - 1 and s["goods"][0, spec.BEER] == beer + 1
    assert s["pier_store"][spec.BEER] == 0


def test_royal_architect_patron_copies_a_material_the_card_builds():
    st = ra_start(1, 1)
    root = put_city(st, spec.ROYAL_ARCHITECT, 0, 0, 0)
    ra_top(st, 13)  # limestone and granite into the pyramid
    learner_done(st)
    act(st, "DONE")
    s = st[0]
    assert s["city_room"][root, 0] == HP and (s["pyr_fill"] >= 0).sum() == 2
    assert phase(st) == "patron" and sorted(legal(st)) == [
        ("DONE", 0), ("MATERIAL", spec.LIMESTONE), ("MATERIAL", spec.GRANITE)]


def test_own_building_first_and_its_second_room_then_a_second_card():
    st = ra_start(2, 1)  # seats 0, 1 players, seat 2 the High Priest
    hp = 2
    mine = put_city(st, spec.BAZAAR, 0, 0, hp)
    put_city(st, spec.BAZAAR, 4, 0, 0)
    s = st[0]
    s["city_room"][mine, 0] = 0  # seat 0's Scribe in room 1
    s["serv_home"][0, spec.SCRIBE] -= 1
    s["serv_board"][0, spec.SCRIBE] += 1
    ra_top(st, 3, 11)
    st[0]["turn_player"] = 1
    st[0]["current_player"] = 1
    learner_done(st)
    act(st, "DONE")
    assert s["city_room"][mine, 1] == hp  # its own Bazaar, the second room
    assert s["ra_discard_n"] == 1 and phase(st) == "ra-place"  # second card: Brewery, built
    act(st, *legal(st)[0])
    assert s["ra_discard_n"] == 2 and list(s["ra_discard"][:2]) == [10, 2]


def test_the_voice_picks_among_several_buildings_and_the_scarab_passes():
    st = ra_start(2, 1)
    a = put_city(st, spec.BREWERY, 0, 0, 0)
    b = put_city(st, spec.BREWERY, 4, 0, 1)
    ra_top(st, 3)
    st[0]["turn_player"] = 1
    st[0]["current_player"] = 1
    learner_done(st)
    act(st, "DONE")
    s = st[0]
    assert phase(st) == "ra-building" and s["current_player"] == 0 == s["scarab"]
    assert sorted(legal(st)) == [("ROOM", a * 2), ("ROOM", b * 2)]
    act(st, "ROOM", b * 2)
    assert s["city_room"][b, 0] == 2 and s["scarab"] == 1  # passed to the left
    assert phase(st) == "patron" and s["current_player"] == 1


def test_scarab_passes_after_each_voice_decision():
    st = ra_start(3, 1)  # players 0-2, the High Priest seat 3
    ra_top(st, 16)  # Cartographer: construct (a place), then Medjay (a border)
    st[0]["turn_player"] = 2
    st[0]["current_player"] = 2
    learner_done(st)
    act(st, "DONE")
    s = st[0]
    voices = []
    while s["turn_player"] == 3:
        voices.append((phase(st), int(s["current_player"])))
        act(st, *legal(st)[0])
    assert voices == [("ra-place", 0), ("ra-border", 1)] and s["scarab"] == 2


def to_discard(st, *cards):
    """Ra-utoma cards (rulebook numbers) from the deck to the discard area."""
    s = st[0]
    for c in cards:
        deck = list(s["ra_deck"][:s["ra_deck_n"]])
        deck.remove(c - 1)
        s["ra_deck"][:len(deck)] = deck
        s["ra_deck"][len(deck)] = -1
        s["ra_deck_n"] -= 1
        s["ra_discard"][s["ra_discard_n"]] = c - 1
        s["ra_discard_n"] += 1


def test_licensing_when_three_cards_of_a_colour_show_in_round_one():
    st = ra_start(1, 1)
    s = st[0]
    to_discard(st, 2, 3)  # two yellow cards in the discard area
    ra_top(st, 4)  # and a yellow back on top
    root = put_city(st, spec.BREWERY, 0, 0, HP)
    s["city_room"][root, 0] = HP
    s["serv_home"][HP, spec.ARTISAN] -= 1
    s["serv_board"][HP, spec.ARTISAN] += 1
    set_dock(st, 0, 6)  # barge 6: limestone, wood, granite at the cheapest dock
    learner_done(st)
    act(st, "DONE")
    assert s["city_room"][root, 0] == -1 and s["serv_home"][HP, spec.ARTISAN] == 2
    assert (s["pyr_fill"] >= 0).sum() == 3 and s["construction"][HP] == 2  # no points
    assert s["ra_discard_n"] == 0 and s["ra_deck_n"] == 22 and s["ra_card"] == -1
    assert s["dock_barge"][0] >= 0 and s["turn_player"] == 0


def test_round_two_needs_four_cards_of_a_colour():
    st = ra_start(1, 1)
    s = st[0]
    s["level"] = 1
    to_discard(st, 2, 3)
    ra_top(st, 4)
    learner_done(st)
    act(st, "DONE")  # 3 yellow cards are not enough in round 2: card 4 is played
    answer_first(st)
    assert list(s["ra_discard"][:s["ra_discard_n"]]) == [1, 2, 3]
    to_discard(st, 5)
    ra_top(st, 6)  # 4 yellow cards in the discard area + a yellow top: Licensing
    assert license_due(s)


def test_a_card_that_can_neither_activate_nor_construct_is_discarded():
    st = ra_start(1, 1)
    root = put_city(st, spec.JEWELRY, 0, 0, 0)  # the only Jewelry (1 copy at 2 Viziers)
    s = st[0]
    for r in range(2):
        s["city_room"][root, r] = 0
    s["serv_home"][0, spec.ARTISAN] -= 2
    s["serv_board"][0, spec.ARTISAN] += 2
    ra_top(st, 4)
    learner_done(st)
    prestige = s["prestige"][HP]
    act(st, "DONE")
    assert s["ra_discard"][0] == 3 and s["prestige"][HP] == prestige and s["turn_player"] == 0


def test_pier_card_builds_the_barge_and_blocks_a_mooring_without_benefit():
    st = ra_start(1, 1)
    set_dock(st, 0, 6)
    ra_top(st, 8)
    learner_done(st)
    act(st, "DONE")
    s = st[0]
    assert phase(st) == "ra-mooring" and s["dock_occ"][0] == HP and s["dock_barge"][0] == -1
    assert (s["pyr_fill"] >= 0).sum() == 3 and s["construction"][HP] == 2 + 1  # a section
    act(st, "MOORING", spec.MO_DEBENS)
    assert s["mooring_barge"][spec.MO_DEBENS] == 6 and s["debens"][HP] == 0


def test_border_card_ignores_defense():
    st = ra_start(1, 1)
    st[0]["border_card"][1] = 7  # defense 2
    ra_top(st, 14)
    learner_done(st)
    act(st, "DONE")
    assert phase(st) == "ra-border" and st[0]["border_space_occ"][spec.SCRIBE] == HP
    act(st, "BORDER", 1)
    assert st[0]["medjay"][HP, 1] == 1 + 3


def test_mortuary_card_the_voice_removes_an_offering_from_ra():
    st = ra_start(2, 1)
    s = st[0]
    for p in (0, 1):
        s["offer_reserve"][p] -= 1
        s["offerings"][spec.TEMPLE_RA, p] += 1
    ra_top(st, 17)
    s["turn_player"] = s["current_player"] = 1
    learner_done(st)
    act(st, "DONE")
    act(st, *legal(st)[0])  # where to construct the Mortuary
    assert phase(st) == "ra-player" and s["current_player"] == 1
    act(st, "PLAYER", 1)  # the second Vizier after the High Priest: seat 1
    assert s["offerings"][spec.TEMPLE_RA, 1] == 0 and s["offer_reserve"][1] == 10
    assert s["offerings"][spec.TEMPLE_RA, 2] == 2  # its start Offering + 1


def test_temple_card_activates_any_temple_other_gods_are_blocked():
    st = ra_start(1, 1)
    put_temple(st, 0, spec.OSIRIS, 0)
    ra_top(st, 21)
    learner_done(st)
    act(st, "DONE")
    s = st[0]
    # no Priest of its own yet: an Independent one from the pool (§12 rule 1)
    assert s["temple_occ"][0] == HP + 4 and s["indep_board"][HP, spec.PRIEST] == 1
    assert (s["pyr_fill"] >= 0).sum() == 0  # Osiris: blocked
    assert s["debens"][HP] == 0 and s["turn_player"] == 0


def test_a_vizier_using_the_high_priests_building_gives_it_a_bonus():
    st = ra_start(2, 1)
    root = put_city(st, spec.BREWERY, 0, 0, 2)
    s = st[0]
    s["goods"][0, spec.BARLEY] = 2
    act(st, "ROOM", root * 2)
    assert phase(st) == "ra-bonus" and s["current_player"] == 0 and s["ra_voice"]
    act(st, "RA_BONUS", ra.RB_CONSTRUCTION)
    assert s["construction"][2] == 3 and s["scarab"] == 1
    assert phase(st) == "turn" and s["current_player"] == 0


def test_akhet_the_high_priest_uses_its_temple_god():
    st = ra_start(1, 1)
    s = st[0]
    put_temple(st, 0, spec.THOT, HP)
    s["offer_reserve"][HP] -= 2
    s["offerings"][0, HP] = 2
    s["medjay"][HP] = 10  # no border penalty
    fill_pyramid(st, range(int(spec.PYR_NUM_SPACES[0, 0])))
    s["level_done"] = True
    learner_done(st)
    act(st, "DONE")  # the level is full: the Akhet round, Thot used without asking anyone
    assert s["offerings"][0, HP] == 1
    # it also wins the Temple of Ra (its 1 start Offering against none) and takes that
    # Offering back: 10 - 1 (Ra) - 2 (Thot's temple) + 1 (Thot) + 1 (Ra)
    assert s["offer_reserve"][HP] == 9
    while s["akhet_stage"] >= 0:
        act(st, *legal(st)[0])
    assert s["level"] == 1


def test_leak_the_deck_order_is_hidden():
    st = ra_start(2, 2, seed=4)
    rng = np.random.default_rng(0)
    m = np.zeros((1, NUM_ACTIONS), np.int8)
    rew = np.zeros((1, 4), np.float32)
    for k in range(120):
        rules.legal_mask(st, m)
        rules.step(st, np.array([rng.choice(np.flatnonzero(m[0]))]), rew)
        if k % 20 == 0:
            seat = np.array([st[0]["current_player"]], np.int64)
            d = st.copy()
            rules.determinize(d, seat, np.array([k + 5], np.uint64))
            s, t = st[0], d[0]
            assert sorted(t["ra_deck"][:t["ra_deck_n"]] < 20) == sorted(s["ra_deck"][:s["ra_deck_n"]] < 20)
            assert t["ra_top_color"] == ra.CARD_COLOR[t["ra_deck"][t["ra_deck_n"] - 1]] == s["ra_top_color"]
            a, b = np.zeros((1, OBS_SIZE), np.float32), np.zeros((1, OBS_SIZE), np.float32)
            rules.observe(st, seat, a)
            rules.observe(d, seat, b)
            assert np.array_equal(a, b)
    # two decks in different orders with the same top colour look the same
    e = st.copy()
    s = e[0]
    n = int(s["ra_deck_n"])
    s["ra_deck"][:n - 1] = s["ra_deck"][:n - 1][::-1]
    a, b = np.zeros((1, OBS_SIZE), np.float32), np.zeros((1, OBS_SIZE), np.float32)
    rules.observe(st, np.array([0]), a)
    rules.observe(e, np.array([0]), b)
    assert np.array_equal(a, b)


@pytest.mark.parametrize("bad,match", [
    ({"num_players": 1}, "needs the High Priest"),
    ({"num_players": 4, "ra_utoma": 1}, "at most 3 players"),
    ({"ra_utoma": 4}, "choose one of"),
])
def test_bad_option_combinations_are_refused(bad, match):
    with pytest.raises(ValueError, match=match):
        keops_v1.env(**bad)
    st = ra_start(1, 1)
    before = st.tobytes()
    with pytest.raises(ValueError, match=match):
        GAME.reset(st, [0], bad)
    assert st.tobytes() == before


@pytest.mark.parametrize("edit,match", [
    (lambda r: r.update(deck=r["deck"][:-1]), "missing"),
    (lambda r: r.update(deck=r["deck"] + [r["deck"][0]]), "twice"),
    (lambda r: r.update(deck=[c for c in r["deck"] if c <= 20] + [21, 22, 23]), "Temple cards"),
    (lambda r: r.update(scarab=1), "scarab"),
    (lambda r: r.update(level=0), "level"),
])
def test_malformed_ra_section_is_refused(edit, match):
    st = ra_start(1, 1)
    d = GAME.to_dict(st)
    edit(d["ra_utoma"])
    with pytest.raises(ValueError, match=match):
        GAME.from_dict(d)


def test_action_names_of_the_voice():
    st = ra_start(1, 1)
    root = put_city(st, spec.BREWERY, 0, 0, HP)
    st[0]["goods"][0, spec.BARLEY] = 2
    act(st, "ROOM", root * 2)
    for a in np.flatnonzero(mask(st)):
        assert GAME.str_to_action(st, GAME.action_to_str(st, a)) == a
    assert GAME.action_to_str(st, int(np.flatnonzero(mask(st))[0])) == "ra-bonus prestige"


def test_render_names_the_high_priest_and_its_voice():
    st = ra_start(1, 1)
    ra_top(st, 2)
    learner_done(st)
    act(st, "DONE")
    text = GAME.render_ansi(st, 0)
    assert "seat 1 (High Priest of Ra)" in text and "Ra-utoma level 1" in text
    assert "seat 0 (Vizier 1) for the High Priest (Voice of Ra), phase ra-place" in text
    assert GAME.render_rgb(st).ndim == 3
