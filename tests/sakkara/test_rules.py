"""Sakkara rule tests: each builds a position through from_dict, plays actions and checks
what the rulebook says. Spaces: columns a..g left to right, rows 1..7 top to bottom;
"up" is towards row 1. The filler tiles sit on row 7 and g6 (see positions.py).
"""
import numpy as np
import pytest

from pyramid_envs.sakkara import GAME, spec

from .positions import B, W, act, legal, load, position, rack, stack, view


def moves(states):
    return {a for a in legal(states) if a.startswith("move ")}


def builds(states):
    return {a.split()[1] for a in legal(states) if a.startswith("build ")}


def places(states):
    return {a for a in legal(states) if a.startswith("place ")}


# =============================================================================
# Setup
# =============================================================================
def test_reset_deals_all_75_tiles_face_up_at_most_two_high_with_two_ships_on_top():
    n = 300
    st = GAME.new_states(n)
    GAME.reset(st, list(range(n)))
    h = st["height"]
    assert ((h >= 1) & (h <= 2)).all(), "every space one tile, some a second, none higher"
    assert (h.sum(axis=1) == 75).all() and ((h == 2).sum(axis=1) == 26).all()
    tops = st["stack"][np.arange(n)[:, None], np.arange(49)[None], h - 1]
    assert ((tops == spec.SHIP).sum(axis=1) >= 2).all(), "at least two ships visible"
    for b in range(n):
        counts = np.bincount(st["stack"][b][st["stack"][b] >= 0], minlength=16)
        assert np.array_equal(counts, spec.MOTIF_COUNT)
    assert (st["phase"] == spec.PH_SETUP).all() and (st["current_player"] == B).all()
    assert (st["wpos"] == -1).all() and (st["rack"] == 0).all()
    assert len({st[b]["stack"].tobytes() for b in range(n)}) == n, "the deals differ"


def test_worker_placement_start_other_start_other_each_taking_the_top_tile():
    st = GAME.new_states(1)
    GAME.reset(st, [5])
    order = [("d4", B), ("a1", W), ("g7", B), ("b2", W)]
    for cell, p in order:
        assert view(st)["current_player"] == p and view(st)["phase"] == "setup"
        top = stack(st, cell)[-1]
        before = rack(st, p).get(top, 0)
        assert f"worker {cell}" in legal(st)
        act(st, f"worker {cell}")
        assert rack(st, p).get(top, 0) == before + 1
        assert f"worker {cell}" not in legal(st), "a space already taken by a worker"
    d = view(st)
    assert d["workers"] == [["d4", "g7"], ["a1", "b2"]]
    assert [sum(r.values()) for r in d["racks"]] == [2, 2]
    assert d["phase"] == "before-move" and d["current_player"] == B and d["turn"] == 1


# =============================================================================
# Moving a worker
# =============================================================================
def _move_board():
    # Black worker 1 on c3 (1 tile); up c2: 3 tiles (2 higher); right d3: 4 tiles (3 higher);
    # down c4: empty (drop); left b3: White's worker.
    return dict(board={"c3": ["grain"], "c2": ["moon", "moon", "sun"],
                       "d3": ["corner", "corner", "corner", "cross"], "b3": ["plait"]},
                workers=[["c3", "a1"], ["b3", "g1"]])


def test_move_one_space_orthogonally_climbing_at_most_two_and_never_onto_a_worker():
    st = load(**_move_board())
    mv = {a for a in moves(st) if a.startswith("move 1 ")}
    assert mv == {"move 1 up", "move 1 down"}
    assert "end" not in legal(st), "the move is compulsory"
    act(st, "move 1 up")
    d = view(st)
    assert d["workers"][B][0] == "c2" and d["board"]["c2"] == ["moon", "moon"]
    assert d["racks"][B] == {"sun": 1} and d["phase"] == "after-move"
    assert not moves(st), "one move per turn"
    assert "end" in legal(st)


def test_dropping_any_distance_and_an_empty_space_gives_no_tile():
    st = load(board={"c3": ["moon"] * 4 + ["sun"] * 3}, workers=[["c3", "a1"], ["e1", "g1"]])
    assert {"move 1 up", "move 1 down", "move 1 left", "move 1 right"} <= moves(st)
    act(st, "move 1 down")
    assert view(st)["workers"][B][0] == "c4" and view(st)["racks"][B] == {}


