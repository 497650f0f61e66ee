"""Bots: players that see only a seat's view and return an action.

A bot is any object with ``choose(view) -> str``. The view is the JSON-ready
dict of ``State.view(seat)`` (plus ``view["match"]``, the score sheet); it
always holds ``legal``, the actions allowed now, in canonical order. Bots are
deterministic given their seed. Hard is too when its work is counted rather than
timed: ``effort=N`` gives it N samples per decision and no clock, so the same seed
plays the same game on any machine under any load (a time budget, which the web
table uses, makes a loaded machine's Hard weaker and its games unrepeatable).

Levels (``docs/bots.md``):

* ``easy``: the greedy player, but one card in five is any legal card, and
  it never counts what has been played: a beginner's game.
* ``medium``: rule play by the book (``atout.bots.medium.<game>``).
* ``hard``: PIMC (``atout.bots.hard.<game>``): worlds drawn from the view
  (:mod:`atout.bots.sampling`), each solved double dummy or played out, the
  best average action wins, within ``budget_seconds`` per decision.

>>> bot = make_bot("random", "court-piece", seed=1)
>>> bot.choose({"game": "court-piece", "legal": ["trump S", "trump H"]}) in ("trump S", "trump H")
True
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

__all__ = [
    "BOT_NAMES",
    "DEFAULT_BUDGET",
    "PANEL_NAMES",
    "Bot",
    "EasyBot",
    "GreedyBot",
    "HardBot",
    "MediumBot",
    "PanelBot",
    "RandomBot",
    "make_bot",
]

DEFAULT_BUDGET = 0.4
"""Seconds a Hard decision may take by default (special decisions such as a trump
call or a bid may take a small multiple of it)."""

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
        if (
            self.pass_weight is not None
            and "pass" in legal
            and self.rng.random() < self.pass_weight
        ):
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


def _module(kind: str, game: str) -> Any:
    return importlib.import_module(f"atout.bots.{kind}.{game.replace('-', '_')}")


class EasyBot:
    """A beginner: greedy play, but ``mistakes`` of the time any legal action instead.

    Bids (bridge, Five Hundred) are never random: a beginner knows what he
    means to bid, he misplays the cards. Bridge calls come from the
    natural system (:mod:`atout.bots.bridge_bidding`).
    """

    def __init__(self, game: str, seed: int | None = None, mistakes: float = 0.2) -> None:
        self.game = game
        self._greedy = GreedyBot(game, seed)
        self.rng = random.Random(seed)
        self.mistakes = mistakes

    def choose(self, view: View) -> str:
        """Mostly the greedy action; sometimes any legal card."""
        legal = list(view["legal"])
        if not legal:
            raise ValueError("no legal action in this view")
        phase = view.get("phase")
        if self.game == "bridge" and phase == "auction":
            from atout.bots.bridge_bidding import choose_call  # noqa: PLC0415

            return choose_call(view)
        # Bids and claim answers are never random: a beginner misplays only the cards
        # (a claim is judged on the faced hands, see atout.bots.claims).
        bidding = phase in ("auction", "kitty", "trump", "claim")
        if not bidding and len(legal) > 1 and self.rng.random() < self.mistakes:
            plausible = [a for a in legal if a not in ("concede", "claim revoke")] or legal
            plausible = [a for a in plausible if not a.startswith(("correct", "claim"))] or legal
            return str(self.rng.choice(plausible))
        return self._greedy.choose(view)


class MediumBot:
    """Rule play by the book: ``atout.bots.medium.<game>.choose(view, rng)``."""

    def __init__(self, game: str, seed: int | None = None) -> None:
        self._choose: Callable[[View, random.Random], str] = _module("medium", game).choose
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """The medium action."""
        return self._choose(view, self.rng)


class PanelBot:
    """A panel player: a style of :mod:`atout.bots.panel` (``cautious`` or ``aggressive``)."""

    def __init__(self, game: str, style: str, seed: int | None = None) -> None:
        from atout.bots.panel import STYLES  # noqa: PLC0415

        if style not in STYLES:
            raise ValueError(f"unknown style {style!r} (styles: {', '.join(STYLES)})")
        self._choose: Callable[[View, random.Random, str], str] = _module("panel", game).choose
        self.style = style
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """The action this style takes."""
        return self._choose(view, self.rng, self.style)


class HardBot:
    """PIMC: ``atout.bots.hard.<game>.choose(view, rng, budget, samples)``.

    ``samples`` caps the worlds per decision, ``budget_seconds`` the time;
    whichever comes first stops the sampling (at least two worlds are used).
    """

    def __init__(
        self,
        game: str,
        seed: int | None = None,
        budget_seconds: float = DEFAULT_BUDGET,
        samples: int = 64,
    ) -> None:
        self._choose: Callable[[View, random.Random, float, int], str] = _module(
            "hard", game
        ).choose
        self.rng = random.Random(seed)
        self.budget_seconds = budget_seconds
        self.samples = samples
        self.opponents: Any = None
        """What Hard has learnt of the opponents' play over the match (Court Piece)."""
        if game == "court-piece":
            from atout.bots.hard.court_piece_opponents import OpponentModel  # noqa: PLC0415

            self.opponents = OpponentModel()

    def choose(self, view: View) -> str:
        """The hard action, within the time budget."""
        if self.opponents is not None:
            self.opponents.observe(view, self.rng)
        if len(view["legal"]) == 1:
            return str(view["legal"][0])
        if self.opponents is not None:
            return str(
                self._choose(  # type: ignore[call-arg]
                    view, self.rng, self.budget_seconds, self.samples, opponents=self.opponents
                )
            )
        return self._choose(view, self.rng, self.budget_seconds, self.samples)


