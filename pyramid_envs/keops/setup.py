"""Game setup for 2-4 Viziers (§4, §4.1)."""
import numpy as np
from ..core.jit import njit

from ..core.rng import shuffle
from .spec import (BARGES_AT_PIER, BORDER_CARDS_PER_LEVEL, ELIMINATED_BUILDING_TOKENS,
                   ELIMINATED_SERVANT_TOKENS, GOOD_SUPPLY, HAPPINESS_START, INDEPENDENT_SUPPLY,
                   MAJOR_FAVOR_SUPPLY, MANDATE_SUPPLY, MARKET_START, MATERIAL_SUPPLY,
                   MINOR_FAVOR_SUPPLY, NEUTRAL_DWELLINGS, NUM_BARGES, NUM_BORDERS, NUM_GOODS,
                   NUM_MATERIALS, NUM_POOLS, OFFERINGS_PER_PLAYER, PENALTY_TOKEN_LEVEL3,
                   PH_FAMILY_FACE, PH_TURN,
                   PIER_STOREHOUSE_START, PLAYER_SERVANTS, POOL_SUPPLY, START_DEBENS, START_GOODS,
                   START_MINOR_FAVORS, START_POPULATION, START_SERVANTS, RA_UTOMA_START, RA_UTOMA_TIE_CARDS,
                   TEMPLE_RA)
from . import decrees, families
from .spec_advanced import TIE_DECREES
from .spec_rautoma import CARD_COLOR, RA_DECK_SIZE, RA_FIRST_TEMPLE_CARD, RA_TEMPLE_CARDS
from .state import BLANK

NUM_TOKENS = 9


@njit(cache=True)
def draw_barge(s):
    """Next barge of the face-down reserve; an empty reserve is re-formed from the
    discards, shuffled (§13.4). -1 when there is none at all."""
    if s.barge_reserve_n == 0:
        for i in range(s.barge_discard_n):
            s.barge_reserve[i] = s.barge_discard[i]
            s.barge_discard[i] = -1
        s.barge_reserve_n = s.barge_discard_n
        s.barge_discard_n = 0
        shuffle(s, s.barge_reserve, s.barge_reserve_n)
    if s.barge_reserve_n == 0:
        return -1
    s.barge_reserve_n -= 1
    b = s.barge_reserve[s.barge_reserve_n]
    s.barge_reserve[s.barge_reserve_n] = -1
    return b


@njit(cache=True)
def discard_barge(s, b):
    s.barge_discard[s.barge_discard_n] = b
    s.barge_discard_n += 1


@njit(cache=True)
def fill_pier(s):
    for d in range(BARGES_AT_PIER):
        if s.dock_barge[d] < 0:
            s.dock_barge[d] = draw_barge(s)


@njit(cache=True)
def deal_borders(s):
    """3 of the level's 4 border cards, a penalty token on each (§4 steps 2-3, §6 step 5):
    rounds 1 and 2 take 3 of the 6 ordinary tokens each, round 3 the Level 3 tokens."""
    cards = np.empty(BORDER_CARDS_PER_LEVEL, np.int8)
    for i in range(BORDER_CARDS_PER_LEVEL):
        cards[i] = s.level * BORDER_CARDS_PER_LEVEL + i
    shuffle(s, cards, BORDER_CARDS_PER_LEVEL)
    toks = np.empty(NUM_TOKENS, np.int8)
    n = 0
    for t in range(NUM_TOKENS):
        if not s.token_used[t] and PENALTY_TOKEN_LEVEL3[t] == (s.level == 2):
            toks[n] = t
            n += 1
    shuffle(s, toks, n)
    for b in range(NUM_BORDERS):
        s.border_card[b] = cards[b]
        s.border_token[b] = toks[b]
        s.token_used[toks[b]] = 1
        for p in range(s.num_players):
            s.medjay[p, b] = 0


@njit(cache=True)
def setup(s, seed, n):
    s.num_players = n
    s.rng = seed
    pc = n - 2
    s.level = 0
    s.turn_player = 0
    s.current_player = 0
    s.phase = PH_TURN
    s.happiness = HAPPINESS_START
    for m in range(NUM_MATERIALS):
        s.quarry[m] = MATERIAL_SUPPLY
    for g in range(NUM_GOODS):
        s.goods_supply[g] = GOOD_SUPPLY[g]
        s.market[g] = MARKET_START
        s.pier_store[g] = PIER_STOREHOUSE_START[g]
        s.goods_supply[g] -= PIER_STOREHOUSE_START[g]
    s.mandate_supply = MANDATE_SUPPLY
    s.major_supply = MAJOR_FAVOR_SUPPLY
    s.minor_supply = MINOR_FAVOR_SUPPLY
    for t in range(3):
        s.indep_pool[t] = INDEPENDENT_SUPPLY[t]
    s.neutral_dwellings = NEUTRAL_DWELLINGS
    s.elim_servant_tokens = ELIMINATED_SERVANT_TOKENS
    s.elim_building_tokens = ELIMINATED_BUILDING_TOKENS
    for k in range(NUM_POOLS):
        s.pool[k] = POOL_SUPPLY[pc, k]
    for i in range(NUM_BARGES):
        s.barge_reserve[i] = i
    s.barge_reserve_n = NUM_BARGES
    shuffle(s, s.barge_reserve, NUM_BARGES)
    fill_pier(s)
    deal_borders(s)
    for p in range(n):
        s.debens[p] = START_DEBENS[p]
        for g in range(NUM_GOODS):
            s.goods[p, g] = START_GOODS[g]
            s.goods_supply[g] -= START_GOODS[g]
        s.minor_favors[p] = START_MINOR_FAVORS
        s.minor_supply -= START_MINOR_FAVORS
        s.offer_reserve[p] = OFFERINGS_PER_PLAYER
        s.population[p] = START_POPULATION
        for t in range(3):
            s.serv_home[p, t] = START_SERVANTS[t]
            s.serv_locked[p, t] = PLAYER_SERVANTS[t] - START_SERVANTS[t]
        s.ranks[p] = -1


