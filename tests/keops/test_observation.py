"""The at-a-glance block at the end of the Keops observation (glance.py, issue 23): each
feature equals what the rules give on positions built through the codec, the block stays in
[0, 1] over random play, and it only shows what every seat may see."""
import numpy as np

from pyramid_envs.keops import rules, spec
from pyramid_envs.keops.actions import A_CROP_ROOM, A_DOCK, A_PYRAMID_PLACE, A_ROOM, NUM_ACTIONS
from pyramid_envs.keops.akhet import border_earns, final_scores
from pyramid_envs.keops.state import GLANCE_SIZE, OBS_FIELDS, OBS_SIZE, STATE

from .positions import (act, away, fill_pyramid, give_goods, give_materials, load, mask, phase,
                        put_city, set_borders, set_decrees, start)

SEAT = 33                          # features per seat, the observer first
GLOBAL = 4 * SEAT                  # margins (2), progress (3), minors_done bits (6)
PYR_OK, PYR_PTS = GLOBAL + 11, GLOBAL + 65
ROOM_OK, ROOM_VAL = PYR_PTS + 54, PYR_PTS + 150
CROP_OK = ROOM_VAL + 96
DOCK_OK, DOCK_MATS = CROP_OK + 16, CROP_OK + 20
P0, P1, P2 = 0, 1, 2


def glance(st, seat):
    out = np.zeros((len(st), OBS_SIZE), np.float32)
    rules.observe(st, np.full(len(st), seat, np.int64), out)
    return out[:, OBS_SIZE - GLANCE_SIZE:]


def random_games(num_players, seeds, steps, options=(0, 0, 0)):
    """Batched random play; every game stops at its own step (or its end)."""
    B = len(seeds)
    st = np.zeros(B, STATE)
    rules.reset(st, np.asarray(seeds, np.uint64), np.array([num_players, *options], np.int64))
    rng = np.random.default_rng(seeds[0])
    stop = rng.integers(0, steps, B)
    m, rew = np.zeros((B, NUM_ACTIONS), np.int8), np.zeros((B, 4), np.float32)
    for k in range(steps):
        rules.legal_mask(st, m)
        acts = np.argmax(rng.random(m.shape) * m, axis=1)
        acts[st["terminated"] | (k >= stop)] = -1
        rules.step(st, acts, rew)
    return st


def test_block_size_and_layout_constants():
    assert GLANCE_SIZE == DOCK_MATS + 4 == 467


def test_score_if_ended_now_is_the_final_scoring():
    st = np.concatenate([random_games(3, range(40, 56), 500), random_games(4, range(60, 68), 600),
                         random_games(2, range(70, 78), 400, (1, 1, 0))])
    for b in range(len(st)):
        one = st[b:b + 1].copy()
        n = int(one[0]["num_players"])
        seat = b % n
        g = glance(one, seat)[0]
        end = one.copy()
        final_scores(end[0], np.zeros(4, np.float32))
        for j in range(n):
            p = (seat + j) % n
            assert g[j * SEAT] == 1.0
            assert np.isclose(g[j * SEAT + 1], min(1.0, end[0]["scores"][p] / 10))
            assert np.isclose(g[j * SEAT + 4], end[0]["ranks"][p] / 3)
        assert not g[n * SEAT:GLOBAL].any()  # absent seats


def test_end_tally_counts_tie_breaks_and_the_decree_bonus():
    st = start(3, seed=2)
    s = st[0]
    set_decrees(st, in_play=[("wharf", P1, [P1]), ("market", P1, [P1]), ("quarry", P1, [P1])])
    s["major_favors"][:3] = [2, 1, 1]
    s["major_supply"] -= 4
    s["minor_favors"][:3] = [1, 1, 2]
    s["minor_supply"] -= 1
    st = load(st)
    g = glance(st, P2)[0]  # P2 first, then P0, P1
    # scores: P2 1 + 2 // 2 = 2, P0 2 + 0 = 2, P1 1 + (1 + 1 bonus) // 2 = 2: all tied on
    # favors, so goods + Debens decide (P0 and P1 start with 5 and 6 Debens, P2 with 7)
    assert [round(g[j * SEAT + 1] * 10) for j in range(3)] == [2, 2, 2]
    assert s["dec_markers_left"][P1] == 0
    tb1 = [int(s["goods"][p].sum() + s["debens"][p]) for p in (P2, P0, P1)]
    assert [round(g[j * SEAT + 2] * 30) for j in range(3)] == tb1
    assert [round(g[j * SEAT + 4] * 3) for j in range(3)] == [0, 2, 1]
    assert g[GLOBAL] == 0.5  # margin to the leader 0


