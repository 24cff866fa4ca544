"""Secrecy, for every registered game and option set: two states that differ only in what a
seat cannot see give that seat the same observation, the same per-seat text board
(render_ansi(state, seat)), the same shaping potential (core.selfplay.seat_potential, a part
of the reward SelfPlayVec's learner receives with shaping on) and, when it is to move, the
same legal mask. The twins are built by editing the hidden parts of the state directly
(tests/<game>/twins.py: hidden_twins(state, seat, rng) -> [(label, twin)]); a control
(visible_change) shows the check sees a visible difference."""
import importlib

import numpy as np
import pytest

import pyramid_envs
from pyramid_envs.core.selfplay import seat_potential

from .snapshots import option_sets, snapshots

ENVS = pyramid_envs.list_envs()


def twins_of(name):
    game = pyramid_envs.get_game(name)
    try:
        return importlib.import_module(f"tests.{game.name}.twins")
    except ModuleNotFoundError:
        pytest.fail(f"{name} has no tests/{game.name}/twins.py saying what a seat cannot see")


def received(game, st, seat, part):
    if part == "observation":
        return game.observe(st, [seat])[0]
    if part == "render":
        return game.render_ansi(st, seat)
    if part == "potential":
        return None if game.evaluate is None else seat_potential(game, st, [seat], np.zeros(1))
    if part == "evaluate":  # on the state itself: what seat_potential must not be
        out = np.zeros(1)
        game.evaluate(st.copy(), np.array([seat], np.int64), out)
        return out
    if st["terminated"][0] or st["current_player"][0] != seat:
        return None
    return game.legal_mask(st)[0]


def same(a, b):
    return (a is None and b is None) or (a is not None and b is not None and np.array_equal(a, b))


SPARSE = (0, 8, 40, 200)  # points of the game, every seat


def dense(stride):
    """Every stride-th step of the opening and the sparse points: the seat to move (masks)."""
    return tuple(range(0, 100, stride)) + SPARSE


def positions(name, at=SPARSE, movers_only=False):
    """(where, state, seat) over the option sets, random games, points of the game and seats,
    and the game's probes (twins.probes(): [(label, state)], positions random play seldom
    reaches)."""
    game = pyramid_envs.get_game(name)
    for label, st in getattr(twins_of(name), "probes", list)():
        for seat in range(st["num_players"][0]):
            if not movers_only or seat == st["current_player"][0]:
                yield f"{name} {label} seat {seat}", st, seat
    for opts in option_sets(game):
        for seed, t, st in snapshots(name, opts, at=at):
            for seat in range(opts["num_players"]):
                if not movers_only or seat == st["current_player"][0]:
                    yield f"{name} options {opts} seed {seed} step {t} seat {seat}", st, seat


def leaks(name, parts, stride=1):
    game = pyramid_envs.get_game(name)
    mod = twins_of(name)
    rng = np.random.default_rng(0)
    found, count = [], 0
    for where, st, seat in positions(name, *((dense(stride), True) if parts == ("mask",) else ())):
        mine = {part: received(game, st, seat, part) for part in parts}
        for label, twin in mod.hidden_twins(st, seat, rng):
            assert twin.tobytes() != st.tobytes(), f"{where}: twin {label!r} changes nothing"
            assert game.from_dict(game.to_dict(twin)).tobytes() == twin.tobytes(), \
                f"{where}: twin {label!r} is not a valid position"
            count += 1
            for part in parts:
                if not same(mine[part], received(game, twin, seat, part)):
                    found.append(f"{where}: {part} changes with the {label}")
    assert count, f"{name}: no twins built"
    return found


@pytest.mark.parametrize("name", ENVS)
def test_hidden_twins_give_the_seat_the_same_observation_board_and_potential(name):
    found = leaks(name, ("observation", "render", "potential"))
    assert not found, f"{len(found)} leaks, e.g.\n" + "\n".join(found[:10])


@pytest.mark.parametrize("stride", [5, pytest.param(1, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", ENVS)
def test_hidden_twins_give_the_seat_to_move_the_same_mask(name, stride):
    found = leaks(name, ("mask",), stride)
    assert not found, f"{len(found)} leaks, e.g.\n" + "\n".join(found[:10])


@pytest.mark.parametrize("name", ENVS)
def test_control_a_visible_change_is_seen(name):
    game = pyramid_envs.get_game(name)
    mod = twins_of(name)
    count = 0
    for where, st, seat in positions(name):
        other = mod.visible_change(st, seat)
        parts = ("observation", "render", "mask")
        assert not all(same(received(game, st, seat, p), received(game, other, seat, p)) for p in parts), \
            f"{where}: the check misses a visible change"
        count += 1
    assert count


def test_control_evaluate_on_the_state_itself_reads_hidden_cards():
    """Why the potential is taken on a determinized copy: Krimsutep's evaluate() counts the
    other researchers' hands, so on the state itself it changes with them."""
    assert leaks("krimsutep_v1", ("evaluate",))