# --- Ra-utoma (§12): the High Priest's seat and deck ---
@njit(cache=True)
def set_top_color(s):
    s.ra_top_color = CARD_COLOR[s.ra_deck[s.ra_deck_n - 1]] if s.ra_deck_n > 0 else -1


@njit(cache=True)
def ra_setup(s, level):
    """§12 setup: the High Priest takes the last seat with its start values; the deck is the
    20 cards and 2 of the 4 Temple cards, shuffled. It manages no Goods or Debens."""
    hp = s.num_players - 1
    s.ra_seat = hp
    s.ra_level = level
    s.scarab = 0
    s.debens[hp] = 0
    for g in range(NUM_GOODS):
        s.goods_supply[g] += s.goods[hp, g]
        s.goods[hp, g] = 0
    row = RA_UTOMA_START[level - 1]
    s.prestige[hp] = row[0]
    s.construction[hp] = row[1]
    s.offerings[TEMPLE_RA, hp] = row[2]
    s.offer_reserve[hp] -= row[2]
    for b in range(NUM_BORDERS):
        s.medjay[hp, b] = row[3 + b]
    temples = np.empty(RA_TEMPLE_CARDS, np.int8)
    for i in range(RA_TEMPLE_CARDS):
        temples[i] = RA_FIRST_TEMPLE_CARD + i
    shuffle(s, temples, RA_TEMPLE_CARDS)
    for i in range(RA_FIRST_TEMPLE_CARD):
        s.ra_deck[i] = i
    for i in range(RA_DECK_SIZE - RA_FIRST_TEMPLE_CARD):
        s.ra_deck[RA_FIRST_TEMPLE_CARD + i] = temples[i]
    s.ra_deck_n = RA_DECK_SIZE
    shuffle(s, s.ra_deck, RA_DECK_SIZE)
    set_top_color(s)


@njit(cache=True)
def ra_tie_cards(s):
    """§12 difficulty 2 / 3: the High Priest holds 1 / 2 of the tie-winning Decree cards,
    drawn at random, in play with its marker (with the Decree option: taken out of the deck,
    or out of a hand, which then draws in its place, as if dealt from a deck without them).
    Without the option they still decide its ties (held.has_decree, ra_ties)."""
    cards = TIE_DECREES.copy()
    shuffle(s, cards, len(cards))
    for i in range(RA_UTOMA_TIE_CARDS[s.ra_level - 1]):
        c = cards[i]
        s.ra_ties |= 1 << (0 if c == TIE_DECREES[0] else 1)
        if s.opt_decrees:
            holder = s.dec_loc[c] if s.dec_loc[c] < 4 else -1
            decrees.put_in_play(s, c, s.ra_seat)
            if holder >= 0:
                decrees.draw(s, holder)


@njit(cache=True)
def setup_advanced(s, families_on, decrees_on):
    """§11.1 / §11.2: Family cards, then Decree cards, dealt after the Vizier boards; the
    sides of the Family cards are chosen before the first turn."""
    s.opt_families = families_on
    s.opt_decrees = decrees_on
    if families_on:
        families.deal(s)
        s.phase = PH_FAMILY_FACE
    if decrees_on:
        decrees.deal(s)


@njit(cache=True)
def reset(states, seeds, options):
    """options: num_players (the agents' seats), families, decrees (0/1), ra_utoma (0 off,
    else the difficulty: the High Priest takes one more seat, the last); missing = off."""
    fam = options.shape[0] > 1 and options[1] != 0
    dec = options.shape[0] > 2 and options[2] != 0
    ra = options[3] if options.shape[0] > 3 else 0
    n = options[0] + (1 if ra > 0 else 0)
    for b in range(states.shape[0]):
        states[b] = BLANK[0]
        setup(states[b], seeds[b], n)
        if ra > 0:
            ra_setup(states[b], ra)
        setup_advanced(states[b], fam, dec)
        if ra > 0:
            ra_tie_cards(states[b])
