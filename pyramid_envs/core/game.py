"""The Game descriptor: everything generic code needs to know about one game.

A game is a NumPy record dtype plus compiled kernels that act on a batch of
records (see docs/architecture.md). The descriptor bundles them with the
option schema, the JSON codec, action names and renderers; it never holds a
game's state itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from . import records
from .checks import check_actions
from .compile import ensure_compiled
from .rng import seed_to_u64

# Fields the generic layers read from every game's state record.
REQUIRED_FIELDS = ("num_players", "current_player", "terminated", "steps", "rng", "scores")


@dataclass(frozen=True)
class Option:
    """One game option: a name, a default and the values it may take."""

    name: str
    default: Any
    choices: tuple
    doc: str = ""

    def check(self, value):
        if value not in self.choices:
            raise ValueError(
                f"option {self.name}={value!r} is not valid; choose one of {list(self.choices)}"
            )
        return value

    def encode(self, value) -> int:
        """Integer handed to the kernels: ints as they are, anything else by position."""
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            return self.choices.index(value)
        return int(value)


@dataclass(frozen=True)
class Kernels:
    """The compiled rules core. Each acts on a whole batch of state records.

    reset(states, seeds, options)     seeds: uint64[B], options: int64[K]
    legal_mask(states, out)           out: int8[B, A]
    step(states, actions, rewards)    actions: int64[B] (< 0 leaves that game as it is),
                                      rewards: float32[B, P], written for stepped games
    observe(states, seats, out)       seats: int64[B], out: float32[B, *obs_shape]
    determinize(states, seats, seeds) resample what `seats` cannot see

    step_parts: helpers of `step` that a first use on several cores compiles in another
    process while this one compiles the rest (core/compile.py), each as (helper, a function
    giving its arguments from step's); for a `step` too long to compile on one core.
    """

    reset: Callable
    legal_mask: Callable
    step: Callable
    observe: Callable
    determinize: Callable
    step_parts: tuple = ()


@dataclass(frozen=True)
class Game:
    name: str
    version: int
    title: str
    min_players: int
    max_players: int
    num_actions: int
    obs_shape: tuple
    state_dtype: np.dtype
    kernels: Kernels
    options: tuple  # of Option; always includes num_players
    to_dict: Callable       # (state) -> dict, state: a 1-element state array
    from_dict: Callable     # (dict) -> 1-element state array; ValueError on bad input
    action_to_str: Callable  # (state, action) -> str
    str_to_action: Callable  # (state, str) -> int; ValueError on unknown text
    render_ansi: Callable    # (state, seat=None) -> str; with a seat, only what it may see
    render_rgb: Callable     # (state, seat=None) -> uint8[H, W, 3], the render_svg picture
    render_svg: Callable     # (state, seat=None) -> str, an SVG picture; with a seat, only what it may see
    score_sheet: Callable    # (state) -> str, the final tally in words
    seat_names: tuple = field(default=())  # printable names per seat, e.g. colours
    # heuristic value of each state for a seat, for greedy and planning agents:
    # evaluate(states, seats int64[B], out float64[B]); higher is better for that seat
    evaluate: Callable | None = None
    # step limit the envs apply when the user gives none: for games that random play
    # (or the rules themselves) may never finish; None for games that always end
    default_max_steps: int | None = None
    # checks that span several options: (resolved options dict) -> None, ValueError if invalid
    check_options: Callable | None = None
    # True where no seat ever lacks information another has (only the future, in the RNG, is
    # unknown): OpenSpiel's game type, and which searches need determinizations
    perfect_information: bool = False
    # for a person at the board (agents.play): the move forms and a short summary of the rules
    help_text: str = ""
    # (state, action) -> str: the move in plain words, where its name uses codes (rotations);
    # None where the names say it all
    describe_action: Callable | None = None
    # where actions act in the render_svg(state, seat) picture, for clicking on it:
    # (state, actions, seat=None) -> {action: (x, y)} for those of `actions` that have a place
    action_places: Callable | None = None
    # for curricula (train.zero's selfplay.head_start): head_start(states, levels int8[B,
    # max_players]) moves games fresh from reset on to positions the rules can reach, seat p
    # of game b past levels[b, p] stages of the game; head_start_levels names the stages,
    # 0 ("as set up") first
    head_start: Callable | None = None
    head_start_levels: tuple = ()
    # seconds numba takes to compile each part of the kernels ({"rules": s, "planning": s},
    # core/compile.PARTS) into an empty cache on the 2-core reference machine, for
    # core/compile.py's first-use message
    compile_seconds: dict | None = field(default=None, compare=False)  # a dict: not hashed

    def __post_init__(self):
        missing = [f for f in REQUIRED_FIELDS if f not in self.state_dtype.names]
        if missing:
            raise TypeError(f"{self.name}: state dtype lacks required fields {missing}")
        if "num_players" not in {o.name for o in self.options}:
            raise TypeError(f"{self.name}: options must include num_players")

    @property
    def env_name(self) -> str:
        return f"{self.name}_v{self.version}"

    # --- options -----------------------------------------------------------
    def resolve_options(self, options: dict | None = None) -> dict:
        """Defaults filled in, every value checked; unknown names are an error."""
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(
                f"{self.env_name} has no option {', '.join(map(repr, unknown))}; "
                f"valid options: {sorted(known)}"
            )
        resolved = {name: o.check(options.get(name, o.default)) for name, o in known.items()}
        if self.check_options is not None:
            self.check_options(resolved)
        return resolved

    def encode_options(self, resolved: dict) -> np.ndarray:
        return np.array([o.encode(resolved[o.name]) for o in self.options], np.int64)

    # --- batched helpers over the kernels ----------------------------------
    def new_states(self, batch: int) -> np.ndarray:
        return np.zeros(batch, self.state_dtype)

    def reset(self, states: np.ndarray, seeds, options: dict | None = None) -> None:
        seeds = np.atleast_1d(seeds)
        if len(seeds) != len(states):
            raise ValueError(f"{len(seeds)} seeds for {len(states)} games")
        starts = np.array([seed_to_u64(s) for s in seeds], np.uint64)
        self.kernels.reset(states, starts, self.encode_options(self.resolve_options(options)))

    def legal_mask(self, states: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros((len(states), self.num_actions), np.int8)
        self.kernels.legal_mask(states, out)
        return out

    def step(self, states, actions, rewards_out: np.ndarray | None = None) -> np.ndarray:
        """Apply one action per game (-1: leave it). An illegal action raises ValueError
        and changes nothing; the raw kernel (kernels.step) trusts its input."""
        actions = check_actions(self, states, self.legal_mask(states), actions, allow_skip=True)
        if rewards_out is None:
            rewards_out = np.zeros((len(states), self.max_players), np.float32)
        self.kernels.step(states, actions, rewards_out)
        return rewards_out

    def observe(self, states, seats, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros((len(states),) + tuple(self.obs_shape), np.float32)
        self.kernels.observe(states, np.asarray(seats, np.int64), out)
        return out

    def determinize(self, states, seats, seeds) -> np.ndarray:
        """A copy of `states` with everything `seats` cannot see resampled."""
        ensure_compiled(self, part="planning")
        out = records.copy(states)
        starts = np.array([seed_to_u64(s) for s in np.atleast_1d(seeds)], np.uint64)
        self.kernels.determinize(out, np.asarray(seats, np.int64), starts)
        return out
