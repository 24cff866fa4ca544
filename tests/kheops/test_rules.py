"""Kheops rule tests: each builds a position, plays actions and checks what the rulebook says.

Cell map used below (row 1 = apex; even-index columns a, c, e.. point up):
  1a: F F 2b | 2a: F 2b 3b | 2b: 1a 2c 2a | 2c: 2b F 3d | 3d: 2c 3e 3c
  7a: F 7b F | 7b: 6a 7c 7a | 7c: 7b 7d F | 7d: 6c 7e 7c | 7e: 7d 7f F
(edge slots clockwise; F = the frame). Up cells never share an edge with each other.
"""
import re

import numpy as np
import pytest

from pyramid_envs import kheops_v1
from pyramid_envs.kheops import GAME, spec
from pyramid_envs.kheops.codec import CELL_NAMES, cell_of
from pyramid_envs.kheops.scoring import components, tally

from .positions import (R, W, Tiles, act, all_cells_but, legal, load, on, position,
                        rot_toward, score, view)

PAWN_KINDS = spec.PAWN_NAMES


def pawn_actions(states, kind=None):
    return {a for a in legal(states) if a.split()[0] in PAWN_KINDS and (kind is None or a.startswith(kind + " "))}


def pivots(cell, current):
    return {f"pivot {cell} r{r}" for r in range(3) if r != current}


def plain_board(T, cells, kind="room"):
    return {c: T(kind) for c in cells}


def supply(states, p, kind):
    return int(states[0]["supply"][p, PAWN_KINDS.index(kind)])


def pawn_at(states, cell):
    p = view(states)["pawns"].get(cell)
    return None if p is None else (p["owner"], p["kind"])


# =============================================================================
# Setup and placing a pawn
# =============================================================================
def test_reset_deals_the_setup_and_white_moves_first():
    s = GAME.new_states(4)
    GAME.reset(s, [0, 1, 2, 3])
    for b in range(4):
        st = s[b:b + 1]
        d = view(st)
        assert d["current_player"] == W and d["phase"] == "pawn"
        assert sorted(cell_of(c) for c in d["board"]) == sorted(spec.START_CELLS.tolist())
        assert [len([t for t in h if t is not None]) for h in d["hands"]] == [3, 3]
        assert len(d["pile"]) == 50 - 19 - 6
        everything = [v["tile"] for v in d["board"].values()] + d["hands"][0] + d["hands"][1] + d["pile"]
        assert sorted(everything) == list(range(50))
        # Red: 16 workers, priest, mummy; White: 15 workers, priest, mummy, Pharaoh
        assert s[b]["supply"].tolist() == [[15, 1, 1, 1], [16, 1, 1, 0]]
        # first pawn: workers or the mummy on any non-closed starting tile (priest/Pharaoh need the mummy)
        open_cells = {c for c, v in d["board"].items() if spec.TILE_SYMBOL[v["tile"]] != spec.CLOSED}
        assert legal(st) == {f"{k} {c}" for k in ("worker", "mummy") for c in open_cells}


def test_tile_mix_instant_symbols_only_on_rooms_and_the_rulebook_counts():
    # "Tiles with a circular area in the middle are called rooms", "Instant actions are
    # recognizable because their symbols are circular", "A room's instant action ..."
    kinds = [spec.KIND_NAMES[k] for k in spec.TILE_KIND]
    syms = [spec.SYMBOL_NAMES[x] for x in spec.TILE_SYMBOL]
    assert len(kinds) == 50 and kinds.count("room") == 25 and kinds.count("corridor") == 25
    instants = [spec.SYMBOL_NAMES[x] for x in spec.INSTANT_SYMBOLS]
    assert {k for k, x in zip(kinds, syms) if x in instants} == {"room"}
    want = {"sarcophagus-orange": 2, "sarcophagus-green": 2, "sarcophagus-purple": 2, "ankh": 6,
            "doubler": 3, "closed": 2, "curse": 2, "pivot-corridor": 3, "pivot-room": 3, "swap": 3,
            "move": 3, "plain": 19}
    assert {x: syms.count(x) for x in set(syms)} == want
    for k in range(3):  # a sarcophagus pair is a room and a corridor
        sarc = {kinds[t] for t in range(50) if spec.TILE_SYMBOL[t] == spec.SARC_ORANGE + k}
        assert sarc == {"room", "corridor"}
    rooms = [n for k, n in zip(spec.TILE_KIND, spec.TILE_NUM_OPEN) if k == spec.ROOM]
    corridors = [n for k, n in zip(spec.TILE_KIND, spec.TILE_NUM_OPEN) if k == spec.CORRIDOR]
    assert set(rooms) == {1, 2, 3} and set(corridors) == {2, 3}


def test_pawn_only_on_placed_unoccupied_non_closed_tiles():
    T = Tiles()
    board = {"2a": T("room"), "2c": T("corridor", 2, "closed"), "4a": T("corridor"),
             "4c": T("room"), "4e": T("corridor", 3, "closed")}
    st = load(board, {"4a": (R, "mummy"), "4c": (W, "worker")})
    assert legal(st) == {"worker 2a", "mummy 2a"}
    act(st, "worker 2a")
    assert pawn_at(st, "2a") == (W, "worker")
    assert supply(st, W, "worker") == 13  # 15 - the one on 4c - this one
    assert view(st)["phase"] == "tile" and view(st)["current_player"] == W


