"""to_dict / from_dict and action names, over positions from random play; bad input."""
import copy
import json

import numpy as np
import pytest

from pyramid_envs.core import RandomPolicy
from pyramid_envs.krimsutep import GAME, spec

from .positions import start


def positions(n_games=4, steps=400, seed=0):
    policy = RandomPolicy(seed)
    for g in range(n_games):
        st = GAME.new_states(1)
        GAME.reset(st, [g], {"num_players": 2 + g % 4})
        for _ in range(steps):
            yield st
            if st[0]["terminated"]:
                break
            GAME.step(st, policy(None, GAME.legal_mask(st)))


def test_round_trip_through_json_is_exact():
    for st in positions():
        d = json.loads(json.dumps(GAME.to_dict(st)))
        assert GAME.from_dict(d).tobytes() == st.tobytes()


def test_every_legal_action_has_a_name_that_reads_back():
    for st in positions(3, 300, seed=1):
        for a in np.flatnonzero(GAME.legal_mask(st)[0]):
            text = GAME.action_to_str(st, a)
            assert GAME.str_to_action(st, text) == a, text


@pytest.mark.parametrize("text", ["", "step", "step Q", "play 9 Horus", "select z9", "draw 4",
                                  "ankh-rotate a1 45", "shoot 7", "dance"])
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


def bad(d, match):
    before = copy.deepcopy(d)
    with pytest.raises(ValueError, match=match):
        GAME.from_dict(d)
    assert d == before  # the input is left as it was


def test_from_dict_rejects_bad_positions():
    d = start(3)
    GAME.from_dict(copy.deepcopy(d))  # the base is fine
    e = copy.deepcopy(d); e["colour"] = 1; bad(e, "unknown keys")
    e = copy.deepcopy(d); del e["deck"]; bad(e, "missing keys")
    e = copy.deepcopy(d); e["num_players"] = 6; bad(e, "num_players")
    e = copy.deepcopy(d); e["phase"] = "dance"; bad(e, "unknown phase")
    e = copy.deepcopy(d); e["deck"].append(e["deck"][0]); bad(e, "appears twice")
    e = copy.deepcopy(d); e["deck"].pop(); bad(e, "missing")
    e = copy.deepcopy(d); e["beside"].pop(); bad(e, "missing|beside")
    e = copy.deepcopy(d)
    light = next(c for c in e["pyramid"] if c == "a1")
    dark = "a6"
    e["pyramid"][light]["card"], e["pyramid"][dark]["card"] = e["pyramid"][dark]["card"], e["pyramid"][light]["card"]
    bad(e, "wrong back")
    e = copy.deepcopy(d); e["researchers"][0]["pos"] = "f6"; bad(e, "grave")
    e = copy.deepcopy(d); e["researchers"][0]["ankhs"] = 10; bad(e, "ankhs")
    e = copy.deepcopy(d); e["researchers"][0]["hand"] += e["deck"][:2]; e["deck"] = e["deck"][2:]
    bad(e, "at most 5")
    e = copy.deepcopy(d); e["mummy"] = "a1"; e["mummy_awake"] = True; bad(e, "cannot stand")
    e = copy.deepcopy(d); e["mummy"] = "c3"; bad(e, "sleeping")
    e = copy.deepcopy(d); e["treasures"]["Anubis"] = "won"; bad(e, "treasure")
    e = copy.deepcopy(d); e["pyramid"]["b1"]["rot"] = 4; bad(e, "rot")
    e = copy.deepcopy(d); e["scores"] = [1, 0, 0]; bad(e, "scores")
    # a position where the player to move has nothing legal: a torch window without a torch
    e = copy.deepcopy(d); e["phase"] = "mummy-place"; e["mummy_awake"] = True
    GAME.from_dict(e)  # placing the mummy is always possible
    e = copy.deepcopy(d); e["phase"] = "shoot"; e["pending"]["shooter"] = 0; bad(e, "no legal action")
    # a declared path: only in a move, starting with its reveal, with sound steps
    e = copy.deepcopy(d); e["turn_state"]["path"] = ["reveal E", "N"]; bad(e, "first reveal")
    e = copy.deepcopy(d); e["turn_state"]["path"] = ["up"]; bad(e, "a step is")
    e = copy.deepcopy(d); e["turn_state"]["path"] = ["reveal E"] * 7; bad(e, "at most 6")
    e = copy.deepcopy(d); e["turn_state"]["declaring_path"] = True; bad(e, "declaring_path|path being declared")
    e = copy.deepcopy(d); e["pending"]["treasure_known_by"] = [[0]]; bad(e, "one list of seats")


def test_bad_input_to_the_kernels_through_the_envs_changes_nothing():
    from pyramid_envs.core import VectorGame
    vec = VectorGame(GAME, 4, seed=0)
    obs, masks = vec.reset()
    before = vec.states.tobytes()
    with pytest.raises(ValueError, match="illegal action"):
        vec.step(masks.argmin(axis=1))
    assert vec.states.tobytes() == before


@pytest.mark.parametrize("phase, match", [
    ("displace", "awake|pending.displace"), ("torch", "awake|torch"), ("gun-jam", "shoot_target"),
    ("special", "pending.special"), ("pickup", "pending.pickup"), ("replace", "pending.replace"),
    ("exchange", "exchange_first"), ("treasure-pick", "treasure_stage"), ("react", "turn player"),
    ("pit", "lying"), ("move", "move_god"), ("mummy", "awake"),
])
def test_from_dict_rejects_a_phase_without_its_bookkeeping(phase, match):
    d = start(2)
    d["phase"] = phase
    bad(d, match)


def _leaves(d, path=()):
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _leaves(v, path + (i,))
    else:
        yield path, d


def test_mutated_positions_are_rejected_or_play_on_soundly():
    """Random edits of real positions: from_dict either raises ValueError or gives a position
    whose every card is accounted for and that plays on with non-empty masks."""
    import random

    from .test_invariants import check_conservation
    rnd = random.Random(0)
    policy = RandomPolicy(0)
    bases = [GAME.to_dict(st) for i, st in enumerate(positions(4, 300, seed=2)) if i % 15 == 0]
    values = [None, True, False, -1, 0, 1, 2, 3, 5, 9, 35, 36, 44, 99, "a1", "f6", "camp", "grave", "Horus"]
    accepted = 0
    for _ in range(400):
        d = copy.deepcopy(rnd.choice(bases))
        for _ in range(rnd.randint(1, 2)):
            path, v = rnd.choice(list(_leaves(d)))
            target = d
            for k in path[:-1]:
                target = target[k]
            target[path[-1]] = (not v) if isinstance(v, bool) else \
                rnd.choice([v + 1, v - 1, rnd.choice(values)]) if isinstance(v, int) else rnd.choice(values)
        try:
            st = GAME.from_dict(d)
        except ValueError:
            continue
        accepted += 1
        check_conservation(st)
        for _ in range(20):
            if st[0]["terminated"]:
                break
            mask = GAME.legal_mask(st)
            assert mask.any()
            GAME.step(st, policy(None, mask))
            check_conservation(st)
    assert accepted > 20
