"""The greedy bot of each game: one module per game, each with ``choose(view, rng) -> str``."""
