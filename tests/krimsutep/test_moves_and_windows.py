"""Moves that special path cards make possible, one symbol per card, and the out-of-turn
windows "whenever two researchers are on the same space" (docs/rules/krimsutep.md, Rulings).
"""
from pyramid_envs.krimsutep import spec

from .positions import act, card, hand, legal, load, path, put, researcher, rot_for, start, view
from .test_rules import awake, carrying_jar, plain_route, two_player_with


def dead_end_under_the_mummy(syms):
    """Player 0 on a face-up dead end at a2 whose only exit (E) leads to the mummy on b2;
    only a secret passage could take him on (west, off the pyramid, into the camp)."""
    d = awake(start(), "b2")
    put(d, "a2", card("dead-end", None, "light"), True)
    d["pyramid"]["a2"]["rot"] = rot_for(d["pyramid"]["a2"]["card"], "E")
    researcher(d, 0, pos="a2")
    hand(d, 0, syms)
    return d


def test_a_god_symbol_is_not_offered_when_only_its_own_cards_passage_makes_the_move():
    st = load(dead_end_under_the_mummy(["Bastet+Sobek+secret-passage"]))
    assert view(st)["researchers"][0]["hand"] == [16]
    lg = legal(st)
    assert "play 1 Bastet" not in lg and "play 1 Sobek" not in lg
    assert {"end", "play 1 secret-passage"} <= lg
    # with a second card's secret passage the move is possible
    st = load(dead_end_under_the_mummy(["Bastet+Sobek+secret-passage", "secret-passage"]))
    assert {"play 1 Bastet", "play 1 Sobek"} <= legal(st)
    act(st, "play 1 Bastet")
    act(st, "play 1 secret-passage")
    act(st, "step W")
    assert view(st)["researchers"][0]["pos"] == "camp"


def ramp_between(god):
    """a1 (face-up cross) - b1 the face-up Osiris ramp (E-W) - c1 a face-up Sobek cross."""
    d = start()
    plain_route(d, ["a1"], "anubis")
    ramp = card("ramp", None, "light")
    assert spec.GODS[spec.CARD_GOD[ramp]] == "Osiris"
    put(d, "b1", ramp, True, rot_for(ramp, "EW"))
    path(d, "c1", "cross", "sobek")
    researcher(d, 0, pos="a1")
    hand(d, 0, [god])
    return d


def test_a_ramp_of_another_god_is_entered_and_the_slip_ends_on_the_chosen_god():
    st = load(ramp_between("Sobek"))
    act(st, "play 1 Sobek")
    assert "step E" in legal(st)
    act(st, "step E")
    v = view(st)
    assert v["researchers"][0]["pos"] == "c1" and v["phase"] == "move"
    assert v["turn_state"]["move_points"] == 4 and "stop" in legal(st)


def test_a_lone_face_up_kings_pyramid_is_entered_with_any_god_and_leads_to_the_camp():
    d = start()
    plain_route(d, ["a1"], "anubis")
    kp = card("kings-pyramid", None, "light")
    assert spec.GODS[spec.CARD_GOD[kp]] != "Horus"
    put(d, "b1", kp, True)
    researcher(d, 0, pos="a1")
    hand(d, 0, ["Horus"])
    st = load(d)
    act(st, "play 1 Horus")
    assert "step E" in legal(st)
    act(st, "step E")
    v = view(st)
    assert v["researchers"][0]["pos"] == "camp" and v["phase"] == "draw"


def carrier_walks_through(p1_hand, p1_ankhs=0, mummy="e6"):
    """Player 0 carries the Horus jar from a1 over b1, where player 1 stands, to c1."""
    d = awake(two_player_with(), mummy)
    carrying_jar(d)
    plain_route(d, ["a1", "b1"], "anubis")
    path(d, "c1", "any", "horus")
    researcher(d, 0, pos="a1")
    researcher(d, 1, pos="b1", ankhs=p1_ankhs)
    hand(d, 0, ["Horus"])
    hand(d, 1, p1_hand)
    st = load(d)
    act(st, "play 1 Horus")
    act(st, "step E")
    return st


