"""Can a plain learner start on the observation? MaskablePPO with a plain MLP (no lookahead,
no Game.evaluate anywhere), trained against `random`, then measured in the arena on held-out
seeds against `random` and `greedy`.

    python benchmarks/learnability.py --games kheops sakkara --seeds 0 1 2 --steps 300000 \
        --label v1 --out runs/learnability

Each run writes <out>/<label>/<game>_s<seed>/ (the trainer's history.json with the periodic
evaluations, the final checkpoint) and result.json (the held-out arena figures);
`--summary DIR` then prints the table of every finished run (and of each game's seeds
pooled) and draws each game's curves (every label and seed against random) into
DIR/<game>.png. The PPO
settings are each game's configs/<game>_ppo.yaml; only the learner's network, its
opponent and the budget are overridden. Pass --override key=value for more.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from agents.arena import run_arena
from agents.policy import PolicyAgent
from train.config import load_config
from train.run import train

# "before" runs in warm colours, the others in cool ones, a shade per seed
WARM = [(200, 40, 40), (235, 120, 40), (150, 90, 0)]
COOL = [(40, 80, 200), (0, 140, 150), (120, 40, 160)]
HELD_OUT = 7919  # arena seeds 7919 + 100 * seed (+ 1 for greedy): never a training seed


def plain_overrides(steps: int) -> list[str]:
    every = max(steps // 10, 1)
    return ["lookahead.scale=0", "net_arch=[256, 256]", "opponents={random: 1}",
            f"total_timesteps={steps}", f"eval_every={every}", "checkpoint_every=1000000000",
            "snapshot_every=1000000000"]


def run_one(game, seed, steps, out: Path, games: int, extra=()) -> dict:
    cfg = load_config(Path("configs") / f"{game}_ppo.yaml",
                      plain_overrides(steps) + [f"seed={seed}"] + list(extra))
    t0 = time.perf_counter()
    final, _ = train(cfg, out, progress_bar=False)
    minutes = (time.perf_counter() - t0) / 60
    result = {"env": cfg["env"], "seed": seed, "steps": steps, "train_minutes": round(minutes, 2)}
    learner = PolicyAgent(str(final), deterministic=int(cfg["eval_deterministic"]), seed=seed)
    learner.name = "plain"
    for k, opponent in enumerate(["random", "greedy"]):
        arena = run_arena(cfg["env"], [learner, opponent], games, seed=HELD_OUT + 100 * seed + k,
                          max_steps=cfg["max_steps"], options=cfg["env_options"])
        pair = arena.pairs[0]
        result[opponent] = {"win_rate": pair["win_rate"], "interval": list(pair["win_ci"]),
                            "draw_rate": pair["draw_rate"], "games": pair["games"]}
    (out / "result.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def summarize(out: Path, pictures: Path, before_games=40) -> str:
    """A markdown table of the finished runs and one learning-curve PNG per game."""
    from train.plots import learning_curve, opponents

    colors = {}
    rows, curves, pooled = ["| game | observation | seed | vs random: win, draws (200) | vs greedy: win, draws (200) | train min |",
                            "|---|---|---|---|---|---|"], {}, {}
    for run in sorted(out.glob("*/*_s*")):
        label, (game, seed) = run.parent.name, run.name.rsplit("_s", 1)
        if (run / "result.json").exists():
            r = json.loads((run / "result.json").read_text())
            pool = pooled.setdefault((game, label), {"seeds": [], "random": [0, 0], "greedy": [0, 0]})
            pool["seeds"].append(seed)
            for opponent in ("random", "greedy"):
                pool[opponent][0] += round(r[opponent]["win_rate"] * r[opponent]["games"])
                pool[opponent][1] += r[opponent]["games"]
            cell = lambda a: (f"{r[a]['win_rate']:.3f} [{r[a]['interval'][0]:.3f}, {r[a]['interval'][1]:.3f}], "  # noqa: E731
                              f"draws {r[a]['draw_rate']:.3f}")
            rows.append(f"| {game} | {label} | {seed} | {cell('random')} | {cell('greedy')} | {r['train_minutes']} |")
        if (run / "history.json").exists():
            series = f"{label}, seed {seed}"
            shades = WARM if label == "before" else COOL
            colors[series] = shades[int(seed) % len(shades)]
            for row in json.loads((run / "history.json").read_text()):
                games = row.get("games/random", before_games)  # runs before the counts were logged
                point = {"step": row["step"], f"win_rate/{series}": row["win_rate/random"],
                         f"wins/{series}": row.get("wins/random", round(row["win_rate/random"] * games)),
                         f"games/{series}": games}
                curves.setdefault(game, []).append(point)
    pictures.mkdir(parents=True, exist_ok=True)
    for game, history in curves.items():
        history = sorted(history, key=lambda p: p["step"])
        learning_curve(history, pictures / f"{game}.png",
                       f"{game}: plain MaskablePPO, win rate against random by observation and seed",
                       prefix="", colors=[colors[name] for name in opponents(history)])
    return "\n".join(rows) + "\n\n" + pooled_table(pooled)


def pooled_table(pooled: dict) -> str:
    """Per game and observation, the final arena games of all its seeds together."""
    from agents.ratings import wilson

    rows = ["| game | observation | seeds | vs random: wins / games, win [95 %] | vs greedy: wins / games, win [95 %] |",
            "|---|---|---|---|---|"]
    for (game, label), pool in sorted(pooled.items()):
        cells = []
        for opponent in ("random", "greedy"):
            wins, games = pool[opponent]
            low, high = wilson(wins, games)
            cells.append(f"{wins} / {games}, {wins / games:.3f} [{low:.3f}, {high:.3f}]")
        rows.append(f"| {game} | {label} | {' '.join(pool['seeds'])} | {cells[0]} | {cells[1]} |")
    return "\n".join(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python benchmarks/learnability.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+")
    parser.add_argument("--seeds", nargs="+", type=int, default=[0, 1, 2])
    parser.add_argument("--steps", type=int, default=300_000)
    parser.add_argument("--arena-games", type=int, default=200)
    parser.add_argument("--label", help="e.g. v1, or before")
    parser.add_argument("--out", default="runs/learnability")
    parser.add_argument("--override", nargs="*", default=[], help="more key=value config overrides")
    parser.add_argument("--summary", metavar="DIR", help="print the table of finished runs, curves into DIR")
    args = parser.parse_args(argv)
    if args.summary:
        print(summarize(Path(args.out), Path(args.summary)))
        return
    if not args.games or not args.label:
        parser.error("--games and --label are needed to train")
    for game in args.games:
        for seed in args.seeds:
            out = Path(args.out) / args.label / f"{game}_s{seed}"
            if (out / "result.json").exists():
                print("done already:", out)
                continue
            res = run_one(game, seed, args.steps, out, args.arena_games, args.override)
            print(json.dumps(res), flush=True)


if __name__ == "__main__":
    main()
