"""An RLlib checkpoint's learner as an sb3-contrib MaskablePPO checkpoint (.zip), so that the
arena, human play and everything else that takes `policy:path=...` plays it, without Ray.

    python -m train.rllib.export runs/kheops_rllib/checkpoints/final runs/kheops_rllib/policy.zip

MaskedMLPModule (train/rllib/module.py) has MlpPolicy's layout, so the weights copy one to one;
the masks are applied by MaskablePPO as by the module.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import torch
import yaml
from ray.rllib.core.rl_module.rl_module import RLModule
from sb3_contrib import MaskablePPO

import pyramid_envs
from pyramid_envs.core import SelfPlayVec
from pyramid_envs.core.sb3 import SB3SelfPlayVecEnv

from .env import LEARNER


def learner_module(checkpoint) -> RLModule:
    """The learner module of an algorithm checkpoint (the directory Algorithm.save_to_path wrote)."""
    path = Path(checkpoint) / "learner_group" / "learner" / "rl_module" / LEARNER
    if not path.is_dir():
        raise ValueError(f"{checkpoint} is not an RLlib checkpoint of train.rllib: no {path}")
    return RLModule.from_checkpoint(path)


def to_maskable_ppo(checkpoint, dst, env: str, env_options: dict | None = None) -> Path:
    module = learner_module(checkpoint)
    hidden = list(module.model_config.get("net_arch", []))
    game = pyramid_envs.get_game(env)
    venv = SB3SelfPlayVecEnv(SelfPlayVec(game, 1, **(env_options or {})))
    model = MaskablePPO("MlpPolicy", venv, device="cpu",
                        policy_kwargs={"net_arch": {"pi": hidden, "vf": hidden}, "activation_fn": torch.nn.Tanh})
    policy = model.policy
    pairs = [(policy.mlp_extractor.policy_net, module.pi_body), (policy.action_net, module.pi_head),
             (policy.mlp_extractor.value_net, module.vf_body), (policy.value_net, module.vf_head)]
    with torch.no_grad():
        for target, source in pairs:
            target.load_state_dict(source.state_dict())
    dst = Path(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    model.save(dst)
    return dst


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("checkpoint", help="an RLlib checkpoint directory written by python -m train.rllib")
    parser.add_argument("dst", help="the .zip to write")
    parser.add_argument("--env", default=None, help="the game (default: from the run's config.yaml)")
    args = parser.parse_args(argv)
    env, options = args.env, {}
    run_config = Path(args.checkpoint).parent.parent / "config.yaml"
    if env is None:
        if not run_config.exists():
            raise SystemExit(f"no {run_config}: give the game with --env")
        cfg = yaml.safe_load(run_config.read_text())
        env, options = cfg["env"], cfg["env_options"]
    print(to_maskable_ppo(args.checkpoint, args.dst, env, options))


if __name__ == "__main__":
    main()
