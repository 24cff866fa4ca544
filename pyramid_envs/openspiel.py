"""Every registered game as an OpenSpiel game (the optional extra: pip install -e ".[openspiel]").

    import pyspiel
    import pyramid_envs.openspiel  # registers pyramid_<game> for every registered game
    game = pyspiel.load_game("pyramid_farao(players=4,pyramid=big)")

Nothing else in pyramid_envs imports pyspiel. One short name per game, its latest version
(`pyramid_kheops` is kheops_v1 today). Parameters: `players` (the num_players option), every
other option of the game under its own name, `max_steps` (the step limit) and `rng_seed`.

- State: one record of the rules core. `apply_action` goes through the checked step path
  (`Game.step`): an illegal action raises ValueError and changes nothing.
- Chance is SAMPLED_STOCHASTIC: it lives in the record's RNG, so there are no chance nodes.
  `rng_seed` seeds the game's sequence of new initial states: the first one of
  `pyramid_<game>(rng_seed=s)` is the PettingZoo env's `reset(seed=s)`, and every
  `new_initial_state()` takes the next seed of the sequence (so do the ones OpenSpiel's C++
  side makes to clone a state or to measure a tensor).
- Terminal: the game ended, or `max_steps` steps were played (default: the game's
  `default_max_steps`, else 10,000 as in the arena); a game stopped by the step limit
  returns 0 to every player, as the envs' truncation does. max_game_length = max_steps.
- Returns: the kernels' rank-based rewards (+1/-1/0 with two players). The game is ZERO_SUM
  unless the rules seat players of their own (their rewards are not returned).
- Information: PERFECT_INFORMATION where the Game descriptor says so (`perfect_information`),
  else IMPERFECT_INFORMATION.
- Observations (the only observation type: the seat's own view): the tensor is the seat's
  observation from the core (for the information state too: the core's observation holds
  what the seat knows), observation_string is `render_ansi(state, seat)`, and
  information_state_string is a digest of the seat's observation and, for the seat to
  move, its legal actions (an exact key for OpenSpiel's ISMCTS; read observation_string).
- `resample_from_infostate` resamples through `determinize`, so OpenSpiel's ISMCTS works.
- Serialization: `state.serialize()` / `game.deserialize_state(text)` and `state.to_json()`
  carry the game's `to_dict` view (JSON); `game.new_initial_state(d)` builds a state from it.
"""
from __future__ import annotations

import hashlib
import json

import numpy as np
import pyspiel

from .core.registry import get_game, list_envs

FALLBACK_MAX_STEPS = 10_000  # the arena's step limit, for games that always end
_EXTRA = ("players", "max_steps", "rng_seed")
_PARAM_TYPES = (bool, int, float, str)


def short_name(game) -> str:
    return f"pyramid_{game.name}"


def _latest_envs() -> dict:
    """Short name -> env name of the latest version of each registered game."""
    out = {}
    for env in list_envs():
        name, _, version = env.rpartition("_v")
        prev = out.get(name)
        if prev is None or int(version) > int(prev.rpartition("_v")[2]):
            out[name] = env
    return {f"pyramid_{n}": e for n, e in out.items()}


def parameter_specification(game) -> dict:
    """OpenSpiel parameters with their defaults: players, each option, max_steps, rng_seed."""
    spec = {"players": game.resolve_options()["num_players"]}
    for o in game.options:
        if o.name == "num_players":
            continue
        if o.name in _EXTRA or not isinstance(o.default, _PARAM_TYPES):
            raise TypeError(f"{game.env_name}: option {o.name}={o.default!r} cannot be an "
                            f"OpenSpiel parameter")
        spec[o.name] = o.default
    spec["max_steps"] = game.default_max_steps or FALLBACK_MAX_STEPS
    spec["rng_seed"] = 0
    return spec


def _information(game):
    info = pyspiel.GameType.Information
    return info.PERFECT_INFORMATION if game.perfect_information else info.IMPERFECT_INFORMATION


def game_type(game, options=None, zero_sum=True) -> pyspiel.GameType:
    options = game.resolve_options(options)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(game), long_name=f"pyramid_envs {game.title} ({game.env_name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=_information(game),
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players, min_num_players=game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameter_specification(game))


