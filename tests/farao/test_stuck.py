"""A game no player still in can ever finish ends at the hand-over (option end_when_stuck,
on by default): those who entered the chamber keep their places, the others share the
best place left. The proof (reach.stuck) must never end a game that could still finish."""
import json
from pathlib import Path

import numpy as np
import pytest

from pyramid_envs.farao import GAME, spec
from pyramid_envs.farao.reach import reach, scratch, stuck

from .positions import act, load, moving, position

# e5 is the small pyramid's chamber: its neighbours north, west and south with a wall toward it
WALLS = {"e4": ("plain", "NEW"), "d5": ("plain", "NSW"), "e6": ("plain", "ESW")}
SEALED = {**WALLS, "f5": ("plain", "NES")}
ONE_STEP = dict(at="b1", die=1, steps_left=1)  # player 0 ends the move on b2
B2 = {"b2": ("plain", "NS")}
DATA = Path(__file__).parent / "data"


def is_stuck(st):
    return stuck(st[0], *scratch())


def one_step(tiles, player, n, **kw):
    """`player`'s figure on b1 with one step left (onto b2), the rest as `kw` gives."""
    figures = [[None] * 3 for _ in range(n)]
    figures[player][0] = "b1"
    return load(tiles, n=n, current_player=player, phase="step", mover=0, die=1, steps_left=1,
                moved=True, figures=figures, **kw)


def test_a_walled_off_chamber_ends_the_game_at_the_hand_over_as_a_draw():
    st = moving({**SEALED, **B2}, **ONE_STEP)
    assert is_stuck(st) and not st[0]["terminated"]  # the move in progress is played out
    r = act(st, "step S")
    s = st[0]
    assert s["terminated"] and s["phase"] == spec.PH_OVER
    assert list(s["place"][:2]) == [1, 1] and list(s["scores"][:2]) == [2, 2]
    assert list(r[0, :2]) == [0.0, 0.0]
    d = GAME.to_dict(st)
    assert GAME.from_dict(d).tobytes() == st.tobytes()  # the end reads back
    assert "could ever enter the chamber" in GAME.score_sheet(st)


def test_those_who_entered_keep_their_places_the_others_share_the_next():
    # four players, Red entered first; the chamber is then walled off for the other three
    st = one_step({**SEALED, **B2}, 1, 4, place=[1, 0, 0, 0], chamber_open=True,
                  inscriptions=[["red", "blue", "green", "yellow", "white"], [], [], []])
    r = act(st, "step S")
    s = st[0]
    assert s["terminated"] and list(s["place"][:4]) == [1, 2, 2, 2]
    assert list(s["scores"][:4]) == [4, 3, 3, 3]
    np.testing.assert_allclose(r[0, :4], [1.0, -1 / 3, -1 / 3, -1 / 3])
    assert GAME.from_dict(GAME.to_dict(st)).tobytes() == st.tobytes()


def test_laying_the_last_way_in_shut_ends_the_game_laying_it_open_does_not():
    # the mover on g5 turns the face-down T on f5, the chamber's last way in, and stops there
    for rot, opens_west in (("rot r0", False), ("rot r1", True), ("rot r3", True)):
        st = moving({**WALLS, "f5": ("plain", None, "T"), "g5": ("plain", "EW")}, at="g5", die=1)
        act(st, "step W", rot)
        assert bool(spec.SHAPE_OPEN[spec.T_SHAPE, int(rot[-1])] & (1 << spec.W)) == opens_west
        assert st[0]["terminated"] != opens_west, rot


def _colour_pocket():
    """Both red tiles face up, each walled in by its neighbours: no one can read red."""
    return {"c3": ("inscription-red", "NES", "T"), "c2": ("plain", "NEW", "T"),
            "d3": ("plain", "NES", "T"), "c4": ("plain", "ESW", "T"),
            "f3": ("inscription-red", "NESW"), "f2": ("plain", "NEW", "T"),
            "g3": ("plain", "NES", "T"), "f4": ("plain", "ESW", "T"), "e3": ("plain", "NSW", "T"),
            **B2}


