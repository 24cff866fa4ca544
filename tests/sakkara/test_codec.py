"""The JSON view and action names: round trips, and bad input rejected with clear errors."""
import copy

import numpy as np
import pytest

from pyramid_envs import sakkara_v1
from pyramid_envs.sakkara import GAME, spec

from .positions import act, load, position, view
from .test_invariants import random_games


@pytest.fixture(scope="module")
def midgames():
    """Positions from random play in every phase."""
    out = []
    for steps in (2, 5, 40, 150, 400, 900):
        st, _ = random_games(24, 24, seed=steps, check_every_step=False, max_steps=steps)
        out.extend(st[b:b + 1].copy() for b in range(len(st)))
    return out


def test_every_phase_is_covered(midgames):
    phases = {int(s[0]["phase"]) for s in midgames}
    assert phases >= {spec.PH_SETUP, spec.PH_BEFORE, spec.PH_AFTER, spec.PH_PLACE}


def test_to_dict_from_dict_round_trip(midgames):
    for st in midgames:
        d = GAME.to_dict(st)
        back = GAME.from_dict(copy.deepcopy(d))
        assert GAME.to_dict(back) == d
        assert np.array_equal(GAME.legal_mask(back), GAME.legal_mask(st))
        for seat in (0, 1):
            assert np.array_equal(GAME.observe(back, [seat]), GAME.observe(st, [seat]))


def test_from_dict_continues_the_same_game(midgames):
    for st in midgames[::7]:
        a, b = st.copy(), GAME.from_dict(GAME.to_dict(st))
        rng = np.random.default_rng(0)
        for _ in range(60):
            if a[0]["terminated"]:
                break
            m = GAME.legal_mask(a)[0]
            assert np.array_equal(m, GAME.legal_mask(b)[0])
            x = int(rng.choice(np.flatnonzero(m)))
            GAME.step(a, [x])
            GAME.step(b, [x])
            assert GAME.to_dict(a) == GAME.to_dict(b)


def test_action_names_round_trip_for_every_action_and_every_legal_one(midgames):
    st = midgames[0]
    names = set()
    for a in range(spec.NUM_ACTIONS):
        s = GAME.action_to_str(st, a)
        assert GAME.str_to_action(st, s) == a, s
        names.add(s)
    assert len(names) == spec.NUM_ACTIONS
    for st in midgames:
        for a in np.flatnonzero(GAME.legal_mask(st)[0]):
            assert GAME.str_to_action(st, GAME.action_to_str(st, a)) == a


@pytest.mark.parametrize("text, words", [
    ("fly 1 d4", "cannot read action"), ("move 3 up", "cannot read action"),
    ("move 1 north", "cannot read action"), ("place 10 d4", "cannot read action"),
    ("build pyramid", "unknown tile"), ("worker z9", "unknown space"),
    ("firestorm 1 row apex,cross,moon", "firestorm uses exactly"), ("", "cannot read action"),
])
def test_unreadable_actions_are_named(text, words):
    st = load()
    with pytest.raises(ValueError, match=words):
        GAME.str_to_action(st, text)


_MOVED = {"moved": True, "moved_worker": 1, "moved_dir": "up", "horse_used": False, "completed": False}


def _bad(**change):
    d = position()
    d.update(change)
    return d


