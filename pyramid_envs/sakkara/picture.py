"""Sakkara picture: the 7x7 board with edge letters and numbers as the actions name
spaces, every stack bottom first, the workers, both racks and pyramids, the turn and a
legend; drawn as SVG or RGB (core/picture). Nothing in Sakkara is hidden."""
from ..core.jsonview import one_state
from ..core.picture import INK, PAPER, Flow, Picture
from . import spec
from .codec import CELL_NAMES, done_steps

CELL = 100
X0, Y0 = 40, 84
PANEL_X = X0 + spec.SIDE * CELL + 36
WIDTH = PANEL_X + 430
EMPTY_RGB = (150, 138, 112)
SEAT_RGB = ((25, 25, 25), (255, 255, 255))
MOVED_RGB = (20, 90, 220)
# two-letter picture codes and colours of the 16 motifs (spec.MOTIF_NAMES order)
CODES = ("Sh", "Gr", "St", "Ha", "Sn", "Ho", "Bi", "Ox", "Co", "Ap", "Cr", "Pl", "DL", "Ci", "Mo", "Su")
MOTIF_RGB = ((60, 160, 80), (150, 200, 80), (110, 150, 235), (190, 190, 190), (150, 150, 120),
             (205, 205, 205), (170, 170, 200), (140, 140, 140), (70, 110, 215), (235, 195, 50),
             (225, 90, 90), (225, 120, 90), (215, 90, 130), (200, 100, 100), (230, 130, 130),
             (240, 140, 60))
PHASE_HELP = {"setup": "place a worker", "before-move": "move a worker or use a feather tile",
              "after-move": "build, cast a spell or end the turn", "discard": "discard down to 10 tiles",
              "place-stack": "the opponent places the used tiles", "over": "game over"}


def _names(row):
    return ", ".join(f"{spec.MOTIF_NAMES[m]} {int(row[m])}" for m in range(spec.NUM_MOTIFS) if row[m]) or "none"


def draw_worker(pic, cx, cy, r, p, w):
    pic.circle(cx, cy, r, SEAT_RGB[p], (120, 120, 120) if p == 0 else INK, 2)
    pic.text_centered(cx, cy, str(w + 1), int(r * 1.2), SEAT_RGB[p], box=False)


