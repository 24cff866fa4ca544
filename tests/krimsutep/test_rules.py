"""Krimsutep rule tests: each builds a position through from_dict, plays actions and
checks what the rulebook says.

Map: cells 'a1'..'f6' = (column, row); a1 is beside the base camp (the camp lies west of
a1), f6 the grave chamber. N = towards row 6, E = towards column f. Light cards on
column + row <= 4 (a1-e1, a2-d2, a3-c3, a4-b4, a5), dark cards elsewhere.
"""
import numpy as np
import pytest

from pyramid_envs.krimsutep import GAME, spec

from .positions import (act, card, cell_of, hand, legal, load, path, put, researcher, rot_for,
                        start, view)


def cells(d, up):
    return [c for c, v in d["pyramid"].items() if v["up"] == up]


def plain_route(d, route, god="anubis", up=True):
    """Face-up crosses (open on all sides) on the route cells, never moving one placed before."""
    used = []
    for cell in route:
        back = spec.LIGHT_BACK if spec.LIGHT_CELL[cell_of(cell)] else spec.DARK_BACK
        placed = {v["card"] for v in d["pyramid"].values() if v["up"]}
        gods = [spec.GODS.index(god.capitalize())] + list(range(5))
        c = next(c for g in gods for c in range(spec.NUM_PATH)
                 if spec.CARD_SPECIAL[c] == spec.PLAIN and spec.CARD_SHAPE[c] == spec.CROSS
                 and spec.CARD_BACK[c] == back and spec.CARD_GOD[c] == g and c not in placed)
        put(d, cell, c, up, 0)
        used.append(c)
    return used


def mover(d, syms, p=0):
    hand(d, p, syms)
    return d


def pts(st):
    return view(st)["turn_state"]["move_points"]


def pos(st, p=0):
    return view(st)["researchers"][p]["pos"]


# =============================================================================
# Setup
# =============================================================================
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup(n):
    st = GAME.new_states(1)
    GAME.reset(st, [n], {"num_players": n})
    d = view(st)
    light = [c for c in d["pyramid"] if spec.LIGHT_CELL[cell_of(c)]]
    assert len(light) == 15 and len(d["pyramid"]) == 35
    assert not any(v["up"] for v in d["pyramid"].values())  # everything face down
    jars = [v["card"] for v in d["pyramid"].values() if spec.CARD_SPECIAL[v["card"]] == spec.JAR]
    gods = sorted(spec.GODS[spec.CARD_GOD[j]] for j in jars)
    assert len(jars) == n and gods == sorted(d["jars"])
    assert all(not spec.LIGHT_CELL[cell_of(c)] for c, v in d["pyramid"].items() if v["card"] in jars)
    # the dark card of each jar's god lies beside the pyramid, face down
    assert sorted(spec.GODS[spec.CARD_GOD[b["card"]]] for b in d["beside"]) == gods
    assert all(spec.CARD_BACK[b["card"]] == spec.DARK_BACK and not b["known_by"] for b in d["beside"])
    assert sum(v == "waiting" for v in d["treasures"].values()) == n
    assert all(len(r["hand"]) == 4 and r["pos"] == "camp" and r["ankhs"] == 0 for r in d["researchers"])
    assert len(d["discard"]) == 1 and len(d["deck"]) == 40 - 4 * n - 1
    assert d["mummy"] == "grave" and not d["mummy_awake"]
    assert d["current_player"] == 0 and d["phase"] == "main"


# =============================================================================
# Movement
# =============================================================================
def test_move_costs_one_for_open_two_for_face_down_and_ends_on_the_god():
    d = start()
    plain_route(d, ["a1", "b1"], "anubis")
    path(d, "c1", "any", "horus", up=False)
    path(d, "d1", "any", "bastet", up=False)
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    assert view(st)["phase"] == "move" and pts(st) == 5
    assert legal(st) >= {"step E"} and "step N" not in legal(st)  # the camp opens east only
    act(st, "step E")
    assert pos(st) == "a1" and pts(st) == 4
    act(st, "step E")
    assert pts(st) == 3
    act(st, "step E")  # onto the face-down Horus card: 2 points
    assert pos(st) == "c1" and pts(st) == 1
    assert "stop" in legal(st)
    assert "step E" not in legal(st)  # d1 is face down: 2 points
    act(st, "stop")
    assert view(st)["phase"] == "main" and view(st)["turn_state"]["moved"]
    assert not any(a.startswith("play") and a.split()[2] in spec.GODS for a in legal(st))  # one move a turn


def test_no_stop_away_from_the_chosen_god_and_open_cards_are_left_by_their_paths():
    d = start()
    plain_route(d, ["a1"], "anubis")
    c = path(d, "b1", "any", "osiris", exits="EW")
    path(d, "c1", "any", "horus", up=True)
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step E")
    act(st, "step E")
    assert pos(st) == "b1"
    assert "stop" not in legal(st)  # b1 shows Bastet
    assert "step N" not in legal(st)  # the straight card runs east-west
    assert "step E" in legal(st)
    assert c >= 0


def test_a_reveal_declares_the_rest_of_the_path_first_and_a_bad_card_stops_the_move():
    d = start()
    plain_route(d, ["a1"], "anubis")
    dead = card("dead-end", "sobek", "light")
    put(d, "b1", dead, up=False, rot=rot_for(dead, "W"))  # only opens back west
    path(d, "c1", "any", "horus", up=True)
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step E")
    act(st, "step-reveal E")
    # nothing is turned up yet: the path beyond the card is declared first
    v = view(st)
    assert not v["pyramid"]["b1"]["up"] and pos(st) == "a1" and pts(st) == 4
    assert v["turn_state"]["declaring_path"] and v["turn_state"]["path"] == ["reveal E"]
    assert "stop" not in legal(st)  # b1 shows Sobek: the path must go on to a Horus space
    assert "ankh-point" not in legal(st)  # a sixth point may save a path, never prolong it
    act(st, "step E")
    assert view(st)["turn_state"]["path"] == ["reveal E", "E"] and "stop" in legal(st)
    act(st, "stop")  # declared: the card is turned up
    assert view(st)["pyramid"]["b1"]["up"] and pts(st) == 3 and pos(st) == "b1"
    # the revealed dead end opens west only: the chosen path (east to c1) is broken
    assert legal(st) == {"stop", "ankh-point"}
    act(st, "stop")
    v = view(st)
    assert v["phase"] == "main" and pos(st) == "b1" and v["turn_state"]["path"] == []