def test_worker_supply_runs_out():
    T = Tiles()
    cells = [CELL_NAMES[c] for c in spec.START_CELLS]
    board = {c: T("room" if i < 4 else "corridor") for i, c in enumerate(cells)}  # the 19 plain tiles
    workers = {c: (W, "worker") for c in cells[:15]}
    free = set(cells[15:])
    st = load(board, workers)
    assert supply(st, W, "worker") == 0
    # no worker left: only the mummy (priest and Pharaoh wait for it)
    assert legal(st) == {f"mummy {c}" for c in free}
    st = load(board, {**workers, cells[15]: (W, "mummy")})
    assert legal(st) == {f"{k} {c}" for k in ("priest", "pharaoh") for c in free - {cells[15]}}


def test_red_moves_after_white_and_white_after_red():
    T = Tiles()
    board = plain_board(T, ["2a", "2c", "4a"])
    st = load(board, hands=[[T("corridor"), None, None], [T("corridor"), None, None]])
    act(st, "worker 2a")
    act(st, "tile 1 2b r0")
    d = view(st)
    assert d["current_player"] == R and d["phase"] == "pawn" and d["last_placed"] is None
    act(st, "worker 2c")
    act(st, "tile 1 1a r0")
    assert view(st)["current_player"] == W and view(st)["phase"] == "pawn"


def test_pawn_step_is_skipped_when_no_placement_is_legal():
    # ruling: Red has every placeable tile covered and its mummy already in play
    T = Tiles()
    board = plain_board(T, ["2a", "2c"])
    closed = T("corridor", 2, "closed")
    st = load(board, {"2a": (W, "worker"), "2c": (R, "mummy")}, phase="tile",
              hands=[[closed, None, None], [T("room"), None, None]])
    act(st, "tile 1 2b r0")
    d = view(st)
    assert d["current_player"] == R and d["phase"] == "tile"
    assert all(a.startswith("tile ") for a in legal(st))


# =============================================================================
# Mummy, priest, Pharaoh
# =============================================================================
def test_mummy_played_as_a_normal_worker():
    T = Tiles()
    st = load(plain_board(T, ["2a", "2c"]))
    act(st, "mummy 2a")
    assert pawn_at(st, "2a") == (W, "mummy")
    assert supply(st, W, "mummy") == 0 and supply(st, W, "worker") == 15
    assert view(st)["removed"] == [0, 0]


def test_mummy_replaces_only_an_opposing_worker_which_leaves_the_game():
    T = Tiles()
    board = plain_board(T, ["2a", "2c", "4a", "4c", "4e", "4g"], kind="corridor")
    pawns = {"2a": (W, "worker"), "2c": (W, "mummy"), "4a": (W, "priest"), "4c": (W, "pharaoh"),
             "4e": (R, "worker")}
    st = load(board, pawns, current_player=R)
    assert pawn_actions(st, "mummy") == {"mummy 2a", "mummy 4g"}
    assert pawn_actions(st, "worker") == {"worker 4g"}
    assert supply(st, W, "worker") == 14
    act(st, "mummy 2a")
    assert pawn_at(st, "2a") == (R, "mummy")
    assert view(st)["removed"] == [1, 0]
    assert supply(st, W, "worker") == 14  # removed from the game, not back to the supply
    assert supply(st, R, "mummy") == 0


def test_white_mummy_cannot_replace_red_mummy_or_priest():
    T = Tiles()
    board = plain_board(T, ["2a", "2c", "4a", "4c"])
    st = load(board, {"2a": (R, "mummy"), "2c": (R, "priest"), "4a": (R, "worker"), "4c": (W, "worker")})
    assert pawn_actions(st, "mummy") == {"mummy 4a"}


def test_mummy_replacement_triggers_the_tile_instant_action():
    T = Tiles()
    board = {"2a": (T("room", 2, "pivot-room"), 0), "2c": (T("room"), 1), "4a": T("corridor")}
    st = load(board, {"2a": (W, "worker")}, current_player=R)
    act(st, "mummy 2a")
    assert view(st)["phase"] == "pivot-room"
    assert legal(st) == pivots("2a", 0) | pivots("2c", 1)


@pytest.mark.parametrize("sym, phase", [("pivot-corridor", "pivot-corridor"), ("pivot-room", "pivot-room"),
                                        ("swap", "swap-own"), ("move", "move-pawn")])
def test_a_mummy_replacing_a_worker_on_a_room_performs_the_rooms_instant_action(sym, phase):
    # "A room's instant action is activated when the mummy replaces an opposing worker"
    T = Tiles()
    board = {"2a": T("room", None, sym), "2c": T("room"), "4a": T("corridor"), "4c": T("room")}
    st = load(board, {"2a": (W, "worker"), "4c": (W, "worker"), "2c": (R, "worker")}, current_player=R)
    act(st, "mummy 2a")
    d = view(st)
    assert d["pawns"]["2a"] == {"owner": R, "kind": "mummy"} and d["removed"] == [1, 0]
    assert d["phase"] == phase and d["current_player"] == R


