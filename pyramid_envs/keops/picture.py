"""Keops picture: the city with edge letters and numbers as the actions name squares, the
pyramid level with its spaces numbered as 'pyramid <material> <space>' names them, the
plantation and pantheon, the pier, market, borders and supply in words, and one block
per Vizier; drawn as SVG or RGB (core/picture).

Everything on the Keops table is public except the decree hands, the barge reserve's
order and the dice: with a seat, only its own decree hand is shown face up."""
from ..core.jsonview import one_state
from ..core.picture import INK, PAPER, Flow, Picture
from . import spec
from . import spec_advanced as adv
from .actions import PEN_CROP_BASE, block_of
from .codec import BUILDINGS, CELL_NAMES, GODS, MATERIALS, SERVANTS, TEMPLE_SLOT_NAMES
from .render import TIE_NAMES, tiebreaks
from .state import CITY_DWELLING, NEUTRAL, SLOT_MARKER

CELL = 58
X0, Y0 = 40, 112
SECTION_GAP = 10
CITY_W = spec.CITY_COLS * CELL + SECTION_GAP
PYR_CELL = 52
PYR_X = X0 + CITY_W + 40
RIGHT_X = PYR_X
WIDTH = 1440
HEIGHT = 1560  # room for 4 Viziers with families and decrees: one frame size for every game
ABBR = ("Br", "Je", "Sa", "Sc", "Co", "Tx", "RA", "Bz", "FP", "Ca", "Mo")
SEAT_RGB = ((255, 255, 255), (40, 40, 40), (60, 110, 235), (210, 80, 210))
BUILDING_RGB = ((240, 205, 90), (130, 200, 120), (230, 120, 110))  # yellow, green, red
MATERIAL_RGB = ((236, 232, 214), (184, 130, 74), (150, 150, 162))  # limestone, wood, granite
EMPTY_RGB, PENALIZED_RGB, DWELLING_RGB = (200, 186, 158), (160, 140, 120), (176, 170, 160)


def seat_name(s, p):
    p = int(p)
    return "High Priest of Ra" if p == int(s["ra_seat"]) else spec.SEAT_NAMES[p]


def occupant(s, o):
    o = int(o)
    if o < 0:
        return "free"
    return f"{seat_name(s, o)}'s servant" if o < 4 else f"independent servant of {seat_name(s, o - 4)}"


def draw_seat_token(pic, cx, cy, r, p, ra_seat=-1):
    pic.circle(cx, cy, r, SEAT_RGB[p], INK if p != 1 else (160, 160, 160), 2)
    pic.text_centered(cx, cy, "R" if p == ra_seat else str(p + 1), int(r * 1.2), SEAT_RGB[p], box=False)


def _city_xy(i):
    r, c = divmod(i, spec.CITY_COLS)
    return (X0 + c * CELL + (SECTION_GAP if c >= spec.SECTION_COLS else 0),
            Y0 + r * CELL + (SECTION_GAP if r >= spec.SECTION_ROWS else 0))


def _city(pic, s):
    for c in range(spec.CITY_COLS):
        x, _ = _city_xy(c)
        pic.text_centered(x + CELL / 2, Y0 - 12, "abcdefgh"[c], 14, PAPER)
    for r in range(spec.CITY_ROWS):
        _, y = _city_xy(r * spec.CITY_COLS)
        pic.text_centered(X0 - 16, y + CELL / 2, str(r + 1), 14, PAPER)
    for i in range(spec.NUM_CITY_CELLS):
        x, y = _city_xy(i)
        k, o = int(s["city_kind"][i]), int(s["city_owner"][i])
        if k == CITY_DWELLING:
            bg = DWELLING_RGB
        elif k >= 0:
            bg = BUILDING_RGB[spec.BUILDING_COLOR[k]]
        else:
            bg = PENALIZED_RGB if spec.CITY_PENALIZED[i] else EMPTY_RGB
        pic.rect(x, y, CELL, CELL, bg, INK if k < 0 else (150, 140, 120))  # tile edges: _tile_edges
        pic.text(x + 3, y + 2, CELL_NAMES[i], 9, bg)
        if k == CITY_DWELLING:
            pic.text_centered(x + CELL / 2, y + 22, "dwelling", 9, bg)
            if o != NEUTRAL:
                draw_seat_token(pic, x + CELL / 2, y + 42, 9, o, int(s["ra_seat"]))
            else:
                pic.text_centered(x + CELL / 2, y + 40, "neutral", 9, bg)
        elif k >= 0:
            if s["city_root"][i] == i:
                pic.text_centered(x + CELL / 2, y + 24, ABBR[k], 14, bg)
            draw_seat_token(pic, x + CELL - 13, y + CELL - 13, 8, o, int(s["ra_seat"]))
        elif spec.CITY_PENALIZED[i]:
            pic.text_centered(x + CELL / 2, y + CELL / 2 + 4, "penalized", 9, bg)
    _tile_edges(pic, s)


