"""Positions from uniformly random play, shared by the generic codec and secrecy suites."""
import functools

import numpy as np

import pyramid_envs


def option_sets(game):
    """Every player count the game supports, each with the default options and with every
    other option at its last choice (the variants with the most parts, e.g. Keops's Families,
    Decrees and High Priest), dropping options from the end where the game refuses a mix."""
    others = [o for o in game.options if o.name != "num_players"]
    counts = next(o for o in game.options if o.name == "num_players").choices
    out = []
    for n in counts:
        for extra in ({}, {o.name: o.choices[-1] for o in others}):
            opts = {"num_players": n, **extra}
            while opts is not None:
                try:
                    game.resolve_options(opts)
                    break
                except ValueError:
                    opts = dict(list(opts.items())[:-1]) if len(opts) > 1 else None
            if opts is not None and opts not in out:
                out.append(opts)
    return out


def cases():
    """(env name, options) for every registered game and option set."""
    return [(name, opts) for name in pyramid_envs.list_envs()
            for opts in option_sets(pyramid_envs.get_game(name))]


@functools.lru_cache(maxsize=None)
def _snapshots(name, opts_items, seeds, at):
    game = pyramid_envs.get_game(name)
    st = game.new_states(len(seeds))
    game.reset(st, list(seeds), dict(opts_items))
    rng = np.random.default_rng(sum(seeds))
    out = []
    for t in range(max(at) + 1):
        live = ~st["terminated"]
        if t in at:
            out += [(seeds[b], t, st[b:b + 1].copy()) for b in range(len(seeds)) if live[b]]
        if not live.any():
            break
        masks = game.legal_mask(st)
        game.step(st, [int(rng.choice(np.flatnonzero(masks[b]))) if live[b] else -1
                       for b in range(len(seeds))])
    return out + [(seeds[b], -1, st[b:b + 1].copy()) for b in range(len(seeds))]


def snapshots(name, opts, seeds=(0, 1), at=(0, 2, 8, 25, 60, 150, 400)):
    """[(seed, step, 1-game state)] of random games at those steps, and each game's last
    position (step -1, finished where the game ended); copies, safe to edit."""
    return [(seed, t, st.copy()) for seed, t, st in
            _snapshots(name, tuple(sorted(opts.items())), tuple(seeds), tuple(at))]
