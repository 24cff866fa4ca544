"""Kheops in words for a person at the board: the help text and moves described plainly."""
from ..core.jsonview import one_state
from . import spec
from .codec import CELL_NAMES, action_to_str, tile_name

# Edge slots run clockwise: an up-pointing cell's are left, right, bottom; a down-pointing
# cell's top, right, left (spec.NEIGHBOR). The letters are what the text board prints.
SIDE_NAMES = (("left", "right", "bottom"), ("top", "right", "left"))
SIDE_LETTERS = (("l", "r", "b"), ("t", "r", "l"))


def open_sides(tile, rot, cell):
    """The sides of `cell` that `tile` turned to `rot` opens, e.g. ['left', 'bottom']."""
    bits, names = int(spec.TILE_OPEN[tile, rot]), SIDE_NAMES[0 if spec.CELL_UP[cell] else 1]
    return [names[k] for k in range(3) if bits >> k & 1]


def open_letters(tile, rot, cell):
    """Three letters for the text board: the side's letter where it is open, '-' at a wall."""
    bits, letters = int(spec.TILE_OPEN[tile, rot]), SIDE_LETTERS[0 if spec.CELL_UP[cell] else 1]
    return "".join(letters[k] if bits >> k & 1 else "-" for k in range(3))


def _turned(tile, rot, cell):
    return f"turned r{rot}: open {'+'.join(open_sides(tile, rot, cell))}"


def describe_action(state, a):
    """The move in plain words: which tile, where, and which sides it opens."""
    s = one_state(state)
    a = int(a)
    if spec.A_PIVOT <= a < spec.A_SELECT:
        c, r = divmod(a - spec.A_PIVOT, 3)
        return f"turn the {tile_name(s['cell_tile'][c])} on {CELL_NAMES[c]}, {_turned(s['cell_tile'][c], r, c)}"
    if a >= spec.A_TILE:
        j, rest = divmod(a - spec.A_TILE, spec.NUM_CELLS * 3)
        c, r = divmod(rest, 3)
        t = s["hand"][s["current_player"], j]
        return f"lay hand tile {j + 1}, {tile_name(t)}, on {CELL_NAMES[c]}, {_turned(t, r, c)}"
    return action_to_str(state, a)


HELP = """\
Kheops (Faidutti & Laget): build the pyramid tile by tile and own its networks.
A turn has two steps:
  1. put a pawn on a free tile of the pyramid (not on a closed tile, X):
       worker 4c | priest 4c | mummy 4c | pharaoh 4c
     a mummy may replace an opposing worker; a priest comes only after your mummy; the
     Pharaoh (White only) counts as two pawns. A room's instant action then happens at once:
       pivot 4c r1       turn the corridor/room on 4c (r0, r1, r2: its three turns)
       swap 4c, swap-with 6e     swap one of your pawns with an opposing worker or mummy
       move 4c, move-to 2b       move one of your pawns to a free tile
  2. lay one of your three hand tiles next to the pyramid, and draw one:
       tile 2 3c r1      hand tile 2 on cell 3c, turned r1
Cells: rows 1 (the apex) to 7, letters a, b, c ... from the left of each row; the board
prints each cell's name above it. A cell points up or down; its sides are left/right/bottom
(up) or top/right/left (down). r0, r1, r2 turn the tile; every move is also shown in words
('lay hand tile 1, room/2 ankh, on 7i, turned r1: open left+bottom').
The game ends when the last cell is filled. Scoring: cursed networks (C) score nothing;
each player scores the square of the ankhs (A) their pawns cover; a network (two or more
tiles joined by openings) belongs to the player with more pawns in it and scores its rooms,
+5 for one sarcophagus or +15 for a matching pair, +5 with the apex, +5 if it is the
biggest, and double if it is closed (no opening to the frame)."""
