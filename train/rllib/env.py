"""RLlib multi-agent view of a batch of games: many games of one Game per env, stepped together.

One RLlib episode is one game in each of `num_games` slots, all advanced by one kernel call per
env step (every game whose player to move has an action); it ends when the last game ends.
Each game is dealt, when the episode starts, a learner seat (uniform) and an opponent kind by
the configured shares, as train/pool.py deals them to SB3's self-play env:

- "latest": every other seat is played by the learner module too (and trains it);
- "pool": every other seat is played by one frozen snapshot module, snapshot_<k>;
- an agent spec ("random", "greedy", ...): the agent plays every other seat inside the env,
  its moves applied before step() returns, so those seats are never RLlib agents.

Agent ids name the module, the game slot and the seat, "<module>:<slot>:<seat>"
(e.g. "learner:3:1", "snapshot_0:3:0"), so the policy mapping is a pure function of the id
(module_of). Only the agent to move in each game gets an observation; when a game ends, each
of its agents gets its final observation and reward, terminated (or truncated at max_steps).
"""
from __future__ import annotations

import gymnasium
import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv

import pyramid_envs
from agents.registry import make_agent
from pyramid_envs.core import SeatView, VectorGame, records

LEARNER = "learner"
SELF_PLAY = ("latest", "pool")


def snapshot_id(k: int) -> str:
    return f"snapshot_{k}"


def module_of(agent_id, episode=None, **kwargs) -> str:
    """RLlib's policy_mapping_fn: the module is named in the agent id."""
    return agent_id.split(":", 1)[0]


class LegalActions(gymnasium.spaces.Discrete):
    """Discrete(num_actions) whose sample() draws a legal action of one game slot (for the agent
    to move there), so that RLlib's env check and other random probes play legal moves; the
    env raises on illegal ones. It pickles and copies as a plain Discrete."""

    def __init__(self, n, env, slot):
        super().__init__(n)
        self._env, self._slot = env, slot

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None:
            mask = self._env.vec.masks[self._slot]
        return super().sample(mask=mask, probability=probability)

    def __reduce__(self):
        return gymnasium.spaces.Discrete, (int(self.n),)


def module_ids(opponents: dict, pool_size: int) -> list[str]:
    """The learner, and the frozen snapshots when the pool has a share."""
    return [LEARNER] + ([snapshot_id(k) for k in range(pool_size)] if opponents.get("pool") else [])


