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
        game = view.game
        if game.evaluate is None:
            raise ValueError(f"greedy needs an evaluation function: {game.name} has no Game.evaluate")
        n = len(view)
        seeds = self.rng.integers(0, 2**64, size=n, dtype=np.uint64)
        base = view.determinize(seeds)
        rows, actions = np.nonzero(masks)
        children = base[rows]
        rewards = np.zeros((len(rows), game.max_players), np.float32)
        game.kernels.step(children, actions.astype(np.int64), rewards)
        seats = view.seats[rows]
        values = np.zeros(len(rows))
        game.evaluate(children, seats, values)
        done = children["terminated"]
        values[done] = WIN * rewards[done, seats[done]] + values[done]
        return actions[pick_best(values, rows, n, self.rng)].astype(np.int64)
