"""Both notebooks execute from top to bottom (at their tiny default sizes)."""
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("sb3_contrib")

NOTEBOOKS = Path(__file__).parents[1] / "notebooks"


@pytest.mark.parametrize("name", ["quickstart.ipynb", "selfplay.ipynb"])
def test_notebook_executes(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
