"""The games behind the play page: a person at one seat, an agent at the others.

The agent plays its seats here, on the server, from its own seat's observation (as in
agents.play), so the page only ever receives what the person's seat may know: that seat's
picture, its legal moves and the names of the moves played. A finished game is written
as a record (agents.records). Every refused request raises WebError and changes nothing.
"""
from __future__ import annotations

import threading
import uuid
from collections import OrderedDict

import numpy as np

import pyramid_envs

from ..base import SeatView
from ..records import GameRecord, play_record_path, start_seed
from ..registry import make_agent

MAX_LIVE = 16       # games kept at once; starting more closes the oldest
MAX_CLOSED = 1024   # closed ids remembered, so a request for one says why it is refused


class WebError(ValueError):
    """A request the page may not make, with the HTTP status to answer it with."""

    def __init__(self, message, status=400):
        super().__init__(message)
        self.status = status


class WebGame:
    """One game: the state, whose seat is the person's, the agent, the record so far."""

    def __init__(self, env, agent_spec, seat, seed, options, record_dir):
        self.game = game = pyramid_envs.get_game(env)
        self.options = game.resolve_options(options)
        n = self.options["num_players"]
        if not 0 <= seat < n:
            raise WebError(f"seat must be in [0, {n}), got {seat}")
        self.id = uuid.uuid4().hex
        self.seat, self.seed, self.agent_spec = seat, seed, agent_spec
        self.agent = make_agent(agent_spec, seed=seed)
        self.states = game.new_states(1)
        game.reset(self.states, [seed], self.options)
        agents = ["human" if p == seat else agent_spec for p in range(n)]
        self.record = GameRecord(game.env_name, self.options, start_seed(seed), agents)
        self.record_dir = record_dir
        self.record_path = None
        self.replies = []   # the agent's moves since the person's last one
        self.lock = threading.RLock()  # a state request waits for a move being played
        self._play_agent()

    # --- reading ---------------------------------------------------------------------
    @property
    def ply(self):
        """Moves played so far: a move request names the ply it answers, so a stale page
        (a second tab, a double click) cannot play into a position it has not seen."""
        return len(self.record.moves)

    @property
    def over(self):
        return self.record.scores is not None

    def seat_name(self, p):
        names = self.game.seat_names
        return str(names[p]) if p < len(names) else f"player_{p}"

    def view(self):
        """Everything the page shows, as the person's seat sees it."""
        with self.lock:
            return self._view()

    def _view(self):
        game, st = self.game, self.states
        cp = int(st[0]["current_player"])
        yours = not self.over and cp == self.seat
        moves = []
        if yours:
            legal = np.flatnonzero(game.legal_mask(st)[0])
            places = game.action_places(st, legal, self.seat) if game.action_places else {}
            for a in map(int, legal):
                name = game.action_to_str(st, a)
                place = places.get(a)
                moves.append({"action": a, "name": name, "kind": name.split()[0],
                              "place": None if place is None else [round(place[0], 1), round(place[1], 1)]})
        out = {"game_id": self.id, "env": game.env_name, "title": game.title, "agent": self.agent_spec,
               "seat": self.seat, "seat_name": self.seat_name(self.seat), "ply": self.ply,
               "over": self.over, "your_turn": yours,
               "to_move": None if self.over else self.seat_name(cp),
               "svg": game.render_svg(st, self.seat), "moves": moves, "replies": list(self.replies),
               "scores": None, "ended": None, "score_sheet": None, "record": None}
        if self.over:
            out["scores"] = [{"seat": p, "player": self.seat_name(p), "score": s}
                             for p, s in enumerate(self.record.scores)]
            out["ended"] = self.record.ended
            out["score_sheet"] = game.score_sheet(st) if self.record.ended else None
            out["record"] = str(self.record_path)
        return out

    # --- playing ---------------------------------------------------------------------
    def move(self, action, ply):
        with self.lock:
            if self.over:
                raise WebError("the game is over; start a new game")
            if ply != self.ply:
                raise WebError(f"stale move: the game is at ply {self.ply}, the move was made at ply {ply}; "
                               "reload the game's state")
            mask = self.game.legal_mask(self.states)[0]
            if not 0 <= action < self.game.num_actions or not mask[action]:
                raise WebError(f"action {action} is not legal now; the state lists the legal moves")
            self.replies = []
            self._apply(action)
            self._play_agent()
            return self.view()

    def _apply(self, action):
        seat = int(self.states[0]["current_player"])
        name = self.game.action_to_str(self.states, action)
        self.game.step(self.states, [action])
        self.record.add(seat, action, name)
        return seat, name

    def _play_agent(self):
        game, st = self.game, self.states
        limit = game.default_max_steps
        while not st[0]["terminated"] and int(st[0]["current_player"]) != self.seat:
            if limit is not None and self.ply >= limit:
                break
            cp = int(st[0]["current_player"])
            view = SeatView(game, st, [cp]) if self.agent.needs_view else None
            action = int(self.agent.act(game.observe(st, [cp]), game.legal_mask(st), view)[0])
            seat, name = self._apply(action)
            self.replies.append({"seat": seat, "player": self.seat_name(seat), "name": name})
        ended = bool(st[0]["terminated"])
        if ended or (limit is not None and self.ply >= limit):
            self._finish(ended)

    def _finish(self, ended):
        n = int(self.states[0]["num_players"])
        self.record.finish(self.states[0]["scores"][:n], ended=ended)
        path = play_record_path(self.record_dir, self.game.env_name, self.seat)
        self.record_path = self.record.write(path.with_stem(f"{path.stem}_{self.id[:8]}"))  # games a second apart


class WebGames:
    """The live games of one server, by id; the settings new games start from."""

    def __init__(self, env, agent_spec, seat=0, seed=0, options=None, record_dir="runs/records"):
        self.env, self.agent_spec, self.seat = env, agent_spec, seat
        self.options, self.record_dir = dict(options or {}), record_dir
        self.next_seed = seed
        self.live = OrderedDict()
        self.closed = OrderedDict()
        self.lock = threading.Lock()

    def check(self):
        """Start one game and drop it: bad settings fail here, and the rules compile,
        before the page opens."""
        WebGame(self.env, self.agent_spec, self.seat, self.next_seed, self.options, self.record_dir)

    def new(self, seed=None, seat=None, replaces=None):
        with self.lock:
            if seed is None:
                seed, self.next_seed = self.next_seed, self.next_seed + 1
            if replaces is not None:
                self.get(replaces)  # an unknown or closed id is refused before anything starts
        try:
            g = WebGame(self.env, self.agent_spec, self.seat if seat is None else seat, seed, self.options,
                        self.record_dir)
        except WebError:
            raise
        except ValueError as e:  # a seed the rules refuse
            raise WebError(str(e)) from None
        with self.lock:
            if replaces in self.live:
                self._close(replaces, "it was replaced by a new game")
            self.live[g.id] = g
            while len(self.live) > MAX_LIVE:
                self._close(next(iter(self.live)), f"the server keeps the {MAX_LIVE} latest games")
        return g

    def get(self, game_id):
        g = self.live.get(game_id)
        if g is not None:
            return g
        if game_id in self.closed:
            raise WebError(f"game {game_id} is closed: {self.closed[game_id]}; start a new game", 404)
        raise WebError(f"no game {game_id!r} on this server; start a new game", 404)

    def _close(self, game_id, why):
        del self.live[game_id]
        self.closed[game_id] = why
        while len(self.closed) > MAX_CLOSED:
            self.closed.popitem(last=False)
