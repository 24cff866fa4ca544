"""One-ply lookahead on the game's own evaluation function (Game.evaluate).

Every legal action is applied to a determinized copy of the game (through the
compiled core, all actions of all games in one batch) and valued from the acting
seat's view: a finished game by its reward, otherwise by the heuristic.
"""
import numpy as np

from .base import Agent, pick_best

WIN = 1e6  # a won game outranks any heuristic value


class GreedyAgent(Agent):
    name = "greedy"
    needs_view = True

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def act(self, obs, masks, view):
        _, rows, actions, values, reward, done = one_ply(view, masks, self.rng)
        values[done] += WIN * reward[done]
        return actions[pick_best(values, rows, len(view), self.rng)].astype(np.int64)


def one_ply(view, masks, rng):
    """Every legal action of the games in view applied to a determinized copy of its game
    (all of them in one kernel call) and valued by Game.evaluate from the acting seat.

    Returns (base, rows, actions, values, reward, done): the determinized games, the legal
    (game, action) pairs, each child's evaluation, the acting seat's reward on that step and
    whether the action ended the game."""
    game = view.game
    if game.evaluate is None:
        raise ValueError(f"one-ply lookahead needs an evaluation function: {game.name} has no Game.evaluate")
    base = view.determinize(rng.integers(0, 2**64, size=len(view), dtype=np.uint64))
    rows, actions = np.nonzero(masks)
    children = base[rows]
    rewards = np.zeros((len(rows), game.max_players), np.float32)
    game.kernels.step(children, actions.astype(np.int64), rewards)
    seats = view.seats[rows]
    values = np.zeros(len(rows))
    game.evaluate(children, seats, values)
    return base, rows, actions, values, rewards[np.arange(len(rows)), seats], children["terminated"]
