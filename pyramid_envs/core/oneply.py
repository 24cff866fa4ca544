"""Children of many positions, stepped and valued in one compiled loop.

One-ply planners (greedy, the lookahead features) value every legal action of every game.
Done with NumPy, that is a fancy-indexed copy of a whole batch of children, a step kernel
and an evaluate kernel over it: the copies and temporaries cost several times the rules
themselves in games with large states. Here the children are copied a chunk at a time
into one small scratch batch, stepped and valued in place.
"""
import numpy as np
from .jit import njit


CHUNK = 64  # children per step/evaluate call: amortises the kernels' own set-up per call


# Not cached: numba's disk cache cannot key functions passed as arguments, and would add an
# index entry per process. The compile (1-3 s per game) happens once per process.
@njit
def _children(step, evaluate, base, parents, actions, seats, values, reward, done, scratch, rew):
    # prefix slices of local buffers keep the C layout the kernels were compiled for
    act, seat, val = np.empty(CHUNK, np.int64), np.empty(CHUNK, np.int64), np.empty(CHUNK)
    for start in range(0, parents.shape[0], CHUNK):
        m = min(CHUNK, parents.shape[0] - start)
        for k in range(m):
            scratch[k] = base[parents[start + k]]
            act[k], seat[k] = actions[start + k], seats[start + k]
        rew[:m] = 0.0
        step(scratch[:m], act[:m], rew[:m])
        evaluate(scratch[:m], seat[:m], val[:m])
        for k in range(m):
            values[start + k] = val[k]
            reward[start + k] = rew[k, seat[k]]
            done[start + k] = scratch[k].terminated


def child_values(game, base, parents, actions, seats):
    """For each i: base[parents[i]] after actions[i], valued by game.evaluate for seats[i].

    Returns (values float64[n], reward float32[n]: seats[i]'s reward on that step,
    done bool[n]: whether the step ended the game). base is left as it was."""
    if game.evaluate is None:
        raise ValueError(f"one-ply lookahead needs an evaluation function: {game.name} has no Game.evaluate")
    n = len(parents)
    values, reward, done = np.zeros(n), np.zeros(n, np.float32), np.zeros(n, bool)
    if n:
        _children(game.kernels.step, game.evaluate, base, np.asarray(parents, np.int64),
                  np.asarray(actions, np.int64), np.asarray(seats, np.int64), values, reward, done,
                  np.zeros(CHUNK, base.dtype), np.zeros((CHUNK, game.max_players), np.float32))
    return values, reward, done
