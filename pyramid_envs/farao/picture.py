"""Farao picture: the pyramid with edge letters and numbers as the actions name fields,
face-up tiles with their openings and symbol, face-down tiles as backs, the figures, every
seat's inscriptions and items, the supply and a legend; drawn as SVG or RGB (core/picture).
Face-down tiles are hidden from everyone, so every seat sees the same picture."""
from ..core.jsonview import one_state
from ..core.picture import INK, PAPER, Flow, Picture
from . import spec
from .codec import CELL_NAMES

CELL = 72
X0, Y0 = 40, 84
SEAT_RGB = ((220, 40, 40), (50, 100, 230), (40, 170, 60), (240, 215, 40), (255, 255, 255), (25, 25, 25))
RING_RGB, CORNER_RGB, DOWN_RGB, UP_RGB = (196, 184, 160), (160, 196, 160), (104, 80, 56), (238, 222, 184)
CHAMBER_RGB, PATH_RGB, CURSE_RGB, MOVER_RGB = (232, 196, 60), (128, 84, 40), (150, 40, 170), (20, 90, 220)
COLOUR_RGB = ((240, 100, 100), (90, 130, 240), (80, 180, 90), (240, 220, 60), (255, 255, 255),
              (245, 160, 200), (245, 150, 50))
ITEM_RGB, OBSTACLE_RGB, SPECIAL_RGB = (200, 235, 200), (250, 190, 190), (190, 220, 250)
ITEM_SHORT = ("torch", "scarf", "plan", "food", "choc", "water", "aid", "money", "bottle", "key", "papyr")
OBSTACLE_SHORT = ("snake", "gas", "trap", "hunger", "fatigue", "thirst", "ruins", "door", "abyss")
SPECIAL_SHORT = ("map", "tunnel", "shrine", "coffer")
EFFECT_WORDS = ("kills", "ends the move", "cannot be entered")
PHASE_HELP = {"figure": "choose a figure (or enter one)", "step": "step on", "orient": "turn the new tile",
              "map-pick": "pick a tile with the map", "map-orient": "turn the mapped tile",
              "curse": "place the curse", "coffer": "take an item from the coffer",
              "rob": "rob an attacked figure", "over": "game over"}


def badge(sym):
    """(label, colour) of a tile symbol, None for a plain tile."""
    if sym == spec.SYM_PLAIN:
        return None
    if sym < spec.SYM_ITEM:
        k = sym - spec.SYM_INSCRIPTION
        return spec.COLOUR_NAMES[k], COLOUR_RGB[k]
    if sym < spec.SYM_OBSTACLE:
        return ITEM_SHORT[sym - spec.SYM_ITEM], ITEM_RGB
    if sym < spec.SYM_MAP:
        return OBSTACLE_SHORT[sym - spec.SYM_OBSTACLE], OBSTACLE_RGB
    return SPECIAL_SHORT[sym - spec.SYM_MAP], SPECIAL_RGB


def draw_figure(pic, cx, cy, r, p, k):
    pic.circle(cx, cy, r, SEAT_RGB[p], INK if p != 5 else (150, 150, 150), 1)
    pic.text_centered(cx, cy, str(k + 1), max(8, int(r * 1.3)), SEAT_RGB[p], box=False)