@pytest.mark.parametrize("seat, own_mummy, other_mummy, kinds", [
    (W, None, "4a", {"worker", "mummy"}),          # the opponent's mummy does not unlock anything
    (W, "4a", None, {"worker", "priest", "pharaoh"}),
    (R, None, "4a", {"worker", "mummy"}),
    (R, "4a", None, {"worker", "priest"}),         # Red has no Pharaoh
])
def test_priest_and_pharaoh_only_after_own_mummy(seat, own_mummy, other_mummy, kinds):
    T = Tiles()
    board = plain_board(T, ["2a", "4a"])
    pawns = {}
    if own_mummy:
        pawns[own_mummy] = (seat, "mummy")
    if other_mummy:
        pawns[other_mummy] = (1 - seat, "mummy")
    st = load(board, pawns, current_player=seat)
    assert pawn_actions(st) == {f"{k} 2a" for k in kinds}
    # and they may be played once legal
    for k in kinds - {"worker", "mummy"}:
        st2 = load(board, pawns, current_player=seat)
        act(st2, f"{k} 2a")
        assert pawn_at(st2, "2a") == (seat, k) and supply(st2, seat, k) == 0


# =============================================================================
# Protection of priests and the Pharaoh
# =============================================================================
def test_opponent_may_not_pivot_a_tile_with_priest_or_pharaoh():
    T = Tiles()
    board = {"2a": (T("room", 3, "pivot-room"), 0),  # Red plays here
             "2c": (T("room"), 0), "4a": (T("room"), 1), "4c": (T("room"), 2),
             "4e": (T("room"), 0), "4g": (T("corridor"), 0)}
    pawns = {"2c": (W, "priest"), "4a": (W, "pharaoh"), "4c": (W, "worker"), "4e": (W, "mummy")}
    st = load(board, pawns, current_player=R)
    act(st, "worker 2a")
    assert view(st)["phase"] == "pivot-room"
    assert legal(st) == pivots("2a", 0) | pivots("4c", 2) | pivots("4e", 0)


def test_own_priest_tile_may_be_pivoted_but_not_the_opponents():
    T = Tiles()
    board = {"2a": (T("room", 2, "pivot-room"), 0), "2c": (T("room"), 1),
             "4a": (T("room"), 0), "4c": (T("corridor"), 0), "4e": (T("room"), 0)}
    pawns = {"2c": (W, "priest"), "4c": (W, "mummy"), "4a": (R, "priest"), "4e": (R, "mummy")}
    st = load(board, pawns)
    act(st, "worker 2a")
    assert legal(st) == pivots("2a", 0) | pivots("2c", 1) | pivots("4e", 0)
    act(st, "pivot 2c r2")
    assert view(st)["board"]["2c"]["rot"] == 2 and view(st)["phase"] == "tile"


# =============================================================================
# Pivot corridor / pivot room
# =============================================================================
def test_pivot_corridor_only_corridors_and_only_to_a_new_orientation():
    T = Tiles()
    board = {"2a": (T("room", 1, "pivot-corridor"), 0), "2c": (T("corridor"), 1),
             "4a": (T("corridor", 3), 2), "4c": (T("room", 2), 0), "4e": (T("corridor", 2), 0),
             "4g": (T("room"), 0)}
    st = load(board, {"4e": (R, "priest"), "4g": (R, "mummy")})
    act(st, "worker 2a")
    assert view(st)["phase"] == "pivot-corridor"
    assert legal(st) == pivots("2c", 1) | pivots("4a", 2)
    act(st, "pivot 2c r0")
    d = view(st)
    assert d["board"]["2c"]["rot"] == 0 and d["phase"] == "tile" and d["current_player"] == W


@pytest.mark.parametrize("n", [1, 2, 3])
def test_pivot_tile_just_used_is_allowed(n):
    T = Tiles()
    st = load({"2a": (T("room", n, "pivot-room"), 1), "4a": (T("room"), 0)})
    act(st, "worker 2a")
    assert pivots("2a", 1) <= legal(st)
    act(st, "pivot 2a r2")
    assert view(st)["board"]["2a"]["rot"] == 2


def test_pivot_changes_the_network():
    T = Tiles(quiet=True)  # no pawn enters 1a or 2a
    hub, pivot = T("corridor", 2), T("room", 1, "pivot-corridor")
    board = {**on(T("room", 1), "1a", "2b"), **on(hub, "2b", "1a", "2c"), **on(T("room", 1), "2a", "2b"),
             **on(pivot, "4a", "F")}
    st = load(board)

    def groups():
        comp, _ = components(st[0]["cell_tile"], st[0]["cell_rot"])
        return comp[cell_of("1a")] == comp[cell_of("2b")], comp[cell_of("2a")] == comp[cell_of("2b")]

    assert groups() == (True, False)
    act(st, "worker 4a")
    act(st, f"pivot 2b r{rot_toward(hub, '2b', '1a', '2a')}")
    assert groups() == (True, True)


# =============================================================================
# Swap and move
# =============================================================================
def _swap_position(T):
    board = {"2a": T("room", 1, "swap"), "2c": T("room"), "4a": T("room"),
             "4c": T("room", 2, "move"), "4e": T("room"), "4g": T("room"),
             "6a": T("room", 2, "pivot-room")}
    pawns = {"2c": (W, "priest"), "4a": (W, "mummy"), "4c": (R, "worker"), "4e": (R, "mummy"),
             "4g": (R, "priest"), "6a": (W, "pharaoh")}
    return board, pawns


def test_swap_own_pawn_with_opposing_worker_or_mummy_only():
    board, pawns = _swap_position(Tiles())
    st = load(board, pawns)
    act(st, "worker 2a")
    assert view(st)["phase"] == "swap-own"
    # any own pawn, the one just placed included
    assert legal(st) == {f"swap {c}" for c in ("2a", "2c", "4a", "6a")}
    act(st, "swap 2a")
    assert view(st)["phase"] == "swap-opponent"
    assert legal(st) == {"swap-with 4c", "swap-with 4e"}  # not Red's priest on 4g
    act(st, "swap-with 4c")
    d = view(st)
    assert pawn_at(st, "2a") == (R, "worker") and pawn_at(st, "4c") == (W, "worker")
    # the move symbol on 4c is not triggered, nor the swap on 2a again
    assert d["phase"] == "tile" and d["current_player"] == W


