"""Self-play training on the batched core. The Stable-Baselines3 adapter over the
self-play vector env is pyramid_envs.core.sb3.SB3SelfPlayVecEnv."""
