"""Shared check: B games stepped by one kernel call behave exactly as B games played alone."""
import numpy as np

from pyramid_envs.core import RandomPolicy


def assert_batch_equals_alone(game, options=None, B=16, steps=400):
    """Random legal play on a batch and on B single games from the same seeds: masks,
    observations, rewards and the bytes of every state agree at every step. A rotating third
    of the games sits out each step (action -1), which must leave them untouched."""
    batch = game.new_states(B)
    game.reset(batch, list(range(B)), options)
    alone = [game.new_states(1) for _ in range(B)]
    for b in range(B):
        game.reset(alone[b], [b], options)
    policy = RandomPolicy(0)
    for t in range(steps):
        live = ~batch["terminated"]
        if not live.any():
            break
        masks = game.legal_mask(batch)
        obs = game.observe(batch, batch["current_player"])
        actions = np.where(live, policy(obs, masks | ~live[:, None]), -1)
        actions[(np.arange(B) + t) % 3 == 0] = -1
        rewards = game.step(batch, actions)
        for b in range(B):
            assert np.array_equal(game.observe(alone[b], alone[b]["current_player"])[0], obs[b])
            if actions[b] >= 0:
                assert np.array_equal(game.legal_mask(alone[b])[0], masks[b])
                assert np.array_equal(game.step(alone[b], [actions[b]])[0], rewards[b])
            assert alone[b].tobytes() == batch[b:b + 1].tobytes()
