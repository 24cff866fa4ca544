"""Keops in words for a person at the board: the help text."""

HELP = """\
Keops (MasQueOca): Viziers serving the Pharaoh over three rounds, one per pyramid level.
Win the most Major Favors (two Minor make one): each round the first and second in
prestige (buildings), border defence (Medjay), the pyramid and Ra's offerings get a Major
and a Minor Favor. Ties: goods and debens, then servants and markers.
A turn: place servants on the board's spaces and act there; every decision is one move:
  servant artisan | servant independent-scribe   the servant you place next
  construct <building|crop|temple>, place <square> <orientation 0-7>, room <square> <1|2>
                   build in the city (squares a1..h6 as the board prints them)
  pyramid <material> <space 0-17>   lay a block on the pyramid (spaces as the board numbers
                   them, level by level)
  dock <0-3>, mooring <name>, border <0-2>, buy|sell <good>, good <good>, material <m>,
  god <name>, temple <0-3|ra>, mandate <use>, upkeep pay|tumult, revenue ..., reward ...
                   the other places and choices of a turn
  done | yes       end what you are doing / accept
Goods: barley, beer, papyrus, silver; materials: limestone, wood, granite.
Type 'moves' to see exactly which of these the game allows now."""
