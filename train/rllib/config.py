"""Configuration of a distributed self-play run: the keys of train/config.py that carry over
(game, rewards, opponents, final arena) and RLlib's own (runners, PPO in RLlib's names, Ray)."""
from __future__ import annotations

import pyramid_envs
from train.config import load_config

DEFAULTS = {
    "env": "kheops_v1",
    "env_options": {},          # game options, e.g. {num_players: 2}
    "seed": 0,
    "torch_threads": 1,         # the learner's threads in the driver
    "num_env_runners": 2,       # Ray actors sampling in parallel (0: sample in the driver)
    "num_learners": 0,          # Ray actors running PPO's update data-parallel (0: the update runs in the driver)
    "games_per_runner": 64,     # games each runner steps side by side through the batched core
    "iterations": 50,           # PPO iterations (one train batch each)
    "max_steps": 2000,          # truncates endless games
    "reward_mode": "win_loss",
    "truncation_reward": None,  # null: a cut game is a time limit; a number: every seat's reward for it
    # ray.rllib PPOConfig.training() arguments; batch sizes count agent steps (decisions of RLlib agents)
    "ppo": {
        "lr": 3.0e-4, "gamma": 0.995, "lambda_": 0.95, "clip_param": 0.2, "entropy_coeff": 0.01,
        "vf_loss_coeff": 0.5, "grad_clip": 0.5, "train_batch_size_per_learner": 8192,
        "minibatch_size": 1024, "num_epochs": 4,
    },
    "net_arch": [256, 256],     # hidden layers of the actor and of the critic
    "opponents": {              # share of games against each opponent kind (as train/config.py)
        "latest": 0.4,          # the learner module plays the other seats too (and learns from them)
        "pool": 0.3,            # a frozen snapshot module, snapshot_<k>
        "random": 0.15,         # baseline agents play inside the env
        "greedy": 0.15,
    },
    "pool_size": 5,             # snapshot modules, refreshed in turn with the learner's weights
    "snapshot_every": 5,        # iterations between snapshots
    "checkpoint_every": 10,     # iterations between checkpoints
    "eval_deterministic": True, # final arena: most probable move (True) or sampled
    "final_eval_games": 200,    # final arena of the exported policy (0: none)
    "final_eval_agents": ["random", "greedy"],
    "ray": {
        "address": None,        # null: RAY_ADDRESS if set, else a local Ray; "auto" or host:port: a cluster
        "num_cpus": None,       # local Ray only: CPUs it may schedule (null: all)
        "object_store_memory": 200_000_000,  # local Ray only, bytes: small, to fit a small machine
        "working_dir": None,    # a folder Ray ships to every worker (e.g. "." for this checkout), for
                                # clusters whose machines do not have this package installed
    },
}


def load_rllib_config(path=None, overrides=()) -> dict:
    cfg = load_config(path, overrides, defaults=DEFAULTS)
    pyramid_envs.get_game(cfg["env"])  # an unknown game fails here, with the valid names
    for key, least in (("num_env_runners", 0), ("num_learners", 0), ("games_per_runner", 1), ("iterations", 1),
                       ("pool_size", 1), ("snapshot_every", 1), ("checkpoint_every", 1)):  # final_eval_games: load_config
        if not isinstance(cfg[key], int) or cfg[key] < least:
            raise ValueError(f"config key {key} must be an integer >= {least}, got {cfg[key]!r}")
    return cfg


def env_config(cfg: dict) -> dict:
    """The env_config of train/rllib/env.py's PyramidMultiAgentEnv."""
    return {"env": cfg["env"], "num_games": cfg["games_per_runner"], "env_options": cfg["env_options"],
            "opponents": cfg["opponents"], "pool_size": cfg["pool_size"], "max_steps": cfg["max_steps"],
            "reward_mode": cfg["reward_mode"], "truncation_reward": cfg["truncation_reward"],
            "seed": cfg["seed"]}
