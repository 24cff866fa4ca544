"""Play one full game between random-legal bots and print it.

    python -m pyramid_envs.match --game kheops_v1 --seed 0
"""
import argparse

import numpy as np

from .core.policies import RandomPolicy
from .core.registry import get_game, list_envs


def play(env_name: str, seed: int, quiet: bool = False) -> np.ndarray:
    game = get_game(env_name)
    states = game.new_states(1)
    game.reset(states, [seed])
    bots = RandomPolicy(seed)
    names = game.seat_names or tuple(f"player_{i}" for i in range(game.max_players))
    while not states[0]["terminated"]:
        mask = game.legal_mask(states)
        seat = int(states[0]["current_player"])
        action = int(bots(game.observe(states, [seat]), mask)[0])
        if not quiet:
            print(f"{int(states[0]['steps']) + 1:4d} {names[seat]:>8}: {game.action_to_str(states, action)}")
        game.step(states, [action])
    if not quiet:
        print()
        print(game.render_ansi(states))
    return states


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pyramid_envs.match", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="kheops_v1", choices=list_envs())
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    play(args.game, args.seed)


if __name__ == "__main__":
    main()