def test_a_colour_walled_off_ends_the_game_while_someone_lacks_it():
    st = moving(_colour_pocket(), **ONE_STEP)
    act(st, "step S")
    assert st[0]["terminated"] and list(st[0]["place"][:2]) == [1, 1]
    # a player who read red already may still open the chamber: the game goes on
    st = moving(_colour_pocket(), **ONE_STEP, insc=["red"])
    act(st, "step S")
    assert not st[0]["terminated"] and st[0]["current_player"] == 1


def test_the_last_colour_face_down_behind_walls_ends_the_game():
    """From a random game (seed 182 of 200, small, 2 players): both lack green, both green
    tiles are still face down among eight fields walled in by laid tiles next to the
    chamber, the map is turned and one tunnel is up: no face-down field can ever be
    reached, so green cannot be read, although the chamber itself can be reached."""
    d = json.loads((DATA / "green_walled_off.json").read_text())
    st = GAME.from_dict(d)  # recorded with end_when_stuck off
    seen, up = scratch()
    assert reach(st[0], seen, up)[0] == 0 and seen[spec.CHAMBER[0]]
    assert stuck(st[0], seen, up)
    with pytest.raises(ValueError, match="hand-over"):
        GAME.from_dict({**d, "end_when_stuck": True})
    # with green read by Blue the game can still finish
    green = {**d, "end_when_stuck": True, "inscriptions": [d["inscriptions"][0],
                                                           ["red", "blue", "green", "yellow", "white"]]}
    assert not is_stuck(GAME.from_dict(green))
    # Blue's move is played out, then the game ends
    st = GAME.from_dict({**d, "end_when_stuck": True, "phase": "step", "mover": 2,
                         "steps_left": d["die"]})
    rng = np.random.default_rng(0)
    while st[0]["current_player"] == 1 and not st[0]["terminated"]:
        GAME.step(st, [rng.choice(np.flatnonzero(GAME.legal_mask(st)[0]))])
    assert st[0]["terminated"] and list(st[0]["place"][:2]) == [1, 1]


@pytest.mark.parametrize("change", ["face-down f5", "figure inside", "tunnel inside",
                                    "map still face down"])
def test_near_stuck_positions_that_can_still_finish_go_on(change):
    tiles = {**SEALED, **B2}
    kw = dict(ONE_STEP)
    if change == "face-down f5":
        tiles["f5"] = ("plain", None)
    elif change == "figure inside":  # f5 opens toward the chamber only; a figure stands on it
        tiles["f5"] = ("plain", "W", "dead-end")
        kw["others"] = {1: ["f5", None, None]}
    elif change == "tunnel inside":  # its twin still face down may turn up anywhere reached
        tiles["f5"] = ("secret-tunnel", "W")
    else:  # f5 face down inside walls; both tunnels and the map face down: the map may
        # turn a tunnel up on f5 while its twin turns up outside
        tiles.update({"f5": ("plain", None), "f4": ("plain", "NEW"), "g5": ("plain", "NES"),
                      "f6": ("plain", "ESW")})
    st = moving(tiles, **kw)
    assert not is_stuck(st)
    act(st, "step S")
    assert not st[0]["terminated"] and st[0]["current_player"] == 1


def test_the_map_turned_already_seals_a_face_down_field_inside_the_walls():
    pocket = {**WALLS, "f5": ("plain", None), "f4": ("plain", "NEW"), "g5": ("plain", "NES"),
              "f6": ("plain", "ESW"), **B2}
    assert not is_stuck(moving(pocket, **ONE_STEP))
    st = moving({**pocket, "h2": ("map", "NES")}, **ONE_STEP)
    assert is_stuck(st)
    act(st, "step S")
    assert st[0]["terminated"]


