"""Medium bots: solid rule play, one module per game, each with ``choose(view, rng) -> str``."""
