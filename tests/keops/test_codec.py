"""The Keops JSON view round-trips, bad positions are refused with clear errors naming the
field (and the input is left as it was), and action names read back."""
import copy
import json

import numpy as np
import pytest

from pyramid_envs.keops import GAME, rules, spec
from pyramid_envs.keops.actions import NUM_ACTIONS, action_of


def _random_play(num_players, seed, batch=6, every=5):
    """Snapshots of `batch` uniformly random games taken every `every` steps, to the end."""
    rng = np.random.default_rng(seed)
    st = GAME.new_states(batch)
    GAME.reset(st, [seed * 100 + b for b in range(batch)], {"num_players": num_players})
    snaps = [st.copy()]
    rewards = np.zeros((batch, spec.MAX_PLAYERS), np.float32)
    for t in range(3000):
        masks = GAME.legal_mask(st)
        live = ~st["terminated"]
        if not live.any():
            break
        actions = np.array([rng.choice(np.flatnonzero(masks[b])) if live[b] else -1 for b in range(batch)],
                           np.int64)
        GAME.kernels.step(st, actions, rewards)
        if t % every == 0:
            snaps.append(st.copy())
    snaps.append(st.copy())
    return np.concatenate(snaps)


@pytest.fixture(scope="module")
def midgames():
    return np.concatenate([_random_play(n, seed=n) for n in (2, 3, 4)])


def test_snapshots_cover_the_game(midgames):
    phases = set(midgames["phase"].tolist())
    assert len(phases) >= 15, sorted(spec.PHASES[p] for p in phases)
    assert midgames["terminated"].any()
    assert set(midgames["level"].tolist()) == {0, 1, 2}


def test_to_dict_from_dict_round_trip(midgames):
    for b in range(len(midgames)):
        st = midgames[b:b + 1]
        d = json.loads(json.dumps(GAME.to_dict(st)))  # JSON-able
        back = GAME.from_dict(d)
        assert back.tobytes() == st.tobytes(), f"snapshot {b}: phase {d['phase']}"


def _view(n=2, **change):
    """to_dict of the seed-0 start of n Viziers, top-level keys changed."""
    st = GAME.new_states(1)
    rules.reset(st, np.zeros(1, np.uint64), np.array([n], np.int64))
    return {**GAME.to_dict(st), **change}


def test_a_partial_dict_is_refused():
    with pytest.raises(ValueError, match=r"position: missing keys \['border_spaces', "):
        GAME.from_dict({"num_players": 2})


def test_supplies_must_be_the_total_less_what_lies_elsewhere():
    d = _view(2)
    barley = d["supply"]["goods"]["barley"]
    d["viziers"][0]["goods"]["barley"] += 3
    with pytest.raises(ValueError, match=rf"supply\.goods .*leaves \[{barley - 3}, "):
        GAME.from_dict(d)
    d["supply"]["goods"]["barley"] -= 3
    assert GAME.from_dict(d)[0]["goods_supply"][spec.BARLEY] == barley - 3


def _start():
    return _view(3)


def _edit(path, value):
    """Set d[path...] = value (path: keys and list indices)."""
    def change(d):
        x = d
        for k in path[:-1]:
            x = x[k]
        x[path[-1]] = value
    return change


def _delete(*path):
    def change(d):
        x = d
        for k in path[:-1]:
            x = x[k]
        del x[path[-1]]
    return change


def _add_building(building, owner, anchor, orientation=0, rooms=(None, None)):
    def change(d):
        b = {"building": building, "owner": owner, "anchor": anchor, "orientation": orientation,
             "rooms": list(rooms)}
        d["city"]["buildings"].append(b)
    return change