def _akhet_eve():
    """P0 fills the level's last space: Ra 3 / 1, Construction 2 / 10, Prestige 5 / 0
    and the borders (minimum 2, 3, 3) give 7 / 4 more; nobody is penalized."""
    st = start(2, seed=3)
    s = st[0]
    n = spec.PYR_NUM_SPACES[0, 0]
    fill_pyramid(st, range(1, n))
    m = int(spec.PYR_SPACE_MATERIAL[0, 0, 0])
    give_materials(st, P0, **{spec.MATERIAL_NAMES[m]: 1})
    s["offerings"][spec.TEMPLE_RA, :2] = [3, 1]
    s["offer_reserve"][:2] -= [3, 1]
    s["construction"][P1] = 10
    s["prestige"][:2] = [5, 0]
    set_borders(st, [0, 1, 2], [1, 5, 0])
    s["medjay"][:2] = [[3, 5, 5], [2, 5, 4]]
    act(st, "MINOR", spec.MIN_PYRAMID)
    before = int(s["construction"][P0])
    g = glance(st, P0)[0]
    pts = round(g[PYR_PTS + m * spec.PYR_MAX_SPACES] * 3)
    act(st, "PYRAMID_PLACE", m * spec.PYR_MAX_SPACES + 0)
    assert s["level_done"] and phase(st) == "turn"
    return st, int(s["construction"][P0]) - before, pts


def test_a_placement_earns_the_points_shown():
    _, earned, pts = _akhet_eve()
    icons = spec.PYR_SECTION_ICONS[0, 0, spec.PYR_SPACE_SECTION[0, 0, 0]]
    assert pts == icons > 0 and earned == pts  # the Artisan's own point came with the action


