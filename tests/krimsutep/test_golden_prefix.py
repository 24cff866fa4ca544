"""A stored seeded playthrough of the first 600 steps (random games of Krimsutep do not end,
so tests/golden.py's play-to-the-end record cannot be made): actions, observation and mask
digests per step, replayed on every run. Regenerate on purpose after a deliberate rules
change with  python -m tests.krimsutep.test_golden_prefix
"""
import json
from pathlib import Path

import numpy as np

from pyramid_envs import krimsutep_v1
from pyramid_envs.core.policies import RandomPolicy
from tests.golden import digest

PATH = Path(__file__).parent / "data" / "golden_prefix_krimsutep_v1.json"
SEED, STEPS = 2026, 600


def record(num_players, seed=SEED):
    env = krimsutep_v1.env(num_players=num_players, max_steps=STEPS)
    env.reset(seed=seed)
    policy = RandomPolicy(seed)
    steps = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        action = int(policy(obs["observation"][None], obs["action_mask"][None])[0])
        steps.append([agent, digest(obs["observation"]), digest(obs["action_mask"]), action])
        env.step(action)
    return {"seed": seed, "num_players": num_players, "steps": steps,
            "final_state": digest(env.unwrapped.state_array)}


def test_golden_prefix():
    stored = json.loads(PATH.read_text())
    for want in stored:
        got = record(want["num_players"], want["seed"])
        for i, (a, b) in enumerate(zip(want["steps"], got["steps"])):
            assert a == b, f"{want['num_players']} players: step {i} differs: stored {a}, now {b}"
        assert len(want["steps"]) == len(got["steps"]) and want["final_state"] == got["final_state"]


if __name__ == "__main__":
    PATH.parent.mkdir(parents=True, exist_ok=True)
    PATH.write_text(json.dumps([record(2), record(5)]) + "\n")
    print("wrote", PATH)
