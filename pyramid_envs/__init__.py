"""pyramid_envs: pyramid-themed board games as multi-agent RL environments."""
from .core.registry import get_game, list_envs, make, register_game, resolve_env

register_game("kheops_v1", "pyramid_envs.kheops_v1", "pyramid_envs/Kheops-v1")
register_game("sakkara_v1", "pyramid_envs.sakkara_v1", "pyramid_envs/Sakkara-v1")
register_game("farao_v1", "pyramid_envs.farao_v1", "pyramid_envs/Farao-v1")
register_game("krimsutep_v1", "pyramid_envs.krimsutep_v1", "pyramid_envs/Krimsutep-v1")
register_game("keops_v1", "pyramid_envs.keops_v1", "pyramid_envs/Keops-v1")

__all__ = ["get_game", "list_envs", "make", "register_game", "resolve_env"]
__version__ = "0.1.0"
