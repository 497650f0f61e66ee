"""What Hard's partner's cards say of his hand: a learnt model of Hard's own card choice.

The opponents' plays are read by their rules (:mod:`.evidence`); the partner
is Hard too, and a search follows no rule a reading could replay. Yet his
hand is worth more than the opponents': Hard with its worlds keeping its
partner's true hand won 72 of 80 matches against the aggressive panel player
(70 seeing it from the second trick on) where Hard won 60, and with every
world the true deal 74 (``bench/cp_ceiling.py --sees``, ``docs/figures.md``).

So his plays are read by a model of how Hard chooses: a softmax over the
legal cards of a linear score of each card's features (:data:`FEATURES`: its
rank, whether it wins the trick now and is the cheapest card that does,
whether it is the master of its suit, its suit's length and honours in hand,
whether the partner already wins the trick, the suits shown out of or led,
...), one weight vector per situation (leading, following suit, showing
out). The weights (:data:`WEIGHTS`) are fitted to Hard's own choices in
recorded matches by ``bench/cp_partner.py`` (maximum likelihood on the
decisions with a choice), which prints how much better than a uniform
choice the model predicts held-out decisions: 0.11 nats a lead, 0.17 a
follow, 0.32 a discard or ruff (30%, 60% and 50% of its likeliest cards
are the card played, on 240 matches).

In a sampled world each of the partner's earlier plays is replayed from the
hand he held then (his hand in the world plus the cards he has played since)
and the world weighs the product of the model's probabilities of the cards
he played, to the power :data:`~atout.bots.court_piece.hard.PARTNER_READ`
(off by default: a few nats a deal move the worlds too little to change
the figures, see there). Only his hand enters, so the weight is cached by it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from atout.bots.levels import View, typed
from atout.cards import SUIT_MASKS, CardSet, cards_of
from atout.games.court_piece_view import CourtPieceView
from atout.tricks import legal_follow, plain_trick_winner

__all__ = [
    "CONVENTION_WEIGHTS",
    "FEATURES",
    "FOLLOW",
    "LEAD",
    "VOID",
    "WEIGHTS",
    "Moment",
    "PartnerEvidence",
    "conventional",
    "features",
    "legal",
    "log_probability",
    "moment_of",
    "scores",
    "situation",
    "tricks_of",
]

LEAD, FOLLOW, VOID = 0, 1, 2
"""The situations, each with its own weights: leading, following suit, showing out."""

FEATURES = (
    "rank",
    "trump",
    "master",
    "length",
    "top of suit in hand",
    "bottom of suit in hand",
    "trump x trumps held",
    "singleton",
    "wins now",
    "wins over partner",
    "wins last",
    "cheapest winner",
    "rank x partner wins",
    "trump x partner wins",
    "unseen higher",
    "winning master",
    "partner void in suit",
    "opponent void in suit",
    "partner led suit",
    "holds master of suit",
    "honours in suit",
    "longest suit",
    "trumps out",
)
"""What :func:`features` gives for a card, in order (the weights' order)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """What everyone could see when a player chose his card: the trick so far, the trump,
    every card gone (the trick's included) and the suits shown out of or led so far."""

    trick: tuple[int, ...]
    trump: int
    gone: CardSet
    partner_voids: int
    """Suits (bit per suit) the player's partner has shown out of."""
    opponent_voids: int
    """Suits either opponent has shown out of."""
    partner_led: int
    """Suits the player's partner has led in this deal."""


def moment_of(tricks: Sequence[tuple[int, Sequence[int]]], player: int, trump: int) -> Moment:
    """The :class:`Moment` of ``player``'s choice after ``tricks`` ((leader, cards), the last
    one the trick in progress, possibly empty)."""
    voids = [0, 0, 0, 0]
    led = [0, 0, 0, 0]
    gone = 0
    for leader, cards in tricks:
        if cards:
            suit = cards[0] // 13
            led[leader] |= 1 << suit
            for place, card in enumerate(cards[1:], 1):
                if card // 13 != suit:
                    voids[(leader + place) % 4] |= 1 << suit
        gone |= sum(1 << c for c in cards)
    mate = (player + 2) % 4
    return Moment(
        tuple(tricks[-1][1]) if tricks else (),
        trump,
        gone,
        voids[mate],
        voids[(player + 1) % 4] | voids[(player + 3) % 4],
        led[mate],
    )


# fmt: off
WEIGHTS: tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]] = (
    (0.034, 0.138, 1.475, -0.070, -0.006, 0.447, 1.603, 0.174,
     0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.021, 0.000,
     0.347, -0.386, 0.086, -0.560, -0.175, 0.024, -0.566),
    (0.117, 0.000, -0.994, 0.000, -0.366, 0.948, 0.000, 0.000,
     1.257, -1.244, 0.195, 0.108, 0.141, 0.000, -0.623, 1.757,
     0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000),
    (-0.391, -0.800, -0.487, -0.585, -0.400, 0.657, 0.023, 0.604,
     1.574, -1.330, 0.493, 0.286, -0.452, -0.594, 0.240, -0.469,
     0.005, 0.265, 0.101, 0.305, 0.012, -0.214, 0.861),
)
# fmt: on
"""The model's weights for :data:`LEAD`, :data:`FOLLOW` and :data:`VOID`, in the order of
:data:`FEATURES` (fitted by ``bench/cp_partner.py``)."""