def test_staircase_lets_a_worker_climb_any_height_and_is_returned():
    kw = _move_board()
    kw["racks"] = [{"staircase": 1, "moon": 1}, {}]
    kw["board"]["c2"] = ["sun", "sun"]
    st = load(**kw)
    mv = {a for a in moves(st) if a.startswith("move 1 ")}
    assert mv == {"move 1 up", "move 1 down", "move 1 right staircase"}, "staircase only where needed"
    act(st, "move 1 right staircase")
    d = view(st)
    assert d["workers"][B][0] == "d3" and d["racks"][B] == {"moon": 1, "cross": 1}
    assert d["pending"] == ["staircase"]


def test_a_player_who_cannot_move_may_only_pass_the_move():
    board = {"a2": ["cross"] * 5, "b1": ["plait"] * 5, "c2": ["corner"] * 5}
    st = load(board=board, workers=[["a1", "c1"], ["d1", "e5"]])
    assert legal(st) == {"end"}
    act(st, "end")
    assert view(st)["current_player"] == W and view(st)["phase"] == "before-move"


def test_tiles_used_before_and_after_the_move_including_tiles_just_taken():
    st = load(board={"a2": ["snake"], "d4": ["moon"]},
              racks=[{"snake": 1, "bird": 1}, {"sun": 2, "cross": 1}],
              workers=[["a1", "c1"], ["e1", "g1"]])
    act(st, "snake sun", "bird 2 d4")          # two tiles before the move
    act(st, "move 1 down")                      # lands on a snake
    assert "snake sun" in legal(st)             # the snake just taken may be used
    act(st, "snake cross")
    d = view(st)
    assert d["racks"][B] == {"sun": 1, "cross": 1, "moon": 1}
    assert d["racks"][W] == {"sun": 1}
    assert d["pending"] == ["snake", "bird", "snake"], "returned in the order of use"


# =============================================================================
# Rack limit
# =============================================================================
def test_more_than_ten_tiles_at_the_end_of_the_turn_the_player_chooses_the_discards():
    st = load(board={"a2": ["sun"]},
              racks=[{"moon": 3, "cross": 3, "corner": 3, "snake": 1, "plait": 1}, {"circle": 1}],
              workers=[["a1", "c1"], ["e1", "g1"]])
    act(st, "snake circle")                # 11 - snake + circle = 11 tiles
    act(st, "move 1 down", "end")          # + sun = 12 tiles
    assert view(st)["phase"] == "discard" and view(st)["current_player"] == B
    assert legal(st) == {f"discard {m}" for m in ("moon", "cross", "corner", "circle", "plait", "sun")}
    act(st, "discard corner")
    assert view(st)["phase"] == "discard"
    act(st, "discard moon")
    d = view(st)
    assert sum(d["racks"][B].values()) == 10
    assert d["phase"] == "place-stack" and d["current_player"] == W
    assert d["pending"] == ["snake", "corner", "moon"], "used tiles first, then the discards"


def test_a_destroyed_ship_goes_on_top_of_the_discards():
    st = load(board={"a2": ["sun"]},
              racks=[{"moon": 4, "double-line": 1, "circle": 1, "cross": 5}, {}],
              pyramids=[{}, {"ship": 1}])
    act(st, "shipwreck moon,circle,double-line", "move 1 down", "end")   # 8 + sun: no discard
    assert view(st)["pending"] == ["moon", "circle", "double-line", "ship"]
    st = load(board={"a2": ["sun"]},
              racks=[{"moon": 4, "double-line": 1, "circle": 1, "cross": 5, "plait": 2}, {}],
              pyramids=[{}, {"ship": 1}])
    act(st, "shipwreck moon,circle,double-line", "move 1 down", "end", "discard plait")
    assert view(st)["pending"] == ["moon", "circle", "double-line", "plait", "ship"]


def test_ten_tiles_are_kept_without_discarding():
    st = load(board={"a2": ["sun"]}, racks=[{"moon": 3, "cross": 3, "corner": 3}, {}])
    act(st, "move 1 down", "end")
    assert view(st)["phase"] == "before-move" and view(st)["current_player"] == W


