"""Farao's at-a-glance block (docs/rules/farao.md, "At a glance"): the values the rules give
on built positions, agreement with the heuristic's own walk, the unit box over random play,
and a visible change that only the block shows."""
import numpy as np
import pytest
from numba import njit

from pyramid_envs.farao import GAME, spec
from pyramid_envs.farao.codec import cell_of
from pyramid_envs.farao.heuristic import _goal_steps
from pyramid_envs.farao.rules import _end_stuck
from tests.farao.positions import NONE3, load, moving
from tests.farao.test_invariants import play

D = spec.DIST_SCALE
TF = spec.TARGET_FEATURES
# the seat features, by name
MAY_OPEN, PROGRESS, SCORE_NOW, GOAL, CHAMBER, FACE_DOWN, COLOURS = range(7)
ITEMS_HELD = spec.GLANCE_SEAT - 1
# the target features, by name
(VALID, T_GOAL, WITHIN, T_CHAMBER, GAINS_INSC, GAINS_ITEM, T_FACE_DOWN, KILLS, ENDS, ENTERS,
 OPPONENTS) = range(TF)
# red inscription two fields south of b1 (b2 a straight N-S), every other tile face down
RED = {"b2": ("plain", "NS"), "b3": ("inscription-red", "NS")}


def glance(st, seat=0):
    return GAME.observe(st, [seat])[0, spec.GLANCE:]


def seat_block(g, rel):
    return g[rel * spec.GLANCE_SEAT:(rel + 1) * spec.GLANCE_SEAT]


def target(g, t):
    return g[spec.G_TARGET + t * TF:spec.G_TARGET + (t + 1) * TF]


def test_each_seat_reads_its_walks_to_the_inscriptions_the_face_down_fields_and_the_chamber():
    st = load(RED, figures=[["b1"] * 3, NONE3])
    g = glance(st)
    me = seat_block(g, 0)
    # b1 -> b2 -> b3 (red); b1 -> c1 -> c2 (face down); b1 -> c1 -> d1 -> e1 -> e2..e5 (chamber)
    expect = [0, 0, 1.0, 2 / D, 7 / D, 2 / D, 2 / D, 1, 1, 1, 1, 0, 0, 0]
    np.testing.assert_allclose(me, expect, atol=1e-6)
    # the other seat waits: it enters at a corner (1 step), a1 -> b1 -> b2 -> b3 is red at 4,
    # a ring field then a tile is face down at 3, the chamber 1 + 8 from any corner
    other = seat_block(g, 1)
    np.testing.assert_allclose(other[[GOAL, CHAMBER, FACE_DOWN, COLOURS]],
                               [4 / D, 9 / D, 3 / D, 4 / D], atol=1e-6)
    # seat 1 sees the same seats, itself first
    np.testing.assert_allclose(seat_block(glance(st, 1), 0), other)
    np.testing.assert_allclose(seat_block(glance(st, 1), 1), me)


def test_figure_targets_give_the_walk_left_and_whether_the_die_reaches_the_goal():
    for die, within in ((1, 0), (2, 1), (6, 1)):
        st = load(RED, figures=[["b1", None, None], NONE3], die=die)
        g = glance(st)
        np.testing.assert_allclose(target(g, spec.T_FIGURE)[:4], [1, 2 / D, within, 7 / D],
                                   atol=1e-6)
        assert not target(g, spec.T_FIGURE + 1).any()  # a waiting figure is no figure target
        # entering at NW (a1): a1 -> b1 -> b2 -> b3 is 3 more steps, the die's first is spent
        np.testing.assert_allclose(target(g, spec.T_ENTER)[:3], [1, 3 / D, die - 1 >= 3], atol=1e-6)


def test_step_targets_are_the_fields_each_direction_leads_to():
    st = moving(RED, at="b1", die=3)
    g = glance(st)
    south, east = target(g, spec.T_DIR + spec.S), target(g, spec.T_DIR + spec.E)
    np.testing.assert_allclose(south[:3], [1, 1 / D, 1], atol=1e-6)  # b2: red one step on
    np.testing.assert_allclose(east[:3], [1, 3 / D, 0], atol=1e-6)   # c1: face-down c2 + 2
    assert not target(g, spec.T_DIR + spec.N).any()                    # no field north
    st = moving(RED, at="b2", prev="b1", die=3)
    south = target(glance(st), spec.T_DIR + spec.S)
    assert south[GAINS_INSC] == 1 and south[T_GOAL] == 0 and south[WITHIN] == 1
    assert not target(glance(st), spec.T_DIR + spec.N).any()          # straight back: illegal


@pytest.mark.parametrize("items, kills", [([], 1), (["torch"], 0)])
def test_a_step_onto_a_snake_is_marked_deadly_unless_the_torch_is_held(items, kills):
    st = moving({"b2": ("snake", "NS")}, at="b1", die=3, items=items)
    south = target(glance(st), spec.T_DIR + spec.S)
    assert south[VALID] == 1 and south[KILLS] == kills


def test_a_step_into_the_chamber_once_the_inscriptions_are_read():
    colours = list(spec.COLOUR_NAMES[:5])
    st = moving({"e4": ("plain", "NS")}, at="e4", die=3, insc=colours)
    g = glance(st)
    assert seat_block(g, 0)[MAY_OPEN] == 1 and seat_block(g, 0)[PROGRESS] == 1
    south = target(g, spec.T_DIR + spec.S)
    assert south[ENTERS] == 1 and south[T_GOAL] == 0 and south[WITHIN] == 1


