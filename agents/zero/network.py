"""The network of agents/zero (torch): an MLP trunk over the game's observation, a policy head
over the whole action space (masked by the caller) and a value head with one value per seat,
counted from the seat that observes (column k: the k-th seat after it), tanh in [-1, 1].

A checkpoint is a torch file of plain data: the env, the sizes, the weights (float16 when
exported for shipping) and, for resuming, the optimizer and the iteration.
"""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import torch
from torch import nn


class ZeroNet(nn.Module):
    def __init__(self, obs_size: int, num_actions: int, num_values: int, width: int = 256, depth: int = 3):
        super().__init__()
        if width < 1 or depth < 1:
            raise ValueError(f"network width and depth must be at least 1, got {width} and {depth}")
        layers, size = [], obs_size
        for _ in range(depth):
            layers += [nn.Linear(size, width), nn.ReLU()]
            size = width
        self.trunk = nn.Sequential(*layers)
        self.policy = nn.Linear(width, num_actions)
        self.value = nn.Linear(width, num_values)
        self.sizes = {"obs_size": obs_size, "num_actions": num_actions, "num_values": num_values,
                      "width": width, "depth": depth}

    def forward(self, obs):
        h = self.trunk(obs)
        return self.policy(h), torch.tanh(self.value(h))


class Evaluator:
    """evaluate(obs, masks) -> (priors, values) in NumPy, in one no-grad call: the softmax of the
    logits over each row's legal actions, and the values. Counts positions and seconds."""

    def __init__(self, net: ZeroNet, device="cpu"):
        self.net, self.device = net, torch.device(device)
        self.positions, self.seconds = 0, 0.0

    def logits_values(self, obs, masks):
        t = time.perf_counter()
        with torch.no_grad():
            x = torch.as_tensor(np.asarray(obs, np.float32).reshape(len(obs), -1), device=self.device)
            logits, values = self.net(x)
            legal = torch.as_tensor(np.asarray(masks, bool), device=self.device)
            logits = logits.masked_fill(~legal, -torch.inf)
            out = logits.cpu().numpy(), values.cpu().numpy()
        self.positions += len(obs)
        self.seconds += time.perf_counter() - t
        return out

    def __call__(self, obs, masks):
        logits, values = self.logits_values(obs, masks)
        top = logits.max(axis=1, keepdims=True)
        p = np.exp(logits - np.where(np.isfinite(top), top, 0.0))
        p /= np.maximum(p.sum(axis=1, keepdims=True), 1e-30)
        return p.astype(np.float32), values


def save_checkpoint(path, net: ZeroNet, env: str, extra: dict | None = None, half: bool = False):
    """Write the network (float16 weights with half=True: half the size, for shipping)."""
    state = {k: (v.half() if half and v.is_floating_point() else v) for k, v in net.state_dict().items()}
    data = {"format": "pyramid_envs.zero/1", "env": env, "sizes": net.sizes, "state_dict": state}
    data.update(extra or {})
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save(data, path)
    return path


def load_checkpoint(path, device="cpu"):
    """(net, data): the network in float32 and everything the checkpoint holds."""
    data = torch.load(Path(path), map_location=device, weights_only=False)
    if not isinstance(data, dict) or data.get("format") != "pyramid_envs.zero/1":
        raise ValueError(f"{path} is not a zero checkpoint (written by python -m train.zero)")
    net = ZeroNet(**data["sizes"])
    net.load_state_dict({k: v.float() if v.is_floating_point() else v for k, v in data["state_dict"].items()})
    net.to(device).eval()
    return net, data