# =============================================================================
# Building the pyramid
# =============================================================================
def test_ship_and_grain_first_then_the_blue_step_even_in_the_same_turn():
    st = load(racks=[{"corner": 1, "hand": 1, "cross": 1, "ship": 1, "grain": 2, "staircase": 1}, {}])
    assert builds(st) == {"ship", "grain"}
    act(st, "build ship")
    assert builds(st) == {"grain"}
    act(st, "build grain")
    assert builds(st) == {"corner", "cross", "staircase"}, "one grain for the first step only"
    act(st, "build corner")
    d = view(st)
    assert d["pyramids"][B] == {"ship": 1, "grain": 1, "corner": 1}
    assert d["racks"][B] == {"cross": 1, "grain": 1, "staircase": 1}
    assert d["pending"] == ["hand"], "the helping hand is a used special tile"


def test_each_corner_stone_needs_a_helping_hand():
    st = load(racks=[{"corner": 2}, {}], pyramids=[{"ship": 1, "grain": 1}, {}])
    assert "corner" not in builds(st)


def _blue_but_plait():
    return {"ship": 1, "grain": 1, "corner": 4, "staircase": 2, "cross": 1, "circle": 1}


def test_a_new_step_and_its_grain_only_from_the_turn_after_the_step_was_completed():
    st = load(racks=[{"plait": 1, "grain": 1, "double-line": 1, "cross": 1}, {}],
              pyramids=[_blue_but_plait(), {}])
    act(st, "build plait")
    d = view(st)
    assert d["turn_state"]["completed"] and builds(st) == set()
    act(st, "move 1 down", "end")
    act(st, "move 1 down", "end")            # White's turn
    assert view(st)["current_player"] == B
    assert builds(st) == {"grain"}, "the red step first needs a second grain"
    act(st, "build grain")
    assert builds(st) == {"double-line", "cross"}


def test_grain_for_the_next_step_cannot_lie_before_the_step_is_done():
    with pytest.raises(ValueError, match="grains before step"):
        load(pyramids=[dict(_blue_but_plait(), grain=2), {}])


def test_the_apex_needs_a_third_grain_and_two_helping_hands_and_wins():
    red_done = {"ship": 1, "grain": 2, "corner": 4, "staircase": 2, "cross": 2, "circle": 1,
                "plait": 1, "double-line": 1, "moon": 1, "sun": 1}
    st = load(racks=[{"apex": 1, "hand": 1, "grain": 1}, {}], pyramids=[red_done, {}])
    assert builds(st) == {"grain"}
    act(st, "build grain")
    assert builds(st) == set(), "one helping hand is not enough"
    st = load(racks=[{"apex": 1, "hand": 2}, {}], pyramids=[dict(red_done, grain=3), {}])
    assert builds(st) == {"apex"}
    r = act(st, "build apex")
    d = view(st)
    assert d["terminated"] and d["phase"] == "over" and d["scores"] == [1, 0]
    assert r[0].tolist() == [1.0, -1.0]
    assert GAME.legal_mask(st).sum() == 0


def test_white_can_win_too():
    red_done = {"ship": 1, "grain": 3, "corner": 4, "staircase": 2, "cross": 2, "circle": 1,
                "plait": 1, "double-line": 1, "moon": 1, "sun": 1}
    st = load(racks=[{}, {"apex": 1, "hand": 2}], pyramids=[{}, red_done], current_player=W)
    r = act(st, "build apex")
    assert view(st)["scores"] == [0, 1] and r[0].tolist() == [-1.0, 1.0]


def test_no_building_while_a_destroyed_ship_is_not_replaced():
    st = load(racks=[{"corner": 1, "hand": 1, "cross": 1, "ship": 1}, {}],
              pyramids=[{"grain": 1, "corner": 2}, {}])
    assert builds(st) == {"ship"}
    act(st, "build ship")
    assert builds(st) == {"corner", "cross"}


def test_no_building_while_a_destroyed_grain_is_not_replaced():
    blue = {"ship": 1, "grain": 1, "corner": 4, "staircase": 2, "cross": 1, "circle": 1, "plait": 1}
    st = load(racks=[{"double-line": 1, "grain": 2}, {}], pyramids=[blue, {}])  # one of two grains lost
    assert builds(st) == {"grain"}
    act(st, "build grain")
    assert builds(st) == {"double-line"}
    act(st, "build double-line")
    assert builds(st) == set()


def test_a_grain_lost_before_the_first_step_is_replaced_the_same_way():
    st = load(racks=[{"cross": 1, "grain": 1}, {}], pyramids=[{"ship": 1, "corner": 1}, {}])
    assert builds(st) == {"grain"}
    act(st, "build grain")
    assert "cross" in builds(st)