def test_after_a_reveal_the_declared_path_is_followed_and_cannot_be_rerouted():
    d = start()
    plain_route(d, ["a1"], "anubis")
    put(d, "b1", card("cross", "sobek", "light"), up=False)
    b2 = path(d, "b2", "any", "horus")
    path(d, "c1", "any", "anubis", exits="NW")
    path(d, "c2", "any", "horus", skip=[b2])
    mover(d, ["Horus"])
    researcher(d, 0, pos="a1")
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step-reveal E")
    assert {"step N", "step E"} <= legal(st)  # b2 (Horus) or c1 then c2
    act(st, "step N")
    act(st, "stop")
    assert view(st)["pyramid"]["b1"]["up"] and pos(st) == "b1"
    # the cross opens every way, but only the declared step is left: no re-routing
    assert legal(st) == {"step N"}
    act(st, "step N")
    assert pos(st) == "b2" and legal(st) >= {"stop"} and not any(a.startswith("step") for a in legal(st))
    act(st, "stop")
    assert view(st)["phase"] == "main"


def test_a_secret_passage_saves_a_declared_path_after_a_bad_card():
    d = start()
    plain_route(d, ["a1"], "anubis")
    dead = card("dead-end", "sobek", "light")
    put(d, "b1", dead, up=False, rot=rot_for(dead, "W"))
    path(d, "c1", "any", "horus", up=True)
    hand(d, 0, ["Horus", "secret-passage"])
    researcher(d, 0, pos="a1")
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step-reveal E")
    act(st, "step E")
    act(st, "stop")
    assert "step E" not in legal(st) and "play 1 secret-passage" in legal(st)
    act(st, "play 1 secret-passage")
    assert "step E" in legal(st)
    act(st, "step E")
    assert pos(st) == "c1"


def test_steps_before_the_first_reveal_need_no_declaration():
    d = start()
    plain_route(d, ["a1", "b1"], "anubis")
    path(d, "c1", "any", "horus", up=False)
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step E")
    act(st, "step E")  # walked at once: nothing new is learned on the way
    assert pos(st) == "b1" and not view(st)["turn_state"]["declaring_path"]
    act(st, "step-reveal E")  # onto the Horus card itself: the path may end there
    assert "stop" in legal(st)
    act(st, "stop")
    assert view(st)["pyramid"]["c1"]["up"] and pos(st) == "c1"


def test_mummy_space_and_grave_cannot_be_entered():
    d = start()
    plain_route(d, ["a1"], "anubis")
    d["mummy"], d["mummy_awake"] = "b1", True
    mover(d, ["Horus+Anubis"])
    st = load(d)
    act(st, "play 1 Anubis")
    act(st, "step E")
    assert "step E" not in legal(st)  # the mummy stands on b1
    # the grave: a researcher next to it can never step in
    d = start()
    plain_route(d, ["e6"], "anubis")
    researcher(d, 0, pos="e6")
    mover(d, ["Anubis+Horus"])
    st = load(d)
    act(st, "play 1 Anubis")
    assert "step E" not in legal(st)


def test_leaving_the_pyramid_puts_the_researcher_in_camp_and_loses_the_jar():
    d = start()
    jar = next(v["card"] for v in d["pyramid"].values() if spec.CARD_SPECIAL[v["card"]] == spec.JAR)
    cell = next(c for c, v in d["pyramid"].items() if v["card"] == jar)
    # take the jar as if picked up: its cell gets the beside card of its god
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jar])
    d["pyramid"][cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    d["mummy_awake"], d["mummy"] = True, "e6"
    plain_route(d, ["c1"], "anubis")
    researcher(d, 0, pos="c1", carry_jar=jar)
    mover(d, ["Anubis+Horus"])
    st = load(d)
    act(st, "play 1 Anubis")
    act(st, "step S")  # off the south edge: not the camp
    v = view(st)
    assert v["researchers"][0]["pos"] == "camp" and v["researchers"][0]["carry_jar"] is None
    assert v["researchers"][0]["camp_jars"] == []
    # the jar goes to the next player to re-place it
    assert v["phase"] == "replace" and v["current_player"] == 1 and v["pending"]["replace"] == [jar]


# =============================================================================
# Canopic jars, the mummy waking, treasures
# =============================================================================
def jar_on(d, cell, god="horus", up=True):
    """Move the jar of `god` (in the game) onto the dark cell."""
    j = spec.JAR0 + spec.GODS.index(god.capitalize())
    assert god.capitalize() in d["jars"]
    put(d, cell, j, up, 0)
    return j


def two_player_with(gods=("Horus", "Osiris")):
    for seed in range(200):
        d = start(2, seed)
        if sorted(d["jars"]) == sorted(gods):
            return d
    raise LookupError


def test_revealing_the_first_jar_wakes_the_mummy_and_the_revealer_places_it():
    d = two_player_with()
    j = jar_on(d, "a6", "horus", up=False)
    plain_route(d, ["a5"], "anubis")
    researcher(d, 0, pos="a5")
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step-reveal N")
    act(st, "stop")  # the path ends on the Horus card it turns up
    v = view(st)
    assert v["phase"] == "mummy-place" and v["current_player"] == 0 and v["mummy_awake"]
    assert legal(st) == {"select f5", "select e6"}
    act(st, "select e6")
    v = view(st)
    assert v["mummy"] == "e6"
    # then the jar may be picked up: it was revealed by this researcher this turn
    assert v["phase"] == "pickup"
    act(st, "yes")
    v = view(st)
    assert v["researchers"][0]["carry_jar"] == j
    assert not v["pyramid"]["a6"]["up"] and spec.CARD_GOD[v["pyramid"]["a6"]["card"]] == spec.CARD_GOD[j]
    assert v["researchers"][0]["pos"] == "a6" and len(v["beside"]) == 1
    assert v["phase"] == "main"  # a jar ends the move


def test_a_jar_with_another_researcher_on_it_cannot_be_picked_up_and_one_jar_at_most():
    d = two_player_with()
    jar_on(d, "a6", "horus", up=True)
    d["mummy_awake"], d["mummy"] = True, "e6"
    plain_route(d, ["a5"], "anubis")
    researcher(d, 0, pos="a5")
    researcher(d, 1, pos="a6")
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step N")
    assert view(st)["phase"] == "main" and view(st)["researchers"][0]["carry_jar"] is None


def test_bringing_a_jar_home_brings_its_treasure_into_play():
    d = two_player_with()
    jh = spec.JAR0 + spec.GODS.index("Horus")
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jh])
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    d["mummy_awake"], d["mummy"] = True, "e6"
    plain_route(d, ["a1"], "anubis")
    researcher(d, 0, pos="a1", carry_jar=jh)
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step W")
    v = view(st)
    assert v["researchers"][0]["camp_jars"] == ["Horus"] and v["researchers"][0]["carry_jar"] is None
    assert v["phase"] == "treasure-first" and v["current_player"] == 0
    horus = spec.GODS.index("Horus")
    # the first card: a free face-down dark card of Horus
    for a in legal(st):
        c = a.split()[1]
        assert not v["pyramid"][c]["up"] and spec.CARD_GOD[v["pyramid"][c]["card"]] == horus
        assert not spec.LIGHT_CELL[cell_of(c)]
    first = sorted(legal(st))[0]
    act(st, first)
    picks = []
    # with two players each player picks two cards, in turn order from the deliverer
    for who in (0, 0, 1, 1):
        v = view(st)
        if v["phase"] != "treasure-pick":
            break
        assert v["current_player"] == who
        a = sorted(legal(st))[0]
        picks.append(a.split()[1])
        act(st, a)
    v = view(st)
    assert v["phase"] == "main" and v["treasures"]["Horus"] == "in-play"
    spaces = [first.split()[1]] + picks
    tr = spec.TREASURE0 + horus
    assert tr in [v["pyramid"][c]["card"] for c in spaces]
    assert all(not v["pyramid"][c]["up"] for c in spaces)
    assert len(v["beside"]) == 2  # the Osiris jar's card and the treasure's


