"""train.zero end to end on tiny configs: it trains, checkpoints, resumes, its value targets are
each position's own seat's outcome, the agent it makes plays legal moves everywhere, and bad
configs are refused with the valid choices listed."""
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import pyramid_envs  # noqa: E402
from agents.arena import run_arena  # noqa: E402
from agents.policy import shipped_envs  # noqa: E402
from agents.registry import make_agent  # noqa: E402
from agents.zero.agent import SHIPPED as ZERO_CHECKPOINTS  # noqa: E402
from agents.zero.network import Evaluator, ZeroNet, load_checkpoint, save_checkpoint  # noqa: E402
from agents.zero.search import Search  # noqa: E402
from train.zero.__main__ import main  # noqa: E402
from train.zero.config import load_zero_config  # noqa: E402
from train.zero.replay import ReplayBuffer  # noqa: E402
from train.zero.selfplay import SelfPlay, value_targets  # noqa: E402

ENVS = pyramid_envs.list_envs()
TINY = ["network.width=16", "network.depth=1", "search.sims=4", "selfplay.num_games=8", "selfplay.decisions=6",
        "optim.batch_size=16", "optim.steps=2", "optim.min_replay=8", "optim.replay_size=2000", "eval_every=2",
        "eval_games=2", "eval_agents=[random]", "checkpoint_every=1", "final_eval_games=2",
        "final_eval_agents=[random]"]


@pytest.mark.parametrize("env", ENVS)
def test_every_game_has_a_zero_config(env):
    path = Path(__file__).parents[2] / "configs" / f"{env.rsplit('_v', 1)[0]}_zero.yaml"
    assert path.exists(), f"add {path.name} (copy another game's and set env: {env})"
    assert load_zero_config(path, [])["env"] == env


def _unlisted(defaults, given, prefix=""):
    out = []
    for key, value in defaults.items():
        if key not in given:
            out.append(prefix + key)
        elif isinstance(value, dict) and value:
            out += _unlisted(value, given[key], f"{prefix}{key}.")
    return out


@pytest.mark.parametrize("env", ENVS)
def test_every_zero_config_lists_every_key(env):
    """The configs say "every key is listed": a key added to train.zero's defaults is added to
    each shipped recipe too, so a reader sees every setting its network was trained with."""
    import yaml

    from train.zero.config import DEFAULTS

    path = Path(__file__).parents[2] / "configs" / f"{env.rsplit('_v', 1)[0]}_zero.yaml"
    assert _unlisted(DEFAULTS, yaml.safe_load(path.read_text())) == []


@pytest.mark.filterwarnings("error::UserWarning")  # the README's main command prints no warnings
def test_two_iterations_write_a_checkpoint_that_plays_and_resumes(tmp_path):
    main(["--out", str(tmp_path), "iterations=2", "selfplay.max_steps=200", "search.discount=0.99",
         "search.truncation_value=-1.0", *TINY])
    final = tmp_path / "checkpoints" / "final.pt"
    assert final.exists() and (tmp_path / "learning_curve.png").exists() and (tmp_path / "arena.json").exists()
    history = load_checkpoint(final)[1]["history"]  # the curve starts with the untrained network
    assert [(row["iteration"], row["step"]) for row in history] == [(0, 0), (2, 2 * 8 * 6)]
    at_two = load_checkpoint(tmp_path / "checkpoints" / "iteration_2.pt")[1]["history"]
    assert [row["iteration"] for row in at_two] == [0, 2]  # a checkpoint holds its own iteration's evaluation
    assert any((tmp_path / "tb").iterdir())
    net, data = load_checkpoint(final)
    assert data["env"] == "kheops_v1" and data["iteration"] == 2 and data["search"]["sims"] == 4
    searched = make_agent(f"zero:path={final}")._search
    assert (searched.discount, searched.truncation_value) == (0.99, -1.0)  # the agent searches as self-play did
    from train.zero.export import export

    slim = export(final, tmp_path / "slim.pt")
    assert slim.stat().st_size < final.stat().st_size and load_checkpoint(slim)[1]["search"] == data["search"]
    deeper = load_checkpoint(export(final, tmp_path / "deeper.pt", sims=7))[1]["search"]
    assert deeper == {**data["search"], "sims": 7}
    result = run_arena("kheops", [f"zero:path={final}", f"zero:path={final},sims=0", "random"], games=6, seed=3)
    assert len(result.seats) == 6
    main(["--out", str(tmp_path), "--resume", str(tmp_path / "checkpoints" / "iteration_1.pt"), "iterations=3",
          "--no-eval", *TINY])
    _, data = load_checkpoint(final)
    assert data["iteration"] == 3 and data["positions"] == 3 * 8 * 6


