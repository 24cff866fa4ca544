import json

import numpy as np
import pytest

import pyramid_envs
from agents.arena import resolve_env, run_arena, seatings, to_json
from agents.base import SeatView
from agents.ismcts import EVAL, ISMCTSAgent, search
from agents.ratings import bradley_terry, wilson
from agents.registry import make_agent, parse_spec

ENVS = pyramid_envs.list_envs()


@pytest.mark.parametrize("name", ENVS)
def test_agents_play_only_legal_actions(name):
    # the arena checks every action against the mask and raises on an illegal one
    result = run_arena(name, ["random", "greedy", "ismcts:sims=16"], games=12, seed=1, batch=12,
                       max_steps=3000)
    assert len(result.seats) == 12  # games random play does not finish end truncated


@pytest.mark.parametrize("name", [e for e in ENVS if pyramid_envs.get_game(e).max_players > 2])
def test_agents_at_the_most_players(name):
    n = pyramid_envs.get_game(name).max_players
    result = run_arena(name, ["random", "greedy", "ismcts:sims=8"], games=3, num_players=n,
                       seed=0, max_steps=3000)
    assert result.seats.shape == (3, n) and len(result.comparisons()) > 0


def test_seat_rotation_is_exact():
    for k, p in [(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (5, 4)]:
        cycle = np.array(seatings(k, p))
        for agent in range(k):
            per_seat = (cycle == agent).sum(axis=0)
            assert (per_seat == per_seat[0]).all() and per_seat[0] > 0, (k, p)
    result = run_arena("kheops", ["random", "greedy"], games=10, seed=0)
    assert (result.seats[:, 0] == 0).sum() == (result.seats[:, 0] == 1).sum() == 5


def test_first_places_count_shared_wins_and_skip_cut_games():
    from agents.arena import ArenaResult
    result = ArenaResult("farao_v1", ["trained", "greedy", "greedy#2"], 3,
                         seats=np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]),
                         rewards=np.array([[1, -1, 0], [1, 1, -1], [0, 0, 0], [0, 0, 0]], np.float32),
                         scores=np.zeros((4, 3)), truncated=np.array([False, False, False, True]))
    played, first = result.first_places()
    # game 1 won by trained; game 2 shared by greedy and greedy#2; game 3 a three-way tie
    assert played.tolist() == [4, 4, 4]
    assert np.allclose(first, [1 + 1 / 3, 0.5 + 1 / 3, 0.5 + 1 / 3])


def test_repeated_agents_are_told_apart_at_three_players():
    result = run_arena("farao", ["random", "greedy", "greedy"], games=6, num_players=3, seed=0)
    assert result.agents == ["random", "greedy", "greedy#2"]
    played, first = result.first_places()
    assert played.tolist() == [6, 6, 6] and abs(first.sum() - 6 + result.truncated.sum()) < 1e-9
    assert "first_place_rate" in to_json(result)["ratings"][0]


def test_rule_run_seats_count_for_first_place():
    """Solo Keops: each agent plays the High Priest of Ra, which outplays random play; a
    first place must beat it, not just the (absent) other agents."""
    from agents.arena import parse_options

    options = parse_options(["ra_utoma=1", "families=false"])
    assert options == {"ra_utoma": 1, "families": False}
    result = run_arena("keops", ["random", "greedy"], games=6, num_players=1, seed=0, options=options)
    played, first = result.first_places()
    assert played.tolist() == [3, 3] and first[0] == 0
    with pytest.raises(ValueError, match="key=value"):
        parse_options(["ra_utoma"])


def test_bradley_terry_recovers_known_ratings():
    rng = np.random.default_rng(0)
    true = np.array([0.0, 150.0, 300.0, -200.0])
    results = []
    for _ in range(30000):
        i, j = rng.choice(4, 2, replace=False)
        p = 1 / (1 + 10 ** ((true[j] - true[i]) / 400))
        u = rng.random()
        results.append((i, j, 1.0 if u < p - 0.05 else 0.5 if u < p + 0.05 else 0.0))
    elo, se = bradley_terry(results, 4)
    assert np.allclose(elo - elo[0], true - true[0], atol=4 * se.max() + 5)
    assert (se > 0).all() and (se < 10).all()
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo < 0.2


def test_seeded_arena_repeats_exactly():
    a = to_json(run_arena("kheops", ["random", "greedy"], games=8, seed=5))
    b = to_json(run_arena("kheops", ["random", "greedy"], games=8, seed=5))
    c = to_json(run_arena("kheops", ["random", "greedy"], games=8, seed=6))
    assert json.dumps(a) == json.dumps(b) != json.dumps(c)


def test_arena_progress_counts_games_as_they_end():
    """The progress callback hears of each game when it ends, not once per batch: a batch
    whose games end at different steps reports them in several calls, all games in all."""
    calls = []
    run_arena("kheops", ["random", "random"], games=12, seed=5, batch=12, progress=calls.append)
    assert sum(calls) == 12 and len(calls) > 1 and all(c > 0 for c in calls)


