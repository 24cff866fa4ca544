"""The compiled search tree of agents/zero: one tree per game of a batch, walked by many
games' simulations at once (agents/zero/search.py drives the waves).

Nodes are keyed by the action history from the root, as in single-observer ISMCTS: every
simulation walks a fresh determinization, so a node's legal actions can differ from one walk
to the next (an opponent's hidden hand, a die). A node's edges are added in blocks: the first
time the node is evaluated, one edge per action legal in that walk's state; when a later walk
meets a legal action the node has no edge for, the walk stops there, the network values that
state and the missing edges are added (priors from that evaluation). Selection only ever
looks at the edges legal in the walk's own state.

Values are one per seat (absolute seat numbers) and every seat's value is backed up along
the path, so the acting seat at each node maximises its own: any number of players.

Selection rules:
  PUCT (AlphaZero): Q + c * P * sqrt(sum N) / (1 + N), an unvisited edge valued at its
      node's mean (first-play urgency), priors renormalised over the legal edges.
  Gumbel (Gumbel MuZero, Danihelka et al. 2022): at the root, sequential halving over the
      top-m actions of gumbel + logit + sigma(completed Q); below it, the deterministic
      choice argmax(pi'(a) - N(a) / (1 + sum N)) with pi' = softmax(logit + sigma(completed
      Q)). sigma(q) = (c_visit + max N) * c_scale * q, q rescaled to [0, 1] over the node.
"""
import numpy as np
from pyramid_envs.core.jit import njit

PUCT, GUMBEL = 0, 1
EVAL, TERMINAL = 0, 1


@njit(cache=True)
def reset(node_count, node_head, node_visits, node_wsum, node_value, used):
    """Empty trees: one root per game, no edges."""
    for g in range(node_count.shape[0]):
        node_count[g] = 1
        node_head[g, 0] = -1
        node_visits[g, 0] = 0.0
        node_wsum[g, 0, :] = 0.0
        node_value[g, 0, :] = 0.0
    used[0] = 0
    used[1] = 0


@njit(cache=True)
def expand(games, nodes, masks, priors, values, node_head, node_value, block_start, block_len,
           block_next, edge_action, edge_prior, edge_child, used, mark):
    """Add to node nodes[i] of game games[i] an edge for every action legal in masks[i] that it
    has none for (prior priors[i, a]); a node evaluated for the first time keeps values[i] as
    its network value. Returns 0, or the edges needed when the pool is too small (then nothing
    is written: the caller grows the pool and calls again)."""
    need = 0
    for i in range(games.shape[0]):
        g, node = games[i], nodes[i]
        _mark_edges(g, node, node_head, block_start, block_len, block_next, edge_action, mark, 1)
        for a in range(masks.shape[1]):
            if masks[i, a] and not mark[a]:
                need += 1
        _mark_edges(g, node, node_head, block_start, block_len, block_next, edge_action, mark, 0)
    if used[0] + need > edge_action.shape[0] or used[1] + games.shape[0] > block_start.shape[0]:
        return used[0] + need
    for i in range(games.shape[0]):
        g, node = games[i], nodes[i]
        first = node_head[g, node] < 0
        if first:
            node_value[g, node, :] = values[i]
        _mark_edges(g, node, node_head, block_start, block_len, block_next, edge_action, mark, 1)
        start = used[0]
        for a in range(masks.shape[1]):
            if masks[i, a] and not mark[a]:
                e = used[0]
                edge_action[e] = a
                edge_prior[e] = priors[i, a]
                edge_child[e] = -1
                used[0] += 1
        _mark_edges(g, node, node_head, block_start, block_len, block_next, edge_action, mark, 0)
        if used[0] == start:
            continue
        b = used[1]
        used[1] += 1
        block_start[b] = start
        block_len[b] = used[0] - start
        block_next[b] = -1
        if first:
            node_head[g, node] = b
        else:  # appended at the end, so edges keep the order they were added in
            k = node_head[g, node]
            while block_next[k] >= 0:
                k = block_next[k]
            block_next[k] = b
    return 0