BAD = [
    (_edit(("colour",), 1), r"unknown keys \['colour'\]"),
    (_edit(("game",), "farao_v1"), "Keops position loader"),
    (_edit(("num_players",), 5), r"num_players must be an integer in \[2, 4\]"),
    (_edit(("phase",), "dance"), "phase: 'dance' is not one of"),
    (_edit(("current_player",), 3), r"current_player must be an integer in \[0, 2\]"),
    (_edit(("level",), 0), r"level must be an integer in \[1, 3\]"),
    (_edit(("viziers", 1, "debens"), -1), r"viziers\[1\]\.debens"),
    (_edit(("viziers", 0, "wealth"), 3), r"viziers\[0\]: unknown keys \['wealth'\]"),
    (_edit(("viziers", 2, "mandates"), 4), r"viziers\[2\]\.mandates must be an integer in \[0, 3\]"),
    (_edit(("viziers", 0, "materials"), {"limestone": 3, "wood": 3, "granite": 1}), "storehouse holds at most 6"),
    (_edit(("viziers", 0, "servants", "home", "artisan"), 3), r"viziers\[0\]\.servants: 6 artisans"),
    (_edit(("viziers", 1, "offerings"), 9), r"viziers\[1\]: 9 Offerings in all"),
    (_edit(("viziers", 1, "population"), 4), r"viziers\[1\]\.population is 4 but 3"),
    (_edit(("viziers", 1, "columns", "red", 0), "empty"), r"viziers\[1\]\.columns\.red: 1 markers off"),
    (_edit(("viziers", 1, "columns", "red", 0), "gone"), r"columns\.red\[0\]: 'gone' is not one of"),
    (_edit(("viziers", 0, "dwellings_taken", "green"), 1), r"viziers\[0\]\.dwellings_taken"),
    (_edit(("viziers", 0, "goods", "barley"), 30), r"viziers\[0\]\.goods\.barley"),
    (_edit(("supply", "mandates"), 3), r"supply\.mandates is 3 but .* leaves 12"),
    (_edit(("supply", "happiness"), 40), r"supply\.happiness"),
    (_edit(("supply", "pier_store", "silver"), 1), "never holds Silver"),
    (_edit(("market", "beer"), 5), r"market\.beer must be an integer in \[0, 4\]"),
    (_add_building("brewery", 0, "a1", 0, rooms=["seat 7", None]), r"city\.buildings\[0\]\.rooms\[0\]: occupant"),
    (_add_building("festival plaza", 0, "b1", 0), r"city\.buildings\[0\].*leaves the grid or spans two sections"),
    (_add_building("castle", 0, "a1"), r"city\.buildings\[0\]\.building: 'castle'"),
    (_add_building("brewery", 0, "z9"), r"city\.buildings\[0\]\.anchor: unknown city square 'z9'"),
    (_edit(("pier", "docks", 0, "barge"), 99), r"pier\.docks\[0\]\.barge must be an integer"),
    (_edit(("pier", "reserve"), []), r"pier: barges \[.*\] are nowhere"),
    (_edit(("borders", 0, "medjay"), [0, 0]), r"borders\[0\]\.medjay must have 3 entries"),
    (_edit(("penalty_tokens_used",), []), r"borders\[0\]\.penalty_token \d must be listed"),
    (_edit(("border_spaces", "scribe"), "seat 1 hired"), r"border_spaces\.scribe: occupant"),
    (_edit(("pyramid",), [None] * 3), r"pyramid must have 15 entries"),
    (_edit(("pyramid", 0), "gold"), r"pyramid\[0\]: 'gold' is not one of"),
    (_edit(("pyramid", 0), "wood"), r"pyramid\[0\]: the space takes limestone, not wood"),
    (_edit(("pyramid", 14), "limestone"), r"pyramid: spaces \[14\] hold materials not connected"),
    (_edit(("terminated",), True), "terminated goes with phase 'game-over'"),
    (_edit(("scores",), [1, 0, 0]), "scores and ranks are given only at the end"),
    (lambda d: d.update(phase="game-over", terminated=True), r"a finished game needs scores\[0\] = .* and a rank"),
    (_edit(("pending", "gains", "gold"), 1), r"pending\.gains: unknown keys \['gold'\]"),
    (_edit(("pending", "construct_pool"), "castle"), r"pending\.construct_pool: 'castle'"),
    (_delete("viziers", 0, "servants", "home"), r"viziers\[0\]\.servants: missing keys \['home'\]"),
    (_edit(("turn", "just_built"), {"city": "a1", "temple": 0}), "turn.just_built names one of"),
    (_edit(("phase",), "license-market"), "phase 'license-market' needs pending.license_stage"),
    (_edit(("phase",), "city-place"), "phase 'city-place' needs pending.construct_pool"),
    (_edit(("current_player",), 1), "phase 'turn' needs current_player == turn_player"),
    (lambda d: d.update(phase="servant-choice", pending={**d["pending"], "servant_choice_mode": "tumult-to-transit",
                                                         "servant_choices_left": 1}),
     "seat 0 has no legal action in phase 'servant-choice'"),
]


