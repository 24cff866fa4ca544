"""Die Pyramide des Krimsutep (Ralf Sandfuchs, 2005): a 2-5 player hidden-card labyrinth."""
from ..core.game import Game, Kernels, Option
from . import rules, spec
from .heuristic import evaluate
from .codec import action_to_str, from_dict, str_to_action, to_dict
from .picture import action_places, render_rgb, render_svg
from .render import render_ansi, score_sheet
from .guide import HELP
from .headstart import LEVELS, head_start

GAME = Game(
    name="krimsutep",
    version=1,
    title="Krimsutep",
    min_players=2,
    max_players=spec.MAX_PLAYERS,
    num_actions=spec.NUM_ACTIONS,
    obs_shape=(spec.OBS_SIZE,),
    state_dtype=rules.STATE,
    kernels=Kernels(rules.reset, rules.legal_mask, rules.step, rules.observe, rules.determinize),
    options=(
        Option("num_players", 2, (2, 3, 4, 5), "number of researchers"),
        Option("play_on", False, (False, True),
               "after the first treasure, play on to rank the runners-up (rulebook option)"),
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
    head_start=head_start,
    head_start_levels=LEVELS,
    compile_seconds={"rules": 12, "planning": 4},  # rules: a first use on 2 cores, RESULTS.md session 32
    default_max_steps=10_000,  # uniformly random play almost never ends a game (docs/rules)
)
