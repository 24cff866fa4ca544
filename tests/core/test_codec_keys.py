"""One rule for keys in every game's from_dict (core/jsonview.check_keys): every key that
to_dict writes must be given, at every level, and no other; only `terminated` and `scores`,
which follow from the rest of the position, may be left out (and are checked when given)."""
import copy

import pytest

import pyramid_envs

from .snapshots import option_sets, snapshots

ENVS = pyramid_envs.list_envs()
DERIVED = ("terminated", "scores")


def _views(name):
    game = pyramid_envs.get_game(name)
    return game, [(opts, seed, t, game.to_dict(st)) for opts in option_sets(game)
                  for seed, t, st in snapshots(name, opts, seeds=(0,), at=(0, 10, 60, 300))]


def _records(views):
    """Paths of the dicts one level below the top whose keys are a fixed record (the same
    key set in every position), not a map by name (board squares, cards by motif): (key,)
    for a dict value, (key, '*') for the dicts of a list."""
    seen = {}
    for _, _, _, d in views:
        for k, v in d.items():
            items = [((k,), v)] if isinstance(v, dict) else [
                ((k, "*"), x) for x in v if isinstance(x, dict)] if isinstance(v, list) else []
            for path, x in items:
                seen.setdefault(path, set()).add(frozenset(x))
    return [path for path, sets in seen.items() if len(sets) == 1]


def _nested(d, path):
    """(label, dict) for each dict at a record path of d."""
    v = d.get(path[0])
    if len(path) == 1:
        return [(path[0], v)] if isinstance(v, dict) else []
    return [(f"{path[0]}[{i}]", x) for i, x in enumerate(v or []) if isinstance(x, dict)]


def _refused(game, d, key, where):
    with pytest.raises(ValueError) as e:
        game.from_dict(d)
    assert repr(key) in str(e.value) or key in str(e.value), f"{where}: error does not name {key!r}: {e.value}"


@pytest.mark.parametrize("name", ENVS)
def test_every_key_is_required_at_the_top_and_one_level_down(name):
    game, views = _views(name)
    paths = _records(views)
    for opts, seed, t, d in views:
        where = f"{name} {opts} seed {seed} step {t}"
        for key in d:
            e = copy.deepcopy(d)
            del e[key]
            if key in DERIVED:
                try:
                    back = game.from_dict(e)
                except ValueError as err:  # a finished game may need its scores
                    assert key in str(err), f"{where}: leaving out {key}: {err}"
                    continue
                assert game.to_dict(back) == d, f"{where}: {key} left out gives another position"
            else:
                _refused(game, e, key, f"{where}, top level")
        if t not in (10, -1):  # one level down: a middle and the last position suffice
            continue
        for path in paths:
            for i, (label, x) in enumerate(_nested(d, path)[:2]):
                for key in list(x)[::max(1, len(x) // 8)]:
                    e = copy.deepcopy(d)
                    del _nested(e, path)[i][1][key]
                    _refused(game, e, key, f"{where}, {label}")


@pytest.mark.parametrize("name", ENVS)
def test_an_unknown_key_is_refused_at_every_record(name):
    game, views = _views(name)
    paths = _records(views)
    for opts, seed, t, d in views[:3]:
        e = copy.deepcopy(d)
        e["bogus"] = 1
        _refused(game, e, "bogus", f"{name} {opts} top level")
        for path in paths:
            for i, (label, _) in enumerate(_nested(d, path)):
                e = copy.deepcopy(d)
                _nested(e, path)[i][1]["bogus"] = 1
                _refused(game, e, "bogus", f"{name} {opts} {label}")


@pytest.mark.parametrize("name", ENVS)
def test_given_terminated_and_scores_must_match_the_position(name):
    game, views = _views(name)
    for opts, seed, t, d in views:
        e = copy.deepcopy(d)
        e["terminated"] = not d["terminated"]
        _refused(game, e, "terminated", f"{name} {opts} seed {seed} step {t}")
        e = copy.deepcopy(d)
        e["scores"] = [x + 1 for x in d["scores"]]
        with pytest.raises(ValueError, match="scores"):
            game.from_dict(e)
