"""The learning curve's intervals, the evaluation agents a config names, whole rollouts."""
from pathlib import Path

import numpy as np
import pytest
import yaml

pytest.importorskip("sb3_contrib")

from PIL import Image  # noqa: E402

from agents.ratings import wilson  # noqa: E402
from train.config import load_config, whole_rollouts  # noqa: E402
from train.plots import learning_curve, nice_ticks, opponents, win_rate_intervals  # noqa: E402
from train.run import train  # noqa: E402

CONFIG_DIR = Path(__file__).parents[2] / "configs"


def history(points=12, games=20):
    rng = np.random.default_rng(0)
    rows = []
    for i in range(1, points + 1):
        row = {"step": 10_240 * i}
        for name in ("random", "greedy"):
            wins = int(rng.integers(games + 1))
            row.update({f"win_rate/{name}": wins / games, f"wins/{name}": wins, f"games/{name}": games})
        rows.append(row)
    return rows


def test_intervals_come_from_the_game_counts(tmp_path):
    rows = history()
    rows[3]["games/greedy"], rows[3]["wins/greedy"], rows[3]["win_rate/greedy"] = 200, 100, 0.5
    steps, rates, lo, hi = win_rate_intervals(rows, "greedy")
    assert steps == [r["step"] for r in rows] and rates == [r["win_rate/greedy"] for r in rows]
    assert [(a, b) for a, b in zip(lo, hi)] == [wilson(r["wins/greedy"], r["games/greedy"]) for r in rows]
    assert hi[3] - lo[3] < hi[4] - lo[4]  # ten times the games: a narrower interval
    assert opponents(rows) == ["random", "greedy"]
    learning_curve(rows, tmp_path / "curve.png", "kheops_v1 self-play")
    assert Image.open(tmp_path / "curve.png").size == (960, 540)


def test_series_take_the_colours_given(tmp_path):
    colors = [(250, 0, 250), (0, 250, 0)]
    learning_curve(history(), tmp_path / "a.png", "t", prefix="", colors=colors)
    learning_curve(history(), tmp_path / "b.png", "t")
    found = lambda name: {c for _, c in Image.open(tmp_path / name).convert("RGB").getcolors(1 << 24)}  # noqa: E731
    assert set(colors) <= found("a.png") and not set(colors) & found("b.png")


def test_tick_values_are_round_and_cover_the_run():
    assert nice_ticks(102_400) == [0, 20_000, 40_000, 60_000, 80_000, 100_000, 120_000]
    assert nice_ticks(512) == [0, 100, 200, 300, 400, 500, 600]


def test_default_configs_evaluate_ten_times():
    for path in sorted(CONFIG_DIR.glob("*_ppo.yaml")):
        cfg = load_config(path)
        assert whole_rollouts(cfg) // cfg["eval_every"] >= 10, path.name
        assert cfg["eval_agents"] == ["random", "greedy"], path.name


def test_total_is_whole_rollouts_and_eval_agents_are_the_configs(tmp_path):
    """100,000 steps of 64 games x 64 steps run 102,400: the run says so and counts to that."""
    assert whole_rollouts({"total_timesteps": 100_000, "num_envs": 64, "ppo": {"n_steps": 64}}) == 102_400
    cfg = load_config(CONFIG_DIR / "kheops_smoke.yaml",  # rollouts of 8 games x 32 steps
                      ["total_timesteps=300", "eval_every=128", "eval_agents=[random]"])
    _, callback = train(cfg, tmp_path / "run", progress_bar=False)
    assert callback.num_timesteps == 512 == callback.model._total_timesteps  # what the bar counts to
    assert yaml.safe_load((tmp_path / "run" / "config.yaml").read_text())["total_timesteps"] == 512
    assert {k for row in callback.history for k in row if k.startswith("win_rate/")} <= \
        {"win_rate/random", "win_rate/pool"}
    assert all(row["games/random"] == cfg["eval_games"] for row in callback.history)
    with pytest.raises(ValueError, match="eval_agents: unknown agent 'alphazero'"):
        load_config(None, ["eval_agents=[random, alphazero]"])
