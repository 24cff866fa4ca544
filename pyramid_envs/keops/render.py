"""Keops text views: the board as text (ansi) and the score sheet (pictures: picture.py).

Everything on the Keops table is public except the order of the face-down barge reserve and
the dice, which no picture shows, so a seat's view (`render_ansi(state, seat)`) is the whole
board with that seat marked.
"""

from . import spec
from . import spec_advanced as adv
from .codec import BUILDINGS, CELL_NAMES, GODS, MATERIALS, SERVANTS, occ_name
from .state import CITY_DWELLING, NEUTRAL, SLOT_MARKER
from ..core.jsonview import one_state

# two-letter codes of the city buildings (spec building order)
_ABBR = ("Br", "Je", "Sa", "Sc", "Co", "Tx", "RA", "Bz", "FP", "Ca", "Mo")


def _seat(s, p):
    name = "High Priest of Ra" if int(p) == int(s["ra_seat"]) else spec.SEAT_NAMES[int(p)]
    return f"seat {int(p)} ({name})"


def tiebreaks(s, p):
    """The two tie-break values of §7 (as akhet.final_scores counts them)."""
    goods_debens = int(s["goods"][p].sum()) + int(s["debens"][p])
    servants = sum(int(s[f][p].sum()) for f in ("serv_home", "serv_spent", "serv_board", "serv_tumult",
                                                "serv_transit"))
    markers = int((s["col_slot"][p] != SLOT_MARKER).sum())
    return goods_debens, servants + markers


def _city_lines(s):
    cols = "".join(f"{'abcdefgh'[c]:<4}" + ("  " if c == spec.SECTION_COLS - 1 else "")
                   for c in range(spec.CITY_COLS))
    lines = ["City (Xxn: building and patron seat, dwn: Dwelling of seat n, dwN neutral, * penalized square)",
             "     " + cols]
    for r in range(spec.CITY_ROWS):
        if r == spec.SECTION_ROWS:
            lines.append("")
        row = ""
        for c in range(spec.CITY_COLS):
            i = r * spec.CITY_COLS + c
            k = int(s["city_kind"][i])
            o = int(s["city_owner"][i])
            if k == CITY_DWELLING:
                cell = "dw" + ("N" if o == NEUTRAL else str(o))
            elif k >= 0:
                cell = f"{_ABBR[k]}{o}"
            else:
                cell = "*" if spec.CITY_PENALIZED[i] else "."
            row += f"{cell:<4}" + ("  " if c == spec.SECTION_COLS - 1 else "")
        lines.append(f" {r + 1:>2}  {row}")
    for i in range(spec.NUM_CITY_CELLS):
        k = int(s["city_kind"][i])
        if 0 <= k < spec.NUM_CITY_KINDS and s["city_root"][i] == i:
            rooms = ", ".join(occ_name(o) or "free" for o in s["city_room"][i, :spec.BUILDING_ROOMS[k]])
            lines.append(f"  {_ABBR[k]} {BUILDINGS[k]} at {CELL_NAMES[i]} (patron seat {s['city_owner'][i]}): "
                         f"rooms [{rooms}]")
    return lines


def _pyramid_lines(s):
    lv, pc = int(s["level"]), int(s["num_players"]) - 2
    npyr = int(spec.PYR_NUM_SPACES[lv, pc])
    rows = int(spec.PYR_SPACE_ROW[lv, pc, :npyr].max()) + 1
    grid = [[""] * spec.PYR_MAX_COLS for _ in range(rows)]
    for k in range(npyr):  # material letter, then the space's number as 'pyramid <material> <k>' names it
        r, c = spec.PYR_SPACE_ROW[lv, pc, k], spec.PYR_SPACE_COL[lv, pc, k]
        m = int(s["pyr_fill"][k])
        if m >= 0:
            grid[r][c] = MATERIALS[m][0].upper() + str(k)
        else:
            grid[r][c] = ("*" if spec.PYR_SPACE_ANY[lv, pc, k] else MATERIALS[spec.PYR_SPACE_MATERIAL[lv, pc, k]][0]) + str(k)
    lines = [f"Pyramid level {lv + 1} (each space: the material it wants, l/w/g or * any, or upper case the "
             f"one placed, then its number as in 'pyramid wood 5'): "
             f"{int((s['pyr_fill'][:npyr] >= 0).sum())}/{npyr} filled"]
    lines += ["   " + "".join(f"{x:<4}" for x in grid[r]) for r in range(rows - 1, -1, -1)]
    return lines


