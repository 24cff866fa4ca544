"""Sakkara, version 1: `env()` and `raw_env` as PettingZoo's classic environments."""
from .core.aec import make_env_fns
from .sakkara import GAME

env, raw_env = make_env_fns(GAME)

raw_env.__doc__ = (
    "Sakkara as a PettingZoo AEC environment (two players: player_0 = Black, the start "
    "player; player_1 = White).\n\n"
    "Information: the tiles are dealt face up (buried ones were seen during setup) and every "
    "tile taken, used, stolen or discarded is handled in view, so with perfect recall the "
    "opponent's rack is known. The observation gives exactly what such a perfect-recall "
    "player knows: the whole position, both racks included.\n\n"
    "A turn is several steps of the player to move (tile uses, the move, the horse, end of "
    "turn, discards); placing the returned stack belongs to the other player, and "
    "agent_selection switches to that player for those steps. Option turn_limit (default "
    "1000 turns) ends a game that would never end as a draw; 0 plays without it.\n\n"
    + (raw_env.__doc__ or "")
)

__all__ = ["GAME", "env", "raw_env"]