def test_akhet_standings_and_the_projected_score_come_true():
    st, _, _ = _akhet_eve()
    s = st[0]
    g0, g1 = glance(st, P0)[0], glance(st, P1)[0]
    # borders: P0 earns 2, 2, 3 and P1 1, 2, 1
    assert [round(g0[15 + b] * 5) for b in range(3)] == [2, 2, 3]
    assert [round(g0[SEAT + 15 + b] * 5) for b in range(3)] == [1, 2, 1]
    assert [round(g0[15 + b] * 5) for b in range(3)] == [border_earns(s, P0, b) for b in range(3)]
    assert [round(g0[12 + b] * 16 - 8) for b in range(3)] == [1, 2, 2]  # Medjay over the minimum
    # Ra: P0 Major (margin +2), Construction: P1 Major (P0 2 vs 10), Prestige 12 vs 4
    unscale = np.array([2, 20, 2, 20, 2, 20]), np.array([0, 10, 0, 10, 0, 10])
    assert list(np.round(g0[6:12] * unscale[0] - unscale[1])) == [2, 2, 1, -8, 2, 8]
    assert list(np.round(g1[6:12] * unscale[0] - unscale[1])) == [1, -2, 2, 8, 1, -8]
    want = [round(g0[5] * 10), round(g0[SEAT + 5] * 10)]
    assert want == [3, 2] and round(g0[GLOBAL + 1] * 20 - 10) == 1
    act(st, "DONE")  # the Akhet round runs: no temple and no penalty asks anything
    assert s["level"] == 1 and phase(st) == "turn"
    got = [int(s["major_favors"][p] + s["minor_favors"][p] // 2) for p in (P0, P1)]
    assert got == want
    assert [round(glance(st, P0)[0][j * SEAT + 1] * 10) for j in range(2)] == want


def test_tumult_and_penalties_in_the_prestige_projection():
    st, _, _ = _akhet_eve()
    s = st[0]
    s["medjay"][P1] = [2, 5, 0]          # below the third border's minimum: -1 Prestige
    for t in (spec.ARTISAN, spec.SCRIBE):  # 2 of P0's 7 border points free Tumult servants
        s["serv_home"][P0, t] -= 1
        s["serv_tumult"][P0, t] += 1
    st = load(st)
    g = glance(st, P0)[0]
    # P0 5 + 7 - 2 = 10, P1 0 + 1 + 2 + 0 - 1 = 2: margin 8
    assert round(g[11] * 20 - 10) == 8 and round(g[SEAT + 15 + 2] * 5) == 0
    assert round(g[SEAT + 12 + 2] * 16 - 8) == -3


def test_rooms_docks_and_pyramid_follow_the_mask():
    st = np.concatenate([random_games(2, range(100, 164), 300), random_games(4, range(200, 232), 400)])
    m = np.zeros((len(st), NUM_ACTIONS), np.int8)
    rules.legal_mask(st, m)
    checked = 0
    for b in range(len(st)):
        s = st[b]
        seat = int(s["current_player"])
        g = glance(st[b:b + 1], seat)[0]
        pyr = m[b, A_PYRAMID_PLACE:A_PYRAMID_PLACE + 54]
        assert not (pyr & (g[PYR_OK:PYR_OK + 54] == 0)).any()  # a legal placement always fits
        assert not (g[PYR_PTS:PYR_PTS + 54] * (g[PYR_OK:PYR_OK + 54] == 0)).any()
        free = s["serv_home"][seat].sum() + s["indep_held"][seat].sum()
        if s["phase"] == spec.PH_TURN and s["major_done"] < 0 and free > 0 and not s["terminated"]:
            checked += 1
            assert np.array_equal(g[ROOM_OK:ROOM_OK + 96], m[b, A_ROOM:A_ROOM + 96])
            assert np.array_equal(g[CROP_OK:CROP_OK + 16], m[b, A_CROP_ROOM:A_CROP_ROOM + 16])
            assert np.array_equal(g[DOCK_OK:DOCK_OK + 4], m[b, A_DOCK:A_DOCK + 4])
    assert checked >= 8


def test_room_values_docks_and_affordability():
    st = start(2, seed=5)
    s = st[0]
    root = put_city(st, spec.CARTOGRAPHER, 0, 0, owner=P1)
    give_goods(st, P0, silver=1)
    s["indep_held"][P0, spec.PRIEST] += 1  # a Priest for the red rooms
    s["indep_pool"][spec.PRIEST] -= 1
    st = load(st)
    s = st[0]
    g = glance(st, P0)[0]
    assert g[ROOM_VAL + root * 2] == 0.5 and g[ROOM_VAL + root * 2 + 1] == 1.0  # 1 + 2, 3 + 2 + 1
    assert np.array_equal(g[ROOM_OK:ROOM_OK + 96], mask(st)[A_ROOM:A_ROOM + 96])
    assert g[ROOM_OK + root * 2] == 1.0 and g[ROOM_OK + root * 2 + 1] == 1.0
    for d in range(4):
        mats = spec.BARGE_MATERIALS[s["dock_barge"][d]].sum() if s["dock_barge"][d] >= 0 else 0
        assert g[DOCK_MATS + d] == min(1.0, mats / 4)
    # P0 starts with 2 Barley, 1 Beer, 1 Papyrus, Debens and servants: every colour
    assert list(g[30:33]) == [1.0, 1.0, 1.0]
    assert list(np.round(g[22:26] * [5, 5, 5, 20])) == [2, 1, 1, s["debens"][P0]]
    give_goods(st, P0, beer=-1)
    away(st, P0, spec.ARTISAN, 2)
    away(st, P0, spec.SCRIBE, 1)
    s["indep_held"][P0, spec.PRIEST] -= 1
    s["indep_pool"][spec.PRIEST] += 1
    g = glance(load(st), P0)[0]
    assert list(g[30:33]) == [0.0, 0.0, 0.0]  # no servant left, and no Beer


def test_minors_done_is_scaled_over_its_bits():
    st = start(2, seed=1)
    st[0]["minors_done"] = 1 << 5 | 1 << spec.MIN_WHARF
    out = np.zeros((1, OBS_SIZE), np.float32)
    rules.observe(st, np.array([0], np.int64), out)
    k = spec.MAX_PLAYERS + spec.NUM_BASE_PHASES
    for name in OBS_FIELDS[:OBS_FIELDS.index("minors_done")]:
        k += int(np.prod(STATE[name].shape)) if STATE[name].shape else 1
    assert np.isclose(out[0, k], (32 + 2) / 63)
    g = out[0, OBS_SIZE - GLANCE_SIZE:]
    assert list(g[GLOBAL + 5:GLOBAL + 11]) == [0, 1, 0, 0, 0, 1]


def test_progress():
    st = start(3, seed=4)
    fill_pyramid(st, range(5))
    g = glance(load(st), P0)[0]
    n = spec.PYR_NUM_SPACES[0, 1]
    assert np.isclose(g[GLOBAL + 2], 5 / n / 3) and np.isclose(g[GLOBAL + 3], 5 / n)
    assert np.isclose(g[GLOBAL + 4], (n - 5) / 18)


def test_block_stays_in_unit_range_over_random_play():
    runs = [(2, (0, 0, 0)), (3, (0, 0, 0)), (4, (1, 1, 0)), (2, (0, 1, 2))]
    for i, (n, opts) in enumerate(runs):
        B = 64
        st = np.zeros(B, STATE)
        rules.reset(st, np.arange(B, dtype=np.uint64) + 1000 * i, np.array([n, *opts], np.int64))
        rng = np.random.default_rng(i)
        m, rew = np.zeros((B, NUM_ACTIONS), np.int8), np.zeros((B, 4), np.float32)
        out = np.zeros((B, OBS_SIZE), np.float32)
        for k in range(2000):
            if st["terminated"].all():
                break
            rules.legal_mask(st, m)
            acts = np.argmax(rng.random(m.shape) * m, axis=1)
            acts[st["terminated"]] = -1
            rules.step(st, acts, rew)
            if k % 5 == 0:
                rules.observe(st, st["current_player"].astype(np.int64), out)
                g = out[:, OBS_SIZE - GLANCE_SIZE:]
                assert g.min() >= 0.0 and g.max() <= 1.0
        assert st["terminated"].all()


def test_a_visible_change_shows_in_the_block():
    """The secrecy control: one more Offering of P1 in the Temple of Ra changes P0's Ra
    standing and margin."""
    st = start(2, seed=6)
    other = st.copy()
    other[0]["offerings"][spec.TEMPLE_RA, P1] += 1
    other[0]["offer_reserve"][P1] -= 1
    a, b = glance(st, P0)[0], glance(load(other), P0)[0]
    assert not np.array_equal(a, b)
    assert a[6] == 0.0 and b[6] == 0.0 and b[SEAT + 6] == 1.0 and b[7] < a[7]
