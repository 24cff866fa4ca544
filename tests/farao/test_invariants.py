"""Long random play on the batched core: conservation at every step, masks never empty,
games end by the rules or truncate, a game found stuck never finishes, same seed same game,
and no leak of face-down tiles."""
import numpy as np
import pytest
from numba import njit

from pyramid_envs.farao import GAME, spec
from pyramid_envs.farao.reach import stuck
from pyramid_envs.farao.rules import C_TILE, CELL_KIND

A = spec.NUM_ACTIONS


@njit(cache=True)
def _violation(st, out):
    """out[b] = 0 when game b keeps every invariant, else a code naming the first broken one."""
    seen = np.zeros(spec.NUM_TILES, np.int8)
    for b in range(st.shape[0]):
        s = st[b]
        out[b] = 0
        pyr = s.pyramid
        n = s.num_players
        seen[:] = 0
        for c in range(spec.NUM_CELLS):
            if CELL_KIND[pyr, c] == C_TILE:
                t = s.tile[c]
                if t < 0 or t >= spec.TILES_IN_GAME[pyr] or seen[t]:
                    out[b] = 1  # a tile vanished or appears twice
                    break
                seen[t] = 1
                if not s.up[c] and s.rot[c] != 0:
                    out[b] = 2
            elif s.tile[c] != -1 or s.up[c]:
                out[b] = 3  # a tile off the pyramid
        if out[b]:
            continue
        for k in range(spec.NUM_ITEMS):
            total = s.supply[k] + s.coffer[k]
            for p in range(n):
                total += s.items[p, k]
            want = spec.ITEM_TOKENS if k < spec.ITEMS_IN_GAME[pyr] else 0
            if total != want or s.supply[k] < 0:
                out[b] = 4  # an item token appeared or vanished
        for c in range(spec.NUM_COLOURS):
            total = s.insc_supply[c]
            for p in range(n):
                total += s.insc[p, c]
            want = spec.INSCRIPTION_TOKENS if c < spec.COLOURS_IN_GAME[pyr] else 0
            if total != want:
                out[b] = 5  # an inscription token appeared or vanished
        finished = 0
        for p in range(n):
            if s.place[p] != 0:
                finished += 1
            for k in range(spec.FIGURES):
                c = s.fig[p, k]
                if c < 0:
                    continue
                kind = CELL_KIND[pyr, c]
                if 0 < s.place[p] <= s.finished or kind == 0 or kind == spec.C_CHAMBER:
                    out[b] = 6  # a figure where none can be (those who did not enter stay)
                if kind == C_TILE and (not s.up[c] or c == s.curse):
                    out[b] = 7  # a figure on a face-down or cursed tile
        if s.terminated:
            if finished != n:
                out[b] = 8
        elif finished != s.finished or finished >= n - 1 or (finished > 0 and not s.chamber_open):
            out[b] = 8
        if s.curse >= 0 and (CELL_KIND[pyr, s.curse] != C_TILE or not s.up[s.curse]):
            out[b] = 9


@njit(cache=True)
def _pick(masks, keys, out):
    for b in range(masks.shape[0]):
        best = -1
        bk = -1.0
        for a in range(masks.shape[1]):
            if masks[b, a] and keys[b, a] > bk:
                bk = keys[b, a]
                best = a
        out[b] = best


def play(num_games, batch, seed, max_steps, check=True, **options):
    """Random games to the end or max_steps; returns the final states."""
    rng = np.random.default_rng(seed)
    finals = []
    first = 0
    while first < num_games:
        n = min(batch, num_games - first)
        st = GAME.new_states(n)
        GAME.reset(st, np.arange(first, first + n) + seed * 1_000_003, options)
        masks = np.zeros((n, A), np.int8)
        actions = np.zeros(n, np.int64)
        bad = np.zeros(n, np.int64)
        rewards = np.zeros((n, spec.MAX_PLAYERS), np.float32)
        for _ in range(max_steps):
            live = ~st["terminated"]
            if not live.any():
                break
            GAME.kernels.legal_mask(st, masks)
            assert masks[live].any(axis=1).all(), "empty mask in a live game"
            assert not masks[~live].any(), "a finished game offers actions"
            _pick(masks, rng.random((n, A), np.float32), actions)
            actions[~live] = -1
            GAME.kernels.step(st, actions, rewards)
            ended = live & st["terminated"]
            if ended.any():
                np.testing.assert_allclose(rewards[ended].sum(axis=1), 0.0, atol=1e-6)
            if check:
                _violation(st, bad)
                assert not bad.any(), f"invariant {bad.max()} broken in game {np.flatnonzero(bad)[0]}"
        finals.append(st)
        first += n
    return np.concatenate(finals)


def report(finals, label):
    share = finals["terminated"].mean()
    print(f"\n{label}: {share:.1%} of {len(finals)} random games ended by the rules")
    return share


def by_chamber(finals):
    """The finished games that ended with every player but one in the chamber."""
    done = finals[finals["terminated"]]
    n = done["num_players"][0] if len(done) else 0
    return done[done["finished"] == n - 1]


