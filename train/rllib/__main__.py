"""Self-play training on Ray RLlib, for runs that outgrow one process or one machine.

    python -m train.rllib --config configs/kheops_rllib.yaml [--out DIR] [--address auto] [key=value ...]

Without --address (and without RAY_ADDRESS) it starts a local Ray; with --address auto (or
host:port, or RAY_ADDRESS) it joins a running cluster (`ray start --head` on one machine,
`ray start --address=<head>:6379` on the others). Checkpoints (RLlib's, under DIR/checkpoints),
the tensorboard log (DIR/tb) and the final policy exported for the arena (DIR/policy.zip,
`policy:path=DIR/policy.zip`) go under DIR (default runs/<env>_rllib).
"""
import argparse

from .config import load_rllib_config


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", required=True)
    parser.add_argument("--out", default=None)
    parser.add_argument("--address", default=None, help="a Ray cluster to join: auto or host:port")
    parser.add_argument("--no-eval", action="store_true", help="skip the final arena evaluation")
    parser.add_argument("overrides", nargs="*", help="key=value (YAML values), dotted keys for nesting")
    args = parser.parse_args(argv)
    cfg = load_rllib_config(args.config, args.overrides)
    out = args.out or f"runs/{cfg['env']}_rllib"

    from pathlib import Path

    from train.run import evaluate_checkpoint

    from .export import to_maskable_ppo
    from .run import train

    final = train(cfg, out, address=args.address)
    print(f"final checkpoint: {final}")
    policy = to_maskable_ppo(final, Path(out) / "policy.zip", cfg["env"], cfg["env_options"])
    print(f"policy for the arena: policy:path={policy}")
    if not args.no_eval and cfg["final_eval_games"]:
        _, text = evaluate_checkpoint(cfg, policy, Path(out))
        print(text)
    print(f"tensorboard --logdir {Path(out) / 'tb'}")


if __name__ == "__main__":
    main()
