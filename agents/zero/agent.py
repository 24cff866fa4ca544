"""The agent of a network trained by python -m train.zero (needs the `train` extra):

    zero:path=runs/zero/kheops_v1/checkpoints/final.pt,sims=32   a checkpoint, 32 simulations
    zero:env=kheops                                             the checkpoint shipped for the game
    zero:env=kheops,sims=0                                      the raw network, no search
    zero:env=kheops,dtype=bfloat16                              leaves valued in bfloat16 (network.Evaluator)

With sims > 0 it searches every decision (agents/zero/search.py) through the SeatView, so it
sees only what its seat sees; sims=0 plays the most probable legal move of the network
(near-ties broken at random, as the policy agent does). Unset options take the search
settings the checkpoint was trained with."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..base import Agent
from ..policy import CHECKPOINTS, shipped_file

SHIPPED = CHECKPOINTS / "zero"
TIE = 1e-4  # probabilities this close to the best count as tied (sims=0)


def shipped_zero_checkpoint(env) -> Path:
    """The zero network shipped in agents/checkpoints/zero/ for a game."""
    return shipped_file(env, SHIPPED, ".pt", "zero checkpoint")


class ZeroAgent(Agent):
    name = "zero"

    def __init__(self, path=None, env=None, sims=None, mode=None, c_puct=None, c_visit=None, c_scale=None,
                 max_considered=None, dtype="float32", seed=None):
        if (path is None) == (env is None):
            raise ValueError("the zero agent needs exactly one of path=<checkpoint.pt> or env=<game>")
        try:
            from .network import Evaluator, load_checkpoint
        except ImportError as e:  # the core install has no torch
            raise ImportError("the zero agent needs the train extra: pip install -e '.[train]'") from e
        net, data = load_checkpoint(path if path is not None else shipped_zero_checkpoint(env))
        self.env = data["env"]
        self.search_options = dict(data.get("search", {}))
        given = {"sims": sims, "mode": mode, "c_puct": c_puct, "c_visit": c_visit, "c_scale": c_scale,
                 "max_considered": max_considered}
        self.search_options.update({k: v for k, v in given.items() if v is not None})
        self.search_options.setdefault("sims", 32)
        self.sims = int(self.search_options["sims"])
        if self.sims < 0:
            raise ValueError(f"sims must be at least 0, got {self.sims}")
        self.evaluator = Evaluator(net, dtype=dtype)
        self.needs_view = self.sims > 0
        self.rng = np.random.default_rng(seed)
        self._search = None
        if self.needs_view:  # bad search options fail here, not at the first move
            self._make_search()

    @classmethod
    def from_network(cls, net, env, search_options: dict, seed=None, name="zero", dtype="float32"):
        """A live network (training's evaluations) as an agent, sharing its weights (in bfloat16:
        a copy of them as they are now)."""
        from .network import Evaluator

        agent = cls.__new__(cls)
        agent.env, agent.search_options, agent.name = env, dict(search_options), name
        agent.sims = int(agent.search_options.get("sims", 32))
        agent.evaluator = Evaluator(net, dtype=dtype)
        agent.needs_view = agent.sims > 0
        agent.rng = np.random.default_rng(seed)
        agent._search = None
        return agent

    def _make_search(self, game=None):
        import pyramid_envs
        from .search import Search

        game = game or pyramid_envs.get_game(self.env)
        opts = {k: v for k, v in self.search_options.items() if k != "max_steps"}
        self._search = Search(game, self.evaluator, max_steps=self.search_options.get("max_steps"), **opts)
        return self._search

    def act(self, obs, masks, view=None):
        masks = np.asarray(masks, np.int8)
        if not self.needs_view:
            priors, _ = self.evaluator(obs, masks)
            noisy = np.where(masks > 0, priors + self.rng.random(priors.shape) * TIE, -1.0)
            return noisy.argmax(axis=1).astype(np.int64)
        if view.game.env_name != self.env:
            raise ValueError(f"this zero network was trained on {self.env}, not {view.game.env_name}")
        search = self._search if self._search is not None and self._search.game is view.game \
            else self._make_search(view.game)
        return search.run(view, obs, masks, self.rng).actions
