"""Sakkara in words for a person at the board: the help text."""

HELP = """\
Sakkara (Grabmeier): collect hieroglyph tiles with your two workers and build a pyramid;
the first to lay the golden apex wins.
Spaces: a1 (top left) to g7 (bottom right), column letter and row number; "up" is towards
row 1. The board shows each stack's height, its top tile and the workers on it.
A turn:
  move 1 up | move 2 left staircase   the compulsory move of worker 1 or 2 one space (up,
                      right, down, left), taking the top tile there; a climb of more than 2
                      needs a staircase from your rack
  before and after the move, use any tiles of your rack:
    build corner       lay a tile of your pyramid (a ship and a grain first; 9 blue tiles,
                       a grain, 4 red, a grain, the apex; a corner needs a helping hand,
                       the apex two)
    horse 2 | bird 2 f2 | ox 1 right 3 | snake moon     the special tiles
    firestorm 1 row apex,cross,plait | whirlwind 2 ... | drought ... | shipwreck ...
                       spells of three tiles, in the order they go back on the board
  end                  end the turn (then 'discard <tile>' down to 10 tiles)
  place 8 c3           the other player places the returned stack's bottom 8 tiles on c3
                       (not next to their own workers; an empty space while one exists)
Tiles: ship grain staircase hand snake horse bird ox corner apex cross plait double-line
circle moon sun."""