def test_swap_own_priest_with_opposing_mummy_without_triggering():
    board, pawns = _swap_position(Tiles())
    pawns["4e"], pawns["6a"] = (R, "mummy"), (R, "worker")  # now Red's worker sits on the pivot tile
    st = load(board, pawns)
    act(st, "worker 2a")
    act(st, "swap 2c")
    assert legal(st) == {"swap-with 4c", "swap-with 4e", "swap-with 6a"}
    act(st, "swap-with 6a")
    assert pawn_at(st, "6a") == (W, "priest") and pawn_at(st, "2c") == (R, "worker")
    assert view(st)["phase"] == "tile"


def test_move_another_own_pawn_to_a_free_tile_without_triggering():
    T = Tiles()
    board = {"2a": T("room", 2, "move"), "2c": T("room"), "4a": T("room"),
             "4c": T("room", 2, "pivot-room"), "4e": T("corridor", 2, "closed"), "4g": T("room"),
             "6a": T("room"), "6c": T("corridor")}
    pawns = {"2c": (W, "worker"), "4a": (W, "priest"), "4g": (W, "mummy"), "6a": (R, "worker")}
    st = load(board, pawns)
    act(st, "worker 2a")
    assert view(st)["phase"] == "move-pawn"
    assert legal(st) == {"move 2c", "move 4a", "move 4g"}  # not the pawn just placed
    act(st, "move 2c")
    assert view(st)["phase"] == "move-destination"
    assert legal(st) == {"move-to 4c", "move-to 6c"}  # unoccupied, not closed
    act(st, "move-to 4c")
    d = view(st)
    assert pawn_at(st, "4c") == (W, "worker") and pawn_at(st, "2c") is None
    assert d["phase"] == "tile" and d["current_player"] == W  # the pivot on 4c did not trigger


def _no_target_cases():
    T = Tiles()
    yield "pivot-corridor, no corridor", W, {"2a": T("room", 1, "pivot-corridor"), "2c": T("room")}, {}
    T = Tiles()
    yield ("pivot-corridor, only a protected corridor", R,
           {"2a": T("room", 1, "pivot-corridor"), "2c": T("corridor"), "4a": T("room")},
           {"2c": (W, "priest"), "4a": (W, "mummy")})
    T = Tiles()
    yield ("swap, opponent has no worker or mummy", W,
           {"2a": T("room", 1, "swap"), "2c": T("room")}, {"2c": (W, "worker")})
    T = Tiles()
    yield "move, only the pawn just placed", W, {"2a": T("room", 2, "move"), "2c": T("room")}, {}
    T = Tiles()
    yield ("move, no free destination", W,
           {"2a": T("room", 2, "move"), "2c": T("room"), "4a": T("corridor", 2, "closed"),
            "4c": T("room")}, {"2c": (W, "worker"), "4c": (R, "worker")})


@pytest.mark.parametrize("name, seat, board, pawns", list(_no_target_cases()),
                         ids=[c[0] for c in _no_target_cases()])
def test_instant_with_no_valid_target_is_skipped(name, seat, board, pawns):
    st = load(board, pawns, current_player=seat)
    act(st, "worker 2a")
    d = view(st)
    assert d["phase"] == "tile" and d["current_player"] == seat
    assert all(a.startswith("tile ") for a in legal(st))


# =============================================================================
# Placing and drawing a tile
# =============================================================================
def test_tile_must_share_an_edge_with_a_placed_tile():
    T = Tiles()
    a, b, c = T("room"), T("room"), T("corridor")
    st = load({"1a": c}, phase="tile", hands=[[a, None, b], [T("room"), None, None]])
    assert legal(st) == {f"tile {j} 2b r{r}" for j in (1, 3) for r in range(3)}
    st = load({"3c": c}, phase="tile", hands=[[a, b, None], [T("room"), None, None]])
    assert legal(st) == {f"tile {j} {cell} r{r}" for j in (1, 2) for cell in ("3b", "3d", "4d")
                         for r in range(3)}


@pytest.mark.parametrize("slot, rot", [(1, 0), (2, 1), (3, 2)])
def test_tile_any_orientation_from_any_slot_then_draw_top_of_pile(slot, rot):
    T = Tiles()
    hand = [T("room"), T("room"), T("room")]
    top = [T("corridor"), T("corridor"), T("room", 2, "ankh")]  # bottom first: ankh is drawn
    st = load({"1a": T("room", 1, "doubler")}, phase="tile", hands=[hand, [T("room"), None, None]],
              pile=top)
    before = view(st)["pile"]
    act(st, f"tile {slot} 2b r{rot}")
    d = view(st)
    assert d["board"]["2b"] == {"tile": hand[slot - 1], "rot": rot}
    new_hand = list(hand)
    new_hand[slot - 1] = top[-1]
    assert d["hands"][0] == new_hand
    assert d["pile"] == before[:-1]
    assert d["current_player"] == R and d["phase"] == "pawn"


