"""The levels as players: each turns one game's play functions into a :class:`Bot`.

A game's bots are functions (``atout.bots.<game>.greedy.choose(view, rng)`` and
so on); what a level adds is the same for every game: its random numbers, the
beginner's mistakes, the panel's style, Hard's pace. The classes here take the
game's functions as arguments and import no game, so :mod:`atout.bots.registry`
is the one place that says which function plays which game at which level.

What a bot is handed is a :class:`~atout.core.Seen` (``Match.seen(seat)``):
the game's typed view, which the play functions read (:func:`typed`), and the
score sheet; read as a mapping it is the JSON view. A JSON view (``Match.view``,
what the server's frames and older callers hold) is still taken: :func:`as_seen`
reads it once into the typed view at the bot's door, so nothing inside parses
card names.

The play functions' shapes:

* greedy and medium: ``choose(view, rng) -> str``;
* the panel: ``choose(view, rng, style) -> str``;
* hard: ``choose(view, rng, budget_seconds, samples) -> str``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, overload

from atout.bots.styles import STYLES, Style
from atout.cards import CARD_BY_NAME, Card
from atout.core import Seen, TypedView
from atout.games import view_from_json

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_SAMPLES",
    "Bot",
    "Choose",
    "EasyBot",
    "GreedyBot",
    "HardBot",
    "HardChoose",
    "Learner",
    "MediumBot",
    "Pace",
    "PanelBot",
    "RandomBot",
    "StyledChoose",
    "View",
    "as_seen",
    "legal_cards",
    "legal_of",
    "sheet_of",
    "typed",
]

DEFAULT_BUDGET = 0.4
"""Seconds a Hard decision may take by default (special decisions such as a trump
call or a bid may take a small multiple of it)."""

DEFAULT_SAMPLES = 64
"""Worlds a Hard decision draws at most when its time is not up first."""

View = Mapping[str, Any] | TypedView
"""What a bot is handed: a :class:`~atout.core.Seen`, a JSON view (a mapping), or a game's
typed view; :func:`typed` reads any of them into the typed view."""


def as_seen(view: View) -> Seen:
    """``view`` as a :class:`~atout.core.Seen`: itself, or a JSON view (``Match.view``) read
    once into the game's typed view (its mapping face stays the JSON given)."""
    if isinstance(view, Seen):
        return view
    if not isinstance(view, Mapping):
        return Seen(view, {})
    sheet = view.get("match")
    return Seen(view_from_json(view), {} if sheet is None else sheet, view)


K = TypeVar("K", covariant=True)


class Readable(Protocol[K]):
    """A game's typed view class: it reads its JSON form (``from_json``)."""

    def from_json(self, data: Mapping[str, Any], /) -> K: ...


@overload
def typed(view: Any, kind: Readable[K]) -> K: ...


@overload
def typed(view: Any) -> Any: ...


def typed(view: Any, kind: Readable[Any] | None = None) -> Any:
    """The game's typed view (``State.typed_view``) of what a bot is handed: a
    :class:`~atout.core.Seen`'s own, the typed view itself, or a JSON view's, read by
    ``kind`` (the game's view class: a hand-built view need not name its game) or by its
    ``game``."""
    if isinstance(view, Seen):
        return view.view
    if isinstance(view, Mapping):
        return view_from_json(view) if kind is None else kind.from_json(view)
    return view


def legal_of(view: View) -> Sequence[str]:
    """The legal actions of what a bot is handed (without reading the rest of a JSON view)."""
    if isinstance(view, Seen):
        typed_view: TypedView = view.view
        return typed_view.legal
    if isinstance(view, Mapping):
        legal: Sequence[str] = view["legal"]
        return legal
    return view.legal


def sheet_of(view: Any) -> Mapping[str, Any]:
    """The score sheet (``Match.view(seat)["match"]``) of what a bot is handed (empty for a
    bare typed view, or a JSON view without one)."""
    if isinstance(view, Seen):
        return view.sheet
    if isinstance(view, Mapping):
        sheet = view.get("match")
        return {} if sheet is None else sheet
    return {}


def legal_cards(legal: Sequence[str]) -> list[Card]:
    """The cards among the legal actions, in their order (actions that are no card left out):
    the one translation of an action's text to its card that bots need.

    >>> legal_cards(("2S", "AS", "trump S"))
    [0, 12]
    """
    by_name = CARD_BY_NAME
    return [by_name[a] for a in legal if a in by_name]


Choose = Callable[[Seen, random.Random], str]
"""A greedy or medium player: the action for this view."""

StyledChoose = Callable[[Seen, random.Random, Style], str]
"""A panel player: the action this style takes."""

HardChoose = Callable[[Seen, random.Random, float, int], str]
"""A Hard player: the action found within a time budget and a cap on worlds."""


