"""Kheops text views: the board as text (ansi) and the score sheet (pictures: picture.py)."""
import numpy as np

from ..core.jsonview import one_state
from . import spec
from .codec import CELL_NAMES, tile_name
from .guide import open_letters
from .scoring import (N_BIGGEST, N_CLOSED, N_OWNER, N_POINTS, N_ROOMS, N_SARC_PTS, N_SIZE,
                      N_TOP, tally)

_PAWN_CHARS = ("WPMF", "wpmf")  # worker, priest, mummy, pharaoh (F): White upper, Red lower


def _cell_token(s, c):
    t = s["cell_tile"][c]
    if t < 0:
        return "  ..  "
    pawn = "-" if s["pawn_owner"][c] < 0 else _PAWN_CHARS[s["pawn_owner"][c]][s["pawn_kind"][c]]
    return ("CR"[int(spec.TILE_KIND[t])] + spec.SYMBOL_CODES[spec.TILE_SYMBOL[t]]
            + open_letters(t, s["cell_rot"][c], c) + pawn)


def render_ansi(state, seat=None):
    """The board as text; with `seat`, only what that seat may see (the other hand hidden)."""
    s = one_state(state)
    lines = []
    for r in range(spec.ROWS):  # each row twice: the cells' names (as the moves name them), the tiles
        cells = [spec.cell_index(r, c) for c in range(2 * r + 1)]
        indent = " " * 7 * (spec.ROWS - 1 - r)
        lines.append("  " + indent + " ".join(f"{CELL_NAMES[c]:^6}" for c in cells))
        lines.append(f"{r + 1} " + indent + " ".join(_cell_token(s, c) for c in cells))
    lines.append("tile: R room / C corridor, symbol, open sides (l left, r right, b bottom on a cell "
                 "pointing up; t top, r right, l left on one pointing down; - a wall), pawn "
                 "(W/w worker, P/p priest, M/m mummy, F pharaoh; upper case = White, - none)")
    lines.append("symbols: " + ", ".join(f"{k} {n}" for k, n in zip(spec.SYMBOL_CODES, spec.SYMBOL_NAMES)))
    for p in range(2):
        hand = ", ".join(f"{j + 1}: {tile_name(t)}" for j, t in enumerate(s["hand"][p]) if t >= 0)
        if seat is not None and p != seat:
            hand = f"{int((s['hand'][p] >= 0).sum())} hidden tiles"
        supply = " ".join(f"{n}={s['supply'][p, k]}" for k, n in enumerate(spec.PAWN_NAMES))
        lines.append(f"{spec.SEAT_NAMES[p]}: hand [{hand}]  supply {supply}  removed={s['removed'][p]}")
        if seat == p:  # what the turns r0-r2 of each hand tile open, on a cell pointing up (1a) or down (2b)
            lines += [f"  tile {j + 1} turned: " + "; ".join(
                f"r{r} {open_letters(t, r, 0)} up, {open_letters(t, r, 2)} down" for r in range(3))
                for j, t in enumerate(s["hand"][p]) if t >= 0]
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
