"""AlphaZero-style agent: a network trained by self-play from the rules alone (python -m
train.zero), searching with a compiled batched MCTS over the game's kernels."""

INFERENCE_DTYPES = ("float32", "bfloat16")  # the precisions network.Evaluator values leaves in