# fmt: off
CONVENTION_WEIGHTS: tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]] = (
    (-0.094, 0.186, 2.637, 0.159, -0.200, 0.713, 1.827, 0.285,
     0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.030, 0.000,
     0.572, -0.577, 0.092, -0.879, -0.540, 0.035, -0.340),
    (0.120, 0.000, -0.996, 0.000, -0.549, 1.070, 0.000, 0.000,
     1.835, -1.621, 0.368, 0.205, -0.239, 0.000, -0.419, 2.089,
     0.000, -0.009, 0.000, 0.000, 0.000, 0.000, 0.000),
    (-0.792, -1.407, -1.455, -0.329, -0.423, 0.908, 0.226, 0.966,
     2.911, -2.285, 1.022, 0.309, -0.750, -2.119, 0.720, 0.133,
     0.030, 0.507, 0.130, 0.667, -0.678, -0.375, 0.863),
)
# fmt: on
"""The model's weights fitted to Hard playing by its convention
(:data:`~atout.bots.court_piece.hard.CONVENTION` 0.05, choosing by :data:`WEIGHTS` among the
cards its search rates alike, and reading its partner by an earlier fit of this model):
``bench/cp_partner.py --name CONVENTION_WEIGHTS`` on 160 such matches (seeds 37100-37139
against aggressive and Medium, effort 6). Held out, they beat a uniform choice by 0.32 nats a
lead, 0.26 a follow and 0.69 a show-out (0.11, 0.17 and 0.32 for :data:`WEIGHTS` on Hard's
play without the convention): the convention makes the partner's cards say about twice as
much. A partner by convention is read by these."""


