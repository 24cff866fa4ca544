"""Argument checks shared by the environment layers."""
import numpy as np

from .outcome import REWARD_MODES, score_margin_rewards

RENDER_MODES = ("human", "ansi", "rgb_array")


def check_env_args(render_mode, max_steps, reward_mode):
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} is not valid; choose None or one of {list(RENDER_MODES)}")
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, (int, np.integer))
                                  or max_steps < 0):
        raise ValueError(f"max_steps must be None (the game's default), 0 (no limit) or a positive "
                         f"integer, got {max_steps!r}")
    if reward_mode not in REWARD_MODES:
        raise ValueError(f"reward_mode {reward_mode!r} is not valid; choose one of {list(REWARD_MODES)}")


def resolve_max_steps(game, max_steps):
    """None: the game's default_max_steps (None for games that always end); 0: no limit."""
    if max_steps is None:
        return game.default_max_steps
    return max_steps or None


def check_actions(game, states, masks, actions, allow_skip=False):
    """Raise a ValueError naming the first illegal action; touches nothing.
    With allow_skip, -1 (leave that game as it is) is accepted."""
    actions = np.asarray(actions)
    if actions.shape != (len(states),) or not np.issubdtype(actions.dtype, np.integer):
        raise ValueError(f"expected {len(states)} integer actions, got {actions!r}")
    inside = (actions >= 0) & (actions < game.num_actions)
    ok = inside | (allow_skip & (actions == -1))
    ok[inside] = masks[np.flatnonzero(inside), actions[inside]] != 0
    if not ok.all():
        b = int(np.flatnonzero(~ok)[0])
        raise illegal_action_error(game, states[b:b + 1], masks[b], int(actions[b]), f" in game {b}")
    return actions.astype(np.int64)


def check_one_action(game, state, mask, action) -> int:
    """Scalar fast path of check_actions for one game (the AEC and Gymnasium envs)."""
    if type(action) is not int and not isinstance(action, np.integer) and (  # the usual two first
            isinstance(action, bool) or not isinstance(action, int)):
        raise ValueError(f"action must be an integer in [0, {game.num_actions}), got {action!r}")
    a = int(action)
    if not (0 <= a < game.num_actions and mask[a]):
        raise illegal_action_error(game, state, mask, a)
    return a


def illegal_action_error(game, state, mask, a, where=""):
    what = game.action_to_str(state, a) if 0 <= a < game.num_actions else "out of range"
    legal = np.flatnonzero(mask)
    return ValueError(f"illegal action {a} ({what}){where}; legal now: "
                      f"{legal.tolist()[:20]}{' ...' if len(legal) > 20 else ''}")


def final_rewards(states, win_loss, reward_mode):
    """Rewards for finished games under `reward_mode`; win_loss is what the kernel wrote."""
    if reward_mode == "win_loss":
        return win_loss
    return score_margin_rewards(states["scores"], states["num_players"])