def test_greedy_beats_random():
    result = run_arena("kheops", ["random", "greedy"], games=40, seed=2)
    pair = result.pairs[0]
    assert pair["loss_rate"] > 0.8  # random's losses against greedy


def test_ismcts_ignores_what_its_seat_cannot_see():
    game = pyramid_envs.get_game("kheops_v1")
    st = game.new_states(1)
    game.reset(st, [3])
    policy = make_agent("random", seed=0)
    for _ in range(9):
        game.step(st, policy(None, game.legal_mask(st)))
    seat = int(st[0]["current_player"])
    other = game.determinize(st, [seat], [77])
    assert other.tobytes() != st.tobytes()
    masks = game.legal_mask(st)
    picks = [ISMCTSAgent(sims=64, seed=1).act(game.observe(s, [seat]), masks, SeatView(game, s, [seat]))[0]
             for s in (st, other)]
    assert picks[0] == picks[1]


def _midgame(name, steps, seed=0):
    game = pyramid_envs.get_game(name)
    st = game.new_states(1)
    game.reset(st, [seed])
    policy = make_agent("random", seed=seed)
    for _ in range(steps):
        game.step(st, policy(None, game.legal_mask(st)))
    return game, st


def _search(game, st, sims, c=1.0, temp=0.1, seed=0):
    """ISMCTS on copies of the true state (no hidden information to sample)."""
    masks = game.legal_mask(st).astype(np.int8)
    actions, visits = np.zeros(1, np.int64), np.zeros((1, game.num_actions))
    search(np.repeat(st, sims), np.empty(game.num_actions, st.dtype), sims, masks,
           game.kernels.legal_mask, game.kernels.step, game.evaluate, game.num_actions,
           game.max_players, EVAL, c, temp, 10.0, 0, seed, actions, visits, np.zeros_like(visits))
    return actions[0], visits[0]


def _one_ply(game, st):
    """Greedy's values of the legal actions from the mover's view (all non-final here)."""
    legal = np.flatnonzero(game.legal_mask(st)[0])
    kids = np.repeat(st, len(legal))
    game.kernels.step(kids, legal.astype(np.int64), np.zeros((len(legal), game.max_players), np.float32))
    assert not kids["terminated"].any()
    values = np.zeros(len(legal))
    game.evaluate(kids, np.full(len(legal), st[0]["current_player"], np.int64), values)
    return legal, values


@pytest.mark.parametrize("name", ["kheops_v1", "krimsutep_v1"])
def test_ismcts_starts_from_greedys_choice(name):
    # one simulation follows the priors alone: the best one-ply value (first among equals)
    game, st = _midgame(name, 30)
    legal, values = _one_ply(game, st)
    assert len(set(values)) > 1  # the position discriminates
    assert _search(game, st, sims=1)[0] == legal[np.argmax(values)]


def test_ismcts_priors_spare_weak_actions():
    # plain UCB1 tried all 144 root actions once before repeating one; with the priors an
    # action is tried once the better ones' backed-up values fall to its one-ply value, so
    # the weaker ones (here 18 below the bulk at the median) are never tried
    game, st = _midgame("kheops_v1", 37)
    legal, values = _one_ply(game, st)
    action, visits = _search(game, st, sims=200)
    assert visits.sum() == 200 and len(legal) == 144
    weak = values < np.median(values)
    assert weak.sum() > 10 and (visits[legal[weak]] == 0).all()
    assert visits[legal[~weak]].min() > 0 and visits[action] == visits.max()


def test_ismcts_is_deterministic_per_seed():
    game, st = _midgame("krimsutep_v1", 40)
    seat = int(st[0]["current_player"])
    assert game.legal_mask(st).sum() > 1
    runs = []
    for seed in (3, 3, 4):
        agent = ISMCTSAgent(sims=64, seed=seed)
        runs.append((agent.act(game.observe(st, [seat]), game.legal_mask(st), SeatView(game, st, [seat]))[0],
                     agent.last_visits.tobytes()))
    assert runs[0] == runs[1] != runs[2]


def test_agent_specs_and_errors():
    assert parse_spec("ismcts:sims=50,c=0.5,rollout=random") == (
        "ismcts", {"sims": 50, "c": 0.5, "rollout": "random"})
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("alphazero")
    with pytest.raises(ValueError, match="no option"):
        make_agent("ismcts:depth=3")
    with pytest.raises(ValueError, match="temp must be positive"):
        make_agent("ismcts:temp=0")
    with pytest.raises(ValueError, match="key=value"):
        make_agent("ismcts:400")
    with pytest.raises(ValueError, match="unknown game"):
        resolve_env("chess")


def test_policy_agent_loads_a_checkpoint(tmp_path):
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from pyramid_envs.core import SelfPlayVec
    from pyramid_envs.core.sb3 import SB3SelfPlayVecEnv

    venv = SB3SelfPlayVecEnv(SelfPlayVec(pyramid_envs.get_game("kheops_v1"), 2, seed=0))
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=32, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [16]}, device="cpu")
    model.save(tmp_path / "tiny.zip")
    result = run_arena("kheops", ["random", f"policy:path={tmp_path / 'tiny.zip'}"], games=4, seed=0)
    assert len(result.seats) == 4
