"""The terminal game: a person plays one seat against an agent, seeing only that seat's view.

At the prompt a person types a move by its name (as `moves` lists them) or its number, or
one of the commands: `help` (the move forms and the game's rules in short), `moves` (the
legal moves grouped by kind), `board` (the position again) and `quit`.
"""
from __future__ import annotations

import textwrap
from collections import Counter

import numpy as np

from .base import SeatView

COMMANDS = ("help", "moves", "board", "quit")
WIDTH = 100          # the width move lists wrap at
SHOWN = 24           # up to this many legal moves are listed with every position
ONE_A_LINE = 40      # up to this many, one a line with its meaning; more: grouped by kind
SPLIT = 16           # a kind with more moves than this is split by its second word


def group_moves(names):
    """[(kind, [choices])]: moves grouped by their first word (a big group by the first two),
    and moves that differ only in their last word merged: 'tile 1' -> ['7i r0|r1|r2', ...]."""
    groups: dict[str, list[list[str]]] = {}
    for name in names:
        words = name.split()
        groups.setdefault(words[0], []).append(words[1:])
    out = []
    for kind, rests in groups.items():
        if len(rests) > SPLIT and all(len(r) >= 2 for r in rests):
            sub: dict[str, list[list[str]]] = {}
            for r in rests:
                sub.setdefault(r[0], []).append(r[1:])
            out += [(f"{kind} {k}", _merge(v)) for k, v in sub.items()]
        else:
            out.append((kind, _merge(rests)))
    return out


def _merge(rests):
    """Choices that share all words but the last one, written once: '7i r0|r1|r2'."""
    merged: dict[str, list[str]] = {}
    for r in rests:
        if len(r) >= 2:
            merged.setdefault(" ".join(r[:-1]), []).append(r[-1])
        else:
            merged.setdefault(" ".join(r), [])
    return [f"{head} {'|'.join(lasts)}" if lasts else head for head, lasts in merged.items()]


def format_moves(names):
    lines = []
    for kind, choices in group_moves(names):
        if choices == [""]:
            lines.append(f"  {kind}")
            continue
        lines += textwrap.wrap(", ".join(choices), WIDTH, initial_indent=f"  {kind}: ",
                               subsequent_indent=" " * (len(kind) + 4))
    return "\n".join(lines)


def describe(game, states, action):
    """The move's name, and its meaning in plain words where the game gives one."""
    name = game.action_to_str(states, action)
    plain = game.describe_action(states, action) if game.describe_action is not None else name
    return name if plain == name else f"{name} ({plain})"


class Terminal:
    """One game, one seat; ask() reads a line, say() prints one."""

    def __init__(self, game, states, seat, opponent, seat_names, ask=input, say=print, on_move=None):
        """on_move(seat, action): told of every move before it is played (a game record)."""
        self.game, self.states, self.seat, self.opponent = game, states, seat, opponent
        self.names, self.ask, self.say, self.on_move = seat_names, ask, say, on_move

    def legal_names(self, mask):
        return [self.game.action_to_str(self.states, a) for a in np.flatnonzero(mask)]

    def list_moves(self, mask):
        """Grouped by kind; a few moves whose names use codes one a line, each with its meaning."""
        legal = np.flatnonzero(mask)
        if len(legal) <= ONE_A_LINE:
            lines = [describe(self.game, self.states, a) for a in legal]
            if lines != self.legal_names(mask):
                return "\n".join(f"  {line}" for line in lines)
        return format_moves(self.legal_names(mask))

    def show_position(self, mask):
        self.say("")
        self.say(self.game.render_ansi(self.states, self.seat))
        names = self.legal_names(mask)
        if len(names) <= SHOWN:
            self.say("your moves:\n" + self.list_moves(mask))
        else:
            kinds = ", ".join(f"{k} ({n})" for k, n in Counter(name.split()[0] for name in names).items())
            self.say(f"{len(names)} legal moves: {kinds}; type 'moves' to list them")

    def help(self):
        text = self.game.help_text or f"{self.game.title}: type a move as 'moves' lists it."
        self.say(text.strip())
        self.say("commands: help (this text), moves (the legal moves by kind), board (the position "
                 "again), quit (leave the game); a move is typed by its name or its number")

    def read_move(self, mask):
        """The legal action the person names; None when they quit."""
        while True:
            text = " ".join(self.ask("your move> ").split())
            if text in ("quit", "exit", "q"):
                return None
            if text in ("help", "?", "h"):
                self.help()
            elif text == "moves":
                self.say(self.list_moves(mask))
            elif text == "board":
                self.show_position(mask)
            elif text:
                action = self._parse(text, mask)
                if action is not None:
                    return action

    def _parse(self, text, mask):
        try:
            a = int(text) if text.lstrip("-").isdigit() else self.game.str_to_action(self.states, text)
        except ValueError as e:
            self.say(f"  not understood: {e}\n  type 'help' for the move forms, 'moves' for the legal moves")
            return None
        if not (0 <= a < self.game.num_actions and mask[a]):
            self.say(f"  {text!r} is not a legal move now; type 'moves' for the legal ones")
            return None
        return a

    def run(self):
        """Play until the game ends (True) or the person quits (False)."""
        game, states = self.game, self.states
        while not states[0]["terminated"]:
            mask = game.legal_mask(states)[0]
            cp = int(states[0]["current_player"])
            if cp == self.seat:
                self.show_position(mask)
                action = self.read_move(mask)
                if action is None:
                    self.say("you left the game")
                    return False
                self.say(f"you play {describe(game, states, action)}")
            else:
                view = SeatView(game, states, [cp]) if self.opponent.needs_view else None
                action = int(self.opponent.act(game.observe(states, [cp]), mask[None], view)[0])
                self.say(f"{self.names[cp]} plays {describe(game, states, action)}")
            if self.on_move is not None:
                self.on_move(cp, action)
            game.step(states, [action])
        self.say("")
        self.say(game.render_ansi(states, self.seat))
        return True