@njit(cache=True)
def _mark_edges(g, node, node_head, block_start, block_len, block_next, edge_action, mark, value):
    k = node_head[g, node]
    while k >= 0:
        for e in range(block_start[k], block_start[k] + block_len[k]):
            mark[edge_action[e]] = value
        k = block_next[k]


@njit(cache=True)
def _child_stats(g, e, seat, edge_child, node_visits, node_wsum):
    c = edge_child[e]
    if c < 0 or node_visits[g, c] == 0.0:
        return 0.0, 0.0
    return node_visits[g, c], node_wsum[g, c, seat] / node_visits[g, c]


@njit(cache=True)
def _legal_edges(g, node, mask, seat, node_head, block_start, block_len, block_next, edge_action, edge_child,
                 node_visits, node_wsum, buf_e, buf_q, buf_n):
    """Fills buf_e, buf_n, buf_q with the node's edges legal in mask, their visits and mean
    values for seat (0 unvisited); returns their count."""
    m = 0
    k = node_head[g, node]
    while k >= 0:
        for e in range(block_start[k], block_start[k] + block_len[k]):
            if mask[edge_action[e]]:
                buf_e[m] = e
                buf_n[m], buf_q[m] = _child_stats(g, e, seat, edge_child, node_visits, node_wsum)
                m += 1
        k = block_next[k]
    return m


@njit(cache=True)
def _gumbel_sigma(g, node, mask, seat, c_visit, c_scale, node_head, node_value, block_start, block_len,
                  block_next, edge_action, edge_prior, edge_child, node_visits, node_wsum, buf_e, buf_q, buf_n):
    """Fills buf_e (edges legal in mask), buf_q (sigma of the rescaled completed Q) and buf_n
    (visits); returns (count, sum of visits)."""
    m = _legal_edges(g, node, mask, seat, node_head, block_start, block_len, block_next, edge_action, edge_child,
                     node_visits, node_wsum, buf_e, buf_q, buf_n)
    sum_n = 0.0
    max_n = 0.0
    pq = 0.0
    p_seen = 0.0
    for j in range(m):
        sum_n += buf_n[j]
        max_n = max(max_n, buf_n[j])
        if buf_n[j] > 0.0:
            pq += edge_prior[buf_e[j]] * buf_q[j]
            p_seen += edge_prior[buf_e[j]]
    v = node_value[g, node, seat]
    v_mix = v if p_seen <= 0.0 else (v + sum_n * pq / p_seen) / (1.0 + sum_n)
    lo, hi = 1e30, -1e30
    for j in range(m):
        if buf_n[j] == 0.0:
            buf_q[j] = v_mix
        lo = min(lo, buf_q[j])
        hi = max(hi, buf_q[j])
    scale = (c_visit + max_n) * c_scale
    for j in range(m):
        buf_q[j] = scale * (buf_q[j] - lo) / max(hi - lo, 1e-8)
    return m, sum_n


@njit(cache=True)
def _select(g, node, mask, seat, is_root, considered, gumbel, mode, c_puct, c_visit, c_scale, node_head,
            node_value, block_start, block_len, block_next, edge_action, edge_prior, edge_child, node_visits,
            node_wsum, buf_e, buf_q, buf_n):
    """The edge a walk takes at `node` (-1 when no edge is legal in `mask`)."""
    best, pick = -1e300, -1
    if mode == PUCT:
        m = _legal_edges(g, node, mask, seat, node_head, block_start, block_len, block_next, edge_action,
                         edge_child, node_visits, node_wsum, buf_e, buf_q, buf_n)
        sum_n = 0.0
        sum_p = 0.0
        for j in range(m):
            sum_n += buf_n[j]
            sum_p += edge_prior[buf_e[j]]
        fpu = node_wsum[g, node, seat] / max(node_visits[g, node], 1.0)
        root_n = np.sqrt(max(sum_n, 1.0))
        for j in range(m):
            e = buf_e[j]
            q = buf_q[j] if buf_n[j] > 0.0 else fpu
            score = q + c_puct * edge_prior[e] / max(sum_p, 1e-12) * root_n / (1.0 + buf_n[j])
            if score > best:
                best, pick = score, e
        return pick
    m, sum_n = _gumbel_sigma(g, node, mask, seat, c_visit, c_scale, node_head, node_value, block_start, block_len,
                             block_next, edge_action, edge_prior, edge_child, node_visits, node_wsum, buf_e, buf_q, buf_n)
    if is_root:
        for restrict in (True, False):  # sequential halving: only the actions at the considered count
            for j in range(m):
                e = buf_e[j]
                if restrict and buf_n[j] != considered:
                    continue
                score = gumbel[edge_action[e]] + np.log(max(edge_prior[e], 1e-30)) + buf_q[j]
                if score > best:
                    best, pick = score, e
            if pick >= 0:
                return pick
        return pick
    top = -1e300
    for j in range(m):
        buf_q[j] += np.log(max(edge_prior[buf_e[j]], 1e-30))
        top = max(top, buf_q[j])
    z = 0.0
    for j in range(m):
        buf_q[j] = np.exp(buf_q[j] - top)
        z += buf_q[j]
    for j in range(m):
        score = buf_q[j] / z - buf_n[j] / (1.0 + sum_n)
        if score > best:
            best, pick = score, buf_e[j]
    return pick


