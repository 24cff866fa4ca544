"""Argument checks shared by the environment layers."""
import numpy as np

from .outcome import REWARD_MODES, score_margin_rewards

RENDER_MODES = ("human", "ansi", "rgb_array")


def check_env_args(render_mode, max_steps, reward_mode):
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} is not valid; choose None or one of {list(RENDER_MODES)}")
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, (int, np.integer))
                                  or max_steps < 1):
        raise ValueError(f"max_steps must be a positive integer or None, got {max_steps!r}")
    if reward_mode not in REWARD_MODES:
        raise ValueError(f"reward_mode {reward_mode!r} is not valid; choose one of {list(REWARD_MODES)}")


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
        a = int(actions[b])
        what = game.action_to_str(states[b:b + 1], a) if inside[b] else "out of range"
        raise ValueError(f"illegal action {a} ({what}) in game {b}; legal now: "
                         f"{np.flatnonzero(masks[b]).tolist()[:20]}{' ...' if masks[b].sum() > 20 else ''}")
    return actions.astype(np.int64)


def final_rewards(states, win_loss, reward_mode):
    """Rewards for finished games under `reward_mode`; win_loss is what the kernel wrote."""
    if reward_mode == "win_loss":
        return win_loss
    return score_margin_rewards(states["scores"], states["num_players"])
