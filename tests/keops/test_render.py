"""Keops pictures (text board, RGB image, score sheet) and the planners' position value."""
import numpy as np
import pytest

from pyramid_envs.keops import GAME, spec
from pyramid_envs.keops.codec import CELL_NAMES
from pyramid_envs.keops.state import CITY_DWELLING, NEUTRAL

from .positions import fill_pyramid, load, put_city, start, take_dwelling
from .test_codec import _random_play

CELL = {name: c for c, name in enumerate(CELL_NAMES)}


def _position():
    """Seat 1 is patron of a Brewery on a1-a2-b2 whose first room holds an Artisan of seat 2;
    a Dwelling of seat 1 on a3 and a neutral one on h6; limestone and granite in the pyramid."""
    st = start(3)
    s = st[0]
    root = put_city(st, spec.BREWERY, CELL["a1"], 0, 1)
    s["city_room"][root, 0] = 2
    s["serv_home"][2, spec.ARTISAN] -= 1
    s["serv_board"][2, spec.ARTISAN] += 1
    take_dwelling(st, 1, 0, CELL["a3"])
    h6 = CELL["h6"]
    s["city_kind"][h6], s["city_owner"][h6], s["city_root"][h6] = CITY_DWELLING, NEUTRAL, h6
    fill_pyramid(st, [0, 1])
    return load(st)


def test_text_board_shows_the_position():
    text = GAME.render_ansi(_position(), seat=2)
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line[:4].strip().isdigit()}
    assert rows["1"][0] == "Br1" and rows["2"][:2] == ["Br1", "Br1"]  # the L3 Brewery of seat 1
    assert rows["3"][0] == "dw1" and rows["6"][-1] == "dwN"
    assert "brewery at a1 (patron seat 1): rooms [seat 2, free]" in text
    assert "seat 2 (Vizier 3) (you)" in text
    assert "2/15 filled" in text
    assert "to decide: seat 0 (Vizier 1), phase turn" in text


def test_rgb_picture_and_every_snapshot_renders():
    img = GAME.render_rgb(_position())
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    assert len({tuple(c) for c in img.reshape(-1, 3)[::7]}) > 5  # a picture, not a blank
    snaps = _random_play(4, seed=7, batch=2, every=40)
    for b in range(len(snaps)):
        one = snaps[b:b + 1]
        assert GAME.render_ansi(one)
        assert GAME.render_rgb(one).shape == img.shape, b


def test_score_sheet_of_a_finished_game():
    end = _random_play(3, seed=8, batch=1, every=10_000)[-1:]
    assert end["terminated"][0]
    sheet = GAME.score_sheet(end)
    assert sheet.startswith("final score")
    for p in range(3):
        s = end[0]
        favors = int(s["major_favors"][p]) + int(s["minor_favors"][p]) // 2
        assert f"seat {p} (Vizier {p + 1}): {favors} favors" in sheet
        assert f"rank {int(s['ranks'][p]) + 1}" in sheet


@pytest.mark.parametrize("n", [2, 3, 4])
def test_evaluate_is_relative_and_rewards_favors(n):
    st = start(n)
    out = np.zeros(n)
    GAME.evaluate(np.repeat(st, n), np.arange(n), out)
    assert abs(out.sum()) < 1e-9  # each seat's value minus the others' mean sums to zero
    richer = start(n)
    richer[0]["major_favors"][0] += 1
    richer[0]["major_supply"] -= 1
    load(richer)
    better = np.zeros(1)
    GAME.evaluate(richer, np.zeros(1, np.int64), better)
    assert better[0] > out[0]