@pytest.mark.parametrize("d, words", [
    ("nope", "must be a JSON object"),
    ({k: v for k, v in position().items() if k != "board"}, r"missing keys \['board'\]"),
    (_bad(colour="red"), "unknown keys"),
    (_bad(game="kheops_v1"), "Sakkara position loader"),
    (_bad(num_players=3), "exactly 2 players"),
    (_bad(phase="lunch"), "unknown phase"),
    (_bad(turn_limit=7), "turn_limit must be one of"),
    (_bad(current_player=2), "current_player must be"),
    (_bad(steps=-1), "steps must be"),
    (_bad(workers=[["a1", "a1"], ["e1", "g1"]]), "two workers on a1"),
    (_bad(workers=[["a1", "c1"], ["e1", None]]), "needs all four workers"),
    (_bad(workers=[["a1", "c1"], ["e1", "z1"]]), "unknown space"),
    (_bad(racks=[{"moon": 1}]), "racks must be a list of two"),
    (_bad(racks=[{"gold": 1}, {}]), "unknown tile"),
    (_bad(racks=[{"moon": -1}, {}]), r"racks\[0\]\['moon'\] must be"),
    (_bad(pyramids=[{"ship": 2}, {}]), "at most 1 ship"),
    (_bad(pyramids=[{"double-line": 1}, {}]), "do not fit a pyramid"),
    (_bad(turn_state={**_MOVED, "moved_worker": None}), "moved_worker must be"),
    (_bad(turn_state={"flying": True}), "turn_state: unknown keys"),
    (_bad(turn_state={"moved": True}), r"turn_state: missing keys \['completed', 'horse_used'"),
    (_bad(turn_state={**_MOVED, "moved": False, "moved_worker": None, "moved_dir": None,
                      "horse_used": True}), "horse_used needs moved"),
    (_bad(phase="discard", turn_state=_MOVED),
     "more than 10 tiles"),
    (_bad(phase="place-stack", current_player=1, mover=0, turn_state=_MOVED), "needs a pending stack"),
    (_bad(phase="place-stack", current_player=0, mover=0, turn_state=_MOVED), "other player"),
    (_bad(phase="over"), "completed pyramid or the turn limit"),
    (_bad(turn=0), "at least 1 after setup"),
    (_bad(turn=1001, turn_limit=1000), "past the turn limit"),
    (_bad(phase="setup", turn=0, workers=[["a1", None], [None, None]], current_player=0),
     "in setup with 1 workers placed"),
    (_bad(phase="setup", turn=0, workers=[[None, "a1"], [None, None]], current_player=1),
     "placed must be"),
    (_bad(scores=[1, 0]), "scores"),
    (_bad(terminated=True), "terminated"),
    (_bad(destroyed={"ship": 1, "grain": 0}), "every one of the 75 tiles"),
    (_bad(pending=["sun"]), "every one of the 75 tiles"),
    (_bad(pending=[3]), "named by motif"),
])
def test_bad_positions_are_rejected_with_clear_errors(d, words):
    with pytest.raises(ValueError, match=words):
        GAME.from_dict(d)


def test_conservation_names_the_motifs_that_do_not_add_up():
    d = position()
    d["board"]["a7"] = d["board"]["a7"][:-1]
    with pytest.raises(ValueError, match="missing"):
        GAME.from_dict(d)
    d = position()
    d["racks"][0]["moon"] = d["racks"][0].get("moon", 0) + 1
    with pytest.raises(ValueError, match=r"'moon': 1"):
        GAME.from_dict(d)


def test_a_stack_higher_than_nine_is_rejected():
    # "A stack cannot have more than 9 tiles in it", and no rule ever builds a tenth
    d = position(board={"b2": ["moon"] * 4 + ["sun"] * 4 + ["cross"]})
    GAME.from_dict(d)
    donor = next(c for c, v in d["board"].items() if c != "b2" and "cross" in v)
    d["board"][donor].remove("cross")
    d["board"]["b2"].append("cross")
    with pytest.raises(ValueError, match="at most 9"):
        GAME.from_dict(d)


def test_a_bad_load_leaves_the_env_as_it_was():
    env = sakkara_v1.env()
    env.reset(seed=2)
    before = env.unwrapped.state_array.tobytes()
    good = env.unwrapped.state_dict()
    bad = copy.deepcopy(good)
    bad["game"]["racks"][0]["moon"] = 9
    with pytest.raises(ValueError):
        env.unwrapped.load_state_dict(bad)
    assert env.unwrapped.state_array.tobytes() == before


def test_an_illegal_action_changes_nothing():
    st = load(racks=[{"moon": 1}, {}])
    before = st.tobytes()
    env = sakkara_v1.env()
    env.reset(seed=0)
    snapshot = env.unwrapped.state_array.tobytes()
    with pytest.raises(ValueError, match="illegal action"):
        env.step(GAME.str_to_action(st, "build moon"))
    assert env.unwrapped.state_array.tobytes() == snapshot and st.tobytes() == before


def test_render_and_score_sheet():
    st = load(racks=[{"apex": 1, "hand": 2}, {}],
              pyramids=[{"ship": 1, "grain": 3, "corner": 4, "staircase": 2, "cross": 2, "circle": 1,
                         "plait": 1, "double-line": 1, "moon": 1, "sun": 1}, {}])
    text = GAME.render_ansi(st)
    assert "Black" in text and "before-move" in text and "gold next: apex x1" in text
    act(st, "build apex")
    assert "Black placed the apex and wins" in GAME.score_sheet(st)
    img = GAME.render_rgb(st)
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    assert view(st)["terminated"]
