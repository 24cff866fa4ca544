"""The OpenSpiel bridge (pyramid_envs.openspiel) on every registered game."""
import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
bridge = pytest.importorskip("pyramid_envs.openspiel")

import pyramid_envs  # noqa: E402
from tests.core.snapshots import option_sets  # noqa: E402

ENVS = pyramid_envs.list_envs()
IMPERFECT = pyspiel.GameType.Information.IMPERFECT_INFORMATION


def spiel_params(opts, **extra):
    return {("players" if k == "num_players" else k): v for k, v in opts.items()} | extra


def load(env, opts=None, **extra):
    game = pyramid_envs.get_game(env)
    return pyspiel.load_game(bridge.short_name(game), spiel_params(opts or {}, **extra))


def random_states(spiel, seed, steps):
    """States along a random game through the bridge."""
    rng = np.random.default_rng(seed)
    state = spiel.new_initial_state()
    for _ in range(steps):
        yield state
        if state.is_terminal():
            return
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("env, opts", [(e, o) for e in ENVS for o in option_sets(pyramid_envs.get_game(e))],
                         ids=lambda x: x if isinstance(x, str) else ",".join(f"{k}={v}" for k, v in x.items()))
def test_random_sim_test(env, opts):
    # OpenSpiel's own C++ checks; serialize=False: its serializer needs the game's RNG state
    # from C++ (GetRNGState), which a Python game cannot give; our serialization is below
    spiel = load(env, opts, max_steps=12)
    assert spiel.num_players() == opts["num_players"]
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("env", ENVS)
def test_game_type_and_info(env):
    game = pyramid_envs.get_game(env)
    spiel = load(env)
    t = spiel.get_type()
    assert t.short_name == f"pyramid_{game.name}"
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert (t.information == IMPERFECT) == (not game.perfect_information)
    assert spiel.num_distinct_actions() == game.num_actions
    assert spiel.max_game_length() == (game.default_max_steps or bridge.FALLBACK_MAX_STEPS)
    assert spiel.observation_tensor_shape() == list(game.obs_shape)
    assert set(t.parameter_specification) == {"players", "max_steps", "rng_seed"} | {
        o.name for o in game.options if o.name != "num_players"}


def test_information_follows_the_descriptor():
    # Kheops hides the tiles in hand; Sakkara hides nothing (its tiles lie face up)
    assert load("kheops_v1").get_type().information == IMPERFECT
    assert load("sakkara_v1").get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


def test_parameters_reach_the_options():
    spiel = pyspiel.load_game("pyramid_farao(players=4,pyramid=big,inscriptions_to_open=7)")
    record = spiel.new_initial_state().record
    assert spiel.num_players() == 4 and record[0]["num_players"] == 4
    assert {"inscriptions_to_open=7", "players=4", "pyramid=big"} <= set(str(spiel)[14:-1].split(","))
    for bad, words in [("pyramid_farao(pyramid=huge)", "choose one of"),
                       ("pyramid_farao(inscriptions_to_open=7)", "big"),
                       ("pyramid_kheops(max_steps=0)", "max_steps")]:
        with pytest.raises(Exception, match=words):
            pyspiel.load_game(bad)


@pytest.mark.parametrize("env", ENVS)
def test_legal_actions_observations_and_returns_match_the_env(env):
    # the first game of rng_seed=s is the AEC env's reset(seed=s): same masks, observations,
    # rewards at every step of a random game
    game = pyramid_envs.get_game(env)
    spiel = load(env, max_steps=10**6)
    aec = pyramid_envs.make(env, max_steps=0)
    aec.reset(seed=0)
    rng = np.random.default_rng(1)
    state = spiel.new_initial_state()
    for _ in range(300):
        agent = aec.agent_selection
        seat = aec.possible_agents.index(agent)
        seen = aec.observe(agent)
        assert state.current_player() == seat
        assert state.legal_actions() == np.flatnonzero(seen["action_mask"]).tolist()
        assert np.array_equal(state.observation_tensor(seat), seen["observation"])
        core = game.legal_mask(state.record)[0]
        assert state.legal_actions() == np.flatnonzero(core).tolist()
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        aec.step(a)
        if state.is_terminal():
            assert aec.terminations[agent]
            assert state.returns() == [aec.rewards[x] for x in aec.possible_agents]
            break
    assert state.history() == [h.action for h in state.full_history()]


@pytest.mark.parametrize("env", ENVS)
def test_illegal_action_raises_and_changes_nothing(env):
    spiel = load(env)
    state = spiel.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    illegal = [a for a in range(spiel.num_distinct_actions()) if a not in state.legal_actions()]
    before = (state.serialize(), state.history(), state.legal_actions())
    for a in illegal[:1] + [-2, spiel.num_distinct_actions()]:
        with pytest.raises(ValueError, match="illegal action"):
            state.apply_action(a)
        assert (state.serialize(), state.history(), state.legal_actions()) == before
    with pytest.raises(pyspiel.SpielError):  # -1 is OpenSpiel's kInvalidAction: refused by pyspiel
        state.apply_action(-1)
    assert (state.serialize(), state.history(), state.legal_actions()) == before


def test_step_limit_is_a_terminal_draw():
    spiel = load("kheops_v1", max_steps=5)
    *_, state = random_states(spiel, 0, 100)
    assert state.is_terminal() and len(state.history()) == 5
    assert state.returns() == [0.0, 0.0] and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert not state.record[0]["terminated"]


@pytest.mark.parametrize("env", ENVS)
def test_serialization_round_trips(env):
    spiel = load(env, max_steps=400)
    for k, state in enumerate(random_states(spiel, 3, 400)):
        if k % 40 and not state.is_terminal():
            continue
        text = state.serialize()
        json.loads(text)  # plain JSON: the game's to_dict view and the returns
        for other in (spiel.deserialize_state(text), spiel.new_initial_state(json.loads(state.to_json())),
                      state.clone()):
            assert other.serialize() == text and str(other) == str(state)
            assert other.legal_actions() == state.legal_actions()
            assert other.returns() == state.returns() and other.is_terminal() == state.is_terminal()
            for p in range(spiel.num_players()):
                assert other.observation_tensor(p) == state.observation_tensor(p)
                assert other.information_state_string(p) == state.information_state_string(p)


@pytest.mark.parametrize("env", ENVS)
def test_secrecy_through_the_bridge(env):
    # a state resampled from a seat's information (determinize) looks the same to that seat,
    # and for a game that hides anything the resampling does change the hidden part
    spiel = load(env, max_steps=200)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = False
    for k, state in enumerate(random_states(spiel, 5, 200)):
        if k % 10 or state.is_terminal():
            continue
        for seat in range(spiel.num_players()):
            twin = state.resample_from_infostate(seat, sampler)
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
            assert twin.observation_string(seat) == state.observation_string(seat)
            assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            a, b = state.record[0], twin.record[0]
            changed |= any(not np.array_equal(a[f], b[f]) for f in a.dtype.names if f != "rng")
    assert changed == (spiel.get_type().information == IMPERFECT)


def test_observation_string_is_the_seats_ansi_view():
    game = pyramid_envs.get_game("kheops_v1")
    state = load("kheops_v1").new_initial_state()
    for seat in (0, 1):
        assert state.observation_string(seat) == game.render_ansi(state.record, seat)
    assert str(state) == game.render_ansi(state.record)
    a = state.legal_actions()[0]
    assert state.action_to_string(a) == game.action_to_str(state.record, a)
