"""Ra-utoma (§12, §13.8): the High Priest of Ra, a Vizier run by a deck of 24 cards.

The rulebook lost the card pictures; §13.8 keeps one clarification per card, grouped by
colour (Guild 1-7, Commercial 8-14, Religious 15-20, Temple 21-24). Every card follows the
§12 pattern "activate X, else construct X and activate room N" (or, for spaces that cannot be
constructed, "activate X, else discard"). The step each card carries out is designed here
from its clarification (`# default:`); docs/rules/keops.md ("Ra-utoma") lists them. Card ids
are 0-23 (card k of the rulebook is id k - 1).
"""
import numpy as np

from .spec import (ANUBIS, BARLEY_CROP, BAZAAR, BREWERY, CARTOGRAPHER, COURTROOM, FESTIVAL_PLAZA,
                   GREEN, JEWELRY, MAAT, MORTUARY, NUM_GODS, PAPYRUS_CROP, PRIEST, RED, ROYAL_ARCHITECT,
                   SANCTUARY, SCHOOL, SCRIBE, SOBEK, TAX_COLLECTOR, TEMPLE, THOT, YELLOW)

RA_LEVELS = 3                 # §12: difficulty 1-3
RA_NUM_CARDS = 24             # §12: 20 cards + 4 Temple cards
RA_TEMPLE_CARDS = 4
RA_TEMPLE_KEPT = 2            # §12: 2 of the 4 Temple cards, at random, go into the deck
RA_DECK_SIZE = RA_NUM_CARDS - RA_TEMPLE_KEPT
# §12 "3, 4 or 5 cards of the same color (depending on the current Round)"; the example
# (round 2: top card + 3 in the discard area) fixes round 2 at 4.
RA_LICENSE_AT = np.array([3, 4, 5], np.int8)

# What a card activates (CK_*), its target and the room activated after constructing.
(CK_BUILDING,   # a building or crop of kind `target`, else construct it and activate `room`
 CK_TEMPLE,     # any temple (god effect below), else construct the temple of god `target`
 CK_PYRAMID,    # Construct Pyramid: the card's materials from the Quarry, +1 point
 CK_PIER,       # the cheapest barge at the Pier: its materials, then a Mooring is blocked
 CK_MARKET,     # the Voice of Ra raises one good's price by one column
 CK_BORDER,     # the Reinforce Borders space of servant `target`: its Medjay, ignoring Defense
 CK_QUARRY,     # the Quarry space of servant `target`: the card's materials into the pyramid
 ) = range(7)
CARD_KIND_NAMES = ("building", "temple", "pyramid", "pier", "market", "border-space", "quarry-space")

# The High Priest's benefit (§13.8: "the benefits of the Rooms are modified by the card"):
(E_PRESTIGE,      # Prestige points (no rewards, §12)
 E_CONSTRUCTION,  # Construction points (Construct Pyramid's +1)
 E_MEDJAY,        # Medjay Power on one border the Voice of Ra picks, ignoring Defense
 E_MEDJAY_EACH,   # Medjay Power on every border, ignoring Defense (Thot)
 E_RA_OFFERING,   # Offerings from its reserve into the Temple of Ra (none left: not done)
 E_LIMESTONE, E_WOOD, E_GRANITE,  # materials from the Quarry into the pyramid (any space)
 E_HAPPINESS,     # change of the Happiness dial
 E_ANUBIS,        # another Vizier (the Voice picks) loses 1 Prestige
 E_RA_REMOVE,     # the Voice removes another Vizier's Offering from the Temple of Ra
 E_DECREE,        # a Decree card into play with a Ra-utoma marker (blocked without Decrees)
 E_SECOND,        # then a second card is drawn (after the Licensing check)
 ) = range(13)
NUM_EFFECT_FIELDS = 13
EFFECT_NAMES = ("prestige", "construction", "medjay", "medjay-each", "ra-offering", "limestone",
                "wood", "granite", "happiness", "anubis", "ra-remove", "decree", "second")


def _eff(**kw):
    v = np.zeros(NUM_EFFECT_FIELDS, np.int8)
    for k, n in kw.items():
        v[EFFECT_NAMES.index(k.replace("_", "-"))] = n
    return v


