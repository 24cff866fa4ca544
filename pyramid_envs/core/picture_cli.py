"""Write one picture of a random game as SVG and PNG:

    python -m pyramid_envs.core.picture_cli ENV OUT [--steps N] [--seed S] [--seat P] [--option k=v ...]

plays N uniformly random legal moves (fewer if the game ends) from seed S and writes
OUT.svg and OUT.png, drawn for seat P (default: the view with no seat)."""
import argparse
import ast

import numpy as np

from .registry import get_game


def _value(text):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m pyramid_envs.core.picture_cli", description=__doc__.split("\n")[0])
    ap.add_argument("env", help="e.g. kheops_v1")
    ap.add_argument("out", help="output path without extension")
    ap.add_argument("--steps", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seat", type=int, default=None)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args(argv)
    game = get_game(args.env)
    opts = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            ap.error(f"--option needs NAME=VALUE, got {item!r}")
        opts[name] = _value(value)
    st = game.new_states(1)
    game.reset(st, [args.seed], opts)
    rng = np.random.default_rng(args.seed)
    for _ in range(args.steps):
        if st["terminated"][0]:
            break
        game.step(st, np.array([rng.choice(np.flatnonzero(game.legal_mask(st)[0]))]))
    from PIL import Image

    with open(args.out + ".svg", "w") as f:
        f.write(game.render_svg(st, args.seat))
    Image.fromarray(game.render_rgb(st, args.seat)).save(args.out + ".png")
    print(f"wrote {args.out}.svg and {args.out}.png after {int(st['steps'][0])} steps")


if __name__ == "__main__":
    main()