# =============================================================================
# The special tiles
# =============================================================================
def test_snake_takes_a_tile_of_choice_from_the_opponents_rack():
    st = load(racks=[{"snake": 1}, {"moon": 2, "sun": 1}])
    assert {a for a in legal(st) if a.startswith("snake")} == {"snake moon", "snake sun"}
    act(st, "snake sun")
    d = view(st)
    assert d["racks"] == [{"sun": 1}, {"moon": 2}] and d["pending"] == ["snake"]


def test_snake_needs_a_tile_on_the_opponents_rack():
    st = load(racks=[{"snake": 1}, {}])
    assert not {a for a in legal(st) if a.startswith("snake")}


def _horse_board(**over):
    board = {"c4": ["moon"], "d4": ["sun"], "e4": ["cross"]}
    board.update(over)
    return board


def test_horse_carries_the_moved_worker_one_or_two_spaces_further_taking_each_top_tile():
    st = load(board=_horse_board(), racks=[{"horse": 2}, {}], workers=[["b4", "a1"], ["e1", "g1"]])
    assert not {a for a in legal(st) if a.startswith("horse")}, "only after the move"
    act(st, "move 1 right")
    assert {a for a in legal(st) if a.startswith("horse")} == {"horse 1", "horse 2"}
    act(st, "horse 2")
    d = view(st)
    assert d["workers"][B][0] == "e4" and d["racks"][B] == {"moon": 1, "sun": 1, "cross": 1, "horse": 1}
    assert d["pending"] == ["horse"]
    assert not {a for a in legal(st) if a.startswith("horse")}, "up to three tiles while moving"


def test_horse_steps_climb_with_a_staircase_one_per_steep_step():
    # "A staircase can also be used to enable a worker to climb any height when he is moving
    # to a neighbouring space": each horse step moves the worker to the neighbouring space
    board = _horse_board(d4=["sun"] * 4, e4=["cross"] * 5 + ["plait"])  # climbs 4, then 6 - 3
    kw = dict(board=board, workers=[["b4", "a1"], ["e1", "g1"]])
    st = load(racks=[{"horse": 1, "staircase": 1}, {}], **kw)
    act(st, "move 1 right")
    assert {a for a in legal(st) if a.startswith("horse")} == {"horse 1"}
    st = load(racks=[{"horse": 1, "staircase": 2}, {}], **kw)
    act(st, "move 1 right", "horse 2")
    d = view(st)
    assert d["workers"][B][0] == "e4" and d["pending"] == ["horse", "staircase", "staircase"]
    assert d["racks"][B] == {"moon": 1, "sun": 1, "plait": 1}
    st = load(board=_horse_board(), racks=[{"horse": 1, "staircase": 1}, {}], workers=kw["workers"])
    act(st, "move 1 right", "horse 2")
    assert view(st)["pending"] == ["horse"], "no staircase is spent on a step that does not need it"
    # "Tiles can be used in the same turn in which they are obtained": one taken on d4
    board = _horse_board(d4=["sun", "staircase"], e4=["cross"] * 4)  # climbs 1, then 4 - 1
    st = load(board=board, racks=[{"horse": 1}, {}], workers=kw["workers"])
    act(st, "move 1 right", "horse 2")
    assert view(st)["pending"] == ["horse", "staircase"] and view(st)["workers"][B][0] == "e4"


def test_horse_stops_at_workers_and_too_high_stacks():
    st = load(board=_horse_board(), racks=[{"horse": 1}, {}], workers=[["b4", "a1"], ["e4", "g1"]])
    act(st, "move 1 right")
    assert {a for a in legal(st) if a.startswith("horse")} == {"horse 1"}
    st = load(board=_horse_board(d4=["sun"] * 4), racks=[{"horse": 1}, {}],
              workers=[["b4", "a1"], ["e1", "g1"]])
    act(st, "move 1 right")
    assert not {a for a in legal(st) if a.startswith("horse")}
    st = load(board=_horse_board(), racks=[{"horse": 1}, {}], workers=[["b4", "a1"], ["e1", "g1"]])
    act(st, "move 2 right")  # the other worker moved: the horse carries that one
    act(st, "horse 1")
    assert view(st)["workers"][B] == ["b4", "c1"]