def test_a_carrier_walking_through_another_researchers_space_can_be_shot_there():
    st = carrier_walks_through(["revolver"])
    v = view(st)
    assert v["phase"] == "react" and v["current_player"] == 1 and v["turn"] == 0
    assert legal(st) == {"pass", "play 1 revolver"}
    act(st, "play 1 revolver")
    act(st, "shoot 0")
    assert view(st)["phase"] == "gun-jam" and view(st)["current_player"] == 0
    act(st, "pass")
    v = view(st)
    assert v["researchers"][1]["carry_jar"] == spec.JAR0 + spec.GODS.index("Horus")
    assert v["researchers"][0]["carry_jar"] is None
    # back to the move, which goes on
    assert v["phase"] == "move" and v["current_player"] == 0 and v["turn_state"]["move_points"] == 4
    act(st, "step E")
    assert view(st)["researchers"][0]["pos"] == "c1"


def test_the_window_opens_whether_or_not_a_revolver_is_held():
    st = carrier_walks_through(["ankh"])
    v = view(st)
    assert v["phase"] == "react" and v["current_player"] == 1 and legal(st) == {"pass"}
    act(st, "pass")
    v = view(st)
    assert v["phase"] == "move" and v["current_player"] == 0 and v["researchers"][0]["pos"] == "b1"


def test_three_ankhs_move_the_mummy_during_another_players_move():
    st = carrier_walks_through(["ankh"], p1_ankhs=3, mummy="c2")
    v = view(st)
    assert v["phase"] == "react" and v["current_player"] == 1
    assert "mummy S" in legal(st)  # onto c1, the space ahead of the mover
    act(st, "mummy S")
    v = view(st)
    assert v["mummy"] == "c1" and v["researchers"][1]["ankhs"] == 0
    assert v["phase"] == "move" and v["current_player"] == 0 and "step E" not in legal(st)


def test_a_mover_attacked_by_the_mummy_out_of_turn_loses_the_rest_of_his_turn():
    d = awake(two_player_with(), "b2")
    plain_route(d, ["a1", "b1"], "anubis")
    researcher(d, 0, pos="a1")
    researcher(d, 1, pos="camp", ankhs=3)
    hand(d, 0, ["Anubis", "ankh"])
    st = load(d)
    act(st, "play 1 Anubis")
    act(st, "step E")
    assert view(st)["phase"] == "react" and view(st)["current_player"] == 1
    act(st, "mummy S")  # onto b1: player 0 is asked about a torch first
    assert view(st)["phase"] == "torch" and view(st)["current_player"] == 0
    act(st, "pass")
    v = view(st)
    assert v["researchers"][0]["attacked"] and v["phase"] == "displace" and v["current_player"] == 1
    act(st, "select " + sorted(a.split()[1] for a in legal(st))[0])
    v = view(st)
    assert v["turn"] == 0 and v["current_player"] == 0 and v["phase"] == "discard"



def test_a_declared_path_goes_over_a_face_up_ramp_its_slip_being_the_next_step():
    d = start()
    plain_route(d, ["a1"], "anubis")
    path(d, "b1", "cross", "anubis", up=False)
    ramp = card("ramp", None, "light")  # Osiris
    put(d, "c1", ramp, True, rot_for(ramp, "EW"))
    path(d, "d1", "cross", "sobek")
    researcher(d, 0, pos="a1")
    hand(d, 0, ["Sobek"])
    st = load(d)
    act(st, "play 1 Sobek")
    act(st, "step-reveal E")  # b1 is to be turned up: the rest of the path is declared first
    assert "step E" in legal(st)
    act(st, "step E")  # onto the ramp: the only way on is its slip
    assert legal(st) == {"step E"}
    act(st, "step E")
    assert "stop" in legal(st) and view(st)["turn_state"]["path"] == ["reveal E", "E", "E"]
    act(st, "stop")  # b1 turns up a cross: the path is walked
    act(st, "step E")  # onto the ramp, which slips him on to d1
    v = view(st)
    assert v["researchers"][0]["pos"] == "d1" and v["turn_state"]["move_points"] == 3
    assert "stop" in legal(st) and not any(a.startswith("step") for a in legal(st))  # path walked
