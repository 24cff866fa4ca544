"""Farao pictures: a text board (ansi), an RGB image and the score sheet."""
import numpy as np

from . import spec
from ..core.jsonview import one_state

# one letter per symbol group on a face-up tile
_ITEM_CODES = "tspFcw+$bkP"  # torch scarf plan food chocolate water first-aid money bottle key papyrus


def _symbol_code(sym):
    if sym == spec.SYM_PLAIN:
        return "."
    if sym < spec.SYM_ITEM:
        return "RBGYWPO"[sym - spec.SYM_INSCRIPTION]  # inscription colours
    if sym < spec.SYM_OBSTACLE:
        return _ITEM_CODES[sym - spec.SYM_ITEM]
    if sym < spec.SYM_MAP:
        return "!"  # an obstacle
    return "m=SC"[sym - spec.SYM_MAP]  # map, tunnel, shrine, coffer


_WALLS = {0b0101: "|", 0b1010: "-", 0b1111: "+"}


def _field(s, c):
    pyr = int(s["pyramid"])
    k = spec.CELL_KIND[pyr, c]
    n = int(s["num_players"])
    figs = "".join(str(p) for p in range(n) for f in range(spec.FIGURES) if s["fig"][p, f] == c)
    if k == spec.C_CHAMBER:
        body = "[CH]" if not s["chamber_open"] else "[OP]"
    elif k in (spec.C_RING, spec.C_CORNER):
        body = " ##  " if k == spec.C_CORNER else " ~~  "
    elif not s["up"][c]:
        body = " ??  "
    else:
        t = s["tile"][c]
        op = int(spec.SHAPE_OPEN[spec.TILE_SHAPE[t], s["rot"][c]])
        dirs = "".join(d if (op >> i) & 1 else "." for i, d in enumerate("NESW"))
        body = _symbol_code(spec.TILE_SYMBOL[t]) + dirs + ("x" if c == s["curse"] else "")
    return (body + figs).ljust(7)


def render_ansi(state, seat=None):
    """The board as text. Face-down tiles show as ?? to everyone, so every seat sees the same."""
    s = one_state(state)
    pyr = int(s["pyramid"])
    g = spec.GRID[pyr]
    n = int(s["num_players"])
    lines = ["    " + "".join(chr(ord("a") + c).ljust(8) for c in range(g))]
    for r in range(g):
        lines.append(f"{r + 1:>2}  " + " ".join(_field(s, r * spec.MAX_GRID + c) for c in range(g)))
    lines.append("field: symbol then openings NESW ('.' = wall), x = curse, digits = figures by seat; "
                 "?? face down, ~~ outside wall, ## entrance, [CH] chamber ([OP] open)")
    lines.append("symbols: . plain, RBGYWPO inscriptions, t s p F c w + $ b k P items "
                 "(torch scarf plan food chocolate water first-aid money bottle key papyrus), "
                 "! obstacle, m map, = tunnel, S shrine, C coffer")
    for p in range(n):
        items = ", ".join(spec.ITEM_NAMES[k] for k in range(spec.NUM_ITEMS) if s["items"][p, k])
        insc = ", ".join(spec.COLOUR_NAMES[c] for c in range(spec.NUM_COLOURS) if s["insc"][p, c])
        place = f"  place {s['place'][p]}" if s["place"][p] else ""
        lines.append(f"{p} {spec.SEAT_NAMES[p]}: inscriptions [{insc}] items [{items}]{place}")
    if s["terminated"]:
        lines.append(score_sheet(state))
    else:
        lines.append(f"to move: {spec.SEAT_NAMES[s['current_player']]}  die {s['die']}  "
                     f"steps left {s['steps_left']}  phase: {spec.PHASE_NAMES[s['phase']]}")
    return "\n".join(lines)


def score_sheet(state):
    """The order of entering the burial chamber."""
    s = one_state(state)
    n = int(s["num_players"])
    order = sorted((int(s["place"][p]) or 99, p) for p in range(n))
    parts = []
    for place, p in order:
        where = f"{place}." if place != 99 else "-"
        parts.append(f"{where} {spec.SEAT_NAMES[p]} ({int(s['insc'][p].sum())} inscriptions)")
    head = "final order" if s["terminated"] else "order so far"
    return f"{head}: " + "; ".join(parts)


_PX = 40
_COLOURS = {"bg": (30, 26, 22), "ring": (120, 100, 70), "down": (90, 80, 60), "up": (214, 190, 140),
            "path": (90, 60, 30), "chamber": (200, 170, 40), "curse": (120, 0, 120)}
_SEAT_RGB = ((220, 40, 40), (40, 90, 220), (40, 170, 60), (230, 210, 40), (245, 245, 245), (20, 20, 20))


def render_rgb(state):
    from PIL import Image, ImageDraw

    s = one_state(state)
    pyr = int(s["pyramid"])
    g = spec.GRID[pyr]
    img = Image.new("RGB", (g * _PX + 20, g * _PX + 40), _COLOURS["bg"])
    draw = ImageDraw.Draw(img)
    for r in range(g):
        for c in range(g):
            i = r * spec.MAX_GRID + c
            k = spec.CELL_KIND[pyr, i]
            x0, y0 = 10 + c * _PX, 10 + r * _PX
            box = [x0 + 1, y0 + 1, x0 + _PX - 2, y0 + _PX - 2]
            cx, cy = x0 + _PX // 2, y0 + _PX // 2
            if k == spec.C_CHAMBER:
                draw.rectangle(box, fill=_COLOURS["chamber"])
            elif k in (spec.C_RING, spec.C_CORNER):
                draw.rectangle(box, fill=_COLOURS["ring"])
            elif not s["up"][i]:
                draw.rectangle(box, fill=_COLOURS["down"])
            else:
                draw.rectangle(box, fill=_COLOURS["curse"] if i == s["curse"] else _COLOURS["up"])
                t = s["tile"][i]
                op = int(spec.SHAPE_OPEN[spec.TILE_SHAPE[t], s["rot"][i]])
                for d in range(4):
                    if (op >> d) & 1:
                        draw.line([(cx, cy), (cx + spec.DC[d] * _PX // 2, cy + spec.DR[d] * _PX // 2)],
                                  fill=_COLOURS["path"], width=6)
                draw.text((x0 + 3, y0 + 2), _symbol_code(spec.TILE_SYMBOL[t]), fill=(0, 0, 0))
            j = 0
            for p in range(int(s["num_players"])):
                for f in range(spec.FIGURES):
                    if s["fig"][p, f] == i:
                        fx, fy = x0 + 6 + (j % 3) * 10, y0 + 22 + (j // 3) * 8
                        draw.ellipse([fx, fy, fx + 8, fy + 8], fill=_SEAT_RGB[p], outline=(0, 0, 0))
                        j += 1
    caption = (score_sheet(state) if s["terminated"] else
               f"{spec.SEAT_NAMES[s['current_player']]}: die {s['die']}, {spec.PHASE_NAMES[s['phase']]}")
    draw.text((10, img.height - 22), caption[:80], fill=(255, 255, 255))
    return np.asarray(img, dtype=np.uint8)
