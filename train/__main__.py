"""Self-play training, then an arena evaluation of the final policy.

    python -m train --config configs/kheops_ppo.yaml [--out DIR] [--resume CKPT] [key=value ...]

Overrides use the config's keys, e.g. total_timesteps=50000 ppo.learning_rate=1e-4.
Checkpoints, the tensorboard log (DIR/tb), the learning curve and the arena results go
under DIR (default runs/<env>).
"""
import argparse

from .config import load_config
from .run import evaluate_checkpoint, train


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", required=True)
    parser.add_argument("--out", default=None)
    parser.add_argument("--resume", default=None, help="a checkpoint .zip to continue from")
    parser.add_argument("--no-eval", action="store_true", help="skip the final arena evaluation")
    parser.add_argument("overrides", nargs="*", help="key=value (YAML values), dotted keys for nesting")
    args = parser.parse_intermixed_args(argv)  # overrides before or after the options
    cfg = load_config(args.config, args.overrides)
    out = args.out or f"runs/{cfg['env']}"
    final, callback = train(cfg, out, resume=args.resume)
    print(f"final checkpoint: {final}")
    if not args.no_eval:
        _, text = evaluate_checkpoint(cfg, final, callback.out)
        print(text)
    print(f"learning curve: {callback.out / 'learning_curve.png'}; tensorboard --logdir {callback.out / 'tb'}")


if __name__ == "__main__":
    main()
