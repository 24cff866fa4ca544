"""Farao (Jiří Slavík, Dino Toys): 2-6 archaeologists explore a pyramid of face-down tiles,
read five ancient inscriptions and race into the burial chamber."""
from ..core.game import Game, Kernels, Option
from . import observation, rules, spec
from .heuristic import evaluate
from .codec import action_to_str, from_dict, str_to_action, to_dict
from .picture import action_places, render_rgb, render_svg
from .render import render_ansi, score_sheet
from .guide import HELP, describe_action


def _check_options(resolved):
    """Seven inscriptions need the big pyramid: the small one has only five colours."""
    if resolved["inscriptions_to_open"] > spec.COLOURS_IN_GAME[spec.PYRAMID_NAMES.index(resolved["pyramid"])]:
        raise ValueError("option inscriptions_to_open=7 needs pyramid='big' "
                         "(the small pyramid has only 5 inscription colours)")


GAME = Game(
    name="farao",
    version=1,
    title="Farao",
    min_players=spec.MIN_PLAYERS,
    max_players=spec.MAX_PLAYERS,
    num_actions=spec.NUM_ACTIONS,
    obs_shape=(spec.OBS_SIZE,),
    state_dtype=rules.STATE,
    kernels=Kernels(rules.reset, rules.legal_mask, rules.step, observation.observe,
                    rules.determinize),
    options=(
        Option("num_players", 2, tuple(range(spec.MIN_PLAYERS, spec.MAX_PLAYERS + 1)),
               "2 to 6 players"),
        Option("pyramid", "small", spec.PYRAMID_NAMES,
               "small: 7x7 tiles inside the L-shaped fills; big: 9x9 with the expansion"),
        Option("inscriptions_to_open", 5, (5, 7),
               "inscriptions that open the burial chamber; 7 is the long big-pyramid variant"),
        Option("end_when_stuck", True, (False, True),
               "end the game once no player still in can ever enter the chamber (a proof "
               "over every future; the others share the places left); False: play on"),
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
    describe_action=describe_action,
    seat_names=spec.SEAT_NAMES,
    evaluate=evaluate,
    compile_seconds={"rules": 7, "planning": 6},  # rules: a first use on 2 cores, RESULTS.md session 32
    default_max_steps=20_000,  # random play can still loop for ever (see docs/rules)
    check_options=_check_options,
)