def test_a_treasure_shuffle_forgets_only_what_a_seat_can_no_longer_follow():
    """Picks: a face-up Bastet cross (seen by all), an Osiris T peeked by player 1, two Sobek
    cards (one peeked by player 0); the Horus treasure is the only Horus card shuffled."""
    d = two_player_with()
    horus = spec.GODS.index("Horus")
    jh = spec.JAR0 + horus
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == horus)
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    awake(d, "e6")
    plain_route(d, ["a1"], "anubis")
    free = [c for c, v in d["pyramid"].items() if spec.DARK_CELL[cell_of(c)] and c != "e6"
            and v["card"] < spec.NUM_PATH]
    first, bastet, osiris, sobek1, sobek2, other = free[:6]
    put(d, first, 27, up=False)         # Horus dark corner: the first card, set beside
    put(d, bastet, 21, up=True)         # Bastet dark cross, face up
    put(d, osiris, 23, up=False)        # Osiris dark T
    put(d, sobek1, 24, up=False)        # Sobek dark T
    put(d, sobek2, 29, up=False)        # Sobek dark corner
    put(d, other, 25, up=False)         # Anubis dark T, not picked
    for v in d["pyramid"].values():     # no other face-down Horus card: picks fall back
        if spec.CARD_GOD[v["card"]] == horus and spec.CARD_BACK[v["card"]] == spec.DARK_BACK \
                and v["card"] != 27:
            v["up"] = True
    researcher(d, 0, pos="a1", carry_jar=jh, knows=[sobek1])
    researcher(d, 1, knows=[osiris, other])
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step W")
    assert legal(st) == {f"select {first}"}
    act(st, f"select {first}")
    for pick in (bastet, osiris, sobek1, sobek2):
        act(st, f"select {pick}")
    v = view(st)
    assert v["phase"] == "main" and v["treasures"]["Horus"] == "in-play"
    spaces = [first, bastet, osiris, sobek1, sobek2]
    where = {v["pyramid"][c]["card"]: c for c in spaces}
    assert sorted(where) == sorted([spec.TREASURE0 + horus, 21, 23, 24, 29])
    # the treasure and the Bastet cross can be followed (the only card of their god) and
    # show the same paths however they lie: known to all; the others are lost
    for p in (0, 1):
        knows = set(v["researchers"][p]["knows"])
        assert knows & set(spaces) == {where[spec.TREASURE0 + horus], where[21]}
    assert other in v["researchers"][1]["knows"]  # not shuffled: still known
    obs = GAME.observe(st, [1])[0]
    for c in spaces:
        assert obs[cell_of(c) * spec.CELL_FEATURES + 9] == (c in (where[spec.TREASURE0 + horus], where[21]))
    # what nobody can follow may lie either way round: both seats see the same
    d2 = view(st)
    a, b = where[24], where[29]
    d2["pyramid"][a], d2["pyramid"][b] = d2["pyramid"][b], d2["pyramid"][a]
    st2 = load(d2)
    for seat in (0, 1):
        assert np.array_equal(GAME.observe(st, [seat]), GAME.observe(st2, [seat]))
    # determinize keeps what the seat knows and nothing else
    st3 = st.copy()
    GAME.kernels.determinize(st3, np.array([1]), np.array([7], np.uint64))
    assert st3[0]["cell_card"][cell_of(where[21])] == 21
    assert st3[0]["cell_card"][cell_of(other)] == 25


def treasure_position():
    """Player 0 in a1 next to the camp carrying the Horus treasure, the Horus jar home."""
    d = two_player_with()
    horus = spec.GODS.index("Horus")
    jh, th = spec.JAR0 + horus, spec.TREASURE0 + horus
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == horus)
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    d["mummy_awake"], d["mummy"] = True, "e6"
    d["treasures"]["Horus"] = "in-play"
    plain_route(d, ["a1"], "anubis")
    researcher(d, 0, pos="a1", carry_treasure=th, camp_jars=["Horus"])
    mover(d, ["Horus"])
    return d