class Bot(Protocol):
    """A player: given what one seat may know, an action."""

    def choose(self, view: View) -> str:
        """The action to take; it must be one of ``view["legal"]``."""
        ...


class Learner(Protocol):
    """What Hard learns from every view it is shown (Court Piece, bridge, Five Hundred: the
    opponents' styles)."""

    def observe(self, view: Seen, rng: random.Random) -> None:
        """Take in what this view shows that earlier ones did not."""
        ...


@dataclass(frozen=True, slots=True)
class Pace:
    """How long Hard thinks: ``budget_seconds`` per decision, at most ``samples`` worlds.

    ``make_bot``'s ``effort=N`` is ``Pace(math.inf, N)``: work counted, no clock.
    Other levels take no time to speak of and ignore it.
    """

    budget_seconds: float = DEFAULT_BUDGET
    samples: int = DEFAULT_SAMPLES


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
        legal = legal_of(view)
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
    """The simple rule-based player of a game (its ``greedy.choose``)."""

    def __init__(self, choose: Choose, seed: int | None = None) -> None:
        self._choose = choose
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """The game's greedy choice."""
        return self._choose(as_seen(view), self.rng)


class EasyBot:
    """A beginner: greedy play, but ``mistakes`` of the time any legal action instead.

    Bids (bridge, Five Hundred) are never random: a beginner knows what he
    means to bid, he misplays the cards. ``auction``, where given, makes the
    calls of the auction phase (bridge: the natural system of
    :mod:`atout.bots.bridge.bidding`); else greedy bids.
    """

    def __init__(
        self,
        greedy: Choose,
        seed: int | None = None,
        mistakes: float = 0.2,
        *,
        auction: Callable[[Seen], str] | None = None,
    ) -> None:
        self._greedy = GreedyBot(greedy, seed)
        self._auction = auction
        self.rng = random.Random(seed)
        self.mistakes = mistakes

    def choose(self, view: View) -> str:
        """Mostly the greedy action; sometimes any legal card."""
        seen = as_seen(view)
        legal = list(seen.view.legal)
        if not legal:
            raise ValueError("no legal action in this view")
        phase = seen.view.phase
        if self._auction is not None and phase == "auction":
            return self._auction(seen)
        # Bids and claim answers are never random: a beginner misplays only the cards
        # (a claim is judged on the faced hands, see atout.bots.claims).
        bidding = phase in ("auction", "kitty", "trump", "claim")
        if not bidding and len(legal) > 1 and self.rng.random() < self.mistakes:
            plausible = [a for a in legal if a not in ("concede", "claim revoke")] or legal
            plausible = [a for a in plausible if not a.startswith(("correct", "claim"))] or legal
            return str(self.rng.choice(plausible))
        return self._greedy.choose(seen)


class MediumBot:
    """Rule play by the book (a game's ``medium.choose``)."""

    def __init__(self, choose: Choose, seed: int | None = None) -> None:
        self._choose = choose
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """The medium action."""
        return self._choose(as_seen(view), self.rng)


class PanelBot:
    """A panel player: a style of :mod:`atout.bots.styles` (``cautious`` or ``aggressive``)."""

    def __init__(self, choose: StyledChoose, style: str, seed: int | None = None) -> None:
        if style not in STYLES:
            raise ValueError(f"unknown style {style!r} (styles: {', '.join(STYLES)})")
        self._choose = choose
        self.style: Style = style
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """The action this style takes."""
        return self._choose(as_seen(view), self.rng, self.style)


class HardBot:
    """PIMC: a game's ``hard.choose(view, rng, budget_seconds, samples)``.

    ``samples`` caps the worlds per decision, ``budget_seconds`` the time;
    whichever comes first stops the sampling (at least two worlds are used).
    ``opponents``, where given, is shown every view before Hard decides (also
    the views where one action is legal and nothing is searched), so that it
    learns from every card played; ``choose`` is expected to read it.
    """

    def __init__(
        self,
        choose: HardChoose,
        seed: int | None = None,
        pace: Pace = Pace(),
        *,
        opponents: Learner | None = None,
    ) -> None:
        self._choose = choose
        self.rng = random.Random(seed)
        self.budget_seconds = pace.budget_seconds
        self.samples = pace.samples
        self.opponents = opponents
        """What Hard has learnt of the opponents' play over the match (Court Piece, bridge,
        Five Hundred)."""

    def choose(self, view: View) -> str:
        """The hard action, within the time budget."""
        view = as_seen(view)
        if self.opponents is not None:
            self.opponents.observe(view, self.rng)
        legal = view.view.legal
        if len(legal) == 1:
            return str(legal[0])
        return self._choose(view, self.rng, self.budget_seconds, self.samples)
