"""Farao text views: the board as text (ansi) and the score sheet (pictures: picture.py)."""

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
    if s["terminated"] and s["finished"] < n - 1:
        head += " (no one still in could ever enter the chamber)"
    return f"{head}: " + "; ".join(parts)
