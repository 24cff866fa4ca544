"""Lookahead on the game's own evaluation function (Game.evaluate).

One ply: every legal action is applied to a determinized copy of the game (through the
compiled core, all actions of all games in one compiled loop) and valued from the acting
seat's view: a finished game by its reward, otherwise by the heuristic.

Deeper (deep_ply): the `top` best actions of each game by that value are followed by the
next decisions, whoever makes them, each taken greedily (the deciding seat maximises its
own value), and valued again from the acting seat. This sees the reply a move invites and
the follow-up it enables, which one ply cannot.
"""
import numpy as np

from pyramid_envs.core.oneply import child_values

from .base import Agent, pick_best

WIN = 1e6  # a won game outranks any heuristic value


class GreedyAgent(Agent):
    name = "greedy"
    needs_view = True

    def __init__(self, samples=1, depth=1, top=8, seed=None):
        """samples: determinized copies each move is valued on, averaged (dice, hidden tiles);
        depth: plies; top: moves per decision followed beyond the first ply (deep_ply)."""
        if int(samples) < 1:
            raise ValueError(f"samples must be at least 1, got {samples}")
        if int(depth) < 1:
            raise ValueError(f"depth must be at least 1, got {depth}")
        if int(top) < 1:
            raise ValueError(f"top must be at least 1, got {top}")
        self.samples, self.depth, self.top = int(samples), int(depth), int(top)
        self.rng = np.random.default_rng(seed)
        if self.samples > 1:
            self.name = f"greedy:samples={self.samples}"
        if self.depth > 1:
            self.name = f"greedy:depth={self.depth},top={self.top}" + (f",samples={self.samples}" if self.samples > 1 else "")

    def act(self, obs, masks, view):
        if self.depth > 1:
            _, rows, actions, values, valued = deep_ply(view, masks, self.rng, self.top, self.depth, self.samples)
            values = np.where(valued, values, -np.inf)  # moves outside the top are never taken
        else:
            _, rows, actions, values, reward, done = one_ply(view, masks, self.rng, self.samples)
            values = np.where(done, values + WIN * reward, values).mean(axis=1)
        return actions[pick_best(values, rows, len(view), self.rng)].astype(np.int64)


def one_ply(view, masks, rng, samples=1):
    """Every legal action of the games in view applied to `samples` determinized copies of
    its game (each its own hidden cards and future dice) and valued by Game.evaluate from
    the acting seat.

    Returns (base, rows, actions, values, reward, done): the determinized games (copy k of
    game i at i * samples + k), the legal (game, action) pairs, and per pair and copy
    (shape (pairs, samples)) the child's evaluation, the acting seat's reward on that step
    and whether the action ended the game."""
    base = view.determinize(rng.integers(0, 2**64, size=len(view) * samples, dtype=np.uint64), repeat=samples)
    rows, actions = np.nonzero(masks)
    parent = (rows[:, None] * samples + np.arange(samples)).ravel()
    values, reward, done = child_values(view.game, base, parent, np.repeat(actions, samples),
                                        np.repeat(view.seats[rows], samples))
    shape = (len(rows), samples)
    return base, rows, actions, values.reshape(shape), reward.reshape(shape), done.reshape(shape)


def deep_ply(view, masks, rng, top, depth=2, samples=1):
    """Values `depth` plies deep, averaged over `samples` determinized copies of each game.

    The `top` best moves of each game by one-ply value are each followed by depth - 1 more
    decisions, every one taken greedily (one ply) by whoever makes it, and the position they
    lead to is valued from the acting seat (a finished game by its value plus WIN times the
    reward of its last step).

    Returns (base, rows, actions, values, valued): the determinized games (copy k of game i
    at i * samples + k), and per legal (game, action) pair its value and whether it was
    valued: the moves that end the game at once (their one-ply value) and the followed
    ones; the rest are not. With several copies a move's value is the mean over the copies
    that valued it."""
    if samples > 1:
        n = len(view)
        copies = np.repeat(np.arange(n), samples)
        base, rows, actions, values, valued = deep_ply(view.subset(copies), masks[copies], rng, top, depth)
        total, count = np.zeros(np.shape(masks)), np.zeros(np.shape(masks))
        game_of = rows[valued] // samples
        np.add.at(total, (game_of, actions[valued]), values[valued])
        np.add.at(count, (game_of, actions[valued]), 1)
        rows, actions = np.nonzero(masks)
        count = count[rows, actions]
        return base, rows, actions, total[rows, actions] / np.maximum(count, 1), count > 0
    game = view.game
    base, rows, actions, values, reward, done = one_ply(view, masks, rng)
    done = done[:, 0]
    first = np.where(done, values[:, 0] + WIN * reward[:, 0], values[:, 0])
    live = np.where(done, -np.inf, first + rng.random(len(first)) * 1e-6)  # ties at random
    order = np.lexsort((-live, rows))
    rank = np.empty(len(rows), np.int64)
    rank[order] = np.arange(len(rows)) - np.searchsorted(rows[order], rows[order])
    cand = np.flatnonzero((rank < top) & ~done)
    second = np.where(done, first, 0.0)
    if cand.size:
        line = base[rows[cand]]  # each followed move's line of play
        me = view.seats[rows[cand]]
        last = np.zeros(len(cand), np.float32)  # the acting seat's reward on the line's last step
        step = actions[cand].astype(np.int64)
        for ply in range(depth):
            rew = np.zeros((len(cand), game.max_players), np.float32)
            game.kernels.step(line, step, rew)  # a finished line (step -1) stays as it is
            last = np.where(step >= 0, rew[np.arange(len(cand)), me], last)
            if ply == depth - 1:
                break
            step = np.full(len(cand), -1, np.int64)
            going = np.flatnonzero(~line["terminated"])
            lrows, lacts = np.nonzero(game.legal_mask(line[going]))
            v, r, d = child_values(game, line[going], lrows, lacts, line["current_player"][going][lrows].astype(np.int64))
            step[going] = lacts[pick_best(np.where(d, v + WIN * r, v), lrows, len(going), rng)]  # a live game has a move
        mine = np.zeros(len(cand))
        game.evaluate(line, me, mine)
        second[cand] = np.where(line["terminated"], mine + WIN * last, mine)
    valued = done.copy()
    valued[cand] = True
    return base, rows, actions, second, valued