def test_in_the_big_pyramid_a_key_or_bottle_still_to_be_had_keeps_a_walled_chamber_open():
    # the chamber f6 walled off; Red has entered it holding the coffer's key and bottle; the
    # key and bottle tiles lie face up, walled in (their supply tokens can never be reached)
    pockets = {"f5": ("plain", "NEW"), "e6": ("plain", "NSW"), "g6": ("plain", "NES"),
               "f7": ("plain", "ESW"), "j10": ("golden-key", "NW"), "j9": ("plain", "NEW", "T"),
               "i10": ("plain", "NSW", "T"), "c9": ("magic-bottle", "NEW"),
               "c8": ("plain", "NEW", "T"), "d9": ("plain", "NES", "T"),
               "b9": ("plain", "NSW", "T"), "b2": ("plain", "NS")}
    magic = ["magic-bottle", "golden-key"]

    def game(held, coffer):
        return one_step(pockets, 1, 3, pyramid="big", place=[1, 0, 0], chamber_open=True,
                        inscriptions=[["red", "blue", "green", "yellow", "white"], [], []],
                        items=[magic, held, []],
                        coffer=[x for x in spec.ITEM_NAMES if x not in coffer])
    st = game([], magic)
    assert is_stuck(st)
    act(st, "step S")
    assert st[0]["terminated"] and list(st[0]["place"][:3]) == [1, 2, 2]
    for held, coffer in (([], ["magic-bottle"]), ([], ["golden-key"]), (["magic-bottle"], magic),
                         (["golden-key"], magic)):
        # a coffer that still holds one, or a player still in who holds one
        assert not is_stuck(game(held, coffer)), (held, coffer)


CURSED_WAY_IN = {**WALLS, "f5": ("plain", "EW"), "g5": ("plain", "EW"), "h5": ("plain", "EW"), **B2}
SHRINE_WALLED_IN = {"c3": ("dark-shrine", "E"), "d3": ("plain", "NES", "T")}  # d3 walls it in


def test_a_curse_on_the_only_way_in_that_no_one_can_move_again():
    # the chamber's last way in, f5, is cursed; the shrine lies walled in
    st = moving({**CURSED_WAY_IN, **SHRINE_WALLED_IN}, **ONE_STEP, curse="f5")
    assert is_stuck(st)
    act(st, "step S")
    assert st[0]["terminated"]
    # a figure standing on the shrine cannot enter it again: still stuck
    assert is_stuck(moving({**CURSED_WAY_IN, **SHRINE_WALLED_IN}, **ONE_STEP, curse="f5",
                           others={1: ["c3", None, None]}))
    # the shrine reachable (or still face down), or the figure able to step off and back
    open_way = {"c3": ("dark-shrine", "E"), "d3": ("plain", "ESW", "T")}
    for shrine in (open_way, {"c3": ("dark-shrine", None)}):
        assert not is_stuck(moving({**CURSED_WAY_IN, **shrine}, **ONE_STEP, curse="f5"))
    assert not is_stuck(moving({**CURSED_WAY_IN, **open_way}, **ONE_STEP, curse="f5",
                               others={1: ["c3", None, None]}))
    assert not is_stuck(moving(CURSED_WAY_IN, **ONE_STEP))  # no curse


SNAKE_WAY_IN = {**WALLS, "f5": ("snake", "EW"), "g5": ("plain", "NESW"), "h5": ("plain", "NESW"),
                # the torch and the money walled in on the far side
                "c3": ("torch", "NES"), "c2": ("plain", "NEW", "T"), "d3": ("plain", "NES", "T"),
                "c4": ("plain", "ESW", "T"), "g3": ("money", "W"), "f3": ("plain", "NS"), **B2}
NO_TORCH = [x for x in spec.ITEM_NAMES[:8] if x not in ("torch", "money")]


def test_an_obstacle_on_the_only_way_in_whose_item_no_one_can_have():
    st = moving(SNAKE_WAY_IN, **ONE_STEP, coffer=NO_TORCH)
    assert is_stuck(st)
    act(st, "step S")
    assert st[0]["terminated"]
    # a torch held by a player still in (it can be robbed), in the coffer, or money to buy
    # it with (it is discovered): the snake can be passed
    for kw in (dict(items={1: ["torch"]}), dict(items={1: ["money"]}), dict(coffer=["torch"])):
        kw.setdefault("coffer", NO_TORCH)
        assert not is_stuck(moving(SNAKE_WAY_IN, **ONE_STEP, **kw)), kw


