"""Self-play training with sb3-contrib MaskablePPO on the batched core."""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import torch
import yaml
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import pyramid_envs
from agents.arena import run_arena, table, to_json, write_csv, plot
from agents.policy import PolicyAgent
from agents.ratings import bradley_terry
from pyramid_envs.core import SelfPlayVec
from pyramid_envs.core.sb3 import SB3SelfPlayVecEnv

from .config import whole_rollouts
from .lookahead import LookaheadPolicy, LookaheadVecEnv
from .plots import learning_curve
from .pool import OpponentPool, TorchPolicy


class SelfPlayCallback(BaseCallback):
    """Snapshots into the pool, evaluations in the arena, checkpoints, speed figures."""

    def __init__(self, cfg, pool, venv, out: Path, learner_env=None):
        """venv: the SB3SelfPlayVecEnv; learner_env: what the model steps (venv, or a wrapper of it)."""
        super().__init__()
        self.cfg, self.pool, self.venv, self.out = cfg, pool, venv, out
        self.learner_env = learner_env if learner_env is not None else venv
        self.history = []

    def _timers(self):
        """Seconds so far: the environment step (game kernels and opponents), the opponents'
        choices, those of them by the learner's network (latest, snapshots), the learner's
        lookahead features, evaluations."""
        look = getattr(self.learner_env, "lookahead_seconds", 0.0)
        return np.array([self.venv.env_seconds, self.venv.selfplay.opponent_seconds, self.pool.network_seconds,
                         look, self.eval_seconds])

    def _on_training_start(self):
        self.pool.set_learner(self.model.policy)
        start = self.step0 = self.num_timesteps
        self.next = {k: start + self.cfg[k] for k in ("snapshot_every", "eval_every", "checkpoint_every")}
        self.eval_seconds = 0.0
        self.t0 = time.perf_counter()
        self.timers0 = self._timers()

    def _on_step(self):
        t, n = time.perf_counter(), self.num_timesteps
        if n >= self.next["snapshot_every"]:
            self.pool.add_snapshot(self.model.policy)
            self.next["snapshot_every"] += self.cfg["snapshot_every"]
        if n >= self.next["eval_every"]:
            self.evaluate()
            self.next["eval_every"] += self.cfg["eval_every"]
        if n >= self.next["checkpoint_every"]:
            self.save(f"step_{n}")
            self.next["checkpoint_every"] += self.cfg["checkpoint_every"]
        self.eval_seconds += time.perf_counter() - t
        return True

    def _on_rollout_end(self):
        step, opponents, selfplay, look, evals = self._timers() - self.timers0
        train = max(time.perf_counter() - self.t0 - evals, 1e-9)  # training time, evaluations left out
        core, baselines = step - opponents, opponents - selfplay
        self.logger.record("speed/env_steps_per_s", self.venv.env_steps / max(self.venv.env_seconds, 1e-9))
        self.logger.record("speed/total_steps_per_s", (self.num_timesteps - self.step0) / train)
        # the environment is the game and the baseline agents in it; the learner's network
        # choosing for its own seat (with its lookahead) or for an opponent seat in self-play
        # is the policy's inference, as it is wherever that network plays
        self.logger.record("speed/env_time_share", (core + baselines) / train)
        self.logger.record("speed/core_time_share", core / train)
        self.logger.record("speed/baseline_opponent_time_share", baselines / train)
        self.logger.record("speed/selfplay_opponent_time_share", selfplay / train)
        self.logger.record("speed/lookahead_time_share", look / train)
        self.logger.record("speed/policy_inference_time_share", (selfplay + look) / train)

    def save(self, name):
        path = self.out / "checkpoints" / f"{name}.zip"
        path.parent.mkdir(parents=True, exist_ok=True)
        self.model.save(path)
        return path

    def evaluate(self):
        cfg = self.cfg
        learner = PolicyAgent.from_model(self.model, "learner", deterministic=cfg["eval_deterministic"],
                                         seed=cfg["seed"])
        row = {"step": int(self.num_timesteps)}
        comps = []
        opponents = list(cfg["eval_agents"])
        if self.pool.snapshots:
            snap = TorchPolicy(self.pool.snapshots[-1].policy, deterministic=True)
            snap.name = "pool"
            opponents.append(snap)
        for k, opp in enumerate(opponents):
            res = run_arena(cfg["env"], [learner, opp], cfg["eval_games"], seed=cfg["seed"] + k + row["step"],
                            max_steps=cfg["max_steps"], options=cfg["env_options"])
            pair = res.pairs[0]
            name = opp if isinstance(opp, str) else "pool"
            row[f"win_rate/{name}"] = pair["win_rate"]
            row[f"wins/{name}"], row[f"games/{name}"] = pair["wins"], pair["games"]  # the plot's intervals
            self.logger.record(f"eval/win_rate_{name}", pair["win_rate"])
            if isinstance(opp, str):
                comps += [(0 if i == 0 else k + 1, k + 1 if i == 0 else 0, s)
                          for (i, j, s) in res.comparisons()]
        baselines = cfg["eval_agents"]
        if baselines:  # the learner's Elo over the first evaluation agent
            elo, _ = bradley_terry(comps, len(baselines) + 1)
            key = f"elo_vs_{baselines[0]}"
            row[key] = float(elo[0] - elo[1])
            self.logger.record(f"eval/{key}", row[key])
        self.history.append(row)
        learning_curve(self.history, self.out / "learning_curve.png", f"{cfg['env']} self-play")
        (self.out / "history.json").write_text(json.dumps(self.history, indent=1) + "\n")


