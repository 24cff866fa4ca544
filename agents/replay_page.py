"""The replay viewer: one self-contained HTML page for a game record.

The page is the template agents/web/replay.html with agents/web/replay.js and the game's
data inlined: no network access, nothing outside the file. The data holds, per position
(the start and after each move) and per view (everything, then each agent seat's own
view, `render_svg(state, seat)`), a picture of the board. Pictures are stored once as
runs into one table of distinct SVG lines, so what two pictures share (most of a board
between moves, the embedded font) is kept once.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pyramid_envs

from .records import GameRecord

WEB = Path(__file__).parent / "web"


def seat_names(game, record: GameRecord) -> list[str]:
    """A name per seat of the record's scores: the game's own for agent seats, and
    'seat k (rules)' for seats the rules play (Keops's High Priest of Ra)."""
    agents = len(record.agents)
    own = list(game.seat_names[:agents]) if len(game.seat_names) >= agents else [f"player_{i}" for i in range(agents)]
    return own + [f"seat {s} (rules)" for s in range(agents, len(record.scores))]


class ReplayPage:
    """Collects the pictures of a replay: pass `add` to agents.replay.replay as visit."""

    def __init__(self, record: GameRecord):
        self.record = record
        self.game = pyramid_envs.get_game(record.env)
        self.views = [None, *range(len(record.agents))]
        self.lines: dict[str, int] = {}
        self.frames: dict[tuple, int] = {}
        self.positions: list[list[int]] = []

    def add(self, states, k) -> None:
        self.positions.append([self._frame(self.game.render_svg(states, v)) for v in self.views])

    def _frame(self, svg: str) -> int:
        ids = [self.lines.setdefault(line, len(self.lines)) for line in svg.split("\n")]
        runs = []
        for i in ids:
            if runs and runs[-2] + runs[-1] == i:
                runs[-1] += 1
            else:
                runs += [i, 1]
        return self.frames.setdefault(tuple(runs), len(self.frames))

    def data(self, final_states) -> dict:
        rec = self.record
        names = seat_names(self.game, rec)
        sitting = [rec.agents[s] if s < len(rec.agents) else "the rules" for s in range(len(rec.scores))]
        return {
            "players": " \u00b7 ".join(f"{n}: {a}" for n, a in zip(names, rec.agents))
                       + " \u00b7 options " + ", ".join(f"{k}={v}" for k, v in rec.options.items())
                       + f" \u00b7 seed {rec.seed}",
            "views": ["All (every seat's hand shown)"]
                     + [f"{names[s]}'s view ({a})" for s, a in enumerate(rec.agents)],
            "lines": list(self.lines),
            "frames": [list(runs) for runs in self.frames],
            "positions": self.positions,
            "moves": [{"seat": names[s], "name": n} for s, _, n in rec.moves],
            "scores": [{"seat": n, "agent": a, "score": s} for n, a, s in zip(names, sitting, rec.scores)],
            "sheet": self.game.score_sheet(final_states),
            "ended": rec.ended,
        }

    def write(self, path, final_states) -> Path:
        rec = self.record
        title = f"{self.game.title} replay: " + " vs ".join(rec.agents)
        fill = {"TITLE": html.escape(title),
                "DATA": json.dumps(self.data(final_states), separators=(",", ":")).replace("</", "<\\/"),
                "JS": (WEB / "replay.js").read_text()}
        page = re.sub(r"REPLAY_(TITLE|DATA|JS)\b", lambda m: fill[m.group(1)], (WEB / "replay.html").read_text())
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
        return path
