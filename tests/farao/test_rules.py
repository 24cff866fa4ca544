"""Every rule of the Farao rulebook as a position built through from_dict.

Small pyramid fields: the outside wall ring is row 1, row 9, column a and column i;
the entrances are a1 (NW), i1 (NE), a9 (SW), i9 (SE); the chamber is e5. The big
pyramid's ring runs a1..k11 with the chamber on f6.
"""
import numpy as np
import pytest

from pyramid_envs.farao import GAME, spec
from pyramid_envs.farao.codec import cell_of

from .positions import NONE3, act, fig, item, legal, load, moving, position


# --- setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("pyramid, n", [("small", 2), ("small", 6), ("big", 2), ("big", 6)])
def test_setup_of_both_pyramids(pyramid, n):
    st = GAME.new_states(1)
    GAME.reset(st, [7], {"num_players": n, "pyramid": pyramid})
    s = st[0]
    pyr = spec.PYRAMID_NAMES.index(pyramid)
    tiles = spec.CELL_KIND[pyr] == spec.C_TILE
    assert tiles.sum() == spec.TILES_IN_GAME[pyr]                        # 48 or 80 tiles
    assert sorted(s["tile"][tiles]) == list(range(spec.TILES_IN_GAME[pyr]))
    assert not s["up"].any()                                             # all face down
    assert spec.CELL_KIND[pyr, cell_of("e5" if pyr == 0 else "f6")] == spec.C_CHAMBER
    assert not s["chamber_open"]
    ring = np.isin(spec.CELL_KIND[pyr], (spec.C_RING, spec.C_CORNER)).sum()
    assert ring == (32 if pyr == 0 else 40)                              # walkable outer wall
    assert (s["fig"][:n] == -1).all()                                    # 3 figures waiting each
    # 5 tokens per item: one lies in the coffer from the start, four in the supply
    assert list(s["supply"][: spec.ITEMS_IN_GAME[pyr]]) == [4] * spec.ITEMS_IN_GAME[pyr]
    assert list(s["coffer"][: spec.ITEMS_IN_GAME[pyr]]) == [1] * spec.ITEMS_IN_GAME[pyr]
    assert s["supply"][spec.ITEMS_IN_GAME[pyr]:].sum() == 0              # blue items: big only
    assert s["coffer"][spec.ITEMS_IN_GAME[pyr]:].sum() == 0
    assert list(s["insc_supply"][: spec.COLOURS_IN_GAME[pyr]]) == [6] * spec.COLOURS_IN_GAME[pyr]
    assert s["current_player"] == 0 and s["phase"] == spec.PH_FIGURE and 1 <= s["die"] <= 6
    assert legal(st) == {"enter NW", "enter NE", "enter SW", "enter SE"}


def test_options_are_checked():
    with pytest.raises(ValueError, match="big"):
        GAME.resolve_options({"inscriptions_to_open": 7})
    assert GAME.resolve_options({"inscriptions_to_open": 7, "pyramid": "big"})["inscriptions_to_open"] == 7
    with pytest.raises(ValueError, match="choose one of"):
        GAME.resolve_options({"num_players": 7})


def test_the_die_is_a_chance_event_from_the_state_rng():
    dice = set()
    for seed in range(60):
        st = GAME.new_states(1)
        GAME.reset(st, [seed])
        dice.add(int(st[0]["die"]))
    assert dice == {1, 2, 3, 4, 5, 6}


# --- a move -------------------------------------------------------------------------------
def test_an_entrance_is_the_first_field_of_the_move():
    st = load({}, die=1)
    act(st, "enter SE")
    assert fig(st, 0, 0) == "i9" and st[0]["current_player"] == 1  # one field: the move is over
    st = load({}, die=3)
    act(st, "enter NW")
    assert fig(st, 0, 0) == "a1" and st[0]["steps_left"] == 2
    assert legal(st) == {"step E", "step S"}  # along the outer wall, both ways


def test_exactly_the_rolled_number_of_fields_and_never_straight_back():
    st = load({"b2": ("plain", "EW")}, die=3)
    act(st, "enter NW", "step E")
    assert fig(st, 0, 0) == "b1"
    # W would be straight back to a1; S is b2 whose north side is a wall
    assert legal(st) == {"step E"}
    act(st, "step E")
    assert fig(st, 0, 0) == "c1" and st[0]["current_player"] == 1  # three fields, done


