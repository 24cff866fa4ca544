"""Information-set Monte-Carlo tree search (single-observer ISMCTS, Cowling et al. 2012),
compiled with numba for any game's kernels.

Each simulation takes a fresh determinization of the game for the acting seat (the
only access it has, through SeatView.determinize), walks the one tree of that decision
with UCB1 over the actions legal in that sample (with availability counts), expands one
node and values the leaf by a random playout to the end (rollout="random") or by the
game's evaluation function (rollout="eval", tanh(margin / eval_scale)); the reward
vector is backed up for every seat, so it works for any number of players.
"""
import numpy as np
from numba import njit

from pyramid_envs.core.rng import mix64

from .base import Agent

RANDOM, EVAL = 0, 1


@njit(cache=True)
def _no_evaluate(states, seats, out):
    out[:] = 0.0


@njit(inline="always")
def _rand(x):
    x[0] += np.uint64(0x9E3779B97F4A7C15)
    return mix64(x[0])


@njit
def _pick_legal(mask, count, x):
    k = np.int64(_rand(x) % np.uint64(count))
    for a in range(mask.shape[0]):
        if mask[a]:
            if k == 0:
                return a
            k -= 1
    return -1


@njit
def search(dets, sims, root_masks, legal_mask, step, evaluate, num_actions, num_players,
           mode, c, eval_scale, max_rollout_steps, seed, out_actions, out_visits):
    """dets: determinized copies, sims per decision (decision g uses dets[g*sims:(g+1)*sims]).
    Writes the most visited legal root action per decision and the root visit counts."""
    n = root_masks.shape[0]
    cap = sims + 1
    action = np.empty(cap, np.int64)
    first = np.empty(cap, np.int64)
    sibling = np.empty(cap, np.int64)
    visits = np.empty(cap, np.float64)
    avail = np.empty(cap, np.float64)
    wsum = np.empty((cap, num_players), np.float64)
    child_of = np.full(num_actions, -1, np.int64)
    untried = np.empty(num_actions, np.int64)
    path = np.empty(cap + 1, np.int64)
    mask = np.zeros((1, num_actions), np.int8)
    act = np.zeros(1, np.int64)
    rew = np.zeros((1, num_players), np.float32)
    seat1 = np.zeros(1, np.int64)
    val1 = np.zeros(1, np.float64)
    value = np.zeros(num_players, np.float64)
    x = np.zeros(1, np.uint64)
    x[0] = np.uint64(seed)
    for g in range(n):
        size = 1
        first[0] = -1
        visits[0] = 0.0
        wsum[0, :] = 0.0
        for s in range(sims):
            sub = dets[g * sims + s:g * sims + s + 1]
            node = 0
            depth = 0
            path[0] = 0
            rew[0, :] = 0.0
            while not sub[0].terminated:
                legal_mask(sub, mask)
                ch = first[node]
                while ch >= 0:
                    child_of[action[ch]] = ch
                    ch = sibling[ch]
                n_untried = 0
                for a in range(num_actions):
                    if mask[0, a]:
                        if child_of[a] >= 0:
                            avail[child_of[a]] += 1.0
                        else:
                            untried[n_untried] = a
                            n_untried += 1
                player = sub[0].current_player
                if n_untried > 0:
                    a = untried[np.int64(_rand(x) % np.uint64(n_untried))]
                    nxt = size
                    size += 1
                    action[nxt] = a
                    first[nxt] = -1
                    sibling[nxt] = first[node]
                    first[node] = nxt
                    visits[nxt] = 0.0
                    avail[nxt] = 1.0
                    wsum[nxt, :] = 0.0
                else:
                    best = -1e300
                    nxt = -1
                    for a in range(num_actions):
                        if mask[0, a]:
                            k = child_of[a]
                            score = wsum[k, player] / visits[k] + c * np.sqrt(np.log(avail[k]) / visits[k])
                            if score > best:
                                best = score
                                nxt = k
                ch = first[node]
                while ch >= 0:
                    child_of[action[ch]] = -1
                    ch = sibling[ch]
                act[0] = action[nxt]
                step(sub, act, rew)
                depth += 1
                path[depth] = nxt
                node = nxt
                if n_untried > 0:
                    break
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
        best = -1.0
        out_actions[g] = -1
        out_visits[g, :] = 0.0
        ch = first[0]
        while ch >= 0:
            a = action[ch]
            if root_masks[g, a]:
                out_visits[g, a] = visits[ch]
                if visits[ch] > best:
                    best = visits[ch]
                    out_actions[g] = a
            ch = sibling[ch]


class ISMCTSAgent(Agent):
    name = "ismcts"
    needs_view = True

    def __init__(self, sims=400, c=0.3, rollout="eval", eval_scale=10.0, max_rollout_steps=2000,
                 seed=None):
        if rollout not in ("random", "eval"):
            raise ValueError(f"rollout must be 'random' or 'eval', got {rollout!r}")
        if int(sims) < 1:
            raise ValueError(f"sims must be at least 1, got {sims}")
        self.sims, self.c, self.rollout = int(sims), float(c), rollout
        self.eval_scale, self.max_rollout_steps = float(eval_scale), int(max_rollout_steps)
        self.rng = np.random.default_rng(seed)
        self.name = f"ismcts:sims={self.sims}"
        self.last_visits = None

    def act(self, obs, masks, view):
        game = view.game
        if self.rollout == "eval" and game.evaluate is None:
            raise ValueError(f"rollout='eval' needs Game.evaluate, which {game.name} lacks")
        n = len(view)
        dets = view.determinize(self.rng.integers(0, 2**64, size=n * self.sims, dtype=np.uint64),
                                repeat=self.sims)
        actions = np.zeros(n, np.int64)
        self.last_visits = np.zeros((n, game.num_actions))
        search(dets, self.sims, np.asarray(masks, np.int8), game.kernels.legal_mask,
               game.kernels.step, game.evaluate or _no_evaluate, game.num_actions,
               game.max_players, EVAL if self.rollout == "eval" else RANDOM, self.c,
               self.eval_scale, self.max_rollout_steps, int(self.rng.integers(0, 2**63)),
               actions, self.last_visits)
        return actions  # the first simulation always expands a root child, so all >= 0
