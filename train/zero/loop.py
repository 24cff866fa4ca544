"""train.zero's loop: self-play into the replay buffer, SGD, evaluations in the arena,
checkpoints, tensorboard, a progress bar and the learning curve."""
from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import numpy as np
import torch
import yaml
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

import pyramid_envs
from agents.arena import plot, run_arena, table, to_json, write_csv
from agents.zero.agent import ZeroAgent
from agents.zero.network import ZeroNet, load_checkpoint, save_checkpoint
from pyramid_envs.core.vector import head_start_weights

from ..plots import learning_curve
from .config import eval_max_steps, sims_at, stage_at
from .learner import Learner, cosine_lr, explained_variance, mean_rows
from .replay import ReplayBuffer
from .workers import Workers

EVAL_SEED = 1_000_003  # evaluations during training: seeds from here on, never final_eval_seed


def agent_search_options(cfg, iteration: int, playing: bool = True) -> dict:
    """The search settings of the network trained up to `iteration`: as the agent stored in its
    checkpoints plays (playing), or as the evaluations during training play it."""
    opts = {k: cfg["search"][k] for k in ("mode", "c_puct", "c_visit", "c_scale", "max_considered",
                                          "margin_weight", "margin_scale", "discount", "truncation_value")}
    sims = cfg["eval_sims"] if cfg["eval_sims"] is not None else sims_at(cfg, max(iteration - 1, 0))
    opts["sims"] = cfg["play_sims"] if playing and cfg["play_sims"] is not None else sims
    opts["max_steps"] = eval_max_steps(cfg)
    return opts