def test_option_off_keeps_the_game_going():
    d = position({**SEALED, **B2}, phase="step", mover=0, die=1, steps_left=1, moved=True,
                 figures=[["b1", None, None], [None] * 3], end_when_stuck=False)
    st = GAME.from_dict(d)
    act(st, "step S")
    assert not st[0]["terminated"] and st[0]["current_player"] == 1
    assert GAME.to_dict(st)["end_when_stuck"] is False
    new = GAME.new_states(1)
    GAME.reset(new, [3], {"end_when_stuck": False})
    assert not new[0]["end_stuck"]
    GAME.reset(new, [3])
    assert new[0]["end_stuck"]  # on by default


def test_a_stuck_position_at_the_start_of_a_move_is_refused_and_shared_places_checked():
    with pytest.raises(ValueError, match="hand-over"):
        load({**SEALED, **B2}, figures=[["b1", None, None], [None] * 3])
    load({**SEALED, **B2}, figures=[["b1", None, None], [None] * 3], end_when_stuck=False)
    with pytest.raises(ValueError, match="no one still in can ever finish"):
        load(B2, place=[1, 1], phase="over")
    with pytest.raises(ValueError, match="no one still in can ever finish"):
        load({**SEALED, **B2}, place=[1, 1], phase="over", end_when_stuck=False)
    assert load({**SEALED, **B2}, place=[1, 1], phase="over")[0]["terminated"]


# --- the walk on sets of fields against a field-by-field one --------------------------------

