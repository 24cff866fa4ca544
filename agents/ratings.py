"""Bradley-Terry ratings on the Elo scale, with confidence intervals, and simple rate intervals."""
import math

import numpy as np

ELO = 400.0 / math.log(10.0)  # one logit of strength in Elo points


def bradley_terry(results, num_agents, prior_draws=1.0, iters=100):
    """Fit strengths from pairwise results.

    results: iterable of (i, j, s) with s = 1 if i beat j, 0.5 for a draw, 0 if j won.
    prior_draws: virtual draws between every pair, so a perfect record stays finite.
    Returns (elo[num_agents], stderr[num_agents]) with mean rating 0.
    """
    wins = np.zeros((num_agents, num_agents))  # wins[i, j]: points i scored against j
    for i, j, s in results:
        wins[i, j] += s
        wins[j, i] += 1.0 - s
    off = 1.0 - np.eye(num_agents)
    wins += 0.5 * prior_draws * off
    games = wins + wins.T
    theta = np.zeros(num_agents)
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j] = P(i beats j)
        grad = (wins - games * p).sum(axis=1)
        w = games * p * (1.0 - p)
        hess = -np.diag(w.sum(axis=1)) + w * off  # negative semidefinite, null space 1
        step = np.linalg.lstsq(hess, -grad, rcond=None)[0]
        theta += step - step.mean()
        if np.abs(step).max() < 1e-10:
            break
    cov = np.linalg.pinv(-hess)
    return theta * ELO, np.sqrt(np.maximum(np.diag(cov), 0.0)) * ELO


def wilson(k, n, z=1.96):
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)
