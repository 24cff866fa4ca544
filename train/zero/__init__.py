"""AlphaZero-style self-play training (python -m train.zero)."""
