"""A trained network as an agent: an sb3-contrib MaskablePPO checkpoint (.zip) acting on
observations and masks (needs the `train` extra).

    policy:path=runs/kheops_v1/checkpoints/final.zip   a checkpoint file
    policy:env=kheops                                   the checkpoint shipped for that game
"""
import json
from pathlib import Path

import numpy as np

from .base import Agent

TIE = 0.05  # deterministic play: logits this close to the best count as tied


class PolicyAgent(Agent):
    """deterministic=1 plays the most probable action, breaking near-ties at random as greedy
    does (a fixed tie-break can walk a game round a loop of positions for ever);
    deterministic=0 samples from the policy. epsilon: the share of deterministic decisions
    sampled instead, which walks out of loops a fixed choice never leaves. Left unset, a
    shipped checkpoint plays in the mode its arena figures were measured in
    (agents/checkpoints/play.json), any other deterministically."""

    name = "policy"

    def __init__(self, path=None, env=None, deterministic=None, epsilon=None, seed=None):
        if (path is None) == (env is None):
            raise ValueError("the policy agent needs exactly one of path=<checkpoint.zip> or env=<game>")
        play = {}
        if env is not None:
            path = shipped_checkpoint(env)
            play = json.loads((CHECKPOINTS / "play.json").read_text()).get(path.stem, {})
        deterministic = play.get("deterministic", 1) if deterministic is None else deterministic
        epsilon = play.get("epsilon", 0.0) if epsilon is None else epsilon
        try:
            from sb3_contrib import MaskablePPO
        except ImportError as e:  # the core install has no torch
            raise ImportError("the policy agent needs the train extra: pip install -e '.[train]'") from e
        self.model = MaskablePPO.load(path, device="cpu")
        self.needs_view = hasattr(self.model.policy, "augment")
        self.deterministic = bool(deterministic)
        if not 0.0 <= float(epsilon) <= 1.0:
            raise ValueError(f"epsilon must be in [0, 1], got {epsilon}")
        self.epsilon = float(epsilon)
        self.rng = np.random.default_rng(seed)
        if seed is not None:
            self.model.set_random_seed(seed)

    @classmethod
    def from_model(cls, model, name="learner", deterministic=True, epsilon=0.0, seed=None):
        """Wrap a live MaskablePPO model (sharing its weights) as an agent."""
        agent = cls.__new__(cls)
        agent.model, agent.deterministic, agent.name = model, deterministic, name
        agent.epsilon = float(epsilon)
        agent.needs_view = hasattr(model.policy, "augment")
        agent.rng = np.random.default_rng(seed)
        return agent

    def act(self, obs, masks, view=None):
        if self.needs_view:  # a network that reads one-ply action gains (train/lookahead.py)
            obs = self.model.policy.augment(obs, masks, view)
        masks = np.asarray(masks, bool)
        if not self.deterministic:
            actions, _ = self.model.predict(np.asarray(obs, np.float32), action_masks=masks, deterministic=False)
            return np.asarray(actions, np.int64)
        logits = policy_logits(self.model.policy, obs)
        noisy = np.where(masks, logits + self.rng.random(logits.shape) * TIE, -np.inf)
        if self.epsilon:  # Gumbel-max: these rows sample softmax(logits)
            explore = self.rng.random(len(noisy)) < self.epsilon
            noisy[explore] = np.where(masks[explore], logits[explore] + self.rng.gumbel(size=logits[explore].shape),
                                      -np.inf)
        return noisy.argmax(axis=1).astype(np.int64)


def policy_logits(policy, obs) -> np.ndarray:
    """A MaskablePPO policy's raw action scores for a batch of observations (unmasked; the
    softmax and masks only shift them per row, which no argmax or Gumbel sample notices)."""
    import torch

    with torch.no_grad():
        features = policy.extract_features(torch.as_tensor(np.asarray(obs, np.float32)),
                                           policy.pi_features_extractor)
        return policy.action_net(policy.mlp_extractor.forward_actor(features)).numpy()


CHECKPOINTS = Path(__file__).parent / "checkpoints"


def shipped_envs(folder: Path = CHECKPOINTS, suffix: str = ".zip") -> list[str]:
    """The envs ('kheops_v1', ...) with a file shipped in `folder`, sorted."""
    return sorted(p.stem for p in folder.glob(f"*{suffix}"))


def shipped_file(env, folder: Path = CHECKPOINTS, suffix: str = ".zip", kind: str = "checkpoint") -> Path:
    """The file shipped in `folder` for a game ('kheops' or 'kheops_v1'): <env><suffix>;
    ValueError naming those shipped where there is none."""
    from pyramid_envs.core.registry import resolve_env

    env = resolve_env(env)
    path = folder / f"{env}{suffix}"
    if not path.exists():
        raise ValueError(f"no {kind} shipped for {env}; shipped: {shipped_envs(folder, suffix)}")
    return path


def shipped_checkpoint(env) -> Path:
    """The MaskablePPO checkpoint shipped in agents/checkpoints/ for a game."""
    return shipped_file(env)
