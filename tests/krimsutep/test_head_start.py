"""Head starts (Game.head_start, for curricula): each level puts a researcher that far on his
errand in a position the rules accept (from_dict checks every component's place), and the
game goes on from there by the rules."""
import numpy as np
import pytest

from pyramid_envs.core.vector import VectorGame
from pyramid_envs.krimsutep import GAME, spec
from pyramid_envs.krimsutep.codec import CELL_NAMES
from pyramid_envs.krimsutep.headstart import LEVELS

LIGHT = {CELL_NAMES[c] for c in range(spec.NUM_CELLS) if spec.LIGHT_CELL[c]}
DARK = {CELL_NAMES[c] for c in range(spec.NUM_CELLS) if spec.DARK_CELL[c]} - {CELL_NAMES[spec.GRAVE]}


def _started(levels, num_players, seed=0, games=16):
    states = GAME.new_states(games)
    GAME.reset(states, list(range(seed, seed + games)), {"num_players": num_players})
    table = np.zeros((games, spec.MAX_PLAYERS), np.int8)
    table[:, :num_players] = levels
    GAME.head_start(states, table)
    return states


@pytest.mark.parametrize("num_players", [2, 3, 5])
@pytest.mark.parametrize("level", range(len(LEVELS)))
def test_every_level_is_a_position_the_rules_accept(level, num_players):
    states = _started(level, num_players)
    for b in range(len(states)):
        view = GAME.to_dict(states[b:b + 1])
        again = GAME.from_dict(view)  # raises where a card, jar or treasure is misplaced
        assert GAME.to_dict(again) == view
        gods = set()
        for p, r in enumerate(view["researchers"][:num_players]):
            expect_pos = {0: {"camp"}, 1: DARK, 2: LIGHT, 3: {"camp"}, 4: DARK, 5: LIGHT}[level]
            assert r["pos"] in expect_pos
            assert (r["carry_jar"] is not None) == (level in (1, 2))
            assert (r["carry_treasure"] is not None) == (level >= 4)
            assert len(r["camp_jars"]) == (1 if level >= 3 else 0)
            gods |= set(r["camp_jars"])
        assert len(gods) == (num_players if level >= 3 else 0)  # a god of its own per seat
        assert (view["mummy"] != "grave") == (level > 0)
        assert view["phase"] == "main" and view["current_player"] == 0


def test_level_zero_is_the_setup_itself():
    plain = GAME.new_states(4)
    GAME.reset(plain, [0, 1, 2, 3], {"num_players": 3})
    assert [GAME.to_dict(plain[b:b + 1]) for b in range(4)] == \
        [GAME.to_dict(_started(0, 3, games=4)[b:b + 1]) for b in range(4)]


def test_a_hidden_treasure_lies_face_down_unseen_on_a_dark_card_of_its_god():
    states = _started(3, 2)
    for b in range(len(states)):
        s = states[b]
        for p in range(2):
            god = int(np.log2(s["camp_jars"][p]))
            cells = np.flatnonzero(s["cell_card"] == spec.TREASURE0 + god)
            assert len(cells) == 1 and spec.DARK_CELL[cells[0]] and not s["cell_up"][cells[0]]
            assert not s["known"][:, cells[0]].any()


def test_seats_start_at_their_own_levels():
    states = _started([5, 0], 2)
    view = GAME.to_dict(states[:1])
    assert view["researchers"][0]["carry_treasure"] is not None
    assert view["researchers"][1]["pos"] == "camp" and view["researchers"][1]["camp_jars"] == []


def test_a_treasure_carried_into_the_camp_wins():
    view = GAME.to_dict(_started([5, 0], 2)[:1])
    view["researchers"][0]["pos"] = "a1"
    state = GAME.from_dict(view)
    for name in ("play 1 ", "step W"):  # any god of the first card: the camp counts as any god
        action = next(a for a in np.flatnonzero(GAME.legal_mask(state)[0])
                      if GAME.action_to_str(state, a).startswith(name))
        GAME.step(state, [action])
    assert state["terminated"][0] and list(state["scores"][0, :2]) == [1, 0]


def test_vector_game_draws_each_seat_a_level_from_the_weights():
    vec = VectorGame(GAME, 200, seed=3, head_start=[1, 0, 0, 0, 0, 3])
    vec.reset()
    carrying = vec.states["carry_tr"][:, :2] >= 0
    assert 0.65 < carrying.mean() < 0.85  # 3 in 4
    assert (carrying[:, 0] != carrying[:, 1]).any()
    again = VectorGame(GAME, 200, seed=3, head_start=[1, 0, 0, 0, 0, 3])
    again.reset()
    assert again.states.tobytes() == vec.states.tobytes()  # the same seed, the same head starts


@pytest.mark.parametrize("weights", [[], [1] * 7, [-1, 2], [0, 0], [1, float("nan")], [[1, 2]]])
def test_bad_head_start_weights_name_the_levels(weights):
    with pytest.raises(ValueError, match="carrying a treasure near the camp"):
        VectorGame(GAME, 2, head_start=weights)