def train(cfg: dict, out: str | Path, resume: str | None = None, progress_bar=True, verbose=0):
    """Run one training; returns the path of the final checkpoint."""
    torch.set_num_threads(cfg["torch_threads"])
    total = whole_rollouts(cfg)
    if total != cfg["total_timesteps"]:
        print(f"total_timesteps {cfg['total_timesteps']:,} rounded up to {total:,}: whole rollouts of "
              f"num_envs {cfg['num_envs']} x n_steps {cfg['ppo']['n_steps']}")
        cfg = {**cfg, "total_timesteps": total}
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    game = pyramid_envs.get_game(cfg["env"])
    pool = OpponentPool(cfg["num_envs"], cfg["opponents"], cfg["pool_size"], seed=cfg["seed"])
    selfplay = SelfPlayVec(game, cfg["num_envs"], opponent=pool, learner_seat=None, seed=cfg["seed"],
                           max_steps=cfg["max_steps"], reward_mode=cfg["reward_mode"],
                           shaping=cfg["shaping"], gamma=cfg["ppo"]["gamma"],
                           truncation_reward=cfg["truncation_reward"], **cfg["env_options"])
    venv = SB3SelfPlayVecEnv(selfplay)
    venv.seed(cfg["seed"])
    look = cfg["lookahead"]
    learner_env = LookaheadVecEnv(venv, look["scale"], seed=cfg["seed"], samples=look["samples"],
                                  depth=look["depth"], top=look["top"], sims=look["sims"]) \
        if look["scale"] else venv
    if resume:
        model = MaskablePPO.load(resume, env=learner_env, device="cpu", tensorboard_log=str(out / "tb"))
    else:
        policy, kwargs = "MlpPolicy", {"net_arch": list(cfg["net_arch"])}
        if look["scale"]:
            policy = LookaheadPolicy
            kwargs.update(lookahead_scale=look["scale"], prior_weight=look["prior_weight"],
                          lookahead_samples=look["samples"], lookahead_depth=look["depth"],
                          lookahead_top=look["top"], lookahead_sims=look["sims"])
        model = MaskablePPO(policy, learner_env, seed=cfg["seed"], device="cpu", verbose=verbose,
                            tensorboard_log=str(out / "tb"), policy_kwargs=kwargs, **cfg["ppo"])
    pool.set_learner(model.policy)  # the pool acts from reset, before training starts
    callback = SelfPlayCallback(cfg, pool, venv, out, learner_env)
    model.learn(cfg["total_timesteps"], callback=callback, progress_bar=progress_bar,
                reset_num_timesteps=resume is None, tb_log_name="selfplay")
    final = callback.save("final")
    callback.evaluate()
    return final, callback


def evaluate_checkpoint(cfg, checkpoint, out: Path, games=None):
    """Arena of the checkpoint against the configured baselines; writes arena.* under out.
    With no games (final_eval_games: 0) there is no arena: (None, a line saying so)."""
    games = cfg["final_eval_games"] if games is None else games
    if games == 0:
        return None, "final evaluation skipped (final_eval_games: 0)"
    trained = PolicyAgent(str(checkpoint), deterministic=int(cfg["eval_deterministic"]), seed=cfg["seed"])
    trained.name = "trained"
    agents = [trained] + list(cfg["final_eval_agents"])
    result = run_arena(cfg["env"], agents, games, seed=cfg["seed"],
                       max_steps=cfg["max_steps"], options=cfg["env_options"])
    (out / "arena.json").write_text(json.dumps(to_json(result), indent=1) + "\n")
    write_csv(result, out / "arena.csv")
    plot(result, out / "ratings.png")
    return result, table(result)


__all__ = ["train", "evaluate_checkpoint"]
