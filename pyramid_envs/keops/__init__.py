"""Keops (Ediciones MasQueOca, 2023): worker placement and pyramid building for 2-4 Viziers,
or 1-3 players against the High Priest of Ra (option ra_utoma, §12).

Component data lives in `spec.py` (see docs/rules/keops.md), the state record in `state.py`,
the flat action layout in `actions.py` and the rules kernels in `rules.py`.
"""
from ..core.game import Game, Kernels, Option
from . import rules, spec
from .actions import NUM_ACTIONS
from .codec import action_to_str, from_dict, str_to_action, to_dict
from .heuristic import evaluate
from .picture import action_places, render_rgb, render_svg
from .render import render_ansi, score_sheet
from .guide import HELP


def check_options(o):
    """§12: one player needs the High Priest; with it the board holds at most 4 Viziers."""
    n, ra = o["num_players"], o["ra_utoma"]
    if n == 1 and ra == 0:
        raise ValueError("keops_v1: num_players=1 needs the High Priest of Ra (ra_utoma=1, 2 or 3)")
    if ra > 0 and n + 1 > spec.MAX_PLAYERS:
        raise ValueError(f"keops_v1: ra_utoma={ra} adds the High Priest as a Vizier, so at most "
                         f"{spec.MAX_PLAYERS - 1} players (got num_players={n})")


GAME = Game(
    name="keops",
    version=1,
    title="Keops",
    min_players=spec.MIN_AGENTS,
    max_players=spec.MAX_PLAYERS,
    num_actions=NUM_ACTIONS,
    obs_shape=(rules.OBS_SIZE,),
    state_dtype=rules.STATE,
    kernels=Kernels(rules.reset, rules.legal_mask, rules.step, rules.observe, rules.determinize,
                    step_parts=rules.STEP_PARTS),
    options=(Option("num_players", 2, (1, 2, 3, 4), "number of players (Viziers run by agents)"),
             Option("families", False, (False, True), "advanced rule §11.1: Family cards"),
             Option("decrees", False, (False, True), "advanced rule §11.2: Decree cards"),
             Option("ra_utoma", 0, (0, 1, 2, 3),
                    "the High Priest of Ra as one more Vizier run by its cards: 0 off, else the "
                    "difficulty 1-3 (§12)")),
    check_options=check_options,
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
    compile_seconds={"rules": 17, "planning": 2},  # rules: a first use on 2 cores, RESULTS.md session 32
    # uniformly random play ends every game, in about 170-370 / 230-450 / 300-600 steps with
    # 2 / 3 / 4 Viziers (64 games each); the limit only stops a degenerate policy
    default_max_steps=2_000,
)
