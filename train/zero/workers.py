"""Self-play on several cores for train.zero: the games of a run split among `selfplay.workers`
workers, the first playing in this process, each other one in a process of its own (spawned,
with its own copy of the network, which takes the current weights before every iteration's
play). Processes, not threads: the search's Python between its compiled calls would hold the
GIL (two threads of Keops self-play measured 1.0-1.2x one). Each worker has its own games,
search buffers and random streams (`SelfPlay(stream=k)`), and the finished games of an
iteration reach the replay buffer in worker order, so a run repeats whatever the timing.

Spawned processes import the script that started training as multiprocessing does: a
script that trains with more than one worker keeps its work under
`if __name__ == "__main__":` (`python -m train.zero` and notebooks need nothing).
"""
from __future__ import annotations

import multiprocessing

import numpy as np
import torch

import pyramid_envs
from agents.zero.network import Evaluator, ZeroNet
from agents.zero.search import Search

from .config import stage_at
from .selfplay import SelfPlay

STATS = ("games", "decisions", "truncated", "env_seconds")


def make_selfplay(cfg, game, net, stream: int, num_games: int, seed: int, stage=None) -> SelfPlay:
    """One worker's self-play: its games, its search over `net` (its own evaluator and buffers);
    stage: its settings to begin with (config.stage_at; None: the first iteration's)."""
    s, sp = cfg["search"], cfg["selfplay"]
    stage = stage or stage_at(cfg, 0)
    search = Search(game, Evaluator(net, cfg["inference_dtype"]), sims=stage["sims"], mode=s["mode"],
                    c_puct=s["c_puct"], c_visit=s["c_visit"], c_scale=s["c_scale"],
                    max_considered=s["max_considered"], dirichlet_alpha=s["dirichlet_alpha"],
                    dirichlet_frac=s["dirichlet_frac"], max_steps=stage["max_steps"],
                    margin_weight=s["margin_weight"], margin_scale=s["margin_scale"],
                    discount=s["discount"], truncation_value=s["truncation_value"])
    return SelfPlay(game, search, num_games, seed, stage["max_steps"], cfg["env_options"], sp["temperature_moves"],
                    sp["td_steps"], stream=stream, head_start=stage["head_start"])


class _Staged:
    """A worker process's finished games of one play, as the replay buffer's `add` takes them."""

    def __init__(self):
        self.rows = []

    def add(self, *arrays):
        self.rows.append(arrays)


def _stats(play: SelfPlay, lengths_sent: int) -> dict:
    out = {k: getattr(play, k) for k in STATS}
    out["lengths"] = play.lengths[lengths_sent:]
    out["seconds"] = dict(play.search.seconds)
    return out


def _serve(conn, cfg, stream, num_games, seed, stage):
    """A worker process: build its self-play, then play whenever sent (weights, decisions, stage)."""
    torch.set_num_threads(cfg["torch_threads"])
    game = pyramid_envs.get_game(pyramid_envs.resolve_env(cfg["env"]))
    net = ZeroNet(int(np.prod(game.obs_shape)), game.num_actions, game.max_players, **cfg["network"])
    net = net.to(cfg["device"]).eval()
    play = make_selfplay(cfg, game, net, stream, num_games, seed, stage)
    sent = 0
    while (job := conn.recv()) is not None:
        weights, decisions, stage = job
        net.load_state_dict(weights)
        if stage is not None:
            play.set_stage(stage)
        play.search.evaluate.refresh()
        staged = _Staged()
        play.play(decisions, staged)
        conn.send((staged.rows, _stats(play, sent)))
        sent = len(play.lengths)
    conn.close()


class _Remote:
    """A worker in its own process, seen through its last report."""

    def __init__(self, cfg, stream, num_games, seed, stage):
        ctx = multiprocessing.get_context("spawn")  # a fork of a process that has started LLVM is not safe
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, cfg, stream, num_games, seed, stage), daemon=True,
                                name=f"train.zero self-play worker {stream}")
        self.proc.start()
        child.close()  # so that a worker that dies is an EOFError here, not a hang
        self.stream, self.num_games = stream, num_games
        self.stats = {k: 0 for k in STATS} | {"lengths": [], "seconds": {}}
        self.lengths = []

    def _stopped(self):
        return RuntimeError(f"self-play worker {self.stream} (a process of its own) stopped; its error, if "
                            f"any, is printed above")

    def start(self, weights, decisions, stage):
        try:
            self.conn.send((weights, decisions, stage))
        except OSError as err:  # BrokenPipeError, ConnectionError
            raise self._stopped() from err

    def finish(self) -> list:
        try:
            rows, self.stats = self.conn.recv()
        except (EOFError, OSError) as err:
            raise self._stopped() from err
        self.lengths.extend(self.stats["lengths"])
        return rows

    def close(self):
        if self.proc.is_alive():
            try:
                self.conn.send(None)
            except OSError:  # it is gone already
                pass
            self.proc.join(timeout=30)
        if self.proc.is_alive():
            self.proc.kill()
        self.conn.close()


class Workers:
    """`selfplay.workers` self-play workers over `num_games` games, split as evenly as they go;
    `play` runs one iteration's decisions in all of them at once; stage: the settings they begin
    with (config.stage_at; None: the first iteration's)."""

    def __init__(self, cfg, game, net, num_games: int, workers: int, seed: int, stage=None):
        share = [len(a) for a in np.array_split(np.arange(num_games), workers)]
        self.net = net
        self.local = make_selfplay(cfg, game, net, 0, share[0], seed, stage)
        self.remotes = [_Remote(cfg, k, n, seed, stage) for k, n in enumerate(share[1:], start=1)]

    @property
    def sizes(self) -> list[int]:
        return [len(self.local.vec.states)] + [r.num_games for r in self.remotes]

    def play(self, decisions: int, replay, stage: dict | None = None) -> None:
        """stage: self-play's settings from now on (config.stage_at; None: as before)."""
        if stage is not None:
            self.local.set_stage(stage)
        if self.remotes:
            weights = {k: v.cpu() for k, v in self.net.state_dict().items()}  # sent (pickled) at once
            for remote in self.remotes:
                remote.start(weights, decisions, stage)
        self.local.play(decisions, replay)  # this process's games first, then each worker's in turn
        for remote in self.remotes:
            for arrays in remote.finish():
                replay.add(*arrays)

    def refresh(self):
        """The network's weights changed: this process's worker takes them now, the others
        with their next play."""
        self.local.search.evaluate.refresh()

    def seconds(self) -> dict:
        """Seconds of self-play per part, averaged over the workers (each worker's share of its
        own time, which runs beside the others'): search, observe, inference, env."""
        parts = [dict(self.local.search.seconds, env=self.local.env_seconds)]
        parts += [dict(r.stats["seconds"], env=r.stats["env_seconds"]) for r in self.remotes]
        return {k: sum(p.get(k, 0.0) for p in parts) / len(parts) for k in ("search", "observe", "inference", "env")}

    def _sum(self, name):
        return getattr(self.local, name) + sum(r.stats[name] for r in self.remotes)

    games = property(lambda self: self._sum("games"))
    decisions = property(lambda self: self._sum("decisions"))
    truncated = property(lambda self: self._sum("truncated"))
    lengths = property(lambda self: self.local.lengths + [n for r in self.remotes for n in r.lengths])

    def close(self):
        for remote in self.remotes:
            remote.close()
