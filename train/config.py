"""Training configuration: a YAML file of every hyperparameter, plus command-line overrides."""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

DEFAULTS = {
    "env": "kheops_v1",
    "env_options": {},          # game options, e.g. {num_players: 2}
    "seed": 0,
    "torch_threads": 1,         # more threads oversubscribe a small machine: predict() gets 40x slower
    "num_envs": 64,             # games stepped side by side by the batched core
    "total_timesteps": 200_000,
    "max_steps": 2000,          # truncates endless games
    "reward_mode": "win_loss",
    "shaping": 0.0,             # potential-based shaping coefficient on Game.evaluate (0: none)
    "truncation_reward": None,  # null: a game cut at max_steps is a time limit; a number: the
                                # learner's reward for it (-1: stalling a lost game is a loss)
    "ppo": {                    # sb3-contrib MaskablePPO arguments
        "learning_rate": 3.0e-4, "n_steps": 64, "batch_size": 1024, "n_epochs": 4,
        "gamma": 0.995, "gae_lambda": 0.95, "clip_range": 0.2, "ent_coef": 0.01,
        "vf_coef": 0.5, "max_grad_norm": 0.5,
    },
    "net_arch": [256, 256],
    "lookahead": {              # one-ply action gains from Game.evaluate fed to the network (train/lookahead.py)
        "scale": 0.0,           # evaluate() units per gain unit, about one good move (0: plain MLP)
        "prior_weight": 3.0,    # initial weight of the gains in the action logits
        "samples": 1,           # determinized copies each gain is averaged over (hidden cards, dice)
        "depth": 1,             # plies: above 1, gains after more greedy decisions (agents.greedy.deep_ply)
        "top": 8,               # moves per decision followed beyond the first ply
        "sims": 0,              # > 0: the gains are the root visit shares of an ISMCTS search with
                                # this many simulations (agents.ismcts) instead of evaluate() changes
    },
    "opponents": {              # share of games against each opponent kind
        "latest": 0.4,          # the learner's current weights
        "pool": 0.3,            # a past snapshot of the learner
        "random": 0.15,
        "greedy": 0.15,
    },
    "pool_size": 10,
    "snapshot_every": 20_000,   # env steps between snapshots into the pool
    "eval_every": 20_000,       # env steps between evaluations: ten points on the learning curve
    "eval_games": 20,           # arena games per evaluation opponent
    "eval_agents": ["random", "greedy"],  # the agents each evaluation plays (arena names), and the
                                # latest pool snapshot; the learner's Elo is over the first one
    "checkpoint_every": 50_000,
    "eval_deterministic": True, # evaluate the most probable move (True) or sample as trained (False):
                                # argmax can be far weaker where many moves tie on the lookahead
    "final_eval_games": 200,    # 0: no final arena
    "final_eval_agents": ["random", "greedy"],
}


OPEN = ("env_options", "opponents")  # mappings of the user's own keys, given whole


def _merge(base, extra, where=""):
    for key, value in extra.items():
        if key not in base:
            raise ValueError(f"unknown config key {where + key!r}; valid: {sorted(base)}")
        if isinstance(base[key], dict) and key not in OPEN:
            if not isinstance(value, dict):
                raise ValueError(f"config key {where}{key} must be a mapping")
            _merge(base[key], value, f"{where}{key}.")
        else:
            base[key] = _like(base[key], value, f"{where}{key}")
    return base


def _like(default, value, key):
    """YAML reads 1e-4 (no dot) as a string: numbers are taken as numbers where a number is due."""
    if isinstance(default, (int, float)) and not isinstance(default, bool) and isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            raise ValueError(f"config key {key} must be a number, got {value!r}") from None
    return value


def load_config(path: str | Path | None, overrides: list[str] = (), defaults: dict = DEFAULTS) -> dict:
    """defaults (DEFAULTS: MaskablePPO's), updated by the YAML file, updated by 'a.b=value'
    overrides (YAML values). opponents and env_options are replaced whole by a mapping
    (opponents={random: 1}) and changed one key at a time by a dotted override
    (opponents.random=0.2)."""
    cfg = copy.deepcopy(defaults)
    if path is not None:
        data = yaml.safe_load(Path(path).read_text()) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a config is a mapping of keys to values")
        _merge(cfg, data)
    for item in overrides:
        key, eq, raw = item.partition("=")
        if not eq:
            raise ValueError(f"override {item!r} must look like key=value")
        nested = yaml.safe_load(raw)
        parts = key.split(".")
        if parts[0] in OPEN and len(parts) == 2:  # opponents.random=0.2: one key of the mapping
            nested, parts = {**cfg[parts[0]], parts[1]: nested}, parts[:1]
        for part in reversed(parts):
            nested = {part: nested}
        _merge(cfg, nested)
    look = cfg.get("lookahead")  # RLlib's defaults have none
    if look and (min(look["depth"], look["top"], look["samples"]) < 1 or look["sims"] < 0):
        raise ValueError(f"lookahead: depth, top and samples must be at least 1 and sims at least 0; got {look}")
    for key, least in (("eval_games", 1), ("final_eval_games", 0)):  # final 0: no final arena
        if key in cfg and (not isinstance(cfg[key], int) or isinstance(cfg[key], bool) or cfg[key] < least):
            raise ValueError(f"{key} must be a whole number of games, at least {least}; got {cfg[key]!r}")
    if "eval_agents" in cfg:  # RLlib's defaults have none
        for spec in cfg["eval_agents"]:
            _check_agent(spec)
    shares = cfg.get("opponents", {"latest": 1})  # train.zero has no opponents: it plays itself
    unknown = set(shares) - {"latest", "pool"} - _agent_names()
    if unknown or not shares or any(v < 0 for v in shares.values()) or sum(shares.values()) <= 0:
        raise ValueError(f"opponents must give non-negative shares to latest, pool or agents "
                         f"{sorted(_agent_names())}; got {shares}")
    return cfg


def _agent_names():
    from agents.registry import AGENTS

    return set(AGENTS)


def _check_agent(spec):
    from agents.registry import parse_spec

    try:
        parse_spec(spec)
    except ValueError as e:
        raise ValueError(f"eval_agents: {e}") from None


def whole_rollouts(cfg) -> int:
    """total_timesteps rounded up to whole rollouts of num_envs * n_steps steps: the learner
    always finishes the rollout it started, so this is the total it really runs."""
    rollout = cfg["num_envs"] * cfg["ppo"]["n_steps"]
    return -(-cfg["total_timesteps"] // rollout) * rollout
