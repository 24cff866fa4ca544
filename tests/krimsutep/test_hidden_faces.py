"""The legal-action mask may depend only on what the seat to move can know: twin positions
that differ only in a hidden face (a face-down jar or treasure swapped with a face-down card
of the same back and god) must offer the same actions, and the rules say what happens when
a chosen face-down card turns out to be a jar or treasure (docs/rules/krimsutep.md, Rulings).
"""
import copy

import numpy as np

from pyramid_envs.krimsutep import GAME, spec

from .positions import act, cell_of, hand, legal, load, locate, put, researcher, start, view
from .test_invariants import check_conservation
from .test_rules import awake, carrying_jar, plain_route, two_player_with


def twin(d, a, b):
    """The same position with the cards on spaces a and b swapped (both face down)."""
    assert not d["pyramid"][a]["up"] and not d["pyramid"][b]["up"]
    e = copy.deepcopy(d)
    e["pyramid"][a], e["pyramid"][b] = e["pyramid"][b], e["pyramid"][a]
    return e


def same_view(st1, st2, seat):
    assert np.array_equal(GAME.observe(st1, [seat]), GAME.observe(st2, [seat]))
    assert legal(st1) == legal(st2)


def seed1_with_ankhs():
    d = start(2, 1)  # the Osiris jar lies face down on a6, the Horus jar on d6
    assert spec.CARD_SPECIAL[d["pyramid"]["a6"]["card"]] == spec.JAR
    assert spec.CARD_SPECIAL[d["pyramid"]["d6"]["card"]] == spec.JAR
    researcher(d, 0, ankhs=3)
    return d


def test_ankh_exchange_is_offered_on_face_down_cards_whatever_their_face():
    d = seed1_with_ankhs()
    e = twin(d, "a6", "b6")  # the Osiris jar and the Osiris secret chamber change places
    st1, st2 = load(d), load(e)
    same_view(st1, st2, 0)
    assert {"ankh-exchange a6", "ankh-exchange d6", "ankh-exchange b6"} <= legal(st1)
    # the second card of an exchange: the same
    act(st1, "ankh-exchange c6")
    act(st2, "ankh-exchange c6")
    same_view(st1, st2, 0)
    assert {"select a6", "select d6"} <= legal(st1)


def test_an_exchanged_hidden_jar_moves_face_down_unseen():
    d = seed1_with_ankhs()
    jar = d["pyramid"]["a6"]["card"]
    researcher(d, 1, knows=["c6"])
    c6 = d["pyramid"]["c6"]
    st = load(d)
    act(st, "ankh-exchange a6")
    act(st, "select c6")
    v = view(st)
    assert v["pyramid"]["c6"] == {"card": jar, "up": False, "rot": 0}
    assert v["pyramid"]["a6"] == c6
    # what a seat knew moves with the card; nobody learns the jar
    assert v["researchers"][1]["knows"] == ["a6"] and v["researchers"][0]["knows"] == []
    assert not v["mummy_awake"] and v["researchers"][0]["ankhs"] == 0


def emergence_at_fourth_pick(d):
    """Player 0 brings the Horus jar home; four face-down Horus cards make the first card
    and three picks, so the fourth pick (player 1's second) falls back on other cards."""
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step W")
    for c in ("a6", "b6", "d6", "f5"):  # the first card, then picks 1-3
        act(st, f"select {c}")
    v = view(st)
    assert v["phase"] == "treasure-pick" and v["current_player"] == 1
    assert v["pending"]["treasure_picks_made"] == 3
    return st


def bastet_emergence():
    d = two_player_with(("Horus", "Bastet"))
    awake(d, "c2")
    carrying_jar(d)
    plain_route(d, ["a1"], "anubis")
    researcher(d, 0, pos="a1")
    hand(d, 0, ["Horus"])
    # the four dark Horus cards face down on a6, b6, d6, f5; the Bastet jar hidden on e6,
    # the three Bastet cards on the pyramid face down on e2, c4, c5
    for cell, c in zip(("a6", "b6", "d6", "f5"), (17, 22, 27, 32)):
        put(d, cell, c, up=False)
    put(d, "e6", spec.JAR0 + spec.GODS.index("Bastet"), up=False)
    bastet = [c for c in (16, 21, 26, 31) if c not in [x["card"] for x in d["beside"]]]
    for cell, c in zip(("e2", "c4", "c5"), bastet):
        put(d, cell, c, up=False)
    return d


