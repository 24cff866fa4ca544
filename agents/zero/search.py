"""Batched search for agents/zero: the simulations of many games' decisions run in waves.

One wave is one simulation in every game at once: a fresh determinization of each root for
its acting seat (SeatView.determinize, so the search can never peek), one compiled walk down
every tree (tree.descend, stepping the game's own kernels), the leaves observed by the game's
observe kernel and valued in one network call, then the compiled expansion and backup. No
Python runs per node; Python runs per wave.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from pyramid_envs.core import records
from pyramid_envs.core.outcome import score_margin_rewards

from . import tree
from .tree import EVAL, GUMBEL, PUCT, TERMINAL

MODES = {"puct": PUCT, "gumbel": GUMBEL}


def outcome_values(win_loss, states, margin_weight, margin_scale):
    """The value of finished games per seat: the kernel's rank reward (win_loss, +1/-1/0 for two
    players) blended with the game's other reward, the final score margin (own score minus the
    best other, core/outcome.score_margin_rewards), squashed: (1 - w) * rank + w *
    tanh(margin / scale). Both are the game's own rewards; w = 0 is the rank reward alone."""
    if not margin_weight:
        return np.asarray(win_loss, np.float32)
    margin = score_margin_rewards(states["scores"], states["num_players"])[:, :win_loss.shape[1]]
    live = np.arange(win_loss.shape[1])[None, :] < states["num_players"][:, None]
    blend = (1 - margin_weight) * win_loss + margin_weight * np.tanh(margin / margin_scale)
    return np.where(live, blend, 0.0).astype(np.float32)


@dataclass
class SearchResult:
    actions: np.ndarray   # int64[n] the move each game plays
    policy: np.ndarray    # float32[n, A] the policy target (zero off the legal actions)
    visits: np.ndarray    # float32[n, A] root visit counts
    value: np.ndarray     # float32[n] the root's mean value for its acting seat
    root_values: np.ndarray = None  # float32[n, P] the root's mean value for every seat (absolute seats)


def to_absolute(values_rel, seats, num_players):
    """Network values are per seat counted from the one to move (column k: seat (seat + k) %
    players); the tree keeps them per absolute seat. Columns beyond a game's players stay 0."""
    n, width = values_rel.shape
    out = np.zeros((n, width), np.float32)
    k = np.arange(width)
    absolute = (seats[:, None] + k[None, :]) % np.maximum(num_players, 1)[:, None]
    live = k[None, :] < num_players[:, None]
    rows = np.repeat(np.arange(n), width).reshape(n, width)
    out[rows[live], absolute[live]] = values_rel[live]
    return out