def test_walls_block_and_no_diagonal_steps():
    st = moving({"b2": ("plain", "EW"), "c2": ("plain", "NS")}, at="b1")
    assert legal(st) == {"step E", "step W"}
    st = moving({"b2": ("plain", "NS")}, at="b1")
    assert "step S" in legal(st)
    # the only moves are the four orthogonal steps: nothing reaches c2 from b1 in one step
    assert all(a.split()[0] in ("step", "tunnel") for a in legal(st))


def test_a_wall_on_either_side_blocks():
    # c2 opens W but b2 has no opening E: a wall between them
    st = moving({"b2": ("plain", "NS"), "c2": ("plain", "EW"), "b3": ("plain", "NS")},
                at="b2", prev="b1", die=3, steps_left=2)
    assert legal(st) == {"step S"}


@pytest.fixture
def l_tile_position():
    return moving({"b2": ("plain", None, "corner")}, at="b1")


def test_revealing_a_face_down_tile_the_mover_orients_it_and_must_enter(l_tile_position):
    st = l_tile_position
    act(st, "step S")
    s = st[0]
    assert s["phase"] == spec.PH_ORIENT and s["up"][cell_of("b2")] and fig(st, 0, 0) == "b1"
    # an L whose openings include N (toward the mover): N+E or N+W, the two ways of the example
    assert legal(st) == {"rot r0", "rot r3"}
    act(st, "rot r3")
    assert fig(st, 0, 0) == "b2" and st[0]["steps_left"] == 2
    assert legal(st) == {"step W"}  # N is straight back; the L opens N and W


def test_other_archaeologists_do_not_block_and_passing_is_no_attack():
    tiles = {"b2": ("plain", "NS")}
    st = moving(tiles, at="a1", die=2, others={1: ["b1", None, None]},
                items={0: [], 1: ["torch"]}, discovered=["torch"])
    act(st, "step E", "step S")
    assert fig(st, 0, 0) == "b2" and fig(st, 1, 0) == "b1"  # walked through, nobody attacked
    assert st[0]["items"][1, item("torch")] and st[0]["current_player"] == 1


def test_the_figure_must_keep_moving_and_a_dead_end_ends_the_move():
    st = moving({"b2": ("plain", "N")}, at="b1", die=4, steps_left=4)
    assert "pass" not in legal(st)  # a move cannot be shortened
    act(st, "step S")
    # b2 is a dead end: back north is forbidden, so the move ends with 3 steps unused
    assert fig(st, 0, 0) == "b2" and st[0]["current_player"] == 1 and st[0]["phase"] == spec.PH_FIGURE


def test_stuck_with_an_item_to_spend_the_player_may_spend_or_pass():
    st = moving({"b2": ("plain", "N")}, at="b1", die=4, steps_left=4, items=["food"],
                discovered=["food"])
    act(st, "step S")
    assert st[0]["current_player"] == 0 and legal(st) == {"pass", "food"}
    act(st, "pass")
    assert st[0]["current_player"] == 1


def test_a_figure_that_cannot_move_may_not_be_chosen_while_another_can():
    tiles = {"b2": ("plain", "E"), "c2": ("plain", "NS")}  # b2 leads only into c2's wall
    st = load(tiles, die=2, figures=[["b2", "c1", None], NONE3])
    assert "figure 1" not in legal(st) and "figure 2" in legal(st) and "enter NW" in legal(st)
    # when no figure can take a step, any may be chosen: the turn is lost
    st = load(tiles, die=2, figures=[["b2", "b2", "b2"], ["b2", None, None]])
    assert legal(st) == {"figure 1", "figure 2", "figure 3"}
    act(st, "figure 2")
    assert st[0]["current_player"] == 1 and fig(st, 1, 0) == "b2"  # no move, no attack


def test_a_stuck_figure_may_be_chosen_to_spend_the_golden_key_on_it():
    """Items are used "at any time during your move": the key turns the stuck figure's own
    tile, and it walks on. Chosen for the key while another figure could move, the figure
    must spend it (the move cannot be shortened by choice)."""
    tiles = {"b2": ("plain", "E", "dead-end"), "c2": ("plain", "NS")}  # b2 opens into c2's wall
    kw = dict(pyramid="big", die=2, figures=[["b2", "c1", None], NONE3])
    st = load(tiles, items=[["golden-key"], []], **kw)
    assert {"figure 1", "figure 2", "enter NW"} <= legal(st)
    act(st, "figure 1")
    moves = legal(st)
    assert "pass" not in moves and "key here r0" in moves  # r0: the dead end opens north
    act(st, "key here r0")
    assert not st[0]["items"][0, item("golden-key")] and legal(st) == {"step N"}
    act(st, "step N")
    assert fig(st, 0, 0) == "b1"
    # the same with the bottle through c2's wall; without an item the figure stays unchosen
    st = load(tiles, items=[["magic-bottle"], []], **kw)
    act(st, "figure 1")
    assert "pass" not in legal(st) and "bottle E" in legal(st)
    assert "figure 1" not in legal(load(tiles, **kw))
    # no other figure could move: choosing the stuck one and passing loses the turn
    st = load(tiles, pyramid="big", die=2, figures=[["b2", "b2", "b2"], NONE3],
              items=[["golden-key"], []])
    act(st, "figure 1")
    assert "pass" in legal(st)