class PyramidGame(pyspiel.Game):
    """A registered game with its options, as an OpenSpiel game; a subclass per game
    (game_class) sets `core`, the Game descriptor."""

    core = None

    def __init__(self, params=None):
        game = self.core
        spec = parameter_specification(game)
        params = {**spec, **(params or {})}
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(f"{short_name(game)} has no parameter {unknown}; parameters: {sorted(spec)}")
        options = game.resolve_options({"num_players": params["players"],
                                        **{k: params[k] for k in spec if k not in _EXTRA}})
        max_steps = params["max_steps"]
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps must be a positive integer, got {max_steps!r}")
        encoded = game.encode_options(options)
        probe = game.new_states(1)
        game.kernels.reset(probe, np.zeros(1, np.uint64), encoded)
        players = options["num_players"]
        zero_sum = int(probe[0]["num_players"]) == players  # rank rewards sum to 0 over all seats
        super().__init__(
            game_type(game, options, zero_sum),
            pyspiel.GameInfo(num_distinct_actions=game.num_actions, max_chance_outcomes=0,
                             num_players=players, min_utility=-1.0, max_utility=1.0,
                             utility_sum=0.0 if zero_sum else None, max_game_length=max_steps),
            params)
        self.options = options
        self.max_steps = max_steps
        self._encoded = encoded
        self._seeds = np.random.SeedSequence(params["rng_seed"])

    def new_initial_state(self, state=None):
        """A new game from the next seed; or, given the dict `state.to_json()` holds (or
        the game's `to_dict` alone), that position."""
        if state is None:
            record = self.core.new_states(1)
            seed = self._seeds.spawn(1)[0].generate_state(1, np.uint64)
            self.core.kernels.reset(record, seed, self._encoded)
            return PyramidState(self, record)
        if isinstance(state, str):
            state = json.loads(state)
        if not isinstance(state, dict):
            raise ValueError(f"new_initial_state takes None or a dict, got {type(state).__name__}")
        view = state.get("position", state)
        out = PyramidState(self, self.core.from_dict(view))
        if "returns" in state:
            out._returns = np.array(state["returns"], np.float64)
            if out._returns.shape != (self.num_players(),):
                raise ValueError(f"returns must list {self.num_players()} numbers")
        return out

    def state_from_record(self, record):
        """A state over a copy of a core record (a 1-element state array)."""
        return PyramidState(self, np.array(record, self.core.state_dtype).reshape(1).copy())

    def deserialize_state(self, text):
        return self.new_initial_state(json.loads(text))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return SeatObserver(self.core, iig_obs_type, params)


class PyramidState(pyspiel.State):
    """One game: a record of the rules core. Everything it holds is plain data, since
    OpenSpiel's C++ side deep-copies and pickles a Python state's attributes."""

    def __init__(self, game, record):
        super().__init__(game)
        self._env = game.core.env_name
        self._limit = game.max_steps
        self._returns = np.zeros(game.num_players())
        self._set(record)

    def _set(self, record):
        """Take `record` as the state; the player to move and the information keys (which
        OpenSpiel's searches ask for many times) are kept with it."""
        self._rec = record
        s = record[0]
        over = bool(s["terminated"]) or int(s["steps"]) >= self._limit
        self._player = pyspiel.PlayerId.TERMINAL if over else int(s["current_player"])
        self._keys = {}

    @property
    def core(self):
        return get_game(self._env)

    @property
    def record(self):
        """A copy of the core record (a 1-element state array)."""
        return self._rec.copy()

    def current_player(self):
        return self._player

    def is_terminal(self):
        return self._player == pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player):
        return np.flatnonzero(self.core.legal_mask(self._rec)[0]).tolist()

    def _apply_action(self, action):
        if self.is_terminal():
            raise ValueError("the game is over; no action is legal")
        if int(action) < 0:
            raise ValueError(f"illegal action {action} (negative)")
        rewards = self.core.step(self._rec, np.array([action], np.int64))  # ValueError if illegal
        if self._rec[0]["terminated"]:
            self._returns = rewards[0, :len(self._returns)].astype(np.float64)
        self._set(self._rec)

    def _action_to_string(self, player, action):
        return self.core.action_to_str(self._rec, action)

    def returns(self):
        return self._returns.tolist()

    def __str__(self):
        return self.core.render_ansi(self._rec)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A copy with everything seat `player_id` cannot see (the RNG too) resampled."""
        seed = int(probability_sampler() * 2.0**53)
        out = self.clone()
        out._set(self.core.determinize(self._rec, [player_id], [seed]))
        return out

    def _to_struct(self):
        return {"position": self.core.to_dict(self._rec), "returns": self.returns()}

    def serialize(self):
        return json.dumps(self._to_struct())


class SeatObserver:
    """A seat's own view: the core's observation tensor, render_ansi as the string (the
    information state's string: a digest, see the module docstring)."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not kind.public_info or kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("only the seat's own view (public and its private information) "
                             "is available")
        self._game = game
        self._digest = kind.perfect_recall
        shape = tuple(game.obs_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self._out = self.tensor.reshape((1,) + shape)
        self._seat = np.zeros(1, np.int64)

    def set_from(self, state, player):
        self._seat[0] = player
        self._game.kernels.observe(state._rec, self._seat, self._out)

    def string_from(self, state, player):
        if not self._digest:
            return self._game.render_ansi(state._rec, player)
        if player not in state._keys:
            self.set_from(state, player)
            h = hashlib.blake2b(self.tensor.tobytes(), digest_size=16)
            if player == state.current_player():
                h.update(self._game.legal_mask(state._rec).tobytes())
            state._keys[player] = f"seat {player} information {h.hexdigest()}"
        return state._keys[player]


_CLASSES: dict = {}


def game_class(game):
    """The PyramidGame subclass of a Game descriptor (any version; pyspiel knows the latest)."""
    if game.env_name not in _CLASSES:
        _CLASSES[game.env_name] = type(f"Pyramid{game.title}Game", (PyramidGame,), {"core": game})
    return _CLASSES[game.env_name]


def register_all():
    """Register pyramid_<game> for every registered game not yet known to pyspiel.
    (A class, not a closure, is registered: pyspiel keeps it until after Python's exit,
    and releasing the last reference to a Python object then aborts the process.)"""
    known = set(pyspiel.registered_names())
    for name, env in _latest_envs().items():
        if name not in known:
            game = get_game(env)
            pyspiel.register_game(game_type(game), game_class(game))


register_all()
