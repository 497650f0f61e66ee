"""How each Court Piece opponent plays, read from his cards over a match.

Hard's worlds weigh the opponents' plays by how well a style of play explains
them (:mod:`.evidence`). Which style depends on the opponent: the
greedy player, the book player (medium), the panel's cautious and aggressive
players (:mod:`atout.bots.styles`), or someone who plays any card. An
:class:`OpponentModel` holds, for each opponent seat, a posterior over that
mixture, and updates it with every card the seat is seen to play: in a few
worlds drawn uniformly from the view, each style is asked which card it would
have played from the hand the seat held then; a style that names the card
played gets likelihood ``1 - NOISE`` (plus its share of the noise), the others
``NOISE / n`` (``n``: the legal cards), the uniform player ``1 / n``. Forced
plays say nothing. The posterior carries over from deal to deal of a match,
which is where it pays: over a match each opponent shows a hundred cards.

``rule_mass`` (greedy and book) near 1 means the evidence is read exactly as
before; an opponent who reads as a panel player gets his worlds weighed by the
panel styles in proportion to their posterior
(:class:`atout.bots.court_piece.evidence.StyledEvidence`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.bots.court_piece.evidence import PlayEvidence
from atout.bots.court_piece.policies import (
    POLICIES,
    RULE,
    Policy,
    play_options,
    policy_card,
)
from atout.bots.levels import View, sheet_of, typed
from atout.bots.sampling import court_piece_sampler
from atout.cards import CardSet
from atout.games.court_piece_view import CourtPieceView, Phase

__all__ = ["MIN_PLAYS", "NOISE", "PRIOR", "OpponentModel"]


NOISE = 0.1
"""The chance a rule player plays another card than his rule's (a slip, or a rule not modelled)."""

PRIOR = {"greedy": 0.3, "medium": 0.2, "cautious": 0.2, "aggressive": 0.2, "uniform": 0.1}
"""Before any card is seen: mostly rule players, greedy the likeliest (the field's default)."""

WORLDS_PER_UPDATE = 12
"""Uniform worlds a new play is judged in (its likelihood under each style is their mean)."""

FLOOR = 1e-4
"""The least posterior a component keeps, so that a player who changes style is followed."""

MIN_PLAYS = 8
"""Plays that said something (not forced) an opponent must have shown before he may read as
other than a rule player: judged in uniform worlds, a rule player's first few cards often fit
a careless or cautious player better (a greedy lead from the longest suit rarely matches a
uniform hand), and reading him so drops the greedy replies that serve against him."""


@dataclass
class OpponentModel:
    """A posterior over :data:`POLICIES` for each seat, updated from the views a seat sees."""

    log_posterior: dict[int, dict[Policy, float]] = field(default_factory=dict)
    seen: set[tuple[int, int, int]] = field(default_factory=set)
    """Plays already read: (deal number, trick number, position in the trick)."""
    plays: dict[int, int] = field(default_factory=dict)
    """Plays read that said something (not forced), by seat, over the match."""

    def posterior(self, seat: int) -> dict[Policy, float]:
        """The probability of each policy for ``seat`` (the prior before any card)."""
        logs = self.log_posterior.get(seat)
        if logs is None:
            return dict(PRIOR)
        top = max(logs.values())
        weights = {p: math.exp(v - top) for p, v in logs.items()}
        total = sum(weights.values())
        return {p: max(FLOOR, w / total) for p, w in weights.items()}

    def rule_mass(self, seat: int) -> float:
        """How much of ``seat``'s posterior is on the rule players today's evidence reads
        (1 until he has shown :data:`MIN_PLAYS` plays that said something)."""
        if self.plays.get(seat, 0) < MIN_PLAYS:
            return 1.0
        posterior = self.posterior(seat)
        return sum(posterior[p] for p in RULE)

    def observe(self, view: View, rng: random.Random) -> None:
        """Read every opponent play in the view not read before."""
        seen = typed(view, CourtPieceView)
        if seen.phase is not Phase.PLAY or seen.trump is None:
            return
        evidence = PlayEvidence.from_view(seen)
        deal = int(sheet_of(view).get("deal_number", 0))
        keys = _play_keys(seen)
        fresh = [
            (key, play)
            for key, play in zip(keys, evidence.plays, strict=True)
            if key is not None and (deal, *key) not in self.seen
        ]
        if not fresh:
            return
        sampler = court_piece_sampler(seen)
        worlds = [list(sampler(rng).hands) for _ in range(WORLDS_PER_UPDATE)]
        for (trick, position), play in fresh:
            self.seen.add((deal, trick, position))
            likelihood = _likelihood(play, evidence.trump, worlds)
            if likelihood is None:
                continue
            self.plays[play.seat] = self.plays.get(play.seat, 0) + 1
            logs = self.log_posterior.setdefault(
                play.seat, {p: math.log(PRIOR[p]) for p in POLICIES}
            )
            for policy, value in likelihood.items():
                logs[policy] += math.log(value)
            floor = max(logs.values()) + math.log(FLOOR)
            for policy in logs:
                logs[policy] = max(logs[policy], floor)
        self.seen = {key for key in self.seen if key[0] >= deal}


def _play_keys(view: CourtPieceView) -> list[tuple[int, int] | None]:
    """(trick number, position) of each opponent play, in the order PlayEvidence lists them."""
    assert view.seat is not None
    side = view.seat % 2
    shown = view.tricks
    tricks = [(leader, cards) for leader, cards, _ in shown or ()]
    done = len(tricks) if shown is not None else sum(view.tricks_won)
    keys: list[tuple[int, int] | None] = []
    numbered = [(i, leader, cards) for i, (leader, cards) in enumerate(tricks)]
    if view.trick:
        numbered.append((done, view.trick_leader, view.trick))
    for number, leader, cards in numbered:
        for position in range(len(cards)):
            if (leader + position) % 4 % 2 != side:
                keys.append((number, position))
    return keys


def _likelihood(
    play: Any, trump: int, worlds: Sequence[Sequence[CardSet]]
) -> dict[Policy, float] | None:
    """Each policy's chance of this play, the mean over ``worlds`` (None: a forced play)."""
    totals = dict.fromkeys(POLICIES, 0.0)
    counted = 0
    for hands in worlds:
        held, legal = play_options(play, hands)
        if play.card not in legal:
            continue
        n = len(legal)
        if n <= 1:
            return None
        counted += 1
        totals["uniform"] += 1.0 / n
        for policy in POLICIES[:-1]:
            named = policy_card(policy, play, trump, held, legal) == play.card
            totals[policy] += (1.0 - NOISE) * named + NOISE / n
    if not counted:
        return None
    return {p: v / counted for p, v in totals.items()}
