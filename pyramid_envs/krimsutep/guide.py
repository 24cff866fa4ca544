"""Die Pyramide des Krimsutep in words for a person at the board: the help text."""

HELP = """\
Die Pyramide des Krimsutep (Sandfuchs): explore a labyrinth of path cards, find a canopic
jar, bring it to the base camp, then bring a treasure out: the first treasure home wins.
Once a jar is found the mummy hunts the researchers.
Cells: a1 to f6 (column letter, row number); the base camp lies west of a1, the grave
chamber is f6. Directions N (towards row 6), E, S, W. Upper case: a card face up, lower
case: face down (its god, its exits N E S W, its special sign; a = ankh).
A turn:
  play 1 Anubis        play a god from hand card 1-5 to move with it: as many steps as the
                       god's points, only along paths, ending on a card of that god
  step N | step-reveal E   one step; onto a face-down card it is turned up (1 point) and you
                       declare the rest of your path, ended by 'stop'
  play 2 ankh | play 3 torch | ...   use a card's other sign (ankhs to reveal, hide, rotate
                       or exchange cards: ankh-reveal c3, ankh-rotate c3 90, ...)
  mummy N | mummy-move | shoot 1 | select c3 | yes | pass   the mummy, the revolver and the
                       questions the game asks
  end                  end your actions, then 'discard <slot>' and 'draw <0-3>' cards."""