def test_no_draw_when_the_pile_is_empty():
    T = Tiles(quiet=True)
    hands = [[T("room"), T("room"), T("room")], [T("room"), T("room"), T("room")]]
    empty = ("7i", "7j", "7k", "7l", "7m")
    st = load({}, phase="tile", hands=hands, pile=[], fill=all_cells_but(*empty))
    assert view(st)["pile"] == []
    act(st, "tile 1 7i r0")
    d = view(st)
    assert d["hands"][0] == [None] + hands[0][1:]
    assert d["pile"] == [] and d["current_player"] == R
    d.update(current_player=W, phase="tile")
    st = GAME.from_dict(d)
    assert {a.split()[1] for a in legal(st)} == {"2", "3"}


# =============================================================================
# End of the game
# =============================================================================
def test_game_ends_when_the_last_cell_is_filled():
    T = Tiles()
    wt, rt, last = T("room", 2), T("room", 1), T("room", 3)
    st = load({}, hands=[[wt, None, None], [rt, None, None]], pile=[last],
              fill=all_cells_but("7l", "7m"), phase="tile")
    rewards = act(st, "tile 1 7l r0")
    d = view(st)
    assert not d["terminated"] and rewards.tolist() == [0, 0]
    assert d["hands"][0] == [last, None, None] and d["current_player"] == R
    # Red places a pawn, then the last tile
    act(st, "worker 7l")
    rewards = GAME.step(st, [GAME.str_to_action(st, "tile 1 7m r0")])
    assert rewards.shape == (1, 2)
    d = view(st)
    assert d["terminated"] and d["phase"] == "over"
    assert d["hands"] == [[last, None, None], [None, None, None]]  # White still holds a tile
    s = st[0]
    expected = tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])[3]
    assert d["scores"] == expected.tolist()
    assert rewards[0].tolist() == [float(np.sign(expected[0] - expected[1])),
                                   float(np.sign(expected[1] - expected[0]))]
    assert not GAME.legal_mask(st).any()


@pytest.mark.parametrize("owner", [W, R, None])
def test_final_scores_and_rewards(owner):
    # 1a (top tile) opens only onto 2b and 2b onto 1a and 2c's wall: a closed two-tile network
    T = Tiles(quiet=True)
    board = {**on(T("room", 1), "1a", "2b"), **on(T("corridor", 2), "2b", "1a", "2c"),
             **on(T("room", 1), "2c", "F")}
    pawns = {} if owner is None else {"2b": (owner, "worker")}
    hands = [[T("room"), None, None], [T("room"), None, None]]
    st = load(board, pawns, hands=hands, pile=[], fill=all_cells_but("7m", *board),
              current_player=R, phase="tile")
    rewards = act(st, "tile 1 7m r0")
    s = st[0]
    assert s["terminated"]
    comp, nets, _, scores = tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])
    assert s["scores"].tolist() == scores.tolist()
    g = comp[cell_of("1a")]
    assert nets[g, 0] == 2 and nets[g, 6] == 1 and nets[g, 4] == 1  # two tiles, closed, top tile
    if owner is None:
        assert s["scores"].tolist() == [0, 0] and rewards.tolist() == [0, 0]
    else:
        assert s["scores"][owner] >= (1 + 5) * 2 and s["scores"][1 - owner] == 0
        assert rewards[owner] == 1 and rewards[1 - owner] == -1


@pytest.mark.parametrize("seed", range(4))
def test_random_game_ends_after_reds_last_tile(seed):
    rng = np.random.default_rng(seed)
    st = GAME.new_states(1)
    GAME.reset(st, [seed])
    placed_by = []
    rewards = None
    for _ in range(1000):
        mask = GAME.legal_mask(st)[0]
        a = int(rng.choice(np.flatnonzero(mask)))
        if a >= spec.A_TILE:
            placed_by.append(int(st[0]["current_player"]))
        rewards = GAME.step(st, [a])[0]
        if st[0]["terminated"]:
            break
    s = st[0]
    assert s["terminated"] and (s["cell_tile"] >= 0).all()
    assert len(placed_by) == 30 and placed_by[-1] == R
    assert placed_by == [W, R] * 15
    assert (s["hand"][W] >= 0).sum() == 1 and (s["hand"][R] >= 0).sum() == 0 and s["pile_size"] == 0
    scores = tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])[3]
    assert s["scores"].tolist() == scores.tolist()
    assert rewards.tolist() == [float(np.sign(scores[0] - scores[1])), float(np.sign(scores[1] - scores[0]))]


# =============================================================================
# Endgame tally (partial boards through scoring.tally)
# =============================================================================
def big5(T):
    """An unowned network of 5 corridors on 7a-7e, open to the frame: the biggest."""
    return {c: (T("corridor", 3), 0) for c in ("7a", "7b", "7c", "7d", "7e")}


