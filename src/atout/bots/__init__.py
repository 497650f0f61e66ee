"""Bots: players that see only a seat's view and return an action.

A bot is any object with ``choose(view) -> str``. The view is the JSON-ready
dict of ``State.view(seat)`` (plus ``view["match"]``, the score sheet); it
always holds ``legal``, the actions allowed now, in canonical order. Bots are
deterministic given their seed.

>>> bot = make_bot("random", "court-piece", seed=1)
>>> bot.choose({"game": "court-piece", "legal": ["trump S", "trump H"]}) in ("trump S", "trump H")
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "make_bot"]

View = Mapping[str, Any]


class Bot(Protocol):
    """A player: given what one seat may know, an action."""

    def choose(self, view: View) -> str:
        """The action to take; it must be one of ``view["legal"]``."""
        ...


class RandomBot:
    """Uniform over the legal actions, or weighted towards ``pass`` where auctions need it.

    With uniform calls a bridge auction climbs to the seven level on almost
    every deal and a rubber never ends, so ``pass_weight`` (the chance of
    passing whenever a pass is legal) keeps random auctions sensible.
    """

    def __init__(self, seed: int | None = None, *, pass_weight: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.pass_weight = pass_weight

    def choose(self, view: View) -> str:
        """Any legal action, uniformly (a pass with probability ``pass_weight`` if set)."""
        legal = view["legal"]
        if not legal:
            raise ValueError("no legal action in this view")
        if self.pass_weight is not None and "pass" in legal and self.rng.random() < self.pass_weight:
            return "pass"
        return str(self.rng.choice(legal))


class GreedyBot:
    """The simple rule-based player of each game (``atout.bots.greedy.<game>``)."""

    def __init__(self, game: str, seed: int | None = None) -> None:
        module = importlib.import_module(f"atout.bots.greedy.{game.replace('-', '_')}")
        self._choose: Callable[[View, random.Random], str] = module.choose
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """The game's greedy choice."""
        return self._choose(view, self.rng)


BOT_NAMES = ("random", "greedy")

RANDOM_PASS_WEIGHT = {"bridge": 0.8}
"""Games whose random bot passes more often than uniform play would."""


def make_bot(name: str, game: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``) or ``module:callable`` for a user's own.

    A ``module:callable`` is called as ``factory(game=..., seed=...)`` and must
    return an object with ``choose(view) -> str``.
    """
    if name == "random":
        return RandomBot(seed, pass_weight=RANDOM_PASS_WEIGHT.get(game))
    if name == "greedy":
        return GreedyBot(game, seed)
    if ":" in name:
        module_name, _, attr = name.partition(":")
        factory = getattr(importlib.import_module(module_name), attr)
        bot: Bot = factory(game=game, seed=seed)
        return bot
    raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOT_NAMES)}, or module:callable)")
