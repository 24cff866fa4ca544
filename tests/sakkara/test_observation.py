"""The at-a-glance block of the observation (spec.GLANCE_*, docs/rules/sakkara.md): each value
against what the rules give on built positions and in random play."""
import re
from pathlib import Path

import numpy as np

from pyramid_envs.sakkara import GAME, rules, spec

from .positions import B, W, load, view
from .test_invariants import _midgame, _sample

M = spec.MOTIF_NAMES.index
BLACK_PYRAMID = {"ship": 1, "grain": 2, "corner": 4, "staircase": 2, "cross": 1, "circle": 1,
                 "plait": 1, "double-line": 1, "moon": 1}  # blue step done, half of the red one


def glance(obs):
    """One observation's block, by part."""
    return {
        "seat": obs[spec.GLANCE_SEATS:spec.GLANCE_MARGIN].reshape(2, spec.SEAT_GLANCE),
        "margin": obs[spec.GLANCE_MARGIN],
        "motif": obs[spec.GLANCE_MOTIFS:spec.GLANCE_CELLS].reshape(spec.MOTIF_PLANES, -1),
        "cell": obs[spec.GLANCE_CELLS:spec.GLANCE_MOVES].reshape(spec.CELL_PLANES, -1),
        "move": obs[spec.GLANCE_MOVES:spec.GLANCE_SWEEPS].reshape(spec.MOVE_PLANES, -1),
        "sweep": obs[spec.GLANCE_SWEEPS:].reshape(spec.SWEEP_PLANES, -1),
    }


def cell(name):
    return (int(name[1:]) - 1) * spec.SIDE + ord(name[0]) - ord("a")


def missing(d, p, through=spec.NUM_STEPS - 1):
    """Tiles by motif that p still lacks (neither laid out nor in the rack) for the pyramid
    through step `through`, from the rulebook's pictures: a ship, a grain per step, the step
    tiles and a helping hand for each corner, two for the apex."""
    need = spec.STEP_NEED[:through + 1].sum(axis=0).astype(int)
    need[M("ship")] = 1
    need[M("grain")] = through + 1
    built = np.array([d["pyramids"][p].get(x, 0) for x in spec.MOTIF_NAMES])
    left = np.maximum(need - built, 0)
    left[M("hand")] = left[M("corner")] + 2 * left[M("apex")]
    rack = np.array([d["racks"][p].get(x, 0) for x in spec.MOTIF_NAMES])
    return np.maximum(left - rack, 0)


def position():
    """Black (d4, b2) before its move, half through the red step; White (f2, a5) with a ship."""
    return load(board={"d4": ["horse"], "d3": ["ship", "cross"], "d5": ["apex"],
                       "e4": ["grain", "grain", "grain", "grain", "sun"]},
                workers=[["d4", "b2"], ["f2", "a5"]],
                racks=[{"staircase": 1, "sun": 1, "hand": 1, "snake": 1, "moon": 1}, {}],
                pyramids=[BLACK_PYRAMID, {"ship": 1}])


def test_the_block_follows_the_raw_position_and_the_docs_give_its_layout():
    assert spec.OBS_SIZE == GAME.obs_shape[0] == spec.GLANCE_SWEEPS + spec.SWEEP_PLANES * spec.NUM_SWEEPS
    assert spec.GLANCE_SEATS == spec.RAW_SIZE == 3642
    doc = (Path(__file__).parents[2] / "docs" / "rules" / "sakkara.md").read_text()
    section = doc[doc.index("## Observation"):doc.index("## JSON view")]
    assert f"float32[{spec.OBS_SIZE}]" in section
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    ranges = sorted((int(a), int(b or a)) for line in rows
                    for a, b in re.findall(r"`(\d+)(?:\.\.(\d+))?`", line.split("|")[1]))
    assert ranges[0][0] == spec.RAW_SIZE and ranges[-1][1] == spec.OBS_SIZE - 1
    assert all(b + 1 == c for (_, b), (c, _) in zip(ranges, ranges[1:])), "gaps or overlaps"


