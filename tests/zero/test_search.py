"""agents/zero's compiled batched search: against a plain MCTS written out in Python, secrecy
through the SeatView, legal moves, the Gumbel schedule and the value bookkeeping."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

import pyramid_envs  # noqa: E402
from agents.registry import make_agent  # noqa: E402
from agents.zero.network import Evaluator, ZeroNet  # noqa: E402
from agents.zero.search import Search, to_absolute  # noqa: E402
from agents.zero.tree import considered_visits  # noqa: E402
from pyramid_envs.core.view import SeatView  # noqa: E402
from tests.core.test_secrecy import positions, twins_of  # noqa: E402

ENVS = pyramid_envs.list_envs()


class FixedView(SeatView):
    """A view whose 'determinizations' are copies of the true state: for comparing searches on
    one fixed position."""

    def determinize(self, seeds, repeat=1):
        return np.repeat(self._states, repeat)


def uniform_zero(obs, masks):
    masks = np.asarray(masks, np.float32)
    return masks / masks.sum(1, keepdims=True), np.zeros((len(masks), 6), np.float32)


def plain_mcts(game, st, sims, c_puct, discount=1.0):
    """AlphaZero's PUCT with uniform priors and zero leaf values, one node per simulation, in
    plain Python on dicts: the reference the compiled search must equal. discount: a leaf's
    value counts discount ** d at a node d decisions above it."""
    P = game.max_players
    root = {"n": 0.0, "w": np.zeros(P), "kids": None}

    def legal(s):
        return np.flatnonzero(game.legal_mask(s)[0])

    def expand(node, s):
        node["kids"] = {int(a): {"n": 0.0, "w": np.zeros(P), "kids": None} for a in legal(s)}

    expand(root, st)
    root["n"] += 1
    for _ in range(sims):
        s, node, path, value = st.copy(), root, [root], np.zeros(P)
        while True:
            if s["terminated"][0]:
                break
            if node["kids"] is None:
                expand(node, s)
                break
            seat = int(s["current_player"][0])
            total = sum(k["n"] for k in node["kids"].values())
            fpu = node["w"][seat] / max(node["n"], 1.0)
            best, pick = -np.inf, None
            for a, k in node["kids"].items():  # ascending actions, the first maximum wins
                q = k["w"][seat] / k["n"] if k["n"] > 0 else fpu
                u = q + c_puct * (1.0 / len(node["kids"])) * np.sqrt(max(total, 1.0)) / (1.0 + k["n"])
                if u > best:
                    best, pick = u, a
            rew = np.zeros((1, P), np.float32)
            game.kernels.step(s, np.array([pick], np.int64), rew)
            node = node["kids"][pick]
            path.append(node)
            if s["terminated"][0]:
                value = rew[0].astype(np.float64)
        for d, nd in enumerate(reversed(path)):
            nd["n"] += 1
            nd["w"] += discount ** d * value
    visits = np.zeros(game.num_actions)
    for a, k in root["kids"].items():
        visits[a] = k["n"]
    return visits, root["w"] / root["n"]


def near_end(name, seed, left):
    """A random game of `name` played to `left` decisions before its end."""
    game = pyramid_envs.get_game(name)
    st = game.new_states(1)
    game.reset(st, [seed])
    agent, history = make_agent("random", seed=seed), [st.copy()]
    while not st["terminated"][0] and len(history) < 3000:
        game.step(st, agent(None, game.legal_mask(st)))
        history.append(st.copy())
    return game, history[max(len(history) - 1 - left, 0)]


@pytest.mark.parametrize("left", [3, 6])
def test_puct_with_uniform_priors_and_zero_values_equals_plain_mcts(left):
    game, st = near_end("kheops_v1", 5, left)
    seat = st["current_player"].astype(np.int64)
    search = Search(game, uniform_zero, sims=48, mode="puct", c_puct=1.25)
    mask = game.legal_mask(st)
    result = search.run(FixedView(game, st, seat), game.observe(st, seat), mask, np.random.default_rng(0))
    expected, _ = plain_mcts(game, st, 48, 1.25)
    assert expected.sum() == 48 and np.array_equal(result.visits[0], expected)
    assert (expected > 0).sum() > 1  # a real choice, not one forced move


@pytest.mark.parametrize("seed, left", [(9, 4), (11, 2)])
def test_a_discounted_search_equals_plain_mcts_with_the_same_discount(seed, left):
    """search.discount: a leaf's value counts discount ** d at a node d decisions above it, so
    a win sooner is worth more than one later; the visits follow the discounted reference and
    the root's values are the discounted means."""
    game, st = near_end("kheops_v1", seed, left)
    seat = st["current_player"].astype(np.int64)
    search = Search(game, uniform_zero, sims=48, mode="puct", c_puct=1.25, discount=0.5)
    result = search.run(FixedView(game, st, seat), game.observe(st, seat), game.legal_mask(st),
                        np.random.default_rng(0))
    visits, root_value = plain_mcts(game, st, 48, 1.25, discount=0.5)
    assert np.array_equal(result.visits[0], visits) and np.allclose(result.root_values[0], root_value)
    undiscounted = Search(game, uniform_zero, sims=48, mode="puct", c_puct=1.25).run(
        FixedView(game, st, seat), game.observe(st, seat), game.legal_mask(st), np.random.default_rng(0))
    assert 0 < np.abs(result.root_values[0]).sum() < np.abs(undiscounted.root_values[0]).sum()
    for bad in (0.0, 1.5):
        with pytest.raises(ValueError, match=r"discount must be in \(0, 1\]"):
            Search(game, uniform_zero, discount=bad)


