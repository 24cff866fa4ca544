"""The observation's at-a-glance block (glance.py): scores if the game ended now, each
cell's network and what a pawn there would change, each tile action's score change."""
import json
from pathlib import Path

import numpy as np

from pyramid_envs.core import RandomPolicy
from pyramid_envs.kheops import GAME, spec
from pyramid_envs.kheops.codec import CELL_NAMES
from pyramid_envs.kheops.glance import (GAIN_SCALE, MARGIN_SCALE, SCORE_SCALE, SIZE_SCALE,
                                        TILE_SCALE, VALUE_SCALE, WEIGHT_SCALE)
from pyramid_envs.kheops.scoring import tally

EXAMPLE = Path(__file__).parent / "data" / "final_scoring_example.json"
WHITE, RED = spec.WHITE, spec.RED
CELLS = spec.GLANCE_GLOBALS                       # first per-cell feature
TILES = CELLS + spec.NUM_CELLS * spec.GLANCE_CELL  # first tile-action feature
(SIZE, OWN, OPP, VALUE, WEIGHT, CLOSED, CURSED, MY_GAIN, THEIR_GAIN, FLIPS) = range(10)


def block(states, seat):
    """The at-a-glance block of a 1-game batch seen by seat."""
    obs = GAME.observe(states, [seat])[0]
    assert obs.shape == (spec.OBS_SIZE,) and spec.OBS_SIZE == spec.RAW_SIZE + spec.GLANCE_SIZE
    return obs[spec.RAW_SIZE:]


def cell(b, name):
    c = CELL_NAMES.index(name)
    return b[CELLS + c * spec.GLANCE_CELL:CELLS + (c + 1) * spec.GLANCE_CELL]


def unit(x, scale):
    return np.clip(np.asarray(x) / scale, 0, 1)


def signed(x, scale):
    return np.clip(0.5 + np.asarray(x) / (2 * scale), 0, 1)


def scores_now(s):
    return tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])[3]


def example(**change):
    d = json.loads(EXAMPLE.read_text())
    d.update(change)
    return GAME.from_dict(d)


def test_scores_if_the_game_ended_now_are_the_final_scoring():
    # the rulebook's example one tile before the end: White 51 (3 ankhs), Red 44 (2 ankhs)
    st = example()
    for seat, own, opp, ankhs in ((WHITE, 51, 44, (3, 2)), (RED, 44, 51, (2, 3))):
        b = block(st, seat)
        assert np.allclose(b[:5], [unit(own, SCORE_SCALE), unit(opp, SCORE_SCALE),
                                   signed(own - opp, MARGIN_SCALE), ankhs[0] / 6, ankhs[1] / 6])
        assert np.isclose(b[5], 29 / 30)                # one empty cell left
        assert np.isclose(b[6], unit(12, SIZE_SCALE))   # the biggest network has 12 tiles
    # Red lays the last tile: the block said the margin would not change, and it does not
    b = block(st, RED)
    a = GAME.str_to_action(st, "tile 1 7k r0")
    assert np.isclose(b[TILES + a - spec.A_TILE], 0.5)
    GAME.step(st, [a])
    assert st[0]["scores"].tolist() == [51, 44]


def test_each_cell_shows_its_network_as_the_worked_example_scores_it():
    st = example()
    w, r = block(st, WHITE), block(st, RED)
    # White's 8-point network 3d..5i: 6 tiles, open to the frame, a White worker on 5i
    for name in ("3d", "5i"):
        assert np.allclose(cell(w, name)[:7], [unit(6, SIZE_SCALE), 1, 0, unit(8, VALUE_SCALE),
                                               signed(1, WEIGHT_SCALE), 0, 0])
        assert np.allclose(cell(r, name)[:7], [unit(6, SIZE_SCALE), 0, 1, unit(8, VALUE_SCALE),
                                               signed(-1, WEIGHT_SCALE), 0, 0])
    # White's 12-point top network 1a 2b 2c: closed
    assert np.allclose(cell(w, "1a")[:6], [unit(3, SIZE_SCALE), 1, 0, unit(12, VALUE_SCALE),
                                           signed(1, WEIGHT_SCALE), 1])
    # the cursed network 6a 6b 7a 7b: pawns on it count for nobody, it is worth nothing
    assert np.allclose(cell(w, "6a")[:7], [unit(4, SIZE_SCALE), 0, 0, 0, 0.5, 0, 1])
    # a fragment with a White worker: no network, no owner, but the pawn is there
    assert np.allclose(cell(w, "7m")[:7], [unit(1, SIZE_SCALE), 0, 0, 0, signed(1, WEIGHT_SCALE), 0, 0])
    # the empty cell
    assert np.allclose(cell(w, "7k"), [0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0])