@pytest.mark.parametrize("change, match", BAD, ids=[m for _, m in BAD])
def test_bad_position_is_refused_and_names_the_field(change, match):
    d = _start()
    change(d)
    before = copy.deepcopy(d)
    with pytest.raises(ValueError, match=match):
        GAME.from_dict(d)
    assert d == before  # the input is left untouched


def test_overlapping_buildings_and_tiles_over_supply():
    d = _start()
    d["city"]["buildings"] = [{"building": k, "owner": p, "anchor": "a1", "orientation": 0, "rooms": [None] * 2}
                              for p, k in enumerate(("brewery", "jewelry"))]
    with pytest.raises(ValueError, match=r"city\.buildings\[1\]: square a1 is already covered"):
        GAME.from_dict(d)
    d["city"]["buildings"] = [{"building": "jewelry", "owner": 0, "anchor": a, "orientation": 0}
                              for a in ("a1", "a3", "e1")]  # 3 players: 2 copies
    for b in d["city"]["buildings"]:
        b["rooms"] = [None] * spec.BUILDING_ROOMS[spec.JEWELRY]
    with pytest.raises(ValueError, match=r"supply\.tiles \(jewelry\): 3 in play but the game has only 2"):
        GAME.from_dict(d)


def test_action_names_read_back_for_every_legal_action(midgames):
    masks = GAME.legal_mask(midgames)
    count = 0
    for b in range(0, len(midgames), 3):
        st = midgames[b:b + 1]
        for a in np.flatnonzero(masks[b]):
            assert GAME.str_to_action(st, GAME.action_to_str(st, a)) == a
            count += 1
    assert count > 1000


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_action_has_a_unique_name_that_reads_back(n):
    st = GAME.from_dict(_view(n))
    names = [GAME.action_to_str(st, a) for a in range(NUM_ACTIONS)]
    assert len(set(names)) == NUM_ACTIONS
    for a, text in enumerate(names):
        assert GAME.str_to_action(st, text) == a, text


def test_examples_of_action_names():
    st = GAME.from_dict(_view(2, current_player=1, turn_player=1))
    assert GAME.action_to_str(st, action_of("CONSTRUCT", spec.ROYAL_ARCHITECT)) == "construct royal-architect"
    assert GAME.action_to_str(st, action_of("CITY_PLACE", 9 * 8 + 3)) == "place b2 3"
    assert GAME.action_to_str(st, action_of("ROOM", 9 * 2 + 1)) == "room b2 2"
    assert GAME.action_to_str(st, action_of("SERVANT", 4)) == "servant independent-scribe"
    assert GAME.action_to_str(st, action_of("PYRAMID_PLACE", 18 + 5)) == "pyramid wood 5"
    assert GAME.action_to_str(st, action_of("MARKET", 5)) == "sell beer"
    # PLAYER names the absolute seat clockwise from the decider, +k where no seat is left
    assert [GAME.action_to_str(st, action_of("PLAYER", k)) for k in range(3)] == ["player 0", "player +2", "player +3"]


@pytest.mark.parametrize("text", ["", "fly", "construct castle", "place z9 0", "place a1 8", "room a1 3",
                                  "room a1 0", "player 2", "player +1", "reward table-5", "pyramid gold 1",
                                  "pyramid wood 18", "buy", "done now"])
def test_unreadable_action_text(text):
    st = GAME.from_dict(_view(2))
    with pytest.raises(ValueError, match="cannot read action"):
        GAME.str_to_action(st, text)


def test_action_out_of_range_is_named():
    st = GAME.from_dict(_view(2))
    with pytest.raises(ValueError, match="outside"):
        GAME.action_to_str(st, NUM_ACTIONS)
    with pytest.raises(ValueError, match="outside"):
        GAME.action_to_str(st, -1)
