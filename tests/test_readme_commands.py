"""README's two commands: the main job names a config and overrides its trainer accepts, and
the test command is the one .ci/run runs."""
import re
import shlex
from pathlib import Path

from train.zero.config import load_zero_config

ROOT = Path(__file__).resolve().parents[1]


def _two_commands():
    section = (ROOT / "README.md").read_text().split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.*?)\n```", section, re.S)


def test_the_main_command_is_a_valid_train_zero_run():
    main, _ = _two_commands()
    job = shlex.split(main.split("&&")[-1])
    assert job[:3] == ["python", "-m", "train.zero"], job
    config = job[job.index("--config") + 1]
    overrides = [a for a in job[3:] if "=" in a]
    cfg = load_zero_config(ROOT / config, overrides)
    assert 0 < cfg["max_minutes"] <= 10  # the small default the README promises


def _normal(command):
    """`pip x` as `python3 -m pip x`, `python` as `python3`, without pip's -q."""
    words = shlex.split(command)
    words = (["python3", "-m", "pip"] if words[0] == "pip" else ["python3"]) + words[1:]
    return [w for w in words if w != "-q"]


def test_the_test_command_is_what_ci_runs():
    _, tests = _two_commands()
    ci = [_normal(line) for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.startswith("python3 ")]
    assert [_normal(step) for step in tests.split("&&")] == ci
