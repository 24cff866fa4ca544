"""Krimsutep picture: the 6x6 pyramid with edge letters and numbers as the actions name
cells, the base camp, cards face up (god, openings, special, ankh) or as backs, the
researchers and the mummy, every seat's ankhs, hand, jars and treasure, and a legend;
drawn as SVG or RGB (core/picture).

With a seat the picture shows what that seat knows: a face-down card's back and god
(public), its face only where the seat has seen it, the seat's own hand, the others' hand
sizes. Without a seat it is an onlooker's view of everything, face-down faces included."""
from ..core.jsonview import one_state
from ..core.picture import INK, PAPER, Flow, Picture
from . import spec
from .codec import CELL_NAMES, TREASURE_STATES, card_name, exc_name

CELL = 96
X0, Y0 = 40 + CELL + 30, 84   # the camp sits west of a1, left of the row numbers
PANEL_X = X0 + spec.SIDE * CELL + 36
WIDTH = PANEL_X + 440
SEAT_RGB = ((220, 40, 40), (50, 100, 230), (40, 170, 60), (240, 215, 40), (255, 255, 255))
LIGHT_RGB, DARK_RGB = (236, 220, 180), (196, 170, 130)   # face up, by back
LIGHT_BACK_RGB, DARK_BACK_RGB = (170, 140, 100), (88, 64, 44)  # face down, by back
GRAVE_RGB, CAMP_RGB, EMPTY_RGB, PATH_RGB = (20, 20, 20), (150, 200, 150), (120, 112, 100), (110, 70, 30)
GOD_RGB = ((200, 200, 210), (250, 210, 120), (150, 200, 250), (170, 230, 170), (240, 170, 170))
SPECIAL_WORDS = {spec.PITFALL: "pitfall", spec.CHAMBER: "chamber", spec.KINGS: "kings pyr.",
                 spec.RAMP: "ramp", spec.BURIED: "buried", spec.JAR: "jar", spec.TREASURE: "treasure"}
ANKH_RGB, MUMMY_RGB = (250, 225, 90), (255, 255, 235)
DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W on screen (N = deeper = up)


def cell_xy(c):
    if c == spec.CAMP:
        return X0 - CELL - 30, Y0 + (spec.SIDE - 1) * CELL
    return X0 + int(spec.CELL_COL[c]) * CELL, Y0 + (spec.SIDE - 1 - int(spec.CELL_ROW[c])) * CELL


def draw_researcher(pic, cx, cy, r, p):
    pic.circle(cx, cy, r, SEAT_RGB[p], INK, 1)
    pic.text_centered(cx, cy, str(p), int(r * 1.2), SEAT_RGB[p], box=False)


def draw_mummy(pic, cx, cy, r):
    pic.rect(cx - r, cy - r, 2 * r, 2 * r, MUMMY_RGB, INK, 2)
    pic.text_centered(cx, cy, "M", int(r * 1.3), MUMMY_RGB, box=False)


def _face(pic, x, y, card, rot, bg):
    """Openings, god, special and ankh of a card's face."""
    cx, cy = x + CELL / 2, y + CELL / 2
    op = spec.OPEN[spec.CARD_SHAPE[card], rot]
    for d, (dx, dy) in enumerate(DIRS):
        if (op >> d) & 1:
            pic.line([(cx, cy), (cx + dx * CELL / 2, cy + dy * CELL / 2)], PATH_RGB, 8)
    god = int(spec.CARD_GOD[card])
    pic.text_centered(cx, y + 24, spec.GODS[god], 10, GOD_RGB[god])
    sp = int(spec.CARD_SPECIAL[card])
    if sp in SPECIAL_WORDS:
        pic.text_centered(cx, cy + 4, SPECIAL_WORDS[sp], 10, (255, 255, 255))
    if spec.CARD_ANKH[card]:
        pic.text(x + CELL - 30, y + CELL - 18, "ankh", 9, ANKH_RGB)


def _cell(pic, s, c, seat):
    x, y = cell_xy(c)
    card = int(s["cell_card"][c])
    up = bool(s["cell_up"][c])
    if c == spec.GRAVE:
        bg = GRAVE_RGB
        pic.rect(x, y, CELL, CELL, bg, INK)
        pic.text_centered(x + CELL / 2, y + CELL / 2 - 8, "grave", 11, bg)
        pic.text_centered(x + CELL / 2, y + CELL / 2 + 8, "chamber", 11, bg)
    elif card < 0:
        bg = EMPTY_RGB
        pic.rect(x, y, CELL, CELL, bg, INK)
    elif up:
        bg = LIGHT_RGB if spec.CARD_BACK[card] == spec.LIGHT_BACK else DARK_RGB
        pic.rect(x, y, CELL, CELL, bg, INK)
        _face(pic, x, y, card, int(s["cell_rot"][c]), bg)
    else:
        bg = LIGHT_BACK_RGB if spec.CARD_BACK[card] == spec.LIGHT_BACK else DARK_BACK_RGB
        pic.rect(x, y, CELL, CELL, bg, INK)
        if seat is None or s["known"][seat, c]:
            _face(pic, x, y, card, int(s["cell_rot"][c]), bg)
            pic.text(x + 4, y + CELL - 18, "face down", 9, bg)
        else:
            god = int(spec.CARD_GOD[card])
            pic.text_centered(x + CELL / 2, y + 24, spec.GODS[god], 10, GOD_RGB[god])
            pic.text_centered(x + CELL / 2, y + CELL / 2 + 6, "?", 18, bg)
    pic.text(x + 3, y + 2, CELL_NAMES[c], 10, bg)
    if s["awake"] and s["mummy"] == c:
        draw_mummy(pic, x + CELL - 14, y + 14, 10)