def _tile_edges(pic, s):
    """A thick line wherever one tile ends, so adjacent buildings read apart."""
    for i in range(spec.NUM_CITY_CELLS):
        root = int(s["city_root"][i])
        if root < 0:
            continue
        r, c = divmod(i, spec.CITY_COLS)
        x, y = _city_xy(i)
        for dr, dc, pts in ((-1, 0, [(x, y), (x + CELL, y)]), (1, 0, [(x, y + CELL), (x + CELL, y + CELL)]),
                            (0, -1, [(x, y), (x, y + CELL)]), (0, 1, [(x + CELL, y), (x + CELL, y + CELL)])):
            rr, cc = r + dr, c + dc
            inside = 0 <= rr < spec.CITY_ROWS and 0 <= cc < spec.CITY_COLS
            if not inside or int(s["city_root"][rr * spec.CITY_COLS + cc]) != root:
                pic.line(pts, INK, 4)


def _pyramid(pic, s, n_board):
    lv, pc = int(s["level"]), n_board - 2
    npyr = int(spec.PYR_NUM_SPACES[lv, pc])
    pic.text(PYR_X, Y0 - 30, f"Pyramid, level {lv + 1} of {spec.NUM_LEVELS}: "
             f"{int((s['pyr_fill'][:npyr] >= 0).sum())} of {npyr} spaces filled", 14, PAPER)
    base = Y0 + spec.PYR_MAX_ROWS * PYR_CELL
    for k in range(npyr):
        r, c = int(spec.PYR_SPACE_ROW[lv, pc, k]), int(spec.PYR_SPACE_COL[lv, pc, k])
        x, y = PYR_X + c * PYR_CELL, base - (r + 1) * PYR_CELL
        m = int(s["pyr_fill"][k])
        any_ = bool(spec.PYR_SPACE_ANY[lv, pc, k])
        want = "any" if any_ else MATERIALS[spec.PYR_SPACE_MATERIAL[lv, pc, k]]
        if m >= 0:
            bg = MATERIAL_RGB[m]
            pic.rect(x, y, PYR_CELL, PYR_CELL, bg, INK, 2)
            pic.text_centered(x + PYR_CELL / 2, y + 34, MATERIALS[m], 9, bg)
        else:
            bg = PAPER
            pic.rect(x, y, PYR_CELL, PYR_CELL, bg, INK, 1)
            if not any_:  # a strip of the wanted material
                pic.rect(x + 6, y + PYR_CELL - 10, PYR_CELL - 12, 6,
                         MATERIAL_RGB[spec.PYR_SPACE_MATERIAL[lv, pc, k]], INK, 1)
            pic.text_centered(x + PYR_CELL / 2, y + 34, f"({want})", 9, bg)
        pic.text_centered(x + PYR_CELL / 2, y + 14, f"{k}", 12, bg)
    return base