def test_one_move_one_figure_and_turn_order_is_clockwise():
    st = load({}, n=3, die=1)
    for p, corner in ((0, "NW"), (1, "NE"), (2, "SW")):
        assert st[0]["current_player"] == p
        st[0]["die"] = 1
        act(st, f"enter {corner}")
    assert st[0]["current_player"] == 0


# --- obstacles ----------------------------------------------------------------------------------
KILLERS = [("snake", "torch"), ("toxic-gas", "scarf"), ("trap", "plan")]
STOPPERS = [("hunger", "food"), ("fatigue", "chocolate"), ("thirst", "water")]
BLOCKERS = [("wall-ruins", "magic-bottle"), ("secret-door", "golden-key"), ("abyss", "papyrus")]


@pytest.mark.parametrize("obstacle, protection", KILLERS)
@pytest.mark.parametrize("face_up", [True, False])
def test_killing_obstacles(obstacle, protection, face_up):
    tiles = {"b2": (obstacle, "N" if face_up else None), "b3": ("plain", "NS"), "c2": ("plain", "EW")}
    st = moving(tiles, at="b1", die=3)
    act(st, "step S")
    if not face_up:
        act(st, sorted(legal(st))[0])  # orient it
    assert fig(st, 0, 0) is None and st[0]["current_player"] == 1  # dead; the move ends
    # with the protecting item the obstacle is ignored and the item kept
    st = moving(tiles, at="b1", die=3, items=[protection], discovered=[protection])
    act(st, "step S")
    if not face_up:
        act(st, sorted(legal(st))[0])
    assert fig(st, 0, 0) == "b2" and st[0]["current_player"] == 0 and st[0]["steps_left"] == 2
    assert st[0]["items"][0, item(protection)]


def test_a_killed_archaeologist_is_deployed_again_next_move():
    st = moving({"b2": ("snake", "NS")}, at="b1", die=3)
    act(st, "step S")
    st[0]["current_player"] = 0  # (skip the opponent's turn)
    st[0]["die"] = 2
    assert {"enter NW", "enter NE", "enter SW", "enter SE"} <= legal(st)


@pytest.mark.parametrize("obstacle, protection", STOPPERS)
def test_move_ending_obstacles(obstacle, protection):
    tiles = {"b2": (obstacle, "N"), "b3": ("plain", "NS"), "c2": ("plain", "EW")}
    st = moving(tiles, at="b1", die=3)
    act(st, "step S")
    assert fig(st, 0, 0) == "b2" and st[0]["current_player"] == 1  # stays, move over
    st = moving(tiles, at="b1", die=3, items=[protection], discovered=[protection])
    act(st, "step S")
    assert st[0]["current_player"] == 0 and st[0]["phase"] == spec.PH_STEP
    assert st[0]["items"][0, item(protection)]


@pytest.mark.parametrize("obstacle, protection", BLOCKERS)
def test_obstacles_that_cannot_be_entered(obstacle, protection):
    tiles = {"b2": (obstacle, "N"), "c2": ("plain", "NS")}
    kw = dict(at="b1", die=3, pyramid="big")
    assert "step S" not in legal(moving(tiles, **kw))
    st = moving(tiles, items=[protection], discovered=[protection], **kw)
    act(st, "step S")
    assert fig(st, 0, 0) == "b2" and st[0]["items"][0, item(protection)]
    # face down: revealed, oriented, and the figure stays where it was; the move ends
    st = moving({"b2": (obstacle, None)}, **kw)
    act(st, "step S")
    assert st[0]["phase"] == spec.PH_ORIENT
    act(st, sorted(legal(st))[0])
    assert fig(st, 0, 0) == "b1" and st[0]["up"][cell_of("b2")] and st[0]["current_player"] == 1