def _researchers(pic, s):
    n = int(s["num_players"])
    for c in list(range(spec.NUM_CELLS)) + [spec.CAMP]:
        here = [p for p in range(n) if s["finished"][p] == 0 and s["pos"][p] == c]
        x, y = cell_xy(c)
        for j, p in enumerate(here):
            draw_researcher(pic, x + 14 + j * 17, y + CELL - 34, 8, p)


def _hand(s, p, seat):
    if seat is not None and p != seat:
        n = int(s['hand_n'][p])
        return [f"hand: {n} card{'' if n == 1 else 's'}, face down"]
    cards = [f"{j + 1}: {exc_name(k)}" for j, k in enumerate(s["hand"][p][: s["hand_n"][p]])]
    return ["hand:"] + cards if cards else ["hand: no cards"]


def draw(state, seat=None):
    s = one_state(state)
    n = int(s["num_players"])
    pic = Picture(WIDTH, max(840, 300 + 170 * n), title="Krimsutep")
    over = bool(s["terminated"])
    ph = spec.PHASE_NAMES[s["phase"]]
    head = ("Krimsutep - game over" if over else
            f"Krimsutep - {spec.SEAT_NAMES[s['turn']]}'s turn - {spec.SEAT_NAMES[s['current_player']]} "
            f"decides: {ph}" + (f" ({spec.GODS[s['mv_god']]} move, {int(s['mv_pts'])} points)"
                                if s["phase"] == spec.PH_MOVE else ""))
    pic.text(12, 10, head, 18, PAPER)
    pic.text(12, 36, "onlooker's view: every card shown, face-down ones marked 'face down'" if seat is None
             else f"view of {seat} {spec.SEAT_NAMES[seat]}: only the cards this seat has seen", 13, PAPER)
    for k in range(spec.SIDE):
        pic.text_centered(X0 + (k + 0.5) * CELL, Y0 - 12, "abcdef"[k], 14, PAPER)
        pic.text_centered(X0 + (k + 0.5) * CELL, Y0 + spec.SIDE * CELL + 12, "abcdef"[k], 14, PAPER)
        yk = Y0 + (spec.SIDE - 1 - k + 0.5) * CELL
        pic.text_centered(X0 - 14, yk, str(k + 1), 14, PAPER)
        pic.text_centered(X0 + spec.SIDE * CELL + 14, yk, str(k + 1), 14, PAPER)
    cx, cy = cell_xy(spec.CAMP)
    pic.rect(cx, cy, CELL, CELL, CAMP_RGB, INK)
    pic.text_centered(cx + CELL / 2, cy + 14, "base camp", 11, CAMP_RGB)
    for c in range(spec.NUM_CELLS):
        _cell(pic, s, c, seat)
    _researchers(pic, s)
    f = Flow(pic, cx, Y0 + spec.SIDE * CELL + 30, X0 + spec.SIDE * CELL - cx, size=12, gap=2)
    f.line("North (N) is up, deeper into the pyramid; the camp opens east onto a1.", 12)
    beside = []
    for i in range(int(s["beside_n"])):
        card = int(s["beside"][i])
        if seat is None or s["beside_known"][seat, i]:
            beside.append(card_name(card))
        else:
            back = "light" if spec.CARD_BACK[card] == spec.LIGHT_BACK else "dark"
            beside.append(f"{spec.GODS[spec.CARD_GOD[card]]} {back} (face down)")
    f.line(f"beside the pyramid ({len(beside)}): {', '.join(beside) or 'none'}")
    top = f", top: {exc_name(s['disc'][s['disc_n'] - 1])}" if s["disc_n"] else ""
    f.line(f"excavation deck {int(s['deck_n'])} cards; discard pile {int(s['disc_n'])}{top}")
    f.line("jars: " + ", ".join(f"{spec.GODS[g]} {'in play' if s['jar_used'][g] else 'unused'}"
                                for g in range(spec.NUM_GODS)))
    f.line("treasures: " + ", ".join(f"{spec.GODS[g]} {TREASURE_STATES[s['treasure_state'][g]]}"
                                     for g in range(spec.NUM_GODS)))
    f.line("mummy: " + (f"awake on {CELL_NAMES[s['mummy']]}" if s["awake"] else "asleep in the grave chamber"))

    f = Flow(pic, PANEL_X, Y0, WIDTH - PANEL_X - 12, size=12, gap=2)
    for p in range(n):
        tags = []
        if p == s["current_player"] and not over:
            tags.append("to decide")
        if s["finished"][p]:
            tags.append(f"brought a treasure home, #{int(s['finished'][p])}")
        f.swatch(SEAT_RGB[p], f"{p} {spec.SEAT_NAMES[p]}: score {int(s['scores'][p])}"
                 + (f" ({', '.join(tags)})" if tags else ""), size=14)
        where = "camp" if s["pos"][p] == spec.CAMP else CELL_NAMES[s["pos"][p]]
        f.line(f"on {where}, ankhs {int(s['ankhs'][p])}", indent=8)
        for i, line in enumerate(_hand(s, p, seat)):
            f.line(line, indent=8 if i == 0 else 20)
        extra = []
        for key in ("carry_jar", "carry_tr"):
            if s[key][p] >= 0:
                extra.append("carries " + card_name(s[key][p]))
        camp = [spec.GODS[g] for g in range(spec.NUM_GODS) if (s["camp_jars"][p] >> g) & 1]
        if camp:
            extra.append("jars in camp: " + ", ".join(camp))
        extra += [word for key, word in (("attacked", "attacked"), ("lying", "lying down"),
                                         ("chamber", "in a secret chamber")) if s[key][p]]
        if s["torch"][p] >= 0:
            extra.append("torch lit")
        if extra:
            f.line("; ".join(extra), indent=8)
        f.space(4)
    f.space(8)
    f.line("Legend", 15)
    f.swatch(LIGHT_RGB, "face-up light card (brown bars: its exits)")
    f.swatch(DARK_RGB, "face-up dark card")
    f.swatch(LIGHT_BACK_RGB, "? face-down light card (its god is public)")
    f.swatch(DARK_BACK_RGB, "? face-down dark card")
    f.swatch(None, "researcher of seat 0 (number = seat)", draw=lambda pic, x, y, r: draw_researcher(pic, x, y, r, 0))
    f.swatch(None, "the mummy (awake)", draw=draw_mummy)
    f.swatch(ANKH_RGB, "ankh symbol on the card")
    f.line("specials: pitfall, secret chamber, kings pyr. = king's pyramid, ramp, buried path, "
           "canopic jar, treasure", 12)
    return pic

