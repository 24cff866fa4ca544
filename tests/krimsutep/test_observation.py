"""The observation's glance block (pyramid_envs/krimsutep/glance.py, docs/rules/krimsutep.md
"Observation"): on positions built with from_dict its values are the counts a player makes
at the table; over long random play it stays in [0, 1]; and a change only it shows reaches
the observation (the secrecy suite's twins check that no hidden change does)."""
import numpy as np
import pytest

from pyramid_envs.krimsutep import GAME, spec

from .positions import hand, load, researcher, start
from .test_rules import plain_route, two_player_with

SEATS = spec.RAW_SIZE
GLOBAL = SEATS + spec.MAX_PLAYERS * spec.GLANCE_SEAT
SLOTS = GLOBAL + spec.GLANCE_GLOBAL
STEPS = SLOTS + spec.HAND_LIMIT * spec.GLANCE_SLOT
MUMMY = STEPS + 4 * spec.GLANCE_STEP
CELLS = MUMMY + 4 * spec.GLANCE_MUMMY
N, E, S, W = range(4)


def approx(x):
    return pytest.approx(x, abs=1e-6)


def seat_part(o, rel):
    return o[SEATS + rel * spec.GLANCE_SEAT:SEATS + (rel + 1) * spec.GLANCE_SEAT]


def cell_part(o, name):
    c = "abcdef".index(name[0]) + 6 * (int(name[1]) - 1)
    return o[CELLS + c * spec.GLANCE_CELL:CELLS + (c + 1) * spec.GLANCE_CELL]


def god(name):
    return spec.GODS.index(name)


def take_jar(d, jar):
    """The jar leaves the pyramid (as if picked up): its space gets the beside card of its god."""
    cell = next(c for c, v in d["pyramid"].items() if v["card"] == jar)
    b = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jar])
    d["pyramid"][cell] = {"card": d["beside"].pop(b)["card"], "up": False, "rot": 0}


def carrier_on_b1():
    """Red carries the Horus jar on b1, behind face-up crosses on a1 and b1; Osiris's jar is
    hidden; Blue is in the camp; the mummy is awake on e6."""
    d = two_player_with(("Horus", "Osiris"))
    jar = spec.JAR0 + god("Horus")
    take_jar(d, jar)
    d["mummy_awake"], d["mummy"] = True, "e6"
    plain_route(d, ["a1", "b1"], "anubis")
    researcher(d, 0, pos="b1", carry_jar=jar)
    hand(d, 0, ["Anubis+Bastet"])
    return d


def test_a_carrier_counts_its_way_home_through_a1_and_each_step_of_it():
    o = GAME.observe(load(carrier_on_b1()), [0])[0]
    red = seat_part(o, 0)
    # home: a1 (1 point, face up) then the camp (1)
    assert red[2] == approx(2 / 20) and red[1] == approx(2 / 20)  # carrying: the goal is home
    assert red[0] == approx((1 + 1 - 2 / 20) / 4)  # stage 1, two points from home
    assert red[5 + god("Horus")] == 1 and red[5:15].sum() == 1
    assert red[3] == approx((3 + 5) / 10)          # b1 to e6: 3 columns, 5 rows
    assert cell_part(o, "a1")[3] == approx(1 / 20)
    assert cell_part(o, "c1")[3] == approx(3 / 20)  # c1 to b1, a1, the camp
    steps = o[STEPS:MUMMY].reshape(4, spec.GLANCE_STEP)
    assert list(steps[W]) == approx([0, 2 / 20, 1])        # onto a1 and home: the short way
    assert list(steps[E]) == approx([0, (2 + 3) / 20, 0])  # onto face-down c1 (2) and back
    assert list(steps[S]) == [0, 1, 0]                     # off the pyramid: the jar is lost
    # a move with either god of the card can end in the camp, which counts as any god
    assert list(o[SLOTS:SLOTS + 4]) == [1, 0, 1, 0]
    assert not o[SLOTS + 4:STEPS].any()
    # reach: the move's points to a1 (1), c1 (face down: 2), none to f5
    assert cell_part(o, "a1")[4] == approx(1 - 1 / 7)
    assert cell_part(o, "c1")[4] == approx(1 - 2 / 7) and cell_part(o, "f5")[4] == 0


def test_standing_and_margin_put_the_carrier_ahead():
    st = load(carrier_on_b1())
    red, blue = GAME.observe(st, [0])[0], GAME.observe(st, [1])[0]
    p_red = seat_part(red, 0)[0]
    p_blue = seat_part(blue, 0)[0]
    assert seat_part(blue, 1)[0] == p_red and seat_part(red, 1)[0] == p_blue  # relative seats
    assert p_red > p_blue
    assert seat_part(red, 0)[4] == 0 and seat_part(blue, 0)[4] == 1  # seats ahead / (n - 1)
    assert red[GLOBAL] == approx(0.5 + 0.5 * (p_red - p_blue))
    assert blue[GLOBAL] == approx(0.5 + 0.5 * (p_blue - p_red))
    assert seat_part(blue, 1)[5 + god("Horus")] == 1  # what Red carries, seen by Blue


