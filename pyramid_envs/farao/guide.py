"""Farao in words for a person at the board: the help text."""

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