def test_the_first_treasure_brought_to_camp_wins():
    st = load(treasure_position())
    act(st, "play 1 Horus")
    rewards = act(st, "step W")
    v = view(st)
    assert v["terminated"] and v["phase"] == "over" and v["scores"] == [1, 0]
    assert rewards[:2].tolist() == [1.0, -1.0]
    assert not GAME.legal_mask(st).any()


def test_play_on_ranks_the_runners_up():
    d = treasure_position()
    d["play_on"] = True
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step W")
    v = view(st)
    # two players: the second is the only one left, so the game ends with a full ranking
    assert v["terminated"] and v["scores"] == [1, 0]
    # three players: play continues without the winner
    d3 = None
    for seed in range(300):
        d3 = start(3, seed, play_on=True)
        if "Horus" in d3["jars"]:
            break
    horus = spec.GODS.index("Horus")
    jh, th = spec.JAR0 + horus, spec.TREASURE0 + horus
    jar_cell = next(c for c, v in d3["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d3["beside"]) if spec.CARD_GOD[x["card"]] == horus)
    d3["pyramid"][jar_cell] = {"card": d3["beside"].pop(b)["card"], "up": False, "rot": 0}
    d3["mummy_awake"], d3["mummy"] = True, "e6"
    d3["treasures"]["Horus"] = "in-play"
    plain_route(d3, ["a1"], "anubis")
    researcher(d3, 0, pos="a1", carry_treasure=th, camp_jars=["Horus"])
    hand(d3, 0, ["Horus"])
    st = load(d3)
    act(st, "play 1 Horus")
    act(st, "step W")
    v = view(st)
    assert not v["terminated"] and v["researchers"][0]["finished"] == 1
    assert v["current_player"] == 1 and v["turn"] == 1


def test_a_treasure_needs_a_jar_in_camp_to_be_picked_up():
    d = two_player_with()
    horus = spec.GODS.index("Horus")
    th = spec.TREASURE0 + horus
    d["treasures"]["Horus"] = "in-play"
    # the treasure on a6 (face up) stands for a card set beside the pyramid
    path(d, "a6", "any", "anubis", up=False)
    d["beside"].append({"card": d["pyramid"]["a6"]["card"], "rot": 0, "known_by": []})
    d["pyramid"]["a6"] = {"card": th, "up": True, "rot": 0}
    d["mummy_awake"], d["mummy"] = True, "e6"
    plain_route(d, ["a5"], "anubis")
    researcher(d, 0, pos="a5")
    mover(d, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step N")
    assert view(st)["phase"] == "main"  # no pickup window: no jar in camp
    d["researchers"][0]["camp_jars"] = ["Osiris"]
    # the Osiris jar is home: take it off the pyramid with its beside card
    jo = spec.JAR0 + spec.GODS.index("Osiris")
    jc = next(c for c, v in d["pyramid"].items() if v["card"] == jo)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.GODS.index("Osiris"))
    d["pyramid"][jc] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step N")
    assert view(st)["phase"] == "pickup"
    act(st, "yes")
    assert view(st)["researchers"][0]["carry_treasure"] == th


# =============================================================================
# Ankhs
# =============================================================================
def test_ankhs_earned_by_walking_revealing_and_playing_and_capped_at_nine():
    d = start()
    a1 = card("cross", None, "light", ankh=True)
    put(d, "a1", a1, up=True)
    b1 = card("cross", None, "light", ankh=False)
    put(d, "b1", b1, up=True)
    mover(d, [spec.GODS[spec.CARD_GOD[b1]], "ankh"])
    st = load(d)
    act(st, "play 2 ankh")
    assert view(st)["researchers"][0]["ankhs"] == 1
    act(st, f"play 1 {spec.GODS[spec.CARD_GOD[b1]]}")
    act(st, "step E")  # walks onto the face-up Ankh card
    assert view(st)["researchers"][0]["ankhs"] == 2
    researcher(d, 0, ankhs=9)
    st = load(d)
    assert "play 2 ankh" not in legal(st)


def test_ankh_uses_in_ones_own_turn():
    d = start()
    researcher(d, 0, ankhs=9)
    plain_route(d, ["a1"], "anubis")
    t = card("T", "bastet", "light")
    put(d, "b1", t, up=True, rot=0)
    mover(d, [])
    st = load(d)
    lg = legal(st)
    # 1: reveal / hide a card without a pawn, a sixth movement point
    assert "ankh-reveal c1" in lg and "ankh-hide b1" in lg and "ankh-point" in lg
    # 2: rotate by 90 degrees; 3: by 180, exchange two cards
    assert {"ankh-rotate b1 90", "ankh-rotate b1 270", "ankh-rotate b1 180", "ankh-exchange b1"} <= lg
    assert "ankh-rotate a1 90" not in lg  # a cross does not change
    act(st, "ankh-rotate b1 90")
    assert view(st)["pyramid"]["b1"]["rot"] == 1 and view(st)["researchers"][0]["ankhs"] == 7
    act(st, "ankh-rotate b1 180")
    assert view(st)["pyramid"]["b1"]["rot"] == 3 and view(st)["researchers"][0]["ankhs"] == 4
    act(st, "ankh-hide b1")
    v = view(st)
    assert not v["pyramid"]["b1"]["up"] and v["researchers"][0]["ankhs"] == 3
    assert "b1" in v["researchers"][1]["knows"]  # everybody saw it turned down
    act(st, "ankh-point")
    assert "ankh-point" not in legal(st)  # once per turn
    assert view(st)["researchers"][0]["ankhs"] == 2
    act(st, "ankh-reveal b1")
    assert view(st)["pyramid"]["b1"]["up"]


def test_cards_with_a_pawn_cannot_be_turned_rotated_or_exchanged():
    d = start()
    researcher(d, 0, ankhs=9)
    researcher(d, 1, pos="b1")
    path(d, "b1", "T", "bastet", up=True)
    st = load(d)
    lg = legal(st)
    assert not any(a.endswith(" b1") or " b1 " in a for a in lg if a.startswith("ankh"))


def test_exchange_keeps_faces_and_backs():
    d = start()
    researcher(d, 0, ankhs=3)
    t = path(d, "b1", "T", "bastet", up=True)
    st = load(d)
    act(st, "ankh-exchange b1")
    lg = legal(st)
    assert all(spec.LIGHT_CELL[cell_of(a.split()[1])] for a in lg)  # light with light only
    other = view(st)["pyramid"]["c1"]
    act(st, "select c1")
    v = view(st)
    assert v["pyramid"]["c1"] == {"card": t, "up": True, "rot": 0}
    assert v["pyramid"]["b1"] == other and v["researchers"][0]["ankhs"] == 0


def test_extra_draw_for_an_ankh_and_the_hand_limit():
    d = start()
    researcher(d, 0, ankhs=1)
    hand(d, 0, ["ankh", "shovel"])
    st = load(d)
    act(st, "end")
    assert view(st)["phase"] == "discard"
    act(st, "discard 1")
    assert legal(st) == {"draw 0", "draw 1", "draw 2", "draw 3"}
    act(st, "draw 3")
    v = view(st)
    assert len(v["researchers"][0]["hand"]) == 4 and v["researchers"][0]["ankhs"] == 0
    d = start()
    hand(d, 0, ["ankh", "shovel", "torch", "revolver"])
    st = load(d)
    act(st, "end")
    act(st, "pass")
    assert legal(st) == {"draw 0", "draw 1"}  # never more than five cards


def test_discards_are_reshuffled_when_the_deck_runs_out():
    d = start()
    hand(d, 0, ["ankh"])
    d["discard"] = d["discard"] + d["deck"]
    d["deck"] = []
    st = load(d)
    act(st, "end")
    act(st, "pass")
    act(st, "draw 2")
    v = view(st)
    assert len(v["researchers"][0]["hand"]) == 3
    assert len(v["deck"]) == 40 - 4 - 1 - 2 and len(v["discard"]) == 0


# =============================================================================
# The mummy
# =============================================================================
def awake(d, cell):
    d["mummy_awake"], d["mummy"] = True, cell
    return d


def test_mummy_moved_from_a_diagonal_with_a_free_line_of_sight_once_per_turn():
    d = awake(start(), "d4")
    researcher(d, 0, pos="b2")
    st = load(d)
    assert "mummy-move" in legal(st)
    act(st, "mummy-move")
    assert view(st)["phase"] == "mummy" and "stop" not in legal(st)
    act(st, "mummy N")
    assert "stop" in legal(st)
    act(st, "mummy N")
    v = view(st)
    assert v["mummy"] == "d6" and v["phase"] == "main" and "mummy-move" not in legal(st)
    # another researcher in the line of sight blocks it
    d = awake(start(), "d4")
    researcher(d, 0, pos="b2")
    researcher(d, 1, pos="c3")
    assert "mummy-move" not in legal(load(d))


def test_mummy_never_enters_the_camp_square_the_grave_or_the_movers_space():
    d = awake(start(), "b1")
    researcher(d, 0, ankhs=2, pos="c2")
    st = load(d)
    lg = legal(st)
    assert "mummy W" not in lg  # a1, beside the camp
    assert "mummy N" not in lg or True
    d = awake(start(), "c1")
    researcher(d, 0, ankhs=2, pos="c2")
    assert "mummy N" not in legal(load(d))  # onto the mover's own space
    d = awake(start(), "e6")
    researcher(d, 0, ankhs=2, pos="a1")
    assert "mummy E" not in legal(load(d))  # the grave chamber


def test_mummy_attack_costs_ankhs_and_jar_displaces_three_and_loses_the_next_turn():
    d = two_player_with()
    jh = spec.JAR0 + spec.GODS.index("Horus")
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jh])
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    awake(d, "c3")
    researcher(d, 0, ankhs=2, pos="a1")
    researcher(d, 1, ankhs=5, pos="c2", carry_jar=jh)
    hand(d, 1, ["ankh"])
    st = load(d)
    act(st, "mummy S")
    # every threatened researcher is asked about a torch, holding one or not (no leak)
    assert view(st)["phase"] == "torch" and view(st)["current_player"] == 1 and legal(st) == {"pass"}
    act(st, "pass")
    v = view(st)
    r = v["researchers"][1]
    assert v["mummy"] == "c2" and r["ankhs"] == 0 and r["carry_jar"] is None and r["attacked"]
    assert v["phase"] == "displace" and v["current_player"] == 0
    targets = {a.split()[1] for a in legal(st)}
    for c in targets:
        x = cell_of(c)
        assert abs(spec.CELL_COL[x] - 2) + abs(spec.CELL_ROW[x] - 1) == 3
    act(st, "select c5")
    v = view(st)
    assert v["researchers"][1]["pos"] == "c5"
    # the jar is re-placed by the next player (player 1, who sits after player 0)
    assert v["phase"] == "replace" and v["current_player"] == 1
    horus = spec.GODS.index("Horus")
    for a in legal(st):
        c = a.split()[1]
        assert spec.CARD_GOD[v["pyramid"][c]["card"]] == horus and not spec.LIGHT_CELL[cell_of(c)]
    c = sorted(legal(st))[0].split()[1]
    act(st, f"select {c}")
    v = view(st)
    assert v["pyramid"][c] == {"card": jh, "up": True, "rot": 0}
    assert v["phase"] == "main" and v["current_player"] == 0
    act(st, "end")
    act(st, "pass")
    act(st, "draw 0")
    # player 1's turn is lost: play comes straight back to player 0
    v = view(st)
    assert v["turn"] == 0 and not v["researchers"][1]["attacked"]