def test_bird_puts_either_own_worker_on_any_free_space_before_or_after_the_move():
    st = load(board={"f2": ["moon", "sun"], "c3": ["circle"]}, racks=[{"bird": 2}, {}],
              workers=[["a1", "c1"], ["e1", "g1"]])
    birds = {a for a in legal(st) if a.startswith("bird")}
    assert len(birds) == 2 * (49 - 4)
    assert "bird 1 e1" not in birds and "bird 2 a1" not in birds
    act(st, "bird 2 f2")
    assert view(st)["workers"][B] == ["a1", "f2"] and view(st)["racks"][B] == {"bird": 1, "sun": 1}
    assert view(st)["phase"] == "before-move", "the move is still to come"
    act(st, "move 1 down", "bird 1 c3")
    d = view(st)
    assert d["workers"][B] == ["c3", "f2"] and d["racks"][B] == {"sun": 1, "circle": 1}
    assert d["pending"] == ["bird", "bird"]


def test_ox_pushes_tiles_from_the_stack_in_front_onto_the_next_space_never_upwards():
    st = load(board={"d4": ["moon", "sun", "cross", "plait", "circle"], "e4": ["apex"]},
              racks=[{"ox": 1}, {}], workers=[["c4", "a1"], ["e1", "g1"]])
    ox = {a for a in legal(st) if a.startswith("ox 1 right")}
    assert ox == {f"ox 1 right {k}" for k in (1, 2, 3, 4)}, "5 - 1 = 4 tiles at most"
    act(st, "ox 1 right 3")
    d = view(st)
    assert d["board"]["d4"] == ["moon", "sun"]
    assert d["board"]["e4"] == ["apex", "cross", "plait", "circle"], "the pushed tiles keep their order"
    assert d["pending"] == ["ox"]


def test_ox_cannot_push_up_onto_a_worker_or_off_the_board():
    st = load(board={"d4": ["moon", "sun"], "e4": ["apex", "apex"], "c3": ["cross", "cross"],
                     "c2": ["plait"], "b4": ["circle", "circle"]},
              racks=[{"ox": 1}, {}], workers=[["c4", "a4"], ["c5", "c1"]])
    # right: level with the next stack; up: next space (c2) is lower but ...
    ox = {a for a in legal(st) if a.startswith("ox")}
    assert ox == {"ox 1 up 1"}, ox  # c3 (2) onto c2 (1): one tile; left: a4 holds a worker


# =============================================================================
# The magic spells
# =============================================================================
def test_firestorm_takes_the_top_tile_of_every_space_in_the_row_except_under_workers():
    board = {"a4": ["moon", "sun"], "b4": ["cross"], "c4": ["plait"], "e4": ["circle"],
             "g4": ["double-line"], "d1": ["hand"], "d2": ["horse"]}
    st = load(board=board, racks=[{"apex": 1, "cross": 1, "plait": 1}, {}],
              workers=[["d4", "a1"], ["f4", "g1"]])
    spells = {a for a in legal(st) if a.startswith("firestorm")}
    assert len(spells) == 2 * 2 * 6, "worker x row/column x order of the three tiles"
    act(st, "firestorm 1 row apex,cross,plait")
    d = view(st)
    assert d["racks"][B] == {"sun": 1, "cross": 1, "plait": 1, "circle": 1, "double-line": 1}
    assert d["board"]["a4"] == ["moon"] and d["pending"] == ["apex", "cross", "plait"]


def test_firestorm_in_the_column():
    board = {"d1": ["hand"], "d2": ["horse"], "d5": ["moon"]}
    st = load(board=board, racks=[{"apex": 1, "cross": 1, "plait": 1}, {}],
              workers=[["d4", "a1"], ["f4", "g1"]], fill=("a7", "b7", "c7", "e7", "f7", "g7", "g6", "a6"))
    act(st, "firestorm 1 column plait,apex,cross")
    assert view(st)["racks"][B] == {"hand": 1, "horse": 1, "moon": 1}
    assert view(st)["pending"] == ["plait", "apex", "cross"], "the caster chooses the order"


def test_firestorm_gets_up_to_six_tiles():
    board = {c + "3": ["moon" if i % 2 else "sun"] for i, c in enumerate("abcefg")}
    st = load(board=board, racks=[{"apex": 1, "cross": 1, "plait": 1}, {}],
              workers=[["d3", "a1"], ["e1", "g1"]])
    act(st, "firestorm 1 row apex,cross,plait")
    assert sum(view(st)["racks"][B].values()) == 6


