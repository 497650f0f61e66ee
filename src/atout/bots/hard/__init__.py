"""Hard bots: PIMC over worlds drawn from the view, one module per game.

Each module has ``choose(view, rng, deadline) -> str`` where ``deadline`` is a
``time.perf_counter()`` value after which sampling stops.
"""