def test_rotations_of_the_tile_being_turned_give_the_walk_left_through_each():
    # the mover on b1 turned b2 (a plain T) stepping south; red lies beyond it on b3
    tiles = {"b2": ("plain", "NES", "T"), "b3": ("inscription-red", "NS")}
    st = load(tiles, phase="orient", mover=0, die=3, steps_left=3, moved=True, target="b2",
              target_dir="S", figures=[["b1", None, None], NONE3])
    g = glance(st)
    rot = g[spec.G_ROT:spec.G_CELL].reshape(4, spec.ROT_FEATURES)[:, 0]
    # r0 N E S and r2 S W N open onto b3 (1 step); r3 W N E leaves by c2 (face down: 1 + 2)
    # or back through b1 (1 + 2)
    np.testing.assert_allclose(rot[[0, 2, 3]], [1 / D, 1 / D, 3 / D], atol=1e-6)


def test_cells_carry_the_walk_to_the_goal_from_each_field():
    st = load(RED, figures=[["b1", None, None], NONE3])
    cells = glance(st)[spec.G_CELL:].reshape(spec.NUM_CELLS, spec.GLANCE_CELL)
    assert cells[cell_of("b3"), 0] == 0 and cells[cell_of("b2"), 0] == pytest.approx(1 / D)
    assert cells[cell_of("e5"), 1] == 0 and cells[cell_of("e4"), 1] == pytest.approx(1 / D)
    assert not cells[cell_of("k11")].any()  # off the small board


@njit
def _ended_now(states, rewards):
    for b in range(states.shape[0]):
        _end_stuck(states[b], rewards[b])


def test_score_if_ended_now_is_the_rules_own_ending():
    # three players; player 1 entered first: it keeps 3, the others would share place 2
    st = load(RED, n=3, figures=[["b1"] * 3, NONE3, NONE3], place=[0, 1, 0], chamber_open=True,
              inscriptions=[[], list(spec.COLOUR_NAMES[:5]), []])
    ended = st.copy()
    _ended_now(ended, np.zeros((1, spec.MAX_PLAYERS), np.float32))
    for seat in range(3):
        g = glance(st, seat)
        for q in range(3):
            rel = (q - seat) % 3
            assert seat_block(g, rel)[SCORE_NOW] == pytest.approx(ended[0]["scores"][q] / 3)
    assert seat_block(glance(st, 0), 1)[PROGRESS] == 1  # the finished seat has nothing left


@njit
def _heuristic_goal(states, seats, to_chamber, out):
    dist = np.empty(spec.NUM_CELLS, np.int64)
    queue = np.empty(spec.NUM_CELLS, np.int64)
    for b in range(states.shape[0]):
        out[b] = _goal_steps(states[b], seats[b], to_chamber[b], dist, queue)


def test_the_walks_agree_with_the_heuristic_and_forward_with_backward():
    """Over random play: each seat's goal walk equals the heuristic's (its own breadth first
    walk, capped at its FAR), and the observer's goal walk from its figures (the backward
    walk read at the figure targets) equals its forward one."""
    for n, pyramid in ((2, "small"), (4, "big")):
        st = play(96, 96, seed=3, max_steps=300, check=False, num_players=n, pyramid=pyramid)
        st = st[~st["terminated"]]
        seats = st["current_player"].astype(np.int64)
        obs = GAME.observe(st, seats)[:, spec.GLANCE:]
        to_chamber = np.array([s["chamber_open"] or s["insc"][p].sum() >= s["need"]
                               for s, p in zip(st, seats)])
        far = np.zeros(len(st), np.int64)
        _heuristic_goal(st, seats, to_chamber, far)
        ours = obs[:, GOAL]
        cap = np.minimum(far, D) / D
        known = far < 40  # the heuristic's FAR: no goal in reach
        assert known.sum() > len(st) // 2
        np.testing.assert_allclose(ours[known], cap[known], atol=1e-6)
        for b in range(len(st)):
            s = st[b]
            p = seats[b]
            ts = [spec.T_FIGURE + k for k in range(3) if s["fig"][p, k] >= 0]
            ts += [spec.T_ENTER + i for i in range(4)] if (s["fig"][p] < 0).any() else []
            back = min(target(obs[b], t)[T_GOAL] + (t >= spec.T_ENTER) / D for t in ts)
            assert ours[b] == pytest.approx(min(back, 1.0), abs=1e-6)


def test_the_block_stays_in_the_unit_box_over_random_play():
    rng = np.random.default_rng(0)
    for n, pyramid, games in ((2, "small", 256), (3, "small", 64), (6, "big", 64)):
        st = GAME.new_states(games)
        GAME.reset(st, np.arange(games) + 77, {"num_players": n, "pyramid": pyramid})
        for t in range(1500):
            live = ~st["terminated"]
            if not live.any():
                break
            masks = GAME.legal_mask(st)
            keys = np.where(masks > 0, rng.random(masks.shape), -1.0)
            GAME.step(st, np.where(live, keys.argmax(axis=1), -1))
            if t % 25 == 0:
                for seat in range(n):
                    g = GAME.observe(st, np.full(games, seat))[:, spec.GLANCE:]
                    assert g.min() >= 0.0 and g.max() <= 1.0


def test_control_a_tile_turned_on_the_way_changes_the_walks():
    """b2 turned east-west: the raw openings show the turn, and the block what it means:
    the red inscription is no longer two steps away."""
    st = load(RED, figures=[["b1"] * 3, NONE3])
    turned = load({"b2": ("plain", "EW"), "b3": ("inscription-red", "NS")},
                  figures=[["b1"] * 3, NONE3])
    raw = slice(0, spec.GLANCE)
    assert seat_block(glance(turned), 0)[COLOURS] > seat_block(glance(st), 0)[COLOURS]
    assert not np.array_equal(GAME.observe(st, [0])[0, raw], GAME.observe(turned, [0])[0, raw])
