"""Property test of every game's from_dict: a to_dict output mutated at random (wrong types,
numbers out of range, missing and extra keys, duplicated or lost components) is either
refused with a ValueError that names a field (on the mutated path, or one that no longer
adds up), or accepted as a position
that reads back exactly; nothing else is ever raised. FUZZ_EXAMPLES=1000 in the environment searches harder."""
import copy
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import pyramid_envs

from .snapshots import option_sets, snapshots

ENVS = pyramid_envs.list_envs()
DERIVED = ("terminated", "scores")  # may be left out (core/jsonview.check_keys)
ODD = (None, True, False, 0, 1, -1, 2**64, 0.5, "", "x", "a1", [], {}, [0], {"x": 0})


def _pool(name):
    game = pyramid_envs.get_game(name)
    return game, [game.to_dict(s) for opts in option_sets(game)
                  for _, _, s in snapshots(name, opts, seeds=(0,), at=(0, 10, 60, 300))]


def _paths(x, path=()):
    """Every (path, value) inside x, containers included."""
    yield path, x
    items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
    for k, v in items:
        yield from _paths(v, path + (k,))


def _at(d, path):
    for k in path:
        d = d[k]
    return d


@st.composite
def mutated(draw, pool):
    """(dict, mutated paths): 1 to 3 random changes to a random position's view."""
    d = copy.deepcopy(draw(st.sampled_from(pool)))
    touched = []
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(d))[1:]
        path, v = draw(st.sampled_from(paths))
        parent = _at(d, path[:-1])
        kind = draw(st.sampled_from(("odd", "number", "drop", "extra", "duplicate", "swap")))
        if kind == "odd":
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(ODD)))
        elif kind == "number" and isinstance(v, int) and not isinstance(v, bool):
            parent[path[-1]] = v + draw(st.sampled_from((-100, -2, -1, 1, 2, 100)))
        elif kind == "drop":
            del parent[path[-1]]
        elif kind == "extra" and isinstance(v, dict):
            v[draw(st.sampled_from(("x", "a1", "0", "seat")))] = copy.deepcopy(draw(st.sampled_from(ODD)))
        elif kind == "duplicate" and isinstance(v, list) and v:
            v.append(copy.deepcopy(v[draw(st.integers(0, len(v) - 1))]))
        elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
            j = draw(st.integers(0, len(parent) - 1))
            parent[path[-1]], parent[j] = parent[j], parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(ODD)))
        touched.append(path)
    return d, touched


def _diff(a, b, path=()):
    """The first path where a and b differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return next((_diff(a[k], b[k], path + (k,)) for k in a if a[k] != b[k]), None)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return next((_diff(x, y, path + (i,)) for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
    return path, a, b


def _names(path):
    """Words an error about this path may use: its keys (a list index names its list)."""
    return {str(k) for k in path if isinstance(k, str)} | {str(path[0]).rstrip("s")}


@pytest.mark.parametrize("name", ENVS)
def test_mutated_views_are_refused_clearly_or_read_back_exactly(name):
    game, pool = _pool(name)

    @settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)), deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(mutated(pool))
    def check(case):
        d, touched = case
        before = copy.deepcopy(d)
        try:
            st_ = game.from_dict(d)
        except ValueError as e:
            msg = str(e)
            # a field on a mutated path, or one that no longer adds up (a supply, the scores)
            named = {w for p in touched for w in _names(p)} | set(pool[0]) | {"legal action"}
            assert any(w in msg for w in named), (
                f"error names none of {touched}: {msg}")
        else:
            back = {k: v for k, v in game.to_dict(st_).items() if k in d or k not in DERIVED}
            assert back == d, f"accepted but reads back otherwise at {_diff(d, back)}"
            assert game.from_dict(game.to_dict(st_)).tobytes() == st_.tobytes()
            if not st_["terminated"][0]:
                assert game.legal_mask(st_)[0].any()
        assert d == before, "from_dict changed its input"

    check()


def test_odd_values_cover_every_json_type():
    assert {type(x) for x in ODD} >= {type(None), bool, int, float, str, list, dict}
    assert np.uint64(2**64 - 1) and 2**64 in ODD  # past the 64-bit RNG