def test_each_seats_progress_counts_the_pyramid_and_the_rack():
    st = position()
    g = glance(GAME.observe(st, [B])[0])
    own, opp = g["seat"]
    assert own[spec.S_LAID] == np.float32(14 / 18)  # ship, 2 grains, 9 blue, 2 red
    assert own[spec.S_STEP] == 0.5  # 2 of the red step's 4
    # still needed: a grain, a cross, the sun, the apex and its two hands
    assert own[spec.S_NEEDED] == np.float32(6 / 24)
    assert own[spec.S_MISSING] == np.float32(missing(view(st), B).sum() / 24) == np.float32(4 / 24)
    assert own[spec.S_RACK] == 0.5 and own[spec.S_SPARE] == np.float32(3 / 10)  # stair, snake, moon
    assert opp[spec.S_LAID] == np.float32(1 / 18) and opp[spec.S_STEP] == 0
    assert opp[spec.S_NEEDED] == opp[spec.S_MISSING] == np.float32(23 / 24)
    assert g["margin"] == np.float32(0.5 + 13 / 36)
    d = view(st)
    for p, plane, through in ((B, spec.M_MISS, 2), (B, spec.M_MISS_STEP, 1),
                              (W, spec.M_OPP_MISS, 2), (W, spec.M_OPP_MISS_STEP, 0)):
        want = missing(d, p, through) / np.maximum(spec.NEED, 1)
        assert np.array_equal(g["motif"][plane], want.astype(np.float32)), (p, plane)
    assert np.flatnonzero(g["motif"][spec.M_MISS_STEP]).tolist() == [M("cross")]
    spare = g["motif"][spec.M_SPARE]  # 1 of each: 0.5
    assert {spec.MOTIF_NAMES[m]: spare[m] for m in np.flatnonzero(spare)} == \
        {"staircase": 0.5, "snake": 0.5, "moon": 0.5}


def test_each_space_says_whose_missing_tile_tops_it_and_who_reaches_it():
    st = position()
    g = glance(GAME.observe(st, [B])[0])
    d = view(st)
    miss_b, miss_w = missing(d, B), missing(d, W)
    for c in range(spec.NUM_CELLS):
        name = f"{chr(ord('a') + c % 7)}{c // 7 + 1}"
        tiles = [M(x) for x in d["board"].get(name, [])]
        assert g["cell"][spec.C_MISS, c] == bool(tiles and miss_b[tiles[-1]]), name
        assert g["cell"][spec.C_OPP_MISS, c] == bool(tiles and miss_w[tiles[-1]]), name
        deep = sum(bool(miss_b[x]) for x in tiles)
        assert g["cell"][spec.C_MISS_DEEP, c] == np.float32(min(deep / 3, 1)), name
    top_step = np.flatnonzero(g["cell"][spec.C_MISS_STEP])
    assert top_step.tolist() == [cell("d3")]  # the cross; the apex on d5 waits for the gold step
    assert g["cell"][spec.C_MISS, cell("d5")] == 1
    assert set(np.flatnonzero(g["cell"][spec.C_REACH])) == {cell(x) for x in
                                                             ("d3", "d5", "c4", "b1", "c2", "b3", "a2")}
    assert np.flatnonzero(g["cell"][spec.C_REACH_STAIR]).tolist() == [cell("e4")]  # a climb of 4
    assert set(np.flatnonzero(g["cell"][spec.C_OPP_REACH])) == {cell(x) for x in
                                                                 ("f1", "g2", "f3", "e2", "a4", "b5", "a6")}
    assert g["cell"][spec.C_DIST, cell("g7")] == 0.5  # 3 + 3 from d4
    assert g["cell"][spec.C_OPP_DIST, cell("a1")] == np.float32(4 / 12)  # from a5
    reach = g["motif"][spec.M_REACH]
    assert {spec.MOTIF_NAMES[m]: reach[m] for m in np.flatnonzero(reach)} == \
        {"cross": 0.5, "apex": 0.5, "sun": 0.5}


def test_each_move_says_what_it_brings_and_what_the_ox_could_push():
    st = position()
    g = glance(GAME.observe(st, [B])[0])["move"]
    up, right, down, left = range(4)  # worker 1 (d4); worker 2 (b2) is at 4..7
    mask = GAME.legal_mask(st)[0]
    for i in range(8):
        assert g[spec.W_MOVE, i] == mask[spec.A_MOVE + 2 * i]
        assert g[spec.W_MOVE_STAIR, i] == mask[spec.A_MOVE + 2 * i + 1]
    assert g[spec.W_MOVE_STAIR].tolist() == [0, 1, 0, 0, 0, 0, 0, 0]
    assert g[spec.W_MISS].tolist() == [1, 0, 1, 0, 0, 0, 0, 0]  # cross up, apex down
    assert g[spec.W_MISS_STEP].tolist() == [1, 0, 0, 0, 0, 0, 0, 0]
    assert g[spec.W_OPP_MISS].tolist() == [1, 1, 1, 0, 0, 0, 0, 0]  # White lacks the sun too
    pushes = g[spec.W_PUSH] * 9
    assert np.allclose(pushes[:4], [2, 5, 1, 0])  # d3 onto d2, e4 onto f4, d5 onto d6
    assert np.allclose(pushes[4:], 0)


