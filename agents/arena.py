"""Head-to-head evaluation of agents on any game.

    python -m agents.arena --game kheops --agents random greedy ismcts:sims=200 --games 1000

Seats rotate so every agent plays every seat equally often; games are played in
batches through the compiled core; results: pairwise win/draw/loss rates with 95%
intervals, mean scores, Bradley-Terry ratings (Elo scale) with intervals, written as a
terminal table, JSON, CSV and a PNG plot. Same seed, same results.
"""
from __future__ import annotations

import argparse
import csv
import itertools
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import pyramid_envs
from pyramid_envs.core.checks import check_actions
from pyramid_envs.core.registry import resolve_env

from .base import SeatView
from .ratings import bradley_terry, wilson
from .records import GameRecord
from .registry import make_agent, parse_value


def seatings(num_agents: int, num_players: int) -> list[tuple[int, ...]]:
    """One rotation cycle: each agent occupies each seat equally often.
    Two players: every ordered pair of different agents. More: cyclic shifts."""
    if num_players == 2 and num_agents >= 2:
        return list(itertools.permutations(range(num_agents), 2))
    return [tuple((o + s) % num_agents for s in range(num_players)) for o in range(num_agents)]


@dataclass
class ArenaResult:
    env: str
    agents: list
    num_players: int
    seats: np.ndarray          # (G, P) agent index per seat
    rewards: np.ndarray        # (G, P) final rewards (0 for truncated games)
    scores: np.ndarray         # (G, P) final scores
    truncated: np.ndarray      # (G,)
    first: np.ndarray = None   # (G, P) share of first place among all the game's seats (rule-run ones too)
    pairs: list = field(default_factory=list)
    elo: np.ndarray = None
    elo_se: np.ndarray = None

    def comparisons(self):
        """(i, j, s) for every pair of seats held by different agents in a game."""
        out = []
        for g in range(len(self.seats)):
            for a, b in itertools.combinations(range(self.num_players), 2):
                i, j = int(self.seats[g, a]), int(self.seats[g, b])
                if i == j:
                    continue
                ra, rb = self.rewards[g, a], self.rewards[g, b]
                out.append((i, j, 1.0 if ra > rb else 0.0 if ra < rb else 0.5))
        return out

    def first_places(self):
        """Per agent: (games it played, games it finished first). A first place shared by k
        seats counts 1/k; a truncated game has no winner."""
        share = self.first if self.first is not None else first_shares(self.rewards, self.truncated)
        played = np.zeros(len(self.agents))
        first = np.zeros(len(self.agents))
        for g in range(len(self.seats)):
            for s, k in enumerate(self.seats[g]):
                played[k] += 1
                first[k] += share[g, s]
        return played, first


def first_shares(rewards, truncated):
    """(G, seats) share of first place from every seat's final reward (rank-based rewards
    order the seats as the game ranks them, tie-breaks included); 0 in a truncated game."""
    best = rewards == rewards.max(axis=1, keepdims=True)
    return np.where(best & ~truncated[:, None], 1.0 / best.sum(axis=1, keepdims=True), 0.0)


def game_starts(seed, games) -> np.ndarray:
    """Each game's start for the reset kernel (a record's seed)."""
    return np.random.SeedSequence(seed).generate_state(games, np.uint64)