class Search:
    """evaluate(obs, masks) -> (priors float32[n, A] summing to 1 over each row's legal actions,
    values float32[n, P] per seat counted from the observer). Timers (seconds so far): search
    (determinizations and the compiled tree: walks, expansions, backups), observe (the leaves'
    observation kernels), inference (evaluate)."""

    def __init__(self, game, evaluate, sims=16, mode="gumbel", c_puct=1.25, c_visit=50.0, c_scale=0.1,
                 max_considered=16, dirichlet_alpha=0.3, dirichlet_frac=0.25, max_steps=None, margin_weight=0.0,
                 margin_scale=10.0, discount=1.0, truncation_value=0.0):
        if mode not in MODES:
            raise ValueError(f"search mode must be one of {sorted(MODES)}, got {mode!r}")
        if int(sims) < 1 or int(max_considered) < 1:
            raise ValueError(f"sims and max_considered must be at least 1, got {sims} and {max_considered}")
        self.game, self.evaluate = game, evaluate
        self.sims, self.mode = int(sims), MODES[mode]
        self.c_puct, self.c_visit, self.c_scale = float(c_puct), float(c_visit), float(c_scale)
        self.max_considered = int(max_considered)
        self.dirichlet_alpha, self.dirichlet_frac = float(dirichlet_alpha), float(dirichlet_frac)
        self.max_steps = int(max_steps or 0)
        if not 0.0 <= float(margin_weight) <= 1.0 or float(margin_scale) <= 0:
            raise ValueError(f"margin_weight must be in [0, 1] and margin_scale positive, got {margin_weight} "
                             f"and {margin_scale}")
        self.margin_weight, self.margin_scale = float(margin_weight), float(margin_scale)
        if not 0.0 < float(discount) <= 1.0:
            raise ValueError(f"discount must be in (0, 1], got {discount}")
        self.discount = float(discount)
        if not -1.0 <= float(truncation_value) <= 1.0:
            raise ValueError(f"truncation_value must be in [-1, 1], got {truncation_value}")
        self.truncation_value = float(truncation_value)  # every seat's value of a walk cut at max_steps
        self.table = tree.considered_visits(self.max_considered, self.sims)
        self.capacity = 0
        self.edges = 0
        self.seconds = {"search": 0.0, "observe": 0.0, "inference": 0.0}
        self.leaf_evaluations = 0

    def set_sims(self, sims: int) -> None:
        """Search with `sims` simulations from the next run on (a schedule that deepens the
        search as training goes); the buffers sized by them are remade on that run."""
        if int(sims) < 1:
            raise ValueError(f"sims must be at least 1, got {sims}")
        if int(sims) != self.sims:
            self.sims = int(sims)
            self.table = tree.considered_visits(self.max_considered, self.sims)
            self.capacity = 0

    def _allocate(self, n):
        game, nodes, width = self.game, self.sims + 2, self.game.max_players
        self.capacity = n
        self.node_count = np.zeros(n, np.int32)
        self.node_head = np.full((n, nodes), -1, np.int32)
        self.node_value = np.zeros((n, nodes, width), np.float32)
        self.node_visits = np.zeros((n, nodes), np.float32)
        self.node_wsum = np.zeros((n, nodes, width), np.float32)
        self.block_start = np.zeros(n * nodes, np.int32)
        self.block_len = np.zeros(n * nodes, np.int32)
        self.block_next = np.zeros(n * nodes, np.int32)
        self._grow_edges(max(self.edges, n * nodes * 8))
        self.used = np.zeros(2, np.int64)
        self.leaf_kind = np.zeros(n, np.int8)
        self.leaf_mask = np.zeros((n, game.num_actions), np.int8)
        self.leaf_value = np.zeros((n, width), np.float32)
        self.path = np.zeros((n, nodes), np.int32)
        self.path_len = np.zeros(n, np.int32)
        self.values = np.zeros((n, width), np.float32)
        self.obs = np.zeros((n,) + tuple(game.obs_shape), np.float32)
        self.buf_e = np.zeros(game.num_actions, np.int64)
        self.buf_q = np.zeros(game.num_actions, np.float64)
        self.buf_n = np.zeros(game.num_actions, np.float64)
        self.mark = np.zeros(game.num_actions, np.int8)
        self.walk_mask = np.zeros((1, game.num_actions), np.int8)  # one walking game's kernel buffers
        self.walk_action = np.zeros(1, np.int64)
        self.walk_reward = np.zeros((1, width), np.float32)

    def _grow_edges(self, size):
        old = self.edges
        self.edges = size
        for name, dtype in (("edge_action", np.int32), ("edge_prior", np.float32), ("edge_child", np.int32)):
            arr = np.zeros(size, dtype)
            if old:
                arr[:old] = getattr(self, name)
            setattr(self, name, arr)

    def _expand(self, games, nodes, masks, priors, values):
        while True:
            need = tree.expand(games, nodes, masks, priors, values, self.node_head, self.node_value,
                               self.block_start, self.block_len, self.block_next, self.edge_action,
                               self.edge_prior, self.edge_child, self.used, self.mark)
            if need == 0:
                return
            self._grow_edges(max(2 * self.edges, int(need)))

    def _evaluate(self, obs, masks, seats, num_players):
        t = time.perf_counter()
        priors, values = self.evaluate(obs, masks)
        self.seconds["inference"] += time.perf_counter() - t
        self.leaf_evaluations += len(obs)
        values = np.asarray(values, np.float32)[:, :self.game.max_players]
        return np.asarray(priors, np.float32), to_absolute(values, seats, num_players)

    def run(self, view, obs, masks, rng, explore=False) -> SearchResult:
        """Search every game of `view` from its acting seat. explore: Dirichlet noise at the root
        (PUCT) or Gumbel noise (Gumbel), for self-play; without it the search is deterministic
        given the determinizations."""
        game, n = self.game, len(view)
        if n > self.capacity:
            self._allocate(n)
        masks = np.ascontiguousarray(masks, np.int8)
        seats = np.asarray(view.seats, np.int64)
        t = time.perf_counter()
        dets = view.determinize(rng.integers(0, 2**64, size=n, dtype=np.uint64))
        num_players = dets["num_players"].astype(np.int64)
        tree.reset(self.node_count[:n], self.node_head[:n], self.node_visits[:n], self.node_wsum[:n],
                   self.node_value[:n], self.used)
        self.seconds["search"] += time.perf_counter() - t
        priors, values = self._evaluate(np.asarray(obs, np.float32), masks, seats, num_players)
        t = time.perf_counter()
        gumbel = np.zeros((n, game.num_actions), np.float32)
        if explore and self.mode == PUCT:
            noise = rng.dirichlet(np.full(game.num_actions, self.dirichlet_alpha), size=n).astype(np.float32) * masks
            noise /= np.maximum(noise.sum(1, keepdims=True), 1e-12)
            priors = (1 - self.dirichlet_frac) * priors + self.dirichlet_frac * noise
        elif explore:
            gumbel = rng.gumbel(size=(n, game.num_actions)).astype(np.float32)
        games = np.arange(n, dtype=np.int64)
        roots = np.zeros(n, np.int32)
        self._expand(games, roots, masks, priors, values)
        self.path[:n, 0] = 0
        self.path_len[:n] = 1
        tree.backup(values, self.path[:n], self.path_len[:n], self.node_visits[:n], self.node_wsum[:n],
                    self.discount)
        considered_rows = self.table[np.minimum(masks.sum(1), self.max_considered)]
        self.seconds["search"] += time.perf_counter() - t
        for s in range(self.sims):
            t = time.perf_counter()
            if s:
                dets = view.determinize(rng.integers(0, 2**64, size=n, dtype=np.uint64))
            tree.descend(dets, game.kernels.legal_mask, game.kernels.step, considered_rows[:, s], gumbel, self.mode,
                         self.c_puct, self.c_visit, self.c_scale, self.max_steps, self.truncation_value,
                         self.node_count, self.node_head, self.node_value, self.block_start, self.block_len,
                         self.block_next, self.edge_action, self.edge_prior, self.edge_child, self.node_visits,
                         self.node_wsum, self.leaf_kind[:n], self.leaf_mask[:n], self.leaf_value[:n], self.path[:n],
                         self.path_len[:n], self.buf_e, self.buf_q, self.buf_n, self.mark, self.walk_mask,
                         self.walk_action, self.walk_reward)
            kinds = self.leaf_kind[:n]
            values = self.values[:n]
            values[:] = self.leaf_value[:n]
            if self.margin_weight:
                ended = np.flatnonzero((kinds == TERMINAL) & dets["terminated"])
                values[ended] = outcome_values(values[ended], records.take(dets, ended), self.margin_weight,
                                               self.margin_scale)
            leaves = np.flatnonzero(kinds == EVAL)
            self.seconds["search"] += time.perf_counter() - t
            if leaves.size:
                t = time.perf_counter()
                leaf_states = records.take(dets, leaves)
                leaf_seats = leaf_states["current_player"].astype(np.int64)
                leaf_obs = self.obs[:leaves.size]
                game.kernels.observe(leaf_states, leaf_seats, leaf_obs)
                leaf_masks = self.leaf_mask[leaves]
                self.seconds["observe"] += time.perf_counter() - t
                p, v = self._evaluate(leaf_obs, leaf_masks, leaf_seats, num_players[leaves])
                t = time.perf_counter()
                nodes = self.path[leaves, self.path_len[leaves] - 1]
                self._expand(leaves.astype(np.int64), nodes, leaf_masks, p, v)
                values[leaves] = v
                self.seconds["search"] += time.perf_counter() - t
            t = time.perf_counter()
            tree.backup(values, self.path[:n], self.path_len[:n], self.node_visits[:n], self.node_wsum[:n],
                    self.discount)
            self.seconds["search"] += time.perf_counter() - t
        t = time.perf_counter()
        result = SearchResult(np.zeros(n, np.int64), np.zeros((n, game.num_actions), np.float32),
                              np.zeros((n, game.num_actions), np.float32), np.zeros(n, np.float32))
        tree.root_outputs(self.mode, seats, gumbel, self.c_visit, self.c_scale, self.node_head, self.node_value,
                          self.block_start, self.block_len, self.block_next, self.edge_action, self.edge_prior,
                          self.edge_child, self.node_visits, self.node_wsum, masks, result.visits, result.policy,
                          result.actions, result.value, self.buf_e, self.buf_q, self.buf_n)
        result.root_values = self.node_wsum[:n, 0] / np.maximum(self.node_visits[:n, 0], 1.0)[:, None]
        self.seconds["search"] += time.perf_counter() - t
        return result


__all__ = ["Search", "SearchResult", "to_absolute", "MODES", "TERMINAL"]
