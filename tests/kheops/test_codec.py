"""to_dict / from_dict and action names, over positions from random play."""
import json

import numpy as np
import pytest

from pyramid_envs.core import RandomPolicy
from pyramid_envs.kheops import GAME, spec


def positions(n_games=6, seed=0):
    policy = RandomPolicy(seed)
    for g in range(n_games):
        st = GAME.new_states(1)
        GAME.reset(st, [g])
        while True:
            yield st
            if st[0]["terminated"]:
                break
            GAME.step(st, policy(None, GAME.legal_mask(st)))


def test_round_trip_through_json_is_exact():
    for st in positions():
        d = json.loads(json.dumps(GAME.to_dict(st)))
        assert GAME.from_dict(d).tobytes() == st.tobytes()


def test_every_legal_action_has_a_name_that_reads_back():
    for st in positions(3, seed=1):
        for a in np.flatnonzero(GAME.legal_mask(st)[0]):
            text = GAME.action_to_str(st, a)
            assert GAME.str_to_action(st, text) == a, text


@pytest.mark.parametrize("text", ["", "worker", "worker 9z", "dance 1a", "tile 4 1a r0",
                                  "tile 1 1a r3", "pivot 1a", "pivot 1a 2"])
def test_unreadable_action_text(text):
    st = GAME.new_states(1)
    GAME.reset(st, [0])
    with pytest.raises(ValueError):
        GAME.str_to_action(st, text)


def test_action_out_of_range_is_named():
    st = GAME.new_states(1)
    GAME.reset(st, [0])
    with pytest.raises(ValueError, match="outside"):
        GAME.action_to_str(st, spec.NUM_ACTIONS)


def test_from_dict_rejects_inconsistent_scores_and_phases():
    st = next(p for p in positions(1) if p[0]["terminated"])
    d = GAME.to_dict(st)
    d["scores"] = [d["scores"][0] + 1, d["scores"][1]]
    with pytest.raises(ValueError, match="scores"):
        GAME.from_dict(d)
    d = GAME.to_dict(st)
    d["phase"] = "pawn"
    with pytest.raises(ValueError, match="over"):
        GAME.from_dict(d)
    start = GAME.new_states(1)
    GAME.reset(start, [0])
    d = GAME.to_dict(start)
    d["phase"] = "swap-opponent"
    with pytest.raises(ValueError, match="last_placed"):
        GAME.from_dict(d)


def test_from_dict_rejects_priests_before_mummies_and_unexplained_losses():
    st = GAME.new_states(1)
    GAME.reset(st, [0])
    d = GAME.to_dict(st)
    cell = next(c for c, v in d["board"].items() if spec.TILE_SYMBOL[v["tile"]] != spec.CLOSED)
    with pytest.raises(ValueError, match="before its mummy"):
        GAME.from_dict({**d, "pawns": {cell: {"owner": 0, "kind": "priest"}}})
    with pytest.raises(ValueError, match="has not played"):
        GAME.from_dict({**d, "removed": [1, 0]})