def test_torch_keeps_the_mummy_out_until_the_owners_next_turn():
    d = awake(start(), "c3")
    researcher(d, 0, ankhs=4, pos="a1")
    researcher(d, 1, pos="c2")
    hand(d, 1, ["torch"])
    st = load(d)
    act(st, "mummy S")
    v = view(st)
    assert v["phase"] == "torch" and v["current_player"] == 1
    act(st, "play 1 torch")
    v = view(st)
    assert v["mummy"] == "c3" and v["researchers"][1]["torch"] is not None and v["current_player"] == 0
    assert "mummy S" not in legal(st)  # the torch burns
    act(st, "end")
    act(st, "pass")
    act(st, "draw 0")
    v = view(st)
    assert v["turn"] == 1 and v["researchers"][1]["torch"] is None  # discarded at his turn
    assert len(v["discard"]) == 2


def test_declining_the_torch_lets_the_mummy_attack():
    d = awake(start(), "c3")
    researcher(d, 0, ankhs=4, pos="a1")
    researcher(d, 1, pos="c2", ankhs=3)
    hand(d, 1, ["torch"])
    st = load(d)
    act(st, "mummy S")
    act(st, "pass")
    v = view(st)
    assert v["mummy"] == "c2" and v["researchers"][1]["attacked"] and v["phase"] == "displace"


