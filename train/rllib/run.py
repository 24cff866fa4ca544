"""Self-play PPO on Ray RLlib: env runners as Ray actors, the learner in the driver or in
num_learners Ray actors."""
from __future__ import annotations

import math
import os
import time
from pathlib import Path

import ray
import torch
import yaml
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.utils.metrics import NUM_AGENT_STEPS_SAMPLED

from .config import env_config
from .env import LEARNER, PyramidMultiAgentEnv, module_ids, module_of, snapshot_id
from .module import MaskedMLPModule

FINAL = "final"


def module_spec(cfg) -> RLModuleSpec:
    probe = PyramidMultiAgentEnv(dict(env_config(cfg), num_games=1))
    return RLModuleSpec(module_class=MaskedMLPModule, observation_space=probe.single_observation_space,
                        action_space=probe.single_action_space, model_config={"net_arch": list(cfg["net_arch"])})


def log_outcomes(*, env, env_index, metrics_logger, **kwargs):
    """Env runner callback: the learner seat's results per opponent kind, for tensorboard."""
    for kind, reward in env.envs[env_index].unwrapped.finished:
        metrics_logger.log_value(("selfplay", f"learner_reward_vs_{kind}"), reward, reduce="mean", window=500)
        metrics_logger.log_value(("selfplay", f"win_rate_vs_{kind}"), float(reward > 0), reduce="mean", window=500)
        metrics_logger.log_value(("selfplay", "games_finished"), 1, reduce="sum")


def count_idle_agents(*, env_runner, metrics_logger, **kwargs):
    """Env runner callback working around RLlib 2.60: an agent seen in an earlier sample() call
    that does not act in this one gets NaN as its step count, and PPO's agent-step counting then
    fails on int(NaN). Logging 0 for every agent keeps each count a number."""
    for aid in env_runner.env.envs[0].unwrapped.possible_agents:
        metrics_logger.log_value((NUM_AGENT_STEPS_SAMPLED, aid), 0, reduce="sum")


def algorithm_config(cfg) -> PPOConfig:
    modules = module_ids(cfg["opponents"], cfg["pool_size"])
    spec = module_spec(cfg)
    return (
        PPOConfig()
        .environment(PyramidMultiAgentEnv, env_config=env_config(cfg))
        .framework("torch")
        .env_runners(num_env_runners=cfg["num_env_runners"], num_envs_per_env_runner=1,
                     num_cpus_per_env_runner=1, rollout_fragment_length="auto")
        .multi_agent(policies=set(modules), policy_mapping_fn=module_of, policies_to_train=[LEARNER],
                     count_steps_by="agent_steps")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={m: spec for m in modules}))
        .learners(num_learners=cfg["num_learners"])
        .training(**cfg["ppo"])
        .callbacks(on_episode_step=log_outcomes, on_sample_end=count_idle_agents)
        .debugging(seed=cfg["seed"])
    )


def init_ray(cfg, address=None) -> bool:
    """A local Ray (the default), or the cluster at address / cfg ray.address / RAY_ADDRESS.
    Returns whether this call connected (a Ray the caller started is left to the caller)."""
    address = address or cfg["ray"]["address"] or os.environ.get("RAY_ADDRESS")
    if ray.is_initialized():
        return False
    shipped = cfg["ray"]["working_dir"]
    runtime_env = {"working_dir": shipped, "excludes": ["runs/", "*.nbi", "*.nbc"]} if shipped else None
    if address:
        ray.init(address=address, runtime_env=runtime_env)
    else:
        ray.init(num_cpus=cfg["ray"]["num_cpus"], object_store_memory=cfg["ray"]["object_store_memory"],
                 include_dashboard=False, runtime_env=runtime_env)
    return True


def snapshot(algo, k: int):
    """Copy the learner's weights into the frozen module snapshot_<k> (learner and env runners)."""
    path = f"learner/rl_module/{LEARNER}"
    state = algo.learner_group.get_state(components=path)["learner"]["rl_module"][LEARNER]
    algo.set_state({"learner_group": {"learner": {"rl_module": {snapshot_id(k): state}}}})


def scalars(result: dict, prefix=""):
    """(tag, value) for every finite number in RLlib's nested result dict."""
    for key, value in result.items():
        tag = f"{prefix}{key}"
        if ":" in str(key):  # one figure per agent id (module:game:seat): too many to plot
            continue
        if isinstance(value, dict):
            yield from scalars(value, tag + "/")
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
            yield tag, value


def train(cfg: dict, out, address=None, log=print):
    """Run cfg["iterations"] PPO iterations; returns the final RLlib checkpoint directory."""
    from torch.utils.tensorboard import SummaryWriter

    torch.set_num_threads(cfg["torch_threads"])
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    connected = init_ray(cfg, address)
    algo = algorithm_config(cfg).build_algo()
    pool = "pool" in cfg["opponents"] and cfg["opponents"]["pool"] > 0
    if pool:  # the pool starts as copies of the initial learner, not as other random networks
        for k in range(cfg["pool_size"]):
            snapshot(algo, k)
    writer = SummaryWriter(str(out / "tb"))
    try:
        t0 = time.perf_counter()
        for it in range(1, cfg["iterations"] + 1):
            result = algo.train()
            steps = result["env_runners"].get("num_module_steps_sampled_lifetime", {})
            for tag, value in scalars(result):
                writer.add_scalar(tag, value, it)
            writer.flush()
            selfplay = result["env_runners"].get("selfplay", {})
            rates = " ".join(f"{k[len('win_rate_vs_'):]}={v:.2f}" for k, v in sorted(selfplay.items())
                             if k.startswith("win_rate_vs_") and math.isfinite(v))
            log(f"iter {it}: {int(steps.get(LEARNER, 0))} learner steps, "
                f"{time.perf_counter() - t0:.0f} s, learner win rate {rates}")
            if pool and it % cfg["snapshot_every"] == 0:
                snapshot(algo, (it // cfg["snapshot_every"] - 1) % cfg["pool_size"])
            if it % cfg["checkpoint_every"] == 0 and it < cfg["iterations"]:
                algo.save_to_path(str((out / "checkpoints" / f"iter_{it}").resolve()))
        return Path(algo.save_to_path(str((out / "checkpoints" / FINAL).resolve())))
    finally:
        writer.close()
        algo.stop()
        if connected:
            ray.shutdown()