def test_lr_final_anneals_the_learning_rate_by_iteration(tmp_path):
    from train.zero.learner import cosine_lr
    from train.zero.loop import ZeroTraining

    assert [cosine_lr(1e-3, None, i, 5) for i in range(5)] == [1e-3] * 5
    lrs = [cosine_lr(1e-3, 1e-4, i, 5) for i in range(5)]
    assert lrs[0] == pytest.approx(1e-3) and lrs[-1] == pytest.approx(1e-4) and lrs[2] == pytest.approx(5.5e-4)
    assert all(a > b for a, b in zip(lrs, lrs[1:]))
    cfg = load_zero_config(None, [*TINY, "iterations=3", "eval_every=10", "selfplay.max_steps=6", "optim.lr_final=0.0"])
    training = ZeroTraining(cfg, tmp_path)
    training.run(progress=False)
    assert training.replay.size > 0  # games cut at 6 steps reach the buffer, so every iteration trains
    assert training.learner.optimizer.param_groups[0]["lr"] == 0.0  # the last one at lr_final
    with pytest.raises(ValueError, match=r"optim\.lr_final must be null or a number from 0 to optim\.lr"):
        load_zero_config(None, ["optim.lr_final=0.01"])


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU; run it on a machine with one")
def test_device_cuda_trains_evaluates_and_plays_in_worker_processes(tmp_path):
    """config device: cuda puts the network on the GPU in training, in its evaluations (the
    live network as an agent) and in every self-play worker."""
    main(["--out", str(tmp_path), "iterations=2", "selfplay.max_steps=30", "device=cuda", "selfplay.workers=2",
          *TINY])
    net, data = load_checkpoint(tmp_path / "checkpoints" / "final.pt")
    assert data["iteration"] == 2 and data["config"]["device"] == "cuda"
    assert [row["iteration"] for row in data["history"]] == [0, 2]  # both evaluations played
    assert (tmp_path / "arena.json").exists()


def test_init_starts_from_a_checkpoints_weights_and_refuses_a_misfit(tmp_path):
    from train.zero.loop import ZeroTraining

    net = ZeroNet(2300, 833, 2, width=16, depth=1)
    src = save_checkpoint(tmp_path / "src.pt", net, "kheops_v1", half=True)
    cfg = load_zero_config(None, [*TINY, f"init={src}"])
    run = ZeroTraining(cfg, tmp_path / "run")
    for name, value in run.net.state_dict().items():  # float16 weights, read back as float32
        assert torch.equal(value, net.state_dict()[name].half().float()), name
    assert run.iteration == 0
    with pytest.raises(ValueError, match="has the network"):
        ZeroTraining(load_zero_config(None, [*TINY, "network.width=32", f"init={src}"]), tmp_path / "wide")
    with pytest.raises(ValueError, match="was trained on kheops_v1, not sakkara_v1"):
        ZeroTraining(load_zero_config(None, [*TINY, "env=sakkara_v1", f"init={src}"]), tmp_path / "other")
    for bad in ("5", str(tmp_path / "missing.pt")):
        with pytest.raises(ValueError, match="init must be null or the path of a zero checkpoint"):
            load_zero_config(None, [f"init={bad}"])