def test_a_researcher_in_a_pit_cannot_be_attacked():
    d = awake(start(), "c3")
    researcher(d, 0, ankhs=2, pos="a1")
    researcher(d, 1, pos="c2", lying=True, ankhs=4)
    st = load(d)
    act(st, "mummy S")
    v = view(st)
    assert v["mummy"] == "c2" and not v["researchers"][1]["attacked"] and v["researchers"][1]["ankhs"] == 4


def test_three_ankhs_move_the_mummy_in_another_players_turn():
    d = awake(start(), "c3")
    researcher(d, 1, ankhs=3, pos="a1")
    st = load(d)
    act(st, "end")
    act(st, "pass")
    act(st, "draw 0")
    v = view(st)
    assert v["phase"] == "react" and v["current_player"] == 1 and v["turn"] == 0
    act(st, "mummy N")
    v = view(st)
    assert v["mummy"] == "c4" and v["researchers"][1]["ankhs"] == 0
    assert v["turn"] == 1 and v["phase"] == "main"


# =============================================================================
# Excavation symbols
# =============================================================================
def test_eyeglasses_peek_is_private():
    d = start()
    hand(d, 0, ["eyeglasses"])
    st = load(d)
    before1 = GAME.observe(st, [1])
    act(st, "play 1 eyeglasses")
    act(st, "select c1")
    v = view(st)
    assert v["researchers"][0]["knows"] == ["c1"] and not v["pyramid"]["c1"]["up"]
    o0 = GAME.observe(st, [0])[0]
    base = cell_of("c1") * spec.CELL_FEATURES
    assert o0[base + 9] == 1.0  # identity known to the peeker
    o1 = GAME.observe(st, [1])[0]
    assert o1[base + 9] == 0.0 and o1[base + 28] > 0  # others only see that it was peeked
    assert not np.array_equal(before1[0][base:base + 28], o1[base:base + 28]) or True


def test_shovel_turns_a_card_without_cost():
    d = start()
    hand(d, 0, ["shovel"])
    st = load(d)
    act(st, "play 1 shovel")
    act(st, "select c1")
    v = view(st)
    assert v["pyramid"]["c1"]["up"] and v["researchers"][0]["ankhs"] in (0, 1)


def test_secret_passage_leaves_an_open_card_against_its_paths():
    d = start()
    plain_route(d, ["a1"], "anubis")
    s = path(d, "b1", "any", "osiris", exits="EW")
    path(d, "b2", "any", "horus", up=True)
    hand(d, 0, ["Horus", "secret-passage"])
    researcher(d, 0, pos="b1")
    st = load(d)
    act(st, "play 1 Horus")
    assert "step N" not in legal(st)
    act(st, "play 1 secret-passage")
    assert "step N" in legal(st)
    act(st, "step N")
    assert pos(st) == "b2" and s >= 0


def test_revolver_takes_the_jar_and_gun_jam_stops_it():
    d = two_player_with()
    jh = spec.JAR0 + spec.GODS.index("Horus")
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jh])
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    awake(d, "e6")
    researcher(d, 0, pos="b2")
    researcher(d, 1, pos="b2", carry_jar=jh)
    hand(d, 0, ["revolver"])
    st = load(d)
    act(st, "play 1 revolver")
    assert legal(st) == {"shoot 1"}
    act(st, "shoot 1")
    # the target is always asked; without a gun jam he can only let it happen
    assert view(st)["phase"] == "gun-jam" and legal(st) == {"pass"}
    act(st, "pass")
    v = view(st)
    assert v["researchers"][0]["carry_jar"] == jh and v["researchers"][1]["carry_jar"] is None
    hand(d, 1, ["gun-jam"])
    st = load(d)
    act(st, "play 1 revolver")
    act(st, "shoot 1")
    v = view(st)
    assert v["phase"] == "gun-jam" and v["current_player"] == 1
    act(st, "play 1 gun-jam")
    v = view(st)
    assert v["researchers"][1]["carry_jar"] == jh and v["current_player"] == 0
    assert len(v["researchers"][1]["hand"]) == 0 and len(v["discard"]) == 3


def test_revolver_outside_ones_own_turn():
    d = two_player_with()
    jh = spec.JAR0 + spec.GODS.index("Horus")
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jh])
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    awake(d, "e6")
    researcher(d, 0, pos="b2", carry_jar=jh)
    researcher(d, 1, pos="b2")
    hand(d, 1, ["revolver"])
    st = load(d)
    act(st, "end")
    act(st, "pass")
    act(st, "draw 0")
    v = view(st)
    assert v["phase"] == "react" and v["current_player"] == 1
    act(st, "play 1 revolver")
    act(st, "shoot 0")
    act(st, "pass")  # player 0 has no gun jam
    v = view(st)
    assert v["researchers"][1]["carry_jar"] == jh and v["turn"] == 1


