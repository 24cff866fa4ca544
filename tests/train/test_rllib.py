"""Self-play on Ray RLlib (train/rllib): the multi-game env, the masked module, a tiny run."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ray.rllib")
pytest.importorskip("sb3_contrib")

import ray  # noqa: E402
import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402

import pyramid_envs  # noqa: E402
from agents.arena import run_arena  # noqa: E402
from train.rllib.config import env_config, load_rllib_config  # noqa: E402
from train.rllib.env import PyramidMultiAgentEnv, module_of  # noqa: E402
from train.rllib.export import to_maskable_ppo  # noqa: E402
from train.rllib.module import MASKED  # noqa: E402
from train.rllib.run import module_spec, train  # noqa: E402

CONFIG_DIR = Path(__file__).parents[2] / "configs"
TINY = CONFIG_DIR / "kheops_rllib_tiny.yaml"
MIX = {"latest": 1.0, "pool": 1.0, "random": 1.0, "greedy": 1.0}


def make_env(env="kheops_v1", **kwargs):
    config = {"env": env, "num_games": 6, "opponents": MIX, "pool_size": 2, "seed": 0}
    return PyramidMultiAgentEnv({**config, **kwargs})


def play_episode(env, policy, seed=0):
    """One episode with policy({agent: obs}) -> {agent: action}; returns each step's actions,
    outputs and the games that ended in it."""
    obs, _ = env.reset(seed=seed)
    steps, done = [], set()
    while True:
        actions = policy({aid: o for aid, o in obs.items() if aid not in done})
        out = env.step(actions)
        steps.append((actions, *out, list(env.finished)))
        done |= {a for a in out[1] if out[2].get(a) or out[3].get(a)}
        obs = out[0]
        if out[2]["__all__"]:
            return steps


def random_legal(rng):
    return lambda obs: {aid: int(rng.choice(np.flatnonzero(o["action_mask"]))) for aid, o in obs.items()}


@pytest.mark.parametrize("env", pyramid_envs.list_envs())
def test_env_passes_rllib_checks(env):
    check_multiagent_environments(make_env(env, num_games=3))


def test_episode_is_one_game_per_slot_with_final_rewards():
    env = make_env(num_games=12)
    steps = play_episode(env, random_legal(np.random.default_rng(0)))
    finals, ended_games = {}, []
    for actions, obs, rewards, terms, truncs, infos, finished in steps:
        assert set(obs) == set(rewards) == set(infos)
        for aid in actions:  # only the agent to move in its game acts, one per game
            assert module_of(aid) in ("learner", "snapshot_0", "snapshot_1")
        assert len({a.split(":")[1] for a in actions}) == len(actions)
        finals.update({a: rewards[a] for a in terms if a != "__all__"})
        ended_games += finished
    games = {}
    for aid, reward in finals.items():
        games.setdefault(aid.split(":")[1], []).append(reward)
    assert len(ended_games) == 12  # every game ended once
    for rewards in games.values():  # two players, win/loss: an RLlib agent's reward is +-1 or 0
        assert set(rewards) <= {-1.0, 0.0, 1.0}
        if len(rewards) == 2:  # both seats RLlib agents (latest or pool): zero-sum
            assert sum(rewards) == 0


def test_cut_games_are_truncated_or_lost():
    steps = play_episode(make_env(max_steps=6, opponents={"latest": 1.0}), random_legal(np.random.default_rng(1)))
    _, obs, rewards, terms, truncs, _, _ = steps[-1]
    cut = [a for a, t in truncs.items() if t and a != "__all__"]
    assert cut and all(a in obs and rewards[a] == 0 for a in cut)  # a last observation to bootstrap from
    steps = play_episode(make_env(max_steps=6, opponents={"latest": 1.0}, truncation_reward=-1.0),
                         random_legal(np.random.default_rng(1)))
    _, _, rewards, terms, truncs, _, _ = steps[-1]
    ended = [a for a, t in terms.items() if t and a != "__all__"]
    assert ended and not any(v for k, v in truncs.items()) and all(rewards[a] == -1 for a in ended)


def test_illegal_action_raises():
    env = make_env(opponents={"latest": 1.0})
    obs, _ = env.reset(seed=0)
    aid, o = next(iter(obs.items()))
    with pytest.raises(ValueError, match="illegal|not legal"):
        env.step({aid: int(np.flatnonzero(o["action_mask"] == 0)[0])})


def test_module_never_samples_a_masked_action():
    cfg = load_rllib_config(TINY)
    module = module_spec(cfg).build()
    game = pyramid_envs.get_game(cfg["env"])
    rng = np.random.default_rng(0)
    n = 256
    masks = (rng.random((n, game.num_actions)) < rng.choice([0.002, 0.05, 0.5], (n, 1))).astype(np.int8)
    masks[np.arange(n), rng.integers(0, game.num_actions, n)] = 1
    obs = rng.random((n,) + tuple(game.obs_shape)).astype(np.float32)
    batch = {Columns.OBS: {"observation": torch.tensor(obs), "action_mask": torch.tensor(masks)}}
    for forward in (module.forward_exploration, module.forward_inference, module.forward_train):
        logits = forward(batch)[Columns.ACTION_DIST_INPUTS]
        assert (logits[torch.tensor(masks == 0)] == MASKED).all()
    dist = module.get_exploration_action_dist_cls().from_logits(logits)
    for _ in range(20):
        actions = dist.sample().numpy()
        assert masks[np.arange(n), actions].all()


def test_module_plays_whole_episodes_legally():
    """The env raises on an illegal action: a module sampling every move of an episode never does."""
    cfg = load_rllib_config(TINY)
    module = module_spec(cfg).build()
    dist_cls = module.get_exploration_action_dist_cls()

    def policy(obs):
        batch = {Columns.OBS: {k: torch.tensor(np.stack([o[k] for o in obs.values()]))
                               for k in ("observation", "action_mask")}}
        logits = module.forward_exploration(batch)[Columns.ACTION_DIST_INPUTS]
        return dict(zip(obs, dist_cls.from_logits(logits).sample().tolist()))

    env = PyramidMultiAgentEnv(env_config(cfg))
    assert len(play_episode(env, policy)) > 0


def test_tiny_run_two_env_runners_checkpoints_and_plays_in_the_arena(tmp_path):
    """Two Ray env runners on this machine; the env raises on an illegal action, so the run
    finishing also shows that the runners never sampled a masked one."""
    cfg = load_rllib_config(TINY, ["num_env_runners=2", "iterations=3", "checkpoint_every=2"])
    lines = []
    final = train(cfg, tmp_path / "run", log=lines.append)
    assert len(lines) == 3 and "learner steps" in lines[-1]
    assert not ray.is_initialized()  # train() shuts down the local Ray it started
    assert (tmp_path / "run" / "checkpoints" / "iter_2").is_dir() and final.is_dir()
    assert list((tmp_path / "run" / "tb").glob("events.out.tfevents.*"))
    policy = to_maskable_ppo(final, tmp_path / "policy.zip", cfg["env"])
    result = run_arena(cfg["env"], [f"policy:path={policy}", "random"], games=2, seed=0)
    assert len(result.seats) == 2


def test_only_train_rllib_imports_ray():
    code = ("import sys, pyramid_envs, agents.arena, agents.play, train.run, train.export; "
            "sys.exit('ray' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parents[2]).returncode == 0


@pytest.mark.parametrize("env", pyramid_envs.list_envs())
def test_every_game_has_an_rllib_config(env):
    path = CONFIG_DIR / f"{env.rsplit('_v', 1)[0]}_rllib.yaml"
    assert path.exists(), f"add {path.name} (copy another game's and set env: {env})"
    assert load_rllib_config(path)["env"] == env


def test_config_and_env_errors():
    with pytest.raises(ValueError, match="unknown config key"):
        load_rllib_config(None, ["num_workers=2"])
    with pytest.raises(ValueError, match="unknown environment"):
        load_rllib_config(None, ["env=pyramids_v1"])
    with pytest.raises(ValueError, match="num_env_runners"):
        load_rllib_config(None, ["num_env_runners=-1"])
    with pytest.raises(ValueError, match="opponents"):
        load_rllib_config(None, ["opponents={alphazero: 1}"])
    with pytest.raises(ValueError, match="unknown env_config"):
        PyramidMultiAgentEnv({"env": "kheops_v1", "games": 4})
