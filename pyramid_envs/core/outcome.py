"""Turning final scores into rewards, shared by every game's kernels."""
import numpy as np
from .jit import njit

REWARD_MODES = ("win_loss", "score_margin")


@njit(cache=True)
def rank_rewards(scores, num_players, out):
    """out[i] = (players i beats - players that beat i) / (n - 1).

    Two players: +1 win, -1 loss, 0 draw. More players: a rank-based value in
    [-1, 1] where tied players share the same reward.
    """
    for i in range(num_players):
        v = 0.0
        for j in range(num_players):
            if scores[j] < scores[i]:
                v += 1.0
            elif scores[j] > scores[i]:
                v -= 1.0
        out[i] = v / (num_players - 1)


def score_margin_rewards(scores, num_players):
    """Own final score minus the best other score, per seat (batched, numpy).

    scores: (B, P) array; returns (B, P) float32, zero for seats >= num_players.
    """
    scores = np.asarray(scores, np.float64)
    out = np.zeros(scores.shape, np.float32)
    for b in range(scores.shape[0]):
        n = int(num_players[b])
        s = scores[b, :n]
        for i in range(n):
            out[b, i] = s[i] - np.max(np.delete(s, i))
    return out