def play_games(game, agents, seat_table, seed, batch, max_steps, options, progress=None, records=None):
    """records: None, or one GameRecord per game, to which every move and the end are added;
    progress: None, or called with the number of games that have just ended, as they end."""
    G, P = seat_table.shape
    rewards = np.zeros((G, P), np.float32)
    scores = np.zeros((G, P), np.int64)
    truncated = np.zeros(G, bool)
    first = np.zeros((G, P))
    seeds = game_starts(seed, G)
    encoded = game.encode_options(options)
    for start in range(0, G, batch):
        idx = np.arange(start, min(G, start + batch))
        st = game.new_states(len(idx))
        game.kernels.reset(st, seeds[idx], encoded)
        table = seat_table[idx]
        rew = np.zeros((len(idx), game.max_players), np.float32)
        masks = np.zeros((len(idx), game.num_actions), np.int8)
        over = 0  # games of this batch that have ended, reported to progress as they end
        while True:
            live = ~st["terminated"] & (st["steps"] < max_steps)
            ended = len(idx) - int(live.sum())
            if progress is not None and ended > over:
                progress(ended - over)
                over = ended
            if not live.any():
                break
            game.kernels.legal_mask(st, masks)
            cp = st["current_player"].astype(np.int64)
            who = table[np.arange(len(idx)), cp]
            actions = np.full(len(idx), -1, np.int64)
            for k, agent in enumerate(agents):
                rows = np.flatnonzero(live & (who == k))
                if not rows.size:
                    continue
                obs = game.observe(st[rows], cp[rows])
                view = SeatView(game, st[rows], cp[rows]) if agent.needs_view else None
                actions[rows] = agent.act(obs, masks[rows], view)
            check_actions(game, st, masks, actions, allow_skip=True)  # agents must play legally
            if records is not None:
                for r in np.flatnonzero(actions >= 0):
                    records[idx[r]].add(cp[r], actions[r], game.action_to_str(st[r:r + 1], actions[r]))
            step_rew = game.step(st, actions)
            ended = (actions >= 0) & st["terminated"]
            rew[ended] = step_rew[ended]
        rewards[idx] = rew[:, :P]
        scores[idx] = st["scores"][:, :P]
        truncated[idx] = ~st["terminated"]
        # seats beyond the agents' (a game's rule-run seats) count: rank among them all
        all_seats = np.where(np.arange(game.max_players) < st["num_players"][:, None], rew, -np.inf)
        first[idx] = first_shares(all_seats, truncated[idx])[:, :P]
        for r, g in enumerate(idx if records is not None else ()):
            records[g].finish(st["scores"][r, :st["num_players"][r]], bool(st["terminated"][r]))
    return rewards, scores, truncated, first


