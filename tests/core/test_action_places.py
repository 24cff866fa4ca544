"""Every game's action_places: where a legal action acts in its render_svg picture, for the
browser play page to highlight and click. On random positions of every option set: places
are given only for the actions asked about, lie inside the picture, and an action that
names a square ('worker 7i', 'place c3 0') is placed on the square drawn with that name."""
import math
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import pyramid_envs

from .snapshots import cases, snapshots

SVG = "{http://www.w3.org/2000/svg}"
SQUARE = re.compile(r"^([a-z]+\d+|\d+[a-z]+)$")  # a board square's name: letters and digits
NEAR = 90  # pixels from a square's centre to its drawn name (the largest square is 100 wide)


def _picture(svg):
    """(width, height, {text: [(x, y) centres]}) of an SVG picture."""
    root = ET.fromstring(svg)
    texts = {}
    for t in root.iter(SVG + "text"):
        w, size = float(t.get("textLength")), float(t.get("font-size"))
        texts.setdefault(t.text, []).append((float(t.get("x")) + w / 2, float(t.get("y")) - size / 3))
    return float(root.get("width")), float(root.get("height")), texts


@pytest.mark.parametrize("name,opts", cases())
def test_places_lie_on_the_picture(name, opts):
    game = pyramid_envs.get_game(name)
    placed = 0
    for _, _, st in snapshots(name, opts):
        if st[0]["terminated"]:
            continue
        legal = np.flatnonzero(game.legal_mask(st)[0])
        for seat in (None, int(st[0]["current_player"])):
            width, height, texts = _picture(game.render_svg(st, seat))
            places = game.action_places(st, legal, seat)
            assert set(places) <= set(legal.tolist())
            for a, (x, y) in places.items():
                label = game.action_to_str(st, a)
                assert 0 <= x <= width and 0 <= y <= height, (label, x, y)
                squares = [w for w in label.split()[1:] if SQUARE.match(w) and w in texts]
                if squares:
                    gap = min(math.dist((x, y), p) for w in squares for p in texts[w])
                    assert gap < NEAR, f"{label!r} placed at ({x:.0f}, {y:.0f}), {gap:.0f} px from its square's name"
            placed += len(places)
    assert placed, f"{name} {opts}: no legal action ever had a place on the board"


def test_only_the_actions_asked_about():
    game = pyramid_envs.get_game("kheops_v1")
    st = game.new_states(1)
    game.reset(st, [0])
    legal = np.flatnonzero(game.legal_mask(st)[0])
    assert list(game.action_places(st, legal[:3])) == legal[:3].tolist()
    assert game.action_places(st, []) == {}
