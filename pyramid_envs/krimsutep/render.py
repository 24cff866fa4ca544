"""Krimsutep pictures: a text pyramid (ansi), an RGB image and the score sheet.

Without a seat, render functions show the whole state (an onlooker's view, hidden cards
in lower case), for logs; render_ansi(state, seat) shows what that seat knows (for human
play); agents only ever get `observe`.
"""
import numpy as np

from ..core.jsonview import one_state
from . import spec
from .codec import CELL_NAMES, card_name, exc_name

_SP_CODES = {spec.PLAIN: "", spec.PITFALL: "P", spec.CHAMBER: "C", spec.KINGS: "K", spec.RAMP: "R",
             spec.BURIED: "B", spec.JAR: "J", spec.TREASURE: "T"}
_ARROWS = "^>v<"  # N E S W


def _cell_token(s, c, seat=None):
    if c == spec.GRAVE:
        return "[GRAVE ]"
    card = int(s["cell_card"][c])
    if card < 0:
        return "[      ]"
    up = bool(s["cell_up"][c])
    if not up and seat is not None and not s["known"][seat, c]:
        body = "??????"
        who = "".join(str(p) for p in range(s["num_players"]) if s["finished"][p] == 0 and s["pos"][p] == c)
        return f"[{body}]" + (who or " ").ljust(3)
    god = spec.GOD_CODES[spec.CARD_GOD[card]]
    op = spec.OPEN[spec.CARD_SHAPE[card], s["cell_rot"][c]]
    paths = "".join(_ARROWS[d] if (op >> d) & 1 else "." for d in range(4))
    sp = _SP_CODES[int(spec.CARD_SPECIAL[card])] + ("a" if spec.CARD_ANKH[card] else "")
    body = f"{god}{paths}{sp:<2}"
    body = body if up else body.lower()
    who = "".join(str(p) for p in range(s["num_players"]) if s["finished"][p] == 0 and s["pos"][p] == c)
    if s["awake"] and s["mummy"] == c:
        who += "M"
    return f"[{body}]" + (who or " ").ljust(3)


def render_ansi(state, seat=None):
    s = one_state(state)
    n = int(s["num_players"])
    lines = []
    for r in range(5, -1, -1):
        lines.append(f"{r + 1} " + "".join(_cell_token(s, r * 6 + c, seat).ljust(12) for c in range(6)))
    lines.append("  " + "".join(f"{'abcdef'[c]:<12}" for c in range(6)))
    in_camp = "".join(str(p) for p in range(n) if s["finished"][p] == 0 and s["pos"][p] == spec.CAMP)
    lines.append(f"camp (west of a1): {in_camp or '-'}    upper case = face up, lower case = face down "
                 "(god, exits N E S W, special, a = ankh)")
    for p in range(n):
        hand = ", ".join(exc_name(k) for k in s["hand"][p][: s["hand_n"][p]])
        if seat is not None and p != seat:
            hand = f"{s['hand_n'][p]} hidden cards"
        extra = []
        if s["carry_jar"][p] >= 0:
            extra.append("carries " + card_name(s["carry_jar"][p]))
        if s["carry_tr"][p] >= 0:
            extra.append("carries " + card_name(s["carry_tr"][p]))
        camp = [spec.GODS[g] for g in range(5) if (s["camp_jars"][p] >> g) & 1]
        if camp:
            extra.append("camp jars " + "/".join(camp))
        for key in ("attacked", "lying", "chamber"):
            if s[key][p]:
                extra.append(key)
        if s["torch"][p] >= 0:
            extra.append("torch lit")
        if s["finished"][p]:
            extra.append(f"finished #{s['finished'][p]}")
        lines.append(f"{p} {spec.SEAT_NAMES[p]}: ankhs {s['ankhs'][p]} hand [{hand}] {'; '.join(extra)}")
    beside = ", ".join(card_name(c) if seat is None or s["beside_known"][seat, i] else "??"
                       for i, c in enumerate(s["beside"][: s["beside_n"]]))
    lines.append(f"beside: [{beside}]  deck {s['deck_n']}  discard {s['disc_n']}")
    if s["terminated"]:
        lines.append(score_sheet(state))
    else:
        lines.append(f"turn: {spec.SEAT_NAMES[s['turn']]}  to move: {spec.SEAT_NAMES[s['current_player']]}"
                     f"  phase: {spec.PHASE_NAMES[s['phase']]}"
                     + (f"  move: {spec.GODS[s['mv_god']]} {s['mv_pts']} points" if s["phase"] == spec.PH_MOVE else ""))
    return "\n".join(lines)