def draw(state, seat=None):
    s = one_state(state)
    n = int(s["num_players"])
    pic = Picture(WIDTH, HEIGHT, title="Keops")
    over = bool(s["terminated"])
    cur = int(s["current_player"])
    winners = ", ".join(seat_name(s, p) for p in range(n) if s["ranks"][p] == 0)
    head = (f"Keops - game over - first: {winners}" if over else
            f"Keops - level {int(s['level']) + 1}, turn of {seat_name(s, s['turn_player'])} - "
            f"{seat_name(s, cur)} decides: {spec.PHASES[s['phase']]}"
            + (" (for the High Priest, Voice of Ra)" if s["ra_voice"] else ""))
    pic.text(12, 10, head, 18, PAPER)
    pic.text(12, 36, "view: everything public; decree hands as counts" if seat is None else
             f"view of {seat_name(s, seat)}: own decree hand face up, the others' as counts", 13, PAPER)
    pic.text(X0, Y0 - 44, "City (a tile: thick outline, short name on its first square, circle = patron)",
             14, PAPER)
    _city(pic, s)
    pyr_bottom = _pyramid(pic, s, n)

    # left column under the city: buildings with rooms, plantation, pantheon
    city_bottom = _city_xy(spec.NUM_CITY_CELLS - 1)[1] + CELL
    f = Flow(pic, X0 - 20, city_bottom + 14, CITY_W + 20, size=12, gap=1)
    for i in range(spec.NUM_CITY_CELLS):
        k = int(s["city_kind"][i])
        if 0 <= k < spec.NUM_CITY_KINDS and s["city_root"][i] == i:
            rooms = ", ".join(f"{j + 1} {occupant(s, o)}" for j, o in enumerate(s["city_room"][i, :spec.BUILDING_ROOMS[k]]))
            f.line(f"{ABBR[k]} {BUILDINGS[k]} at {CELL_NAMES[i]}, patron {seat_name(s, s['city_owner'][i])}: "
                   f"rooms {rooms}")
    f.space(6)
    f.line("Plantation ('plantation <space> <crop>', spaces 6-7 in the Akhet zone):", 13)
    for sp in range(spec.NUM_PLANTATION_SPACES):
        k = int(s["plant_kind"][sp])
        if k >= 0:
            rooms = ", ".join(f"{j + 1} {occupant(s, o)}" for j, o in enumerate(s["plant_room"][sp]))
            f.line(f"space {sp}: {BUILDINGS[k]}, patron {seat_name(s, s['plant_owner'][sp])}, rooms {rooms}", indent=10)
    if (s["plant_kind"] < 0).all():
        f.line("no crop yet", indent=10)
    f.space(6)
    f.line("Pantheon ('temple 0-3 | ra'):", 13)
    for t in range(spec.PANTHEON_SPACES):
        if s["temple_god"][t] >= 0:
            offers = ", ".join(f"{seat_name(s, p)} {int(s['offerings'][t, p])}" for p in range(n) if s["offerings"][t, p])
            f.line(f"temple {TEMPLE_SLOT_NAMES[t]}: {GODS[s['temple_god'][t]]}, patron "
                   f"{seat_name(s, s['temple_owner'][t])}, priest {occupant(s, s['temple_occ'][t])}; "
                   f"offerings: {offers or 'none'}", indent=10)
    ra = ", ".join(f"{seat_name(s, p)} {int(s['offerings'][spec.TEMPLE_RA, p])}" for p in range(n)
                   if s["offerings"][spec.TEMPLE_RA, p])
    f.line(f"Temple of Ra offerings: {ra or 'none'}", indent=10)
    left_bottom = f.y

    # right column under the pyramid: market, pier, borders, spaces, supply, options
    g = Flow(pic, RIGHT_X, pyr_bottom + 14, WIDTH - RIGHT_X - 12, size=12, gap=1)
    g.line("Market prices: " + ", ".join(f"{name} {int(spec.MARKET_PRICE[k, s['market'][k]])}"
                                        for k, name in enumerate(spec.GOOD_NAMES)))
    docks = []
    for d in range(spec.NUM_DOCKS):
        b = int(s["dock_barge"][d])
        what = f"barge {b} ({spec.BARGE_KIND_NAMES[spec.BARGE_KIND[b]]})" if b >= 0 else "empty"
        if s["dock_occ"][d] >= 0:
            what += f", {occupant(s, s['dock_occ'][d])}"
        docks.append(f"dock {d} costs {int(spec.DOCK_COST[d])}: {what}")
    g.line("Pier: " + "; ".join(docks))
    g.line("Moorings: " + "; ".join(f"{spec.MOORING_NAMES[k]}: {'barge ' + str(int(b)) if b >= 0 else 'free'}"
                                    for k, b in enumerate(s["mooring_barge"])), indent=10)
    g.line(f"barge reserve {int(s['barge_reserve_n'])} face down, discard {int(s['barge_discard_n'])}; "
           "pier storehouse: " + ", ".join(f"{name} {int(s['pier_store'][k])}"
                                           for k, name in enumerate(spec.GOOD_NAMES[:3])), indent=10)
    for b in range(spec.NUM_BORDERS):
        card, tok = int(s["border_card"][b]), int(s["border_token"][b])
        pen = spec.PENALTY_NAMES[spec.PENALTY_TOKEN_KIND[tok]] if tok >= 0 else "none"
        medjay = ", ".join(f"{seat_name(s, p)} {int(s['medjay'][p, b])}" for p in range(n) if s["medjay"][p, b])
        g.line(f"Border {b}: defense {int(spec.BORDER_DEFENSE[card])}, minimum {int(spec.BORDER_MINIMUM[card])}, "
               f"penalty {pen}; Medjay: {medjay or 'none'}")
    g.line("Reinforce-borders spaces: " + ", ".join(f"{t} {occupant(s, s['border_space_occ'][k])}"
                                                    for k, t in enumerate(SERVANTS)))
    g.line("Quarry spaces: " + ", ".join(f"{t} {occupant(s, s['quarry_space_occ'][k])}" for k, t in enumerate(SERVANTS)))
    g.line("Quarry: " + ", ".join(f"{m} {int(s['quarry'][k])}" for k, m in enumerate(MATERIALS))
           + f"; happiness {int(s['happiness'])}; royal mandates {int(s['mandate_supply'])}; favors in reserve "
           f"{int(s['major_supply'])} major, {int(s['minor_supply'])} minor; independent servants "
           + ", ".join(f"{t} {int(s['indep_pool'][k])}" for k, t in enumerate(SERVANTS)))
    _advanced(g, s, n, seat)
    top = max(left_bottom, g.y) + 10

    # one block per Vizier, two columns
    col_w = (WIDTH - 40) // 2
    ys = [top, top]
    for p in range(n):
        col = p % 2
        h = Flow(pic, 20 + col * (col_w + 10), ys[col], col_w - 10, size=12, gap=1)
        _seat_block(h, s, p, over, cur)
        ys[col] = h.y + 8
    leg = Flow(pic, 20, max(ys) + 4, WIDTH - 40, size=12, gap=1)
    _legend(leg)
    return pic