@njit
def descend(dets, legal_mask, step, considered, gumbel, mode, c_puct, c_visit, c_scale, max_steps, cut_value,
            node_count, node_head, node_value, block_start, block_len, block_next, edge_action, edge_prior,
            edge_child, node_visits, node_wsum, leaf_kind, leaf_mask, leaf_value, path, path_len, buf_e, buf_q,
            buf_n, mark, mask, act, rew):
    """One simulation in every game: walk dets[g] (a fresh determinization of game g's root) from
    the root by the selection rule, stepping it with the game's own kernel, until a finished
    game (leaf_kind TERMINAL, leaf_value its rewards; a walk cut at max_steps is worth cut_value to
    every seat, one cut at the path's length a draw, 0) or a state with a legal action its node
    has no edge for (EVAL, leaf_mask its legal actions). mask, act, rew: one game's buffers for
    the kernels.

    Not cached (it takes the game's kernels as arguments), so every process compiles it once
    per game: element loops instead of slice assignments and no allocation here, because
    numba's array-to-array assignment and np.zeros bring their error-message formatting and
    constructors into that compile (about half of its time, measured by numba's compile events)."""
    num_actions = leaf_mask.shape[1]
    num_values = leaf_value.shape[1]
    for g in range(dets.shape[0]):
        sub = dets[g:g + 1]
        node = 0
        path[g, 0] = 0
        length = 1
        for p in range(num_values):
            leaf_value[g, p] = 0.0
        kind = TERMINAL
        while not sub[0].terminated:
            if max_steps > 0 and sub[0].steps >= max_steps:
                for p in range(sub[0].num_players):
                    leaf_value[g, p] = cut_value
                break
            if length >= path.shape[1]:
                break
            legal_mask(sub, mask)
            _mark_edges(g, node, node_head, block_start, block_len, block_next, edge_action, mark, 1)
            missing = False
            for a in range(num_actions):
                if mask[0, a] and not mark[a]:
                    missing = True
            _mark_edges(g, node, node_head, block_start, block_len, block_next, edge_action, mark, 0)
            if missing:
                kind = EVAL
                for a in range(num_actions):
                    leaf_mask[g, a] = mask[0, a]
                break
            e = _select(g, node, mask[0], sub[0].current_player, node == 0, considered[g], gumbel[g], mode, c_puct,
                        c_visit, c_scale, node_head, node_value, block_start, block_len, block_next, edge_action,
                        edge_prior, edge_child, node_visits, node_wsum, buf_e, buf_q, buf_n)
            child = edge_child[e]
            if child < 0:
                child = node_count[g]
                node_count[g] += 1
                node_head[g, child] = -1
                node_visits[g, child] = 0.0
                for p in range(node_wsum.shape[2]):
                    node_wsum[g, child, p] = 0.0
                for p in range(node_value.shape[2]):
                    node_value[g, child, p] = 0.0
                edge_child[e] = child
            act[0] = edge_action[e]
            for p in range(num_values):
                rew[0, p] = 0.0
            step(sub, act, rew)
            if sub[0].terminated:
                for p in range(num_values):
                    leaf_value[g, p] = rew[0, p]
            node = child
            path[g, length] = node
            length += 1
        leaf_kind[g] = kind
        path_len[g] = length