TIE_NAMES = ("Prestige and Construction", "Medjay and the Temple of Ra")  # spec_advanced.TIE_DECREES


def render_ansi(state, seat=None):
    """The board as text; with a seat, that Vizier is marked 'you' (nothing is hidden but the
    barge reserve's order, which no view shows)."""
    s = one_state(state)
    n = int(s["num_players"])
    lines = [f"Keops, level {int(s['level']) + 1}/{spec.NUM_LEVELS}, turn of {_seat(s, s['turn_player'])}"]
    lines += _city_lines(s)
    lines.append("Plantation: " + (", ".join(
        f"{sp}{'(akhet)' if spec.PLANTATION_AKHET[sp] else ''} {BUILDINGS[s['plant_kind'][sp]]} "
        f"seat {s['plant_owner'][sp]} [{', '.join(occ_name(o) or 'free' for o in s['plant_room'][sp])}]"
        for sp in range(spec.NUM_PLANTATION_SPACES) if s["plant_kind"][sp] >= 0) or "empty"))
    temples = [f"{t} {GODS[s['temple_god'][t]]} seat {s['temple_owner'][t]} priest "
               f"{occ_name(s['temple_occ'][t]) or 'free'} offerings {s['offerings'][t, :n].tolist()}"
               for t in range(spec.PANTHEON_SPACES) if s["temple_god"][t] >= 0]
    lines.append("Pantheon: " + ("; ".join(temples) or "no temple")
                 + f"; Ra offerings {s['offerings'][spec.TEMPLE_RA, :n].tolist()}")
    lines += _pyramid_lines(s)
    lines.append("Market (price of " + ", ".join(
        f"{g} {spec.MARKET_PRICE[k, s['market'][k]]}" for k, g in enumerate(spec.GOOD_NAMES)) + ")")
    docks = ", ".join(
        f"dock {d} (cost {spec.DOCK_COST[d]}): "
        + (f"barge {s['dock_barge'][d]} {spec.BARGE_KIND_NAMES[spec.BARGE_KIND[s['dock_barge'][d]]]}"
           if s["dock_barge"][d] >= 0 else "empty")
        + (f" [{occ_name(s['dock_occ'][d])}]" if s["dock_occ"][d] >= 0 else "")
        for d in range(spec.NUM_DOCKS))
    lines.append(f"Pier: {docks}")
    lines.append("  moorings: " + ", ".join(
        f"{spec.MOORING_NAMES[k]}: {'barge ' + str(b) if b >= 0 else 'free'}"
        for k, b in enumerate(s["mooring_barge"])) + f"; reserve {s['barge_reserve_n']} barges, "
        f"discard {s['barge_discard_n']}; storehouse " + ", ".join(
            f"{g} {s['pier_store'][k]}" for k, g in enumerate(spec.GOOD_NAMES[:3])))
    for b in range(spec.NUM_BORDERS):
        card, tok = int(s["border_card"][b]), int(s["border_token"][b])
        pen = spec.PENALTY_NAMES[spec.PENALTY_TOKEN_KIND[tok]] if tok >= 0 else "none"
        lines.append(f"Border {b}: card {card} (defense {spec.BORDER_DEFENSE[card]}, minimum "
                     f"{spec.BORDER_MINIMUM[card]}), penalty {pen}, Medjay {s['medjay'][:n, b].tolist()}")
    lines.append("Spaces: border " + ", ".join(f"{t} {occ_name(s['border_space_occ'][k]) or 'free'}"
                                               for k, t in enumerate(SERVANTS))
                 + "; quarry " + ", ".join(f"{t} {occ_name(s['quarry_space_occ'][k]) or 'free'}"
                                           for k, t in enumerate(SERVANTS)))
    lines.append(f"Supply: quarry {dict(zip(MATERIALS, s['quarry'].tolist()))}, happiness {s['happiness']}, "
                 f"mandates {s['mandate_supply']}, favors {s['major_supply']} major / {s['minor_supply']} minor, "
                 f"independent {dict(zip(SERVANTS, s['indep_pool'].tolist()))}")
    for p in range(n):
        you = " (you)" if seat is not None and int(seat) == p else ""
        lines.append(
            f"{_seat(s, p)}{you}: favors {s['major_favors'][p]} major {s['minor_favors'][p]} minor, prestige "
            f"{s['prestige'][p]}, construction {s['construction'][p]}, population {s['population'][p]}, "
            f"debens {s['debens'][p]}, goods {s['goods'][p].tolist()}, materials {s['materials'][p].tolist()}, "
            f"mandates {s['mandates'][p]}, offerings {s['offer_reserve'][p]}")
        lines.append(
            "    servants (A/S/P) home " + "/".join(map(str, s["serv_home"][p])) + " board "
            + "/".join(map(str, s["serv_board"][p])) + " spent " + "/".join(map(str, s["serv_spent"][p]))
            + " tumult " + "/".join(map(str, s["serv_tumult"][p])) + " transit "
            + "/".join(map(str, s["serv_transit"][p])) + " locked " + "/".join(map(str, s["serv_locked"][p]))
            + " independent " + "/".join(map(str, s["indep_held"][p]))
            + f"; markers left {[(int((s['col_slot'][p, c] == SLOT_MARKER).sum())) for c in range(3)]}"
            + f"; dwellings {s['dwell_taken'][p].tolist()}")
    lines += _advanced_lines(s, n, seat)
    if s["ra_seat"] >= 0:
        card = f", card {int(s['ra_card']) + 1} in play" if s["ra_card"] >= 0 else ""
        top = spec.COLOR_NAMES[s["ra_top_color"]] if s["ra_top_color"] >= 0 else "none"
        lines.append(f"Ra-utoma level {s['ra_level']}: Royal Scarab with seat {s['scarab']}; deck "
                     f"{s['ra_deck_n']} cards (top {top}); discard "
                     f"{[int(c) + 1 for c in s['ra_discard'][:s['ra_discard_n']]]}{card}"
                     + "".join(f"; wins ties of {what}" for i, what in enumerate(TIE_NAMES)
                               if (s["ra_ties"] >> i) & 1))
    lines.append("legend: goods [barley, beer, papyrus, silver], materials [limestone, wood, granite], "
                 "markers/dwellings [yellow, green, red]")
    if s["terminated"]:
        lines.append(score_sheet(state))
    else:
        voice = " for the High Priest (Voice of Ra)" if s["ra_voice"] else ""
        lines.append(f"to decide: {_seat(s, s['current_player'])}{voice}, phase {spec.PHASES[s['phase']]}")
    return "\n".join(lines)