def _seat_block(f, s, p, over, cur):
    score = int(s["major_favors"][p]) + int(s["minor_favors"][p]) // spec.MINORS_PER_MAJOR
    tags = ["to decide"] if p == cur and not over else []
    if s["ranks"][p] >= 0:
        tags.append(f"rank {int(s['ranks'][p]) + 1}")
    f.swatch(None, f"{seat_name(s, p)}: {score} points ({int(s['major_favors'][p])} major + "
             f"{int(s['minor_favors'][p])} minor favors)" + (f" - {', '.join(tags)}" if tags else ""),
             size=14, draw=lambda pic, x, y, r: draw_seat_token(pic, x, y, r, p, int(s["ra_seat"])))
    f.line(f"prestige {int(s['prestige'][p])}, construction {int(s['construction'][p])}, population "
           f"{int(s['population'][p])}, debens {int(s['debens'][p])}, royal mandates {int(s['mandates'][p])}, "
           f"offerings in reserve {int(s['offer_reserve'][p])}", indent=10)
    f.line("goods: " + ", ".join(f"{g} {int(s['goods'][p, k])}" for k, g in enumerate(spec.GOOD_NAMES))
           + "; materials: " + ", ".join(f"{m} {int(s['materials'][p, k])}" for k, m in enumerate(MATERIALS)), indent=10)
    places = [(w, f) for w, f in (("home", "serv_home"), ("on the board", "serv_board"), ("spent", "serv_spent"),
                                  ("in tumult", "serv_tumult"), ("in transit", "serv_transit"),
                                  ("locked", "serv_locked"), ("independent held", "indep_held"))
              if s[f][p].any()]
    f.line("servants (artisan/scribe/priest): " + "; ".join(
        f"{w} " + "/".join(str(int(v)) for v in s[fld][p]) for w, fld in places), indent=10)
    markers = ", ".join(f"{c} {int((s['col_slot'][p, k] == SLOT_MARKER).sum())}" for k, c in enumerate(spec.COLOR_NAMES))
    dwell = ", ".join(f"{r} {int(s['dwell_taken'][p, k])}" for k, r in enumerate(spec.DWELLING_ROW_NAMES))
    f.line(f"building markers left: {markers}; dwellings taken: {dwell}", indent=10)
    if over:
        tb1, tb2 = tiebreaks(s, p)
        f.line(f"tie-breaks: goods+debens {tb1}, servants+markers {tb2}", indent=10)


