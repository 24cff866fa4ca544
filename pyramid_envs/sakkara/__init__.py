"""Sakkara (Manfred Grabmeier, Kosmos 2007): two workers each, collect tiles, build a pyramid.

Information: every tile is dealt face up (buried ones were seen during setup) and every
tile a player takes or uses is taken in view, so a perfect-recall player knows the whole
position, the opponent's rack included. The observation gives exactly what such a player
knows; `determinize` has nothing to resample but the unused random stream.
"""
from ..core.game import Game, Kernels, Option
from . import observation, rules, spec
from .heuristic import evaluate
from .codec import action_to_str, from_dict, str_to_action, to_dict
from .picture import action_places, render_rgb, render_svg
from .render import render_ansi, score_sheet
from .guide import HELP

GAME = Game(
    name="sakkara",
    version=1,
    title="Sakkara",
    min_players=2,
    max_players=2,
    num_actions=spec.NUM_ACTIONS,
    obs_shape=(spec.OBS_SIZE,),
    state_dtype=rules.STATE,
    kernels=Kernels(rules.reset, rules.legal_mask, rules.step, observation.observe,
                    rules.determinize),
    options=(
        Option("num_players", 2, (2,), "Sakkara is a two-player game"),
        Option("turn_limit", spec.DEFAULT_TURN_LIMIT, spec.TURN_LIMIT_CHOICES,
               "a variant not in the rulebook: a game with no apex after this many turns (both "
               "players' counted) is a draw; 0 (default) = the rulebook's game, truncated only "
               "by the env's max_steps"),
    ),
    to_dict=to_dict,
    from_dict=from_dict,
    action_to_str=action_to_str,
    str_to_action=str_to_action,
    render_ansi=render_ansi,
    render_rgb=render_rgb,
    render_svg=render_svg,
    action_places=action_places,
    score_sheet=score_sheet,
    help_text=HELP,
    seat_names=spec.SEAT_NAMES,
    evaluate=evaluate,
    compile_seconds={"rules": 6, "planning": 1},  # rules: a first use on 2 cores, RESULTS.md session 32
    default_max_steps=20_000,  # random play can loop for ever (see docs/rules)
    perfect_information=True,  # every tile lies face up; only the RNG's future is unknown
)
