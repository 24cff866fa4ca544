"""Excavation cards: hand slots, the discard pile and the deck."""
from ..core.jit import njit

from ..core.rng import shuffle
from .spec import EXC_SYM


@njit(cache=True)
def _discard_slot(s, p, j):
    c = s.hand[p, j]
    for i in range(j, s.hand_n[p] - 1):
        s.hand[p, i] = s.hand[p, i + 1]
    s.hand_n[p] -= 1
    s.hand[p, s.hand_n[p]] = -1
    return c


@njit(cache=True)
def _play_slot(s, p, j):
    c = _discard_slot(s, p, j)
    s.disc[s.disc_n] = c
    s.disc_n += 1


@njit(cache=True)
def _first_slot_with(s, p, sym):
    for j in range(s.hand_n[p]):
        if EXC_SYM[s.hand[p, j], 2] == sym:
            return j
    return -1


@njit(cache=True)
def _draw_one(s, p):
    if s.deck_n == 0:
        for i in range(s.disc_n):
            s.deck[i] = s.disc[i]
            s.disc[i] = -1
        s.deck_n = s.disc_n
        s.disc_n = 0
        shuffle(s, s.deck, s.deck_n)
    s.deck_n -= 1
    s.hand[p, s.hand_n[p]] = s.deck[s.deck_n]
    s.deck[s.deck_n] = -1
    s.hand_n[p] += 1