def _advanced_lines(s, n, seat):
    """Family cards and decrees; a decree hand is shown only to its own seat."""
    lines = []
    if s["opt_families"]:
        lines.append("Families: " + ", ".join(
            f"{_seat(s, p)} {adv.FAMILY_NAMES[s['fam_card'][p]]} "
            + (f"side {adv.FACE_NAMES[s['fam_face'][p]].upper()}" if s["fam_face"][p] >= 0 else "(side to choose)")
            for p in range(n) if s["fam_card"][p] >= 0))
    if s["opt_decrees"]:
        loc = s["dec_loc"]
        played = [f"{adv.DECREE_NAMES[c]} (by {int(loc[c]) - 4}, markers "
                  f"{[p for p in range(n) if s['dec_marker'][c, p]]})"
                  for c in range(adv.NUM_DECREES) if 4 <= loc[c] < adv.DEC_DECK]
        lines.append("Decrees in play: " + ("; ".join(played) or "none")
                     + f"; deck {int(s['dec_deck_n'])} cards; markers left {s['dec_markers_left'][:n].tolist()}")
        hands = []
        for p in range(n):
            cards = [adv.DECREE_NAMES[c] for c in range(adv.NUM_DECREES) if loc[c] == p]
            shown = seat is not None and int(seat) == p
            hands.append(f"{_seat(s, p)} {cards if shown else str(len(cards)) + ' cards'}")
        lines.append("Decree hands: " + ", ".join(hands))
    return lines


def score_sheet(state):
    """Major Favors (2 Minor = 1 Major), then the tie-breaks of §7, and the ranks."""
    s = one_state(state)
    n = int(s["num_players"])
    rows = []
    for p in range(n):
        score = int(s["major_favors"][p]) + int(s["minor_favors"][p]) // spec.MINORS_PER_MAJOR
        tb1, tb2 = tiebreaks(s, p)
        rank = f"rank {int(s['ranks'][p]) + 1}" if s["ranks"][p] >= 0 else "playing"
        rows.append(f"{_seat(s, p)}: {score} favors ({s['major_favors'][p]} major + {s['minor_favors'][p]} minor), "
                    f"goods+debens {tb1}, servants+markers {tb2}, {rank}")
    head = "final score" if s["terminated"] else "score so far"
    return f"{head}: " + "; ".join(rows)
