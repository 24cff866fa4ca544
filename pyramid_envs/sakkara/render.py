"""Sakkara text views: the board as text (ansi) and the score sheet (pictures: picture.py)."""
import numpy as np

from ..core.jsonview import one_state
from . import spec
from .codec import done_steps

_WORKER_CHARS = ("B", "W")  # Black (start player), White


def _cell_token(s, c):
    h = int(s["height"][c])
    top = spec.MOTIF_CODES[s["stack"][c, h - 1]] if h else "."
    who = "-"
    for p in range(2):
        for w in range(2):
            if s["wpos"][p, w] == c:
                who = _WORKER_CHARS[p] if w == 0 else _WORKER_CHARS[p].lower()
    return f"{h}{top}{who}"


def _counts(row):
    return " ".join(f"{spec.MOTIF_NAMES[m]}={row[m]}" for m in range(spec.NUM_MOTIFS) if row[m]) or "-"


def pyramid_line(s, p):
    b = s["built"][p]
    k = done_steps(b)
    need = []
    if k < spec.NUM_STEPS:
        for m in range(spec.NUM_MOTIFS):
            if m not in (spec.SHIP, spec.GRAIN) and b[m] < spec.CUM_NEED[k, m]:
                need.append(f"{spec.MOTIF_NAMES[m]} x{spec.CUM_NEED[k, m] - b[m]}")
    green = ("ship" if b[spec.SHIP] else "no ship") + f", grain {b[spec.GRAIN]}/{min(k + 1, 3)}"
    step = spec.STEP_NAMES[k] if k < spec.NUM_STEPS else "complete"
    return f"steps done {k} ({step} next: {', '.join(need) or '-'}); {green}"


def render_ansi(state, seat=None):
    """The whole position: nothing is hidden in Sakkara, so every seat sees the same."""
    s = one_state(state)
    lines = ["    " + "    ".join("abcdefg")]
    for r in range(spec.SIDE):
        lines.append(f"{r + 1}  " + " ".join(_cell_token(s, r * spec.SIDE + c) for c in range(spec.SIDE)))
    lines.append("space: height, top tile, worker (B/b Black, W/w White; upper case = worker 1)")
    lines.append("tiles: " + ", ".join(f"{k} {n}" for k, n in zip(spec.MOTIF_CODES, spec.MOTIF_NAMES)))
    for p in range(2):
        lines.append(f"{spec.SEAT_NAMES[p]}: rack [{_counts(s['rack'][p])}]")
        lines.append(f"    pyramid [{_counts(s['built'][p])}] {pyramid_line(s, p)}")
    pend = [spec.MOTIF_NAMES[x] for x in s["pend"][s["pend_lo"]: s["pend_n"]]]
    if pend or s["lost_ship"] or s["lost_grain"]:
        lines.append(f"pending stack (bottom first): {', '.join(pend) or '-'}; destroyed this turn: "
                     f"ship {s['lost_ship']}, grain {s['lost_grain']}")
    if s["terminated"]:
        lines.append(score_sheet(state))
    else:
        lines.append(f"turn {s['turn']}  {spec.SEAT_NAMES[s['mover']]}'s turn; to decide: "
                     f"{spec.SEAT_NAMES[s['current_player']]}  phase: {spec.PHASE_NAMES[s['phase']]}")
    return "\n".join(lines)


def score_sheet(state):
    """Who built how much of the pyramid, and who won."""
    s = one_state(state)
    lines = [f"{spec.SEAT_NAMES[p]}: {pyramid_line(s, p)}" for p in range(2)]
    if s["terminated"]:
        w = s["scores"]
        if w[0] == w[1]:
            lines.append(f"draw: no apex after the turn limit of {s['turn_limit']} turns")
        else:
            lines.append(f"{spec.SEAT_NAMES[int(np.argmax(w))]} placed the apex and wins")
    return "\n".join(lines)
