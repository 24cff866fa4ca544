"""Long random play on the batched core: conservation, masks, determinism, secrecy.

Random play almost never finishes a game of Krimsutep (see docs/rules/krimsutep.md,
"Random play"): these runs are truncated at a step cap and the invariants are checked
at every step; the share that ends by the rules is measured in the slow soak.
"""
import numpy as np
import pytest

from pyramid_envs.core import RandomPolicy
from pyramid_envs.krimsutep import GAME, rules, spec

NPATH = spec.NUM_PATH


def _add(counts, vals, mask=None):
    B, K = vals.shape
    rows = np.repeat(np.arange(B), K).reshape(B, K)
    ok = vals >= 0 if mask is None else (vals >= 0) & mask
    np.add.at(counts, (rows[ok], vals[ok].astype(np.int64)), 1)


def check_conservation(st):
    """Every card of the pyramid and all 40 excavation cards in exactly one place."""
    B = len(st)
    idx = np.arange(spec.MAX_BESIDE)[None]
    counts = np.zeros((B, spec.NUM_CARDS), np.int64)
    _add(counts, st["cell_card"])
    _add(counts, st["beside"], idx < st["beside_n"][:, None])
    _add(counts, st["tr_cards"], idx < st["tr_n"][:, None])
    _add(counts, st["carry_jar"])
    _add(counts, st["carry_tr"])
    _add(counts, st["rq"], np.arange(10)[None] < st["rq_n"][:, None])
    for g in range(spec.NUM_GODS):
        counts[:, spec.JAR0 + g] += ((st["camp_jars"] >> g) & 1).sum(axis=1)
    want = np.zeros((B, spec.NUM_CARDS), np.int64)
    want[:, :NPATH] = 1
    want[:, spec.GRAVE_ID] = 1
    want[:, spec.JAR0:spec.JAR0 + 5] = st["jar_used"]
    in_flow = (st["tr_stage"] == 2)[:, None] & (st["tr_god"][:, None] == np.arange(5)[None])
    want[:, spec.TREASURE0:spec.TREASURE0 + 5] = (st["treasure_state"] == rules.T_IN_PLAY) & ~in_flow
    assert np.array_equal(counts, want), f"a card appeared or vanished in games {np.flatnonzero((counts != want).any(axis=1))}"
    on_board = ((st["cell_card"] >= spec.JAR0) & (st["cell_card"] < spec.GRAVE_ID)).sum(axis=1)
    on_board += ((st["tr_cards"] >= spec.JAR0) & (idx < st["tr_n"][:, None])).sum(axis=1)  # picked
    assert (st["beside_n"] == on_board + (st["tr_stage"] == 2)).all()
    assert (st["cell_card"][:, spec.GRAVE] == spec.GRAVE_ID).all()
    # the light triangle keeps light cards, the dark part dark ones (or jars / treasures)
    cc = st["cell_card"][:, :spec.GRAVE]
    backs = np.where(cc >= 0, spec.CARD_BACK[np.maximum(cc, 0)], -1)
    light = spec.LIGHT_CELL[:spec.GRAVE][None]
    assert ((backs == spec.LIGHT_BACK) | ~light).all() and ((backs != spec.LIGHT_BACK) | light).all()
    # excavation cards
    ex = np.zeros((B, spec.NUM_EXC), np.int64)
    _add(ex, st["deck"], np.arange(40)[None] < st["deck_n"][:, None])
    _add(ex, st["disc"], np.arange(40)[None] < st["disc_n"][:, None])
    _add(ex, st["hand"].reshape(B, -1),
         (np.arange(5)[None, None] < st["hand_n"][:, :, None]).reshape(B, -1))
    _add(ex, st["torch"])
    assert (ex == 1).all(), "an excavation card appeared or vanished"
    assert (st["hand_n"] <= spec.HAND_LIMIT).all()
    assert (st["ankhs"] <= spec.MAX_ANKHS).all() and (st["ankhs"] >= 0).all()
    n = st["num_players"][:, None]
    active = (np.arange(5)[None] < n)
    assert (st["pos"][active] != spec.GRAVE).all(), "a researcher in the grave chamber"


def random_play(num_games, batch, steps, seed, num_players=2, check=True):
    policy = RandomPolicy(seed)
    finals = []
    for first in range(0, num_games, batch):
        n = min(batch, num_games - first)
        st = GAME.new_states(n)
        GAME.reset(st, np.arange(first, first + n) + seed * 1_000_003, {"num_players": num_players})
        for _ in range(steps):
            live = ~st["terminated"]
            if not live.any():
                break
            masks = GAME.legal_mask(st)
            assert masks[live].any(axis=1).all(), "empty mask in a live game"
            assert not masks[~live].any(), "a finished game offers actions"
            assert (st["phase"][live] < spec.NUM_PHASES).all()
            GAME.step(st, np.where(live, policy(None, masks | ~live[:, None]), -1))
            if check:
                check_conservation(st)
        finals.append(st)
    return np.concatenate(finals)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_thousands_of_random_games_keep_the_invariants(n):
    finals = random_play(1000, 500, 300, seed=n, num_players=n)
    assert (finals["steps"] > 0).all()
    assert len(np.unique(finals["cell_up"], axis=0)) > 900  # the games really differ
    assert finals["awake"].any()  # jars were found in some games


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 5])
def test_soak_random_games(n):
    finals = random_play(256, 256, 50_000, seed=10 + n, num_players=n, check=False)
    check_conservation(finals)
    print(f"{n} players: {finals['terminated'].mean():.3f} of random games ended by the rules in 50000 steps")