def test_a_walk_cut_at_max_steps_is_worth_the_truncation_value_to_every_seat():
    """search.truncation_value: a walk the step limit cuts is valued so for every seat (0.0, the
    default: a draw). With the cut one decision below the root every walk is cut, so the
    root's mean is its sims cut walks and its own zero value."""
    game, st = near_end("kheops_v1", 5, 12)
    seat = st["current_player"].astype(np.int64)
    limit = int(st["steps"][0]) + 1
    for value in (0.0, -1.0, 0.5):
        search = Search(game, uniform_zero, sims=8, mode="puct", max_steps=limit, truncation_value=value)
        result = search.run(FixedView(game, st, seat), game.observe(st, seat), game.legal_mask(st),
                            np.random.default_rng(0))
        players = int(st["num_players"][0])
        assert np.allclose(result.root_values[0, :players], value * 8 / 9)
    for bad in (-1.5, 2.0):
        with pytest.raises(ValueError, match=r"truncation_value must be in \[-1, 1\]"):
            Search(game, uniform_zero, truncation_value=bad)


def test_backup_discounts_per_decision_between_node_and_leaf():
    from agents.zero.tree import backup

    visits, wsum = np.zeros((1, 4), np.float32), np.zeros((1, 4, 2), np.float32)
    backup(np.array([[1.0, -1.0]], np.float32), np.array([[0, 2, 3, 0]], np.int32), np.array([3], np.int32),
           visits, wsum, 0.5)
    assert np.allclose(wsum[0, :, 0], [0.25, 0, 0.5, 1.0]) and np.allclose(wsum[0, :, 1], [-0.25, 0, -0.5, -1.0])
    assert np.array_equal(visits[0], [1, 0, 1, 1])


def test_search_finds_a_won_ending():
    """With no knowledge at all (uniform priors, zero values) enough simulations see the
    game's own rewards: the search's move is one of those that win outright, where one does."""
    found = 0
    for seed in range(12):
        game, st = near_end("kheops_v1", seed, 1)
        legal = np.flatnonzero(game.legal_mask(st)[0])
        kids = np.repeat(st, len(legal))
        rew = np.zeros((len(legal), game.max_players), np.float32)
        game.kernels.step(kids, legal.astype(np.int64), rew)
        seat = int(st["current_player"][0])
        wins = legal[rew[:, seat] > 0]
        if not len(wins) or len(wins) == len(legal):
            continue
        found += 1
        search = Search(game, uniform_zero, sims=4 * len(legal), mode="puct")
        res = search.run(FixedView(game, st, [seat]), game.observe(st, [seat]), game.legal_mask(st),
                         np.random.default_rng(0))
        assert res.actions[0] in wins
    assert found


def tiny_evaluator(game, seed=0):
    torch.manual_seed(seed)
    return Evaluator(ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=16, depth=1))


SECRET = [e for e in ENVS if not pyramid_envs.get_game(e).perfect_information]


