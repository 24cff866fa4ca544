"""A slim copy of a checkpoint for shipping: the weights, without the optimizer's moment
estimates (two more copies of every weight) or the last rollout's observations. It loads and plays as any checkpoint; training
resumed from it restarts the optimizer's statistics.

    python -m train.export runs/kheops_v1/checkpoints/final.zip agents/checkpoints/kheops_v1.zip
"""
import argparse
from pathlib import Path

from sb3_contrib import MaskablePPO


def slim_checkpoint(src, dst) -> Path:
    model = MaskablePPO.load(src, device="cpu")
    policy = model.policy
    policy.optimizer = policy.optimizer_class(policy.parameters(), lr=model.lr_schedule(1),
                                              **policy.optimizer_kwargs)
    model._last_obs = model._last_original_obs = None
    dst = Path(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    model.save(dst)
    return dst


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m train.export", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("src")
    parser.add_argument("dst")
    args = parser.parse_args(argv)
    dst = slim_checkpoint(args.src, args.dst)
    print(f"{dst}: {dst.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