def _advanced(g, s, n, seat):
    if s["opt_families"]:
        g.line("Families: " + "; ".join(
            f"{seat_name(s, p)} {adv.FAMILY_NAMES[s['fam_card'][p]]} "
            + (f"side {adv.FACE_NAMES[s['fam_face'][p]].upper()}" if s["fam_face"][p] >= 0 else "(side to choose)")
            for p in range(n) if s["fam_card"][p] >= 0))
    if s["opt_decrees"]:
        loc = s["dec_loc"]
        played = [f"{adv.DECREE_NAMES[c]} (by {seat_name(s, int(loc[c]) - 4)}, markers of "
                  f"{', '.join(seat_name(s, p) for p in range(n) if s['dec_marker'][c, p]) or 'nobody'})"
                  for c in range(adv.NUM_DECREES) if 4 <= loc[c] < adv.DEC_DECK]
        g.line("Decrees in play: " + ("; ".join(played) or "none")
               + f"; deck {int(s['dec_deck_n'])} cards; decree markers left: "
               + ", ".join(f"{seat_name(s, p)} {int(s['dec_markers_left'][p])}" for p in range(n)))
        hands = []
        for p in range(n):
            cards = [adv.DECREE_NAMES[c] for c in range(adv.NUM_DECREES) if loc[c] == p]
            shown = seat is not None and int(seat) == p
            hands.append(f"{seat_name(s, p)} " + (f"[{', '.join(cards) or 'none'}]" if shown
                                                  else f"{len(cards)} cards face down"))
        g.line("Decree hands: " + "; ".join(hands))
    if s["ra_seat"] >= 0:
        card = f", card {int(s['ra_card']) + 1} in play" if s["ra_card"] >= 0 else ""
        top = spec.COLOR_NAMES[s["ra_top_color"]] if s["ra_top_color"] >= 0 else "none"
        g.line(f"High Priest of Ra, level {int(s['ra_level'])}: Royal Scarab with {seat_name(s, s['scarab'])}; "
               f"deck {int(s['ra_deck_n'])} cards (top {top}); discard "
               f"{', '.join(str(int(c) + 1) for c in s['ra_discard'][:s['ra_discard_n']]) or 'none'}{card}"
               + "".join(f"; wins ties of {what}" for i, what in enumerate(TIE_NAMES) if (s["ra_ties"] >> i) & 1))


def _legend(f):
    f.line("Legend", 15)
    f.line("City buildings: " + ", ".join(f"{a} {b}" for a, b in zip(ABBR, BUILDINGS)), 12)
    for k, c in enumerate(spec.COLOR_NAMES):
        f.swatch(BUILDING_RGB[k], f"{c} building")
    f.swatch(DWELLING_RGB, "dwelling (circle: its seat)")
    f.swatch(EMPTY_RGB, "empty square")
    f.swatch(PENALIZED_RGB, "penalized empty square")
    for k, m in enumerate(MATERIALS):
        f.swatch(MATERIAL_RGB[k], f"pyramid space filled with {m}")
    f.line("An empty pyramid space names the material it wants in brackets (with a strip of its colour; "
           "'(any)': any material); its number names it in 'pyramid <material> <space>'.")
    f.line("Circles are seats: 1-4 the Viziers, R the High Priest of Ra.")


def action_places(state, actions, seat=None):
    """{action: (x, y)}: the city square a tile is placed on (its first square), a room
    or a lost building is in, and the pyramid space a block goes on; the other actions
    act on the tracks, panels and cards listed in words."""
    s = one_state(state)
    lv, pc = int(s["level"]), int(s["num_players"]) - 2
    base = Y0 + spec.PYR_MAX_ROWS * PYR_CELL
    places = {}
    for a in map(int, actions):
        name, i = block_of(a)
        c = {"CITY_PLACE": i // spec.MAX_ORIENTATIONS, "ROOM": i // spec.MAX_ROOMS,
             "PENALTY_TARGET": i if i < PEN_CROP_BASE else -1}.get(name, -1)
        if c >= 0:
            x, y = _city_xy(c)
            places[a] = (x + CELL / 2, y + CELL / 2)
        elif name == "PYRAMID_PLACE":
            k = i % spec.PYR_MAX_SPACES
            r, col = int(spec.PYR_SPACE_ROW[lv, pc, k]), int(spec.PYR_SPACE_COL[lv, pc, k])
            places[a] = (PYR_X + (col + 0.5) * PYR_CELL, base - (r + 0.5) * PYR_CELL)
    return places


def render_svg(state, seat=None):
    """The picture as a self-contained SVG document; with a seat, only what it may see."""
    return draw(state, seat).to_svg()


def render_rgb(state, seat=None):
    """The same picture as uint8[H, W, 3]."""
    return draw(state, seat).to_rgb()
