"""Kheops picture: the triangular pyramid with every cell named as the actions name it,
the hands, supplies and running scores, and a legend; drawn as SVG or RGB (core/picture)."""
from ..core.jsonview import one_state
from ..core.picture import INK, PAPER, Flow, Picture
from . import spec
from .codec import CELL_NAMES, tile_name
from .scoring import tally

SIDE = 110                     # pixels per triangle side
H = SIDE * 3 ** 0.5 / 2
X0, Y0 = 44, 64                # board origin (row labels to the left)
PANEL_X = X0 + spec.ROWS * SIDE + 24
WIDTH = PANEL_X + 400

ROOM_RGB, CORRIDOR_RGB, EMPTY_RGB = (236, 214, 166), (184, 196, 210), (112, 102, 88)
PATH_RGB = (120, 72, 30)
SEAT_RGB = ((255, 255, 255), (196, 36, 36))
LAST_RGB, SELECTED_RGB = (20, 90, 220), (200, 0, 160)
PAWN_LETTERS = "WPMF"  # worker, priest, mummy, pharaoh
# symbol badge: label, colour (plain tiles have none)
SYMBOL_BADGE = {
    spec.SARC_ORANGE: ("Sarc", (245, 160, 60)), spec.SARC_GREEN: ("Sarc", (110, 190, 100)),
    spec.SARC_PURPLE: ("Sarc", (190, 140, 230)), spec.ANKH: ("Ankh", (250, 220, 90)),
    spec.DOUBLER: ("x2", (150, 210, 250)), spec.CLOSED: ("Closed", (60, 60, 60)),
    spec.CURSE: ("Curse", (20, 20, 20)), spec.PIVOT_CORRIDOR: ("Piv-C", (255, 255, 255)),
    spec.PIVOT_ROOM: ("Piv-R", (255, 255, 255)), spec.SWAP: ("Swap", (255, 255, 255)),
    spec.MOVE: ("Move", (255, 255, 255)),
}
PHASE_HELP = {
    "pawn": "place a pawn on a tile", "pivot-corridor": "turn a corridor (pivot)",
    "pivot-room": "turn a room (pivot)", "swap-own": "pick an own pawn to swap",
    "swap-opponent": "pick the opponent's pawn to swap with", "move-pawn": "pick a pawn to move",
    "move-destination": "pick where it goes", "tile": "lay a tile from the hand", "over": "game over",
}