def score_sheet(state):
    s = one_state(state)
    n = int(s["num_players"])
    lines = []
    order = sorted(range(n), key=lambda p: -int(s["scores"][p]))
    for p in order:
        camp = [spec.GODS[g] for g in range(5) if (s["camp_jars"][p] >> g) & 1]
        state_word = f"brought a treasure home (#{s['finished'][p]})" if s["finished"][p] else "still searching"
        lines.append(f"{spec.SEAT_NAMES[p]}: score {s['scores'][p]}, {state_word}, jars in camp: "
                     f"{', '.join(camp) or 'none'}")
    if s["terminated"]:
        w = [p for p in range(n) if s["finished"][p] == 1]
        if w:
            lines.append(f"{spec.SEAT_NAMES[w[0]]} is the Conqueror of the pyramid of Krimsutep")
    return "\n".join(lines)


_SIZE = 72
_COLORS = {"bg": (30, 26, 22), "light": (214, 190, 140), "dark": (150, 120, 80), "down": (90, 70, 50),
           "grave": (10, 10, 10), "path": (60, 40, 20), "camp": (70, 120, 70)}
_SEAT_RGB = ((220, 40, 40), (40, 80, 220), (40, 170, 60), (230, 210, 40), (245, 245, 245))


def render_rgb(state):
    from PIL import Image, ImageDraw

    s = one_state(state)
    w = 40 + 7 * _SIZE
    h = 60 + 6 * _SIZE
    img = Image.new("RGB", (w, h), _COLORS["bg"])
    draw = ImageDraw.Draw(img)

    def box(c):
        if c == spec.CAMP:
            x0, y0 = 20, 20 + 5 * _SIZE
        else:
            x0 = 20 + (int(spec.CELL_COL[c]) + 1) * _SIZE
            y0 = 20 + (5 - int(spec.CELL_ROW[c])) * _SIZE
        return int(x0), int(y0)

    x0, y0 = box(spec.CAMP)
    draw.rectangle([x0 + 2, y0 + 2, x0 + _SIZE - 2, y0 + _SIZE - 2], fill=_COLORS["camp"])
    for c in range(spec.NUM_CELLS):
        x0, y0 = box(c)
        card = int(s["cell_card"][c])
        if c == spec.GRAVE:
            fill = _COLORS["grave"]
        elif card < 0:
            fill = _COLORS["bg"]
        elif not s["cell_up"][c]:
            fill = _COLORS["down"]
        else:
            fill = _COLORS["light" if spec.CARD_BACK[card] == spec.LIGHT_BACK else "dark"]
        draw.rectangle([x0 + 2, y0 + 2, x0 + _SIZE - 2, y0 + _SIZE - 2], fill=fill)
        if card < 0 or c == spec.GRAVE:
            continue
        cx, cy = x0 + _SIZE // 2, y0 + _SIZE // 2
        if s["cell_up"][c]:
            op = spec.OPEN[spec.CARD_SHAPE[card], s["cell_rot"][c]]
            for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
                if (op >> d) & 1:
                    draw.line([(cx, cy), (cx + dx * _SIZE // 2, cy + dy * _SIZE // 2)], fill=_COLORS["path"], width=8)
            code = _SP_CODES[int(spec.CARD_SPECIAL[card])]
            if code:
                draw.text((cx - 4, cy - 6), code, fill=(255, 255, 0))
        draw.text((x0 + 5, y0 + 4), spec.GOD_CODES[spec.CARD_GOD[card]], fill=(255, 255, 255))
    for p in range(s["num_players"]):
        if s["finished"][p]:
            continue
        x0, y0 = box(int(s["pos"][p]))
        ox = 8 + 12 * p
        draw.ellipse([x0 + ox, y0 + _SIZE - 20, x0 + ox + 10, y0 + _SIZE - 10], fill=_SEAT_RGB[p], outline=(0, 0, 0))
    if s["awake"]:
        x0, y0 = box(int(s["mummy"]))
        draw.rectangle([x0 + _SIZE - 24, y0 + 6, x0 + _SIZE - 8, y0 + 22], fill=(250, 250, 230), outline=(0, 0, 0))
        draw.text((x0 + _SIZE - 20, y0 + 8), "M", fill=(0, 0, 0))
    caption = ("game over" if s["terminated"] else
               f"{spec.SEAT_NAMES[s['current_player']]} to move: {spec.PHASE_NAMES[s['phase']]}")
    draw.text((10, h - 20), caption, fill=(255, 255, 255))
    return np.asarray(img, dtype=np.uint8)