_PYR3 = dict(limestone=1, wood=1, granite=1)
# (colour, kind, target, room after constructing, effect, §13.8 clarification it comes from)
# default: every row (card pictures lost).
_CARDS = (
    # Guild (yellow)
    (YELLOW, CK_PYRAMID, -1, 0, _eff(construction=1, **_PYR3)),  # 1: "+1" Construction point
    (YELLOW, CK_BUILDING, SCHOOL, 0, _eff(prestige=2)),          # 2: no Rewards
    (YELLOW, CK_BUILDING, BREWERY, 0, _eff()),                   # 3: no Goods, blocks the room
    (YELLOW, CK_BUILDING, JEWELRY, 0, _eff(prestige=1)),         # 4: (none printed)
    (YELLOW, CK_BUILDING, BARLEY_CROP, 0, _eff(construction=1)),  # 5: (none printed)
    (YELLOW, CK_BUILDING, PAPYRUS_CROP, 0, _eff(second=1)),      # 6: a second card
    (YELLOW, CK_BUILDING, SANCTUARY, 0, _eff(ra_offering=1)),    # 7: no Offerings -> blocks
    # Commercial (green)
    (GREEN, CK_PIER, -1, 0, _eff()),                             # 8: blocks a Mooring
    (GREEN, CK_BUILDING, COURTROOM, 0, _eff(decree=1)),          # 9: Decrees, else blocks
    (GREEN, CK_BUILDING, TAX_COLLECTOR, 0, _eff(happiness=-1)),  # 10: Happiness -1, no Debens
    (GREEN, CK_BUILDING, BAZAAR, 1, _eff(second=1)),             # 11: a second card (§12 example: Bazaar, room 2)
    (GREEN, CK_MARKET, -1, 0, _eff()),                           # 12: the Market
    (GREEN, CK_BUILDING, ROYAL_ARCHITECT, 0, _eff(limestone=1, granite=1)),  # 13: section points
    (GREEN, CK_BORDER, SCRIBE, 0, _eff()),                       # 14: ignore Defense
    # Religious (red)
    (RED, CK_QUARRY, PRIEST, 0, _eff(**_PYR3)),                  # 15: section points
    (RED, CK_BUILDING, CARTOGRAPHER, 0, _eff(ra_offering=1, medjay=2)),  # 16: Offerings, Defense
    (RED, CK_BUILDING, MORTUARY, 1, _eff(ra_remove=1, ra_offering=1)),  # 17: Voice picks the Offering
    (RED, CK_BUILDING, MORTUARY, 0, _eff(prestige=2)),           # 18: no Rewards
    (RED, CK_BORDER, PRIEST, 0, _eff(second=1)),                 # 19: a second card
    (RED, CK_BUILDING, FESTIVAL_PLAZA, 0, _eff()),               # 20: no Goods, blocks the room
    # Temple cards (red): the god built when no temple can be activated
    (RED, CK_TEMPLE, MAAT, 0, _eff()),                           # 21-24: by god (RA_GOD_EFFECT)
    (RED, CK_TEMPLE, THOT, 0, _eff()),
    (RED, CK_TEMPLE, ANUBIS, 0, _eff()),
    (RED, CK_TEMPLE, SOBEK, 0, _eff()),
)
assert len(_CARDS) == RA_NUM_CARDS
CARD_COLOR = np.array([c[0] for c in _CARDS], np.int8)
CARD_KIND = np.array([c[1] for c in _CARDS], np.int8)
CARD_TARGET = np.array([c[2] for c in _CARDS], np.int8)
CARD_ROOM = np.array([c[3] for c in _CARDS], np.int8)
CARD_EFFECT = np.array([c[4] for c in _CARDS], np.int8)
RA_FIRST_TEMPLE_CARD = RA_NUM_CARDS - RA_TEMPLE_CARDS
assert (CARD_KIND[RA_FIRST_TEMPLE_CARD:] == CK_TEMPLE).all() and TEMPLE == 13

# §13.8 21-24: what a temple does for the High Priest, by god; any other god: blocked.
RA_GOD_EFFECT = np.zeros((NUM_GODS, NUM_EFFECT_FIELDS), np.int8)
RA_GOD_EFFECT[MAAT] = _eff(**_PYR3)                # 3 Materials, section points
RA_GOD_EFFECT[THOT] = _eff(medjay_each=1)          # ignoring Defense
RA_GOD_EFFECT[ANUBIS] = _eff(prestige=2, anubis=1)  # another Vizier -1 (the Voice picks)
RA_GOD_EFFECT[SOBEK] = _eff(decree=1)              # with Decrees, else blocked

# §12 rule 9: the bonus the Voice of Ra picks when a Vizier activates a High Priest's room.
(RB_PRESTIGE, RB_CONSTRUCTION, RB_MEDJAY_EACH, RB_RA_OFFERING) = range(4)
NUM_RA_BONUSES = 4
RA_BONUS_NAMES = ("prestige", "construction", "medjay", "ra-offering")

# Steps of the High Priest's turn (ra_stage)
(RS_BEGIN,     # Licensing check (§12 rule 10), else draw the next card
 RS_CARD,      # carry out the card: activate, else construct
 RS_ACTIVATE,  # construction done: activate the card's room
 RS_END,       # the card goes to the discard area; a second card or the end of the turn
 ) = range(4)
RA_STAGE_NAMES = ("begin", "card", "activate", "end")
