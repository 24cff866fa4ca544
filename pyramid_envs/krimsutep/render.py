"""Krimsutep text views: the pyramid as text (ansi) and the score sheet (pictures: picture.py).

Without a seat, render functions show the whole state (an onlooker's view, hidden cards
in lower case), for logs; render_ansi(state, seat) shows what that seat knows (for human
play); agents only ever get `observe`.
"""

from ..core.jsonview import one_state
from . import spec
from .codec import card_name, exc_name

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
