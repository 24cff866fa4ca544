"""Slim a train.zero checkpoint for shipping: the weights in float16, the search settings and
the config it was trained with; no optimizer, no history. --sims N: the agent's default
simulations in the exported file (default: the checkpoint's).

    python -m train.zero.export runs/zero/kheops_v1/checkpoints/final.pt agents/checkpoints/zero/kheops_v1.pt
"""
import argparse

from agents.zero.network import load_checkpoint, save_checkpoint


def export(src, dst, sims=None):
    net, data = load_checkpoint(src)
    keep = {k: data[k] for k in ("search", "iteration", "positions", "config") if k in data}
    if sims is not None:
        if int(sims) < 0:
            raise ValueError(f"sims must be at least 0, got {sims}")
        keep["search"] = {**keep.get("search", {}), "sims": int(sims)}
    return save_checkpoint(dst, net, data["env"], keep, half=True)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m train.zero.export", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("checkpoint")
    parser.add_argument("out")
    parser.add_argument("--sims", type=int, default=None)
    args = parser.parse_args(argv)
    print(f"wrote {export(args.checkpoint, args.out, args.sims)}")


if __name__ == "__main__":
    main()