@pytest.mark.parametrize("x, y, third, expected", [
    (("room", 1, "plain"), ("corridor", 2, "plain"), None, 2),                    # no sarcophagus
    (("room", 1, "sarcophagus-orange"), ("corridor", 2, "plain"), None, 2 + 5),   # exactly one
    (("room", 1, "sarcophagus-orange"), ("corridor", 2, "sarcophagus-orange"), None, 2 + 15),  # pair
    (("room", 1, "sarcophagus-orange"), ("corridor", 2, "sarcophagus-purple"), None, 2),       # mismatched
    (("room", 1, "sarcophagus-orange"), ("corridor", 2, "sarcophagus-orange"),
     ("room", 3, "sarcophagus-purple"), 2),                                                    # pair + a third
    (("room", 2, "sarcophagus-green"), ("corridor", 3, "sarcophagus-green"),
     ("room", 3, "plain"), 2 + 15),                                                            # green pair
])
def test_sarcophagi_and_rooms_as_base(x, y, third, expected):
    # 2a - 2b - 2c (- 3d), open to the frame at 2c; rooms count, corridors do not
    T = Tiles()
    xt, yt = T(*x), T(*y)
    board = dict(big5(T))
    board.update(on(xt, "2a", "2b") if x[1] == 1 else on(xt, "2a", "2b", "F"))
    if y[1] == 2:
        board.update(on(yt, "2b", "2a", "2c"))
    else:  # a 3-opening corridor on 2b also opens toward the apex, whose tile walls it off
        board.update({**on(yt, "2b", "1a", "2a", "2c"), **on(T("room", 1), "1a", "F")})
    if third is None:
        board.update(on(T("room", 2), "2c", "2b", "F"))
    else:
        board.update(on(T(*third), "2c", "2b", "F", "3d"))
    comp, nets, _, scores = score(board, {"2b": (W, "worker")})
    assert scores.tolist() == [expected, 0]


def test_corridors_only_network_scores_nothing():
    T = Tiles()
    board = {**big5(T), **on(T("corridor", 2), "2a", "F", "2b"), **on(T("corridor", 2), "2b", "2a", "2c"),
             **on(T("corridor", 2), "2c", "2b", "F")}
    assert score(board, {"2b": (R, "worker")})[3].tolist() == [0, 0]


@pytest.mark.parametrize("apex_open_to_frame, expected", [(False, (1 + 5) * 2), (True, 1 + 5)])
def test_top_tile_and_closed_network_doubled(apex_open_to_frame, expected):
    # the rulebook's first example: 1 room, top tile +5, closed: x2 = 12
    T = Tiles(quiet=True)
    apex = on(T("room", 2), "1a", "2b", "F") if apex_open_to_frame else on(T("room", 1), "1a", "2b")
    board = {**big5(T), **apex, **on(T("corridor", 2), "2b", "1a", "2a"),
             **on(T("room", 1), "2a", "F")}  # 2b's opening runs into 2a's wall: still closed
    comp, nets, _, scores = score(board, {"2b": (W, "worker")})
    assert scores.tolist() == [expected, 0]


def _line(T, extend_red=0, red_cursed=False):
    """White's network 2a-2b-2c (2 rooms, open) and Red's on 7a-7b-7c(-7d-7e...)."""
    board = {**on(T("room", 2), "2a", "F", "2b"), **on(T("corridor", 2), "2b", "2a", "2c"),
             **on(T("room", 1), "2c", "2b")}
    red = ["7a", "7b", "7c", "7d", "7e"][:3 + extend_red]
    for i, c in enumerate(red):
        nbrs = [red[j] for j in (i - 1, i + 1) if 0 <= j < len(red)]
        if i == 0:
            board.update(on(T("room", 2), c, "F", *nbrs))
        elif i == len(red) - 1:
            board.update(on(T("room", 1), c, *nbrs))
        elif red_cursed and i == 1:
            board.update(on(T("room", 2, "curse"), c, *nbrs))
        else:
            board.update(on(T("corridor", 2), c, *nbrs))
    return board


def test_biggest_network_ties_both_score():
    board = _line(Tiles(quiet=True))
    assert score(board, {"2b": (W, "worker"), "7b": (R, "worker")})[3].tolist() == [2 + 5, 2 + 5]


def test_biggest_network_alone():
    board = _line(Tiles(quiet=True), extend_red=1)  # Red's network: 4 tiles, 2 rooms
    assert score(board, {"2b": (W, "worker"), "7b": (R, "worker")})[3].tolist() == [2, 2 + 5]


@pytest.mark.parametrize("red_cursed", [False, True])
def test_biggest_compares_unowned_and_cursed_networks(red_cursed):
    # ruling: a bigger network takes "biggest" even when nobody scores it
    board = _line(Tiles(quiet=True), extend_red=1, red_cursed=red_cursed)
    pawns = {"2b": (W, "worker")}
    if red_cursed:
        pawns["7a"] = (R, "worker")
    assert score(board, pawns)[3].tolist() == [2, 0]


def test_ankhs_squared_and_fragment_pawns_still_cover_ankhs():
    # all ankh tiles alone on up cells: fragments; the apex fragment gets no top-tile bonus
    T = Tiles()
    cells = ["1a", "3a", "3e", "5a", "5e", "5i"]
    ankhs = [T("room", 1, "ankh"), T("room", 2, "ankh"), T("room", 3, "ankh"),
             T("corridor", 2, "ankh"), T("corridor", 3, "ankh"), T("corridor", 2, "ankh")]
    board = {**dict(zip(cells, ankhs)), "7a": T("room", 1)}  # White's mummy, off the ankhs
    pawns = {"1a": (W, "pharaoh"), "3a": (W, "worker"), "3e": (W, "priest"), "5a": (R, "worker"),
             "5e": (R, "mummy"), "7a": (W, "mummy")}
    comp, nets, ankh_count, scores = score(board, pawns)
    assert nets[:, 0].tolist() == [1] * 7  # all fragments
    assert ankh_count.tolist() == [3, 2]
    assert scores.tolist() == [9, 4]


