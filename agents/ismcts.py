"""Information-set Monte-Carlo tree search (single-observer ISMCTS, Cowling et al. 2012)
guided by the game's evaluation function, compiled with numba for any game's kernels.

Each simulation takes a fresh determinization of the game for the acting seat (the
only access it has, through SeatView.determinize) and walks the one tree of that
decision over the actions legal in that sample. The first time an action is legal at a
node it is applied to that sample and valued one ply deep as greedy does (a finished
game by its reward, otherwise tanh(Game.evaluate / eval_scale)), all such actions of the
node in one batched kernel call. Selection is PUCT over these priors:
Q + c * P * sqrt(availability) / (1 + visits), with P the softmax of the one-ply values
/ temp and Q the mean of the one-ply value (counted as one visit) and the backed-up
values. So the first simulation follows greedy's choice and search leaves it only on
evidence. One-ply values are optimistic (nobody has replied yet), so an untried action
is tried once the tried ones' backed-up values fall to its one-ply value: the tree
widens in the order of the one-ply values, and weak actions are never tried (plain UCB1
had to try every action once, which in games whose moves span many single-step
decisions drowned the good line's mean in its bad siblings).
The walk expands one node and values the leaf by the game's evaluation function
(rollout="eval") or a random playout to the end (rollout="random"); the reward vector
is backed up for every seat, so it works for any number of players. The answer is the
most visited root action (among equals the better one-ply value).
"""
import numpy as np
from numba import njit

from pyramid_envs.core.jit import njit as cached_njit
from pyramid_envs.core.rng import mix64

from .base import Agent

RANDOM, EVAL = 0, 1


@njit(inline="always")
def _rand(x):
    x[0] += np.uint64(0x9E3779B97F4A7C15)
    return mix64(x[0])


@cached_njit(cache=True)
def _pick_legal(mask, count, x):
    k = np.int64(_rand(x) % np.uint64(count))
    for a in range(mask.shape[0]):
        if mask[a]:
            if k == 0:
                return a
            k -= 1
    return -1


@cached_njit(cache=True)
def _workspace(cap, num_actions, num_players):
    """search's scratch arrays, allocated in a cached kernel: search itself is compiled in every
    process (it takes the game's kernels as arguments), and allocating there would bring numba's
    array constructors into that compile each time."""
    # per node and action: child node (-1: none yet), one-ply value (nan: not yet
    # computed), availability (simulations that reached the node with the action legal)
    return (np.empty((cap, num_actions), np.int64), np.empty((cap, num_actions), np.float64),
            np.empty((cap, num_actions), np.float64), np.empty(cap, np.float64),
            np.empty((cap, num_players), np.float64), np.empty(cap + 1, np.int64),
            np.zeros((1, num_actions), np.int8), np.zeros(1, np.int64), np.zeros((1, num_players), np.float32),
            np.empty(num_actions, np.int64), np.zeros((num_actions, num_players), np.float32),
            np.empty(num_actions, np.int64), np.empty(num_actions, np.float64), np.zeros(1, np.int64),
            np.zeros(1, np.float64), np.zeros(num_players, np.float64), np.zeros(1, np.uint64))