# action blocks indexed by the space they name: select, Ankh reveal, hide, exchange
CELL_BLOCKS = ((spec.A_SEL, spec.A_CAMP), (spec.A_REVEAL, spec.A_HIDE), (spec.A_HIDE, spec.A_ROT),
               (spec.A_EXCH, spec.A_STEP))


def _walk_from(s, p):
    """Where p's next step starts: its space, or the end of the path it is declaring."""
    c = int(s["pos"][p])
    for i in range(int(s["plan_n"]) if s["planning"] else 0):
        n = int(spec.NB[c, s["plan"][i] & 3])
        if n < 0 or n == spec.CAMP:
            return n
        c = n
    return c


def action_places(state, actions, seat=None):
    """{action: (x, y)}: the space each of `actions` acts on (a space selected or changed
    with an Ankh, the camp, the space a researcher's or the mummy's step goes to); cards
    in hand, draws, shots and yes/no have no place on the board."""
    s = one_state(state)
    p = int(s["current_player"])
    places = {}
    for a in map(int, actions):
        c = next((a - lo for lo, hi in CELL_BLOCKS if lo <= a < hi), -1)
        if a == spec.A_CAMP:
            c = spec.CAMP
        elif spec.A_ROT <= a < spec.A_EXCH:
            c = (a - spec.A_ROT) // 3
        elif spec.A_STEP <= a < spec.A_MUMMY_STEP:
            start = _walk_from(s, p)
            c = int(spec.NB[start, (a - spec.A_STEP) % 4]) if start >= 0 else -1
        elif spec.A_MUMMY_STEP <= a < spec.A_MUMMY_DIAG:
            c = int(spec.NB[s["mummy"], a - spec.A_MUMMY_STEP])
        if c >= 0:
            x, y = cell_xy(c)
            places[a] = (x + CELL / 2, y + CELL / 2)
    return places


def render_svg(state, seat=None):
    """The picture as a self-contained SVG document; with a seat, only what it may see."""
    return draw(state, seat).to_svg()


def render_rgb(state, seat=None):
    """The same picture as uint8[H, W, 3]."""
    return draw(state, seat).to_rgb()
