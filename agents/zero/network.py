"""The network of agents/zero (torch): an MLP trunk over the game's observation, a policy head
over the whole action space (masked by the caller) and a value head with one value per seat,
counted from the seat that observes (column k: the k-th seat after it), tanh in [-1, 1].

A checkpoint is a torch file of plain data: the env, the sizes, the weights (float16 when
exported for shipping) and, for resuming, the optimizer and the iteration.
"""
from __future__ import annotations

import copy
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from pyramid_envs.core.jit import njit

from . import INFERENCE_DTYPES


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


@njit(cache=True)
def masked_softmax(logits, masks, out):
    """out[i]: the softmax of logits[i] over the entries masks[i] allows, 0 elsewhere (a row with
    none allowed stays 0). In numba: torch's masked_fill alone costs more than this."""
    n, a = logits.shape
    legal = np.empty(a, np.int64)
    for i in range(n):
        k = 0
        for j in range(a):
            out[i, j] = 0.0
            if masks[i, j]:
                legal[k] = j
                k += 1
        if k == 0:
            continue
        top = logits[i, legal[0]]
        for m in range(1, k):
            top = max(top, logits[i, legal[m]])
        total = np.float32(0.0)
        for m in range(k):
            e = np.exp(logits[i, legal[m]] - top)
            out[i, legal[m]] = e
            total += e
        for m in range(k):
            out[i, legal[m]] /= total


class Evaluator:
    """evaluate(obs, masks) -> (priors, values) in NumPy, in one no-grad call: the softmax of the
    logits over each row's legal actions, and the values. Counts positions and seconds.

    dtype "bfloat16" values the leaves with a bfloat16 copy of the network (its matrix products
    accumulate in float32): about twice as fast on CPUs with native bfloat16 (AVX512-BF16, AMX),
    slower where it is emulated. Call refresh() after the network's weights change. Positions
    go to the device the network is on (a network on a GPU: the GPU)."""

    def __init__(self, net: ZeroNet, dtype="float32"):
        if dtype not in INFERENCE_DTYPES:
            raise ValueError(f"inference dtype must be one of {list(INFERENCE_DTYPES)}, got {dtype!r}")
        self.net, self.device = net, next(net.parameters()).device
        self.dtype = getattr(torch, dtype)
        self.infer = net if dtype == "float32" else copy.deepcopy(net).to(self.dtype)
        self.positions, self.seconds = 0, 0.0

    def refresh(self):
        """Copy the network's current weights into the bfloat16 copy (nothing to do in float32)."""
        if self.infer is not self.net:
            with torch.no_grad():
                for mine, theirs in zip(self.infer.parameters(), self.net.parameters()):
                    mine.copy_(theirs)

    def __call__(self, obs, masks):
        t = time.perf_counter()
        with torch.no_grad():
            x = torch.as_tensor(np.asarray(obs, np.float32).reshape(len(obs), -1), device=self.device)
            logits, values = self.infer(x.to(self.dtype))
            logits, values = logits.float().cpu().numpy(), values.float().cpu().numpy()
        priors = np.empty_like(logits)
        masked_softmax(logits, np.ascontiguousarray(masks, np.int8), priors)
        out = priors, values
        self.positions += len(obs)
        self.seconds += time.perf_counter() - t
        return out


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
