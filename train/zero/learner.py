"""SGD on the replay buffer for train.zero: cross-entropy of the policy against the search's
policy targets (over the legal actions), squared error of the value per real seat."""
from __future__ import annotations

import math

import numpy as np
import torch
import torch.nn.functional as F


class Learner:
    def __init__(self, net, lr, weight_decay, value_coef, device="cpu"):
        self.net, self.value_coef, self.device = net, value_coef, device
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=weight_decay)

    def set_lr(self, lr):
        for group in self.optimizer.param_groups:
            group["lr"] = lr

    def step(self, batch) -> dict:
        obs, masks, policy, values, valid = batch
        self.net.train()
        logits, v = self.net(obs)
        logp = F.log_softmax(logits.masked_fill(~masks, -1e9), dim=1)
        policy_loss = -(policy * logp).sum(1).mean()
        err = ((v - values) ** 2) * valid
        value_loss = err.sum() / valid.sum().clamp(min=1)
        loss = policy_loss + self.value_coef * value_loss
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        self.optimizer.step()
        self.net.eval()
        with torch.no_grad():
            probs = logp.exp()
            entropy = -(probs * logp.clamp(min=-30)).sum(1).mean()
            target = values[valid]
            explained = 1 - torch.var(target - v[valid]) / torch.var(target).clamp(min=1e-8)
            target_entropy = -(policy * torch.log(policy.clamp(min=1e-12))).sum(1).mean()
        return {"loss/policy": policy_loss.item(), "loss/value": value_loss.item(),
                "policy/entropy": float(entropy), "policy/target_entropy": float(target_entropy),
                "value/explained_variance_train_batch": float(explained)}


def cosine_lr(lr, lr_final, iteration, iterations) -> float:
    """The learning rate of an iteration (0-based): lr at the first, lr_final at the last of
    `iterations`, along a half cosine; lr throughout where lr_final is None."""
    if lr_final is None:
        return lr
    done = min(iteration / max(iterations - 1, 1), 1.0)
    return lr_final + 0.5 * (lr - lr_final) * (1.0 + math.cos(math.pi * done))


def explained_variance(net, obs, values, valid) -> float:
    """How much of the value targets' variance the network explains on these positions."""
    with torch.no_grad():
        _, v = net(obs)
        target = values[valid]
        return float(1 - torch.var(target - v[valid]) / torch.var(target).clamp(min=1e-8))


def mean_rows(rows):
    return {k: float(np.mean([r[k] for r in rows])) for k in rows[0]} if rows else {}
