"""Evidence from the opponent's cards in this trick: how believable a Court Circular world is.

A uniform world ignores what the opponent's choices say, and in Court
Circular they say a lot: a player putting down his first card of a trick
has picked, from six, the card that starts his best line. So each card the
opponent has put down in the current trick is replayed from the hand a world
gives him then (his sampled hand plus his cards put down since) and compared
with the greedy move there (:func:`atout.bots.court_circular.greedy.play_or_resign`):
the line it aims for and its cheapest card first, or resigning a trick it
cannot win. A card the greedy move would not have played costs the world a
factor :data:`SURPRISE`. Against greedy play about 29% of uniform worlds
explain every card; the real hand always does.

Only the current trick is read: the hand held in earlier tricks also held
cards drawn from the stock since, so what it was is not known. As for Court
Piece (:mod:`atout.bots.court_piece.evidence`), the weight is a likelihood, not a
filter, and the Hard bot keeps one of a few uniform worlds in proportion to it.

>>> from atout.cards import mask_of, parse_card as p
>>> view = {"seat": 0, "lead": "9C", "is_last_trick": False,
...         "trick": {"leader": 0, "cards": ["KS", "7D"]}}
>>> evidence = TrickEvidence.from_view(view)
>>> cheap_last = mask_of(p(c) for c in ["8H", "QS", "KC", "AD", "AS"])
>>> cheap_first = mask_of(p(c) for c in ["2S", "8H", "QS", "KC", "AD"])
>>> evidence.weight(cheap_last), evidence.weight(cheap_first)  # 7-8-9 with the Lead; else 2S first
(1.0, 0.2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.bots.court_circular.greedy import play_or_resign
from atout.bots.court_circular.policies import RULE, cheap_move
from atout.bots.levels import typed
from atout.cards import Card, CardSet, mask_of
from atout.games.court_circular import resign_refusal
from atout.games.court_circular_view import CourtCircularView

__all__ = ["STYLED_BELOW", "SURPRISE", "StyledEvidence", "TrickEvidence"]

SURPRISE = 0.2
"""The factor a world loses for each opponent card the greedy move does not explain."""


@dataclass(frozen=True, slots=True)
class _Play:
    own: CardSet
    """The opponent's cards already down in the trick when he played this one."""
    ours: CardSet
    """Our cards already down then."""
    card: Card
    since: CardSet
    """The opponent's cards from this one on (this one included): back in his hand then."""


@dataclass(frozen=True, slots=True)
class TrickEvidence:
    """The opponent's cards in the current trick, seen by one seat."""

    lead: Card
    last_trick: bool
    carroll: bool
    plays: tuple[_Play, ...]

    @classmethod
    def from_view(cls, view: CourtCircularView | Mapping[str, Any]) -> TrickEvidence:
        """The opponent's moves in this trick, in order (none outside a trick)."""
        seen = typed(view, CourtCircularView)
        seat = seen.seat
        assert seat is not None and seen.lead is not None
        leader = seen.trick_leader
        cards = list(seen.trick)
        theirs = [c for i, c in enumerate(cards) if (leader + i) % 2 != seat]
        ours = [c for i, c in enumerate(cards) if (leader + i) % 2 == seat]
        plays = []
        for k, card in enumerate(theirs):
            # Their k-th card came after k of ours if they lead the trick, after k + 1 if we do.
            before = k if leader != seat else k + 1
            plays.append(
                _Play(mask_of(theirs[:k]), mask_of(ours[:before]), card, mask_of(theirs[k:]))
            )
        return cls(
            lead=seen.lead,
            last_trick=seen.is_last_trick,
            carroll=seen.carroll_resign,
            plays=tuple(plays),
        )

    def may_resign(self, play: _Play) -> bool:
        """Whether the opponent could have resigned instead of putting down ``play``'s card."""
        return (
            resign_refusal(
                play.own.bit_count(),
                play.ours.bit_count(),
                last_trick=self.last_trick,
                carroll=self.carroll,
            )
            is None
        )

    def weight(self, hand: CardSet) -> float:
        """The likelihood of the opponent's cards in this trick if he now holds ``hand``."""
        weight = 1.0
        for play in self.plays:
            may_resign = self.may_resign(play)
            move = play_or_resign(
                play.own, play.ours, hand | play.since, self.lead, may_resign=may_resign
            )
            if move != play.card:
                weight *= SURPRISE
        return weight


STYLED_BELOW = 0.5
"""An opponent whose posterior (:mod:`.opponents`) puts less than this on greedy and medium
has his cards weighed by the whole mixture (:class:`StyledEvidence`); above it, by greedy's
move alone (:class:`TrickEvidence`, as before the model)."""


@dataclass(frozen=True, slots=True)
class StyledEvidence:
    """The opponent's cards in this trick weighed by what he has shown he is.

    A card weighs ``sum(p[s] * [s puts it down])`` over the rule policies
    (greedy and medium count as greedy's move, as in :class:`TrickEvidence`;
    cautious and aggressive as the panel plays them) plus ``p[uniform] / n``,
    and at least :data:`SURPRISE`: a player of a style the posterior has not
    yet settled on only softens the inference.
    """

    evidence: TrickEvidence
    posterior: Mapping[str, float]

    def weight(self, hand: CardSet) -> float:
        """The likelihood of the opponent's cards in this trick if he now holds ``hand``."""
        evidence = self.evidence
        weight = 1.0
        for play in evidence.plays:
            may_resign = evidence.may_resign(play)
            held = hand | play.since
            rule = 0.0
            total = 0.0
            for policy, p in self.posterior.items():
                if policy == "uniform":
                    total += p / (held.bit_count() + may_resign)
                    continue
                if policy in RULE:
                    if not rule:
                        move = play_or_resign(
                            play.own, play.ours, held, evidence.lead, may_resign=may_resign
                        )
                        rule = 1.0 if move == play.card else -1.0
                    total += p * (rule > 0)
                else:
                    move = cheap_move(
                        policy, play.own, play.ours, held, evidence.lead, may_resign=may_resign
                    )
                    total += p * (move == play.card)
            weight *= max(SURPRISE, total)
        return weight
