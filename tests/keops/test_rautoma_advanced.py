"""The High Priest of Ra with the advanced rules (§11, §12, §13.8): no Family card and no
Decree hand, its tie-winning cards by difficulty, card 9 and Sobek putting a Decree into play."""
import numpy as np
import pytest

from pyramid_envs.keops import rules
from pyramid_envs.keops import spec_advanced as adv
from pyramid_envs.keops.held import has_decree

from .positions import load, ra_start, ra_top, set_decrees
from .test_rautoma import CARD_OUTCOMES, HP, answer_first, learner_done
from .positions import act


def games(players, families, decrees, level, seeds):
    st = np.zeros(len(seeds), rules.STATE)
    rules.reset(st, np.asarray(seeds, np.uint64), np.array([players, families, decrees, level], np.int64))
    return st


def test_the_high_priest_gets_no_family_card_and_no_decree_hand():
    for s in games(2, 1, 1, 1, range(8)):
        hp = s["ra_seat"]
        assert hp == 2 and s["fam_card"][hp] == -1 and (s["fam_card"][:2] >= 0).all()
        assert not (s["dec_loc"] == hp).any() and s["dec_markers_left"][hp] == adv.DECREE_MARKERS
        assert [(s["dec_loc"] == p).sum() for p in range(2)] == [2, 2]
        assert s["dec_deck_n"] == adv.NUM_DECREES - 4 and s["ra_ties"] == 0


@pytest.mark.parametrize("level,ties", [(1, 0), (2, 1), (3, 2)])
def test_tie_winning_cards_by_difficulty_with_decrees(level, ties):
    """Dealt as if from a deck without them: in play with the High Priest's marker, every
    hand still 2 cards (a hand dealt one draws in its place)."""
    for s in games(3, 0, 1, level, range(30)):
        hp = int(s["ra_seat"])
        held = [c for c in adv.TIE_DECREES if s["dec_loc"][c] == 4 + hp and s["dec_marker"][c, hp]]
        assert len(held) == ties == bin(int(s["ra_ties"])).count("1")
        assert [(s["dec_loc"] == p).sum() for p in range(3)] == [2, 2, 2]
        assert s["dec_markers_left"][hp] == adv.DECREE_MARKERS - ties
        assert s["dec_deck_n"] == adv.NUM_DECREES - 6 - ties
        for c in adv.TIE_DECREES:
            assert has_decree(s, hp, c) == (c in held)


def test_tie_winning_cards_decide_ties_without_the_decree_option():
    seen = set()
    for s in games(1, 0, 0, 2, range(20)):
        assert not s["opt_decrees"] and not s["dec_marker"].any()
        held = [c for c in adv.TIE_DECREES if has_decree(s, HP, c)]
        assert len(held) == 1 and not any(has_decree(s, 0, c) for c in adv.TIE_DECREES)
        seen.add(held[0])
        load(s.reshape(1).copy())  # the codec keeps them (ra_utoma.ties)
    assert seen == set(int(c) for c in adv.TIE_DECREES)  # either card, at random


@pytest.mark.parametrize("card", [9, 24])
def test_card_9_and_sobek_put_the_top_decree_into_play(card):
    st = ra_start(1, 1)
    set_decrees(st, hands=[["wharf", "market"]])
    s = st[0]
    top = int(s["dec_deck"][s["dec_deck_n"] - 1])
    ra_top(st, card)
    learner_done(st)
    act(st, "DONE")
    assert answer_first(st) == CARD_OUTCOMES[card][0]
    assert s["dec_loc"][top] == 4 + HP and s["dec_marker"][top, HP] == 1
    assert s["dec_markers_left"][HP] == adv.DECREE_MARKERS - 1
    load(st)