class ZeroTraining:
    def __init__(self, cfg, out, resume=None):
        self.cfg, self.out = cfg, Path(out)
        torch.set_num_threads(cfg["torch_threads"])
        torch.manual_seed(cfg["seed"])
        self.game = pyramid_envs.get_game(pyramid_envs.resolve_env(cfg["env"]))
        self.env = self.game.env_name
        obs_size = int(np.prod(self.game.obs_shape))
        self.net = ZeroNet(obs_size, self.game.num_actions, self.game.max_players, **cfg["network"]).to(cfg["device"])
        if cfg["init"] is not None:
            self._load_weights(cfg["init"])
        self.net.eval()
        o = cfg["optim"]
        self.learner = Learner(self.net, o["lr"], o["weight_decay"], o["value_coef"], cfg["device"])
        self.iteration, self.history, self.pool = 0, [], []
        self.positions0 = 0  # self-play decisions before a resume
        self.seconds = {"train": 0.0, "eval": 0.0}
        if resume:
            self._resume(resume)
        sp = cfg["selfplay"]
        for _, weights in sp["head_start_schedule"]:  # the game's levels checked now, not at their iteration
            head_start_weights(self.game, weights)
        self.selfplay = Workers(cfg, self.game, self.net, sp["num_games"], sp["workers"],
                                cfg["seed"] + 7 * self.iteration, stage_at(cfg, self.iteration))
        self.replay = ReplayBuffer(o["replay_size"], obs_size, self.game.num_actions, self.game.max_players)
        self.rng = np.random.default_rng([cfg["seed"], 2, self.iteration])

    def _load_weights(self, path):
        """The checkpoint's weights into the network (its game and sizes must be ours); its data."""
        net, data = load_checkpoint(path, self.cfg["device"])
        if data["env"] != self.env:
            raise ValueError(f"{path} was trained on {data['env']}, not {self.env}")
        if net.sizes != self.net.sizes:
            raise ValueError(f"{path} has the network {net.sizes}, the config {self.net.sizes}")
        self.net.load_state_dict(net.state_dict())
        return data

    def _resume(self, path):
        data = self._load_weights(path)
        if "optimizer" not in data:
            raise ValueError(f"{path} holds no optimizer state: resume from a checkpoint under checkpoints/")
        self.learner.optimizer.load_state_dict(data["optimizer"])
        self.iteration, self.history = data["iteration"], data.get("history", [])
        self.positions0 = data.get("positions", 0)

    def save(self, name, full=True):
        extra = {"search": agent_search_options(self.cfg, self.iteration), "iteration": self.iteration,
                 "config": self.cfg, "positions": self.positions0 + self.selfplay.decisions}
        if full:
            extra.update(optimizer=self.learner.optimizer.state_dict(), history=self.history)
        return save_checkpoint(self.out / "checkpoints" / f"{name}.pt", self.net, self.env, extra)

    def agent(self, net=None, name="learner"):
        options = agent_search_options(self.cfg, self.iteration, playing=False)
        return ZeroAgent.from_network(net or self.net, self.env, options, seed=self.cfg["seed"], name=name,
                                      dtype=self.cfg["inference_dtype"])

    def evaluate(self, writer, positions):
        cfg, t = self.cfg, time.perf_counter()
        row = {"step": int(positions), "iteration": self.iteration}
        opponents = list(cfg["eval_agents"])
        if self.pool:
            it, past = self.pool[0]
            opponents.append(self.agent(past, name=f"iteration {it}"))
        for k, opp in enumerate(opponents):
            res = run_arena(self.env, [self.agent(), opp], cfg["eval_games"], seed=EVAL_SEED + 97 * self.iteration + k,
                            max_steps=eval_max_steps(cfg), options=cfg["env_options"])
            pair = res.pairs[0]
            name = opp if isinstance(opp, str) else "pool"
            row[f"win_rate/{name}"], row[f"wins/{name}"], row[f"games/{name}"] = \
                pair["win_rate"], pair["wins"], pair["games"]
            writer.add_scalar(f"eval/win_rate_{name}", pair["win_rate"], positions)
        self.history.append(row)
        learning_curve(self.history, self.out / "learning_curve.png", f"{self.env} zero self-play",
                       xlabel="self-play decisions")
        (self.out / "history.json").write_text(json.dumps(self.history, indent=1) + "\n")
        self.seconds["eval"] += time.perf_counter() - t
        return row

    def run(self, progress=True):
        cfg, o = self.cfg, self.cfg["optim"]
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
        writer = SummaryWriter(str(self.out / "tb"))
        print(f"train.zero on {self.env}: replay buffer {self.replay.capacity:,} positions, "
              f"{self.replay.nbytes / 2**20:.0f} MiB; {cfg['selfplay']['num_games']} games side by side, "
              f"{cfg['search']['sims']} simulations per decision ({cfg['search']['mode']})"
              + "".join(f", {s} from iteration {i}" for i, s in cfg["search"]["sims_schedule"])
              + "".join(f"; head starts {w} from iteration {i}" for i, w in cfg["selfplay"]["head_start_schedule"])
              + "".join(f"; games cut at {n} steps from iteration {i}"
                        for i, n in cfg["selfplay"]["max_steps_schedule"]), flush=True)
        start, t0 = self.iteration, time.perf_counter()
        budget = 60 * cfg["max_minutes"]
        if budget:  # the wall-time budget ends the run first: show it, not 1,000 iterations
            bar = tqdm(total=budget, unit="s", disable=not progress,
                       bar_format="{l_bar}{bar}| {n:.0f}/{total:.0f} s of the time budget{postfix}")
        else:
            bar = tqdm(initial=start, total=cfg["iterations"], unit="it", disable=not progress)
        # the untrained network first, so the learning curve starts where learning starts
        row = self.evaluate(writer, self.positions0) if start == 0 else {}
        for _ in range(start, cfg["iterations"]):
            added = self.replay.added
            self.selfplay.play(cfg["selfplay"]["decisions"], self.replay, stage_at(cfg, self.iteration))
            t = time.perf_counter()
            losses = []
            fresh = min(self.replay.added - added, 1024)
            if fresh > 1 and self.replay.size >= o["min_replay"]:  # positions no SGD step has seen yet
                writer.add_scalar("value/explained_variance_new_positions",
                                  explained_variance(self.net, *self.replay.latest(fresh, cfg["device"])),
                                  self.positions0 + self.selfplay.decisions)
            if self.replay.size >= o["min_replay"]:
                lr = cosine_lr(o["lr"], o["lr_final"], self.iteration, cfg["iterations"])
                self.learner.set_lr(lr)
                writer.add_scalar("optim/lr", lr, self.positions0 + self.selfplay.decisions)
                for _ in range(o["steps"]):
                    losses.append(self.learner.step(self.replay.sample(o["batch_size"], self.rng, cfg["device"])))
                self.selfplay.refresh()  # self-play's bfloat16 copy takes the new weights
            self.seconds["train"] += time.perf_counter() - t
            self.iteration += 1
            positions = self.positions0 + self.selfplay.decisions
            self._log(writer, mean_rows(losses), positions, time.perf_counter() - t0)
            if self.iteration % cfg["eval_every"] == 0 or self.iteration == cfg["iterations"]:
                row = self.evaluate(writer, positions)  # before the checkpoint, so its history has it
            if self.iteration % cfg["checkpoint_every"] == 0:
                self.save(f"iteration_{self.iteration}")
                self.pool.append((self.iteration, copy.deepcopy(self.net)))
                self.pool = self.pool[-cfg["pool_size"]:]
            elapsed = time.perf_counter() - t0
            bar.update(min(elapsed, budget) - bar.n if budget else 1)
            bar.set_postfix(iteration=self.iteration, games=self.selfplay.games,
                            **{k.partition("/")[2]: f"{v:.2f}" for k, v in row.items() if k.startswith("win_rate/")})
            if budget and elapsed > budget:
                tqdm.write(f"stopping at iteration {self.iteration}: max_minutes {cfg['max_minutes']} reached")
                if not self.history or self.history[-1]["iteration"] != self.iteration:
                    self.evaluate(writer, positions)
                break
        bar.close()
        writer.close()
        self.selfplay.close()
        return self.save("final", full=True)

    def _log(self, writer, losses, positions, wall):
        for k, v in losses.items():
            writer.add_scalar(k, v, positions)
        sp, s = self.selfplay, self.selfplay.seconds()  # with several workers: each one's share of its time
        kernels = s["env"] + s["observe"]
        writer.add_scalar("selfplay/games", sp.games, positions)
        writer.add_scalar("selfplay/positions_per_s", sp.decisions / max(wall, 1e-9), positions)
        writer.add_scalar("selfplay/games_per_s", sp.games / max(wall, 1e-9), positions)
        if sp.lengths:
            writer.add_scalar("selfplay/game_length", float(np.mean(sp.lengths[-200:])), positions)
            writer.add_scalar("selfplay/truncated_share", sp.truncated / sp.games, positions)
        for name, sec in (("search", s["search"]), ("inference", s["inference"]), ("kernels", kernels),
                          ("training", self.seconds["train"]), ("evaluation", self.seconds["eval"])):
            writer.add_scalar(f"time_share/{name}", sec / max(wall, 1e-9), positions)


def evaluate_final(cfg, checkpoint, out: Path):
    """The final network (with its search) against the final evaluation agents on held-out seeds."""
    agent = ZeroAgent(path=str(checkpoint), seed=cfg["final_eval_seed"])
    agent.name = "zero"
    result = run_arena(cfg["env"], [agent] + list(cfg["final_eval_agents"]), cfg["final_eval_games"],
                       seed=cfg["final_eval_seed"], max_steps=eval_max_steps(cfg),
                       options=cfg["env_options"])
    (out / "arena.json").write_text(json.dumps(to_json(result), indent=1) + "\n")
    write_csv(result, out / "arena.csv")
    plot(result, out / "ratings.png")
    return result, table(result)