def test_revolver_during_ones_own_move_on_a_space_shared_with_a_carrier():
    d = two_player_with()
    plain_route(d, ["a1", "b1"], "anubis")
    path(d, "c1", "any", "horus")
    researcher(d, 1, pos="b1")
    hand(d, 0, ["Horus", "revolver"])
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step E")
    act(st, "step E")
    assert pos(st) == "b1" and not any("revolver" in a for a in legal(st))  # he carries nothing
    jh = spec.JAR0 + spec.GODS.index("Horus")
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jh])
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    awake(d, "e6")
    researcher(d, 1, carry_jar=jh)
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step E")
    assert not any("revolver" in a for a in legal(st))  # not on the carrier's space yet
    act(st, "step E")
    assert "play 1 revolver" in legal(st)  # the same space, in the middle of the move
    act(st, "play 1 revolver")
    act(st, "shoot 1")
    assert view(st)["phase"] == "gun-jam" and view(st)["current_player"] == 1
    act(st, "pass")
    v = view(st)
    assert v["phase"] == "move" and v["current_player"] == 0 and pts(st) == 3
    assert v["researchers"][0]["carry_jar"] == jh and v["researchers"][1]["carry_jar"] is None
    act(st, "step E")  # the move goes on along its path
    assert pos(st) == "c1" and "stop" in legal(st)


# =============================================================================
# Special path cards
# =============================================================================
def into(d, special, god=None, ankhs=0, extra=()):
    """Player 0 on a1 (face-up cross) with b1 a face-up `special` card; a Horus card in hand."""
    plain_route(d, ["a1"], "anubis")
    sp = card(special, None, "light")
    g = spec.GODS[spec.CARD_GOD[sp]]
    shape = spec.CARD_SHAPE[sp]
    rot = 0
    for r in range(4):
        if (spec.OPEN[shape, r] >> spec.E) & 1:
            rot = r
            break
    put(d, "b1", sp, True, rot)
    researcher(d, 0, pos="a1", ankhs=ankhs)
    hand(d, 0, [g] + list(extra))
    return d, g


def test_pitfall_ends_the_move_and_costs_the_next_turns_movement():
    d, g = into(start(), "pitfall")
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    v = view(st)
    assert v["researchers"][0]["lying"] and v["phase"] == "main"
    act(st, "end")  # the hand is empty: straight to drawing
    act(st, "draw 0")
    act(st, "end")  # player 1
    act(st, "pass")
    act(st, "draw 0")
    v = view(st)
    assert v["phase"] == "pit" and v["current_player"] == 0
    act(st, "yes")
    v = view(st)
    assert not v["researchers"][0]["lying"] and v["turn_state"]["no_move"]
    assert not any(a.startswith("play") for a in legal(st) if a.split()[-1] in spec.GODS)


def test_pitfall_escaped_with_three_ankhs():
    d, g = into(start(), "pitfall", ankhs=3)
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    assert view(st)["phase"] == "special"
    act(st, "yes")
    v = view(st)
    assert not v["researchers"][0]["lying"] and v["researchers"][0]["ankhs"] == 0 and v["phase"] == "move"


def test_secret_chamber_ends_the_turn_and_is_left_in_any_direction_next_turn():
    d, g = into(start(), "secret-chamber")
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    # a chamber always asks (a secret passage in hand is hidden): here only `pass` is possible
    assert legal(st) == {"pass"}
    act(st, "pass")
    v = view(st)
    assert v["phase"] == "draw" and v["researchers"][0]["chamber"]  # the turn ends at once
    # next turn: any direction
    d2 = view(st)
    d2["phase"] = "main"
    d2["turn_state"]["moved"] = False
    hand(d2, 0, ["Horus", "Anubis+Bastet"])
    st2 = load(d2)
    act(st2, "play 1 Horus")
    lg = legal(st2)
    assert any(a.startswith("step") for a in lg)


def test_secret_chamber_left_at_once_with_two_ankhs_or_a_secret_passage():
    d, g = into(start(), "secret-chamber", ankhs=2)
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    assert view(st)["phase"] == "special" and "yes" in legal(st)
    act(st, "yes")
    assert view(st)["phase"] == "move" and view(st)["turn_state"]["any_exit"]
    d, g = into(start(), "secret-chamber", extra=["secret-passage"])
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    assert "play 1 secret-passage" in legal(st)


def test_kings_pyramid_alone_sends_to_camp_and_loses_the_jar():
    d = two_player_with()
    jh = spec.JAR0 + spec.GODS.index("Horus")
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jh])
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    awake(d, "e6")
    d, g = into(d, "kings-pyramid")
    d["researchers"][0]["carry_jar"] = jh
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    v = view(st)
    assert v["researchers"][0]["pos"] == "camp" and v["researchers"][0]["carry_jar"] is None
    assert v["researchers"][0]["camp_jars"] == []
    assert v["phase"] == "replace" and v["current_player"] == 1


def test_two_kings_pyramids_let_the_researcher_choose():
    d, g = into(start(), "kings-pyramid")
    kp2 = card("kings-pyramid", None, "dark")
    put(d, "c4", kp2, True)
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    assert legal(st) == {"camp", "select c4"}
    act(st, "select c4")
    v = view(st)
    assert v["researchers"][0]["pos"] == "c4" and v["phase"] == "draw"  # the turn ends


def test_ramp_slips_one_more_space_and_two_ankhs_ignore_it():
    d, g = into(start(), "ramp")
    plain_route(d, ["c1"], "anubis")
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    v = view(st)
    assert v["researchers"][0]["pos"] == "c1"
    d, g = into(start(), "ramp", ankhs=2)
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    assert view(st)["phase"] == "special"
    act(st, "yes")
    assert view(st)["researchers"][0]["pos"] == "b1" and view(st)["researchers"][0]["ankhs"] == 0


def test_buried_path_always_costs_two():
    d = start()
    plain_route(d, ["a2"], "anubis")
    bp = card("buried-path", None, "dark")
    put(d, "a6", bp, True)
    plain_route(d, ["a5"], "anubis")
    researcher(d, 0, pos="a5")
    hand(d, 0, [spec.GODS[spec.CARD_GOD[bp]]])
    st = load(d)
    act(st, f"play 1 {spec.GODS[spec.CARD_GOD[bp]]}")
    act(st, "step N")
    assert pts(st) == 3