def corners(c):
    """Triangle corners of cell c and its three edges in slot order (spec: clockwise)."""
    r, col = int(spec.CELL_ROW[c]), int(spec.CELL_COL[c])
    x = X0 + (spec.ROWS - 1 - r) * SIDE / 2 + (col // 2) * SIDE
    y = Y0 + r * H
    if col % 2 == 0:  # up: apex, bottom-right, bottom-left; slots left, right, bottom
        pts = [(x + SIDE / 2, y), (x + SIDE, y + H), (x, y + H)]
        return pts, ((2, 0), (0, 1), (1, 2))
    pts = [(x + SIDE / 2, y), (x + 1.5 * SIDE, y), (x + SIDE, y + H)]  # down: top, right, left
    return pts, ((0, 1), (1, 2), (2, 0))


def draw_pawn(pic, cx, cy, r, owner, kind):
    pic.circle(cx, cy, r, SEAT_RGB[owner], INK, 2)
    pic.text_centered(cx, cy, PAWN_LETTERS[kind], max(9, int(r * 1.2)), SEAT_RGB[owner], box=False)


def _cell(pic, s, c):
    pts, edges = corners(c)
    t = int(s["cell_tile"][c])
    up = spec.CELL_COL[c] % 2 == 0
    fill = EMPTY_RGB if t < 0 else (ROOM_RGB if spec.TILE_KIND[t] == spec.ROOM else CORRIDOR_RGB)
    pic.polygon(pts, fill, INK, 1)
    cx = sum(p[0] for p in pts) / 3
    top = pts[0][1]
    name_y = top + H - 17 if up else top + 3
    if t >= 0:
        cy = sum(p[1] for p in pts) / 3
        op = spec.TILE_OPEN[t, s["cell_rot"][c]]
        for k, (i, j) in enumerate(edges):
            if (op >> k) & 1:
                pic.line([(cx, cy), ((pts[i][0] + pts[j][0]) / 2, (pts[i][1] + pts[j][1]) / 2)],
                         PATH_RGB, 9)
        if spec.TILE_KIND[t] == spec.ROOM:
            pic.circle(cx, cy, 9, PATH_RGB)
        badge = SYMBOL_BADGE.get(int(spec.TILE_SYMBOL[t]))
        if badge:
            pic.text_centered(cx, top + (0.42 * H if up else 0.30 * H), badge[0], 11, badge[1])
        if s["pawn_owner"][c] >= 0:
            draw_pawn(pic, cx, top + (0.63 * H if up else 0.55 * H), 10,
                      int(s["pawn_owner"][c]), int(s["pawn_kind"][c]))
    pic.text_centered(cx, name_y + 7, CELL_NAMES[c], 10, fill)
    for key, colour in (("last_placed", LAST_RGB), ("selected", SELECTED_RGB)):
        if s[key] == c:
            pic.polygon(pts, None, colour, 4)


def draw(state, seat=None):
    s = one_state(state)
    pic = Picture(WIDTH, 960, title="Kheops")
    over = bool(s["terminated"])
    p = int(s["current_player"])
    head = ("Kheops - game over" if over else
            f"Kheops - {spec.SEAT_NAMES[p]} to move - phase: {spec.PHASE_NAMES[s['phase']]} "
            f"({PHASE_HELP[spec.PHASE_NAMES[s['phase']]]})")
    pic.text(12, 10, head, 18, PAPER)
    view = ("view: everything (both hands shown)" if seat is None else
            f"view of {spec.SEAT_NAMES[seat]} ({spec.SEAT_NAMES[1 - seat]}'s hand face down)")
    pic.text(12, 36, view, 13, PAPER)
    for r in range(spec.ROWS):
        pic.text_centered(X0 + (spec.ROWS - 1 - r) * SIDE / 2 - 16, Y0 + (r + 0.5) * H, f"row {r + 1}", 12, PAPER)
    for c in range(spec.NUM_CELLS):
        _cell(pic, s, c)
    board_bottom = Y0 + spec.ROWS * H
    pic.text(X0, board_bottom + 8, "Cells are named row number + letter, counted from the left of "
             "each row: 1a is the apex, 7a to 7m the bottom row.", 12, PAPER)

    _, _, _, scores = tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])
    f = Flow(pic, PANEL_X, Y0, WIDTH - PANEL_X - 12)
    for q in range(2):
        f.swatch(SEAT_RGB[q], f"{spec.SEAT_NAMES[q]}" + (" (to move)" if q == p and not over else "")
                 + f": {int(s['scores'][q]) if over else scores[q]} points"
                 + ("" if over else " if scored now"), size=15)
        supply = ", ".join(f"{spec.PAWN_NAMES[k]} {int(s['supply'][q, k])}"
                           for k in range(spec.NUM_PAWN_KINDS) if spec.PAWN_COUNTS[q, k])
        f.line(f"pawns left: {supply}", indent=8)
        f.line(f"workers lost to the mummy: {int(s['removed'][q])}", indent=8)
        hand = [int(t) for t in s["hand"][q]]
        if seat is not None and q != seat:
            f.line(f"hand: {sum(t >= 0 for t in hand)} tiles, face down", indent=8)
        else:
            f.line("hand:", indent=8)
            for j, t in enumerate(hand):
                f.line(f"tile {j + 1}: " + ("-" if t < 0 else tile_name(t)), indent=20)
        f.space(6)
    f.line(f"pile: {int(s['pile_size'])} tiles face down")
    if over:
        f.line(score_line(s), size=15)
    f.space(10)
    f.line("Legend", size=15)
    f.swatch(ROOM_RGB, "room tile (brown dot in the middle)")
    f.swatch(CORRIDOR_RGB, "corridor tile")
    f.swatch(EMPTY_RGB, "empty cell")
    f.swatch(PATH_RGB, "brown bar: an opening on that edge")
    for q in range(2):
        f.swatch(None, f"{spec.SEAT_NAMES[q]} pawn: W worker, P priest, M mummy"
                 + (", F pharaoh" if q == 0 else ""),
                 draw=lambda pic, x, y, r, q=q: draw_pawn(pic, x, y, r, q, 0))
    f.swatch(None, "blue edge: the pawn just placed; pink edge: the pawn selected",
             draw=lambda pic, x, y, r: pic.polygon([(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)],
                                                   None, LAST_RGB, 3))
    for sym, (label, colour) in SYMBOL_BADGE.items():
        f.swatch(colour, f"{label}: {spec.SYMBOL_NAMES[sym].replace('-', ' ')}")
    return pic


def score_line(s):
    w = s["scores"]
    if w[0] == w[1]:
        return f"final: draw, {int(w[0])} - {int(w[1])}"
    win = int(w[1] > w[0])
    return f"final: {spec.SEAT_NAMES[win]} wins {int(w[win])} - {int(w[1 - win])}"


def action_places(state, actions, seat=None):
    """{action: (x, y)}: the cell each of `actions` acts on, at its centre in the picture
    (every Kheops action names a cell: a pawn, a pivot, a selection or a tile laid there)."""
    places = {}
    for a in map(int, actions):
        if a < spec.A_PIVOT:
            c = (a - spec.A_PAWN) % spec.NUM_CELLS
        elif a < spec.A_SELECT:
            c = (a - spec.A_PIVOT) // 3
        elif a < spec.A_TILE:
            c = a - spec.A_SELECT
        else:
            c = (a - spec.A_TILE) % (spec.NUM_CELLS * 3) // 3
        pts, _ = corners(c)
        places[a] = (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)
    return places


def render_svg(state, seat=None):
    """The picture as a self-contained SVG document; with a seat, only what it may see."""
    return draw(state, seat).to_svg()


def render_rgb(state, seat=None):
    """The same picture as uint8[H, W, 3]."""
    return draw(state, seat).to_rgb()
