"""OpenSpiel's ISMCTS and MCTS bots as agents ("openspiel-ismcts:sims=100",
"openspiel-mcts:sims=100"), through the bridge pyramid_envs.openspiel. pyspiel is imported
when such an agent is built, so the library works without the extra.

Each decision starts from one determinization of the game for the acting seat (SeatView's
only handle); ISMCTS resamples from it through the bridge's resample_from_infostate, MCTS
searches that one sample (determinized MCTS). Leaves are valued by OpenSpiel's random
rollouts (rollout="random", the bots' usual evaluator) or, as our ismcts does, by
tanh(Game.evaluate / eval_scale) (rollout="eval").
"""
import numpy as np

from .base import Agent


class _SpielAgent(Agent):
    needs_view = True
    kind = None

    def __init__(self, sims=100, uct_c=2.0, rollout="random", rollouts=1, eval_scale=10.0, seed=None):
        if rollout not in ("random", "eval"):
            raise ValueError(f"rollout must be 'random' or 'eval', got {rollout!r}")
        if int(sims) < 1 or int(rollouts) < 1:
            raise ValueError(f"sims and rollouts must be at least 1, got {sims}, {rollouts}")
        import pyspiel  # noqa: F401  (ImportError here: pip install -e ".[openspiel]")
        from pyramid_envs import openspiel as bridge
        self._bridge = bridge
        self.sims, self.uct_c, self.rollout = int(sims), float(uct_c), rollout
        self.rollouts, self.eval_scale = int(rollouts), float(eval_scale)
        self.rng = np.random.default_rng(seed)
        self._random_state = np.random.RandomState(self.rng.integers(0, 2**31))
        self._bots = {}
        self.name = f"{self.kind}:sims={self.sims}"

    def _bot(self, game, seats):
        """A bot over the bridge game of `seats` players (rule-run seats included: they
        never move) with default options: a state built from a record needs no others."""
        key = (game.env_name, seats)
        if key not in self._bots:
            spiel = self._bridge.game_class(game)({"players": seats})
            self._bots[key] = (spiel, self._make_bot(spiel, self._evaluator(game)))
        return self._bots[key]

    def _evaluator(self, game):
        from open_spiel.python.algorithms import mcts
        if self.rollout == "random":
            return mcts.RandomRolloutEvaluator(self.rollouts, self._random_state)
        if game.evaluate is None:
            raise ValueError(f"rollout='eval' needs Game.evaluate, which {game.name} lacks")
        return _EvalEvaluator(game, self.eval_scale)

    def act(self, obs, masks, view):
        actions = np.zeros(len(view), np.int64)
        for i in range(len(view)):
            record = view.subset([i]).determinize(self.rng.integers(0, 2**64, size=1, dtype=np.uint64))
            spiel, bot = self._bot(view.game, int(record[0]["num_players"]))
            actions[i] = bot.step(spiel.state_from_record(record))
        return actions


class _EvalEvaluator:
    """OpenSpiel Evaluator from the game's evaluation: tanh(evaluate / scale) per seat, the
    returns at a terminal state; uniform priors."""

    def __init__(self, game, scale):
        self.game, self.scale = game, scale

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns())
        n = state.num_players()
        out = np.zeros(n)
        self.game.evaluate(np.repeat(state.record, n), np.arange(n, dtype=np.int64), out)
        return np.tanh(out / self.scale)

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class OpenSpielISMCTSAgent(_SpielAgent):
    kind = "openspiel-ismcts"

    def _make_bot(self, spiel, evaluator):
        import pyspiel
        from open_spiel.python.algorithms import ismcts
        if spiel.get_type().information != pyspiel.GameType.Information.IMPERFECT_INFORMATION:
            raise ValueError(f"{spiel.get_type().short_name} is a perfect-information game, which "
                             "OpenSpiel's ISMCTS refuses (there it is MCTS): use openspiel-mcts")
        return ismcts.ISMCTSBot(spiel, evaluator, self.uct_c, self.sims, random_state=self._random_state)


class OpenSpielMCTSAgent(_SpielAgent):
    kind = "openspiel-mcts"

    def _make_bot(self, spiel, evaluator):
        from open_spiel.python.algorithms import mcts
        return mcts.MCTSBot(spiel, self.uct_c, self.sims, evaluator, random_state=self._random_state)