def test_jar_chance_is_one_over_the_unseen_cards_of_its_god_until_it_is_seen():
    d = two_player_with(("Horus", "Osiris"))
    osiris = [c for c, v in d["pyramid"].items()
              if spec.CARD_BACK[v["card"]] == spec.DARK_BACK and spec.CARD_GOD[v["card"]] == god("Osiris")]
    jar_cell = next(c for c in osiris if d["pyramid"][c]["card"] == spec.JAR0 + god("Osiris"))
    path_cell = next(c for c in osiris if c != jar_cell)
    researcher(d, 0, knows=[path_cell])
    o = GAME.observe(load(d), [0])[0]
    for c in osiris:  # Red has seen one path card of Osiris: the jar is one of the others
        assert cell_part(o, c)[0] == approx(0 if c == path_cell else 1 / (len(osiris) - 1))
        assert cell_part(o, c)[1] == 0  # no treasure is in play yet
    assert cell_part(o, "a1")[0] == 0  # light cards hold no jars
    blue = GAME.observe(load(d), [1])[0]
    assert cell_part(blue, path_cell)[0] == approx(1 / len(osiris))  # Blue has seen nothing
    researcher(d, 0, knows=[path_cell, jar_cell])
    o = GAME.observe(load(d), [0])[0]
    assert [cell_part(o, c)[0] for c in osiris] == [float(c == jar_cell) for c in osiris]
    # Red's way to the jar: from the camp onto a1 (face down: 2 points) and on to it
    assert seat_part(o, 0)[1] == approx(cell_part(o, "a1")[2] + 2 / 20)


def test_mummy_distances_and_the_mummy_steps_that_attack():
    d = carrier_on_b1()
    d["mummy"] = "c3"
    researcher(d, 1, pos="c4", carry_jar=spec.JAR0 + god("Osiris"))
    take_jar(d, spec.JAR0 + god("Osiris"))
    st = load(d)
    o = GAME.observe(st, [0])[0]
    assert seat_part(o, 1)[3] == approx(1 / 10) and seat_part(o, 0)[3] == approx(3 / 10)
    assert cell_part(o, "a1")[5] == approx(4 / 10) and cell_part(o, "c3")[5] == 0
    mummy = o[MUMMY:CELLS].reshape(4, spec.GLANCE_MUMMY)
    assert list(mummy[N]) == [1, 1] and not mummy[[E, S, W]].any()  # onto Blue, who carries
    blue = GAME.observe(st, [1])[0]
    assert not blue[MUMMY:CELLS].any()  # the mummy never steps onto its mover's space
    d["mummy_awake"] = False
    d["mummy"] = "grave"
    o = GAME.observe(load(d), [0])[0]
    assert seat_part(o, 1)[3] == 1 and cell_part(o, "a1")[5] == 1 and not o[MUMMY:CELLS].any()


def test_unseen_excavation_cards_by_action():
    d = start()
    hand(d, 0, ["revolver", "revolver"])
    d["discard"] = d["discard"] + [k for k in d["deck"] if spec.EXC_SYM[k, 2] == spec.REVOLVER][:1]
    d["deck"] = [k for k in d["deck"] if k not in d["discard"]]
    o = GAME.observe(load(d), [0])[0]
    unseen = o[GLOBAL + 3:GLOBAL + 3 + spec.NUM_ACTION_SYMBOLS]
    assert unseen[spec.REVOLVER - spec.NUM_GODS] == approx(1 / 4)  # 4 - 2 in hand - 1 played
    blue = GAME.observe(load(d), [1])[0]
    assert blue[GLOBAL + 3 + spec.REVOLVER - spec.NUM_GODS] == approx(3 / 4)


def test_which_researcher_carries_which_jar_is_seen_only_in_the_glance():
    """The control of the secrecy suite for the new block: two carriers swap jars; the raw
    observation (per seat: carries a jar; per god: carried) cannot tell, the glance does."""
    d = carrier_on_b1()
    researcher(d, 1, pos="c4", carry_jar=spec.JAR0 + god("Osiris"))
    take_jar(d, spec.JAR0 + god("Osiris"))
    a = load(d)
    researcher(d, 0, carry_jar=spec.JAR0 + god("Osiris"))
    researcher(d, 1, carry_jar=spec.JAR0 + god("Horus"))
    b = load(d)
    for seat in (0, 1):
        oa, ob = GAME.observe(a, [seat])[0], GAME.observe(b, [seat])[0]
        assert np.array_equal(oa[:spec.RAW_SIZE], ob[:spec.RAW_SIZE])
        assert not np.array_equal(oa, ob)


def test_the_glance_block_stays_in_range_over_long_random_play():
    rng = np.random.default_rng(7)
    for n in (2, 3, 5):
        st = GAME.new_states(64)
        GAME.reset(st, np.arange(64) + 100 * n, {"num_players": n})
        for t in range(1500):
            mask = GAME.legal_mask(st)
            live = ~st["terminated"]
            acts = np.array([rng.choice(np.flatnonzero(m)) if ok else -1 for m, ok in zip(mask, live)])
            GAME.step(st, acts)
            if t % 50 == 0:
                for seat in range(n):
                    o = GAME.observe(st, np.full(len(st), seat))[:, spec.RAW_SIZE:]
                    assert np.isfinite(o).all() and o.min() >= 0 and o.max() <= 1, (n, t, seat)