@njit(cache=True)
def backup(values, path, path_len, node_visits, node_wsum, discount):
    """Add each game's leaf value vector to every node on its walk's path, discounted by
    `discount` per decision between the node and the leaf (1.0: undiscounted, AlphaZero)."""
    for g in range(path.shape[0]):
        scale = 1.0
        for i in range(path_len[g] - 1, -1, -1):
            node = path[g, i]
            node_visits[g, node] += 1.0
            for p in range(values.shape[1]):
                node_wsum[g, node, p] += scale * values[g, p]
            scale *= discount


@njit(cache=True)
def root_outputs(mode, seats, gumbel, c_visit, c_scale, node_head, node_value, block_start, block_len, block_next,
                 edge_action, edge_prior, edge_child, node_visits, node_wsum, root_masks, out_visits, out_policy,
                 out_action, out_value, buf_e, buf_q, buf_n):
    """Per game: root visit counts, the policy target (PUCT: the visit shares; Gumbel:
    softmax(logit + sigma(completed Q))), the action (PUCT: most visited; Gumbel: the best
    gumbel + logit + sigma(Q) among the most visited) and the root's mean value for its seat."""
    for g in range(seats.shape[0]):
        seat = seats[g]
        out_visits[g, :] = 0.0
        out_policy[g, :] = 0.0
        out_value[g] = node_wsum[g, 0, seat] / max(node_visits[g, 0], 1.0)
        m, sum_n = _gumbel_sigma(g, 0, root_masks[g], seat, c_visit, c_scale, node_head, node_value, block_start,
                                 block_len, block_next, edge_action, edge_prior, edge_child, node_visits, node_wsum,
                                 buf_e, buf_q, buf_n)
        max_n = 0.0
        for j in range(m):
            out_visits[g, edge_action[buf_e[j]]] = buf_n[j]
            max_n = max(max_n, buf_n[j])
        best, pick = -1e300, -1
        if mode == PUCT:
            for j in range(m):
                a = edge_action[buf_e[j]]
                out_policy[g, a] = buf_n[j] / max(sum_n, 1.0)
                score = buf_n[j] + 1e-3 * edge_prior[buf_e[j]]  # among equal visits the higher prior
                if score > best:
                    best, pick = score, a
        else:
            top = -1e300
            for j in range(m):
                buf_q[j] += np.log(max(edge_prior[buf_e[j]], 1e-30))
                top = max(top, buf_q[j])
                a = edge_action[buf_e[j]]
                if buf_n[j] == max_n and gumbel[g, a] + buf_q[j] > best:
                    best, pick = gumbel[g, a] + buf_q[j], a
            z = 0.0
            for j in range(m):
                z += np.exp(buf_q[j] - top)
            for j in range(m):
                out_policy[g, edge_action[buf_e[j]]] = np.exp(buf_q[j] - top) / z
        out_action[g] = pick


def considered_visits(max_considered: int, sims: int) -> np.ndarray:
    """Gumbel sequential halving's schedule: row m (m actions considered) gives, per simulation,
    the visit count the root action of that simulation must have (Danihelka et al. 2022, as
    mctx tabulates it): the m best get a visit each, then the better half more, and so on."""
    table = np.zeros((max_considered + 1, max(sims, 1)), np.int64)
    for m in range(1, max_considered + 1):
        if m == 1:
            table[m] = np.arange(max(sims, 1))
            continue
        rounds = int(np.ceil(np.log2(m)))
        seq, visits, count = [], [0] * m, m
        while len(seq) < sims:
            extra = max(1, int(sims / (rounds * count)))
            for _ in range(extra):
                seq.extend(visits[:count])
                for i in range(count):
                    visits[i] += 1
            count = max(2, count // 2)
        table[m, :sims] = seq[:sims]
    return table