def test_losing_the_item_on_an_obstacle_tile_changes_nothing():
    # the figure stands on the snake, its torch was robbed: it simply leaves
    st = moving({"b2": ("snake", "NS"), "b3": ("plain", "NS")}, at="b2", prev="b1", die=2)
    act(st, "step S")
    assert fig(st, 0, 0) == "b3"


# --- inscriptions and items ------------------------------------------------------------------
def test_inscriptions_are_read_when_passing_and_never_twice():
    tiles = {"b2": ("inscription-red", "NS"), "b3": ("plain", "NS")}
    st = moving(tiles, at="b1", die=2)
    act(st, "step S", "step S")
    assert st[0]["insc"][0, 0] and st[0]["insc_supply"][0] == 5
    st = moving(tiles, at="b1", die=2, insc=["red"])
    act(st, "step S", "step S")
    assert st[0]["insc_supply"][0] == 5  # 6 tokens, the one held is the only one out


def test_items_are_taken_when_passing_never_twice_and_can_run_out():
    tiles = {"b2": ("torch", "NS"), "b3": ("plain", "NS")}
    st = moving(tiles, at="b1", die=2)
    act(st, "step S", "step S")
    assert st[0]["items"][0, item("torch")] and st[0]["supply"][item("torch")] == 3
    st = moving(tiles, at="b1", die=2, items=["torch"])
    act(st, "step S", "step S")
    assert st[0]["supply"][item("torch")] == 3
    # six players: four already hold a torch and the coffer keeps the fifth: the supply is empty
    st = moving(tiles, at="b1", die=2, n=6, items={q: ["torch"] for q in range(1, 5)})
    assert st[0]["supply"][item("torch")] == 0
    act(st, "step S", "step S")
    assert not st[0]["items"][0, item("torch")]


def test_revealing_an_item_tile_turns_its_stack_face_up():
    st = moving({"b2": ("chocolate", None)}, at="b1", die=2)
    assert not st[0]["discovered"][item("chocolate")]
    act(st, "step S")
    assert st[0]["discovered"][item("chocolate")]


def test_rulebook_example_food_turns_the_die_to_six():
    """Threw a two, made two steps onto the food, took it, spent it: four more steps (6 - 2)."""
    tiles = {"b2": ("plain", "NS"), "b3": ("food", "NS"), "b4": ("plain", "NS"),
             "b5": ("plain", "NS"), "b6": ("plain", "NS"), "b7": ("plain", "NS")}
    st = moving(tiles, at="b1", die=2)
    act(st, "step S", "step S")
    assert st[0]["items"][0, item("food")] and st[0]["steps_left"] == 0
    assert legal(st) == {"food", "pass"}  # may spend the food it just found
    act(st, "food")
    assert st[0]["die"] == 6 and st[0]["steps_left"] == 4 and st[0]["supply"][item("food")] == 4
    act(st, "step S", "step S", "step S", "step S")
    assert fig(st, 0, 0) == "b7" and st[0]["current_player"] == 1


def test_food_before_choosing_the_figure():
    st = load({}, die=2, items=[["food"], []], discovered=["food"])
    act(st, "food", "enter NW")
    assert st[0]["die"] == 6 and st[0]["steps_left"] == 5


def test_first_aid_kit_prevents_injury_even_when_it_is_robbed():
    tiles = {"b2": ("plain", "NS")}
    for victim_items, injured in ((["torch"], True), (["torch", "first-aid-kit"], False)):
        st = moving(tiles, at="b1", die=1, others={1: ["b2", None, None]},
                    items={0: [], 1: victim_items}, discovered=["torch", "first-aid-kit"])
        act(st, "step S")
        assert st[0]["phase"] == spec.PH_ROB and st[0]["current_player"] == 0
        assert legal(st) == {f"rob {x}" for x in victim_items}
        act(st, f"rob {victim_items[-1]}")
        assert st[0]["items"][0, item(victim_items[-1])] and not st[0]["items"][1, item(victim_items[-1])]
        assert (fig(st, 1, 0) is None) == injured
        assert st[0]["current_player"] == 1


