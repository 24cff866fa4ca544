"""Smoke training of every game with a *_smoke.yaml config: checkpoints, tensorboard, resume."""
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

import pyramid_envs  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402

from agents.arena import run_arena  # noqa: E402
from train.config import load_config  # noqa: E402
from train.run import evaluate_checkpoint, train  # noqa: E402

CONFIG_DIR = Path(__file__).parents[2] / "configs"
CONFIGS = sorted(CONFIG_DIR.glob("*_smoke.yaml"))


@pytest.mark.parametrize("env", pyramid_envs.list_envs())
def test_every_game_has_a_training_and_a_smoke_config(env):
    game = env.rsplit("_v", 1)[0]
    for kind in ("ppo", "smoke"):
        path = CONFIG_DIR / f"{game}_{kind}.yaml"
        assert path.exists(), f"add {path.name} (copy another game's and set env: {env})"
        assert load_config(path)["env"] == env


@pytest.mark.parametrize("config", CONFIGS, ids=[c.stem for c in CONFIGS])
def test_smoke_training_checkpoints_logs_and_resumes(config, tmp_path):
    cfg = load_config(config, ["total_timesteps=256", "eval_every=128", "checkpoint_every=128"])
    final, callback = train(cfg, tmp_path / "run", progress_bar=False)
    assert final.exists() and (tmp_path / "run" / "checkpoints" / "step_256.zip").exists()
    assert list((tmp_path / "run" / "tb").rglob("events.out.tfevents.*"))
    assert (tmp_path / "run" / "learning_curve.png").exists() and callback.history
    steps = MaskablePPO.load(final, device="cpu").num_timesteps
    final2, _ = train(cfg, tmp_path / "resumed", resume=str(final), progress_bar=False)
    assert MaskablePPO.load(final2, device="cpu").num_timesteps >= steps + 256
    result = run_arena(cfg["env"], [f"policy:path={final2}", "random"], games=2, seed=0)
    assert len(result.seats) == 2


def test_training_and_its_arenas_take_the_game_options(tmp_path):
    """Solo Keops against the High Priest (num_players=1 needs ra_utoma): the evaluations
    during training and the final arena must play the configured game."""
    cfg = load_config(CONFIG_DIR / "keops_smoke.yaml",
                      ["total_timesteps=256", "eval_every=128", "env_options={num_players: 1, ra_utoma: 1}",
                       "final_eval_agents=[random]"])
    final, callback = train(cfg, tmp_path / "run", progress_bar=False)
    assert callback.history
    result, _ = evaluate_checkpoint(cfg, final, tmp_path, games=2)
    assert result.num_players == 1 and len(result.seats) == 2


def test_config_errors():
    with pytest.raises(ValueError, match="unknown config key"):
        load_config(None, ["learning_rate=1"])
    with pytest.raises(ValueError, match="opponents"):
        load_config(None, ["opponents={alphazero: 1}"])
    with pytest.raises(ValueError, match="key=value"):
        load_config(None, ["total_timesteps"])
    assert load_config(None, ["ppo.learning_rate=0.001"])["ppo"]["learning_rate"] == 0.001
    # a mapping of the user's keys: replaced whole, or one key changed by a dotted override
    base = load_config(CONFIG_DIR / "kheops_ppo.yaml")["opponents"]
    assert load_config(CONFIG_DIR / "kheops_ppo.yaml", ["opponents={random: 1}"])["opponents"] == {"random": 1}
    assert load_config(CONFIG_DIR / "kheops_ppo.yaml", ["opponents.random=0.2", "opponents.greedy=0.5"]
                       )["opponents"] == {**base, "random": 0.2, "greedy": 0.5}
    assert load_config(None, ["ppo.learning_rate=1e-4"])["ppo"]["learning_rate"] == 1e-4  # YAML: a string
    with pytest.raises(ValueError, match="must be a number"):
        load_config(None, ["shaping=lots"])
    for key, bad in (("depth", 0), ("top", 0), ("samples", 0), ("sims", -1)):
        with pytest.raises(ValueError, match="depth, top and samples must be at least 1 and sims at least 0"):
            load_config(None, [f"lookahead.{key}={bad}"])


def test_final_eval_games_zero_skips_the_final_arena(tmp_path):
    cfg = load_config(CONFIG_DIR / "kheops_smoke.yaml", ["final_eval_games=0"])
    result, text = evaluate_checkpoint(cfg, tmp_path / "never_read.zip", tmp_path)
    assert result is None and "final_eval_games" in text and not (tmp_path / "arena.json").exists()
    from train.rllib.config import load_rllib_config
    from train.zero.config import load_zero_config
    for key, bad, least in (("final_eval_games", -1, 0), ("eval_games", 0, 1), ("eval_games", 2.5, 1)):
        loaders = (load_config, load_zero_config) + ((load_rllib_config,) if key == "final_eval_games" else ())
        for load in loaders:  # the check is load_config's, which the three share
            with pytest.raises(ValueError, match=f"{key} must be a whole number of games, at least {least}"):
                load(None, [f"{key}={bad}"])
