"""Terminal play driven by scripted input, for every game: help, moves, bad and legal moves, quit."""
import itertools
import re

import numpy as np
import pytest

import pyramid_envs
from agents.play import play
from agents.registry import make_agent
from agents.terminal import Terminal, format_moves, group_moves

ENVS = pyramid_envs.list_envs()


def scripted_game(env):
    """A fresh game with the person on seat 0 (every game's first to move) and a scripted ask:
    help, moves, nonsense, an illegal move by its name, a legal one, then quit."""
    game = pyramid_envs.get_game(env)
    states = game.new_states(1)
    game.reset(states, [1])
    mask = game.legal_mask(states)[0]
    illegal = game.action_to_str(states, int(np.flatnonzero(mask == 0)[0]))
    legal = game.action_to_str(states, int(np.flatnonzero(mask)[-1]))
    script = iter(["help", "moves", "make me win", illegal, legal, "quit"])
    said, asked = [], []

    def ask(prompt):
        asked.append(prompt)
        if not int(states[0]["current_player"]) == 0:
            raise AssertionError("asked while the agent is to move")
        return next(script)

    names = game.seat_names or tuple(f"player_{i}" for i in range(game.resolve_options()["num_players"]))
    term = Terminal(game, states, 0, make_agent("random", seed=0), names, ask, said.append)
    return game, states, term, said, illegal, legal


@pytest.mark.parametrize("env", ENVS)
def test_scripted_terminal_game(env):
    game, states, term, said, illegal, legal = scripted_game(env)
    first_view = game.render_ansi(states, 0)
    assert term.run() is False and not states[0]["terminated"]  # the person quit
    text = "\n".join(said)
    assert said[1] == first_view  # the seat's own view, nothing more
    assert game.help_text and game.help_text.splitlines()[0] in text and "commands: help" in text
    assert "not understood" in text and f"{illegal!r} is not a legal move now" in text
    assert f"you play {legal}" in text and said[-1] == "you left the game"
    assert int(states[0]["steps"]) >= 1  # the legal move was played


def printed(place, board):
    """A cell name such as '7i' is on the board as it is, or as a column letter in a header
    line of letters and a row number starting a line ('a1' on a lettered grid)."""
    if place in board:
        return True
    letter, number = (place[0], place[1:]) if place[0].isalpha() else (place[-1], place[:-1])
    lines = [line.split() for line in board.splitlines() if line.split()]
    header = any(letter in words and all(len(w) == 1 and w.isalpha() for w in words) for words in lines)
    return header and any(words[0] == number for words in lines)


@pytest.mark.parametrize("env", ENVS)
def test_the_board_shows_the_names_moves_use(env):
    """Every cell or space a legal move names at the start is printed on the text board."""
    game = pyramid_envs.get_game(env)
    states = game.new_states(1)
    game.reset(states, [1])
    board = game.render_ansi(states, int(states[0]["current_player"]))
    words = {w for a in np.flatnonzero(game.legal_mask(states)[0]) for w in game.action_to_str(states, a).split()[1:]}
    places = {w for w in words if 2 <= len(w) <= 3 and (w[0].isalpha() and w[1:].isdigit()
                                                      or w[0].isdigit() and w[-1].isalpha() and w[:-1].isdigit())}
    assert all(printed(p, board) for p in places), sorted(p for p in places if not printed(p, board))


def test_many_moves_are_grouped_by_kind():
    """Kheops' tile step: ~200 moves, listed as one line group per hand tile, rotations merged."""
    game = pyramid_envs.get_game("kheops_v1")
    states = game.new_states(1)
    game.reset(states, [1])
    while game.to_dict(states)["phase"] != "tile":
        game.step(states, [int(np.flatnonzero(game.legal_mask(states)[0])[0])])
    names = [game.action_to_str(states, a) for a in np.flatnonzero(game.legal_mask(states)[0])]
    groups = dict(group_moves(names))
    assert len(names) > 100 and sorted(groups) == ["tile 1", "tile 2", "tile 3"]
    cell = names[0].split()[2]
    assert f"{cell} r0|r1|r2" in groups["tile 1"]
    assert len(format_moves(names).splitlines()) < len(names) / 5


def test_kheops_moves_in_plain_words():
    game = pyramid_envs.get_game("kheops_v1")
    states = game.new_states(1)
    game.reset(states, [1])
    while game.to_dict(states)["phase"] != "tile":
        game.step(states, [int(np.flatnonzero(game.legal_mask(states)[0])[0])])
    board = game.render_ansi(states, int(states[0]["current_player"]))
    assert "bits" not in board and "l left, r right, b bottom" in board and "tile 1 turned: r0" in board
    legal = np.flatnonzero(game.legal_mask(states)[0])
    text = game.describe_action(states, legal[0])
    assert text.startswith("lay hand tile 1, ") and " turned r0: open " in text


def test_farao_turns_in_plain_words():
    """A tile just turned up: each 'rot rK' says which sides it will open, as the rules lay it."""
    from pyramid_envs.farao import spec

    game = pyramid_envs.get_game("farao_v1")
    states = game.new_states(1)
    rng = np.random.default_rng(0)
    game.reset(states, [2])
    while True:
        legal = np.flatnonzero(game.legal_mask(states)[0])
        rots = [a for a in legal if game.action_to_str(states, a).startswith("rot ")]
        if rots:
            break
        game.step(states, [int(rng.choice(legal))])
    c = int(states[0]["target"])
    for a in rots:
        after = states.copy()
        game.step(after, [a])
        bits = int(spec.SHAPE_OPEN[spec.TILE_SHAPE[after[0]["tile"][c]], after[0]["rot"][c]])
        sides = "+".join(d for k, d in enumerate("NESW") if bits >> k & 1) or "no side"
        r = int(game.action_to_str(states, a)[-1])
        text = game.describe_action(states, a)
        assert text.startswith(f"rot r{r} (lay the tile just turned up {r} quarter turn")
        assert text.endswith(f"clockwise: open {sides})")


def test_play_to_the_end_shows_only_the_seats_view():
    """The whole game through play(): the person tries every action number in turn."""
    said = []
    numbers = (str(n % 833) for n in itertools.count())
    states = play("kheops", "random", seat=1, seed=3, ask=lambda prompt: next(numbers), say=said.append)
    assert states[0]["terminated"] and ("wins" in said[-1] or "draw" in said[-1])
    assert "type 'help'" in said[0]
    boards = [s for s in said if "White: hand [" in s]  # what the Red player was shown
    assert boards and all(re.match(r"\d hidden tiles", b.split("White: hand [")[1]) for b in boards)