def test_a_pawn_cells_gain_is_the_rules_score_change():
    st = example()
    w, r = block(st, WHITE), block(st, RED)
    # a White mummy on Red's worker at 3a (an ankh in Red's 2-point network): White's ankhs
    # 3 -> 4 (+7), Red's 2 -> 1 (-3 for Red), the network goes from Red to White (+2 +2)
    assert np.isclose(cell(w, "3a")[MY_GAIN], unit(14, GAIN_SCALE))
    assert cell(w, "3a")[FLIPS] == 1 and cell(r, "3a")[THEIR_GAIN] == cell(w, "3a")[MY_GAIN]
    # White's own pawn's cell: White cannot add one; Red's mummy there would gain much
    assert cell(w, "1a")[MY_GAIN] == 0 and cell(w, "1a")[FLIPS] == 0
    assert cell(w, "1a")[THEIR_GAIN] == 1
    # a cursed network: no pawn there counts
    assert cell(w, "7a")[MY_GAIN] == 0 == cell(r, "7a")[MY_GAIN]
    # the rules agree: White to place a pawn in the same position
    states = example(current_player=WHITE, phase="pawn", last_placed=None)
    a = GAME.str_to_action(states, "mummy 3a")
    before = scores_now(states[0])
    GAME.step(states, [a])
    after = scores_now(states[0])
    assert (after[WHITE] - before[WHITE]) - (after[RED] - before[RED]) == 14


def _check_against_the_rules(st, b, seat):
    """Every legal worker/mummy placement and tile action of seat, applied by the kernel and
    tallied, changes the score margin by what the block says. Returns the checks made."""
    s = st[0]
    acts = np.flatnonzero(GAME.legal_mask(st)[0])
    if s["phase"] == spec.PH_PAWN:
        kind = (acts - spec.A_PAWN) // spec.NUM_CELLS
        acts = acts[(kind == spec.WORKER) | (kind == spec.MUMMY)]
    elif s["phase"] != spec.PH_TILE:
        return 0
    copies = np.repeat(st, len(acts))
    GAME.kernels.step(copies, acts, np.zeros((len(acts), 2), np.float32))
    now = scores_now(s)
    for a, child in zip(acts, copies):
        new = scores_now(child)
        change = (new[seat] - now[seat]) - (new[1 - seat] - now[1 - seat])
        if s["phase"] == spec.PH_TILE:
            assert np.isclose(b[TILES + a - spec.A_TILE], signed(change, TILE_SCALE)), (a, change)
        else:
            c = (a - spec.A_PAWN) % spec.NUM_CELLS
            gain = b[CELLS + c * spec.GLANCE_CELL + MY_GAIN]
            assert np.isclose(gain, unit(change, GAIN_SCALE)), (a, change)
    return len(acts)


def test_gains_and_tile_changes_equal_the_rules_over_random_games():
    policy = RandomPolicy(3)
    st = GAME.new_states(12)
    GAME.reset(st, np.arange(12) + 500)
    checks = 0
    while not st["terminated"].all():
        for i in np.flatnonzero(~st["terminated"]):
            one = st[i:i + 1]
            seat = int(one[0]["current_player"])
            b = block(one, seat)
            assert np.allclose(b[:2], unit(scores_now(one[0])[[seat, 1 - seat]], SCORE_SCALE))
            checks += _check_against_the_rules(one, b, seat)
        live = ~st["terminated"]
        masks = GAME.legal_mask(st)
        GAME.step(st, np.where(live, policy(None, masks | ~live[:, None]), -1))
    assert checks > 10000


def test_block_stays_in_unit_range_over_long_random_play():
    policy = RandomPolicy(11)
    st = GAME.new_states(300)
    GAME.reset(st, np.arange(300) + 77)
    lo, hi = np.full(spec.GLANCE_SIZE, np.inf), np.full(spec.GLANCE_SIZE, -np.inf)
    while not st["terminated"].all():
        for seat in (WHITE, RED):
            b = GAME.observe(st, np.full(len(st), seat))[:, spec.RAW_SIZE:]
            lo, hi = np.minimum(lo, b.min(axis=0)), np.maximum(hi, b.max(axis=0))
        live = ~st["terminated"]
        masks = GAME.legal_mask(st)
        GAME.step(st, np.where(live, policy(None, masks | ~live[:, None]), -1))
    assert lo.min() >= 0 and hi.max() <= 1
    # every global and every per-cell column of some cell takes more than one value
    assert (hi[:CELLS] > lo[:CELLS]).all()
    span = (hi[CELLS:TILES] > lo[CELLS:TILES]).reshape(spec.NUM_CELLS, spec.GLANCE_CELL)
    assert span.any(axis=0).all()


def test_block_hides_the_opponent_hand_and_pile_but_shows_a_visible_change():
    policy = RandomPolicy(2)
    st = GAME.new_states(32)
    GAME.reset(st, np.arange(32))
    for _ in range(20):
        live = ~st["terminated"]
        GAME.step(st, np.where(live, policy(None, GAME.legal_mask(st) | ~live[:, None]), -1))
    for seat in (WHITE, RED):
        seats = np.full(len(st), seat)
        twin = GAME.determinize(st, seats, np.arange(len(st)) + 9)
        assert np.array_equal(GAME.observe(twin, seats)[:, spec.RAW_SIZE:],
                              GAME.observe(st, seats)[:, spec.RAW_SIZE:])
    # control: White's own first tile swapped with a pile tile changes White's tile actions
    one = st[:1].copy()
    swapped = one.copy()
    s = swapped[0]
    assert s["hand"][WHITE, 0] >= 0 and s["pile_size"] > 0
    s["hand"][WHITE, 0], s["pile"][0] = one[0]["pile"][0], one[0]["hand"][WHITE, 0]
    assert not np.array_equal(block(swapped, WHITE)[TILES:], block(one, WHITE)[TILES:])
    assert np.array_equal(block(swapped, RED), block(one, RED))
