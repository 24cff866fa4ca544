"""pyramid_envs: pyramid-themed board games as multi-agent RL environments."""
from .core.registry import get_game, list_envs, make, register_game

register_game("kheops_v0", "pyramid_envs.kheops_v0", "pyramid_envs/Kheops-v0")
register_game("sakkara_v0", "pyramid_envs.sakkara_v0", "pyramid_envs/Sakkara-v0")
register_game("farao_v0", "pyramid_envs.farao_v0", "pyramid_envs/Farao-v0")
register_game("krimsutep_v0", "pyramid_envs.krimsutep_v0", "pyramid_envs/Krimsutep-v0")
register_game("keops_v0", "pyramid_envs.keops_v0", "pyramid_envs/Keops-v0")

__all__ = ["get_game", "list_envs", "make", "register_game"]
__version__ = "0.1.0"