def test_whirlwind_takes_the_top_tile_of_the_eight_spaces_around_except_under_workers():
    around = ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]
    board = {c: ["moon", "hand"] for c in around[:4]}
    board.update({c: ["cross"] for c in around[4:]})
    board["b4"] = ["plait"]
    st = load(board=board, racks=[{"sun": 1, "cross": 1, "circle": 1}, {}],
              workers=[["d4", "a1"], ["e5", "g1"]])
    act(st, "whirlwind 1 circle,cross,sun")
    d = view(st)
    assert d["racks"][B] == {"hand": 4, "cross": 3}, "7 tiles: e5 holds a worker"
    assert d["board"]["c3"] == ["moon"] and d["board"]["e5"] == ["cross"]
    assert d["pending"] == ["circle", "cross", "sun"]


def test_drought_removes_a_grain_and_returns_it_on_top():
    st = load(racks=[{"sun": 1, "plait": 1, "moon": 1}, {}], pyramids=[{}, {"ship": 1, "grain": 1}])
    act(st, "drought moon,sun,plait")
    d = view(st)
    assert d["pyramids"][W] == {"ship": 1} and d["destroyed"] == {"ship": 0, "grain": 1}
    act(st, "move 1 down", "end")
    assert view(st)["pending"] == ["moon", "sun", "plait", "grain"]


def test_drought_and_shipwreck_the_ship_goes_on_top_and_the_grain_second():
    st = load(racks=[{"sun": 1, "plait": 1, "moon": 2, "double-line": 1, "circle": 1}, {}],
              pyramids=[{}, {"ship": 1, "grain": 1}])
    act(st, "drought sun,plait,moon", "move 1 down")
    assert not {a for a in legal(st) if a.startswith("drought")}, "no grain left to remove"
    act(st, "shipwreck double-line,circle,moon", "end")
    assert view(st)["pending"] == ["sun", "plait", "moon", "double-line", "circle", "moon", "grain", "ship"]
    assert view(st)["pyramids"][W] == {}


def test_spells_need_their_three_tiles_and_a_target():
    st = load(racks=[{"sun": 1, "plait": 1, "moon": 1, "double-line": 1, "circle": 1}, {}])
    spells = {a.split()[0] for a in legal(st) if a.split()[0] in spec.SPELL_NAMES}
    assert spells == set(), "no grain and no ship in front of the opponent"
    st = load(racks=[{"sun": 1, "plait": 1, "double-line": 1, "circle": 1}, {}],
              pyramids=[{}, {"ship": 1, "grain": 1}])
    spells = {a.split()[0] for a in legal(st) if a.split()[0] in spec.SPELL_NAMES}
    assert spells == set(), "a moon is missing for both"


# =============================================================================
# Returning used tiles
# =============================================================================
def _pending_position(pending, **kw):
    kw.setdefault("workers", [["a1", "c1"], ["d4", "g1"]])
    return load(pending=pending, phase="place-stack", current_player=W, mover=B,
                turn_state={"moved": True, "moved_worker": 1, "moved_dir": "down"}, **kw)


def test_the_other_player_places_the_stack_on_an_empty_space_not_next_to_own_workers():
    st = _pending_position(["staircase", "moon"])
    assert view(st)["current_player"] == W
    cells = {a.split()[2] for a in places(st)}
    d = view(st)
    empty = {f"{c}{r}" for c in "abcdefg" for r in range(1, 8)} - set(d["board"])
    banned = {"d3", "d5", "c4", "e4", "f1", "g2", "a1", "c1", "d4", "g1"}
    assert cells == empty - banned
    assert {a.split()[1] for a in places(st)} == {"2"}, "two tiles: one stack"
    act(st, "place 2 b3")
    d = view(st)
    assert d["board"]["b3"] == ["staircase", "moon"] and d["pending"] == []
    assert d["current_player"] == W and d["phase"] == "before-move" and d["turn"] == 2


_NAMES = [f"{c}{r}" for r in range(1, 8) for c in "abcdefg"]
_BANNED = {"d3", "d5", "c4", "e4", "f1", "g2", "a1", "c1", "d4", "g1"}  # workers and White's neighbours


def _no_empty_space(pending):
    """`pending` to place with one tile on every space, the rest piled on a7, b7, c7 and d6."""
    motifs = [m for m in spec.MOTIF_NAMES for _ in range(spec.MOTIF_COUNT[spec.MOTIF_NAMES.index(m)])]
    for x in pending:
        motifs.remove(x)
    board = {c: [motifs.pop()] for c in _NAMES}
    return _pending_position(pending, board=board, fill=("a7", "b7", "c7", "d6"))


