"""Game records: one game as one JSON-lines file.

    {"format": "pyramid_envs.record", "version": 1, "env": "kheops_v1", "options": {...},
     "seed": 1234, "agents": ["greedy", "random"]}             the header
    {"step": 0, "seat": 0, "action": 17, "name": "worker 7i"}   one line per action
    {"scores": [12, 9], "ended": true}                         the final scores, last

`seed` is the start of the game's random stream as the reset kernel takes it
(`game.kernels.reset`): the arena hands the kernel such starts directly, while
`Game.reset(states, [s])` starts from `seed_to_u64(s)`, so a game begun with a user seed s
records `start_seed(s)`. `agents` names who sat in each agent seat; `scores` has one entry
per seat of the state (rule-run seats included); `ended` is False for a game cut off by a
step limit. `agents.replay` checks a record against the rules.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

from pyramid_envs.core.rng import seed_to_u64

FORMAT = "pyramid_envs.record"
VERSION = 1


def start_seed(seed) -> int:
    """The record seed of a game begun with Game.reset(states, [seed])."""
    return int(seed_to_u64(seed))


def play_record_path(folder, env: str, seat: int) -> Path:
    """Where a person's game goes: play_<env>_seat<k>_<date-time>.jsonl in folder."""
    return Path(folder) / f"play_{env}_seat{seat}_{time.strftime('%Y%m%d-%H%M%S')}.jsonl"


class GameRecord:
    def __init__(self, env: str, options: dict, seed: int, agents: list[str]):
        self.env = env
        self.options = dict(options)
        self.seed = int(seed)
        self.agents = [str(a) for a in agents]
        self.moves: list[tuple[int, int, str]] = []
        self.scores: list[int] | None = None
        self.ended = True

    def add(self, seat: int, action: int, name: str) -> None:
        if self.scores is not None:
            raise ValueError("the record is finished; no more moves")
        self.moves.append((int(seat), int(action), str(name)))

    def finish(self, scores, ended: bool = True) -> None:
        """Final scores, one per seat; ended=False for a game stopped by a step limit."""
        self.scores = [int(s) for s in scores]
        self.ended = bool(ended)

    def start(self, game) -> np.ndarray:
        """A one-game state batch at the record's start."""
        states = game.new_states(1)
        options = game.encode_options(game.resolve_options(self.options))
        game.kernels.reset(states, np.array([self.seed], np.uint64), options)
        return states

    def lines(self) -> list[dict]:
        if self.scores is None:
            raise ValueError("finish() the record before writing it")
        head = {"format": FORMAT, "version": VERSION, "env": self.env, "options": self.options,
                "seed": self.seed, "agents": self.agents}
        moves = [{"step": i, "seat": s, "action": a, "name": n} for i, (s, a, n) in enumerate(self.moves)]
        return [head, *moves, {"scores": self.scores, "ended": self.ended}]

    def write(self, path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(line) + "\n" for line in self.lines()))
        return path

    @classmethod
    def read(cls, path) -> "GameRecord":
        """ValueError naming the file and line for anything malformed."""
        path = Path(path)
        rows = path.read_text().splitlines()
        where = lambda n: f"{path} line {n}"  # noqa: E731
        parsed = []
        for n, text in enumerate(rows, 1):
            try:
                parsed.append(json.loads(text))
            except json.JSONDecodeError as e:
                cut = " (a truncated file?)" if n == len(rows) else ""
                raise ValueError(f"{where(n)}: not JSON ({e.msg}){cut}") from None
            if not isinstance(parsed[-1], dict):
                raise ValueError(f"{where(n)}: expected a JSON object")
        if not parsed:
            raise ValueError(f"{where(1)}: the file is empty, expected the record header")
        head = parsed[0]
        if head.get("format") != FORMAT or head.get("version") != VERSION:
            raise ValueError(f"{where(1)}: not a {FORMAT} version {VERSION} header")
        _need(head, {"env": str, "options": dict, "seed": int, "agents": list}, where(1))
        if not all(isinstance(a, str) for a in head["agents"]):
            raise ValueError(f"{where(1)}: agents must be a list of names")
        record = cls(head["env"], head["options"], head["seed"], head["agents"])
        for n, row in enumerate(parsed[1:-1], 2):
            _need(row, {"step": int, "seat": int, "action": int, "name": str}, where(n))
            if row["step"] != n - 2:
                raise ValueError(f"{where(n)}: step {row['step']}, expected {n - 2}")
            record.add(row["seat"], row["action"], row["name"])
        last = parsed[-1]
        if len(parsed) == 1 or "scores" not in last:
            raise ValueError(f"{where(len(parsed))}: the record ends without its final scores line "
                             "(a truncated file?)")
        _need(last, {"scores": list, "ended": bool}, where(len(parsed)))
        if not all(_is(s, int) for s in last["scores"]):
            raise ValueError(f"{where(len(parsed))}: scores must be integers")
        record.finish(last["scores"], last["ended"])
        return record


def _is(value, kind) -> bool:
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _need(row: dict, fields: dict, where: str) -> None:
    for key, kind in fields.items():
        if key not in row:
            raise ValueError(f"{where}: missing {key!r}")
        if not _is(row[key], kind):
            raise ValueError(f"{where}: {key!r} must be {kind.__name__}, got {row[key]!r}")
