"""Self-play on Ray RLlib (the `distributed` extra): the same games and opponents as train/,
sampled by Ray env runners, each stepping many games through the batched core. Only this
package imports ray."""
