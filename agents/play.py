"""Play a game in the terminal against any agent.

    python -m agents.play --game kheops --vs ismcts [--seat 0] [--seed 0]

The board is shown as the seat you play sees it; type an action by its name
(as listed) or its number.
"""
from __future__ import annotations

import argparse

import numpy as np

import pyramid_envs

from .arena import parse_options, resolve_env
from .base import SeatView
from .registry import make_agent


def read_action(game, states, mask, ask, say):
    """Ask until the answer names a legal action (by name or number)."""
    while True:
        text = ask("your action> ").strip()
        try:
            a = int(text) if text.lstrip("-").isdigit() else game.str_to_action(states, text)
        except ValueError as e:
            say(f"  not understood: {e}")
            continue
        if 0 <= a < game.num_actions and mask[a]:
            return a
        say(f"  {text!r} is not legal now; pick one of the listed actions")


def play(env, opponent_spec, seat=0, seed=0, ask=input, say=print, **options):
    game = pyramid_envs.get_game(resolve_env(env))
    options = game.resolve_options(options)
    n = options["num_players"]
    if not 0 <= seat < n:
        raise ValueError(f"seat must be in [0, {n}), got {seat}")
    opponent = make_agent(opponent_spec, seed=seed)
    names = game.seat_names or tuple(f"player_{i}" for i in range(n))
    states = game.new_states(1)
    game.reset(states, [seed], options)
    say(f"{game.title}: you play {names[seat]} against {opponent_spec}")
    while not states[0]["terminated"]:
        mask = game.legal_mask(states)[0]
        cp = int(states[0]["current_player"])
        if cp == seat:
            say("")
            say(game.render_ansi(states, seat))
            legal = np.flatnonzero(mask)
            say("legal: " + "; ".join(f"{a} {game.action_to_str(states, a)}" for a in legal))
            action = read_action(game, states, mask, ask, say)
        else:
            view = SeatView(game, states, [cp]) if opponent.needs_view else None
            action = int(opponent.act(game.observe(states, [cp]), mask[None], view)[0])
            say(f"{names[cp]} plays {game.action_to_str(states, action)}")
        game.step(states, [action])
    say("")
    say(game.render_ansi(states))
    return states


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m agents.play", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="kheops")
    parser.add_argument("--vs", default="greedy", help="the opponent agent, e.g. random, greedy, ismcts:sims=400")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. --option ra_utoma=2 --option families=true")
    args = parser.parse_args(argv)
    opts = parse_options(args.option)
    if args.players is not None:
        opts["num_players"] = args.players
    try:
        play(args.game, args.vs, args.seat, args.seed, **opts)
    except (EOFError, KeyboardInterrupt):
        print("\nbye")


if __name__ == "__main__":
    main()