def test_magic_bottle_walks_through_one_wall_and_is_spent():
    tiles = {"b2": ("plain", "EW"), "c2": ("plain", "EW")}
    kw = dict(at="b1", die=3, pyramid="big", discovered=["magic-bottle"])
    st = moving(tiles, items=["magic-bottle"], **kw)
    assert "bottle S" in legal(st) and "step S" not in legal(st)
    act(st, "bottle S")
    assert fig(st, 0, 0) == "b2" and not st[0]["items"][0, item("magic-bottle")]
    assert st[0]["supply"][item("magic-bottle")] == 4 and st[0]["steps_left"] == 2
    # not into a face-down tile, and not where there is no wall
    st = moving({"b2": ("plain", None)}, items=["magic-bottle"], **kw)
    assert "bottle S" not in legal(st)
    st = moving({"b2": ("plain", "NS")}, items=["magic-bottle"], **kw)
    assert "bottle S" not in legal(st) and "step S" in legal(st)


def test_magic_bottle_cannot_be_bought():
    st = load({}, pyramid="big", die=3, items=[["money"], []],
              discovered=["magic-bottle", "golden-key", "papyrus", "torch", "money"])
    assert {a for a in legal(st) if a.startswith("buy")} == {"buy torch"}


def test_money_buys_a_discovered_item():
    st = load({}, die=3, items=[["money"], []], discovered=["money", "torch"])
    act(st, "buy torch")
    s = st[0]
    assert s["items"][0, item("torch")] and not s["items"][0, item("money")]
    assert s["supply"][item("money")] == 4 and s["supply"][item("torch")] == 3
    st = load({}, die=3, items=[["money"], []], discovered=["money"])
    assert not any(a.startswith("buy") for a in legal(st))  # nothing discovered to buy


def test_golden_key_rotates_own_tile_or_a_free_neighbour():
    tiles = {"b2": ("plain", "NS"), "c2": ("plain", "EW"), "b3": ("plain", "NS")}
    st = moving(tiles, at="b2", prev="b1", die=3, steps_left=2, pyramid="big", items=["golden-key"],
                discovered=["golden-key"], others={1: [None, None, None]})
    keys = {a for a in legal(st) if a.startswith("key")}
    assert {"key here r1", "key E r0"} <= keys and not any(a.startswith("key N") for a in keys)
    act(st, "key here r1")  # b2 now opens E and W
    s = st[0]
    assert spec.SHAPE_OPEN[spec.TILE_SHAPE[s["tile"][cell_of("b2")]], s["rot"][cell_of("b2")]] == 0b1010
    assert not s["items"][0, item("golden-key")] and legal(st) == {"step E", "step W"}
    # an occupied neighbour may not be turned
    st = moving(tiles, at="b2", prev="b1", die=3, steps_left=2, pyramid="big", items=["golden-key"],
                discovered=["golden-key"], others={1: ["c2", None, None]})
    assert not any(a.startswith("key E") for a in legal(st))


def test_golden_key_cannot_be_bought_and_opens_the_secret_door():
    tiles = {"b2": ("secret-door", "NS")}
    st = moving(tiles, at="b1", die=3, pyramid="big", items=["money", "golden-key"],
                discovered=["golden-key", "money"])
    assert "step S" in legal(st) and "buy golden-key" not in legal(st)


# --- special tiles ---------------------------------------------------------------------------------
def test_map_reveals_any_tile_oriented_at_will():
    st = moving({"b2": ("map", None), "d4": ("plain", None)}, at="b1", die=3)
    act(st, "step S")
    act(st, sorted(legal(st))[0])
    assert fig(st, 0, 0) == "b2" and st[0]["phase"] == spec.PH_MAP_PICK
    assert "pass" in legal(st) and "map d4" in legal(st) and "map b2" not in legal(st)
    act(st, "map d4")
    assert st[0]["phase"] == spec.PH_MAP_ORIENT and st[0]["up"][cell_of("d4")]
    shape = spec.TILE_SHAPE[st[0]["tile"][cell_of("d4")]]
    assert len(legal(st)) == spec.SHAPE_DISTINCT[shape].sum()  # any orientation
    act(st, sorted(legal(st))[-1])
    assert st[0]["phase"] in (spec.PH_STEP, spec.PH_FIGURE)


def test_map_works_only_when_turned():
    st = moving({"b2": ("map", "NS"), "b3": ("plain", "NS")}, at="b1", die=3)
    act(st, "step S")
    assert st[0]["phase"] == spec.PH_STEP  # already face up: nothing happens