def test_td_targets_take_the_searched_values_n_decisions_on():
    from train.zero.selfplay import bootstrap

    roots = np.array([[0.1, -0.1], [0.2, -0.2], [0.3, -0.3], [0.4, -0.4]], np.float32)
    outcome = np.array([1.0, -1.0], np.float32)
    assert np.allclose(bootstrap(outcome, roots, 0), [outcome] * 4)
    assert np.allclose(bootstrap(outcome, roots, 2), [[0.3, -0.3], [0.4, -0.4], [1, -1], [1, -1]])
    values, _ = value_targets(bootstrap(outcome, roots, 2), np.array([0, 1, 0, 1]), 2, 2)
    assert np.allclose(values, [[0.3, -0.3], [-0.4, 0.4], [1, -1], [-1, 1]])
    with pytest.raises(ValueError, match="td_steps must be a whole number of at least 0"):
        load_zero_config(None, ["selfplay.td_steps=-1"])


def test_discounted_targets_count_the_decisions_to_the_value_they_take():
    from train.zero.selfplay import bootstrap

    roots = np.array([[0.1, -0.1], [0.2, -0.2], [0.3, -0.3], [0.4, -0.4]], np.float32)
    outcome = np.array([1.0, -1.0], np.float32)
    # td 2: positions 0 and 1 take the searched values 2 decisions on; 2 and 3 the outcome, 2 and 1 on
    assert np.allclose(bootstrap(outcome, roots, 2, 0.5), [[0.075, -0.075], [0.1, -0.1], [0.25, -0.25], [0.5, -0.5]])
    assert np.allclose(bootstrap(outcome, roots, 0, 0.5)[:, 0], [0.0625, 0.125, 0.25, 0.5])
    for bad in ("0", "1.5", "true"):
        with pytest.raises(ValueError, match=r"search.discount must be a number in \(0, 1\]"):
            load_zero_config(None, [f"search.discount={bad}"])
    for bad in ("-2", "1.5", "true", "null"):
        with pytest.raises(ValueError, match=r"search.truncation_value must be a number in \[-1, 1\]"):
            load_zero_config(None, [f"search.truncation_value={bad}"])


def test_value_targets_count_seats_from_the_mover():
    values, valid = value_targets(np.array([1.0, -1.0, 0.0], np.float32), np.array([0, 2, 1]), 3, 4)
    assert values.tolist() == [[1, -1, 0, 0], [0, 1, -1, 0], [-1, 0, 1, 0]]
    assert valid[:, :3].all() and not valid[:, 3].any()


@pytest.mark.parametrize("name, max_steps, cut", [("kheops_v1", 400, 0.0), ("keops_v1", 400, 0.0),
                                                  ("keops_v1", 60, -1.0)])
def test_each_positions_value_target_is_its_own_seats_outcome(name, max_steps, cut):
    """A finished game's outcome is the env's rewards; a game cut at max_steps is worth the
    search's truncation_value to every seat (0.0: a draw; -1.0: lost by all, so stalling never
    pays)."""
    game = pyramid_envs.get_game(name)
    torch.manual_seed(0)
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=16, depth=1)
    search = Search(game, Evaluator(net), sims=2, max_steps=max_steps, truncation_value=cut)
    play = SelfPlay(game, search, 4, seed=0, max_steps=max_steps, options={})
    outcomes = []
    step = play.vec.step

    def recording_step(actions):  # the outcome of every game as the env reports it
        out = step(actions)
        rewards, terminated, info = out[2], out[3], out[5]
        for i, g in enumerate(info.get("done_index", ())):
            n = int(info["final_states"][i]["num_players"])
            outcomes.append(rewards[g, :n].copy() if terminated[g] else np.full(n, cut))
        return out

    play.vec.step = recording_step
    replay = ReplayBuffer(100_000, int(np.prod(game.obs_shape)), game.num_actions, game.max_players)
    while play.games < 2:
        play.play(10, replay)
    start = 0
    for outcome, length in zip(outcomes, play.lengths):
        rows = slice(start, start + length)
        seats = replay.seats[rows].astype(int)
        assert np.array_equal(replay.values[rows, 0], outcome[seats])  # column 0: the mover's own result
        assert np.array_equal(replay.values[rows, 1], outcome[(seats + 1) % len(outcome)])
        start += length
    assert start == replay.size and any(np.abs(o).sum() > 0 for o in outcomes)
    if cut:
        assert play.truncated > 0  # the case under test happened


