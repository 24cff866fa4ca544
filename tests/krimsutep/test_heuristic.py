"""The evaluation used by the planning agents: progress towards the goal as the seat sees
it, through the labyrinth's actual paths."""
import numpy as np

from pyramid_envs.krimsutep import GAME, spec

from .positions import load, path, researcher, start


def value(st, seat=0):
    out = np.zeros(1)
    GAME.evaluate(st, np.array([seat]), out)
    return out[0]


def carrying(pos, **fields):
    """Player 0 carries the first jar of the game (its space refilled from beside);
    player 1 waits in camp; it is player 1's turn, so no move of player 0 is under way."""
    d = start(2, seed=3)
    jar = next(v["card"] for v in d["pyramid"].values() if spec.CARD_SPECIAL[v["card"]] == spec.JAR)
    cell = next(c for c, v in d["pyramid"].items() if v["card"] == jar)
    k = next(i for i, x in enumerate(d["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jar])
    d["pyramid"][cell] = {"card": d["beside"].pop(k)["card"], "up": False, "rot": 0}
    d["mummy_awake"], d["mummy"] = True, "f5"
    d["turn"] = d["current_player"] = 1
    researcher(d, 0, pos=pos, carry_jar=jar, **fields)
    return d


def test_a_jar_nearer_the_camp_is_worth_more():
    near, far = load(carrying("a1")), load(carrying("c3"))
    assert value(near) > value(far)
    assert value(near, 1) < value(far, 1)  # the opponent sees it the other way round


def test_the_labyrinths_paths_count_not_the_straight_distance():
    open_way = carrying("a2")
    path(open_way, "a2", "straight", "horus", exits="NS")
    path(open_way, "a1", "any", "bastet", exits="NEW")
    closed_way = carrying("a2")
    path(closed_way, "a2", "straight", "horus", exits="NS")
    path(closed_way, "a1", "any", "bastet", exits="NE")  # no way west into the camp
    assert value(load(open_way)) > value(load(closed_way))


def test_stages_rank_above_distances():
    d = carrying("c3")
    home = start(2, seed=3)
    researcher(home, 0, pos="e4")
    jar = spec.JAR0 + spec.GODS.index(home["jars"][0])
    cell = next(c for c, v in home["pyramid"].items() if v["card"] == jar)
    k = next(i for i, x in enumerate(home["beside"]) if spec.CARD_GOD[x["card"]] == spec.CARD_GOD[jar])
    home["pyramid"][cell] = {"card": home["beside"].pop(k)["card"], "up": False, "rot": 0}
    home["mummy_awake"], home["mummy"] = True, "f5"
    home["turn"] = home["current_player"] = 1
    researcher(home, 0, camp_jars=[home["jars"][0]])
    nothing = start(2, seed=3)
    nothing["turn"] = nothing["current_player"] = 1
    researcher(nothing, 0, pos="a1")
    assert value(load(home)) > value(load(d)) > value(load(nothing))