def test_secret_tunnel_joins_two_revealed_tunnels_in_one_step():
    tiles = {"b2": ("secret-tunnel", "N"), "h8": ("secret-tunnel", "S")}
    st = moving(tiles, at="b1", die=3)
    act(st, "step S")
    assert legal(st) == {"tunnel"}
    act(st, "tunnel")
    assert fig(st, 0, 0) == "h8" and st[0]["steps_left"] == 1
    assert legal(st) == {"step S"}  # no way straight back through the tunnel
    # only one tunnel revealed: a dead end
    st = moving({"b2": ("secret-tunnel", "N"), "h8": ("secret-tunnel", None)}, at="b1", die=3)
    act(st, "step S")
    assert st[0]["current_player"] == 1


def test_dark_shrine_places_and_moves_the_curse():
    tiles = {"b2": ("dark-shrine", "N"), "d3": ("plain", "NS"),
             "f3": ("plain", "NS"), "b3": ("plain", "NS")}
    st = moving(tiles, at="b1", die=3, others={1: ["f3", None, None]})
    act(st, "step S")
    assert st[0]["phase"] == spec.PH_CURSE
    # any free face-up tile: not the shrine (occupied), not f3 (occupied), not the chamber
    assert legal(st) == {"curse d3", "curse b3"}
    act(st, "curse b3")
    assert st[0]["curse"] == cell_of("b3")
    # the cursed tile cannot be entered; a second visit moves the curse
    st = moving(tiles, at="b1", die=3, curse="b3")
    act(st, "step S")
    assert legal(st) == {"curse d3", "curse f3"}


def test_cursed_tile_blocks():
    st = moving({"b2": ("plain", "NS")}, at="b1", die=3, curse="b2")
    assert "step S" not in legal(st)


def test_coffer_holds_one_of_each_item_for_whoever_comes():
    tiles = {"b2": ("coffer", "N")}
    st = moving(tiles, at="b1", die=3, items=["torch"], discovered=["torch"])
    act(st, "step S")
    s = st[0]
    assert s["phase"] == spec.PH_COFFER
    assert list(s["supply"][:8]) == [3, 4, 4, 4, 4, 4, 4, 4]  # the coffer's tokens were its own
    assert legal(st) == {f"take {x}" for x in spec.ITEM_NAMES[:8] if x != "torch"}
    act(st, "take money")
    assert s["items"][0, item("money")] and not s["coffer"][item("money")]
    assert s["current_player"] == 1  # b2 is a dead end: the move is over
    # a later visitor takes one of the rest; the coffer is not refilled
    d = GAME.to_dict(st)
    d.update(current_player=1, phase="step", mover=0, die=1, steps_left=1, prev=None, moved=True,
             figures=[[None] * 3, ["b1", None, None]])
    st = GAME.from_dict(d)
    act(st, "step S")
    assert legal(st) == {f"take {x}" for x in spec.ITEM_NAMES[:8] if x != "money"}
    assert list(st[0]["supply"][:8]) == [3, 4, 4, 4, 4, 4, 4, 4]


def test_coffer_keeps_the_last_token_for_a_later_visitor():
    """Six players: "the tokens of one of the items may be used up. If the tile with a chest
    is in the game, the player may take the last item out of it" - also after the coffer's
    first visitor, while the supply has none."""
    torches = {q: ["torch"] for q in range(1, 4)}  # with player 0's, the supply's four are held
    st = moving({"b2": ("coffer", "N")}, at="b1", die=3, n=6, items={0: ["torch"], **torches},
                discovered=["torch"])
    assert st[0]["supply"][item("torch")] == 0 and st[0]["coffer"][item("torch")]
    act(st, "step S", "take money")  # the first visitor has a torch
    d = GAME.to_dict(st)
    d.update(current_player=5, phase="step", mover=0, die=1, steps_left=1, prev=None, moved=True,
             figures=[[None] * 3] * 5 + [["b1", None, None]])
    st = GAME.from_dict(d)
    act(st, "step S")
    assert "take torch" in legal(st)
    act(st, "take torch")
    assert st[0]["items"][5, item("torch")] and not st[0]["coffer"][item("torch")]


# --- attack -------------------------------------------------------------------------------------
def test_attack_robs_and_injures_every_opponent_figure_on_the_field():
    tiles = {"b2": ("plain", "NS")}
    st = moving(tiles, at="b1", die=1, n=3,
                others={1: ["b2", "b2", None], 2: ["b2", None, None]},
                items={0: ["torch"], 1: ["torch", "scarf", "plan"], 2: ["water"]},
                discovered=["torch", "scarf", "plan", "water"])
    act(st, "step S")
    s = st[0]
    assert (s["fig"][1] == -1).all() and (s["fig"][2] == -1).all()  # all injured
    assert legal(st) == {"rob scarf", "rob plan"}  # not the torch: the attacker has one
    act(st, "rob plan")
    assert legal(st) == {"rob scarf"}  # second figure of the same player
    act(st, "rob scarf")
    assert legal(st) == {"rob water"}
    act(st, "rob water")
    assert list(np.flatnonzero(s["items"][0])) == [item(x) for x in ("torch", "scarf", "plan", "water")]
    assert s["current_player"] == 1