def test_a_head_start_curriculum_starts_self_play_games_on_and_is_checked(tmp_path):
    game = pyramid_envs.get_game("krimsutep_v1")
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=16, depth=1)
    search = Search(game, Evaluator(net), sims=2, max_steps=100)
    last = [0] * (len(game.head_start_levels) - 1) + [1]  # every seat carries a treasure near the camp
    play = SelfPlay(game, search, 4, seed=0, max_steps=100, options={}, head_start=last)
    assert (play.vec.states["carry_tr"][:, :2] >= 0).all()
    assert (SelfPlay(game, search, 4, seed=0, max_steps=100, options={}).vec.states["carry_tr"] < 0).all()
    with pytest.raises(ValueError, match="selfplay.head_start must be a list of weights"):
        load_zero_config(None, ["selfplay.head_start=[1, x]"])
    with pytest.raises(ValueError, match="kheops has no head starts"):
        main(["--out", str(tmp_path), "iterations=1", "selfplay.head_start=[1]", *TINY])


def test_schedules_move_the_head_starts_and_the_cut_as_training_goes(tmp_path):
    """selfplay.head_start_schedule and max_steps_schedule: from each pair's iteration on, new
    self-play games start at those weights' levels and games are cut (and the search's walks
    valued as draws) at that many steps; malformed schedules are refused."""
    from train.zero.config import stage_at

    last = [0, 0, 0, 0, 0, 1]
    cfg = load_zero_config(None, [*TINY, "env=krimsutep_v1", f"selfplay.head_start={last}", "selfplay.max_steps=100",
                                  "selfplay.head_start_schedule=[[2, [1]]]", "selfplay.max_steps_schedule=[[3, 40]]"])
    assert [stage_at(cfg, i) for i in (0, 2, 3)] == [{"sims": 4, "head_start": last, "max_steps": 100},
                                                     {"sims": 4, "head_start": [1], "max_steps": 100},
                                                     {"sims": 4, "head_start": [1], "max_steps": 40}]
    assert stage_at(load_zero_config(None, TINY), 5)["head_start"] is None
    game = pyramid_envs.get_game("krimsutep_v1")
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=16, depth=1)
    play = SelfPlay(game, Search(game, Evaluator(net), sims=2, max_steps=100), 4, seed=0, max_steps=100,
                    options={}, head_start=last)
    assert (play.vec.states["carry_tr"][:, :2] >= 0).all()
    play.set_stage(stage_at(cfg, 3))
    assert play.vec.max_steps == play.search.max_steps == 40
    play.vec.reset()  # the games that begin from now on are as set up
    assert (play.vec.states["carry_tr"] < 0).all()
    main(["--out", str(tmp_path), "iterations=4", "--no-eval", *TINY, "env=krimsutep_v1",
          f"selfplay.head_start={last}", "selfplay.head_start_schedule=[[2, [1]]]",
          "selfplay.max_steps_schedule=[[3, 40]]"])
    assert (tmp_path / "checkpoints" / "final.pt").is_file()
    for key, bad in (("head_start_schedule", "[[2, []]]"), ("head_start_schedule", "[[2, 1]]"),
                     ("head_start_schedule", "[[0, [1]]]"), ("max_steps_schedule", "[[2, 0]]"),
                     ("max_steps_schedule", "[[3, 9], [2, 9]]")):
        with pytest.raises(ValueError, match=f"selfplay.{key} must be a list of"):
            load_zero_config(None, [*TINY, f"selfplay.{key}={bad}"])
    with pytest.raises(ValueError, match="head_start must be 1-6 weights"):  # at the start, not at iteration 9
        main(["--out", str(tmp_path / "b"), "iterations=10", *TINY, "env=krimsutep_v1",
              "selfplay.head_start_schedule=[[9, [1, 1, 1, 1, 1, 1, 1]]]"])