@pytest.mark.parametrize("cursed", [False, True])
def test_curse_voids_network_and_its_ankhs(cursed):
    T = Tiles(quiet=True)
    hub = T("corridor", 3, "curse") if cursed else T("corridor", 3)
    board = {**on(T("room", 1, "ankh"), "2a", "2b"), **on(hub, "2b", "1a", "2a", "2c"),
             **on(T("room", 1), "2c", "2b"), **on(T("room", 1), "1a", "F"),  # 1a walls 2b off
             **on(T("room", 2, "ankh"), "5a", "F", "5b")}
    pawns = {"2a": (W, "worker"), "2c": (W, "worker"), "5a": (R, "worker")}
    comp, nets, ankh_count, scores = score(board, pawns)
    if cursed:
        assert ankh_count.tolist() == [0, 1] and scores.tolist() == [0, 1]
    else:
        # ankh 1^2 + (2 rooms + biggest 5), closed x2
        assert ankh_count.tolist() == [1, 1] and scores.tolist() == [1 + (2 + 5) * 2, 1]


def test_cursed_network_ties_for_biggest_and_voids_its_ankh():
    T = Tiles()
    board = {**on(T("room", 2), "2a", "F", "2b"), **on(T("corridor", 2), "2b", "2a", "2c"),
             **on(T("room", 1), "2c", "2b"),
             **on(T("room", 2), "7a", "F", "7b"), **on(T("corridor", 3, "curse"), "7b", "6a", "7c", "7a"),
             **on(T("room", 1, "ankh"), "7c", "7b")}
    pawns = {"2b": (W, "worker"), "7a": (R, "worker"), "7c": (R, "worker")}
    comp, nets, ankh_count, scores = score(board, pawns)
    # Red's network is cursed: no points, its ankh not counted; it still ties White's for biggest
    assert ankh_count.tolist() == [0, 0] and scores.tolist() == [2 + 5, 0]


@pytest.mark.parametrize("pawns, expected", [
    ({"2a": (W, "worker"), "3d": (R, "worker")}, [0, 0]),                          # 1 - 1: tie
    ({"2a": (W, "worker"), "2b": (W, "worker"), "3d": (R, "worker")}, [8, 0]),    # 2 - 1
    ({"2a": (W, "pharaoh"), "2b": (R, "worker"), "3d": (R, "worker")}, [0, 0]),   # Pharaoh = 2
    ({"2a": (W, "pharaoh"), "2b": (R, "worker")}, [8, 0]),
    ({"2a": (W, "priest"), "2b": (R, "worker"), "3d": (R, "worker")}, [0, 8]),    # priest = 1
    ({"2c": (W, "pharaoh"), "2b": (R, "worker"), "3d": (R, "worker")}, [0, 0]),   # on doubler still 2
    ({"2c": (R, "worker"), "2a": (W, "worker"), "2b": (W, "worker")}, [0, 0]),    # doubler = 2
    ({"2c": (R, "worker"), "2a": (W, "worker")}, [0, 8]),
    ({"2c": (R, "mummy"), "2a": (W, "worker"), "2b": (W, "worker"), "3d": (W, "worker")}, [8, 0]),
])
def test_ownership_majority_doubler_and_pharaoh(pawns, expected):
    # 2a - 2b - 2c(doubler) - 3d: 3 rooms, open at 2a, the only network: 3 + 5 = 8
    T = Tiles(quiet=True)
    board = {**on(T("room", 2), "2a", "F", "2b"), **on(T("corridor", 2), "2b", "2a", "2c"),
             **on(T("room", 2, "doubler"), "2c", "2b", "3d"), **on(T("room", 1), "3d", "2c"),
             **on(T("room", 1), "7a", "F")}  # a fragment for White's mummy, which a priest needs
    pawns = {**pawns, "7a": (W, "mummy")}
    assert score(board, pawns)[3].tolist() == expected


def test_fragment_pawn_does_not_own():
    T = Tiles(quiet=True)
    board = {**on(T("room", 1), "1a", "F"), **on(T("room", 1), "7a", "F")}  # two fragments
    comp, nets, _, scores = score(board, {"1a": (W, "pharaoh"), "7a": (W, "mummy")})
    assert scores.tolist() == [0, 0]


# =============================================================================
# Bad input
# =============================================================================
def _env_at(d):
    env = kheops_v1.env()
    env.reset(seed=0)
    sd = env.unwrapped.state_dict()
    sd["game"] = d
    sd["agent_selection"] = env.unwrapped.possible_agents[d.get("current_player", 0)]
    env.unwrapped.load_state_dict(sd)
    return env


def _illegal_cases():
    T = Tiles()
    board = {"2a": (T("room", 2, "pivot-room"), 0), "2c": (T("room"), 0),
             "4a": T("corridor", 2, "closed"), "4c": T("room"), "4e": T("room")}
    pawns = {"2c": (R, "priest"), "4c": (R, "worker"), "4e": (R, "mummy")}
    d = position(board, pawns)
    yield "priest before mummy", d, [], "priest 2a"
    yield "pawn on closed tile", d, [], "worker 4a"
    yield "pawn on empty cell", d, [], "worker 3c"
    yield "pawn on occupied tile", d, [], "worker 4c"
    yield "mummy on opposing mummy", d, [], "mummy 4e"
    yield "mummy on opposing priest", d, [], "mummy 2c"
    yield "pivot before a pawn", d, [], "pivot 2a r1"
    yield "tile before a pawn", d, [], "tile 1 2b r0"
    yield "pivot opponent priest tile", d, ["worker 2a"], "pivot 2c r1"
    yield "pivot to same orientation", d, ["worker 2a"], "pivot 4c r0"
    T = Tiles()
    board = {"2a": T("room", 1, "swap"), "2c": T("room"), "4a": T("room"), "4c": T("room", 2, "move")}
    d = position(board, {"2c": (R, "priest"), "4a": (R, "mummy")}, current_player=W)
    yield "swap with opposing priest", d, ["worker 2a", "swap 2a"], "swap-with 2c"
    d2 = position(board, {"2c": (W, "worker"), "4a": (R, "mummy")})
    yield "move the pawn just placed", d2, ["worker 4c"], "move 4c"
    yield "move onto occupied", d2, ["worker 4c", "move 2c"], "move-to 4a"
    yield "tile not adjacent", d2, ["worker 2a", "swap 2a", "swap-with 4a"], "tile 1 1a r0"


