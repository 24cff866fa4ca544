"""The JSON view round-trips, bad positions are refused with clear errors, action names read back."""
import json

import numpy as np
import pytest

from pyramid_envs.farao import GAME, spec

from .positions import position
from .test_invariants import play


@pytest.fixture(scope="module")
def midgames():
    """Games stopped at many different points and phases, small and big, 2 to 6 players."""
    out = []
    for i, (n, pyramid) in enumerate(((2, "small"), (3, "big"), (6, "small"), (6, "big"))):
        for steps in (1, 7, 40, 150, 400, 1500):
            out.append(play(12, 12, seed=10 * i + steps, max_steps=steps, check=False,
                            num_players=n, pyramid=pyramid))
    return np.concatenate(out)


def test_every_phase_is_covered(midgames):
    phases = set(midgames["phase"].tolist())
    assert {spec.PH_FIGURE, spec.PH_STEP, spec.PH_ORIENT} <= phases
    assert midgames["terminated"].any()


def test_to_dict_from_dict_round_trip(midgames):
    for b in range(len(midgames)):
        st = midgames[b:b + 1]
        d = json.loads(json.dumps(GAME.to_dict(st)))  # JSON-able
        back = GAME.from_dict(d)
        assert back.tobytes() == st.tobytes(), f"game {b}: {d['phase']}"


def test_action_names_read_back_for_every_legal_action(midgames):
    masks = GAME.legal_mask(midgames)
    count = 0
    for b in range(len(midgames)):
        st = midgames[b:b + 1]
        for a in np.flatnonzero(masks[b]):
            text = GAME.action_to_str(st, a)
            assert GAME.str_to_action(st, text) == a, text
            count += 1
    assert count > 500
    # every action of the space has a name that reads back
    st = midgames[:1]
    for a in range(spec.NUM_ACTIONS):
        assert GAME.str_to_action(st, GAME.action_to_str(st, a)) == a


@pytest.mark.parametrize("text", ["fly N", "step X", "figure 4", "key up r1", "rot r4", "map z9",
                                  "buy gold", ""])
def test_unreadable_action_text(text):
    st = GAME.new_states(1)
    GAME.reset(st, [0])
    with pytest.raises(ValueError, match="cannot read action|unknown field"):
        GAME.str_to_action(st, text)


def test_action_out_of_range_is_named():
    st = GAME.new_states(1)
    GAME.reset(st, [0])
    with pytest.raises(ValueError, match="outside"):
        GAME.action_to_str(st, spec.NUM_ACTIONS)


def _bad(change, match, **kw):
    d = position({"b2": ("plain", "NS")}, **kw)
    change(d)
    with pytest.raises(ValueError, match=match):
        GAME.from_dict(d)


def _set(**values):
    return lambda d: d.update(values)


def _swap_tiles(d):
    d["tiles"]["b3"]["tile"] = d["tiles"]["b2"]["tile"]


def _tile_on_ring(d):
    d["tiles"]["a1"] = dict(d["tiles"].pop("b3"))


def _drop_tile(d):
    del d["tiles"]["h8"]


def _face_down_rot(d):
    d["tiles"]["h8"]["rot"] = 2


@pytest.mark.parametrize("change, match", [
    (_set(colour="red"), "unknown keys"),
    (lambda d: d.pop("tiles"), "missing keys"),
    (_set(game="kheops_v1"), "Farao"),
    (_set(num_players=7), "num_players"),
    (_set(pyramid="huge"), "pyramid"),
    (_set(inscriptions_to_open=7), "big pyramid"),
    (_swap_tiles, "placed twice"),
    (_tile_on_ring, "not a pyramid tile"),
    (_drop_tile, "needs a tile"),
    (_face_down_rot, "face-down tile"),
    (_set(figures=[["h8", None, None], [None] * 3]), "face down"),
    (_set(figures=[["e5", None, None], [None] * 3]), "chamber"),
    (_set(figures=[["z1", None, None], [None] * 3]), "unknown field"),
    (_set(figures=[["k1", None, None], [None] * 3]), "off the small"),
    (_set(items=[["magic-bottle"], []]), "not one of"),
    (_set(items=[["torch", "torch"], []]), "twice"),
    (_set(inscriptions=[["pink"], []]), "not one of"),
    (_set(curse="e5"), "curse"),
    (_set(curse="b2", figures=[["b2", None, None], [None] * 3]), "cursed"),
    (_set(phase="dance"), "unknown phase"),
    (_set(phase="step"), "mover"),
    (_set(phase="orient", mover=0, figures=[["b1", None, None], [None] * 3]), "target"),
    (_set(phase="rob"), "victims"),
    (_set(die=7), "die"),
    (_set(place=[1, 0]), "place"),
    (_set(place=[2, 0]), "place"),
    (_set(current_player=2), "current_player"),
    (_set(coffer=["torch", "torch"]), "twice"),
    (_set(end_when_stuck=1), "end_when_stuck"),
    (_set(must_spend=True), "must_spend"),
    (_set(place=[1, 1], phase="over"), "no one still in can ever finish"),
    (_set(place=[2, 2], phase="over"), "place"),
    (_set(terminated=True), "terminated"),
    (_set(phase="over"), "over"),
])
def test_bad_positions_are_refused(change, match):
    _bad(change, match)


def test_token_conservation_is_checked():
    _bad(_set(items=[["torch"]] * 6), "more torch tokens", n=6)


def test_item_tile_face_up_means_discovered():
    d = position({"b2": ("torch", "NS")})
    d["discovered"] = []
    with pytest.raises(ValueError, match="discovered"):
        GAME.from_dict(d)


def test_a_position_without_a_legal_action_is_refused():
    # robbing a player who holds nothing the attacker lacks: nothing to choose
    d = position({"b2": ("plain", "NS")}, phase="rob", victims=[1], victim_idx=0, mover=0, die=1,
                 moved=True, figures=[["b2", None, None], [None] * 3])
    with pytest.raises(ValueError, match="no legal action"):
        GAME.from_dict(d)


def test_the_text_board_and_picture_render():
    st = play(4, 4, seed=3, max_steps=200, check=False, num_players=4, pyramid="big")
    text = GAME.render_ansi(st[:1])
    assert "k11" not in text and "Red" in text and "phase" in text
    img = GAME.render_rgb(st[:1])
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    assert "order" in GAME.score_sheet(st[:1])


def test_bad_options_and_actions_change_nothing():
    from pyramid_envs.core import VectorGame

    st = GAME.new_states(2)
    GAME.reset(st, [1, 2])
    before = st.tobytes()
    with pytest.raises(ValueError, match="big"):
        GAME.reset(st, [3, 4], {"inscriptions_to_open": 7})
    with pytest.raises(ValueError, match="1 seeds for 2 games"):
        GAME.reset(st, [3])
    assert st.tobytes() == before
    vec = VectorGame(GAME, 4, seed=0, num_players=5, pyramid="big")
    _, masks = vec.reset()
    before = vec.states.tobytes()
    with pytest.raises(ValueError, match="illegal action"):
        vec.step(masks.argmin(axis=1))
    assert vec.states.tobytes() == before
