"""train.zero's configuration: every key with its default; a YAML file and key=value overrides
change them (train/config.load_config: unknown keys and malformed values are errors that list
the valid ones)."""
from __future__ import annotations

from pathlib import Path

from agents.zero import INFERENCE_DTYPES
from agents.zero.search import MODES
from train.config import _check_agent, load_config

DEFAULTS = {
    "env": "kheops_v1",
    "env_options": {},            # game options, e.g. {num_players: 2}
    "seed": 0,                    # self-play and initial weights; evaluations use their own seeds
    "init": None,                 # a zero checkpoint (.pt, e.g. a shipped one) to start from instead of
                                  # random weights: fine-tuning, say at another player count
    "torch_threads": 1,
    "device": "cpu",              # cuda where a GPU is there (the search stays on the CPU)
    "inference_dtype": "float32",  # bfloat16: self-play and evaluations value leaves with a bfloat16
                                  # copy of the network, about twice as fast where the CPU has native
                                  # bfloat16 (AVX512-BF16, AMX); training stays float32
    "network": {"width": 256, "depth": 3},
    "search": {                   # agents/zero/search.py
        "sims": 16,               # simulations per decision in self-play
        "sims_schedule": [],      # [[iteration, sims], ...]: from each iteration on that many instead (a
                                  # deeper search once the network has learnt enough to guide it)
        "mode": "gumbel",         # gumbel: sequential halving at the root; puct: AlphaZero's rule
        "c_puct": 1.25,
        "c_visit": 50.0,          # Gumbel's sigma(q) = (c_visit + max N) * c_scale * q
        "c_scale": 0.1,
        "max_considered": 16,     # Gumbel: root actions sampled for sequential halving
        "dirichlet_alpha": 0.3,   # PUCT: root noise in self-play
        "dirichlet_frac": 0.25,
        "margin_weight": 0.0,     # value of a finished game: (1 - w) * rank reward + w * tanh(margin / scale),
        "margin_scale": 10.0,     # margin: the final score margin (both are the game's own rewards)
        "discount": 1.0,          # per decision, in the search's backups and the value targets: < 1 values a
                                  # win sooner above one later (long games; 1.0: AlphaZero, undiscounted)
        "truncation_value": 0.0,  # every seat's value of a game or search walk cut at max_steps: 0.0 a draw;
                                  # -1.0 lost by all, so stalling a race one would lose never pays
    },
    "selfplay": {
        "num_games": 128,         # games played side by side; one search wave covers them all
        "decisions": 32,          # decisions per game per iteration (num_games x decisions positions)
        "max_steps": 2000,        # a game cut here is worth search.truncation_value to every seat
        "temperature_moves": 16,  # PUCT: the first moves of a game sampled by visit counts
        "td_steps": 0,            # value target: 0 the game's outcome (AlphaZero); n > 0 the searched root
                                  # values n decisions later (the outcome where the game ends first)
        "workers": 1,             # self-play processes (one per core), each with its share of the games and
                                  # its own search; the first is this one (train/zero/workers.py)
        "head_start": [],         # a curriculum: weights over the game's head-start levels (level 0, as set
                                  # up, first; Game.head_start_levels); each seat of each self-play game
                                  # starts at a level drawn from them; []: every game as set up
        "head_start_schedule": [],  # [[iteration, weights], ...]: from each iteration on these weights instead
                                  # (a curriculum that moves towards the setup as the network learns)
        "max_steps_schedule": [],  # [[iteration, max_steps], ...]: from each iteration on this cut instead
    },
    "optim": {
        "lr": 1.0e-3,
        "lr_final": None,         # null: lr throughout; a number: lr falls along a cosine to it by the last
                                  # of `iterations` (by iteration, not wall time, so a run repeats)
        "weight_decay": 1.0e-4,
        "batch_size": 256,
        "steps": 48,              # SGD steps per iteration
        "value_coef": 1.0,
        "replay_size": 50_000,    # positions kept (the oldest dropped); bounds the memory, printed at start
        "min_replay": 2_000,      # positions before the first SGD step
    },
    "iterations": 200,
    "max_minutes": 0,             # > 0: stop after this much wall time (budgets), at an iteration's end
    "eval_every": 20,             # iterations between arena evaluations (and learning-curve points)
    "eval_games": 40,             # per evaluation agent and against the pool's oldest network
    "eval_agents": ["random", "greedy"],
    "eval_sims": None,            # the network's simulations in the evaluations during training (null: those
                                  # self-play searches with at the time)
    "play_sims": None,            # the trained agent's default simulations, stored in its checkpoints and used
                                  # by the final arena (null: eval_sims, else those self-play searched with last)
    "eval_max_steps": None,       # the step limit of the evaluations' games (during training and the final
                                  # arena) and of the trained agent's search (null: selfplay.max_steps), for
                                  # self-play cut short of the full game's length (a curriculum)
    "checkpoint_every": 20,       # iterations between resumable checkpoints
    "pool_size": 5,               # past networks kept for evaluation (one per checkpoint)
    "final_eval_games": 200,
    "final_eval_agents": ["random", "greedy"],
    "final_eval_seed": 7919,      # held out: self-play and evaluations during training never use it
}

POSITIVE = ("network.width", "network.depth", "search.sims", "search.max_considered", "selfplay.num_games",
            "selfplay.decisions", "selfplay.workers", "selfplay.max_steps", "optim.batch_size", "optim.steps",
            "optim.replay_size", "iterations", "eval_every", "checkpoint_every", "pool_size")  # eval_games: load_config checks it