class PyramidMultiAgentEnv(MultiAgentEnv):
    def __init__(self, config=None):
        """config (RLlib's env_config): env, num_games, env_options, opponents (shares),
        pool_size, max_steps, reward_mode, truncation_reward, seed."""
        super().__init__()
        cfg = dict(config or {})
        known = {"env", "num_games", "env_options", "opponents", "pool_size", "max_steps",
                 "reward_mode", "truncation_reward", "seed"}
        if set(cfg) - known:
            raise ValueError(f"unknown env_config keys {sorted(set(cfg) - known)}; valid: {sorted(known)}")
        self.game = pyramid_envs.get_game(cfg.get("env", "kheops_v1"))
        self.num_games = int(cfg.get("num_games", 16))
        shares = dict(cfg.get("opponents", {"latest": 1.0}))
        self.pool_size = int(cfg.get("pool_size", 1))
        if shares.get("pool") and self.pool_size < 1:
            raise ValueError("opponents give the pool a share: pool_size must be >= 1")
        self.truncation_reward = cfg.get("truncation_reward")
        # a seed per env runner and per env, so runners do not play the same games
        seed = cfg.get("seed")
        if seed is not None:
            seed += 1000 * getattr(config, "worker_index", 0) + getattr(config, "vector_index", 0)
        self._rng = np.random.default_rng(seed)
        self.vec = VectorGame(self.game, self.num_games, seed=seed, max_steps=cfg.get("max_steps"),
                              reward_mode=cfg.get("reward_mode", "win_loss"), **cfg.get("env_options", {}))
        self.num_players = self.vec.options["num_players"]
        self.kinds = list(shares)
        weights = np.array([shares[k] for k in self.kinds], float)
        self.weights = weights / weights.sum()
        self.baselines = {k: make_agent(k, seed=int(self._rng.integers(2**31)))
                          for k in self.kinds if k not in SELF_PLAY}
        space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, tuple(self.game.obs_shape), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.game.num_actions,), np.int8),
        })
        self.single_observation_space = space
        self.single_action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.possible_agents = [f"{m}:{g}:{s}" for m in module_ids(shares, self.pool_size)
                                for g in range(self.num_games) for s in range(self.num_players)]
        self.agents = []
        self.observation_spaces = {a: space for a in self.possible_agents}
        slots = [LegalActions(self.game.num_actions, self, g) for g in range(self.num_games)]
        self.action_spaces = {a: slots[int(a.split(":")[1])] for a in self.possible_agents}
        self.finished = []  # (opponent kind, learner seat's reward) of the games that ended in the last call

    # --- dealing -------------------------------------------------------------
    def _deal(self):
        n, p = self.num_games, self.num_players
        self.learner_seat = self._rng.integers(0, p, n)
        self.kind = self._rng.choice(len(self.kinds), size=n, p=self.weights)
        snapshot = self._rng.integers(0, self.pool_size, n)
        self.owner = np.empty((n, p), object)  # agent id per seat; None: a baseline plays it inside
        self.inside = np.zeros((n, p), bool)
        for g in range(n):
            kind = self.kinds[self.kind[g]]
            other = {"latest": LEARNER, "pool": snapshot_id(snapshot[g])}.get(kind)
            for s in range(p):
                module = LEARNER if s == self.learner_seat[g] else other
                self.owner[g, s] = None if module is None else f"{module}:{g}:{s}"
                self.inside[g, s] = module is None
        self.live = np.ones(n, bool)
        self.agents = [a for a in self.owner.ravel() if a is not None]

    # --- stepping ------------------------------------------------------------
    def _absorb(self, result, ended):
        """Record the games that ended: their final states, rewards and whether they were cut."""
        _, _, rewards, term, trunc, info = result
        for k, g in enumerate(info.get("done_index", ())):
            reward = rewards[g, :self.num_players].astype(float)
            cut = bool(trunc[g])
            if cut and self.truncation_reward is not None:  # a cut game counts as ended, with this reward
                reward[:], cut = self.truncation_reward, False
            ended[g] = (info["final_states"][k:k + 1], reward, cut)
            self.live[g] = False
            self.finished.append((self.kinds[self.kind[g]], reward[self.learner_seat[g]]))

    def _play_baselines(self, ended):
        """Baseline agents move until every live game waits on an RLlib agent."""
        vec = self.vec
        while True:
            seat = vec.current_player
            waiting = np.flatnonzero(self.live & self.inside[np.arange(self.num_games), seat])
            if not waiting.size:
                return
            actions = np.full(self.num_games, -1, np.int64)
            for k in np.unique(self.kind[waiting]):
                rows = waiting[self.kind[waiting] == k]
                agent = self.baselines[self.kinds[k]]
                view = SeatView(self.game, records.take(vec.states, rows), seat[rows]) if agent.needs_view else None
                actions[rows] = agent.act(vec.obs[rows], vec.masks[rows], view)
            self._absorb(vec.step(actions), ended)

    def _outputs(self, ended):
        vec = self.vec
        obs, rewards, terminateds, truncateds = {}, {}, {}, {}
        seat = vec.current_player
        for g in np.flatnonzero(self.live):
            aid = self.owner[g, seat[g]]
            obs[aid] = {"observation": vec.obs[g].copy(), "action_mask": vec.masks[g].copy()}
            rewards[aid] = 0.0
        for g, (final, reward, cut) in ended.items():
            seats = [s for s in range(self.num_players) if self.owner[g, s] is not None]
            if not seats:
                continue
            masks = np.zeros((1, self.game.num_actions), np.int8)
            self.game.kernels.legal_mask(final, masks)
            views = self.game.observe(np.repeat(final, len(seats)), np.array(seats, np.int64))
            for view, s in zip(views, seats):
                aid = self.owner[g, s]
                obs[aid] = {"observation": view, "action_mask": masks[0]}
                rewards[aid] = float(reward[s])
                terminateds[aid], truncateds[aid] = not cut, cut
        terminateds["__all__"] = not self.live.any()
        truncateds["__all__"] = False
        return obs, rewards, terminateds, truncateds

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.vec.reset(int(self._rng.integers(2**63)))
        self._deal()
        self.finished = []
        self._play_baselines({})  # a game that ends here had no RLlib agent move: it has no agents
        if not self.live.any():
            return self.reset(options=options)  # every game ended before an RLlib agent moved: deal again
        obs, _, _, _ = self._outputs({})
        return obs, {aid: {} for aid in obs}

    def step(self, action_dict):
        self.finished = []
        actions = np.full(self.num_games, -1, np.int64)
        for aid, action in action_dict.items():
            _, g, s = aid.split(":")
            g = int(g)
            if not self.live[g] or self.owner[g, self.vec.current_player[g]] != aid:
                raise ValueError(f"agent {aid} is not to move")
            actions[g] = action
        ended = {}
        self._absorb(self.vec.step(actions), ended)  # VectorGame raises on an illegal action
        self._play_baselines(ended)
        obs, rewards, terminateds, truncateds = self._outputs(ended)
        return obs, rewards, terminateds, truncateds, {aid: {} for aid in obs}
