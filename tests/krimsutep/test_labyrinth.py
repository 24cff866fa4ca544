"""The glance's distance fields (labyrinth.py, on bit masks) are the heuristic's
(heuristic._to_goal) computed another way: they must give the same numbers, so the two
cannot drift apart when one of them changes. A search cut off at a number of points
(`within`, the glance's DIST_SCALE) gives the same numbers below it and INF from it on."""
import numpy as np

from pyramid_envs.core import RandomPolicy
from pyramid_envs.core.registry import get_game
from pyramid_envs.krimsutep import heuristic, labyrinth


def _positions(count=48, seed=3):
    game = get_game("krimsutep_v1")
    states = game.new_states(count)
    game.reset(states, list(range(count)), {"num_players": 3})
    policy = RandomPolicy(seed)
    for _ in range(seed * 40):
        live = ~states["terminated"]
        masks = game.legal_mask(states)
        obs = game.observe(states, states["current_player"])
        game.step(states, np.where(live, policy(obs, masks | ~live[:, None]), -1))
    return states


def test_distance_field_equals_the_heuristics_walk_to_its_goals():
    rng = np.random.default_rng(0)
    bb = np.zeros(labyrinth.B_SIZE, np.int64)
    fast = np.empty(labyrinth.PLACES)
    slow = np.empty(heuristic.NPOS)
    cut = np.empty(labyrinth.PLACES)
    compared = cut_short = 0
    for s in _positions():
        labyrinth.read_board(s, bb)
        for _ in range(4):
            goal = (rng.random(heuristic.NPOS) < rng.choice([0.05, 0.2, 0.6])).astype(np.int64)
            mask = sum(1 << int(x) for x in np.flatnonzero(goal))
            for carrying in (False, True):
                heuristic._to_goal(s, goal, carrying, slow)
                labyrinth.distance_field(bb, mask, carrying, fast)
                assert np.array_equal(np.minimum(fast[:heuristic.NPOS], heuristic.INF),
                                      np.minimum(slow, heuristic.INF))
                labyrinth.distance_field(bb, mask, carrying, cut, 8)
                full = fast[:heuristic.NPOS]  # the last place is a search's spare room
                assert np.array_equal(cut[:heuristic.NPOS], np.where(full < 8, full, heuristic.INF))
                cut_short += bool(((full >= 8) & (full < heuristic.INF)).any())
                compared += 1
    assert compared == 48 * 8 and cut_short > 48  # the cut-off search was cut short in many
