"""Head starts for curricula: a freshly set-up game moved on, seat by seat, to a position the
rules can reach nearer the end (Game.head_start; train.zero's `selfplay.head_start`).

A researcher's errand is finding a jar, carrying it home, finding a treasure and carrying it
home; level k puts him that far on: 0 as set up, 1 carrying a jar (standing where it lay),
2 carrying it near the camp (on a random light-backed space), 3 that jar in his camp (he is in
camp, its treasure hidden face down on a dark card of its god), 4 carrying that treasure
(standing where it lay), 5 carrying it near the camp. Each seat with a level above 0 gets a
god of its own among the game's, so the jars, treasures and the line of cards beside the
pyramid move exactly as the rules move them: a picked-up jar or treasure leaves the first card
of its god from beside the pyramid face down in its place (`_from_beside`), an emerging
treasure sends the path card it replaces beside the pyramid (`_to_beside`). The first jar
found wakes the mummy beside the grave. Nothing else changes: hands, deck, the turn and every
other card are the setup's.
"""
import numpy as np
from ..core.jit import njit

from ..core.rng import randint, shuffle
from .jars import _from_beside, _to_beside
from .spec import (CAMP, CARD_GOD, DARK_CELL, JAR0, LIGHT_CELL, MUMMY_START, NUM_CELLS, NUM_GODS,
                   NUM_LIGHT, NUM_PATH, TREASURE0)
from .state import T_IN_PLAY, _researcher_at

LEVELS = ("as set up", "carrying a jar", "carrying a jar near the camp", "a jar in camp",
          "carrying a treasure", "carrying a treasure near the camp")


@njit(cache=True)
def _treasure_emerges(s, g):
    """The treasure of god g face down on a random free face-down path card of g, that card
    beside the pyramid (an outcome of the emergence's shuffle: the first card's space)."""
    cells = np.empty(NUM_CELLS, np.int8)
    m = 0
    for c in range(NUM_CELLS):
        card = s.cell_card[c]
        if (DARK_CELL[c] and not s.cell_up[c] and card >= 0 and card < NUM_PATH and CARD_GOD[card] == g
                and not _researcher_at(s, c, -1)):
            cells[m] = c
            m += 1
    c = cells[randint(s, m)]
    _to_beside(s, c)
    s.cell_card[c] = TREASURE0 + g
    s.cell_rot[c] = randint(s, 4)
    s.known[:, c] = 0
    s.treasure_state[g] = T_IN_PLAY
    return c


@njit(cache=True)
def _near_camp(s):
    """A random light-backed space: those nearest the camp."""
    k = randint(s, NUM_LIGHT)
    for c in range(NUM_CELLS):
        if LIGHT_CELL[c]:
            if k == 0:
                return c
            k -= 1
    return 0


@njit(cache=True)
def head_start(states, levels):
    """levels int8[B, MAX_PLAYERS]: how many stages of his errand seat p of game b has behind
    him (0-5, LEVELS); games straight from `reset`."""
    gods = np.empty(NUM_GODS, np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        n = s.num_players
        if levels[b, :n].max() == 0:
            continue  # as set up, its random stream untouched
        m = 0
        for g in range(NUM_GODS):
            if s.jar_used[g]:
                gods[m] = g
                m += 1
        shuffle(s, gods, m)
        woke = False
        for p in range(n):
            level = levels[b, p]
            if level == 0:
                continue
            g = gods[p]
            jar = -1
            for c in range(NUM_CELLS):
                if s.cell_card[c] == JAR0 + g:
                    jar = c
            s.carry_jar[p] = JAR0 + g
            _from_beside(s, g, jar)
            s.pos[p] = jar
            if level == 2:
                s.pos[p] = _near_camp(s)
            if level >= 3:
                s.carry_jar[p] = -1
                s.camp_jars[p] |= 1 << g
                s.pos[p] = CAMP
                c = _treasure_emerges(s, g)
                if level >= 4:
                    s.carry_tr[p] = TREASURE0 + g
                    _from_beside(s, g, c)
                    s.pos[p] = c
                if level == 5:
                    s.pos[p] = _near_camp(s)
            woke = True
        if woke:
            s.awake = True
            k = randint(s, 2)
            if _researcher_at(s, MUMMY_START[k], -1):
                k = 1 - k
            s.mummy = MUMMY_START[k]
