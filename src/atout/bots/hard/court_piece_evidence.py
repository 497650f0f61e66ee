"""Evidence from the opponents' plays: how believable a sampled Court Piece world is.

Uniform worlds ignore what the opponents' choices say. A player who leads
the king of a suit rarely holds its ace; a player who ducks a trick he could
win cheaply rarely holds the cheap winner. Rule play makes this precise: in
a world, each earlier play of an opponent is replayed from the hand he held
then (his sampled hand plus the cards he has played since) and compared with
what sensible rule play would have chosen there (the greedy player's card
or the by-the-book card of :mod:`atout.bots.medium.plain`). A play that
neither would make costs the world a factor :data:`SURPRISE`; a forced play
says nothing. The weight is a likelihood, not a filter: a player who plays
otherwise only makes the inference softer.

The Hard bot draws a few uniform worlds and keeps one in proportion to its
weight (sampling-importance-resampling), so the search goes to believable
worlds. That is thousands of weights a decision, so the greedy replay runs
in the tree search's C kernel where it is built (``greedy_misses``, the same
rule as :func:`atout.bots.greedy.court_piece.choose_card`): only the plays
greedy does not explain come back to Python for the by-the-book check.

>>> view = {"seat": 0, "trump": "S", "trick": {"leader": 1, "cards": ["KH"]}, "tricks": []}
>>> evidence = PlayEvidence.from_view(view)
>>> from atout.cards import parse_card as p
>>> holds_ace = [0, 1 << p("AH") | 1 << p("2H"), 0, 0]
>>> no_ace = [0, 1 << p("QH") | 1 << p("2H"), 0, 0]
>>> evidence.weight(holds_ace), evidence.weight(no_ace)  # the greedy leader leads his top heart
(0.2, 1.0)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.bots.greedy.court_piece import choose_card as greedy_card
from atout.bots.hard.court_piece_tree import kernel
from atout.bots.medium.plain import choose_card as book_card
from atout.cards import Card, CardSet, cards_of, mask_of, parse_card
from atout.tricks import legal_follow

__all__ = ["SURPRISE", "PlayEvidence"]

SURPRISE = 0.2
"""The factor a world loses for each opponent play that no rule play explains."""


@dataclass(frozen=True, slots=True)
class _Play:
    seat: int
    leader: int
    before: tuple[Card, ...]
    card: Card
    since: CardSet
    """The cards this seat played from this play on (this one included)."""
    played: CardSet
    voids: tuple[set[int], ...]


@dataclass(frozen=True, slots=True)
class PlayEvidence:
    """The opponents' plays seen by one seat, ready to score worlds against."""

    plays: tuple[_Play, ...]
    trump: int
    packed: bytes = field(default=b"", repr=False, compare=False)
    """The plays as the kernel's ``greedy_misses`` reads them (7 int64 fields each)."""

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> PlayEvidence:
        """The opponents' plays in the tricks the view shows (none under the courts rules)."""
        side = int(view["seat"]) % 2
        shown = view.get("tricks") or []
        tricks = [(int(t["leader"]), [parse_card(c) for c in t["cards"]]) for t in shown]
        current = view["trick"]
        if current["cards"]:
            tricks.append((int(current["leader"]), [parse_card(c) for c in current["cards"]]))
        order = [
            ((leader + i) % 4, leader, tuple(cards[:i]), card)
            for leader, cards in tricks
            for i, card in enumerate(cards)
        ]
        plays: list[_Play] = []
        played = 0
        voids: list[set[int]] = [set() for _ in range(4)]
        for k, (seat, leader, before, card) in enumerate(order):
            if seat % 2 != side:
                since = mask_of(c for s, _, _, c in order[k:] if s == seat)
                seen_voids = tuple(set(v) for v in voids)
                plays.append(_Play(seat, leader, before, card, since, played, seen_voids))
            played |= 1 << card
            if before and card // 13 != before[0] // 13:
                voids[seat].add(before[0] // 13)
        fields = array("q")
        for play in plays:
            table = [*play.before, -1, -1, -1][:3]
            fields.extend([play.seat, play.since, len(play.before), *table, play.card])
        return cls(tuple(plays), "SHDC".index(view["trump"]), fields.tobytes())

    def weight(self, hands: Sequence[CardSet]) -> float:
        """The likelihood of the opponents' plays in a world (1.0: all explained)."""
        native = kernel()
        if native is None or len(self.plays) > 64:
            return self.weight_python(hands)
        misses = native.greedy_misses(array("Q", hands).tobytes(), self.packed, self.trump)
        weight = 1.0
        for k, play in enumerate(self.plays):
            if misses >> k & 1 and not self._by_the_book(play, hands):
                weight *= SURPRISE
        return weight

    def weight_python(self, hands: Sequence[CardSet]) -> float:
        """:meth:`weight` without the kernel (the reference: the same value, a test)."""
        weight = 1.0
        for play in self.plays:
            held = hands[play.seat] | play.since
            legal = legal_follow(held, play.before[0] // 13) if play.before else held
            cards = list(cards_of(legal))
            if len(cards) <= 1:
                continue
            if greedy_card(cards, play.before, self.trump) == play.card:
                continue
            if not self._by_the_book(play, hands):
                weight *= SURPRISE
        return weight

    def _by_the_book(self, play: _Play, hands: Sequence[CardSet]) -> bool:
        """Whether the by-the-book card (:mod:`atout.bots.medium.plain`) is the card played."""
        held = hands[play.seat] | play.since
        legal = legal_follow(held, play.before[0] // 13) if play.before else held
        book = book_card(
            hand=held,
            legal=list(cards_of(legal)),
            trick=play.before,
            seat=play.seat,
            leader=play.leader,
            trump=self.trump,
            played=play.played,
            voids=play.voids,
        )
        return book == play.card
