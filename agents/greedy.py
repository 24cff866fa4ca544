"""One-ply lookahead on the game's own evaluation function (Game.evaluate).

Every legal action is applied to a determinized copy of the game (through the
compiled core, all actions of all games in one compiled loop) and valued from the acting
seat's view: a finished game by its reward, otherwise by the heuristic.
"""
import numpy as np

from pyramid_envs.core.oneply import child_values

from .base import Agent, pick_best

WIN = 1e6  # a won game outranks any heuristic value


class GreedyAgent(Agent):
    name = "greedy"
    needs_view = True

    def __init__(self, samples=1, seed=None):
        """samples: determinized copies each move is valued on, averaged (dice, hidden tiles)."""
        if int(samples) < 1:
            raise ValueError(f"samples must be at least 1, got {samples}")
        self.samples = int(samples)
        self.rng = np.random.default_rng(seed)
        if self.samples > 1:
            self.name = f"greedy:samples={self.samples}"

    def act(self, obs, masks, view):
        _, rows, actions, values, reward, done = one_ply(view, masks, self.rng, self.samples)
        values = np.where(done, values + WIN * reward, values).mean(axis=1)
        return actions[pick_best(values, rows, len(view), self.rng)].astype(np.int64)


def one_ply(view, masks, rng, samples=1):
    """Every legal action of the games in view applied to `samples` determinized copies of
    its game (each its own hidden cards and future dice) and valued
    by Game.evaluate from the acting seat.

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