def test_spells_castable_sweeps_and_builds_agree_with_the_rules_in_random_play():
    st = np.concatenate([_midgame(500, seed=11, steps=n) for n in (200, 400, 600)])
    st = st[np.isin(st["phase"], (spec.PH_BEFORE, spec.PH_AFTER))]
    seats = st["current_player"].astype(np.int64)
    obs = GAME.observe(st, seats)
    masks = GAME.legal_mask(st)
    swept = 0
    for b in range(len(st)):
        g = glance(obs[b])
        m = masks[b]
        assert np.array_equal(g["motif"][spec.M_BUILD], m[spec.A_BUILD:spec.A_BUILD + 16])
        for sp in range(4):
            first = spec.A_SPELL + spec.SPELL_BASE[sp]
            assert g["seat"][0, spec.S_SPELLS + sp] == m[first:first + 6 * spec.SPELL_TARGETS[sp]].any()
        if st["phase"][b] == spec.PH_BEFORE:
            moves = m[spec.A_MOVE:spec.A_HORSE].reshape(8, 2)
            assert np.array_equal(g["move"][[spec.W_MOVE, spec.W_MOVE_STAIR]], moves.T)
        for t in range(spec.NUM_SWEEPS):  # firestorm worker x (row, column), whirlwind worker
            a = spec.A_SPELL + (t * 6 if t < 4 else spec.SPELL_BASE[1] + (t - 4) * 6)
            if not m[a]:
                continue
            one = st[b:b + 1].copy()
            before = one["rack"][0, seats[b]].copy()
            GAME.step(one, [a])
            gained = one["rack"][0, seats[b]] - before
            gained[spec.SPELL_TILES[0 if t < 4 else 1]] += 1  # the three spell tiles were used
            assert g["sweep"][0, t] == np.float32(gained.sum() / (6 if t < 4 else 8))
            missed = gained[g["motif"][spec.M_MISS] > 0].sum()
            assert g["sweep"][1, t] == np.float32(min(missed / 3, 1))
            swept += 1
    assert swept > 20


def test_the_board_counts_by_motif_match_the_stacks():
    st = _midgame(40, seed=12)
    obs = GAME.observe(st, st["current_player"].astype(np.int64))
    for b in range(len(st)):
        g = glance(obs[b])
        h = st["height"][b]
        on_board = np.bincount(st["stack"][b][st["stack"][b] >= 0], minlength=16)
        tops = np.bincount([st["stack"][b][c, h[c] - 1] for c in range(49) if h[c]], minlength=16)
        assert np.allclose(g["motif"][spec.M_BOARD] * spec.MOTIF_COUNT, on_board)
        assert np.allclose(g["motif"][spec.M_TOP] * spec.MOTIF_COUNT, tops)


def test_the_seats_swap_between_the_two_points_of_view():
    st = _midgame(40, seed=13)
    g0 = [glance(o) for o in GAME.observe(st, np.zeros(len(st), np.int64))]
    g1 = [glance(o) for o in GAME.observe(st, np.ones(len(st), np.int64))]
    for a, b in zip(g0, g1):
        assert np.array_equal(a["seat"], b["seat"][::-1])
        assert np.isclose(a["margin"] + b["margin"], 1)
        assert np.array_equal(a["motif"][spec.M_MISS], b["motif"][spec.M_OPP_MISS])
        assert np.array_equal(a["cell"][spec.C_DIST], b["cell"][spec.C_OPP_DIST])


def test_the_block_stays_in_0_1_over_hundreds_of_random_games():
    n, steps = 300, 2500
    st = GAME.new_states(n)
    GAME.reset(st, np.arange(n) + 77)
    masks = np.zeros((n, spec.NUM_ACTIONS), np.int8)
    actions = np.zeros(n, np.int64)
    rewards = np.zeros((n, 2), np.float32)
    peak = np.zeros(spec.OBS_SIZE - spec.RAW_SIZE, np.float32)
    for i in range(steps):
        live = ~st["terminated"]
        if not live.any():
            break
        if i % 10 == 0:
            for seat in (0, 1):
                block = GAME.observe(st, np.full(n, seat))[:, spec.RAW_SIZE:]
                assert ((block >= 0) & (block <= 1)).all(), f"step {i}"
                peak = np.maximum(peak, block.max(axis=0))
        rules.legal_mask(st, masks)
        _sample(masks, live, np.uint64(i + 1), actions)
        rules.step(st, actions, rewards)
    # the scales leave room: the seat part of the block reaches its upper half in random play
    seat_part = peak[:2 * spec.SEAT_GLANCE]
    assert (seat_part >= 0.5).all(), seat_part


def test_a_change_only_the_block_names_is_seen_and_the_random_stream_is_not():
    """Open information: the control of the secrecy suite, on the block. The cross on d3 swapped
    with the horse under Black's worker on d4 changes what moving up brings; a new random stream
    changes nothing."""
    st = position()
    twin = st.copy()
    twin["stack"][0, cell("d3"), 1], twin["stack"][0, cell("d4"), 0] = spec.HORSE, spec.CROSS
    a, b = glance(GAME.observe(st, [B])[0]), glance(GAME.observe(twin, [B])[0])
    assert a["move"][spec.W_MISS, 0] == 1 and b["move"][spec.W_MISS, 0] == 0
    reseeded = st.copy()
    reseeded["rng"] ^= np.uint64(0xBADC0FFEE)
    assert np.array_equal(GAME.observe(reseeded, [B]), GAME.observe(st, [B]))
