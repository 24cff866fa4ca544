"""Every game's picture (render_svg / render_rgb), checked on its layout: the SVG parses and
matches the RGB frame, one frame size per configuration, every text readable on its
background (WCAG contrast >= 4.5), no two texts overlapping, and a seat's picture shows
nothing that seat cannot see. Positions: start, middle and end of random games at every
player count (and with every option at its last value)."""
import importlib
import importlib.util
import itertools
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from pyramid_envs.core.picture import (Flow, Picture, contrast, contrast_problems,
                                       overlap_problems)
from pyramid_envs.core.registry import get_game, list_envs

MAX_STEPS = 1500


def _valid(game, opts):
    try:
        return game.resolve_options(opts)
    except ValueError:
        return None


def configs(game):
    """One valid option set per player count, and one with every other option at its last
    value (with the most players that allows)."""
    others = [o for o in game.options if o.name != "num_players"]
    n_opt = next(o for o in game.options if o.name == "num_players")
    out = []
    for n in n_opt.choices:
        for values in itertools.product(*[(o.default,) + tuple(c for c in o.choices if c != o.default)
                                          for o in others]):
            opts = _valid(game, {"num_players": n, **{o.name: v for o, v in zip(others, values)}})
            if opts is not None:
                out.append(opts)
                break
    for n in sorted(n_opt.choices, reverse=True):  # the most players the other options allow
        last = _valid(game, {"num_players": n, **{o.name: o.choices[-1] for o in others}})
        if last is not None:
            if last not in out:
                out.append(last)
            break
    return out


def snapshots(game, opts, seed=0):
    """Start, one third, two thirds and the end (or the step cap) of a random game."""
    rng = np.random.default_rng(seed)
    st = game.new_states(1)
    game.reset(st, [seed], opts)
    hist = [st.copy()]
    while not st["terminated"][0] and len(hist) < MAX_STEPS:
        game.step(st, np.array([rng.choice(np.flatnonzero(game.legal_mask(st)[0]))]))
        hist.append(st.copy())
    return [hist[0], hist[len(hist) // 3], hist[2 * len(hist) // 3], hist[-1]]


def _draw(game):
    return importlib.import_module(f"pyramid_envs.{game.name}.picture").draw


def _twins_module(game):
    name = f"tests.{game.name}.twins"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


CASES = [(env, i) for env in list_envs() for i in range(len(configs(get_game(env))))]


@pytest.fixture(scope="module")
def positions():
    cache = {}

    def get(env, i):
        if (env, i) not in cache:
            game = get_game(env)
            cache[env, i] = snapshots(game, configs(game)[i], seed=i)
        return cache[env, i]
    return get


def _seat_list(s):
    return range(int(s["num_players"]))


@pytest.mark.parametrize("env,i", CASES)
def test_pictures_parse_fit_and_read(env, i, positions):
    game = get_game(env)
    draw = _draw(game)
    sizes = set()
    for k, st in enumerate(positions(env, i)):
        s = st[0]
        for seat in (None, int(s["current_player"])):
            pic = draw(st, seat)
            assert contrast_problems(pic) == [], (k, seat)
            assert overlap_problems(pic) == [], (k, seat)
            sizes.add((pic.width, pic.height))
        svg = game.render_svg(st, int(s["current_player"]))
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg") and "href" not in svg and "<image" not in svg
        rgb = game.render_rgb(st) if k in (0, 3) else None
        if rgb is not None:
            assert rgb.dtype == np.uint8 and rgb.shape == (int(root.get("height")), int(root.get("width")), 3)
            assert len(np.unique(rgb.reshape(-1, 3)[::97], axis=0)) > 5  # a picture, not a blank
    assert len(sizes) == 1, f"one frame size through a game, got {sizes}"


@pytest.mark.parametrize("env,i", CASES)
def test_a_seat_sees_only_what_it_may(env, i, positions):
    """Twins that differ only in what `seat` cannot see (determinize, and the game's own
    hidden-part editors where tests/<game>/twins.py has them) give the same picture; the
    position after a move gives another."""
    game = get_game(env)
    twins_mod = _twins_module(game)
    rng = np.random.default_rng(i)
    for k, st in enumerate(positions(env, i)[1:3]):
        for seat in _seat_list(st[0]):
            if seat >= game.max_players or (game.name == "keops" and seat == int(st[0]["ra_seat"])):
                continue
            base = game.render_svg(st, seat)
            twins = [("determinize", game.determinize(st, [seat], [100 + seat + 10 * k]))]
            if twins_mod is not None:
                twins += twins_mod.hidden_twins(st, seat, rng)
            for what, twin in twins:
                assert game.render_svg(twin, seat) == base, (what, seat, k)
            changed = st.copy()  # control: a move is always seen
            game.step(changed, np.array([np.flatnonzero(game.legal_mask(changed)[0])[0]]))
            assert game.render_svg(changed, seat) != base, (seat, k)


def test_the_checks_catch_dark_on_dark_and_collisions():
    pic = Picture(200)
    pic.text(10, 10, "dark", 12, (30, 30, 30), fill=(60, 60, 60))
    pic.text(12, 12, "overlaps", 12, (255, 255, 255))
    pic.text(150, 40, "runs off the edge", 12, (255, 255, 255))
    assert [t for t, _ in contrast_problems(pic)] == ["dark"]
    assert ("dark", "overlaps") in overlap_problems(pic)
    assert ("outside", "runs off the edge") in overlap_problems(pic)
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0


def test_flow_wraps_within_its_column_and_never_overlaps():
    pic = Picture(300)
    f = Flow(pic, 10, 10, 120)
    f.line("a long line of words that cannot fit in one row of a narrow column").swatch((200, 0, 0), "red")
    boxes = [t.box for t in pic.texts()]
    assert len(boxes) > 3 and all(x1 <= 130 for _, _, x1, _ in boxes)
    assert overlap_problems(pic) == [] and contrast_problems(pic) == []
    rgb = pic.to_rgb()
    assert rgb.shape == (pic.height, 300, 3)