def _whole(value, least) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _number(value) -> bool:
    """An int or a float (YAML's true and false are ints to Python, so not those)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _weights(value) -> bool:
    return isinstance(value, list) and len(value) > 0 and all(_number(w) for w in value)


def _check_schedule(cfg, key, what, valid, example):
    section, _, name = key.partition(".")
    schedule = cfg[section][name]
    if not isinstance(schedule, list) or not all(
            isinstance(p, list) and len(p) == 2 and _whole(p[0], 1) and valid(p[1]) for p in schedule) \
            or [p[0] for p in schedule] != sorted({p[0] for p in schedule}):
        raise ValueError(f"config key {key} must be a list of [iteration, {what}] pairs, iterations whole "
                         f"numbers of at least 1 and rising (e.g. {example}), got {schedule!r}")


def load_zero_config(path=None, overrides=()) -> dict:
    cfg = load_config(path, overrides, defaults=DEFAULTS)
    for key in POSITIVE:
        section, _, name = key.rpartition(".")
        value = (cfg[section] if section else cfg)[name]
        if not _whole(value, 1):
            raise ValueError(f"config key {key} must be a whole number of at least 1, got {value!r}")
    _check_schedule(cfg, "search.sims_schedule", "sims", lambda v: _whole(v, 1), "[[1300, 64]]")
    _check_schedule(cfg, "selfplay.max_steps_schedule", "max_steps", lambda v: _whole(v, 1), "[[300, 1000]]")
    _check_schedule(cfg, "selfplay.head_start_schedule", "weights", _weights, "[[300, [0.5, 0.25, 0.25]]]")
    if cfg["eval_max_steps"] is not None and not _whole(cfg["eval_max_steps"], 1):
        raise ValueError(f"config key eval_max_steps must be null or a whole number of at least 1, "
                         f"got {cfg['eval_max_steps']!r}")
    for key in ("eval_sims", "play_sims"):
        if cfg[key] is not None and not _whole(cfg[key], 0):
            raise ValueError(f"config key {key} must be null or a whole number of at least 0, got {cfg[key]!r}")
    td = cfg["selfplay"]["td_steps"]
    if not _whole(td, 0):
        raise ValueError(f"config key selfplay.td_steps must be a whole number of at least 0, got {td!r}")
    starts = cfg["selfplay"]["head_start"]
    if not _weights(starts) and starts != []:
        raise ValueError(f"config key selfplay.head_start must be a list of weights, one per head-start level "
                         f"of the game (level 0 first; [] for none), got {starts!r}")
    discount = cfg["search"]["discount"]
    if not _number(discount) or not 0 < discount <= 1:
        raise ValueError(f"config key search.discount must be a number in (0, 1], got {discount!r}")
    cut = cfg["search"]["truncation_value"]
    if not _number(cut) or not -1 <= cut <= 1:
        raise ValueError(f"config key search.truncation_value must be a number in [-1, 1], got {cut!r}")
    if cfg["search"]["mode"] not in MODES:
        raise ValueError(f"config key search.mode must be one of {sorted(MODES)}, got {cfg['search']['mode']!r}")
    if cfg["inference_dtype"] not in INFERENCE_DTYPES:
        raise ValueError(f"config key inference_dtype must be one of {list(INFERENCE_DTYPES)}, "
                         f"got {cfg['inference_dtype']!r}")
    if cfg["selfplay"]["workers"] > cfg["selfplay"]["num_games"]:
        raise ValueError("config key selfplay.workers must not exceed selfplay.num_games")
    if cfg["optim"]["min_replay"] > cfg["optim"]["replay_size"]:
        raise ValueError("config key optim.min_replay must not exceed optim.replay_size")
    lr, lr_final = cfg["optim"]["lr"], cfg["optim"]["lr_final"]
    if lr_final is not None and (not _number(lr_final) or not 0 <= lr_final <= lr):
        raise ValueError(f"config key optim.lr_final must be null or a number from 0 to optim.lr ({lr}), "
                         f"got {lr_final!r}")
    if cfg["max_minutes"] < 0:
        raise ValueError("config key max_minutes must be at least 0")
    init = cfg["init"]
    if init is not None and not (isinstance(init, str) and Path(init).is_file()):
        raise ValueError(f"config key init must be null or the path of a zero checkpoint (.pt), got {init!r}")
    for spec in cfg["final_eval_agents"]:
        _check_agent(spec)
    return cfg


def eval_max_steps(cfg) -> int:
    """The step limit of evaluation games and of the trained agent's search."""
    return cfg["eval_max_steps"] or cfg["selfplay"]["max_steps"]


def _scheduled(value, schedule, iteration):
    for start, later in schedule:
        if iteration >= start:
            value = later
    return value


def sims_at(cfg, iteration: int) -> int:
    """Self-play's simulations per decision in `iteration` (0-based) under search.sims_schedule."""
    return _scheduled(cfg["search"]["sims"], cfg["search"]["sims_schedule"], iteration)


def stage_at(cfg, iteration: int) -> dict:
    """Self-play's settings in `iteration` (0-based) under the schedules: sims, head_start
    (weights, or None for every game as set up) and max_steps."""
    sp = cfg["selfplay"]
    return {"sims": sims_at(cfg, iteration),
            "head_start": _scheduled(sp["head_start"], sp["head_start_schedule"], iteration) or None,
            "max_steps": _scheduled(sp["max_steps"], sp["max_steps_schedule"], iteration)}