def _lowest_allowed(st):
    heights = {c: len(v) for c, v in view(st)["board"].items()}
    return {c for c in _NAMES if heights[c] == 1 and c not in _BANNED}


def test_with_no_empty_space_the_stack_goes_on_one_of_the_lowest():
    pending = ["moon", "moon", "sun"]
    st = _no_empty_space(pending)
    want = _lowest_allowed(st)
    assert {a.split()[2] for a in places(st)} == want
    act(st, f"place 3 {sorted(want)[0]}")
    assert view(st)["board"][sorted(want)[0]][1:] == pending


def test_no_stack_grows_past_nine_the_surplus_goes_on_another_lowest_space():
    # rule 3: "A stack cannot have more than 9 tiles in it. If there are more tiles to place,
    # the surplus are placed as another stack" - also on a space that already holds a tile
    pending = ["moon"] * 4 + ["sun"] * 4 + ["cross"]
    st = _no_empty_space(pending)
    target = sorted(_lowest_allowed(st))[0]
    assert {int(a.split()[1]) for a in places(st)} == {8, 3, 4, 5, 6}, "8 fill the space to 9"
    act(st, f"place 8 {target}")
    d = view(st)
    assert len(d["board"][target]) == 9 and d["board"][target][1:] == pending[:8]
    assert d["pending"] == ["cross"] and d["phase"] == "place-stack"
    assert {a.split()[2] for a in places(st)} == _lowest_allowed(st), "the surplus: rules 1 and 2 again"
    act(st, f"place 1 {sorted(_lowest_allowed(st))[0]}")
    assert max(len(v) for v in view(st)["board"].values()) == 9
    st = _no_empty_space(pending[:8] + ["plait", "plait"])  # ten: 8 and the surplus, or a split
    assert {int(a.split()[1]) for a in places(st)} == {8, 3, 4, 5, 6, 7}


@pytest.mark.parametrize("n, sizes", [(2, {2}), (5, {5}), (6, {6, 3}), (8, {8, 3, 4, 5}),
                                      (9, {9, 3, 4, 5, 6}), (10, {9, 3, 4, 5, 6, 7}),
                                      (11, {9, 3, 4, 5, 6, 7, 8}), (13, {3, 4, 5, 6, 7, 8, 9})])
def test_stacks_of_six_or_more_may_be_split_into_parts_of_three_or_more_and_nine_at_most(n, sizes):
    pending = (["moon"] * 4 + ["sun"] * 4 + ["cross"] * 5)[:n]
    st = _pending_position(pending)
    assert {int(a.split()[1]) for a in places(st)} == sizes


def test_a_split_stack_keeps_its_order_bottom_part_first_and_the_surplus_of_nine_goes_elsewhere():
    pending = ["staircase", "apex", "cross", "plait", "moon", "double-line", "circle", "ship", "sun", "hand"]
    st = _pending_position(pending)
    act(st, "place 9 b3")
    assert view(st)["phase"] == "place-stack" and view(st)["pending"] == ["hand"]
    assert "b3" not in {a.split()[2] for a in places(st)}, "b3 is no longer empty"
    act(st, "place 1 f4")
    d = view(st)
    assert d["board"]["b3"] == pending[:9] and d["board"]["f4"] == ["hand"]
    assert d["phase"] == "before-move" and d["current_player"] == W
    st = _pending_position(pending)
    act(st, "place 4 b3")
    assert {int(a.split()[1]) for a in places(st)} == {6, 3}
    act(st, "place 3 b5", "place 3 f5")
    d = view(st)
    assert [d["board"][c] for c in ("b3", "b5", "f5")] == [pending[:4], pending[4:7], pending[7:]]


