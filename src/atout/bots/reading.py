"""Reading the opponents' style over a match, for any trick-taking game: a generic model.

Hard draws the worlds it searches; which worlds are believable depends on
how the opponents play. This module learns that from the cards they are
seen to play, for every game, in one of two ways:

* :class:`OpponentModel` (bridge: :mod:`atout.bots.bridge.opponents`, Five
  Hundred: :mod:`atout.bots.five_hundred.opponents`, each plugged in through a
  :class:`Reader`) holds, per opponent seat, a posterior over :data:`POLICIES`
  (the levels' rule players greedy and medium, the panel's cautious and
  aggressive players, and a uniform player). Each opponent card seen is judged
  in a few worlds drawn from the view: a style that names the card played
  (from the hand the seat held then, the hidden part drawn) gets likelihood
  ``1 - NOISE`` (plus its share of the noise), the others ``NOISE / n``, the
  uniform player ``1 / n`` (:func:`world_likelihood`); forced plays say
  nothing. A deal's cards are judged again at every view; the posterior
  carries over from deal to deal of a match.
* :class:`Tally` keeps the same posteriors for the games that judge each choice
  once, in the worlds of the view that first shows it, and keep it within
  :data:`FLOOR` from then on: Court Piece (:mod:`atout.bots.court_piece.opponents`,
  one reading per opponent seat) and Court Circular
  (:mod:`atout.bots.court_circular.opponents`, one reading of the opponent,
  his resignations read too). Those modules keep only what is the game's:
  which choices a view shows, how worlds are drawn, what each policy would
  have done (:func:`world_likelihood`, or :func:`mixed_likelihood` from how
  often each policy named the choice over the worlds).
* :class:`StyledWeight` weighs a world by how well each *styled* opponent's
  mixture explains his plays there (a seat is styled when its rule mass is
  under :data:`STYLED_BELOW`); :func:`resampled` turns a world source into one
  whose worlds come in proportion to that weight (importance resampling:
  :data:`CANDIDATES` drawn, one kept by weight). (Court Piece and Court Circular
  weigh worlds with their own evidence modules.)

Against the rule players the rule mass stays high, no seat is styled and
Hard draws exactly the worlds it drew before; :class:`OpponentModel` also draws
its own worlds with its own random numbers, so Hard's random stream is untouched
(Court Circular's model too; Court Piece's reading draws from Hard's stream).
The model reads only the typed view: a hidden card is drawn, never looked at.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from atout.bots.levels import View, sheet_of
from atout.cards import Card, CardSet

__all__ = [
    "CANDIDATES",
    "FLOOR",
    "NOISE",
    "POLICIES",
    "PRIOR",
    "RULE",
    "SETTLED_DEALS",
    "STYLED_BELOW",
    "WORLDS_PER_UPDATE",
    "OpponentModel",
    "Play",
    "Policy",
    "Reader",
    "StyledWeight",
    "Tally",
    "log_prior",
    "mean_likelihood",
    "mixed_likelihood",
    "normalised",
    "reading_of",
    "resampled",
    "world_likelihood",
]

Policy = str

POLICIES: tuple[Policy, ...] = ("greedy", "medium", "cautious", "aggressive", "uniform")
"""The mixture's components: the levels' rule players, the panel, anyone."""

RULE: tuple[Policy, ...] = ("greedy", "medium")
"""The rule players: an opponent mostly these is read as Hard always read him (not at all)."""

NOISE = 0.1
"""The chance a style plays another card than its own (a slip, or a rule not modelled)."""

PRIOR: Mapping[Policy, float] = {
    "greedy": 0.3,
    "medium": 0.2,
    "cautious": 0.2,
    "aggressive": 0.2,
    "uniform": 0.1,
}
"""Before any card is seen: mostly rule players (greedy the field's default). The rule mass is
then exactly :data:`STYLED_BELOW`, so no world is weighed before a card says something."""

WORLDS_PER_UPDATE = 12
"""Worlds a new play is judged in (its likelihood under each style is their mean)."""

FLOOR = 1e-4
"""The least posterior a component keeps, so that a player who changes style is followed."""

STYLED_BELOW = 0.1
"""An opponent whose settled posterior puts less than this on the rule players has his
plays weigh Hard's worlds. Stricter than Court Piece's 0.5
(:data:`atout.bots.court_piece.evidence.STYLED_BELOW`), where the rule players' evidence
weighs worlds anyway: here a reading that opens the gate changes Hard's worlds from the
plain ones, so it must be decisive. After a deal that could not tell the book from the
aggressive player (0.49 each), a 0.5 gate opened against Medium in 2 of 8 Five Hundred
matches; at 0.1 in none of 32 matches against greedy or Medium (both games), while a panel
player's reading passes it within a deal or two."""

SETTLED_DEALS = 1
"""Finished deals of a seat read before its reading weighs worlds: within the first deal,
early cards are judged in worlds that know little of the hand they came from."""

CANDIDATES = 6
"""Worlds drawn for each world a styled decision keeps (importance resampling)."""


@dataclass(frozen=True, slots=True)
class Play:
    """One card an opponent was seen to play, with what the game needs to replay it."""

    actor: int
    """The seat whose style is read (bridge: declarer for dummy's cards)."""
    seat: int
    """The seat whose cards it was."""
    card: Card
    since: CardSet
    """The cards ``seat`` played from this play on (this one included)."""
    key: tuple[int, int]
    """(trick number, position in the trick): the same play in every later view."""
    looks: tuple[int, ...]
    """The seats whose hands in a world decide what the styles play here."""
    data: Any = None
    """The game's own context (the trick before it, cards gone, voids shown, trumps...)."""


class Reader(Protocol):
    """One game's plug: its opponents' plays in a view, its worlds, its styles' cards."""

    def plays(self, view: View) -> list[Play]:
        """The opponents' plays the view shows (none outside readable card play)."""
        ...

    def worlds(self, view: View, rng: random.Random, count: int) -> list[list[CardSet]]:
        """``count`` hidden deals consistent with the view (the hands now)."""
        ...

    def named(self, play: Play, hands: Sequence[CardSet]) -> tuple[int, dict[Policy, Card]] | None:
        """In a world: the number of legal cards at ``play`` and the card each style
        (all of :data:`POLICIES` but ``uniform``) plays; ``None`` for a forced play."""
        ...


def world_likelihood(n: int, named: Mapping[Policy, bool]) -> dict[Policy, float]:
    """Each policy's chance of a choice in one world where it had ``n`` options:
    ``named[p]`` says whether policy ``p`` (all of :data:`POLICIES` but ``uniform``) makes
    that choice there (``1 - NOISE`` plus its share of the noise, else ``NOISE / n``)."""
    out = {p: (1.0 - NOISE) * hit + NOISE / n for p, hit in named.items()}
    out["uniform"] = 1.0 / n
    return out


def mixed_likelihood(hits: Mapping[Policy, float], uniform: float) -> dict[Policy, float]:
    """Each policy's chance of a choice from its share of worlds naming it (``hits``) and
    the mean of ``1 / n`` over them (``uniform``): the mean of :func:`world_likelihood`
    over those worlds, computed from the means (the floats differ from averaging
    :func:`world_likelihood`, so a game keeps the form it was tuned with)."""
    out = {p: (1.0 - NOISE) * hit + NOISE * uniform for p, hit in hits.items()}
    out["uniform"] = uniform
    return out


def mean_likelihood(
    judged: Iterable[Mapping[Policy, float] | None],
) -> dict[Policy, float] | None:
    """The mean of a choice's likelihoods over worlds (``None`` entries: worlds that do not
    judge it); ``None`` if no world judged it."""
    totals = dict.fromkeys(POLICIES, 0.0)
    counted = 0
    for one in judged:
        if one is None:
            continue
        counted += 1
        for policy, value in one.items():
            totals[policy] += value
    if not counted:
        return None
    return {p: v / counted for p, v in totals.items()}


def _likelihoods(
    reader: Reader, play: Play, hands: Sequence[CardSet]
) -> dict[Policy, float] | None:
    """Each policy's chance of ``play`` in one world (``None``: the play says nothing)."""
    named = reader.named(play, hands)
    if named is None:
        return None
    n, cards = named
    return world_likelihood(n, {p: card == play.card for p, card in cards.items()})


def log_prior() -> dict[Policy, float]:
    """:data:`PRIOR` as log weights: a reading before any card."""
    return {p: math.log(PRIOR[p]) for p in POLICIES}


def normalised(logs: Mapping[Policy, float]) -> dict[Policy, float]:
    """Probabilities from log weights (each at least :data:`FLOOR`)."""
    top = max(logs.values())
    weights = {p: math.exp(v - top) for p, v in logs.items()}
    total = sum(weights.values())
    return {p: max(FLOOR, w / total) for p, w in weights.items()}


def _rule_mass(posterior: Mapping[Policy, float]) -> float:
    """How much of a posterior is on the rule players (:data:`RULE`)."""
    return sum(posterior[p] for p in RULE)


def _floor(logs: dict[Policy, float]) -> None:
    """Raise each log weight to at least :data:`FLOOR` times the best, so that a player who
    changes style is followed."""
    floor = max(logs.values()) + math.log(FLOOR)
    for policy in logs:
        logs[policy] = max(logs[policy], floor)


@dataclass
class OpponentModel:
    """A posterior over :data:`POLICIES` for each opponent seat, learnt from the views seen.

    A deal's plays are judged again at every view, in worlds drawn from that view: the
    later the view, the better the worlds know the hand each card came from (at the
    deal's end, almost exactly). A card judged early, in worlds that do not know
    declarer's long trumps, would read a greedy declarer's trump leads as the aggressive
    player's; judged at the end, it does not. The reading of a finished deal is kept
    (:attr:`settled`) and the current deal's added to it.
    """

    reader: Reader
    settled: dict[int, dict[Policy, float]] = field(default_factory=dict)
    """Each seat's log-likelihood of each policy over the finished deals read."""
    current: dict[int, dict[Policy, float]] = field(default_factory=dict)
    """The same for the deal being played, as last judged."""
    deals: dict[int, int] = field(default_factory=dict)
    """How many finished deals each seat's reading holds."""
    deal: int | None = None
    judged: int = -1
    """How many plays of the current deal were judged last (no new card, nothing to do)."""
    rng: random.Random = field(default_factory=lambda: random.Random(37))
    """The model's own random numbers (Hard's are not touched: its play is unchanged
    wherever the model does not weigh a world)."""

    @property
    def log_posterior(self) -> dict[int, dict[Policy, float]]:
        """Each seat's unnormalised log posterior (the seats read so far)."""
        out: dict[int, dict[Policy, float]] = {}
        for seat in sorted({*self.settled, *self.current}):
            settled = self.settled.get(seat, {})
            current = self.current.get(seat, {})
            out[seat] = {
                p: math.log(PRIOR[p]) + settled.get(p, 0.0) + current.get(p, 0.0) for p in POLICIES
            }
        return out

    def posterior(self, seat: int) -> dict[Policy, float]:
        """The probability of each policy for ``seat`` (the prior before any card)."""
        logs = self.log_posterior.get(seat)
        return dict(PRIOR) if logs is None else normalised(logs)

    def rule_mass(self, seat: int) -> float:
        """How much of ``seat``'s posterior is on the rule players."""
        return _rule_mass(self.posterior(seat))

    def styled(self, plays: Sequence[Play]) -> dict[int, dict[Policy, float]]:
        """The settled posteriors (:meth:`settled_posterior`) of the seats among ``plays``
        that do not read as rule players there, once a whole deal of theirs has been read
        (:data:`SETTLED_DEALS`)."""
        out: dict[int, dict[Policy, float]] = {}
        for actor in sorted({play.actor for play in plays}):
            if self.deals.get(actor, 0) < SETTLED_DEALS:
                continue
            posterior = self.settled_posterior(actor)
            if _rule_mass(posterior) < STYLED_BELOW:
                out[actor] = posterior
        return out

    def settled_posterior(self, seat: int) -> dict[Policy, float]:
        """The posterior from the finished deals only, whose cards were judged in worlds that
        knew their hands best (the current deal's early cards are judged in vaguer ones)."""
        settled = self.settled.get(seat, {})
        return normalised({p: math.log(PRIOR[p]) + settled.get(p, 0.0) for p in POLICIES})

    def observe(self, view: View, rng: random.Random | None = None) -> None:
        """Judge the current deal's opponent plays again if the view shows a new one (``rng``
        is not used: the model draws with its own, see :attr:`rng`)."""
        deal = int(sheet_of(view).get("deal_number", 0))
        if deal != self.deal:
            self._settle()
            self.deal = deal
        plays = self.reader.plays(view)
        if not plays or len(plays) == self.judged:
            return
        self.judged = len(plays)
        worlds = self.reader.worlds(view, self.rng, WORLDS_PER_UPDATE)
        current: dict[int, dict[Policy, float]] = {}
        for play in plays:
            likelihood = self._likelihood(play, worlds)
            if likelihood is None:
                continue
            logs = current.setdefault(play.actor, dict.fromkeys(POLICIES, 0.0))
            for policy, value in likelihood.items():
                logs[policy] += math.log(value)
        self.current = current

    def _settle(self) -> None:
        """Keep the finished deal's reading (each policy at least :data:`FLOOR` of the best,
        so that a player who changes style is followed)."""
        for seat, logs in self.current.items():
            settled = self.settled.setdefault(seat, dict.fromkeys(POLICIES, 0.0))
            for policy, value in logs.items():
                settled[policy] += value
            _floor(settled)
            self.deals[seat] = self.deals.get(seat, 0) + 1
        self.current = {}
        self.judged = -1

    def _likelihood(
        self, play: Play, worlds: Sequence[Sequence[CardSet]]
    ) -> dict[Policy, float] | None:
        """Each policy's chance of this play, the mean over ``worlds`` (None: forced)."""
        return mean_likelihood(_likelihoods(self.reader, play, hands) for hands in worlds)


C = TypeVar("C")
Worlds = TypeVar("Worlds")


@dataclass
class Tally(Generic[C, Worlds]):
    """A posterior over :data:`POLICIES` for each reading (an opponent seat, or the one
    opponent), each choice judged once, in the worlds of the view that first shows it.

    Unlike :class:`OpponentModel` a choice is never judged again: its likelihood is
    added to the reading's log posterior for good, each policy then kept within
    :data:`FLOOR` of the best, so that a player who changes style is followed.
    Choices are known by (deal number, trick number, position in the trick); only the
    current deal's are remembered. The game says which choices a view shows, how its
    worlds are drawn and how a choice is judged in them (:meth:`read`).
    """

    log_posterior: dict[int, dict[Policy, float]] = field(default_factory=dict)
    """Each reading's unnormalised log posterior (the log prior included)."""
    plays: dict[int, int] = field(default_factory=dict)
    """Choices read that said something (not forced), by reading, over the match."""
    seen: set[tuple[int, int, int]] = field(default_factory=set)
    """Choices already read: (deal number, trick number, position in the trick)."""

    def posterior(self, who: int) -> dict[Policy, float]:
        """The probability of each policy for ``who`` (the prior before any choice)."""
        logs = self.log_posterior.get(who)
        return dict(PRIOR) if logs is None else normalised(logs)

    def rule_mass(self, who: int) -> float:
        """How much of ``who``'s posterior is on the rule players."""
        return _rule_mass(self.posterior(who))

    def likeliest(self, who: int) -> Policy:
        """The policy ``who`` most likely plays (greedy, the prior's, before any choice)."""
        logs = self.log_posterior.get(who) or log_prior()
        return max(logs, key=logs.__getitem__)

    def read(
        self,
        deal: int,
        choices: Sequence[tuple[tuple[int, int], int, C]],
        worlds: Callable[[], Worlds],
        likelihood: Callable[[C, Worlds], Mapping[Policy, float] | None],
    ) -> None:
        """Add to their readings the ``choices`` (each ``((trick, position), who, choice)``)
        not read before: judged by ``likelihood`` (``None``: forced, says nothing) in
        ``worlds()``, drawn once, and only if a choice is new."""
        fresh = [(key, who, c) for key, who, c in choices if (deal, *key) not in self.seen]
        if not fresh:
            return
        drawn = worlds()
        for (trick, position), who, choice in fresh:
            self.seen.add((deal, trick, position))
            one = likelihood(choice, drawn)
            if one is None:
                continue
            self.plays[who] = self.plays.get(who, 0) + 1
            logs = self.log_posterior.setdefault(who, log_prior())
            for policy, value in one.items():
                logs[policy] += math.log(value)
            _floor(logs)
        self.seen = {key for key in self.seen if key[0] >= deal}


@dataclass(slots=True)
class StyledWeight:
    """How believable a world is, given the styled opponents' plays and their mixtures.

    A play of a styled seat weighs ``sum(p[s] * L_s)`` in a world, the mixture's
    likelihood of the card (:class:`OpponentModel`'s ``L``); the other seats' plays
    weigh nothing. Factors are cached by the hands that decide them.
    """

    reader: Reader
    plays: Sequence[Play]
    posteriors: Mapping[int, Mapping[Policy, float]]
    cache: dict[tuple[int, ...], float] = field(default_factory=dict, repr=False)

    def __call__(self, hands: Sequence[CardSet]) -> float:
        """The likelihood of the styled opponents' plays in a world."""
        weight = 1.0
        for k, play in enumerate(self.plays):
            posterior = self.posteriors.get(play.actor)
            if posterior is None:
                continue
            key = (k, *(hands[s] for s in play.looks))
            factor = self.cache.get(key)
            if factor is None:
                one = _likelihoods(self.reader, play, hands)
                factor = 1.0 if one is None else sum(posterior[p] * one[p] for p in one)
                self.cache[key] = factor
            weight *= factor
        return weight


W = TypeVar("W")


def resampled(
    draw: Callable[[random.Random], W],
    hands: Callable[[W], Sequence[CardSet]],
    weight: Callable[[Sequence[CardSet]], float],
    candidates: int = CANDIDATES,
) -> Callable[[random.Random], W]:
    """``draw`` made believable: ``candidates`` worlds drawn, one kept in proportion to its
    ``weight`` (importance resampling; uniform among them if none weighs anything)."""

    def pick(rng: random.Random) -> W:
        drawn = [draw(rng) for _ in range(candidates)]
        weights = [weight(hands(world)) for world in drawn]
        if sum(weights) <= 0.0:
            return drawn[rng.randrange(candidates)]
        return rng.choices(drawn, weights)[0]

    return pick


def reading_of(
    opponents: OpponentModel | None, view: View
) -> Callable[[Sequence[CardSet]], float] | None:
    """The weight Hard's worlds take in this view: ``None`` when no opponent is styled (the
    worlds are then exactly those drawn without a model)."""
    if opponents is None:
        return None
    plays = opponents.reader.plays(view)
    styled = opponents.styled(plays)
    if not styled:
        return None
    return StyledWeight(opponents.reader, plays, styled)
