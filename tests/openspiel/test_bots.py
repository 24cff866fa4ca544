"""OpenSpiel's ISMCTS and MCTS bots on every game, through the bridge and in the arena."""
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
bridge = pytest.importorskip("pyramid_envs.openspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import pyramid_envs  # noqa: E402
from agents.arena import run_arena  # noqa: E402
from agents.registry import make_agent  # noqa: E402

ENVS = pyramid_envs.list_envs()
IMPERFECT = pyspiel.GameType.Information.IMPERFECT_INFORMATION


def play(spiel, bots):
    state = spiel.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize("env", ENVS)
def test_openspiel_bots_play_a_game(env):
    # up to a step limit of 40 (a terminal draw there), 4 simulations, random rollouts
    game = pyramid_envs.get_game(env)
    spiel = pyspiel.load_game(bridge.short_name(game), {"max_steps": 40})
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    mcts_bot = mcts.MCTSBot(spiel, 2.0, 4, evaluator, random_state=rs)
    bots = [mcts_bot] * spiel.num_players()
    if spiel.get_type().information == IMPERFECT:
        bots[0] = ismcts.ISMCTSBot(spiel, evaluator, 2.0, 4, random_state=rs)
    state = play(spiel, bots)
    assert len(state.history()) == 40 or state.record[0]["terminated"]


def test_arena_seats_openspiel_bots():
    def run():
        return run_arena("kheops", ["openspiel-ismcts:sims=4", "openspiel-mcts:sims=4,rollout=eval"],
                         games=2, seed=0, max_steps=24)
    a, b = run(), run()
    assert a.agents == ["openspiel-ismcts:sims=4", "openspiel-mcts:sims=4,rollout=eval"]
    assert len(a.seats) == 2 and a.truncated.all()
    assert np.array_equal(a.scores, b.scores)  # seeded: same seed, same games


def test_openspiel_ismcts_refuses_perfect_information():
    game = pyramid_envs.get_game("sakkara_v1")
    assert bridge.game_class(game)().get_type().information != IMPERFECT
    with pytest.raises(ValueError, match="openspiel-mcts"):
        run_arena("sakkara", ["openspiel-ismcts:sims=4", "random"], games=2, max_steps=4)


def test_agent_options_are_checked():
    with pytest.raises(ValueError, match="rollout"):
        make_agent("openspiel-mcts:rollout=best")
    with pytest.raises(ValueError, match="no option"):
        make_agent("openspiel-mcts:depth=3")


def test_library_imports_no_pyspiel():
    code = ("import sys, pyramid_envs, agents.registry, agents.arena; "
            "assert 'pyspiel' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
