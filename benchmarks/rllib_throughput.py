#!/usr/bin/env python
"""Env steps/s of self-play on Ray RLlib (python -m train.rllib) with 0, 1 and 2 env runners,
against the single-process MaskablePPO trainer (python -m train), on the same game.

    python benchmarks/rllib_throughput.py [--game kheops_v1] [--setups sb3,rllib0,rllib1,rllib2]
                                          [--seconds 15] [--json out.json]

Both trainers run the same experiment: 64 games in flight per sampler, the learner against
`random` (played inside the env, so every sample is a learner decision), actor and critic
MLPs [128, 128], PPO with 8192 learner decisions per iteration, 4 epochs of minibatches of
1024, torch on one thread in every process. An env step here is one learner decision (SB3's
num_timesteps, RLlib's learner module steps); the random opponent's moves come on top.

  sampling   learner decisions per wall second of sampling alone, the same loop for both:
             sb3: the policy's forward pass (actions, values, log-probs, as collect_rollouts
             does it) and SB3SelfPlayVecEnv.step, in this process; rllibN: EnvRunner.sample()
             on the N runners at once (module forward, env, connectors), the count coming back
             (rllib0 samples in this process).
  training   learner decisions per wall second of whole training iterations (sampling,
             the learner's update, weight sync), after one warm-up iteration.

Each figure is over about --seconds of wall time. No timing assertion lives here or in the tests.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's packages

import torch  # noqa: E402

import pyramid_envs  # noqa: E402

GAMES, HIDDEN, BATCH, MINIBATCH, EPOCHS = 64, [128, 128], 8192, 1024, 4


def timed(step, seconds):
    """Call step() (returning how many decisions it made) for about `seconds`; decisions/s."""
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        n += step()
    return n / (time.perf_counter() - t0)


def sb3(game, seconds):
    from sb3_contrib import MaskablePPO

    from agents.registry import make_agent
    from pyramid_envs.core import SelfPlayVec
    from pyramid_envs.core.sb3 import SB3SelfPlayVecEnv

    venv = SB3SelfPlayVecEnv(SelfPlayVec(pyramid_envs.get_game(game), GAMES, opponent=make_agent("random", seed=0),
                                         seed=0, max_steps=2000))
    venv.seed(0)
    model = MaskablePPO("MlpPolicy", venv, n_steps=BATCH // GAMES, batch_size=MINIBATCH, n_epochs=EPOCHS,
                        seed=0, device="cpu", policy_kwargs={"net_arch": HIDDEN})
    obs = venv.reset()

    def sample():
        nonlocal obs
        with torch.no_grad():
            actions, _, _ = model.policy(torch.as_tensor(obs), action_masks=venv.action_masks())
        obs, _, _, _ = venv.step(actions.numpy())
        return GAMES

    sampling = timed(sample, seconds)
    model.learn(BATCH)  # warm-up iteration

    def iteration():
        model.learn(BATCH, reset_num_timesteps=False)
        return BATCH

    return sampling, timed(iteration, seconds)


def rllib(game, runners, seconds):
    import ray

    from train.rllib.config import load_rllib_config
    from train.rllib.run import algorithm_config, init_ray

    overrides = [f"env={game}", f"num_env_runners={runners}", f"games_per_runner={GAMES}", "opponents={random: 1.0}",
                 f"net_arch={HIDDEN}", f"ppo.train_batch_size_per_learner={BATCH}", f"ppo.minibatch_size={MINIBATCH}",
                 f"ppo.num_epochs={EPOCHS}", "max_steps=2000"]
    cfg = load_rllib_config(None, overrides)
    torch.set_num_threads(1)
    init_ray(cfg)
    algo = algorithm_config(cfg).build_algo()
    per_call = BATCH // max(runners, 1)

    def learner_steps(episodes):
        return sum(sa.agent_steps() for ep in episodes for sa in ep.agent_episodes.values()
                   if sa.module_id == "learner")

    def sample():
        if runners == 0:
            return learner_steps(algo.env_runner.sample(num_timesteps=per_call))
        counts = algo.env_runner_group.foreach_env_runner(
            lambda w: sum(sa.agent_steps() for ep in w.sample(num_timesteps=per_call)
                          for sa in ep.agent_episodes.values() if sa.module_id == "learner"),
            local_env_runner=False)
        return sum(counts)

    try:
        sampling = timed(sample, seconds)
        algo.train()  # warm-up iteration

        def iteration():
            result = algo.train()
            return int(result["env_runners"]["num_module_steps_sampled"]["learner"])

        return sampling, timed(iteration, seconds)
    finally:
        algo.stop()
        ray.shutdown()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="kheops_v1")
    parser.add_argument("--setups", default="sb3,rllib0,rllib1,rllib2")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    torch.set_num_threads(1)
    rows = []
    for setup in args.setups.split(","):
        load = os.getloadavg()[0]
        if setup == "sb3":
            sampling, training = sb3(args.game, args.seconds)
        elif setup.startswith("rllib") and setup[5:].isdigit():
            sampling, training = rllib(args.game, int(setup[5:]), args.seconds)
        else:
            raise SystemExit(f"unknown setup {setup!r}: sb3 or rllib<runners>")
        rows.append({"setup": setup, "game": args.game, "sampling_steps_per_s": round(sampling),
                     "training_steps_per_s": round(training), "load_avg_before": load,
                     "load_avg_after": os.getloadavg()[0]})
        print(f"{setup:8s} sampling {sampling:9,.0f} steps/s   training {training:9,.0f} steps/s   "
              f"load average {load:.1f} -> {os.getloadavg()[0]:.1f}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"cpus": os.cpu_count(), "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