def run_arena(env, agent_specs, games, num_players=None, seed=0, batch=256, max_steps=10_000,
              progress=None, options=None, record=None) -> ArenaResult:
    """agent_specs: agent names with options ("ismcts:sims=200") or Agent objects;
    options: the game's options (num_players, if given, overrides its entry);
    record: a folder that receives every game as a record (agents/records.py)."""
    env = resolve_env(env)
    game = pyramid_envs.get_game(env)
    options = game.resolve_options({**(options or {}), **({} if num_players is None else {"num_players": num_players})})
    P = options["num_players"]
    if len(agent_specs) < 1:
        raise ValueError("name at least one agent")
    child = np.random.SeedSequence(seed).spawn(len(agent_specs) + 1)
    agents = [make_agent(s, seed=int(c.generate_state(1)[0])) if isinstance(s, str) else s
              for s, c in zip(agent_specs, child)]
    agent_specs = _unique([a.name for a in agents])
    cycle = seatings(len(agents), P)
    rounds = -(-games // len(cycle))
    seat_table = np.array(cycle * rounds, np.int64)
    games_seed = int(child[-1].generate_state(1)[0])
    records = None
    if record is not None:
        records = [GameRecord(env, options, int(s), [agent_specs[k] for k in seats])
                   for s, seats in zip(game_starts(games_seed, len(seat_table)), seat_table)]
    rewards, scores, truncated, first = play_games(game, agents, seat_table, games_seed, batch, max_steps,
                                                   options, progress, records)
    for g, rec in enumerate(records or ()):
        rec.write(Path(record) / record_name(g, rec.agents))
    result = ArenaResult(env, list(agent_specs), P, seat_table, rewards, scores, truncated, first)
    comps = result.comparisons()
    result.elo, result.elo_se = bradley_terry(comps, len(agents))
    for i, j in itertools.combinations(range(len(agents)), 2):
        sel = [s for (a, b, s) in comps if (a, b) == (i, j)] + [1 - s for (a, b, s) in comps if (a, b) == (j, i)]
        n = len(sel)
        w, d = sum(s == 1 for s in sel), sum(s == 0.5 for s in sel)
        result.pairs.append({"agent": agent_specs[i], "opponent": agent_specs[j], "games": n,
                             "wins": w, "draws": d, "losses": n - w - d,
                             "win_rate": w / n if n else 0.0, "win_ci": wilson(w, n),
                             "draw_rate": d / n if n else 0.0, "loss_rate": (n - w - d) / n if n else 0.0,
                             "loss_ci": wilson(n - w - d, n)})
    return result


def record_name(game_index, seat_agents) -> str:
    """game0003_greedy-vs-ismcts_sims_200.jsonl: the game's index and who sat where."""
    safe = ["".join(c if c.isalnum() or c in "._=" else "_" for c in a)[:40] for a in seat_agents]
    return f"game{game_index:04d}_{'-vs-'.join(safe)}.jsonl"


def _unique(names):
    """Agent names, a repeated one numbered (greedy, greedy#2) so tables keep them apart."""
    seen, out = {}, []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def mean_scores(result):
    out = []
    for k in range(len(result.agents)):
        mine = result.scores[result.seats == k]
        out.append(float(mine.mean()) if mine.size else float("nan"))
    return out


def table(result) -> str:
    w = max(12, *(len(a) for a in result.agents)) + 2
    lines = [f"{result.env}: {len(result.seats)} games, {result.num_players} players, "
             f"{int(result.truncated.sum())} truncated"]
    played, first = result.first_places()
    lines.append(f"{'agent':<{w}}{'Elo':>8}{'95% CI':>18}{'mean score':>12}{'first':>8}{'first 95% CI':>18}")
    for k, name in enumerate(result.agents):
        lo, hi = result.elo[k] - 1.96 * result.elo_se[k], result.elo[k] + 1.96 * result.elo_se[k]
        flo, fhi = wilson(first[k], played[k])
        lines.append(f"{name:<{w}}{round(result.elo[k]):>8d}{f'[{round(lo)}, {round(hi)}]':>18}{mean_scores(result)[k]:>12.2f}"
                     f"{first[k] / max(played[k], 1):>8.3f}{f'[{flo:.3f}, {fhi:.3f}]':>18}")
    lines.append("")
    lines.append(f"{'agent':<{w}}{'opponent':<{w}}{'games':>6}{'win':>7}{'draw':>7}{'loss':>7}{'win 95% CI':>18}")
    for p in result.pairs:
        lo, hi = p["win_ci"]
        lines.append(f"{p['agent']:<{w}}{p['opponent']:<{w}}{p['games']:>6}{p['win_rate']:>7.3f}"
                     f"{p['draw_rate']:>7.3f}{p['loss_rate']:>7.3f}{f'[{lo:.3f}, {hi:.3f}]':>18}")
    return "\n".join(lines)


def to_json(result) -> dict:
    played, first = result.first_places()
    return {
        "env": result.env, "num_players": result.num_players, "games": len(result.seats),
        "truncated": int(result.truncated.sum()),
        "ratings": [{"agent": a, "elo": float(e), "elo_ci95": [float(e - 1.96 * s), float(e + 1.96 * s)],
                     "mean_score": m, "first_place_rate": float(f / max(n, 1)),
                     "first_place_ci": [float(x) for x in wilson(f, n)]}
                    for a, e, s, m, n, f in zip(result.agents, result.elo, result.elo_se, mean_scores(result),
                                                played, first)],
        "pairs": result.pairs,
    }


def write_csv(result, path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["agent", "opponent", "games", "wins", "draws", "losses", "win_rate",
                    "win_ci_low", "win_ci_high", "draw_rate", "loss_rate"])
        for p in result.pairs:
            w.writerow([p["agent"], p["opponent"], p["games"], p["wins"], p["draws"], p["losses"],
                        f"{p['win_rate']:.4f}", f"{p['win_ci'][0]:.4f}", f"{p['win_ci'][1]:.4f}",
                        f"{p['draw_rate']:.4f}", f"{p['loss_rate']:.4f}"])


def plot(result, path):
    """Ratings with 95% error bars as a PNG (drawn with Pillow)."""
    from PIL import Image, ImageDraw

    k = len(result.agents)
    width, row, left = 720, 40, 220
    img = Image.new("RGB", (width, 60 + row * k), "white")
    d = ImageDraw.Draw(img)
    lo = result.elo - 1.96 * result.elo_se
    hi = result.elo + 1.96 * result.elo_se
    span_lo, span_hi = float(lo.min()) - 50, float(hi.max()) + 50
    x = lambda v: left + (v - span_lo) / (span_hi - span_lo) * (width - left - 30)  # noqa: E731
    d.text((10, 10), f"{result.env}: Bradley-Terry ratings (Elo), 95% CI, {len(result.seats)} games", fill="black")
    zero = x(0.0)
    d.line([(zero, 35), (zero, 50 + row * k)], fill=(200, 200, 200))
    for i, name in enumerate(result.agents):
        y = 50 + row * i + row // 2
        d.text((10, y - 6), name[:32], fill="black")
        d.line([(x(lo[i]), y), (x(hi[i]), y)], fill=(40, 80, 200), width=3)
        d.ellipse([x(result.elo[i]) - 5, y - 5, x(result.elo[i]) + 5, y + 5], fill=(200, 40, 40))
        d.text((x(hi[i]) + 6, y - 6), f"{round(result.elo[i])}", fill="black")  # round: never "-0"
    img.save(path)


def parse_options(items) -> dict:
    """Game options from the command line: ["ra_utoma=2", "families=true"] -> a dict."""
    out = {}
    for item in items or ():
        key, eq, raw = item.partition("=")
        if not eq:
            raise ValueError(f"--option {item!r} must look like key=value")
        out[key] = {"true": True, "false": False}.get(raw.lower(), parse_value(raw))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m agents.arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, help="e.g. kheops or kheops_v1")
    parser.add_argument("--agents", nargs="+", required=True, help="agent specs, e.g. random greedy ismcts:sims=200")
    parser.add_argument("--games", type=int, default=1000, help="total games, rounded up to full seat rotations")
    parser.add_argument("--players", type=int, default=None, help="number of players (default: the game's)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. --option ra_utoma=2 --option families=true")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=256, help="games played side by side")
    parser.add_argument("--max-steps", type=int, default=10_000, help="steps after which a game counts as a draw")
    parser.add_argument("--out", default=None, help="folder for arena.json, arena.csv, ratings.png")
    parser.add_argument("--record", default=None, metavar="DIR",
                        help="write every game as a record in DIR (replay with python -m agents.replay)")
    args = parser.parse_args(argv)
    try:
        from tqdm import tqdm
        bar = tqdm(total=args.games, unit="game", file=sys.stderr)
        progress = bar.update
    except ImportError:
        bar, progress = None, None
    result = run_arena(args.game, args.agents, args.games, args.players, args.seed, args.batch,
                       args.max_steps, progress, options=parse_options(args.option), record=args.record)
    if bar is not None:
        bar.close()
    print(table(result))
    out = Path(args.out or f"runs/arena/{result.env}")
    out.mkdir(parents=True, exist_ok=True)
    (out / "arena.json").write_text(json.dumps(to_json(result), indent=1) + "\n")
    write_csv(result, out / "arena.csv")
    plot(result, out / "ratings.png")
    print(f"wrote {out / 'arena.json'}, {out / 'arena.csv'}, {out / 'ratings.png'}")
    if args.record is not None:
        print(f"wrote {len(result.seats)} game records to {args.record}")


if __name__ == "__main__":
    main()
