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
``NOISE / n`` (``n``: the legal cards), the uniform player ``1 / n``. A play
forced in any of those worlds says nothing. The posterior carries over from
deal to deal of a match, which is where it pays: over a match each opponent
shows a hundred cards.

The bookkeeping (prior, log posterior, noise, floor, plays read once) is the
generic :class:`atout.bots.reading.Tally`; this module says which plays a view
shows, draws the worlds (from Hard's random stream) and names each style's card.

``rule_mass`` (greedy and book) near 1 means the evidence is read by the rule
players (greedy's and the book's plays weighed by their shares of the posterior
with :data:`atout.bots.court_piece.hard.READ_EVIDENCE`, off by default); an opponent who reads as a
panel player gets his worlds weighed by the panel styles in proportion to their
posterior (:class:`atout.bots.court_piece.evidence.StyledEvidence`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from atout.bots.court_piece.evidence import PlayEvidence
from atout.bots.court_piece.policies import POLICIES, play_options, policy_card
from atout.bots.levels import View, sheet_of, typed
from atout.bots.reading import (
    NOISE,
    PRIOR,
    Policy,
    Tally,
    mean_likelihood,
    world_likelihood,
)
from atout.bots.sampling import court_piece_sampler
from atout.cards import CardSet
from atout.games.court_piece_view import CourtPieceView, Phase

__all__ = ["MIN_PLAYS", "NOISE", "PRIOR", "OpponentModel"]

Hands = list[list[CardSet]]

WORLDS_PER_UPDATE = 12
"""Uniform worlds a new play is judged in (its likelihood under each style is their mean)."""

MIN_PLAYS = 8
"""Plays that said something (not forced) an opponent must have shown before he may read as
other than a rule player: judged in uniform worlds, a rule player's first few cards often fit
a careless or cautious player better (a greedy lead from the longest suit rarely matches a
uniform hand), and reading him so drops the greedy replies that serve against him."""


@dataclass
class OpponentModel(Tally[Any, Hands]):
    """A posterior over :data:`POLICIES` for each seat, updated from the views a seat sees
    (:attr:`log_posterior`, :attr:`plays` and :attr:`seen` by seat, as in :class:`Tally`)."""

    def rule_mass(self, seat: int) -> float:
        """How much of ``seat``'s posterior is on the rule players today's evidence reads
        (1 until he has shown :data:`MIN_PLAYS` plays that said something)."""
        if self.plays.get(seat, 0) < MIN_PLAYS:
            return 1.0
        return super().rule_mass(seat)

    def observe(self, view: View, rng: random.Random) -> None:
        """Read every opponent play in the view not read before (worlds drawn with ``rng``)."""
        seen = typed(view, CourtPieceView)
        if seen.phase is not Phase.PLAY or seen.trump is None:
            return
        evidence = PlayEvidence.from_view(seen)
        deal = int(sheet_of(view).get("deal_number", 0))
        keys = _play_keys(seen)
        plays = [
            (key, play.seat, play)
            for key, play in zip(keys, evidence.plays, strict=True)
            if key is not None
        ]

        def worlds() -> Hands:
            sampler = court_piece_sampler(seen)
            return [list(sampler(rng).hands) for _ in range(WORLDS_PER_UPDATE)]

        trump = evidence.trump
        self.read(deal, plays, worlds, lambda play, hands: _likelihood(play, trump, hands))


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
    """Each policy's chance of this play, the mean over ``worlds`` (None: a play forced in
    some world, which says nothing; a world where the card is not legal does not count)."""
    options = [play_options(play, hands) for hands in worlds]
    if any(play.card in legal and len(legal) <= 1 for _, legal in options):
        return None
    return mean_likelihood(
        world_likelihood(
            len(legal),
            {p: policy_card(p, play, trump, held, legal) == play.card for p in POLICIES[:-1]},
        )
        if play.card in legal
        else None
        for held, legal in options
    )