def situation(hand: CardSet, trick: Sequence[int]) -> int:
    """:data:`LEAD`, :data:`FOLLOW` or :data:`VOID` for a player holding ``hand``."""
    if not trick:
        return LEAD
    return FOLLOW if hand & SUIT_MASKS[trick[0] // 13] else VOID


def legal(hand: CardSet, trick: Sequence[int]) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` (follow suit if you can)."""
    return list(cards_of(legal_follow(hand, trick[0] // 13) if trick else hand))


def features(card: int, hand: CardSet, moment: Moment, cards: list[int]) -> list[float]:
    """The features of playing ``card`` from ``hand`` at ``moment`` (:data:`FEATURES`);
    ``cards`` are the legal cards (for "cheapest winner")."""
    trick, trump, gone = moment.trick, moment.trump, moment.gone
    suit, rank = divmod(card, 13)
    in_suit = hand & SUIT_MASKS[suit]
    length = in_suit.bit_count()
    above = in_suit >> (card + 1) << (card + 1)
    below = in_suit & ((1 << card) - 1)
    higher = SUIT_MASKS[suit] >> (card + 1) << (card + 1)
    unseen_higher = (higher & ~hand & ~gone).bit_count()
    is_trump = float(suit == trump)
    trumps = (hand & SUIT_MASKS[trump]).bit_count()
    wins = partner_wins = last = cheapest = 0.0
    if trick:
        place = len(trick)
        partner_wins = float(plain_trick_winner(trick, trump) == place - 2)
        last = float(place == 3)
        wins = float(plain_trick_winner((*trick, card), trump) == place)
        if wins:
            cheapest = float(
                not any(
                    c // 13 == suit and c < card and plain_trick_winner((*trick, c), trump) == place
                    for c in cards
                )
            )
    master = float(unseen_higher == 0)
    unseen = SUIT_MASKS[suit] & ~gone & ~hand
    top_unseen = unseen.bit_length() - 1
    holds_master = float(bool(in_suit) and in_suit.bit_length() - 1 > top_unseen)
    honours = (in_suit >> (suit * 13 + 9)).bit_count()
    longest = max((hand & m).bit_count() for m in SUIT_MASKS)
    trumps_out = (SUIT_MASKS[trump] & ~gone & ~hand).bit_count()
    bit = 1 << suit
    return [
        rank / 12,
        is_trump,
        master,
        length / 13,
        float(not above),
        float(not below),
        is_trump * trumps / 13,
        float(length == 1),
        wins,
        wins * partner_wins,
        wins * last,
        cheapest,
        rank / 12 * partner_wins,
        is_trump * partner_wins,
        unseen_higher / 12,
        wins * master,
        float(bool(moment.partner_voids & bit)),
        float(bool(moment.opponent_voids & bit)),
        float(bool(moment.partner_led & bit)),
        holds_master,
        honours / 4,
        float(length == longest),
        is_trump * trumps_out / 13,
    ]


def scores(
    hand: CardSet, moment: Moment, weights: Sequence[Sequence[float]] = WEIGHTS
) -> dict[int, float]:
    """The model's score (its log probability, up to a constant) of each legal card of a
    player holding ``hand`` at ``moment``."""
    cards = legal(hand, moment.trick)
    w = weights[situation(hand, moment.trick)]
    return {
        c: sum(a * b for a, b in zip(w, features(c, hand, moment, cards), strict=True))
        for c in cards
    }


def log_probability(
    card: int,
    hand: CardSet,
    moment: Moment,
    weights: Sequence[Sequence[float]] = WEIGHTS,
) -> float:
    """The model's log probability that a player holding ``hand`` plays ``card`` at ``moment``."""
    scored = scores(hand, moment, weights)
    if len(scored) < 2:
        return 0.0
    top = max(scored.values())
    total = sum(math.exp(s - top) for s in scored.values())
    return scored[card] - top - math.log(total)


def conventional(
    candidates: Sequence[int],
    hand: CardSet,
    moment: Moment,
    weights: Sequence[Sequence[float]] = WEIGHTS,
) -> int:
    """Of ``candidates`` (legal cards of ``hand`` at ``moment``), the one the model rates
    likeliest (the lowest card among equals): the card a convention drawn from the model plays."""
    scored = scores(hand, moment, weights)
    return max(sorted(candidates), key=lambda c: scored[c])


def tricks_of(view: CourtPieceView) -> list[tuple[int, list[int]]]:
    """The deal's tricks as :func:`moment_of` takes them: (leader, cards) of each finished
    trick the view shows, then the trick in progress (possibly empty)."""
    done = [(leader, list(cards)) for leader, cards, _ in view.tricks or ()]
    return [*done, (view.trick_leader, list(view.trick))]


@dataclass
class PartnerEvidence:
    """The partner's plays of the deal so far, read by the model from any hand he may hold."""

    partner: int
    plays: list[tuple[int, Moment, CardSet]]
    """Each play as (card, the moment he chose it, his cards played from it on, this one
    included)."""
    power: float = 1.0
    weights: Sequence[Sequence[float]] = WEIGHTS
    """The model's weights the plays are read by."""
    _cache: dict[CardSet, float] = field(default_factory=dict)

    @classmethod
    def from_view(
        cls, view: View, power: float = 1.0, weights: Sequence[Sequence[float]] = WEIGHTS
    ) -> PartnerEvidence | None:
        """The partner's plays the view shows (``None`` when there are none or tricks are
        face down)."""
        seen = typed(view, CourtPieceView)
        seat = seen.seat
        if seat is None or seen.trump is None or seen.tricks is None:
            return None
        partner = (seat + 2) % 4
        done = tricks_of(seen)
        found: list[tuple[int, Moment]] = []
        for number, (leader, cards) in enumerate(done):
            place = (partner - leader) % 4
            if place < len(cards):
                before = [*done[:number], (leader, cards[:place])]
                found.append((cards[place], moment_of(before, partner, int(seen.trump))))
        if not found:
            return None
        plays = []
        later = 0
        for card, moment in reversed(found):
            later |= 1 << card
            plays.append((card, moment, later))
        plays.reverse()
        return cls(partner, plays, power, weights)

    def weight(self, hands: list[CardSet]) -> float:
        """How likely the partner's plays are from his hand in this world (to :attr:`power`)."""
        hand = hands[self.partner]
        cached = self._cache.get(hand)
        if cached is None:
            total = 0.0
            for card, moment, later in self.plays:
                total += log_probability(card, hand | later, moment, self.weights)
            cached = math.exp(self.power * total)
            self._cache[hand] = cached
        return cached