def test_eval_max_steps_sets_the_evaluations_and_the_agents_step_limit():
    from train.zero.loop import agent_search_options

    cfg = load_zero_config(None, ["selfplay.max_steps=100"])
    assert agent_search_options(cfg, 1)["max_steps"] == 100  # null: self-play's
    cfg = load_zero_config(None, ["selfplay.max_steps=100", "eval_max_steps=700"])
    assert agent_search_options(cfg, 1)["max_steps"] == agent_search_options(cfg, 1, playing=False)["max_steps"] == 700
    with pytest.raises(ValueError, match="eval_max_steps must be null or a whole number of at least 1"):
        load_zero_config(None, ["eval_max_steps=0"])


def test_self_play_workers_split_the_games_and_a_run_repeats(tmp_path):
    """selfplay.workers: each worker plays its share of the games with its own search, one in
    this process and the other in a process of its own, which plays with the current weights;
    the replay buffer comes out the same run after run; one worker adds what a lone SelfPlay
    adds; a worker process that dies is a clear error."""
    from train.zero.loop import ZeroTraining
    from train.zero.workers import Workers

    def played(out, iterations=2):
        cfg = load_zero_config(None, [*TINY, "selfplay.workers=2", "selfplay.max_steps=30"])
        run = ZeroTraining(cfg, tmp_path / out)
        for _ in range(iterations):
            run.selfplay.play(40, run.replay)
            with torch.no_grad():  # new weights between the plays, as training makes them
                for w in run.net.parameters():
                    w.mul_(1.5)
            run.selfplay.refresh()
        return run

    a, b = played("a"), played("b")
    try:
        assert a.selfplay.sizes == [4, 4]
        assert a.selfplay.decisions == 2 * 8 * 40 and a.selfplay.games == len(a.selfplay.lengths) > 8
        assert a.replay.size == sum(a.selfplay.lengths) == b.replay.size
        for name in ("obs", "masks", "policy", "values", "seats"):
            assert np.array_equal(getattr(a.replay, name), getattr(b.replay, name)), name
        a.selfplay.remotes[0].proc.kill()
        a.selfplay.remotes[0].proc.join()
        with pytest.raises(RuntimeError, match="self-play worker 1 .* stopped"):
            a.selfplay.play(4, a.replay)
    finally:
        a.selfplay.close()
        b.selfplay.close()
    # two workers add what two lone SelfPlays of their streams add, each play with the weights of
    # the moment (so the process's worker takes them); one worker is a lone SelfPlay
    from train.zero.workers import make_selfplay

    game = pyramid_envs.get_game("kheops_v1")
    cfg = load_zero_config(None, [*TINY, "selfplay.max_steps=30"])
    torch.manual_seed(1)
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=16, depth=1).eval()
    size = (10_000, int(np.prod(game.obs_shape)), game.num_actions, game.max_players)
    for count in (1, 2):
        replays = [ReplayBuffer(*size), ReplayBuffer(*size)]
        workers = Workers(cfg, game, net, 8, count, seed=5)
        lone = [make_selfplay(cfg, game, net, k, 8 // count, seed=5) for k in range(count)]
        try:
            for sims, cut in ((4, 30), (6, 12)):  # a schedule's stage reaches every worker
                stage = {"sims": sims, "head_start": None, "max_steps": cut}
                workers.play(40, replays[0], stage)
                for play in lone:
                    play.set_stage(stage)
                    play.play(40, replays[1])
                with torch.no_grad():
                    for w in net.parameters():
                        w.mul_(1.5)
                workers.refresh()
        finally:
            workers.close()
        assert replays[0].size == replays[1].size > 0
        for name in ("obs", "policy", "values", "seats"):
            assert np.array_equal(getattr(replays[0], name), getattr(replays[1], name)), (count, name)
    with pytest.raises(ValueError, match="selfplay.workers must not exceed selfplay.num_games"):
        load_zero_config(None, [*TINY, "selfplay.workers=9"])
    with pytest.raises(ValueError, match="selfplay.workers must be a whole number"):
        load_zero_config(None, [*TINY, "selfplay.workers=0"])


def test_a_sims_schedule_deepens_self_play_and_the_agent_keeps_the_last(tmp_path):
    """search.sims_schedule: self-play searches with each pair's sims from its iteration on; a
    checkpoint's agent plays with the sims of the last iteration before it (play_sims, else
    eval_sims, override that); a search given new sims plays as a search made with them."""
    from train.zero.config import sims_at

    cfg = load_zero_config(None, [*TINY, "search.sims_schedule=[[2, 8], [5, 6]]"])
    assert [sims_at(cfg, i) for i in range(7)] == [4, 4, 8, 8, 8, 6, 6]
    main(["--out", str(tmp_path), "iterations=3", "selfplay.max_steps=30", "--no-eval", *TINY,
          "search.sims_schedule=[[2, 8]]"])
    sims = {n: load_checkpoint(tmp_path / "checkpoints" / f"{n}.pt")[1]["search"]["sims"]
            for n in ("iteration_1", "iteration_2", "iteration_3", "final")}
    assert sims == {"iteration_1": 4, "iteration_2": 4, "iteration_3": 8, "final": 8}
    from train.zero.loop import agent_search_options

    played = load_zero_config(None, [*TINY, "search.sims_schedule=[[2, 8]]", "play_sims=32"])
    assert agent_search_options(played, 3)["sims"] == 32 and agent_search_options(played, 3, False)["sims"] == 8
    assert agent_search_options(load_zero_config(None, [*TINY, "eval_sims=5"]), 3)["sims"] == 5
    with pytest.raises(ValueError, match="play_sims must be null or a whole number"):
        load_zero_config(None, [*TINY, "play_sims=-1"])
    for bad in ("[[2, 0]]", "[[0, 8]]", "[[3, 8], [2, 6]]", "[[2, 8], [2, 6]]", "[2, 8]", "{2: 8}"):
        with pytest.raises(ValueError, match="search.sims_schedule must be a list of"):
            load_zero_config(None, [*TINY, f"search.sims_schedule={bad}"])

    game = pyramid_envs.get_game("kheops_v1")
    torch.manual_seed(2)
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=16, depth=1).eval()
    vec = pyramid_envs.core.vector.VectorGame(game, 4, seed=3)
    obs, masks = vec.reset()
    view = pyramid_envs.core.view.SeatView(game, vec.states, vec.current_player)
    changed, fresh = Search(game, Evaluator(net), sims=4), Search(game, Evaluator(net), sims=12)
    changed.run(view, obs, masks, np.random.default_rng(0))  # buffers made for 4 simulations
    changed.set_sims(12)
    a, b = (s.run(view, obs, masks, np.random.default_rng(1), explore=True) for s in (changed, fresh))
    assert np.array_equal(a.actions, b.actions) and np.array_equal(a.visits, b.visits)
    assert np.array_equal(a.policy, b.policy) and changed.node_head.shape[1] == 12 + 2


def _tiny_checkpoint(tmp_path, name):
    game = pyramid_envs.get_game(name)
    torch.manual_seed(0)
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, width=16, depth=1)
    return save_checkpoint(tmp_path / f"{name}.pt", net, name, {"search": {"sims": 3, "mode": "gumbel"}}, half=True)


