"""Deeper lookahead: a move's value after the next decisions, each taken greedily by whoever makes it."""
import numpy as np
import pytest

import pyramid_envs
from agents.base import SeatView
from agents.greedy import WIN, deep_ply
from agents.registry import make_agent
from pyramid_envs.core import VectorGame, sample_legal


def _positions(env, games=12, steps=25, seed=4):
    game = pyramid_envs.get_game(env)
    vec = VectorGame(game, games, seed=seed, max_steps=2000)
    vec.reset(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        vec.step(sample_legal(vec.masks, rng))
    return game, vec


def _line_values(game, state, action, me, depth):
    """The acting seat's values after `action` and depth - 1 greedy decisions (a set: every
    line through decisions that tie for best, as greedy breaks ties at random)."""
    child = state.copy()
    rewards = np.zeros((1, game.max_players), np.float32)
    game.kernels.step(child, np.array([action]), rewards)
    if depth == 1 or child[0]["terminated"]:
        mine = np.zeros(1)
        game.evaluate(child, np.array([me]), mine)
        return {round(float(mine[0] + WIN * rewards[0, me] * child[0]["terminated"]), 9)}
    moves = np.flatnonzero(game.legal_mask(child)[0])
    kids = np.repeat(child, len(moves))
    kid_rewards = np.zeros((len(moves), game.max_players), np.float32)
    game.kernels.step(kids, moves.astype(np.int64), kid_rewards)
    mover = int(child[0]["current_player"])
    theirs = np.zeros(len(moves))
    game.evaluate(kids, np.full(len(moves), mover), theirs)
    theirs += WIN * np.where(kids["terminated"], kid_rewards[:, mover], 0)
    return set().union(*(_line_values(game, child, int(a), me, depth - 1) for a in moves[theirs == theirs.max()]))


@pytest.mark.parametrize("env,depth", [("kheops_v1", 2), ("sakkara_v1", 2), ("sakkara_v1", 3)])
def test_valued_moves_are_worth_their_greedy_line(env, depth):
    """Kheops and Sakkara hide nothing the evaluation reads, so the values can be recomputed
    on the true states; the `top` best moves by one ply are valued, no others."""
    game, vec = _positions(env)
    view = SeatView(game, vec.states, vec.current_player)
    base, rows, actions, values, valued = deep_ply(view, vec.masks, np.random.default_rng(0), 3, depth)
    assert len(base) == len(view)
    checked = 0
    for b in range(len(view)):
        mine = rows == b
        assert valued[mine].sum() == min(3, mine.sum())
        for i in np.flatnonzero(mine & valued):
            state = vec.states[b:b + 1]
            assert round(values[i], 9) in _line_values(game, state, int(actions[i]), int(view.seats[b]), depth)
            checked += 1
    assert checked >= 20


def test_greedy_deep_ply_takes_only_valued_moves():
    game, vec = _positions("kheops_v1")
    view = SeatView(game, vec.states, vec.current_player)
    agent = make_agent("greedy:depth=2,top=2", seed=0)
    picked = agent.act(vec.obs, vec.masks, view)
    _, rows, actions, values, valued = deep_ply(view, vec.masks, np.random.default_rng(0), 2)
    for b, a in enumerate(picked):
        i = np.flatnonzero((rows == b) & (actions == a))[0]
        assert valued[i]
    assert agent.name == "greedy:depth=2,top=2"


def test_deep_ply_samples_average_the_copies():
    """Krimsutep's moves reveal hidden cards: with several determinized copies each valued
    move's value is the mean over the copies, so it varies less between draws."""
    game, vec = _positions("krimsutep_v1", games=6, steps=8, seed=3)
    view = SeatView(game, vec.states, vec.current_player)
    draws = {k: [deep_ply(view, vec.masks, np.random.default_rng(i), 50, samples=k) for i in range(12)]
             for k in (1, 8)}
    base = draws[8][0][0]
    assert len(base) == 8 * len(view)
    spread = {k: np.stack([d[3] for d in runs]).var(axis=0).sum() for k, runs in draws.items()}
    assert spread[1] > 0 and spread[8] < spread[1] / 2


def test_greedy_depth_and_top_are_checked():
    with pytest.raises(ValueError, match="depth"):
        make_agent("greedy:depth=0")
    with pytest.raises(ValueError, match="top"):
        make_agent("greedy:depth=2,top=0")
