"""Keops (Ediciones MasQueOca, 2023): worker placement and pyramid building for 2-4 Viziers.

Component data lives in `spec.py` (see docs/rules/keops.md), the state record in `state.py`,
the flat action layout in `actions.py` and the rules kernels in `rules.py`.
"""
from ..core.game import Game, Kernels, Option
from . import rules, spec
from .actions import NUM_ACTIONS
from .codec import action_to_str, from_dict, str_to_action, to_dict
from .heuristic import evaluate
from .render import render_ansi, render_rgb, score_sheet

GAME = Game(
    name="keops",
    version=0,
    title="Keops",
    min_players=spec.MIN_PLAYERS,
    max_players=spec.MAX_PLAYERS,
    num_actions=NUM_ACTIONS,
    obs_shape=(rules.OBS_SIZE,),
    state_dtype=rules.STATE,
    kernels=Kernels(rules.reset, rules.legal_mask, rules.step, rules.observe, rules.determinize),
    options=(Option("num_players", 2, (2, 3, 4), "number of Viziers"),
             Option("families", False, (False, True), "advanced rule §11.1: Family cards"),
             Option("decrees", False, (False, True), "advanced rule §11.2: Decree cards")),
    to_dict=to_dict,
    from_dict=from_dict,
    action_to_str=action_to_str,
    str_to_action=str_to_action,
    render_ansi=render_ansi,
    render_rgb=render_rgb,
    score_sheet=score_sheet,
    seat_names=spec.SEAT_NAMES,
    evaluate=evaluate,
    # uniformly random play ends every game, in about 170-370 / 230-450 / 300-600 steps with
    # 2 / 3 / 4 Viziers (64 games each); the limit only stops a degenerate policy
    default_max_steps=2_000,
)