@pytest.mark.parametrize("name", ENVS)
def test_the_agent_plays_legal_moves_at_every_player_count(tmp_path, name):
    game = pyramid_envs.get_game(name)
    path = _tiny_checkpoint(tmp_path, name)
    for n in range(game.min_players, game.max_players + 1):
        try:
            opts = game.resolve_options({"num_players": n})
        except ValueError:
            continue
        agents = [f"zero:path={path}", f"zero:path={path},sims=0,seed=1", "random"][:max(n, 2)]
        # the arena checks every move against the seat's mask and raises on an illegal one
        result = run_arena(name, agents, games=len(agents), num_players=n, seed=n, max_steps=150, options=opts)
        assert result.seats.shape[1] == n


def test_bad_configs_and_agent_options_list_the_valid_ones(tmp_path):
    with pytest.raises(ValueError, match=r"unknown config key 'itterations'; valid: \[.*'iterations'"):
        load_zero_config(None, ["itterations=3"])
    with pytest.raises(ValueError, match=r"unknown config key 'search\.simz'.*'sims'"):
        load_zero_config(None, ["search.simz=3"])
    with pytest.raises(ValueError, match=r"search\.mode must be one of \['gumbel', 'puct'\]"):
        load_zero_config(None, ["search.mode=uct"])
    with pytest.raises(ValueError, match="search.sims must be a whole number of at least 1"):
        load_zero_config(None, ["search.sims=0"])
    with pytest.raises(ValueError, match="unknown agent"):
        load_zero_config(None, ["eval_agents=[randum]"])
    path = _tiny_checkpoint(tmp_path, "kheops_v1")
    with pytest.raises(ValueError, match=r"no option \['simz'\].*'sims'"):
        make_agent(f"zero:path={path},simz=3")
    with pytest.raises(ValueError, match="exactly one of path"):
        make_agent("zero")
    with pytest.raises(ValueError, match=r"search mode must be one of \['gumbel', 'puct'\]"):
        make_agent(f"zero:path={path},mode=uct")
    with pytest.raises(ValueError, match="not a zero checkpoint"):
        (tmp_path / "x.pt").write_bytes(b"")
        torch.save({"a": 1}, tmp_path / "x.pt")
        make_agent(f"zero:path={tmp_path / 'x.pt'}")


