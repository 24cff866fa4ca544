#!/usr/bin/env python
"""Our `ismcts` against OpenSpiel's ISMCTSBot (its MCTSBot where a game hides nothing) at equal
simulations, two players, both valuing leaves by tanh(Game.evaluate / 10): win rate with the
arena's Wilson interval and wall time per decision of each side.

    python benchmarks/openspiel_compare.py [--sims 100] [--games 20] [--budget 300]
                                           [--envs kheops_v1,...] [--json out.json]

Rounds of 2 games with seats swapped; round r uses arena seed r and agent seeds 1000 + r
(ours) and 2000 + r (OpenSpiel's); a game is cut at 1,000 steps (a draw). A game stops
after --games games or once --budget seconds are spent on it. Needs the openspiel extra.
"""
import argparse
import json
import time

import pyramid_envs
from agents.arena import run_arena
from agents.ratings import wilson
from agents.registry import make_agent

MAX_STEPS = 1000


class Timed:
    """An agent whose decisions are timed."""

    def __init__(self, agent):
        self.agent, self.name, self.needs_view = agent, agent.name, agent.needs_view
        self.seconds, self.decisions = 0.0, 0

    def act(self, obs, masks, view):
        t = time.perf_counter()
        out = self.agent.act(obs, masks, view)
        self.seconds += time.perf_counter() - t
        self.decisions += len(out)
        return out


def compare(env, sims, games, budget):
    game = pyramid_envs.get_game(env)
    theirs = f"openspiel-{'mcts' if game.perfect_information else 'ismcts'}:sims={sims},rollout=eval"
    ours = f"ismcts:sims={sims}"
    w = d = l = cut = r = 0
    seconds, decisions = [0.0, 0.0], [0, 0]
    start = time.time()
    while w + d + l < games and time.time() - start < budget:
        agents = [Timed(make_agent(ours, seed=1000 + r)), Timed(make_agent(theirs, seed=2000 + r))]
        p = run_arena(env, agents, games=2, seed=r, max_steps=MAX_STEPS)
        pair = p.pairs[0]
        w, d, l, cut = w + pair["wins"], d + pair["draws"], l + pair["losses"], cut + int(p.truncated.sum())
        for k, a in enumerate(agents):
            seconds[k] += a.seconds
            decisions[k] += a.decisions
        r += 1
        print(env, f"round {r}: {w}/{d}/{l}", f"{time.time() - start:.0f}s", flush=True)
    n = w + d + l
    return {"env": env, "ours": ours, "theirs": theirs, "games": n, "rounds": r, "wins": w,
            "draws": d, "losses": l, "cut": cut, "win_rate": w / max(n, 1), "win_ci": wilson(w, n),
            "ms_per_decision_ours": 1000 * seconds[0] / max(decisions[0], 1),
            "ms_per_decision_theirs": 1000 * seconds[1] / max(decisions[1], 1)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sims", type=int, default=100)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--budget", type=float, default=300.0, help="seconds per game at most")
    ap.add_argument("--envs", default=",".join(pyramid_envs.list_envs()))
    ap.add_argument("--json", metavar="PATH")
    args = ap.parse_args()
    rows = []
    for env in args.envs.split(","):
        rows.append(compare(env, args.sims, args.games, args.budget))
        print(json.dumps(rows[-1]), flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