@pytest.mark.parametrize("mode", ["gumbel", "puct"])
@pytest.mark.parametrize("name", SECRET)
def test_search_reads_nothing_the_seat_cannot_see(name, mode):
    """Twins that differ only in what the acting seat cannot see (tests/<game>/twins.py) give
    the same search, move for move, under the same seeds; a control twin with a visible change
    must not."""
    game = pyramid_envs.get_game(name)
    mod, rng = twins_of(name), np.random.default_rng(0)
    search = Search(game, tiny_evaluator(game), sims=8, mode=mode)
    checked = 0
    for where, st, seat in positions(name, at=(8, 40), movers_only=True):
        if st["terminated"][0]:
            continue
        results = []
        for s in [st] + [t for _, t in mod.hidden_twins(st, seat, rng)]:
            r = search.run(SeatView(game, s, [seat]), game.observe(s, [seat]), game.legal_mask(s),
                           np.random.default_rng(1), explore=True)
            results.append((r.visits.tobytes(), r.policy.tobytes(), int(r.actions[0])))
        assert all(r == results[0] for r in results), where
        checked += len(results) - 1
        if checked >= 12:
            break
    assert checked


def test_control_a_visible_change_changes_the_search():
    game = pyramid_envs.get_game("kheops_v1")
    mod = twins_of("kheops_v1")
    search = Search(game, tiny_evaluator(game), sims=8)
    for where, st, seat in positions("kheops_v1", at=(8,), movers_only=True):
        changed = mod.visible_change(st, seat)
        outs = [search.run(SeatView(game, s, [seat]), game.observe(s, [seat]), game.legal_mask(s),
                           np.random.default_rng(1), explore=True).policy for s in (st, changed)]
        assert not np.array_equal(*outs), where
        return


@pytest.mark.parametrize("mode", ["gumbel", "puct"])
@pytest.mark.parametrize("name", ENVS)
def test_search_plays_legal_moves_and_its_targets_are_distributions(name, mode):
    game = pyramid_envs.get_game(name)
    for n in range(max(game.min_players, 2), game.max_players + 1):
        st = game.new_states(6)
        try:
            game.reset(st, np.arange(6), {"num_players": n})
        except ValueError:  # a player count that needs other options (Keops' Ra seat)
            continue
        search = Search(game, tiny_evaluator(game), sims=6, mode=mode, max_steps=300)
        rng = np.random.default_rng(n)
        for _ in range(15):
            live = ~st["terminated"]
            if not live.any():
                break
            sub = st[live]
            seats = sub["current_player"].astype(np.int64)
            masks = game.legal_mask(sub)
            r = search.run(SeatView(game, sub, seats), game.observe(sub, seats), masks, rng, explore=True)
            assert masks[np.arange(len(sub)), r.actions].all()
            np.testing.assert_allclose(r.policy.sum(1), 1.0, rtol=1e-5)
            assert (r.policy[masks == 0] == 0).all()
            assert (r.visits.sum(1) == 6).all()
            game.step(sub, r.actions)
            st[live] = sub


def test_sequential_halving_schedule():
    table = considered_visits(4, 16)
    # 4 actions, 2 rounds of 8: each of the 4 gets 2 visits, then the best 2 get 4 more each
    assert list(table[4]) == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert list(table[1]) == list(range(16))


def test_values_turn_from_the_movers_count_to_absolute_seats():
    rel = np.array([[0.5, -0.5, 0.1], [0.9, 0.2, -0.3]], np.float32)
    out = to_absolute(rel, np.array([1, 2]), np.array([2, 3]))
    # game 0: seat 1 moves, 2 players; game 1: seat 2 moves, 3 players
    assert np.allclose(out, [[-0.5, 0.5, 0.0], [0.2, -0.3, 0.9]])


def test_finished_games_value_blends_rank_and_score_margin():
    from agents.zero.search import outcome_values

    game = pyramid_envs.get_game("kheops_v1")
    st = game.new_states(1)
    st["num_players"], st["scores"][0, :2] = 2, (30, 10)
    rank = np.array([[1.0, -1.0]], np.float32)
    assert np.allclose(outcome_values(rank, st, 0.0, 20.0), rank)
    expected = [0.5 + 0.5 * np.tanh(1.0), -0.5 - 0.5 * np.tanh(1.0)]
    assert np.allclose(outcome_values(rank, st, 0.5, 20.0), [expected])
    with pytest.raises(ValueError, match="margin_weight must be in"):
        Search(game, uniform_zero, margin_weight=2.0)