def check_stuck_ends(finals):
    """Games ended as stuck: those who entered keep 1..k, the others share place k + 1."""
    done = finals[finals["terminated"]]
    for s in done[done["finished"] < done["num_players"] - 1]:
        n, k = s["num_players"], s["finished"]
        assert sorted(s["place"][:n]) == list(range(1, k + 1)) + [k + 1] * (n - k)
        assert (s["scores"][:n] == n - s["place"][:n] + 1).all()


def test_thousands_of_random_games_small_pyramid_two_players():
    finals = play(1000, 500, seed=0, max_steps=2500)
    share = report(finals, "small, 2 players, 2500 steps")
    assert share > 0.6
    check_stuck_ends(finals)
    done = by_chamber(finals)
    assert len(done) > 500 and (np.sort(done["place"][:, :2], axis=1) == [1, 2]).all()
    assert (np.sort(done["scores"][:, :2], axis=1) == [1, 2]).all()
    assert (done["insc"][done["place"][:, :2].argmin(axis=1) == 0][:, 0].sum(axis=1) >= 5).all()


@pytest.mark.parametrize("pyramid, n, steps", [("small", 6, 6000), ("big", 2, 4000), ("big", 6, 8000)])
def test_random_games_other_boards_and_player_counts(pyramid, n, steps):
    finals = play(48, 48, seed=1, max_steps=steps, num_players=n, pyramid=pyramid)
    report(finals, f"{pyramid}, {n} players, {steps} steps")
    check_stuck_ends(finals)
    done = by_chamber(finals)
    assert len(done) > 0
    assert all(sorted(s["place"][:n]) == list(range(1, n + 1)) for s in done)


def test_long_variant_seven_inscriptions_ends_too():
    finals = play(48, 48, seed=2, max_steps=6000, pyramid="big", inscriptions_to_open=7)
    report(finals, "big, 7 inscriptions, 6000 steps")
    done = by_chamber(finals)
    first = done["place"][:, :2].argmin(axis=1)
    assert len(done) and all(done[i]["insc"][first[i]].sum() == 7 for i in range(len(done)))


@pytest.mark.slow
@pytest.mark.parametrize("pyramid, n", [("small", 2), ("small", 3), ("small", 6), ("big", 2),
                                        ("big", 4), ("big", 6)])
def test_soak_thousands_of_games(pyramid, n):
    finals = play(2000, 500, seed=3, max_steps=6000, num_players=n, pyramid=pyramid)
    report(finals, f"{pyramid}, {n} players, 6000 steps")


@njit(cache=True)
def _stuck_now(st, out):
    seen = np.empty(spec.NUM_CELLS, np.int8)
    up = np.empty(spec.NUM_SYMBOLS, np.int16)
    for b in range(st.shape[0]):
        out[b] = not st[b].terminated and stuck(st[b], seen, up)


@pytest.mark.parametrize("pyramid, n", [("small", 2), ("small", 4)])
def test_a_game_found_stuck_never_finishes(pyramid, n):
    """The proof is sound on random play: with the rule off, once stuck is found at any
    step, no player enters the chamber any more, whatever the game does. (In the big
    pyramid a key or bottle can almost always still be had: random games are not stuck.)"""
    games, steps = 240, 4000
    st = GAME.new_states(games)
    GAME.reset(st, np.arange(games) + 77, {"num_players": n, "pyramid": pyramid,
                                           "end_when_stuck": False})
    rng = np.random.default_rng(4)
    masks = np.zeros((games, A), np.int8)
    actions = np.zeros(games, np.int64)
    rewards = np.zeros((games, spec.MAX_PLAYERS), np.float32)
    now = np.zeros(games, np.bool_)
    found = np.zeros(games, np.bool_)
    entered = np.zeros(games, np.int64)
    for _ in range(steps):
        GAME.kernels.legal_mask(st, masks)
        _pick(masks, rng.random((games, A), np.float32), actions)
        actions[st["terminated"]] = -1
        GAME.kernels.step(st, actions, rewards)
        _stuck_now(st, now)
        assert not (found & (st["finished"] > entered)).any(), "a game found stuck went on"
        newly = now & ~found
        entered[newly] = st["finished"][newly]
        found |= now
    assert found.sum() >= 5  # the check saw stuck games


def test_same_seed_same_game():
    a = play(40, 40, seed=5, max_steps=300, check=False, num_players=3)
    b = play(40, 40, seed=5, max_steps=300, check=False, num_players=3)
    assert a.tobytes() == b.tobytes()
    c = play(40, 40, seed=6, max_steps=300, check=False, num_players=3)
    assert a.tobytes() != c.tobytes()


# --- information: face-down tiles never leak ---------------------------------------------------
def _midgame(n=3, pyramid="small", steps=120, seed=9):
    return play(64, 64, seed=seed, max_steps=steps, check=False, num_players=n, pyramid=pyramid)


def _face_down(s):
    return np.flatnonzero((CELL_KIND[s["pyramid"]] == C_TILE) & (s["up"] == 0))


