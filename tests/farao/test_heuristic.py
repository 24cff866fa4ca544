"""Farao's evaluation (Game.evaluate): a chamber walled off for good is worth SEALED to
every seat; one that can still be opened is not, and is drawn toward SEALED by the odds
that it ends walled off."""
import numpy as np
import pytest

from pyramid_envs.farao import GAME, spec
from pyramid_envs.farao.heuristic import SEALED, WALLED_ODDS, _seal_risk

from . import positions
from .positions import act, legal, moving

W = 1 << spec.DIR_NAMES.index("W")
# e5 is the chamber: its neighbours north, west and south turned with a wall toward it
WALLS = {"e4": ("plain", "NEW"), "d5": ("plain", "NSW"), "e6": ("plain", "ESW")}


def load(tiles=None, **kw):
    """A position at the start of a move, with end_when_stuck off: the sealed ones would
    otherwise have ended at the hand-over before it (from_dict refuses them)."""
    return positions.load(tiles, end_when_stuck=False, **kw)


def values(st):
    out = np.zeros(2)
    GAME.evaluate(np.repeat(st, 2), np.array([0, 1]), out)
    return out


def test_a_chamber_walled_off_is_sealed_for_every_seat():
    sealed = load({**WALLS, "f5": ("plain", "NES")})
    assert (values(sealed) == SEALED).all()
    # one wall the other way round, or the last neighbour still face down: not sealed
    for f5 in (("plain", "NSW"), ("plain", None)):
        assert (values(load({**WALLS, "f5": f5})) != SEALED).all()


def test_a_figure_inside_the_walls_or_a_tunnel_out_keeps_it_open():
    closed = {**WALLS, "f5": ("plain", "W", "dead-end")}  # f5 opens to the chamber alone
    assert (values(load(closed)) == SEALED).all()
    inside = load(closed, figures=[["f5", None, None], [None, None, None]])
    assert (values(inside) != SEALED).all()
    # a secret tunnel inside: open while its twin is face down, walked through once both are up
    tunnel = {**WALLS, "f5": ("secret-tunnel", "W")}
    assert (values(load(tunnel)) != SEALED).all()
    assert (values(load({**tunnel, "b2": ("secret-tunnel", "S")})) != SEALED).all()


def test_a_tile_being_oriented_is_no_wall_until_laid():
    # the mover on g5 steps west onto the face-down f5, the chamber's last way in: while he
    # chooses how to lay it the chamber is not sealed, and each way he may lay it seals it
    # exactly when the tile then shuts its west side
    st = moving({**WALLS, "f5": ("plain", None, "T"), "g5": ("plain", "EW")}, at="g5")
    act(st, "step W")
    assert st[0]["phase"] == spec.PH_ORIENT and st[0]["up"][st[0]["target"]]
    assert (values(st) != SEALED).all()
    outcomes = set()
    for rot in sorted(legal(st)):
        child = st.copy()
        act(child, rot)
        r = int(rot[-1])
        shut = not spec.SHAPE_OPEN[spec.T_SHAPE, r] & W
        assert (values(child) == SEALED).all() == shut, rot
        outcomes.add(shut)
    assert outcomes == {True, False}


def risk(st):
    return _seal_risk(st[0], np.zeros(spec.NUM_CELLS, np.int64), np.zeros(spec.NUM_CELLS, np.int64))


def test_the_seal_risk_counts_the_unlaid_tiles_bordering_the_chamber():
    assert risk(load()) == pytest.approx(WALLED_ODDS ** 4)  # its four neighbours face down
    assert risk(load({**WALLS, "f5": ("plain", None)})) == pytest.approx(WALLED_ODDS)
    # f5 laid open toward it and onward to g5, which is still face down
    assert risk(load({**WALLS, "f5": ("plain", "EW")})) == pytest.approx(WALLED_ODDS)
    # laid tiles join it to the outside wall (i5): no risk, whatever else is face down
    assert risk(load({"f5": ("plain", "EW"), "g5": ("plain", "EW"), "h5": ("plain", "EW")})) == 0
    # the big pyramid has a golden key: never sealed for good
    assert risk(load(pyramid="big")) == 0
    assert risk(load({**WALLS, "f5": ("plain", "NES")})) == 1


@pytest.mark.parametrize("h5, odds", [(None, WALLED_ODDS), ("EW", 0.0)])
def test_the_risk_draws_both_seats_toward_sealed(h5, odds):
    # two players: the seats' values are r and -r without the risk, so their sum is
    # 2 * odds * SEALED with it; seat 0 is ahead by two inscriptions
    st = load({**WALLS, "f5": ("plain", "EW"), "g5": ("plain", "EW"), "h5": ("plain", h5)},
              inscriptions=[["red", "green"], []])
    assert risk(st) == pytest.approx(odds)
    v = values(st)
    assert v.sum() == pytest.approx(2 * odds * SEALED)
    assert v[0] > 0 > v[1]


def test_a_seat_ahead_lays_the_chambers_neighbour_open_toward_it():
    # seat 0, two inscriptions ahead, steps from g5 onto the face-down T at f5: laid open to
    # the west it joins the chamber to the outside wall through g5 and h5 (no more risk)
    st = moving({"f5": ("plain", None, "T"), "g5": ("plain", "EW"), "h5": ("plain", "EW")},
                at="g5", insc=["red", "green"])
    act(st, "step W")
    opened, walled = [], []
    for rot in legal(st):
        child = st.copy()
        act(child, rot)
        opens_west = spec.SHAPE_OPEN[spec.T_SHAPE, int(rot[-1])] & W
        assert risk(child) == pytest.approx(0 if opens_west else WALLED_ODDS ** 3), rot
        (opened if opens_west else walled).append(values(child)[0])
    assert len(opened) == 2 and len(walled) == 1
    assert min(opened) > walled[0]
