"""The opponent pool routes every game to the opponent it was dealt."""
import numpy as np

from train.pool import OpponentPool, TorchPolicy


class _Baseline:
    """Stands for an agent: answers a fixed action, records its batch sizes."""

    needs_view = False

    def __init__(self, answer):
        self.answer, self.calls = answer, []

    def act(self, obs, masks, view=None):
        self.calls.append(len(obs))
        return np.full(len(obs), self.answer)


class _Net(_Baseline, TorchPolicy):
    """Stands for a network (its time counts as the learner's inference)."""


def test_each_game_gets_its_opponents_move():
    n = 12
    pool = OpponentPool(n, {"latest": 1.0, "pool": 1.0, "random": 1.0}, pool_size=3, seed=0)
    pool.latest, random = _Net(100), _Baseline(200)
    pool.baselines["random"] = random
    games = np.arange(n)
    pool.new_games(games)
    kinds = np.array(pool.kinds)[pool.assigned]
    assert set(kinds) == {"latest", "pool", "random"}
    obs, masks = np.zeros((n, 3)), np.ones((n, 5), np.int8)
    # no snapshot yet: pool games are played by the learner, in the same call as latest's
    got = pool.act(obs, masks, None, games)
    np.testing.assert_array_equal(got, np.where(kinds == "random", 200, 100))
    assert pool.latest.calls == [int((kinds != "random").sum())] and random.calls == [int((kinds == "random").sum())]
    # snapshots: each pool game by its own
    pool.snapshots = [_Net(300), _Net(400)]
    pool.snapshot_of[:] = np.arange(n) % 2
    got = pool.act(obs, masks, None, games)
    want = np.select([kinds == "random", kinds == "latest", np.arange(n) % 2 == 0], [200, 100, 300], 400)
    np.testing.assert_array_equal(got, want)
    # a subset of the games, as SelfPlayVec asks for those waiting on an opponent
    some = games[kinds[games] != "latest"][:3]
    np.testing.assert_array_equal(pool.act(obs[some], masks[some], None, some), want[some])
    # the network's time is kept apart: a baseline's moves add nothing to it
    assert pool.network_seconds > 0
    spent, rand = pool.network_seconds, games[kinds == "random"]
    pool.act(obs[rand], masks[rand], None, rand)
    assert pool.network_seconds == spent