def _cell(pic, s, i, x, y):
    pyr = int(s["pyramid"])
    kind = spec.CELL_KIND[pyr, i]
    cx, cy = x + CELL / 2, y + CELL / 2
    if kind == spec.C_CHAMBER:
        bg = CHAMBER_RGB
        pic.rect(x, y, CELL, CELL, bg, INK)
        pic.text_centered(cx, cy - 8, "chamber", 10, bg)
        pic.text_centered(cx, cy + 6, "open" if s["chamber_open"] else "closed", 10, bg)
    elif kind in (spec.C_RING, spec.C_CORNER):
        bg = CORNER_RGB if kind == spec.C_CORNER else RING_RGB
        pic.rect(x, y, CELL, CELL, bg, INK)
        if kind == spec.C_CORNER:
            corner = spec.CORNER_NAMES[list(spec.CORNERS[pyr]).index(i)]
            pic.text_centered(cx, y + 24, f"entrance {corner}", 9, bg)
    elif not s["up"][i]:
        bg = DOWN_RGB
        pic.rect(x, y, CELL, CELL, bg, INK)
        pic.text_centered(cx, cy - 4, "?", 18, bg)
    else:
        bg = CURSE_RGB if i == s["curse"] else UP_RGB
        pic.rect(x, y, CELL, CELL, bg, INK)
        t = int(s["tile"][i])
        op = int(spec.SHAPE_OPEN[spec.TILE_SHAPE[t], s["rot"][i]])
        for d in range(4):
            if (op >> d) & 1:
                pic.line([(cx, cy), (cx + spec.DC[d] * CELL / 2, cy + spec.DR[d] * CELL / 2)], PATH_RGB, 8)
        b = badge(int(spec.TILE_SYMBOL[t]))
        if b:
            pic.text_centered(cx, cy - 6, b[0], 10, b[1])
        if i == s["curse"]:
            pic.text(x + CELL - 34, y + 3, "curse", 9, bg)
    pic.text(x + 3, y + 2, CELL_NAMES[i], 9, bg)
    figs = [(p, k) for p in range(int(s["num_players"])) for k in range(spec.FIGURES) if s["fig"][p, k] == i]
    for j, (p, k) in enumerate(figs[:16]):
        fx, fy = x + 11 + (j % 4) * 17, y + CELL - 11 - (j // 4) * 17
        draw_figure(pic, fx, fy, 8, p, k)
        if p == s["current_player"] and k == s["mover"]:
            pic.circle(fx, fy, 10, None, MOVER_RGB, 2)
    for key, colour in (("prev", (90, 90, 90)), ("target", MOVER_RGB)):
        if s[key] == i:
            pic.rect(x + 2, y + 2, CELL - 4, CELL - 4, None, colour, 3)


def draw(state, seat=None):
    s = one_state(state)
    pyr = int(s["pyramid"])
    g = spec.GRID[pyr]
    n = int(s["num_players"])
    board_w = g * CELL
    panel_x = X0 + board_w + 36
    width = panel_x + 440
    pic = Picture(width, 660 + 95 * n, title="Farao")
    over = bool(s["terminated"])
    p = int(s["current_player"])
    ph = spec.PHASE_NAMES[s["phase"]]
    head = ("Farao - game over" if over else
            f"Farao - {spec.SEAT_NAMES[p]} to move - die {int(s['die'])}, {int(s['steps_left'])} steps left"
            f" - phase: {ph} ({PHASE_HELP[ph]})")
    pic.text(12, 10, head, 18, PAPER)
    pic.text(12, 36, f"{spec.PYRAMID_NAMES[pyr]} pyramid, {n} players; face-down tiles are hidden from "
             f"everyone, so every seat sees this picture", 13, PAPER)
    for k in range(g):
        letter = chr(ord("a") + k)
        pic.text_centered(X0 + (k + 0.5) * CELL, Y0 - 12, letter, 14, PAPER)
        pic.text_centered(X0 + (k + 0.5) * CELL, Y0 + g * CELL + 12, letter, 14, PAPER)
        pic.text_centered(X0 - 18, Y0 + (k + 0.5) * CELL, str(k + 1), 14, PAPER)
        pic.text_centered(X0 + board_w + 18, Y0 + (k + 0.5) * CELL, str(k + 1), 14, PAPER)
    for r in range(g):
        for c in range(g):
            _cell(pic, s, r * spec.MAX_GRID + c, X0 + c * CELL, Y0 + r * CELL)

    f = Flow(pic, panel_x, Y0, width - panel_x - 12, size=12, gap=2)
    f.line(f"burial chamber: {'open' if s['chamber_open'] else 'closed'}; it opens for a player with "
           f"{int(s['need'])} inscriptions", 13)
    f.space(4)
    for q in range(n):
        status = (f"entered the chamber {int(s['place'][q])}." if s["place"][q] else
                  "to move" if q == p and not over else "")
        f.swatch(SEAT_RGB[q], f"{q} {spec.SEAT_NAMES[q]}" + (f" ({status})" if status else ""), size=14)
        insc = [spec.COLOUR_NAMES[c] for c in range(spec.NUM_COLOURS) if s["insc"][q, c]]
        f.line(f"inscriptions {len(insc)}/{int(s['need'])}: {', '.join(insc) or 'none'}", indent=8)
        items = [spec.ITEM_NAMES[k] for k in range(spec.NUM_ITEMS) if s["items"][q, k]]
        f.line(f"items: {', '.join(items) or 'none'}", indent=8)
        where = [f"{k + 1} " + ("waiting" if s["fig"][q, k] < 0 else f"on {CELL_NAMES[s['fig'][q, k]]}")
                 for k in range(spec.FIGURES)]
        f.line("figures: " + ", ".join(where), indent=8)
    f.space(6)
    n_items = spec.ITEMS_IN_GAME[pyr]
    f.line("supply: " + ", ".join(f"{spec.ITEM_NAMES[k]} {int(s['supply'][k])}"
                                  + ("" if s["discovered"][k] else " (not found yet)") for k in range(n_items)))
    f.line("inscription tokens left: " + ", ".join(
        f"{spec.COLOUR_NAMES[c]} {int(s['insc_supply'][c])}" for c in range(spec.COLOURS_IN_GAME[pyr])))
    coffer = [f"{spec.ITEM_NAMES[k]} {int(s['coffer'][k])}" for k in range(spec.NUM_ITEMS) if s["coffer"][k]]
    f.line(f"coffer: {', '.join(coffer) or ('empty' if s['coffer_filled'] else 'not filled yet')}")
    if s["num_victims"] > s["victim_idx"]:
        f.line("still to rob: " + ", ".join(spec.SEAT_NAMES[v] for v in s["victims"][s["victim_idx"]: s["num_victims"]]))
    if over:
        order = sorted((int(s["place"][q]) or 99, q) for q in range(n))
        f.line("final order: " + ", ".join(f"{pl}. {spec.SEAT_NAMES[q]}" if pl != 99 else f"- {spec.SEAT_NAMES[q]}"
                                           for pl, q in order), 14)
    f.space(10)
    f.line("Legend", 15)
    f.swatch(DOWN_RGB, "? face-down tile (nobody knows it)")
    f.swatch(UP_RGB, "face-up tile; brown bars are its openings")
    f.swatch(RING_RGB, "outside wall (walkable, open to every side)")
    f.swatch(CORNER_RGB, "entrance: 'enter NW|NE|SW|SE'")
    f.swatch(CURSE_RGB, "tile with the curse")
    f.swatch(None, "circle: a figure in its seat's colour, number = 'figure 1-3'; blue ring: the moving figure",
             draw=lambda pic, x, y, r: draw_figure(pic, x, y, r, 0, 0))
    f.swatch(None, "blue frame: tile being turned; grey frame: the field just left",
             draw=lambda pic, x, y, r: pic.rect(x - r, y - r, 2 * r, 2 * r, None, MOVER_RGB, 3))
    f.swatch(COLOUR_RGB[0], "colour word: an inscription of that colour")
    f.swatch(ITEM_RGB, "item: " + ", ".join(f"{a} = {b}" for a, b in zip(ITEM_SHORT, spec.ITEM_NAMES) if a != b))
    f.swatch(OBSTACLE_RGB, "obstacle (protecting item): " + ", ".join(
        f"{OBSTACLE_SHORT[o]} {EFFECT_WORDS[spec.OBSTACLE_EFFECT[o]]} ({spec.ITEM_NAMES[spec.OBSTACLE_ITEM[o]]})"
        for o in range(spec.NUM_OBSTACLES) if o < 6 or pyr == spec.BIG))
    f.swatch(SPECIAL_RGB, "map, secret tunnel, dark shrine, coffer")
    return pic


def action_places(state, actions, seat=None):
    """{action: (x, y)}: the field each of `actions` acts on (a figure chosen, an entrance,
    the field a step, bottle or key goes to, the tile being turned, a field picked); the
    tunnel, food, items and 'pass' have no place on the board."""
    s = one_state(state)
    pyr, p = int(s["pyramid"]), int(s["current_player"])
    here = int(s["fig"][p, s["mover"]]) if s["mover"] >= 0 else -1

    def beside(d):
        return int(spec.NEIGHBOR[pyr, here, d]) if here >= 0 else -1

    places = {}
    for a in map(int, actions):
        c = -1
        if a < spec.A_ENTER:
            c = int(s["fig"][p, a - spec.A_FIGURE])
        elif a < spec.A_DIR:
            c = int(spec.CORNERS[pyr, a - spec.A_ENTER])
        elif a < spec.A_TUNNEL:
            c = beside(a - spec.A_DIR)
        elif spec.A_BOTTLE <= a < spec.A_KEY:
            c = beside(a - spec.A_BOTTLE)
        elif spec.A_KEY <= a < spec.A_FOOD:
            t = (a - spec.A_KEY) // 4
            c = here if t == 0 else beside(t - 1)
        elif spec.A_ROT <= a < spec.A_CELL:
            c = int(s["target"])
        elif spec.A_CELL <= a < spec.A_ITEM:
            c = a - spec.A_CELL
        if c >= 0:
            r, q = divmod(c, spec.MAX_GRID)
            places[a] = (X0 + (q + 0.5) * CELL, Y0 + (r + 0.5) * CELL)
    return places


def render_svg(state, seat=None):
    """The picture as a self-contained SVG document; with a seat, only what it may see."""
    return draw(state, seat).to_svg()


def render_rgb(state, seat=None):
    """The same picture as uint8[H, W, 3]."""
    return draw(state, seat).to_rgb()
