"""AlphaZero-style agent: a network trained by self-play from the rules alone (python -m
train.zero), searching with a compiled batched MCTS over the game's kernels."""
