"""Self-play for train.zero: many games side by side, every decision searched (one batched
search for all of them), each finished game's positions sent to the replay buffer with its
value targets: the game's outcome for each seat (a game cut at max_steps: the search's
truncation_value), counted from the seat that moved.
(train/zero/workers.py splits the games among several such, one per core.)"""
from __future__ import annotations

import time

import numpy as np

from agents.zero.search import outcome_values
from agents.zero.tree import PUCT
from pyramid_envs.core.vector import VectorGame
from pyramid_envs.core.view import SeatView


def value_targets(outcome, seats, num_players, width):
    """Per position: column k is the value of seat (seats + k) % num_players, from outcome
    (float[num_players], the game's, or float[positions, num_players], one per position);
    valid marks the columns of real seats."""
    k = np.arange(width)
    seat_of = (seats[:, None] + k[None, :]) % num_players
    valid = np.broadcast_to(k[None, :] < num_players, (len(seats), width))
    per_position = np.broadcast_to(outcome, (len(seats), num_players))
    values = np.take_along_axis(per_position, np.where(valid, seat_of, 0), axis=1)
    return np.where(valid, values, 0.0).astype(np.float32), valid.copy()


def bootstrap(outcome, root_values, td_steps, discount=1.0):
    """Per position t of a game of L: the searched root values of position t + td_steps (every
    seat's), or the game's outcome where the game ends first; td_steps 0: the outcome alone.
    Each is discounted by `discount` per decision between t and it (the outcome comes L - t
    decisions on), as the search backs up its values."""
    length = len(root_values)
    ahead = (length - np.arange(length)).astype(np.float64)
    out = np.broadcast_to(outcome, (length, len(outcome))).copy()
    if td_steps and length > td_steps:
        out[:length - td_steps] = root_values[td_steps:, :len(outcome)]
        ahead[:length - td_steps] = td_steps
    return (out * (discount ** ahead)[:, None]).astype(np.float32)


class SelfPlay:
    """stream: the games' and the search's random streams (0 for a lone SelfPlay; the other
    self-play workers of a run, train/zero/workers.py, get streams 1, 2, ...); head_start: None,
    or weights over the game's head-start levels (a curriculum, VectorGame)."""

    def __init__(self, game, search, num_games, seed, max_steps, options, temperature_moves=16, td_steps=0,
                 stream=0, head_start=None):
        self.game, self.search = game, search
        self.vec = VectorGame(game, num_games, seed=seed + 1_000_003 * stream, max_steps=max_steps,
                              check_legal=False, head_start=head_start, **options)
        self.obs, self.masks = self.vec.reset()
        self.rng = np.random.default_rng([seed, 1] + ([stream] if stream else []))
        self.temperature_moves, self.td_steps = temperature_moves, td_steps
        self.pending = [[] for _ in range(num_games)]  # per game slot: (obs, mask, policy, seat, root values)
        self.games = self.decisions = self.truncated = 0
        self.lengths = []
        self.env_seconds = 0.0

    def set_stage(self, stage: dict) -> None:
        """Self-play's settings from now on (train.zero's stage_at): sims, head_start (the games
        that begin from now on) and max_steps (games past it end at their next step, each seat's
        value the search's truncation_value; the search cuts its walks there too)."""
        self.search.set_sims(stage["sims"])
        self.vec.set_head_start(stage["head_start"])
        self.vec.max_steps = self.search.max_steps = stage["max_steps"]

    def _actions(self, result):
        if self.search.mode != PUCT:  # Gumbel: the search's own choice is already its sample
            return result.actions
        moves = self.vec.states["steps"]
        early = moves < self.temperature_moves
        actions = result.actions.copy()
        for g in np.flatnonzero(early):  # PUCT: early moves sampled by visit counts
            p = result.visits[g] / result.visits[g].sum()
            actions[g] = self.rng.choice(len(p), p=p)
        return actions

    def play(self, decisions: int, replay) -> None:
        width = self.game.max_players
        for _ in range(decisions):
            seats = self.vec.current_player
            view = SeatView(self.game, self.vec.states, seats)
            result = self.search.run(view, self.obs, self.masks, self.rng, explore=True)
            obs16 = self.obs.reshape(len(self.obs), -1).astype(np.float16)
            masks = self.masks.astype(bool)
            for g in range(len(seats)):
                self.pending[g].append((obs16[g], masks[g], result.policy[g], seats[g], result.root_values[g]))
            t = time.perf_counter()
            self.obs, self.masks, rewards, terminated, truncated, info = self.vec.step(self._actions(result))
            self.env_seconds += time.perf_counter() - t
            self.decisions += len(seats)
            for i, g in enumerate(info.get("done_index", ())):
                final = info["final_states"][i:i + 1]
                n = int(final["num_players"][0])
                outcome = np.full(n, self.search.truncation_value, np.float32)  # a game cut at max_steps
                if terminated[g]:
                    outcome = outcome_values(rewards[g:g + 1], final, self.search.margin_weight,
                                             self.search.margin_scale)[0, :n]
                rows = self.pending[g]
                self.pending[g] = []
                pos_seats = np.array([r[3] for r in rows], np.int64)
                targets = bootstrap(outcome, np.stack([r[4] for r in rows]), self.td_steps,
                                    self.search.discount)
                values, valid = value_targets(targets, pos_seats, n, width)
                replay.add(np.stack([r[0] for r in rows]), np.stack([r[1] for r in rows]),
                           np.stack([r[2] for r in rows]), values, valid, pos_seats)
                self.games += 1
                self.truncated += int(truncated[g])
                self.lengths.append(len(rows))