def test_same_seed_same_game():
    a = random_play(32, 32, 400, seed=7)
    b = random_play(32, 32, 400, seed=7)
    c = random_play(32, 32, 400, seed=8)
    assert a.tobytes() == b.tobytes() and a.tobytes() != c.tobytes()


def hidden_equal(a, b, seat):
    """What seat may see is the same in both: only hidden parts differ."""
    return np.array_equal(GAME.observe(a, np.full(len(a), seat)), GAME.observe(b, np.full(len(b), seat)))


def test_determinize_keeps_the_seats_view_and_changes_the_hidden_parts():
    policy = RandomPolicy(5)
    st = GAME.new_states(64)
    GAME.reset(st, np.arange(64), {"num_players": 3})
    changed_cells = changed_hands = changed_deck = 0
    for t in range(200):
        if t % 10 == 0:
            for seat in range(3):
                seats = np.full(len(st), seat)
                other = GAME.determinize(st, seats, np.arange(len(st)) + 99 + t)
                assert np.array_equal(GAME.observe(other, seats), GAME.observe(st, seats))
                check_conservation(other)
                # the seat's own hand, everything face up, every public count stays
                assert np.array_equal(other["hand"][:, seat], st["hand"][:, seat])
                up = st["cell_up"] != 0
                assert np.array_equal(np.where(up, other["cell_card"], -9), np.where(up, st["cell_card"], -9))
                known = st["known"][:, seat] != 0
                assert np.array_equal(np.where(known, other["cell_card"], -9), np.where(known, st["cell_card"], -9))
                assert np.array_equal(other["disc"], st["disc"])
                changed_cells += (other["cell_card"] != st["cell_card"]).any(axis=1).sum()
                others = [q for q in range(3) if q != seat]
                changed_hands += (other["hand"][:, others] != st["hand"][:, others]).any(axis=(1, 2)).sum()
                changed_deck += (other["deck"] != st["deck"]).any(axis=1).sum()
        live = ~st["terminated"]
        masks = GAME.legal_mask(st)
        GAME.step(st, np.where(live, policy(None, masks | ~live[:, None]), -1))
    assert changed_cells > 500 and changed_hands > 500 and changed_deck > 500


def test_two_states_differing_only_in_hidden_things_look_the_same():
    st = GAME.new_states(1)
    GAME.reset(st, [3], {"num_players": 2})
    # swap two face-down dark cards of the same god: invisible to everyone
    d = st.copy()
    cc = st[0]["cell_card"].copy()
    pairs = [(a, b) for a in range(spec.GRAVE) for b in range(a + 1, spec.GRAVE)
             if spec.CARD_BACK[cc[a]] == spec.CARD_BACK[cc[b]] and spec.CARD_GOD[cc[a]] == spec.CARD_GOD[cc[b]]
             and spec.CARD_SHAPE[cc[a]] != spec.CARD_SHAPE[cc[b]]]
    a, b = pairs[0]
    d[0]["cell_card"][a], d[0]["cell_card"][b] = cc[b], cc[a]
    d[0]["cell_rot"][a] = (d[0]["cell_rot"][a] + 1) % 4
    assert hidden_equal(st, d, 0) and hidden_equal(st, d, 1)
    # the opponent's hand and the deck order: hidden from seat 0, not from seat 1
    e = st.copy()
    e[0]["hand"][1, 0], e[0]["deck"][0] = st[0]["deck"][0], st[0]["hand"][1, 0]
    assert hidden_equal(st, e, 0) and not hidden_equal(st, e, 1)
    # a card that seat 0 peeked at is seen by seat 0 only
    f = st.copy()
    f[0]["known"][0, a] = 1
    g = f.copy()
    g[0]["cell_card"][a], g[0]["cell_card"][b] = cc[b], cc[a]
    assert not hidden_equal(f, g, 0) and hidden_equal(f, g, 1)


def test_peeked_card_is_in_the_peekers_observation_only():
    from .positions import act, hand, load, start
    d = start(3)
    hand(d, 0, ["eyeglasses"])
    st = load(d)
    act(st, "play 1 eyeglasses")
    act(st, "select d2")
    c = 3 + 6  # d2
    base = c * spec.CELL_FEATURES
    for seat in range(3):
        o = GAME.observe(st, [seat])[0]
        assert (o[base + 9] == 1.0) == (seat == 0)
        assert (o[base + 10:base + 22].any()) == (seat == 0)
    # determinize for the peeker keeps the card; for the others it may move
    keep = GAME.determinize(st, [0], [1])
    assert keep[0]["cell_card"][c] == st[0]["cell_card"][c]
    moved = sum(GAME.determinize(st, [1], [s])[0]["cell_card"][c] != st[0]["cell_card"][c] for s in range(20))
    assert moved > 0


def test_observations_stay_in_the_unit_box():
    finals = random_play(64, 64, 300, seed=3, num_players=5, check=False)
    for seat in range(5):
        o = GAME.observe(finals, np.full(len(finals), seat))
        assert o.min() >= 0.0 and o.max() <= 1.0 and o.dtype == np.float32
