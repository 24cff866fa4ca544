"""Long random play on the batched core: conservation, masks, termination, determinism, secrecy."""
import numpy as np
import pytest

from pyramid_envs.core import RandomPolicy
from pyramid_envs.kheops import GAME, spec

MAX_STEPS = 30 * 4  # 30 turns of at most pawn + two instant steps + tile


def check_conservation(st):
    B = len(st)
    pile = np.where(np.arange(spec.NUM_TILES)[None] < st["pile_size"][:, None], st["pile"], -1)
    every = np.concatenate([st["cell_tile"], st["hand"].reshape(B, -1), pile], axis=1)
    assert ((every >= 0).sum(axis=1) == spec.NUM_TILES).all(), "a tile appeared or vanished"
    assert (np.sort(every, axis=1)[:, -spec.NUM_TILES:] == np.arange(spec.NUM_TILES)).all()
    assert (st["pile"][np.arange(spec.NUM_TILES)[None] >= st["pile_size"][:, None]] == -1).all()
    for p in range(2):
        for k in range(spec.NUM_PAWN_KINDS):
            on_board = ((st["pawn_owner"] == p) & (st["pawn_kind"] == k)).sum(axis=1)
            gone = st["removed"][:, p] if k == spec.WORKER else 0
            assert (st["supply"][:, p, k] + on_board + gone == spec.PAWN_COUNTS[p, k]).all(), \
                "a pawn appeared or vanished"
    assert (st["pawn_owner"][st["cell_tile"] < 0] == -1).all(), "a pawn off the board"
    closed = (st["cell_tile"] >= 0) & (spec.TILE_SYMBOL[np.maximum(st["cell_tile"], 0)] == spec.CLOSED)
    assert (st["pawn_owner"][closed] == -1).all(), "a pawn on a closed tile"


def random_games(num_games, batch, seed, check_every_step=True):
    """Plays num_games to the end; returns the final states and the step counts."""
    policy = RandomPolicy(seed)
    finals = []
    first = 0
    while first < num_games:
        n = min(batch, num_games - first)
        st = GAME.new_states(n)
        GAME.reset(st, np.arange(first, first + n) + seed * 1_000_003)
        for _ in range(MAX_STEPS + 1):
            live = ~st["terminated"]
            if not live.any():
                break
            masks = GAME.legal_mask(st)
            assert masks[live].any(axis=1).all(), "empty mask in a live game"
            assert not masks[~live].any(), "a finished game offers actions"
            actions = np.where(live, policy(None, masks | ~live[:, None]), -1)
            GAME.step(st, actions)
            if check_every_step:
                check_conservation(st)
        assert st["terminated"].all(), "a game did not end within 30 turns"
        assert (st["cell_tile"] >= 0).all()
        finals.append(st)
        first += n
    return np.concatenate(finals)


def test_thousands_of_random_games_keep_the_invariants():
    finals = random_games(2000, 250, seed=0)
    check_conservation(finals)
    # the last tile is Red's and White keeps one in hand
    assert ((finals["hand"][:, 0] >= 0).sum(axis=1) == 1).all()
    assert ((finals["hand"][:, 1] >= 0).sum(axis=1) == 0).all()
    assert (finals["pile_size"] == 0).all()
    assert len(np.unique(finals["scores"], axis=0)) > 100  # the games really differ


@pytest.mark.slow
def test_soak_random_games():
    random_games(40000, 1000, seed=1, check_every_step=False)


def test_same_seed_same_game():
    a = random_games(50, 50, seed=7)
    b = random_games(50, 50, seed=7)
    c = random_games(50, 50, seed=8)
    assert a.tobytes() == b.tobytes() and a.tobytes() != c.tobytes()


def test_observation_reveals_neither_opponent_hand_nor_draw_order():
    policy = RandomPolicy(5)
    st = GAME.new_states(64)
    GAME.reset(st, np.arange(64))
    changed = 0
    for _ in range(60):
        for seat in (0, 1):
            seats = np.full(len(st), seat)
            other = GAME.determinize(st, seats, np.arange(len(st)) + 99)
            # determinize keeps what the seat sees ...
            assert np.array_equal(other["hand"][:, seat], st["hand"][:, seat])
            assert np.array_equal(other["cell_tile"], st["cell_tile"])
            hidden = np.concatenate([other["hand"][:, 1 - seat], other["pile"]], axis=1)
            changed += (hidden != np.concatenate([st["hand"][:, 1 - seat], st["pile"]], axis=1)).any(axis=1).sum()
            # ... and the seat's observation cannot tell the two apart
            assert np.array_equal(GAME.observe(other, seats), GAME.observe(st, seats))
            check_conservation(other)
        live = ~st["terminated"]
        if not live.any():
            break
        masks = GAME.legal_mask(st)
        GAME.step(st, np.where(live, policy(None, masks | ~live[:, None]), -1))
    assert changed > 1000  # the hidden part really was resampled


def test_observation_shows_own_hand():
    st = GAME.new_states(1)
    GAME.reset(st, [0])
    swapped = st.copy()
    swapped["hand"][0, 0, 0], swapped["pile"][0, 0] = st["pile"][0, 0], st["hand"][0, 0, 0]
    assert not np.array_equal(GAME.observe(swapped, [0]), GAME.observe(st, [0]))
    assert np.array_equal(GAME.observe(swapped, [1]), GAME.observe(st, [1]))