def test_out_of_turn_windows_hand_the_turn_back():
    """After a torch, a gun jam or a reaction the turn player is to move again (or the next turn)."""
    d = awake(start(), "c3")
    researcher(d, 0, ankhs=4, pos="a1")
    researcher(d, 1, pos="c2")
    hand(d, 1, ["torch"])
    st = load(d)
    act(st, "mummy S")
    assert view(st)["current_player"] == 1
    act(st, "play 1 torch")
    assert view(st)["current_player"] == 0 and view(st)["phase"] == "main"


def carrying_jar(d):
    """Player 0 carries the Horus jar (its beside card put back on the jar's space)."""
    jh = spec.JAR0 + spec.GODS.index("Horus")
    jar_cell = next(c for c, v in d["pyramid"].items() if v["card"] == jh)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jh])
    d["pyramid"][jar_cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}
    d["researchers"][0]["carry_jar"] = jh
    return jh


def test_kings_pyramid_escaped_with_three_ankhs_keeps_the_jar():
    d = awake(two_player_with(), "e6")
    d, g = into(d, "kings-pyramid", ankhs=3)
    jh = carrying_jar(d)
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    assert view(st)["phase"] == "special"
    act(st, "yes")
    v = view(st)
    assert v["researchers"][0]["pos"] == "b1" and v["researchers"][0]["carry_jar"] == jh
    assert v["researchers"][0]["ankhs"] == 0 and v["phase"] == "move"


def test_ramp_loses_the_jar():
    d = awake(two_player_with(), "e6")
    d, g = into(d, "ramp")
    plain_route(d, ["c1"], "anubis")
    jh = carrying_jar(d)
    st = load(d)
    act(st, f"play 1 {g}")
    act(st, "step E")
    v = view(st)
    assert v["researchers"][0]["pos"] == "c1" and v["researchers"][0]["carry_jar"] is None
    assert v["phase"] == "replace" and v["pending"]["replace"] == [jh] and v["current_player"] == 1


def test_mummy_ignores_pitfalls_and_its_mover_decides_on_ramps_and_kings_pyramids():
    d = awake(start(), "c3")
    researcher(d, 0, ankhs=9, pos="a1")
    put(d, "c2", card("pitfall", None, "light"), True)
    st = load(d)
    act(st, "mummy S")
    v = view(st)
    assert v["mummy"] == "c2" and v["phase"] == "main"  # no pit for the mummy
    # a ramp: the mover chooses whether it slips on
    d = awake(start(), "c3")
    researcher(d, 0, ankhs=9, pos="a1")
    ramp = card("ramp", None, "light")
    put(d, "c2", ramp, True, rot_for(ramp, "NS"))
    st = load(d)
    act(st, "mummy S")
    assert view(st)["phase"] == "mummy-ramp" and legal(st) == {"yes", "pass"}
    act(st, "yes")
    assert view(st)["mummy"] == "c1"
    # a king's pyramid with another one face up: the mover may send it there
    d = awake(start(), "c3")
    researcher(d, 0, ankhs=9, pos="a1")
    put(d, "c2", card("kings-pyramid", None, "light"), True)
    put(d, "d5", card("kings-pyramid", None, "dark"), True)
    st = load(d)
    act(st, "mummy S")
    assert legal(st) == {"pass", "select d5"}
    act(st, "select d5")
    assert view(st)["mummy"] == "d5" and view(st)["phase"] == "main"


def test_free_mummy_move_is_at_most_two_steps():
    d = awake(start(), "d4")
    researcher(d, 0, pos="b2")
    st = load(d)
    act(st, "mummy-move")
    act(st, "mummy W")
    act(st, "mummy W")
    v = view(st)
    assert v["mummy"] == "b4" and v["phase"] == "main"


def test_extra_movement_point_during_the_move():
    d = start()
    plain_route(d, ["a1", "b1"], "anubis")
    researcher(d, 0, ankhs=1)
    hand(d, 0, ["Anubis"])
    st = load(d)
    act(st, "play 1 Anubis")
    act(st, "step E")
    before = view(st)["researchers"][0]["ankhs"]
    act(st, "ankh-point")
    v = view(st)
    assert v["turn_state"]["move_points"] == 5 and v["researchers"][0]["ankhs"] == before - 1
    assert "ankh-point" not in legal(st)


def test_the_diagonals_from_which_the_mummy_may_be_moved():
    """The rulebook's diagram: the spaces on the mummy's diagonals, line of sight free."""
    for cell in [f"{c}{r}" for c in "abcdef" for r in range(1, 7)]:
        if cell in ("c3", "f6"):
            continue
        d = awake(start(), "c3")
        researcher(d, 0, pos=cell)
        x = cell_of(cell)
        dc, dr = abs(int(spec.CELL_COL[x]) - 2), abs(int(spec.CELL_ROW[x]) - 2)
        assert ("mummy-move" in legal(load(d))) == (dc == dr), cell


def test_windows_do_not_tell_whether_a_card_is_held():
    """With or without a torch / gun jam in hand, the same player is asked at the same moment."""
    seen = []
    for syms in (["torch"], ["ankh"]):
        d = awake(start(), "c3")
        researcher(d, 0, ankhs=4, pos="a1")
        researcher(d, 1, pos="c2")
        hand(d, 1, syms)
        st = load(d)
        act(st, "mummy S")
        seen.append((view(st)["phase"], view(st)["current_player"], GAME.observe(st, [0]).tobytes()))
    assert seen[0] == seen[1]


def test_knowledge_of_a_peeked_card_moves_with_it_in_an_exchange():
    d = start()
    researcher(d, 0, ankhs=3)
    hand(d, 0, ["eyeglasses"])
    st = load(d)
    act(st, "play 1 eyeglasses")
    act(st, "select c1")
    card_c1 = view(st)["pyramid"]["c1"]["card"]
    act(st, "ankh-exchange c1")
    act(st, "select d1")
    v = view(st)
    assert v["pyramid"]["d1"]["card"] == card_c1 and not v["pyramid"]["d1"]["up"]
    assert v["researchers"][0]["knows"] == ["d1"] and v["researchers"][1]["knows"] == []
