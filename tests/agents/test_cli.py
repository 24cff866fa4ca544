"""What the command-line tools print: help screens name the command to type, and the
arena's table never shows a negative zero."""
import dataclasses
import importlib

import numpy as np
import pytest

from agents.arena import run_arena, table


@pytest.mark.parametrize("module", ["agents.arena", "agents.play", "train", "train.export",
                                    "pyramid_envs.match"])
def test_help_names_the_command_to_type(module, capsys):
    main = importlib.import_module(module if module != "train" else "train.__main__").main
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith(f"usage: python -m {module} ")


def test_the_ratings_table_never_shows_minus_zero():
    result = run_arena("kheops_v1", ["random", "random"], games=2, seed=0)
    result = dataclasses.replace(result, elo=np.array([-0.3, 0.3]), elo_se=np.array([0.1, 0.1]))
    text = table(result)
    assert "-0 " not in text and "-0]" not in text and "[-0," not in text
    assert text.splitlines()[2].split()[1] == "0"  # the first agent's Elo column
