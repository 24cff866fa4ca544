"""Leaves valued in bfloat16 (network.Evaluator's dtype): the priors and values stay those of the
float32 network within bfloat16's precision, the copy follows the trained weights only through
refresh(), a self-play training runs with it, and a bad dtype names the valid ones."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

import pyramid_envs  # noqa: E402
from agents.registry import make_agent  # noqa: E402
from agents.zero.network import Evaluator, ZeroNet, load_checkpoint, save_checkpoint  # noqa: E402
from train.zero.__main__ import main  # noqa: E402
from train.zero.config import load_zero_config  # noqa: E402

from .test_train import TINY  # noqa: E402


def _inputs(game, n=32, seed=0):
    rng = np.random.default_rng(seed)
    obs = (rng.random((n, int(np.prod(game.obs_shape)))) < 0.2).astype(np.float32)
    masks = (rng.random((n, game.num_actions)) < 0.1).astype(np.int8)
    masks[:, 0] = 1
    return obs, masks


def test_bfloat16_priors_and_values_match_float32_within_its_precision():
    game = pyramid_envs.get_game("kheops_v1")
    torch.manual_seed(0)
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=64, depth=2).eval()
    obs, masks = _inputs(game)
    p32, v32 = Evaluator(net)(obs, masks)
    p16, v16 = Evaluator(net, dtype="bfloat16")(obs, masks)
    assert p16.dtype == np.float32 and v16.dtype == np.float32
    assert np.array_equal(p16 > 0, masks > 0) and np.allclose(p16.sum(1), 1.0, atol=1e-5)
    assert np.abs(p16 - p32).max() < 0.02 and np.abs(v16 - v32).max() < 0.02
    assert not np.array_equal(p16, p32)  # it is a different computation, not the float32 one


def test_the_bfloat16_copy_follows_the_weights_only_through_refresh():
    game = pyramid_envs.get_game("kheops_v1")
    torch.manual_seed(0)
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=32, depth=1).eval()
    obs, masks = _inputs(game, seed=1)
    ev = Evaluator(net, dtype="bfloat16")
    before = ev(obs, masks)[1]
    with torch.no_grad():
        net.value.bias += 0.5  # what an SGD step does to the trained network
    assert np.allclose(ev(obs, masks)[1], before)  # stale until refreshed
    ev.refresh()
    assert np.abs(ev(obs, masks)[1] - Evaluator(net)(obs, masks)[1]).max() < 0.02
    assert np.abs(ev(obs, masks)[1] - before).max() > 0.1


def test_a_training_in_bfloat16_writes_a_checkpoint_the_agent_plays_in_both_precisions(tmp_path):
    main(["--out", str(tmp_path), "iterations=2", "selfplay.max_steps=200", "inference_dtype=bfloat16", *TINY,
          "eval_every=100", "--no-eval"])
    final = tmp_path / "checkpoints" / "final.pt"
    net, data = load_checkpoint(final)
    assert data["config"]["inference_dtype"] == "bfloat16"
    assert next(net.parameters()).dtype == torch.float32  # the trained network itself stays float32
    from agents.arena import run_arena

    result = run_arena("kheops", [f"zero:path={final},dtype=bfloat16", f"zero:path={final}"], games=2, seed=5)
    assert len(result.seats) == 2


def test_bad_inference_dtypes_list_the_valid_ones(tmp_path):
    with pytest.raises(ValueError, match=r"inference_dtype must be one of \['float32', 'bfloat16'\], got 'float16'"):
        load_zero_config(None, ["inference_dtype=float16"])
    game = pyramid_envs.get_game("kheops_v1")
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=8, depth=1)
    path = save_checkpoint(tmp_path / "k.pt", net, "kheops_v1", {"search": {"sims": 2}})
    with pytest.raises(ValueError, match=r"inference dtype must be one of \['float32', 'bfloat16'\]"):
        make_agent(f"zero:path={path},dtype=half")
