"""Medium Court Circular: the greedy line-builder with a short look at the end of the trick.

The greedy bot evaluates lines with the engine's :func:`best_line`, resigns
lost tricks and picks the Lead that suits its hand; what it lacks is any
look ahead. The medium level looks a little (``FIELD.md``: "PIMC with few
worlds and heuristic rollouts"): three worlds, each action played out by
the greedy player to the end of the current trick only: Hard's search
(:func:`atout.bots.court_circular.hard.choose`) with less look and fewer worlds.
"""

from __future__ import annotations

import random

from atout.bots.court_circular import hard
from atout.bots.levels import View

__all__ = ["choose"]


def choose(view: View, rng: random.Random) -> str:
    """The medium action: three worlds, each action played to the end of the trick."""
    # Fixed work, so deterministic; uniform worlds: the opponent's cards are not read.
    return hard.choose(view, rng, float("inf"), samples=3, horizon=0, candidates=1)
