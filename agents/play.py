"""Play a game in the terminal against any agent.

    python -m agents.play --game kheops --vs ismcts [--seat 0] [--seed 0]
    python -m agents.play --game kheops --vs greedy --web [--port 8000]   (in the browser)

The board is shown as the seat you play sees it; type a move by its name (as 'moves'
lists it) or its number, 'help' for the game's rules and move forms, 'quit' to leave
(agents/terminal.py).
"""
from __future__ import annotations

import argparse

import pyramid_envs
from pyramid_envs.core.registry import resolve_env

from .arena import parse_options
from .records import GameRecord, play_record_path, start_seed
from .registry import make_agent
from .terminal import Terminal


def play(env, opponent_spec, seat=0, seed=0, ask=input, say=print, record=None, **options):
    """record: a folder where the finished game is written as a record (agents/records.py)."""
    game = pyramid_envs.get_game(resolve_env(env))
    options = game.resolve_options(options)
    n = options["num_players"]
    if not 0 <= seat < n:
        raise ValueError(f"seat must be in [0, {n}), got {seat}")
    opponent = make_agent(opponent_spec, seed=seed)
    names = game.seat_names or tuple(f"player_{i}" for i in range(n))
    states = game.new_states(1)
    game.reset(states, [seed], options)
    agents = ["human" if s == seat else str(opponent_spec) for s in range(n)]
    rec = GameRecord(game.env_name, options, start_seed(seed), agents) if record is not None else None
    say(f"{game.title}: you play {names[seat]} against {opponent_spec}; type 'help' for the rules and "
        "the move forms, 'moves' for the legal moves, 'quit' to leave")
    record_move = None if rec is None else (lambda cp, a: rec.add(cp, a, game.action_to_str(states, a)))
    if not Terminal(game, states, seat, opponent, names, ask, say, on_move=record_move).run():
        return states
    if rec is not None:
        rec.finish(states[0]["scores"][: states[0]["num_players"]])
        say(f"game record written to {rec.write(play_record_path(record, game.env_name, seat))}")
    return states


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m agents.play", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="kheops")
    parser.add_argument("--vs", default="greedy", help="the opponent agent, e.g. random, greedy, ismcts:sims=400")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--record", default=None, metavar="DIR",
                        help="write the finished game as a record in DIR (replay with python -m agents.replay)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--web", action="store_true",
                        help="play in the browser: serve the play page on 127.0.0.1 (docs/web_play.md)")
    parser.add_argument("--port", type=int, default=8000, help="the play page's port with --web (0: any free one)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. --option ra_utoma=2 --option families=true")
    args = parser.parse_args(argv)
    opts = parse_options(args.option)
    if args.players is not None:
        opts["num_players"] = args.players
    if args.web:
        from .web.server import serve

        try:
            serve(resolve_env(args.game), args.vs, args.seat, args.seed, opts, args.record or "runs/records", args.port)
        except KeyboardInterrupt:
            print("\nbye")
        return
    try:
        play(args.game, args.vs, args.seat, args.seed, record=args.record, **opts)
    except (EOFError, KeyboardInterrupt):
        print("\nbye")


if __name__ == "__main__":
    main()