def test_no_attack_without_moving_and_nothing_to_rob_still_injures():
    st = moving({"b2": ("plain", "NS")}, at="b1", die=1, others={1: ["b2", None, None]})
    act(st, "step S")
    assert fig(st, 1, 0) is None and st[0]["current_player"] == 1


# --- the end ---------------------------------------------------------------------------------------
FIVE = ["red", "blue", "green", "yellow", "white"]


def test_five_inscriptions_open_the_chamber_and_the_first_in_wins():
    tiles = {"e4": ("plain", "NS")}
    st = moving(tiles, at="e4", prev="e3", die=2, insc=FIVE[:4])
    assert "step S" not in legal(st)  # four are not enough
    st = moving(tiles, at="e4", prev="e3", die=2, insc=FIVE)
    r = act(st, "step S")
    s = st[0]
    assert s["terminated"] and s["chamber_open"] and list(s["place"][:2]) == [1, 2]
    assert list(s["scores"][:2]) == [2, 1] and list(r[0, :2]) == [1.0, -1.0]


def test_the_open_chamber_admits_everybody_and_sets_the_order():
    tiles = {"e4": ("plain", "NS"), "e6": ("plain", "NS")}
    st = moving(tiles, at="e4", prev="e3", die=2, n=3, insc=FIVE,
                others={1: ["e6", None, None], 2: ["b1", None, None]})
    act(st, "step S")
    s = st[0]
    assert not s["terminated"] and s["chamber_open"] and s["place"][0] == 1
    assert s["current_player"] == 1 and (s["fig"][0] == -1).all()
    s["die"] = 1
    act(st, "figure 1", "step N")  # no inscriptions, but the chamber is open
    assert s["terminated"] and list(s["place"][:3]) == [1, 2, 3]
    assert list(s["scores"][:3]) == [3, 2, 1]


def test_finished_players_are_skipped():
    d = position({"e4": ("plain", "NS")}, n=3, die=1, place=[1, 0, 0], chamber_open=True,
                 inscriptions=[FIVE, [], []], current_player=2,
                 figures=[NONE3, NONE3, NONE3])
    st = GAME.from_dict(d)
    act(st, "enter NW")
    assert st[0]["current_player"] == 1  # seat 0 has left the game
    st[0]["die"] = 1
    act(st, "enter NW")
    assert st[0]["current_player"] == 2


def test_seven_inscriptions_variant():
    seven = FIVE + ["pink", "orange"]
    tiles = {"f5": ("plain", "NS")}
    kw = dict(at="f5", prev="f4", die=2, pyramid="big", inscriptions_to_open=7)
    assert "step S" not in legal(moving(tiles, insc=FIVE + ["pink"], **kw))
    st = moving(tiles, insc=seven, **kw)
    act(st, "step S")
    assert st[0]["terminated"]


# --- more corners of the rules -----------------------------------------------------------------
def test_entering_onto_an_occupied_entrance_attacks():
    st = load({}, die=1, figures=[NONE3, ["a1", None, None]], items=[[], ["torch"]],
              discovered=["torch"])
    act(st, "enter NW")
    assert st[0]["phase"] == spec.PH_ROB and fig(st, 1, 0) is None
    act(st, "rob torch")
    assert st[0]["items"][0, item("torch")] and st[0]["current_player"] == 1


def test_nothing_to_rob_means_injury_only():
    st = moving({"b2": ("plain", "NS")}, at="b1", die=1, items={0: ["torch"], 1: ["torch"]},
                others={1: ["b2", None, None]}, discovered=["torch"])
    act(st, "step S")
    assert fig(st, 1, 0) is None and st[0]["items"][1, item("torch")] and st[0]["current_player"] == 1


def test_money_can_be_spent_in_the_middle_of_a_move():
    st = moving({"b2": ("plain", "NS"), "b3": ("plain", "NS")}, at="b1", die=3,
                items=["money"], discovered=["money", "water"])
    act(st, "step S", "buy water")
    assert st[0]["items"][0, item("water")] and st[0]["steps_left"] == 2 and "step S" in legal(st)


