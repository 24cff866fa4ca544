"""Replays every stored golden playthrough: a behaviour change shows up here and is
regenerated on purpose (python -m tests.golden <env>), never by accident."""
import json

import pytest

import pyramid_envs
from tests.golden import path_for, record


@pytest.mark.parametrize("name", pyramid_envs.list_envs())
def test_golden_playthrough(name):
    stored = json.loads(path_for(name).read_text())
    replay = record(name, stored["seed"])
    for i, (want, got) in enumerate(zip(stored["steps"], replay["steps"])):
        assert want == got, f"{name}: step {i} differs: stored {want}, now {got}"
    assert len(stored["steps"]) == len(replay["steps"])
    assert stored["scores"] == replay["scores"] and stored["final_state"] == replay["final_state"]