# =============================================================================
# The rulebook's example of a turn
# =============================================================================
def test_rulebook_example_of_a_turn():
    """Staircase climb, Firestorm (apex, cross, plait) for six tiles, Shipwreck with two of
    them and a moon from the rack; the stack of eight is placed by the other player on an
    empty space not next to his workers."""
    board = {"c3": ["grain"], "d3": ["corner", "corner", "corner", "sun"],
             "a3": ["double-line"], "b3": ["circle"], "e3": ["hand"], "f3": ["horse"], "g3": ["moon"]}
    st = load(board=board, racks=[{"staircase": 1, "moon": 1, "apex": 1, "cross": 1, "plait": 1}, {}],
              pyramids=[{}, {"ship": 1, "grain": 1}], workers=[["c3", "a1"], ["e6", "b5"]])
    assert "move 1 right" not in legal(st)
    act(st, "move 1 right staircase")                 # three tiles higher: a staircase
    act(st, "firestorm 1 row apex,cross,plait")       # the row through d3
    d = view(st)
    taken = {"sun": 1, "double-line": 1, "circle": 1, "grain": 1, "hand": 1, "horse": 1, "moon": 2}
    assert d["racks"][B] == taken, "the top tile of d3 plus six from the firestorm"
    act(st, "shipwreck moon,double-line,circle", "end")
    d = view(st)
    assert d["pending"] == ["staircase", "apex", "cross", "plait", "moon", "double-line", "circle", "ship"]
    assert d["pyramids"][W] == {"grain": 1} and d["current_player"] == W
    cells = {a.split()[2] for a in places(st) if a.startswith("place 8 ")}
    for c in ("e5", "d6", "f6", "e7", "b4", "a5", "c5", "b6"):
        assert c not in cells, f"{c} is next to one of White's workers"
    assert "c3" in cells and "a3" in cells
    act(st, "place 8 c3")
    d = view(st)
    assert d["board"]["c3"] == ["staircase", "apex", "cross", "plait", "moon", "double-line", "circle", "ship"]
    assert d["phase"] == "before-move" and d["current_player"] == W


# =============================================================================
# Misc
# =============================================================================
def test_the_turn_limit_option_ends_a_game_as_a_draw():
    st = load(turn_limit=60, turn=60)
    r = act(st, "move 1 down", "end")
    d = view(st)
    assert d["terminated"] and d["scores"] == [0, 0] and r[0].tolist() == [0.0, 0.0]
    st = load(turn=59, turn_limit=60)
    act(st, "move 1 down", "end")
    assert not view(st)["terminated"]


def test_the_other_player_places_the_stack_as_their_own_agent_in_the_aec_env():
    from pyramid_envs import sakkara_v1

    env = sakkara_v1.env()
    env.reset(seed=0)
    d = position(racks=[{"snake": 1}, {"moon": 1}])
    env.unwrapped.load_state_dict({"game": d, "agents": ["player_0", "player_1"],
                                   "rewards": {"player_0": 0.0, "player_1": 0.0},
                                   "cumulative_rewards": {"player_0": 0.0, "player_1": 0.0},
                                   "terminations": {"player_0": False, "player_1": False},
                                   "truncations": {"player_0": False, "player_1": False},
                                   "agent_selection": "player_0"})
    st = env.unwrapped.state_array
    for text in ("snake moon", "move 1 down", "end"):
        assert env.agent_selection == "player_0"
        env.step(GAME.str_to_action(env.unwrapped.state_array, text))
    assert env.agent_selection == "player_1", "placing the stack is White's decision"
    assert env.observe("player_0")["action_mask"].sum() == 0
    mask = env.observe("player_1")["action_mask"]
    assert {GAME.action_to_str(st, a).split()[0] for a in np.flatnonzero(mask)} == {"place"}
    env.step(GAME.str_to_action(st, "place 1 d4"))
    assert env.agent_selection == "player_1" and view(env.unwrapped.state_array)["phase"] == "before-move"


def test_rewards_and_positions_through_the_aec_env():
    from pyramid_envs import sakkara_v1

    env = sakkara_v1.env()
    env.reset(seed=1)
    red_done = {"ship": 1, "grain": 3, "corner": 4, "staircase": 2, "cross": 2, "circle": 1,
                "plait": 1, "double-line": 1, "moon": 1, "sun": 1}
    d = position(racks=[{"apex": 1, "hand": 2}, {}], pyramids=[red_done, {}])
    env.unwrapped.load_state_dict({"game": d, "agents": ["player_0", "player_1"],
                                   "rewards": {"player_0": 0.0, "player_1": 0.0},
                                   "cumulative_rewards": {"player_0": 0.0, "player_1": 0.0},
                                   "terminations": {"player_0": False, "player_1": False},
                                   "truncations": {"player_0": False, "player_1": False},
                                   "agent_selection": "player_0"})
    env.step(GAME.str_to_action(env.unwrapped.state_array, "build apex"))
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert all(env.terminations.values())