@pytest.mark.parametrize("pyramid", ["small", "big"])
def test_swapping_two_face_down_tiles_changes_no_observation(pyramid):
    st = _midgame(pyramid=pyramid)
    other = st.copy()
    swapped = 0
    for b in range(len(st)):
        down = _face_down(other[b])
        if len(down) < 2:
            continue
        for i, j in ((0, -1), (1, len(down) // 2)):
            x, y = down[i], down[j]
            other[b]["tile"][x], other[b]["tile"][y] = other[b]["tile"][y], other[b]["tile"][x]
        swapped += int(other[b]["tile"][down[0]] != st[b]["tile"][down[0]])
    assert swapped > 30 and other.tobytes() != st.tobytes()
    for seat in range(3):
        seats = np.full(len(st), seat)
        assert np.array_equal(GAME.observe(st, seats), GAME.observe(other, seats))


def test_determinize_resamples_face_down_tiles_and_keeps_what_the_seat_sees():
    st = _midgame()
    seats = st["current_player"].astype(np.int64)
    det = GAME.determinize(st, seats, np.arange(len(st)) + 1000)
    assert np.array_equal(GAME.observe(st, seats), GAME.observe(det, seats))
    assert np.array_equal(GAME.legal_mask(st), GAME.legal_mask(det))
    changed = 0
    for b in range(len(st)):
        down = _face_down(st[b])
        assert sorted(det[b]["tile"][down]) == sorted(st[b]["tile"][down])  # same tiles
        up = np.setdiff1d(np.arange(spec.NUM_CELLS), down)
        assert np.array_equal(det[b]["tile"][up], st[b]["tile"][up])      # face-up untouched
        changed += int(not np.array_equal(det[b]["tile"][down], st[b]["tile"][down]))
    assert changed > len(st) // 2
    assert (det["rng"] != st["rng"]).all()  # future dice resampled as well
    again = GAME.determinize(st, seats, np.arange(len(st)) + 1000)
    assert again.tobytes() == det.tobytes()


def test_observations_are_in_the_unit_box():
    for n, pyramid in ((2, "small"), (6, "big")):
        st = _midgame(n=n, pyramid=pyramid, steps=200)
        for seat in range(n):
            obs = GAME.observe(st, np.full(len(st), seat))
            assert obs.dtype == np.float32 and obs.min() >= 0.0 and obs.max() <= 1.0


def _reference_steps(s):
    """The walking directions allowed now, written out plainly from the rulebook."""
    pyr, p = int(s["pyramid"]), int(s["current_player"])
    g = spec.GRID[pyr]
    a = int(s["fig"][p, s["mover"]])
    r, c = divmod(a, spec.MAX_GRID)

    def kind(x):
        return spec.CELL_KIND[pyr, x]

    def opens(x, d):
        rr, cc = divmod(x, spec.MAX_GRID)
        if kind(x) in (spec.C_RING, spec.C_CORNER):
            return 0 <= rr + spec.DR[d] < g and 0 <= cc + spec.DC[d] < g
        t = s["tile"][x]
        return bool(spec.SHAPE_OPEN[spec.TILE_SHAPE[t], s["rot"][x]] >> d & 1)

    out = set()
    if s["steps_left"] <= 0:
        return out
    for d in range(4):
        rr, cc = r + spec.DR[d], c + spec.DC[d]
        if not (0 <= rr < g and 0 <= cc < g) or not opens(a, d):
            continue
        b = rr * spec.MAX_GRID + cc
        if b == s["prev"]:
            continue
        if kind(b) == spec.C_CHAMBER:
            if s["chamber_open"] or s["insc"][p].sum() >= s["need"]:
                out.add(f"step {spec.DIR_NAMES[d]}")
            continue
        if kind(b) == C_TILE and s["up"][b]:
            if not opens(b, (d + 2) % 4) or b == s["curse"]:
                continue
            sym = spec.TILE_SYMBOL[s["tile"][b]]
            if spec.SYM_OBSTACLE <= sym < spec.SYM_MAP:
                o = sym - spec.SYM_OBSTACLE
                if spec.OBSTACLE_EFFECT[o] == spec.NO_ENTRY and not s["items"][p, spec.OBSTACLE_ITEM[o]]:
                    continue
        out.add(f"step {spec.DIR_NAMES[d]}")
    return out


@pytest.mark.parametrize("pyramid", ["small", "big"])
def test_walking_directions_match_a_plain_reading_of_the_rules(pyramid):
    checked = 0
    for steps in (30, 90, 200, 500):
        st = play(100, 100, seed=steps, max_steps=steps, check=False, num_players=3, pyramid=pyramid)
        masks = GAME.legal_mask(st)
        for b in np.flatnonzero(st["phase"] == spec.PH_STEP):
            got = {GAME.action_to_str(st[b:b + 1], a) for a in np.flatnonzero(masks[b])
                   if a < spec.A_TUNNEL}
            assert got == _reference_steps(st[b]), GAME.render_ansi(st[b:b + 1])
            checked += 1
    assert checked > 50