@pytest.mark.parametrize("name, d, before, action", list(_illegal_cases()),
                         ids=[c[0] for c in _illegal_cases()])
def test_env_rejects_illegal_action_and_keeps_state(name, d, before, action):
    env = _env_at(d)
    for text in before:
        env.step(GAME.str_to_action(env.unwrapped.state_array, text))
    a = GAME.str_to_action(env.unwrapped.state_array, action)
    snapshot = env.unwrapped.state_array.tobytes()
    with pytest.raises(ValueError, match=re.escape(action)):
        env.step(a)
    assert env.unwrapped.state_array.tobytes() == snapshot


@pytest.mark.parametrize("action", [-1, spec.NUM_ACTIONS, None, 1.5, "worker 2a", True])
def test_env_rejects_out_of_range_and_non_integer_actions(action):
    env = kheops_v1.env()
    env.reset(seed=0)
    snapshot = env.unwrapped.state_array.tobytes()
    with pytest.raises(ValueError):
        env.step(action)
    assert env.unwrapped.state_array.tobytes() == snapshot


def _base_dict():
    T = Tiles()
    board = {"2a": T("room"), "2c": T("corridor", 2, "closed"), "4a": T("room"), "4c": T("room")}
    return position(board, {"2a": (W, "worker")})


def _bad_dicts():
    def mut(f):
        d = _base_dict()
        r = f(d)
        return d if r is None else r

    yield "not a dict", lambda: [1, 2]
    yield "none", lambda: None
    yield "duplicate tile", lambda: mut(lambda d: d["hands"][0].__setitem__(0, d["board"]["2a"]["tile"]))
    yield "duplicate in pile", lambda: mut(lambda d: d["pile"].append(d["pile"][0]))
    yield "missing tile", lambda: mut(lambda d: d["pile"].pop())
    yield "tile id out of range", lambda: mut(lambda d: d["pile"].__setitem__(0, 50))
    yield "unknown key", lambda: mut(lambda d: d.__setitem__("colour", "red"))
    yield "missing board", lambda: mut(lambda d: d.pop("board") and None)
    yield "bad cell name", lambda: mut(lambda d: d["board"].__setitem__("8a", d["board"].pop("4a")))
    yield "bad pawn cell", lambda: mut(lambda d: d["pawns"].__setitem__("2z", {"owner": 0, "kind": "worker"}))
    yield "bad rotation", lambda: mut(lambda d: d["board"]["4a"].__setitem__("rot", 3))
    yield "pawn on closed tile", lambda: mut(
        lambda d: d["pawns"].__setitem__("2c", {"owner": 1, "kind": "worker"}))
    yield "pawn on empty cell", lambda: mut(
        lambda d: d["pawns"].__setitem__("2b", {"owner": 1, "kind": "worker"}))
    yield "pharaoh for Red", lambda: mut(
        lambda d: d["pawns"].__setitem__("4a", {"owner": 1, "kind": "pharaoh"}))
    yield "two mummies", lambda: mut(lambda d: d["pawns"].update(
        {"4a": {"owner": 0, "kind": "mummy"}, "4c": {"owner": 0, "kind": "mummy"}}))
    yield "too many workers", lambda: mut(lambda d: d.__setitem__("removed", [15, 0]))
    yield "bad pawn kind", lambda: mut(lambda d: d["pawns"].__setitem__("4a", {"owner": 0, "kind": "scribe"}))
    yield "bad owner", lambda: mut(lambda d: d["pawns"].__setitem__("4a", {"owner": 2, "kind": "worker"}))
    yield "bad phase", lambda: mut(lambda d: d.__setitem__("phase", "dance"))
    yield "over on a partial board", lambda: mut(lambda d: d.__setitem__("phase", "over"))
    yield "swap phase without last_placed", lambda: mut(lambda d: d.__setitem__("phase", "swap-own"))
    yield "bad player", lambda: mut(lambda d: d.__setitem__("current_player", 2))
    yield "four tiles in a hand", lambda: mut(lambda d: d["hands"][0].append(d["pile"].pop()))
    yield "wrong game", lambda: mut(lambda d: d.__setitem__("game", "sakkara_v1"))


@pytest.mark.parametrize("name, make", list(_bad_dicts()), ids=[c[0] for c in _bad_dicts()])
def test_from_dict_rejects_malformed_input(name, make):
    GAME.from_dict(_base_dict())  # the base is fine
    with pytest.raises(ValueError):
        GAME.from_dict(make())


def test_from_dict_round_trip():
    s = GAME.new_states(1)
    GAME.reset(s, [7])
    act(s, sorted(legal(s))[0])
    d = view(s)
    assert view(GAME.from_dict(d)) == d