def test_the_chamber_wall_of_the_neighbour_still_blocks():
    st = moving({"e4": ("plain", "EW")}, at="e4", prev="d4", die=2, insc=FIVE)
    assert "step S" not in legal(st)


def test_bottle_through_the_wall_into_the_chamber():
    st = moving({"f5": ("plain", "EW")}, at="f5", prev="e5", die=2, pyramid="big", insc=FIVE,
                items=["magic-bottle"], discovered=["magic-bottle"])
    assert "step S" not in legal(st) and "bottle S" in legal(st)
    act(st, "bottle S")
    assert st[0]["terminated"] and st[0]["place"][0] == 1


def test_the_curse_blocks_the_secret_tunnel_too():
    tiles = {"b2": ("secret-tunnel", "N"), "h8": ("secret-tunnel", "S")}
    st = moving(tiles, at="b1", die=3, curse="h8")
    act(st, "step S")
    assert st[0]["current_player"] == 1  # stuck on the tunnel: move over


def test_the_key_turns_no_wall_field():
    st = moving({"b2": ("plain", "NS")}, at="b1", die=3, pyramid="big", items=["golden-key"],
                discovered=["golden-key"])
    keys = {a for a in legal(st) if a.startswith("key")}
    assert keys and all(a.startswith("key S") for a in keys)  # only b2, not b1 or the ring


def test_a_tile_the_map_revealed_next_to_the_figure_can_be_entered():
    tiles = {"b2": ("map", None), "c2": ("plain", None)}
    st = moving(tiles, at="b1", die=3)
    act(st, "step S")
    act(st, "rot r0" if "rot r0" in legal(st) else sorted(legal(st))[0])
    act(st, "map c2")
    act(st, sorted(legal(st))[0])
    c2 = st[0]["tile"][cell_of("c2")]
    opens_w = spec.SHAPE_OPEN[spec.TILE_SHAPE[c2], st[0]["rot"][cell_of("c2")]] & (1 << spec.W)
    b2 = st[0]["tile"][cell_of("b2")]
    opens_e = spec.SHAPE_OPEN[spec.TILE_SHAPE[b2], st[0]["rot"][cell_of("b2")]] & (1 << spec.E)
    assert ("step E" in legal(st)) == bool(opens_w and opens_e)


def test_spent_items_go_back_to_the_supply_and_can_be_found_again():
    tiles = {"b2": ("plain", "NS"), "b3": ("food", "NS"), "b4": ("plain", "NS")}
    st = moving(tiles, at="b1", die=3, items=["food"], discovered=["food"])
    act(st, "food")
    assert st[0]["supply"][item("food")] == 4 and st[0]["steps_left"] == 6
    act(st, "step S", "step S")
    assert st[0]["items"][0, item("food")] and st[0]["supply"][item("food")] == 3


@pytest.mark.parametrize("name", spec.ITEM_NAMES)
def test_every_item_tile_gives_its_item(name):
    st = moving({"b2": (name, None), "c2": ("plain", "EW")}, at="b1", die=1, pyramid="big")
    act(st, "step S")
    act(st, sorted(legal(st))[0])
    s = st[0]
    assert s["items"][0, item(name)] and s["discovered"][item(name)] and s["supply"][item(name)] == 3


def test_rulebook_example_walls_diagonals_the_way_back_and_two_choices():
    """Rulebook: not (1) behind the wall, not (2) askew, not (3) where it came from; it may go to
    the unexplored tile (5) or the revealed tile (4), and from (4) on to a tile (2)."""
    tiles = {"c2": ("plain", "NS"),                 # (3) where the figure came from
             "c3": ("plain", "NES"),                # the figure's tile: a wall on the west
             "b3": ("plain", "NESW"),               # (1) behind that wall
             "b2": ("plain", "NESW"), "d2": ("plain", "NESW"), "b4": ("plain", "NESW"),
             "d4": ("plain", "NESW"),               # (2) the diagonal tiles
             "d3": ("plain", None),                 # (5) unexplored
             "c4": ("plain", "NE")}                 # (4) revealed
    st = moving(tiles, at="c3", prev="c2", die=3, steps_left=2)
    assert legal(st) == {"step E", "step S"}
    act(st, "step S")
    assert fig(st, 0, 0) == "c4" and legal(st) == {"step E"}
    act(st, "step E")
    assert fig(st, 0, 0) == "d4"  # a tile (2), reached in two steps, never diagonally