BOT_NAMES = ("random", "greedy", "easy", "medium", "hard")
"""The levels (the ones a table offers)."""

PANEL_NAMES = ("cautious", "aggressive")
"""The panel's players (:mod:`atout.bots.panel`): ``make_bot`` and ``atout sim`` know them."""

RANDOM_PASS_WEIGHT = {"bridge": 0.8}
"""Games whose random bot passes more often than uniform play would."""


def make_bot(
    name: str,
    game: str,
    seed: int | None = None,
    *,
    budget_seconds: float | None = None,
    effort: int | None = None,
) -> Bot:
    """A bot by name (a level of :data:`BOT_NAMES`, or :data:`PANEL_NAMES`) or ``mod:callable``.

    A ``module:callable`` is called as ``factory(game=..., seed=...)`` and must
    return an object with ``choose(view) -> str``. ``budget_seconds`` is the
    Hard bot's time per decision (default :data:`DEFAULT_BUDGET`); ``effort``
    replaces it with work: that many samples per decision and no clock.
    """
    if effort is not None and budget_seconds is not None:
        raise ValueError("give Hard an effort or a time budget, not both")
    if effort is not None and effort < 1:
        raise ValueError(f"effort must be at least 1 sample per decision, not {effort}")
    if name == "random":
        return RandomBot(seed, pass_weight=RANDOM_PASS_WEIGHT.get(game))
    if name == "greedy":
        return GreedyBot(game, seed)
    if name == "easy":
        return EasyBot(game, seed)
    if name == "medium":
        return MediumBot(game, seed)
    if name in PANEL_NAMES:
        return PanelBot(game, name, seed)
    if name == "hard":
        if effort is not None:
            return HardBot(game, seed, budget_seconds=math.inf, samples=effort)
        budget = DEFAULT_BUDGET if budget_seconds is None else budget_seconds
        return HardBot(game, seed, budget_seconds=budget)
    if ":" in name:
        module_name, _, attr = name.partition(":")
        factory = getattr(importlib.import_module(module_name), attr)
        bot: Bot = factory(game=game, seed=seed)
        return bot
    raise ValueError(
        f"unknown bot {name!r} (bots: {', '.join((*BOT_NAMES, *PANEL_NAMES))}, or module:callable)"
    )
