"""Golden playthroughs: a seeded game's actions, observation digests and final scores,
stored under tests/<game>/data/ and replayed on every run.

Regenerate on purpose (after a deliberate rules change) with
    python -m tests.golden kheops_v1
"""
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

import pyramid_envs
from pyramid_envs.core.policies import RandomPolicy

SEED = 2026
MAX_STEPS = 2000  # a game that random play does not finish by then is recorded truncated


def path_for(name):
    return Path(__file__).parent / name.rsplit("_v", 1)[0] / "data" / f"golden_{name}.json"


def digest(array):
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()[:16]


def record(name, seed=SEED):
    """Play the seeded game with the AEC env and a seeded random policy."""
    env = pyramid_envs.make(name, max_steps=MAX_STEPS)
    env.reset(seed=seed)
    policy = RandomPolicy(seed)
    steps = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        action = int(policy(obs["observation"][None], obs["action_mask"][None])[0])
        steps.append({"agent": agent, "obs": digest(obs["observation"]),
                      "mask": digest(obs["action_mask"]), "action": action})
        env.step(action)
    final = env.unwrapped.state_array
    return {"env": name, "seed": seed, "steps": steps,
            "scores": [int(x) for x in final[0]["scores"]],
            "final_state": digest(final)}


if __name__ == "__main__":
    for name in sys.argv[1:] or pyramid_envs.list_envs():
        path_for(name).parent.mkdir(parents=True, exist_ok=True)
        path_for(name).write_text(json.dumps(record(name), indent=1) + "\n")
        print("wrote", path_for(name))
