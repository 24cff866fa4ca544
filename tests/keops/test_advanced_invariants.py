"""Long random play with the Family and Decree options on (also with the High Priest of
Ra): masks never empty, every component conserved (decree cards and markers too), games end,
same seed same game, and determinize changes nothing the seat sees (the other decree hands
and the deck are hidden)."""
import numpy as np
import pytest

from pyramid_envs.keops import rules
from pyramid_envs.keops.actions import NUM_ACTIONS
from pyramid_envs.keops.spec_advanced import (DEC_DECK, DECREE_EXCLUSIVE, DECREE_MARKERS,
                                              NUM_DECREES)
from pyramid_envs.keops.state import GLANCE_SIZE, OBS_SIZE

from .test_invariants import check_conservation, determinized_copies_look_the_same, play_random


def new_games(num_players, seeds, families=True, decrees=True, ra=0):
    st = np.zeros(len(seeds), rules.STATE)
    rules.reset(st, np.asarray(seeds, np.uint64),
                np.array([num_players, int(families), int(decrees), ra], np.int64))
    return st


def check_advanced(st):
    for s in st:
        n, hp = int(s["num_players"]), int(s["ra_seat"])
        if s["opt_families"]:  # one card each, none for the High Priest
            cards = [int(c) for p, c in enumerate(s["fam_card"][:n]) if p != hp]
            assert len(set(cards)) == len(cards) and min(cards) >= 0
            assert hp < 0 or s["fam_card"][hp] == -1
        if not s["opt_decrees"]:
            assert not s["dec_marker"].any()
            continue
        loc = s["dec_loc"]
        assert hp < 0 or not (loc == hp).any()  # the High Priest holds no hand
        assert ((loc >= 0) & (loc < 4 + 4) & ((loc % 4) < n) | (loc == DEC_DECK)).all()
        deck = sorted(int(c) for c in s["dec_deck"][:s["dec_deck_n"]])
        assert deck == sorted(int(c) for c in np.flatnonzero(loc == DEC_DECK))
        on = s["dec_marker"][:, :n]
        assert (on.sum(axis=0) + s["dec_markers_left"][:n] == DECREE_MARKERS).all()
        in_play = (loc >= 4) & (loc < DEC_DECK)
        assert not on[~in_play].any()
        assert (on[DECREE_EXCLUSIVE].sum(axis=1) <= 1).all()


def run(num_players, seeds, families=True, decrees=True, check_every=1, ra=0):
    return play_random(new_games(num_players, seeds, families, decrees, ra), int(seeds[0]), check_every,
                       (check_conservation, check_advanced))


@pytest.mark.parametrize("num_players,families,decrees,ra",
                         [(2, True, True, 0), (3, True, False, 0), (4, False, True, 0), (4, True, True, 0),
                          (1, True, True, 3), (2, True, True, 2), (3, False, True, 1)])
def test_random_games_end_and_conserve(num_players, families, decrees, ra):
    st, hist = run(num_players, list(range(200, 206)), families, decrees, check_every=5, ra=ra)
    check_conservation(st)
    check_advanced(st)
    assert st["terminated"].all(), "random games should end within the step cap"
    for s in st:
        n = int(s["num_players"])
        assert (s["scores"][:n] == s["major_favors"][:n] + s["minor_favors"][:n] // 2).all()
    # the advanced actions are reached by random play
    acts = np.concatenate(hist)
    from pyramid_envs.keops.actions import A_DECREE_PLAY, A_FAMILY_FACE
    if families:
        assert ((acts >= A_FAMILY_FACE) & (acts < A_FAMILY_FACE + 2)).any()
    if decrees:
        assert ((acts >= A_DECREE_PLAY) & (acts < A_DECREE_PLAY + NUM_DECREES)).any()


def test_same_seed_same_game():
    a, ha = run(3, [7, 8], check_every=50)
    b, hb = run(3, [7, 8], check_every=50)
    assert np.array_equal(np.array(ha), np.array(hb))
    assert a.tobytes() == b.tobytes()


def test_determinize_hides_decree_hands_and_deck():
    moved = []

    def own_hand_kept(st, d, seats):
        check_advanced(d)
        for b in range(len(st)):
            own = st[b]["dec_loc"] == seats[b]
            assert np.array_equal(d[b]["dec_loc"][own], st[b]["dec_loc"][own])
            moved.append((d[b]["dec_loc"] != st[b]["dec_loc"]).any())

    determinized_copies_look_the_same(new_games(4, [11, 12, 13]), 400, 20, own_hand_kept)
    assert any(moved), "determinize should redeal the unseen decree cards"


def test_observation_follows_the_documented_layout_with_the_options():
    from .test_invariants import reference_observation
    st, _ = run(4, [41, 42], check_every=10_000)
    mid = new_games(3, [5])
    obs = np.zeros((len(st) + 1, OBS_SIZE), np.float32)
    st = np.concatenate([mid, st])
    seats = np.array([0, 1, 2], np.int64)
    rules.observe(st, seats, obs)
    for b in range(len(st)):
        assert np.allclose(obs[b, :OBS_SIZE - GLANCE_SIZE], reference_observation(st[b], seats[b]), atol=1e-6)


def test_options_off_never_open_an_advanced_action():
    from pyramid_envs.keops.actions import NUM_BASE_ACTIONS
    st = new_games(3, [51, 52], families=False, decrees=False)
    mask = np.zeros((2, NUM_ACTIONS), np.int8)
    rew = np.zeros((2, 4), np.float32)
    rng = np.random.default_rng(2)
    while not st["terminated"].all():
        rules.legal_mask(st, mask)
        assert not mask[:, NUM_BASE_ACTIONS:].any()
        acts = np.array([rng.choice(np.flatnonzero(m)) if not s["terminated"] else -1
                         for m, s in zip(mask, st)])
        rules.step(st, acts, rew)
    assert not st["opt_families"].any() and not st["opt_decrees"].any()


def test_codec_round_trips_random_positions_with_the_options():
    from pyramid_envs.keops import GAME
    st = new_games(3, [61, 62])
    mask = np.zeros((2, NUM_ACTIONS), np.int8)
    rew = np.zeros((2, 4), np.float32)
    rng = np.random.default_rng(3)
    k = 0
    while not st["terminated"].all():
        rules.legal_mask(st, mask)
        acts = np.array([rng.choice(np.flatnonzero(m)) if not s["terminated"] else -1
                         for m, s in zip(mask, st)])
        rules.step(st, acts, rew)
        k += 1
        if k % 3 == 0:
            for b in range(2):
                back = GAME.from_dict(GAME.to_dict(st[b:b + 1]))
                assert back.tobytes() == st[b:b + 1].tobytes()
