"""Kheops (Faidutti & Laget, 2008): two-player tile laying for control of networks."""
from ..core.game import Game, Kernels, Option
from . import rules, spec
from .heuristic import evaluate
from .codec import action_to_str, from_dict, str_to_action, to_dict
from .picture import action_places, render_rgb, render_svg
from .render import render_ansi, score_sheet
from .guide import HELP, describe_action

GAME = Game(
    name="kheops",
    version=1,
    title="Kheops",
    min_players=2,
    max_players=2,
    num_actions=spec.NUM_ACTIONS,
    obs_shape=(spec.OBS_SIZE,),
    state_dtype=rules.STATE,
    kernels=Kernels(rules.reset, rules.legal_mask, rules.step, rules.observe, rules.determinize),
    options=(Option("num_players", 2, (2,), "Kheops is a two-player game"),),
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
    compile_seconds={"rules": 7, "planning": 1},  # rules: a first use on 2 cores, RESULTS.md session 32
)
