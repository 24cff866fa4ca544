#!/usr/bin/env python
"""How Farao games end under uniformly random legal play: by the chamber (every player
but one entered it), by the rules' end of a game no one can ever finish
(`end_when_stuck`, docs/rules/farao.md), or not at all (cut at the step limit).

    python benchmarks/farao_endings.py [--games 500] [--max-steps 20000] [--seed 0]
                                       [--players 2,3,4,6] [--pyramids small,big]
                                       [--stuck on,off]

Game g of a configuration is reset with seed `seed * 1_000_003 + g` and played by a
per-game xorshift64 picker seeded the same way, so a row is the same games whatever else
runs; the step limit is the envs' default (20,000). `--stuck off` plays the rules without
the stuck ending (the old behaviour), `on` with it (the default); a build without the
option plays its own rules and is reported as `-`.
"""
import argparse
import time

import numpy as np
from numba import njit

from pyramid_envs.farao import GAME


@njit(cache=True)
def _pick(masks, rng, out):
    """A uniform legal action per live game (xorshift64 per row); -1 for finished ones."""
    for b in range(masks.shape[0]):
        n = 0
        for a in range(masks.shape[1]):
            n += masks[b, a]
        if n == 0:
            out[b] = -1
            continue
        x = rng[b]
        x ^= (x << np.uint64(13))
        x ^= (x >> np.uint64(7))
        x ^= (x << np.uint64(17))
        rng[b] = x
        k = int(x % np.uint64(n))
        for a in range(masks.shape[1]):
            if masks[b, a]:
                if k == 0:
                    out[b] = a
                    break
                k -= 1


def play(options, games, max_steps, seed):
    """Final states of `games` random games (cut after max_steps decisions)."""
    st = GAME.new_states(games)
    seeds = seed * 1_000_003 + np.arange(games)
    GAME.reset(st, seeds, options)
    rng = (seeds.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)) | np.uint64(1)
    masks = np.zeros((games, GAME.num_actions), np.int8)
    actions = np.zeros(games, np.int64)
    rewards = np.zeros((games, GAME.max_players), np.float32)
    for _ in range(max_steps):
        if st["terminated"].all():
            break
        GAME.kernels.legal_mask(st, masks)
        _pick(masks, rng, actions)
        GAME.kernels.step(st, actions, rewards)
    return st


def tally(st):
    """(by the chamber, by the stuck ending, cut) counts and the mean length of the ended."""
    n = st["num_players"][0]
    over = st["terminated"]
    places = np.sort(st["place"][:, :n], axis=1)
    distinct = (places == np.arange(1, n + 1)).all(axis=1)
    steps = st["steps"][over]
    return (int((over & distinct).sum()), int((over & ~distinct).sum()), int((~over).sum()),
            float(steps.mean()) if len(steps) else float("nan"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--max-steps", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", default="2,3,4,6")
    ap.add_argument("--pyramids", default="small,big")
    ap.add_argument("--stuck", default="on,off")
    a = ap.parse_args()
    has_option = "end_when_stuck" in {o.name for o in GAME.options}
    modes = [m == "on" for m in a.stuck.split(",")] if has_option else [None]
    print(f"{a.games} games per row, seeds {a.seed} * 1_000_003 + 0..{a.games - 1}, "
          f"step limit {a.max_steps}")
    print("| pyramid | players | end_when_stuck | ended by the rules | by the chamber | "
          "stuck ending | cut at the limit | mean steps of the ended | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for pyramid in a.pyramids.split(","):
        for n in map(int, a.players.split(",")):
            for mode in modes:
                options = {"num_players": n, "pyramid": pyramid}
                if mode is not None:
                    options["end_when_stuck"] = mode
                t = time.perf_counter()
                chamber, stuck, cut, mean = tally(play(options, a.games, a.max_steps, a.seed))
                shown = "-" if mode is None else ("on" if mode else "off")
                print(f"| {pyramid} | {n} | {shown} | {(chamber + stuck) / a.games:.1%} | "
                      f"{chamber} | {stuck} | {cut} | {mean:.0f} | {time.perf_counter() - t:.0f} |",
                      flush=True)


if __name__ == "__main__":
    main()