def test_the_agent_is_an_opponent_in_selfplay_and_gymnasium(tmp_path):
    import gymnasium

    from pyramid_envs.core import SelfPlayVec

    path = _tiny_checkpoint(tmp_path, "kheops_v1")
    game = pyramid_envs.get_game("kheops_v1")
    vec = SelfPlayVec(game, 3, opponent=make_agent(f"zero:path={path}", seed=0), seed=0)
    vec.reset()
    for _ in range(4):  # the vector env checks the opponent's moves against the masks
        vec.step(np.argmax(vec.vec.masks, axis=1))
    env = gymnasium.make("pyramid_envs/Kheops-v1", opponent=f"zero:path={path},sims=2")
    _, info = env.reset(seed=0)
    for _ in range(4):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not truncated and not terminated


SHIPPED = shipped_envs(ZERO_CHECKPOINTS, ".pt")


@pytest.mark.parametrize("env", SHIPPED)
def test_every_shipped_network_loads_by_its_game_name_and_plays(env):
    agent = make_agent(f"zero:env={env.rsplit('_v', 1)[0]}", seed=0)
    assert agent.env == env and agent.sims == agent.search_options["sims"] > 0
    result = run_arena(env, [agent, "random"], games=2, seed=0, max_steps=300)
    assert len(result.seats) == 2


def test_every_game_ships_a_network():
    assert SHIPPED == sorted(ENVS)


def test_a_game_without_a_shipped_network_says_what_is_shipped(tmp_path, monkeypatch):
    import agents.zero.agent as zero_agent

    (tmp_path / "farao_v1.pt").write_bytes(b"")
    monkeypatch.setattr(zero_agent, "SHIPPED", tmp_path)
    with pytest.raises(ValueError, match=r"no zero checkpoint shipped for krimsutep_v1; shipped: \['farao_v1'\]"):
        make_agent("zero:env=krimsutep")
