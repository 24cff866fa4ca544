"""Sakkara pictures: a text board (ansi), an RGB image and the score sheet."""
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


_CELL = 56
_COLORS = {"bg": (40, 34, 28), "empty": (90, 80, 60), "line": (20, 16, 12)}
_MOTIF_RGB = [(40, 150, 60), (120, 190, 60), (80, 120, 220), (150, 150, 150), (120, 120, 120),
              (170, 170, 170), (140, 140, 160), (110, 110, 110), (40, 80, 200), (230, 190, 40),
              (200, 60, 60), (200, 90, 60), (190, 60, 90), (180, 70, 70), (210, 80, 80), (220, 110, 50)]
_SEAT_RGB = ((20, 20, 20), (245, 245, 245))


def render_rgb(state):
    from PIL import Image, ImageDraw

    s = one_state(state)
    w = 20 + spec.SIDE * _CELL + 200
    img = Image.new("RGB", (w, 40 + spec.SIDE * _CELL), _COLORS["bg"])
    draw = ImageDraw.Draw(img)
    for c in range(spec.NUM_CELLS):
        r, q = divmod(c, spec.SIDE)
        x0, y0 = 10 + q * _CELL, 10 + r * _CELL
        h = int(s["height"][c])
        fill = _MOTIF_RGB[s["stack"][c, h - 1]] if h else _COLORS["empty"]
        draw.rectangle([x0, y0, x0 + _CELL - 2, y0 + _CELL - 2], fill=fill, outline=_COLORS["line"])
        if h:
            draw.text((x0 + 4, y0 + 3), f"{h} {spec.MOTIF_CODES[s['stack'][c, h - 1]]}", fill=(0, 0, 0))
        for p in range(2):
            for k in range(2):
                if s["wpos"][p, k] == c:
                    cx, cy = x0 + _CELL // 2, y0 + _CELL // 2 + 6
                    draw.ellipse([cx - 10, cy - 10, cx + 10, cy + 10], fill=_SEAT_RGB[p], outline=(200, 0, 0))
    tx = 20 + spec.SIDE * _CELL
    for p in range(2):
        b = s["built"][p]
        y = 12 + p * 150
        draw.text((tx, y), f"{spec.SEAT_NAMES[p]}: {done_steps(b)} steps", fill=(255, 255, 255))
        draw.text((tx, y + 16), f"ship {b[spec.SHIP]} grain {b[spec.GRAIN]}", fill=(255, 255, 255))
        draw.text((tx, y + 32), f"rack {int(s['rack'][p].sum())} tiles", fill=(255, 255, 255))
    caption = (score_sheet(state).splitlines()[-1] if s["terminated"] else
               f"{spec.SEAT_NAMES[s['current_player']]} to decide: {spec.PHASE_NAMES[s['phase']]}")
    draw.text((10, img.height - 22), caption, fill=(255, 255, 255))
    return np.asarray(img, dtype=np.uint8)

