"""Replay a game record through the rules, or write it as a browser replay viewer.

    python -m agents.replay RECORD [--html OUT.html]

Replays the record from its start (game, options, seed), checks that every recorded
action is legal and carries the rules' name for it, and that the game ends with the
recorded scores. A record that does not replay is reported on one line naming the step
(exit code 1). With --html, writes one self-contained page to step through the game from
every seat's view (see agents/replay_page.py).
"""
from __future__ import annotations

import argparse
import sys

import pyramid_envs

from .records import GameRecord
from .replay_page import ReplayPage, seat_names


def replay(record: GameRecord, visit=None):
    """The final one-game state batch; ValueError naming the step where the record and the
    rules part. visit(states, k), if given, sees the position before move k and, last
    (k = number of moves), the final one."""
    try:
        game = pyramid_envs.get_game(record.env)
        states = record.start(game)
    except ValueError as e:
        raise ValueError(f"cannot start {record.env} with options {record.options}: {e}") from None
    for k, (seat, action, name) in enumerate(record.moves):
        if visit is not None:
            visit(states, k)
        if states[0]["terminated"]:
            raise ValueError(f"step {k}: the game has already ended, yet the record goes on")
        mover = int(states[0]["current_player"])
        if seat != mover:
            raise ValueError(f"step {k}: seat {mover} is to move, the record says seat {seat}")
        if not (0 <= action < game.num_actions and game.legal_mask(states)[0, action]):
            raise ValueError(f"step {k}: action {action} is not legal here (recorded as {name!r})")
        ruled = game.action_to_str(states, action)
        if ruled != name:
            raise ValueError(f"step {k}: the rules name action {action} {ruled!r}, the record says {name!r}")
        game.step(states, [action])
    if visit is not None:
        visit(states, len(record.moves))
    ended = bool(states[0]["terminated"])
    if ended != record.ended:
        raise ValueError(f"the game has {'' if ended else 'not '}ended after the record's "
                         f"{len(record.moves)} moves, the record says it has{'' if record.ended else ' not'}")
    scores = final_scores(states)
    if scores != record.scores:
        raise ValueError(f"final scores differ: the rules give {scores}, the record says {record.scores}")
    return states


def final_scores(states) -> list[int]:
    """Every seat's score (rule-run seats included) of a one-game batch."""
    return states[0]["scores"][: int(states[0]["num_players"])].tolist()


def summary(record: GameRecord, states) -> str:
    game = pyramid_envs.get_game(record.env)
    names = seat_names(game, record)
    sitting = ", ".join(f"{names[s]}: {a}" for s, a in enumerate(record.agents))
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, record.scores))
    end = "ended" if record.ended else "stopped by the step limit"
    return (f"{record.env} {record.options} seed {record.seed} ({sitting})\n"
            f"{len(record.moves)} moves replayed, game {end}; final scores match the record: {scores}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agents.replay", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("record", help="a game record (.jsonl) from --record")
    parser.add_argument("--html", default=None, metavar="OUT.html", help="write the replay viewer page here")
    args = parser.parse_args(argv)
    try:
        record = GameRecord.read(args.record)  # its errors name the file and line
    except (OSError, ValueError) as e:
        print(f"error: {e}".replace("\n", " "), file=sys.stderr)
        return 1
    try:
        if args.html is None:
            states = replay(record)
        else:
            page = ReplayPage(record)
            states = replay(record, visit=page.add)
            page.write(args.html, states)
    except (OSError, ValueError) as e:
        print(f"error: {args.record}: {e}".replace("\n", " "), file=sys.stderr)
        return 1
    print(summary(record, states))
    if args.html is not None:
        print(f"wrote {args.html}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
