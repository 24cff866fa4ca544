"""Kheops pictures: a text board (ansi), an RGB image and the score sheet."""
import numpy as np

from ..core.jsonview import one_state
from . import spec
from .codec import CELL_NAMES, tile_name
from .scoring import (N_BIGGEST, N_CLOSED, N_OWNER, N_POINTS, N_ROOMS, N_SARC_PTS, N_SIZE,
                      N_TOP, tally)

_PAWN_CHARS = ("WPMF", "wpmf")  # worker, priest, mummy, pharaoh (F): White upper, Red lower


def _cell_token(s, c):
    t = s["cell_tile"][c]
    if t < 0:
        return " .. "
    op = spec.TILE_OPEN[t, s["cell_rot"][c]]
    pawn = "-" if s["pawn_owner"][c] < 0 else _PAWN_CHARS[s["pawn_owner"][c]][s["pawn_kind"][c]]
    return "CR"[int(spec.TILE_KIND[t])] + spec.SYMBOL_CODES[spec.TILE_SYMBOL[t]] + str(op) + pawn


def render_ansi(state, seat=None):
    """The board as text; with `seat`, only what that seat may see (the other hand hidden)."""
    s = one_state(state)
    lines = []
    for r in range(spec.ROWS):
        cells = [_cell_token(s, spec.cell_index(r, c)) for c in range(2 * r + 1)]
        lines.append(f"{r + 1} " + " " * 5 * (spec.ROWS - 1 - r) + " ".join(cells))
    lines.append("tile: R room / C corridor, symbol, openings (bits of the edge slots "
                 "clockwise), pawn (W/w worker, P/p priest, M/m mummy, F pharaoh; upper = White)")
    lines.append("symbols: " + ", ".join(f"{k} {n}" for k, n in zip(spec.SYMBOL_CODES, spec.SYMBOL_NAMES)))
    for p in range(2):
        hand = ", ".join(f"{j + 1}: {tile_name(t)}" for j, t in enumerate(s["hand"][p]) if t >= 0)
        if seat is not None and p != seat:
            hand = f"{int((s['hand'][p] >= 0).sum())} hidden tiles"
        supply = " ".join(f"{n}={s['supply'][p, k]}" for k, n in enumerate(spec.PAWN_NAMES))
        lines.append(f"{spec.SEAT_NAMES[p]}: hand [{hand}]  supply {supply}  removed={s['removed'][p]}")
    if s["terminated"]:
        lines.append(score_sheet(state))
    else:
        lines.append(f"pile {s['pile_size']}  to move: {spec.SEAT_NAMES[s['current_player']]}"
                     f"  phase: {spec.PHASE_NAMES[s['phase']]}")
    return "\n".join(lines)


def score_sheet(state):
    """The endgame tally of the current board, network by network, as on the score pad."""
    s = one_state(state)
    comp, nets, ankhs, scores = tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])
    lines = []
    for p in range(2):
        parts = [f"ankhs {ankhs[p]}x{ankhs[p]} = {ankhs[p] ** 2}"]
        for g in np.flatnonzero(nets[:, N_OWNER] == p):
            n = nets[g]
            cells = [CELL_NAMES[c] for c in np.flatnonzero(comp == g)]
            extras = [f"{n[N_ROOMS]} rooms"]
            if n[N_SARC_PTS]:
                extras.append(f"sarcophagi +{n[N_SARC_PTS]}")
            if n[N_TOP]:
                extras.append("top +5")
            if n[N_BIGGEST]:
                extras.append("biggest +5")
            if n[N_CLOSED]:
                extras.append("closed x2")
            parts.append(f"network {cells[0]} ({n[N_SIZE]} tiles: {', '.join(extras)}) = {n[N_POINTS]}")
        lines.append(f"{spec.SEAT_NAMES[p]}: " + "; ".join(parts) + f"; total {scores[p]}")
    if s["terminated"]:
        w = s["scores"]
        lines.append("draw" if w[0] == w[1] else f"{spec.SEAT_NAMES[int(np.argmax(w))]} wins")
    return "\n".join(lines)


_SIZE = 64  # pixels per triangle side
_COLORS = {"bg": (40, 34, 28), "frame": (120, 100, 60), "empty": (70, 60, 50),
           "room": (222, 196, 140), "corridor": (176, 160, 130), "open": (90, 60, 30),
           0: (245, 245, 245), 1: (200, 40, 40)}


def _corners(c):
    r, col = int(spec.CELL_ROW[c]), int(spec.CELL_COL[c])
    h = _SIZE * 3 ** 0.5 / 2
    x0 = 20 + (spec.ROWS - 1 - r) * _SIZE / 2 + (col // 2) * _SIZE
    y0 = 20 + r * h
    if col % 2 == 0:  # up: apex, bottom-right, bottom-left (slots: left, right, bottom)
        return [(x0 + _SIZE / 2, y0), (x0 + _SIZE, y0 + h), (x0, y0 + h)], (2, 0), (0, 1), (1, 2)
    # down: top-left, top-right, bottom (slots: top, right, left)
    return [(x0 + _SIZE / 2, y0), (x0 + 1.5 * _SIZE, y0), (x0 + _SIZE, y0 + h)], (0, 1), (1, 2), (2, 0)


def render_rgb(state):
    from PIL import Image, ImageDraw

    s = one_state(state)
    w = int(40 + spec.ROWS * _SIZE)
    img = Image.new("RGB", (w, int(60 + spec.ROWS * _SIZE * 3 ** 0.5 / 2)), _COLORS["bg"])
    draw = ImageDraw.Draw(img)
    for c in range(spec.NUM_CELLS):
        pts, *edges = _corners(c)
        t = s["cell_tile"][c]
        fill = _COLORS["empty"] if t < 0 else _COLORS["room" if spec.TILE_KIND[t] == spec.ROOM else "corridor"]
        draw.polygon(pts, fill=fill, outline=_COLORS["frame"])
        if t < 0:
            continue
        cx, cy = sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3
        op = spec.TILE_OPEN[t, s["cell_rot"][c]]
        for k, (i, j) in enumerate(edges):
            if (op >> k) & 1:
                mx, my = (pts[i][0] + pts[j][0]) / 2, (pts[i][1] + pts[j][1]) / 2
                draw.line([(cx, cy), (mx, my)], fill=_COLORS["open"], width=6)
        if spec.TILE_KIND[t] == spec.ROOM:
            draw.ellipse([cx - 7, cy - 7, cx + 7, cy + 7], fill=_COLORS["open"])
        sym = spec.TILE_SYMBOL[t]
        if sym:
            draw.text((cx - 3, cy - 18), spec.SYMBOL_CODES[sym], fill=(255, 255, 0))
        owner = s["pawn_owner"][c]
        if owner >= 0:
            draw.ellipse([cx - 8, cy + 2, cx + 8, cy + 18], fill=_COLORS[owner], outline=(0, 0, 0))
            draw.text((cx - 3, cy + 4), _PAWN_CHARS[0][s["pawn_kind"][c]], fill=(0, 0, 0))
    caption = (f"White {s['scores'][0]} - Red {s['scores'][1]}" if s["terminated"] else
               f"{spec.SEAT_NAMES[s['current_player']]} to move: {spec.PHASE_NAMES[s['phase']]}")
    draw.text((10, img.height - 20), caption, fill=(255, 255, 255))
    return np.asarray(img, dtype=np.uint8)