def _cell(pic, s, c):
    r, q = divmod(c, spec.SIDE)
    x, y = X0 + q * CELL, Y0 + r * CELL
    h = int(s["height"][c])
    pic.rect(x, y, CELL, CELL, (232, 224, 204) if h else EMPTY_RGB, INK, 1)
    bg = (232, 224, 204) if h else EMPTY_RGB
    pic.text(x + 4, y + 3, CELL_NAMES[c], 10, bg)
    if h:
        top = int(s["stack"][c, h - 1])
        pic.text(x + CELL - 30, y + 3, f"h{h}", 10, bg)
        pic.text_centered(x + CELL / 2, y + 30, CODES[top], 16, MOTIF_RGB[top])
        codes = [CODES[m] for m in s["stack"][c, :h]]
        for i in range(0, len(codes), 5):
            pic.text(x + 6, y + 46 + 14 * (i // 5), " ".join(codes[i: i + 5]), 10, bg)
    for p in range(2):
        for w in range(2):
            if s["wpos"][p, w] == c:
                cx = x + CELL / 2 + (p * 2 + w - 1.5) * 24
                draw_worker(pic, cx, y + CELL - 16, 11, p, w)
                if s["moved"] and p == s["mover"] and w == s["moved_worker"]:
                    pic.circle(cx, y + CELL - 16, 14, None, MOVED_RGB, 3)


def draw(state, seat=None):
    s = one_state(state)
    pic = Picture(WIDTH, 1160, title="Sakkara")
    over = bool(s["terminated"])
    ph = spec.PHASE_NAMES[s["phase"]]
    head = ("Sakkara - game over" if over else
            f"Sakkara - turn {int(s['turn'])}, {spec.SEAT_NAMES[s['mover']]}'s turn - "
            f"{spec.SEAT_NAMES[s['current_player']]} decides: {ph} ({PHASE_HELP[ph]})")
    pic.text(12, 10, head, 18, PAPER)
    pic.text(12, 36, "nothing is hidden: every seat sees this picture" if seat is None else
             f"view of {spec.SEAT_NAMES[seat]} (nothing is hidden in Sakkara)", 13, PAPER)
    for i in range(spec.SIDE):
        letter = "abcdefg"[i]
        pic.text_centered(X0 + (i + 0.5) * CELL, Y0 - 12, letter, 14, PAPER)
        pic.text_centered(X0 + (i + 0.5) * CELL, Y0 + spec.SIDE * CELL + 12, letter, 14, PAPER)
        pic.text_centered(X0 - 16, Y0 + (i + 0.5) * CELL, str(i + 1), 14, PAPER)
        pic.text_centered(X0 + spec.SIDE * CELL + 16, Y0 + (i + 0.5) * CELL, str(i + 1), 14, PAPER)
    for c in range(spec.NUM_CELLS):
        _cell(pic, s, c)
    f = Flow(pic, X0, Y0 + spec.SIDE * CELL + 30, spec.SIDE * CELL)
    f.line("Each space: its name, h = stack height, the top tile in the big badge, the whole "
           "stack bottom first below it; circles are workers (number = worker 1 or 2).", 12)

    f = Flow(pic, PANEL_X, Y0, WIDTH - PANEL_X - 12)
    for p in range(2):
        b = s["built"][p]
        k = done_steps(b)
        f.swatch(SEAT_RGB[p], spec.SEAT_NAMES[p] + (" (start player)" if p == spec.START_PLAYER else "")
                 + (" - wins" if over and s["scores"][p] > s["scores"][1 - p] else ""), size=15)
        f.line(f"rack ({int(s['rack'][p].sum())} of {spec.RACK_LIMIT} tiles): {_names(s['rack'][p])}", indent=8)
        f.line(f"pyramid steps done: {k} of 3" + (f" ({spec.STEP_NAMES[k]} step next)" if k < 3 else ""), indent=8)
        f.line(f"pyramid tiles: {_names(b)}", indent=8)
        if k < spec.NUM_STEPS:
            need = [f"{spec.MOTIF_NAMES[m]} {int(spec.CUM_NEED[k, m] - b[m])}" for m in range(spec.NUM_MOTIFS)
                    if m not in (spec.SHIP, spec.GRAIN) and b[m] < spec.CUM_NEED[k, m]]
            f.line(f"still needs for the {spec.STEP_NAMES[k]} step: {', '.join(need)}", indent=8)
        f.line(f"ship: {'yes' if b[spec.SHIP] else 'no'}, grain {int(b[spec.GRAIN])}", indent=8)
        f.space(6)
    pend = [spec.MOTIF_NAMES[x] for x in s["pend"][s["pend_lo"]: s["pend_n"]]]
    f.line(f"used tiles this turn (bottom first): {', '.join(pend) or 'none'}")
    if s["lost_ship"] or s["lost_grain"]:
        f.line(f"destroyed this turn: ship {int(s['lost_ship'])}, grain {int(s['lost_grain'])}")
    if s["moved"]:
        f.line(f"moved this turn: worker {int(s['moved_worker']) + 1} {spec.DIR_NAMES[s['moved_dir']]}"
               + ("; horse used" if s["horse_used"] else ""))
    if s["turn_limit"]:
        f.line(f"turn limit: draw after turn {int(s['turn_limit'])}")
    f.space(10)
    f.line("Spells (three tiles from the rack)", size=15)
    for sp in range(4):
        f.line(f"{spec.SPELL_NAMES[sp]}: " + ", ".join(spec.MOTIF_NAMES[m] for m in spec.SPELL_TILES[sp]), indent=8)
    f.space(10)
    f.line("Legend", size=15)
    for p in range(2):
        f.swatch(None, f"{spec.SEAT_NAMES[p]} worker 1", draw=lambda pic, x, y, r, p=p: draw_worker(pic, x, y, r, p, 0))
    f.swatch(None, "blue ring: the worker moved this turn",
             draw=lambda pic, x, y, r: pic.circle(x, y, r, None, MOVED_RGB, 3))
    f.swatch(EMPTY_RGB, "empty space")
    for m in range(spec.NUM_MOTIFS):
        f.swatch(None, f"{spec.MOTIF_NAMES[m]}",
                 draw=lambda pic, x, y, r, m=m: pic.text_centered(x, y, CODES[m], 11, MOTIF_RGB[m]))
    return pic


def _centre(c):
    r, q = divmod(int(c), spec.SIDE)
    return X0 + (q + 0.5) * CELL, Y0 + (r + 0.5) * CELL


def action_places(state, actions, seat=None):
    """{action: (x, y)}: the space each of `actions` acts on (a worker set up, the space a
    move or an ox push goes to, a bird's landing, a stack placed); spells, tiles and
    'end' have no place on the board."""
    s = one_state(state)

    def beside(w, d):  # the space next to the mover's worker w in direction d
        here = s["wpos"][s["mover"], w]
        return spec.STEP[here, d] if here >= 0 else -1

    places = {}
    for a in map(int, actions):
        c = -1
        if a < spec.A_MOVE:
            c = a - spec.A_SETUP
        elif a < spec.A_HORSE:
            c = beside((a - spec.A_MOVE) // 8, (a - spec.A_MOVE) // 2 % 4)
        elif spec.A_OX <= a < spec.A_SNAKE:
            c = beside(*divmod((a - spec.A_OX) // spec.MAX_PUSH, spec.NUM_DIRS))
        elif spec.A_BIRD <= a < spec.A_OX:
            c = (a - spec.A_BIRD) % spec.NUM_CELLS
        elif a >= spec.A_PLACE:
            c = (a - spec.A_PLACE) % spec.NUM_CELLS
        if c >= 0:
            places[a] = _centre(c)
    return places


def render_svg(state, seat=None):
    """The picture as a self-contained SVG document; with a seat, only what it may see."""
    return draw(state, seat).to_svg()


def render_rgb(state, seat=None):
    """The same picture as uint8[H, W, 3]."""
    return draw(state, seat).to_rgb()