def test_treasure_picks_do_not_depend_on_hidden_faces():
    d = bastet_emergence()
    e = twin(d, "e6", "c4")
    st1, st2 = emergence_at_fourth_pick(d), emergence_at_fourth_pick(e)
    same_view(st1, st2, 1)
    assert {"select e2", "select c4", "select c5", "select e6"} <= legal(st1)


def test_a_picked_hidden_jar_is_shuffled_back_face_down_unexamined():
    st = emergence_at_fourth_pick(bastet_emergence())
    act(st, "select e6")
    v = view(st)
    assert v["phase"] == "main" and v["treasures"]["Horus"] == "in-play"
    spaces = ("a6", "b6", "d6", "f5", "e6")
    jar = spec.JAR0 + spec.GODS.index("Bastet")
    treasure = spec.TREASURE0 + spec.GODS.index("Horus")
    # a6's card was set beside; the picks and the treasure lie face down on the five spaces
    assert sorted(v["pyramid"][c]["card"] for c in spaces) == sorted([22, 27, 32, jar, treasure])
    assert all(not v["pyramid"][c]["up"] for c in spaces)
    assert v["beside"][-1]["card"] == 17
    for p in (0, 1):  # nobody saw the jar
        assert not any(v["pyramid"][c]["card"] == jar for c in v["researchers"][p]["knows"])


def replace_position(osiris_jar_cell):
    """Player 1 re-places the Horus jar; every Horus card left on the pyramid is occupied,
    so the choice falls back on other cards; the Osiris jar lies hidden."""
    d = two_player_with()
    carrying_jar(d)
    jar = d["researchers"][0]["carry_jar"]
    d["researchers"][0]["carry_jar"] = None
    # a Horus card beside the pyramid (for the Osiris jar), three on the pyramid, occupied
    put(d, locate(d, 17)[1], d["beside"][0]["card"], up=False)
    for cell, c in zip(("a6", "c6", "d6"), (22, 27, 32)):
        put(d, cell, c, up=True)
    put(d, osiris_jar_cell, spec.JAR0 + spec.GODS.index("Osiris"), up=False)
    researcher(d, 0, pos="a6")
    researcher(d, 1, pos="c6")
    awake(d, "d6")
    d.update(phase="replace", current_player=1)
    d["pending"]["replace"] = [jar]
    return d


def test_re_placing_falls_back_only_on_cards_known_to_be_path_cards():
    d = replace_position("e6")
    osiris_down = [c for c, v in d["pyramid"].items() if not v["up"] and spec.DARK_CELL[cell_of(c)]
                   and spec.CARD_GOD[v["card"]] == spec.GODS.index("Osiris") and c != "e6"]
    e = twin(d, "e6", osiris_down[0])
    st1, st2 = load(d), load(e)
    same_view(st1, st2, 1)
    lg = legal(st1)
    # the Osiris jar is hidden: no face-down Osiris card may be set beside the pyramid
    assert not any(f"select {c}" in lg for c in ["e6"] + osiris_down)
    others = [c for c, v in d["pyramid"].items() if not v["up"] and spec.DARK_CELL[cell_of(c)]
              and spec.CARD_GOD[v["card"]] not in (spec.GODS.index("Osiris"), spec.GODS.index("Horus"))]
    assert others and all(f"select {c}" in lg for c in others)
    act(st1, f"select {others[0]}")
    v = view(st1)
    assert v["pyramid"][others[0]]["up"] and spec.CARD_SPECIAL[v["pyramid"][others[0]]["card"]] == spec.JAR


def test_a_hidden_jar_picked_for_a_treasure_is_never_resampled_beside_the_pyramid():
    """The Bastet jar is picked (third pick) while no other Bastet card lies face down on the
    pyramid: determinize may only swap it with the picked cards, never with the line beside."""
    d = bastet_emergence()
    for cell in ("e2", "c4", "c5", "f5"):
        d["pyramid"][cell]["up"] = True
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step W")
    for c in ("a6", "b6", "d6", "e6"):  # the first card, picks 1-2, then the jar as pick 3
        act(st, f"select {c}")
    v = view(st)
    jar = spec.JAR0 + spec.GODS.index("Bastet")
    assert v["phase"] == "treasure-pick" and jar in v["pending"]["treasure_cards"]
    for seed in range(20):
        for seat in (0, 1):
            other = GAME.determinize(st, [seat], [seed])
            check_conservation(other)
            assert (other[0]["beside"][: other[0]["beside_n"]] < spec.NUM_PATH).all()
            assert jar in other[0]["tr_cards"][: other[0]["tr_n"]]
