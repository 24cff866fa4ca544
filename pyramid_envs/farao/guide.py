"""Farao in words for a person at the board: the help text, and the moves whose names use
codes (a tile's quarter turns) in plain words."""
from . import spec
from .codec import action_to_str
from ..core.jsonview import one_state


def _opens(tile, quarter_turns):
    bits = int(spec.SHAPE_OPEN[spec.TILE_SHAPE[tile], quarter_turns])
    return "+".join(d for k, d in enumerate(spec.DIR_NAMES) if bits >> k & 1) or "no side"


def describe_action(state, a):
    """'rot r1' -> 'rot r1 (lay the tile just turned up 1 quarter turn clockwise: open N+E)'."""
    s = one_state(state)
    a = int(a)
    if spec.A_ROT <= a < spec.A_CELL:
        r = a - spec.A_ROT
        return f"{action_to_str(state, a)} (lay the tile just turned up {r} quarter turn{'s' * (r != 1)} " \
               f"clockwise: open {_opens(int(s['tile'][s['target']]), r)})"
    if spec.A_KEY <= a < spec.A_FOOD:
        t, r = divmod(a - spec.A_KEY, 4)
        where = "your figure's tile" if t == 0 else f"the tile {spec.KEY_TARGETS[t]} of your figure"
        return f"{action_to_str(state, a)} (golden key: turn {where} to {r} quarter turn{'s' * (r != 1)} " \
               f"clockwise of its printed openings)"
    return action_to_str(state, a)


HELP = """\
Farao (Slavik): explore a pyramid of face-down tiles with up to three archaeologists, read
five different inscriptions, then be the first into the burial chamber in the middle.
Fields: column letter and row number (a1 top left); the outer ring is the outside wall, its
corners the entrances NW NE SW SE; directions N (up), E, S, W. Each tile shows its symbol
and its openings N E S W ('.' a wall).
A turn: the die is rolled, then
  enter NW | figure 2          bring a new figure in at an entrance, or pick a figure to move
  step N | step E ...          walk one field per pip; a face-down tile is turned up as you
                               step on it, then
  rot r0 | r1 | r2 | r3        you choose how it lies: r quarter turns clockwise of its
                               printed openings (the board then shows its openings)
  tunnel                       walk to the other open secret tunnel
  bottle N | key here r1 | food | buy scarf      spend an item (magic bottle: through a
                               wall; golden key: turn a tile; food: the die shows 6)
  map <field> | curse <field> | take <item> | rob <item> | cell <field>   the choices a
                               map, a curse, a coffer or a robbery asks for
  pass                         end the move where no step is possible, or decline the map
Once the chamber is open anyone may enter; the order of entry ranks the players."""
