"""Keops advanced rules data (§11.1 Family cards, §11.2 Decree cards, §13.6, §13.7).

The rulebook keeps only the clarifications of the cards, not their faces; every ability
below is designed from its clarification (docs/rules/keops.md, "Family cards" and "Decree
cards"), so each number here is a `# default:` unless it cites the clarification it reads.
"""
import numpy as np

from .spec import BARLEY, BEER, GREEN, RED, SILVER, YELLOW

# =============================================================================
# Family cards (§11.1, §13.6): 8 double-sided cards, one dealt to each Vizier
# =============================================================================
NUM_FAMILY_CARDS = 8
FAMILY_NAMES = ("Ptahhotep", "Izezi-Anj", "Aamenemes-Ankh", "Nika-Ankh", "Nefer-Seshem",
                "Ra-em-ka", "Sesostris", "Khentkaus")  # default: the 8th name is not printed
(F_PTAHHOTEP, F_IZEZI, F_AAMENEMES, F_NIKA, F_NEFER, F_RAEMKA, F_SESOSTRIS, F_KHENTKAUS) = range(8)
FACE_A, FACE_B = 0, 1
FACE_NAMES = ("a", "b")
# a face = card * 2 + side
(FF_PTAH_A, FF_PTAH_B, FF_IZEZI_A, FF_IZEZI_B, FF_AAM_A, FF_AAM_B, FF_NIKA_A, FF_NIKA_B,
 FF_NEFER_A, FF_NEFER_B, FF_RAEMKA_A, FF_RAEMKA_B, FF_SES_A, FF_SES_B, FF_KHENT_A,
 FF_KHENT_B) = range(16)
NUM_FAMILY_FACES = 16
FACE_ABILITY = (  # one line per face, the rule the kernels implement
    "start: 1 Limestone, 1 Wood, 1 Granite from the Quarry into your storehouse",
    "+1 Construction Point for each action of your turn that places materials in the pyramid",
    "when any Vizier (you too) activates a Jewelry, you may pay 1 Deben for 1 Silver",
    "Family minor action, once per turn: pay 2 Debens for 1 Royal Mandate",
    "start: take 2 Royal Mandates and give 2 of your Debens to the other Viziers",
    "Family minor action, once per turn: construct a green Building (usual cost), not your major action",
    "when you construct a Temple, place 1 more Offering on it",
    "Family minor action, once per turn: construct a red Building or Temple (usual cost), not your major action",
    "each round, choose one Border: your Medjay Power there ignores its Defense",
    "Medjay Power from a Reinforce Borders space may be split over several Borders",
    "Family minor action, once per turn: construct a yellow Building or Crop (usual cost), not your major action",
    "your first Decree played each turn needs no Royal Mandate (needs the Decree option)",
    "your Level 1 Reward Die rolls are made with the Level 2 die",
    "a Level 2 reward taken from the Reward Table gives all four benefits",
    "the Courtroom is your Family's: the other Viziers may construct one only when no other green tile is left",
    "your constructions cost no Barley, Beer or Papyrus",
)
AAMENEMES_MANDATES = 2        # default
AAMENEMES_DEBENS_GIVEN = 2    # default: §13.6 "you must distribute them all"
PTAHHOTEP_START_MATERIALS = np.array([1, 1, 1], np.int8)  # default: "Materials at the start"
PTAHHOTEP_BONUS_POINTS = 1    # default
IZEZI_MANDATE_DEBENS = 2      # default
NIKA_EXTRA_OFFERINGS = 1      # §13.6 "you can place 1 additional Offering"
KHENTKAUS_RESERVED_KIND = 4   # default: spec.COURTROOM
# colour of the extra construction of the Family minor action (-1: the face has none)
FACE_BUILD_COLOR = np.full(NUM_FAMILY_FACES, -1, np.int8)
FACE_BUILD_COLOR[FF_AAM_B] = GREEN    # §13.6 "place a green Building Marker"
FACE_BUILD_COLOR[FF_NIKA_B] = RED     # §13.6 "place a red Building Marker"
FACE_BUILD_COLOR[FF_RAEMKA_A] = YELLOW  # §13.6 "place a yellow Building Marker"

# =============================================================================
# Decree cards (§11.2, §13.7): 12 cards, 2 dealt to each Vizier, 3 markers each
# =============================================================================
NUM_DECREES = 12
DECREES_PER_HAND = 2          # §11.2
DECREE_MARKERS = 3            # §11.2
DECREE_END_MINOR_FAVORS = 1   # §7 Advanced Scoring: all 3 markers in play
(D_WHARF, D_TIE_PRESTIGE, D_TIE_MEDJAY, D_PYRAMID, D_TRANSIT, D_BREWERY, D_MARKET, D_CROP,
 D_DIE, D_PENALIZED, D_QUARRY, D_TREASURY) = range(12)
DECREE_NAMES = ("wharf", "prestige-ties", "medjay-ties", "pyramid", "transit", "brewery",
                "market", "barley-crop", "two-dice", "penalized-squares", "quarry", "treasury")
DECREE_TEXT = (
    "each Servant sent to the Wharf gives 2 Debens",
    "exclusive: win the ties on the Prestige and Construction tracks",
    "exclusive: win the ties of Medjay Power and in the Temple of Ra",
    "minor action: place 1 stored material in the pyramid (as the Artisan does)",
    "servants that would go to the Tumult Zone go to the Transit Zone",
    "when any Vizier activates a Brewery, you may pay 1 Deben for 1 Beer",
    "Market: pay 1 Deben less when buying (at least 1), get 1 more when selling",
    "when any Vizier activates a Barley Crop, you may pay 1 Deben for 1 Barley",
    "roll a Reward Die twice and keep one of the results",
    "no extra Debens for penalized squares",
    "the Quarry spaces give you 1 more material",       # default: card not printed
    "Licensing Servants gives you 1 more Market action",  # default: card not printed
)
DECREE_PRINTED = np.array([1] * 10 + [0, 0], np.bool_)
DECREE_EXCLUSIVE = np.zeros(NUM_DECREES, np.bool_)
DECREE_EXCLUSIVE[[D_TIE_PRESTIGE, D_TIE_MEDJAY]] = True  # §13.7 "only one Decree Marker"
# the High Priest's tie-winning cards (§12 difficulty 2-3); bit i of state.ra_ties is card i
TIE_DECREES = np.array([D_TIE_PRESTIGE, D_TIE_MEDJAY], np.int8)
WHARF_DECREE_DEBENS = 2       # §13.7
MARKET_DECREE_DISCOUNT = 1    # §13.7
MARKET_MIN_PRICE = 1          # §13.7 "You cannot pay less than 1 Deben"
QUARRY_DECREE_MATERIALS = 1   # default
TREASURY_MARKET_ACTIONS = 1   # default
OFFER_DEBENS = 1              # §13.7 brewery / crop: "pay 1 Deben to the reserve"
# the good a watcher may buy for 1 Deben when the watched room kind is activated
BREWERY_DECREE_GOOD, CROP_DECREE_GOOD, IZEZI_GOOD = BEER, BARLEY, SILVER

# =============================================================================
# Decision phases, flat actions and state codes of the advanced rules
# =============================================================================
ADV_MINOR_NAMES = ("family", "decree-pyramid")
MIN_FAMILY, MIN_DECREE_PYRAMID, MIN_DECREE = 3, 4, 5  # minors_done bits after the base three
DEC_DECK = 8                  # dec_loc: 0-3 in that seat's hand, 4-7 in play (played by loc - 4)
MAX_OFFERS = 8