@njit
def search(dets, kids, sims, root_masks, legal_mask, step, evaluate, num_actions, num_players,
           mode, c, temp, eval_scale, max_rollout_steps, seed, out_actions, out_visits, out_ranks):
    """dets: determinized copies, sims per decision (decision g uses dets[g*sims:(g+1)*sims]);
    kids: scratch states, one per action, for the one-ply values.
    Writes the most visited legal root action per decision, the root visit counts and the
    ranks the choice is made on: the visits plus under one visit for the one-ply value
    (0 for actions never tried)."""
    n = root_masks.shape[0]
    cap = sims + 1
    (kid, prior, avail, visits, wsum, path, mask, act, rew, pend, kid_rew, kid_seat, kid_val, seat1, val1,
     value, x) = _workspace(cap, num_actions, num_players)
    x[0] = np.uint64(seed)
    for g in range(n):
        size = 1
        kid[0, :] = -1
        prior[0, :] = np.nan
        avail[0, :] = 0.0
        visits[0] = 0.0
        wsum[0, :] = 0.0
        for s in range(sims):
            sub = dets[g * sims + s:g * sims + s + 1]
            node = 0
            depth = 0
            path[0] = 0
            rew[0, :] = 0.0
            expanded = False
            while not sub[0].terminated and not expanded:
                legal_mask(sub, mask)
                player = sub[0].current_player
                m = 0
                for a in range(num_actions):
                    if mask[0, a]:
                        avail[node, a] += 1.0
                        if np.isnan(prior[node, a]):
                            pend[m] = a
                            m += 1
                if m > 0:
                    for j in range(m):
                        kids[j] = sub[0]
                        kid_seat[j] = player
                    kid_rew[:m, :] = 0.0
                    step(kids[:m], pend[:m], kid_rew[:m])
                    evaluate(kids[:m], kid_seat[:m], kid_val[:m])
                    for j in range(m):
                        if kids[j].terminated:
                            prior[node, pend[j]] = kid_rew[j, player]
                        else:
                            prior[node, pend[j]] = np.tanh(kid_val[j] / eval_scale)
                top = -1e300
                for a in range(num_actions):
                    if mask[0, a] and prior[node, a] > top:
                        top = prior[node, a]
                z = 0.0
                for a in range(num_actions):
                    if mask[0, a]:
                        z += np.exp((prior[node, a] - top) / temp)
                best = -1e300
                pick = -1
                for a in range(num_actions):
                    if mask[0, a]:
                        k = kid[node, a]
                        nv = visits[k] if k >= 0 else 0.0
                        q = (prior[node, a] + (wsum[k, player] if k >= 0 else 0.0)) / (1.0 + nv)
                        p = np.exp((prior[node, a] - top) / temp) / z
                        score = q + c * p * np.sqrt(avail[node, a]) / (1.0 + nv)
                        if score > best:
                            best = score
                            pick = a
                nxt = kid[node, pick]
                if nxt < 0:
                    nxt = size
                    size += 1
                    kid[node, pick] = nxt
                    kid[nxt, :] = -1
                    prior[nxt, :] = np.nan
                    avail[nxt, :] = 0.0
                    visits[nxt] = 0.0
                    wsum[nxt, :] = 0.0
                    expanded = True
                act[0] = pick
                step(sub, act, rew)
                depth += 1
                path[depth] = nxt
                node = nxt
            if sub[0].terminated:
                for p in range(num_players):
                    value[p] = rew[0, p]
            elif mode == EVAL:
                value[:] = 0.0
                for p in range(sub[0].num_players):  # seats beyond the game's players stay 0
                    seat1[0] = p
                    evaluate(sub, seat1, val1)
                    value[p] = np.tanh(val1[0] / eval_scale)
            else:
                steps = 0
                while not sub[0].terminated and steps < max_rollout_steps:
                    legal_mask(sub, mask)
                    count = 0
                    for a in range(num_actions):
                        count += mask[0, a]
                    act[0] = _pick_legal(mask[0], count, x)
                    step(sub, act, rew)
                    steps += 1
                for p in range(num_players):
                    value[p] = rew[0, p] if sub[0].terminated else 0.0
            for i in range(depth + 1):
                visits[path[i]] += 1.0
                for p in range(num_players):
                    wsum[path[i], p] += value[p]
        # most visited; among equals the better one-ply value
        out_actions[g] = -1
        out_visits[g, :] = 0.0
        out_ranks[g, :] = 0.0
        best = -1.0
        for a in range(num_actions):
            k = kid[0, a]
            if root_masks[g, a] and k >= 0:
                out_visits[g, a] = visits[k]
                key = visits[k] + 0.49 * (1.0 + prior[0, a])  # prior in [-1, 1]: under one visit
                out_ranks[g, a] = key
                if key > best:
                    best = key
                    out_actions[g] = a


class ISMCTSAgent(Agent):
    name = "ismcts"
    needs_view = True

    def __init__(self, sims=400, c=1.0, temp=0.1, rollout="eval", eval_scale=10.0,
                 max_rollout_steps=2000, seed=None):
        if rollout not in ("random", "eval"):
            raise ValueError(f"rollout must be 'random' or 'eval', got {rollout!r}")
        if int(sims) < 1:
            raise ValueError(f"sims must be at least 1, got {sims}")
        if float(temp) <= 0:
            raise ValueError(f"temp must be positive, got {temp}")
        self.sims, self.c, self.temp, self.rollout = int(sims), float(c), float(temp), rollout
        self.eval_scale, self.max_rollout_steps = float(eval_scale), int(max_rollout_steps)
        self.rng = np.random.default_rng(seed)
        self.name = f"ismcts:sims={self.sims}"
        self.last_visits = self.last_ranks = None  # of the last act(): root visits, and the ranks chosen on

    def act(self, obs, masks, view):
        game = view.game
        if game.evaluate is None:
            raise ValueError(f"ismcts needs Game.evaluate for its priors, which {game.name} lacks")
        n = len(view)
        dets = view.determinize(self.rng.integers(0, 2**64, size=n * self.sims, dtype=np.uint64),
                                repeat=self.sims)
        actions = np.zeros(n, np.int64)
        self.last_visits = np.zeros((n, game.num_actions))
        self.last_ranks = np.zeros((n, game.num_actions))
        search(dets, np.empty(game.num_actions, dets.dtype), self.sims, np.asarray(masks, np.int8),
               game.kernels.legal_mask, game.kernels.step, game.evaluate, game.num_actions,
               game.max_players, EVAL if self.rollout == "eval" else RANDOM, self.c, self.temp,
               self.eval_scale, self.max_rollout_steps, int(self.rng.integers(0, 2**63)),
               actions, self.last_visits, self.last_ranks)
        return actions  # the first simulation always expands a root child, so all >= 0