def _reference_reach(s):
    """reach's over-approximation walked field by field from a queue, in plain Python (the
    module docstring's rules, one at a time): (seen, face-down fields reached)."""
    p = int(s["pyramid"])
    kind, up_ = spec.CELL_KIND[p], s["up"]
    tile = lambda c: int(s["tile"][c])  # noqa: E731
    unlaid = lambda c: not up_[c] or (c == s["target"] and s["phase"] in (spec.PH_ORIENT, spec.PH_MAP_ORIENT))  # noqa: E731
    down = lambda c: kind[c] == spec.C_TILE and not up_[c]  # noqa: E731
    in_game = lambda q: s["place"][q] == 0 or s["place"][q] > s["finished"]  # noqa: E731
    sym = lambda c: int(spec.TILE_SYMBOL[tile(c)])  # noqa: E731
    up = np.zeros(spec.NUM_SYMBOLS, int)
    for c in range(spec.NUM_CELLS):
        if kind[c] == spec.C_TILE and up_[c]:
            up[sym(c)] += 1

    def may_open(c, d, key):
        if kind[c] in (spec.C_RING, spec.C_CORNER):
            return (spec.RING_OPEN[p, c] >> d) & 1 == 1
        if kind[c] == spec.C_CHAMBER:
            return True
        if kind[c] != spec.C_TILE:
            return False
        return key or unlaid(c) or (spec.SHAPE_OPEN[spec.TILE_SHAPE[tile(c)], s["rot"][c]] >> d) & 1 == 1

    def passable(b, curse_moves, got):
        if b == s["curse"] and not curse_moves:
            return False
        if kind[b] != spec.C_TILE or not up_[b]:
            return True
        y = sym(b)
        if y < spec.SYM_OBSTACLE or y >= spec.SYM_MAP or spec.OBSTACLE_EFFECT[y - spec.SYM_OBSTACLE] == spec.END_MOVE:
            return True
        return (got >> int(spec.OBSTACLE_ITEM[y - spec.SYM_OBSTACLE])) & 1 == 1

    def found(y, fd):
        return (up[y] < spec.SYMBOL_TILES[p, y] and fd > 0) or any(
            seen[c] == 2 and kind[c] == spec.C_TILE and up_[c] and sym(c) == y for c in range(spec.NUM_CELLS))

    def to_be_had(fd, map_left):
        got = 0
        for k in range(spec.ITEMS_IN_GAME[p]):
            if any(in_game(q) and s["items"][q, k] for q in range(s["num_players"])) or found(
                    spec.SYM_ITEM + k, fd) or (s["coffer"][k] and found(spec.SYM_COFFER, fd)):
                got |= 1 << k
        if (got >> spec.MONEY) & 1:
            for k in range(spec.ITEMS_IN_GAME[p]):
                y = spec.SYM_ITEM + k
                if not spec.MAGIC[k] and (s["discovered"][k] or (up[y] < spec.SYMBOL_TILES[p, y] and (fd or map_left))):
                    got |= 1 << k
        return got

    seen, queue = np.zeros(spec.NUM_CELLS, np.int8), []
    for i in range(4 + s["num_players"] * spec.FIGURES):
        c = spec.CORNERS[p, i] if i < 4 else s["fig"][(i - 4) // spec.FIGURES, (i - 4) % spec.FIGURES]
        if c >= 0 and not seen[c]:
            seen[c] = 1 if i >= 4 else 2
            queue.append(int(c))
    tunnels = [c for c in range(spec.NUM_CELLS) if kind[c] == spec.C_TILE and up_[c] and sym(c) == spec.SYM_TUNNEL]
    tunnels_down = spec.SYMBOL_TILES[p, spec.SYM_TUNNEL] - up[spec.SYM_TUNNEL]
    twins = tunnels[-2:] if tunnels_down == 0 and len(tunnels) >= 2 else []
    map_left = up[spec.SYM_MAP] < spec.SYMBOL_TILES[p, spec.SYM_MAP] or s["phase"] == spec.PH_MAP_PICK
    got, curse_moves, fd = 0, s["curse"] < 0, 0
    while True:  # until nothing new: walk from every field reached, with what may be had
        key, bottle = (got >> spec.KEY) & 1, (got >> spec.BOTTLE) & 1
        head = 0
        while head < len(queue):
            a = queue[head]
            head += 1
            steps = [(int(spec.NEIGHBOR[p, a, d]), d) for d in range(4)]
            steps += [(t, -1) for t in twins if a in twins and t != a]
            for b, d in steps:
                if b < 0 or seen[b] == 2 or not passable(b, curse_moves, got):
                    continue
                if d >= 0 and not ((may_open(a, d, key) and may_open(b, (d + 2) % 4, key))
                                   or (bottle and not down(b))):
                    continue
                if not seen[b] and b != spec.CHAMBER[p]:
                    fd += down(b)
                    queue.append(b)
                seen[b] = 2
        grown = False
        if tunnels_down > 0 and fd:
            for c in range(spec.NUM_CELLS):
                if seen[c] != 2 and ((c in tunnels and passable(c, curse_moves, got)) or (down(c) and map_left)):
                    if not seen[c]:
                        fd += down(c)
                        queue.append(c)
                        grown = True
                    seen[c] = 2
        more = to_be_had(fd, map_left)
        moves = curse_moves or found(spec.SYM_SHRINE, fd)
        if more == got and moves == curse_moves and not grown:
            return seen, fd
        got, curse_moves = more, moves


@pytest.mark.parametrize("options", [dict(num_players=2), dict(num_players=5),
                                     dict(num_players=2, pyramid="big"),
                                     dict(num_players=4, pyramid="big", inscriptions_to_open=7)])
def test_the_walk_on_sets_of_fields_marks_what_a_field_by_field_walk_marks(options):
    """reach walks every field reached at once, on bit sets; a field-by-field walk over the
    same rules marks the same fields and counts the same face-down fields, at points spread
    over whole games of random play (keys, bottles, tunnels and the map come late)."""
    from pyramid_envs.core.vector import VectorGame

    vec = VectorGame(GAME, 16, seed=5, **options)
    _, masks = vec.reset()
    rng = np.random.default_rng(5)
    seen, up = scratch()
    for t in range(2000):
        if t % 40 == 0:
            for b in range(vec.num_envs):
                want_seen, want_fd = _reference_reach(vec.states[b])
                assert reach(vec.states[b], seen, up)[0] == want_fd
                np.testing.assert_array_equal(seen, want_seen)
        _, masks, *_ = vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
