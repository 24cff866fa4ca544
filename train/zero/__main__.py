"""AlphaZero-style self-play from the rules alone, then an arena evaluation on held-out seeds.

    python -m train.zero --config configs/kheops_zero.yaml [--out DIR] [--resume CKPT] [key=value ...]

Overrides use the config's keys (train/zero/config.py lists them all), e.g. iterations=50
search.sims=32. Checkpoints (DIR/checkpoints, resumable), the tensorboard log (DIR/tb), the
learning curve and the final arena go under DIR (default runs/zero/<env>).
"""
import argparse
from pathlib import Path

from .config import load_zero_config


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m train.zero", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", default=None, help="a YAML file of config keys (default: the defaults)")
    parser.add_argument("--out", default=None)
    parser.add_argument("--resume", default=None, help="a checkpoint .pt under DIR/checkpoints to continue from")
    parser.add_argument("--no-eval", action="store_true", help="skip the final arena evaluation")
    parser.add_argument("overrides", nargs="*", help="key=value (YAML values), dotted keys for nesting")
    args = parser.parse_intermixed_args(argv)  # overrides before or after the options
    cfg = load_zero_config(args.config, args.overrides)
    from .loop import ZeroTraining, evaluate_final  # torch loads after the config is known to be good

    out = Path(args.out or f"runs/zero/{cfg['env']}")
    final = ZeroTraining(cfg, out, resume=args.resume).run()
    print(f"final checkpoint: {final}")
    if not args.no_eval and cfg["final_eval_games"]:
        _, text = evaluate_final(cfg, final, out)
        print(text)
    print(f"learning curve: {out / 'learning_curve.png'}; tensorboard --logdir {out / 'tb'}")


if __name__ == "__main__":
    main()
