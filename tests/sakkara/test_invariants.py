"""Long random play on the batched core: conservation, masks, termination, determinism, secrecy."""
import numpy as np
import pytest
from numba import njit

from pyramid_envs.sakkara import GAME, rules, spec

from ..core.batch import assert_batch_equals_alone

MAX_STEPS = 4000  # random games end by the rules at a median of about 1,450 steps


@njit(cache=True)
def _sample(masks, live, key, out):
    """A uniformly random legal action per live game (splitmix64 keyed by `key`), -1 otherwise."""
    for b in range(masks.shape[0]):
        out[b] = -1
        if not live[b]:
            continue
        n = 0
        for a in range(masks.shape[1]):
            n += masks[b, a]
        x = key + np.uint64(b) * np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        x = x ^ (x >> np.uint64(31))
        k = np.int64(x % np.uint64(n))
        for a in range(masks.shape[1]):
            if masks[b, a]:
                if k == 0:
                    out[b] = a
                    break
                k -= 1


@njit(cache=True)
def _conserved(states):
    """-1 when every game holds its 75 tiles (board + racks + pyramids + pending + destroyed)
    with consistent stacks of at most 9 and workers, else the first bad game."""
    for b in range(states.shape[0]):
        s = states[b]
        count = np.zeros(spec.NUM_MOTIFS, np.int64)
        for c in range(spec.NUM_CELLS):
            h = s.height[c]
            if h < 0 or h > spec.STACK_LIMIT:  # "A stack cannot have more than 9 tiles in it"
                return b
            for j in range(spec.MAX_HEIGHT):
                x = s.stack[c, j]
                if (j < h) != (x >= 0):
                    return b
                if x >= 0:
                    count[x] += 1
        for p in range(2):
            for m in range(spec.NUM_MOTIFS):
                if s.rack[p, m] < 0 or s.built[p, m] < 0:
                    return b
                count[m] += s.rack[p, m] + s.built[p, m]
        for j in range(s.pend_lo, s.pend_n):
            count[s.pend[j]] += 1
        count[spec.SHIP] += s.lost_ship
        count[spec.GRAIN] += s.lost_grain
        for m in range(spec.NUM_MOTIFS):
            if count[m] != spec.MOTIF_COUNT[m]:
                return b
        if s.phase != spec.PH_SETUP:
            for p in range(2):
                for w in range(2):
                    if s.wpos[p, w] < 0:
                        return b
        for i in range(4):
            for j in range(i + 1, 4):
                a = s.wpos[i // 2, i % 2]
                if a >= 0 and a == s.wpos[j // 2, j % 2]:
                    return b
        if not s.terminated and s.phase != spec.PH_DISCARD and s.phase != spec.PH_SETUP:
            if s.phase != spec.PH_BEFORE and s.phase != spec.PH_AFTER:
                n = 0
                for m in range(spec.NUM_MOTIFS):
                    n += s.rack[s.mover, m]
                if n > spec.RACK_LIMIT:
                    return b
    return -1


def random_games(num_games, batch, seed, check_every_step=True, max_steps=MAX_STEPS, turn_limit=0):
    """Plays num_games to the end or to max_steps; returns (final states, steps played).
    turn_limit 0: the rulebook's game, ended only by an apex."""
    finals, lengths = [], []
    first = 0
    masks = np.zeros((batch, spec.NUM_ACTIONS), np.int8)
    actions = np.zeros(batch, np.int64)
    rewards = np.zeros((batch, 2), np.float32)
    while first < num_games:
        n = min(batch, num_games - first)
        st = GAME.new_states(n)
        GAME.reset(st, np.arange(first, first + n) + seed * 1_000_003, {"turn_limit": turn_limit})
        length = np.full(n, max_steps)
        for i in range(max_steps):
            live = ~st["terminated"]
            if not live.any():
                break
            rules.legal_mask(st, masks[:n])
            assert masks[:n][live].any(axis=1).all(), "empty mask in a live game"
            assert not masks[:n][~live].any(), "a finished game offers actions"
            _sample(masks[:n], live, np.uint64(seed * 7919 + i), actions[:n])
            rules.step(st, actions[:n], rewards[:n])
            ended = st["terminated"] & live
            length[ended] = i + 1
            won = ended & (st["scores"].sum(axis=1) == 1)
            if won.any():
                r = rewards[:n][won]
                assert np.array_equal(np.sort(r, axis=1), np.tile([-1.0, 1.0], (len(r), 1)))
            if (ended & ~won).any():
                assert (rewards[:n][ended & ~won] == 0).all() and (st["turn"][ended & ~won] == turn_limit).all()
            if check_every_step:
                bad = _conserved(st)
                assert bad < 0, f"a tile appeared or vanished in game {first + bad} at step {i}"
        finals.append(st)
        lengths.append(length)
        first += n
    return np.concatenate(finals), np.concatenate(lengths)


def test_thousands_of_random_games_keep_the_invariants():
    finals, lengths = random_games(2000, 1000, seed=0, max_steps=2500)
    assert _conserved(finals) < 0
    ended = finals["terminated"]
    # every ended game has exactly one winner with a complete pyramid
    assert (finals["scores"][ended].sum(axis=1) == 1).all()
    assert (finals["done"][ended].max(axis=1) == spec.NUM_STEPS).all()
    assert (finals["done"][~ended] < spec.NUM_STEPS).all()
    assert ended.mean() > 0.7, f"only {ended.mean():.1%} of random games ended by the rules in 2,500 steps"
    # both seats win sometimes
    assert (finals["scores"][ended, 0] == 1).any() and (finals["scores"][ended, 1] == 1).any()


def test_a_turn_limit_of_1000_ends_every_game_and_rarely_decides_random_ones():
    # the option is off by default (0); at 1000 it only ends games that would go on for ever
    assert spec.DEFAULT_TURN_LIMIT == 0
    finals, _ = random_games(200, 200, seed=2, check_every_step=False, max_steps=20000, turn_limit=1000)
    assert finals["terminated"].all()
    draws = finals["scores"].sum(axis=1) == 0
    assert (finals["turn"][draws] == 1000).all()
    assert 0 < draws.mean() < 0.3


@pytest.mark.slow
def test_soak_random_games():
    finals, lengths = random_games(20000, 2000, seed=1, check_every_step=True, max_steps=MAX_STEPS)
    ended = finals["terminated"]
    assert (finals["scores"][ended].sum(axis=1) == 1).all()
    print(f"\nended by the rules: {ended.mean():.2%} of {len(finals)} random games within {MAX_STEPS} steps;"
          f" median length {np.median(lengths[ended]):.0f} steps")


def test_same_seed_same_game():
    a, _ = random_games(40, 40, seed=7, max_steps=600)
    b, _ = random_games(40, 40, seed=7, max_steps=600)
    c, _ = random_games(40, 40, seed=8, max_steps=600)
    assert a.tobytes() == b.tobytes() and a.tobytes() != c.tobytes()


def _midgame(n, seed, steps=300):
    st, _ = random_games(n, n, seed=seed, check_every_step=False, max_steps=steps)
    return st[~st["terminated"]]


def test_observation_depends_on_nothing_hidden_and_determinize_only_reseeds():
    """Everything is in view for a perfect-recall player: the only state a seat cannot
    see is the unused random stream, which the observation ignores."""
    st = _midgame(64, seed=3)
    for seat in (0, 1):
        seats = np.full(len(st), seat)
        obs = GAME.observe(st, seats)
        other = st.copy()
        other["rng"] ^= np.uint64(0xDEADBEEF)
        assert np.array_equal(GAME.observe(other, seats), obs)
        det = GAME.determinize(st, seats, list(range(len(st))))
        assert (det["rng"] != st["rng"]).all(), "determinize reseeds the random stream"
        rest = [f for f in spec_fields() if f != "rng"]
        assert all(np.array_equal(det[f], st[f]) for f in rest), "nothing else is hidden"
        assert np.array_equal(GAME.observe(det, seats), obs)
        assert ((obs >= 0) & (obs <= 1)).all()


def spec_fields():
    return rules.STATE.names


def test_the_observation_shows_both_racks_and_the_stacks():
    """Open information: the opponent's rack and buried tiles change the observation."""
    st = _midgame(32, seed=4)
    seats = st["current_player"].astype(np.int64)
    obs = GAME.observe(st, seats)
    changed = st.copy()
    for b in range(len(changed)):
        o = 1 - seats[b]
        changed[b]["rack"][o, spec.MOON] += 1
        changed[b]["rack"][o, spec.SUN] -= 1 if changed[b]["rack"][o, spec.SUN] > 0 else -1
    assert (np.abs(GAME.observe(changed, seats) - obs).sum(axis=1) > 0).all()
    g = spec.NUM_CELLS * spec.CELL_FEATURES + spec.PLAYER_FEATURES
    assert np.allclose(obs[:, g:g + spec.NUM_MOTIFS] * spec.MOTIF_COUNT,
                       st["rack"][np.arange(len(st)), 1 - seats])


def test_observation_sees_from_each_seat():
    st = _midgame(16, seed=5)
    o0 = GAME.observe(st, np.zeros(len(st), np.int64))
    o1 = GAME.observe(st, np.ones(len(st), np.int64))
    base = spec.NUM_CELLS * spec.CELL_FEATURES
    P = spec.PLAYER_FEATURES
    assert np.array_equal(o0[:, base:base + P], o1[:, base + P:base + 2 * P])
    assert np.array_equal(o0[:, base + P:base + 2 * P], o1[:, base:base + P])


def test_a_batch_plays_exactly_as_games_alone():
    """As tests/core's batch test, over 500 steps."""
    assert_batch_equals_alone(GAME, B=12, steps=500)