"""The greedy Court Circular player: aim for the best line, resign hopeless tricks, keep a Lead.

It reads only the view (its hand, the Lead, both players' cards on the table)
and judges lines with the engine's own :func:`best_line`, so it never
disagrees with the rules about who is winning.

* Putting down a card: of all the ways to complete its 3 cards from the hand,
  the one with the best line (ties: the weakest cards, to keep strong ones);
  it puts down the weakest card of that plan first, so that little is lost
  if the trick is resigned by either player.
* Resigning: when allowed and the opponent's line already beats every line it
  can still make: the cards still in hand then stay out of the opponent's pile.
* Choosing the next Lead: the table card with which its own hand makes the
  best line; ties go to the card worth least, since the Lead is not scored.

The rng is accepted for the common bot signature; the choices are
deterministic, since every tie is broken by the total card order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from atout.bots.levels import View, typed
from atout.cards import CARD_BY_NAME, Card, CardSet, card_name, cards_of, mask_of
from atout.games.court_circular_lines import (
    CARD_STRENGTH,
    Line,
    best_line,
    card_points,
    line_strength,
)
from atout.games.court_circular_view import CourtCircularView, Phase

__all__ = ["best_reachable", "choose", "play_or_resign", "reachable_strength"]

CONCEDE = "concede"
PER_TRICK = 3


def choose(view: View, rng: random.Random) -> str:
    """The greedy action for this view."""
    seen = typed(view, CourtCircularView)
    legal = seen.legal
    if not legal:
        raise ValueError("no legal action in this view")
    hand = seen.hand
    if seen.phase is Phase.LEAD:
        return _choose_lead(legal, hand)
    seat = seen.seat
    lead = seen.lead
    assert seat is not None and lead is not None
    mine, theirs = seen.table[seat], seen.table[1 - seat]
    card = play_or_resign(mine, theirs, hand, lead, may_resign=CONCEDE in legal)
    return CONCEDE if card is None else card_name(card)


def play_or_resign(
    mine: CardSet, theirs: CardSet, hand: CardSet, lead: Card, *, may_resign: bool
) -> Card | None:
    """The greedy move in a trick: the card to put down, or ``None`` to resign.

    Shared by :func:`choose`, the Hard bot's rollouts and its reading of the
    opponent's moves, so the three never drift apart.
    """
    strength, plan = reachable_strength(mine, hand, lead)
    if may_resign and line_strength(theirs, lead) > strength:
        return None
    return min(cards_of(plan), key=CARD_STRENGTH.__getitem__)


def best_reachable(mine: CardSet, hand: CardSet, lead: Card) -> tuple[Line, CardSet]:
    """The best line ``mine`` can still become with cards of ``hand``, and those cards.

    >>> from atout.cards import format_cards, parse_card, parse_cards
    >>> line, plan = best_reachable(
    ...     mask_of(parse_cards(["9D"])), mask_of(parse_cards(["9S", "2H", "KC", "3D"])),
    ...     parse_card("9C"))
    >>> line.kind.name, format_cards(plan)
    ('LEAD_TRIO', '9S 3D')
    """
    _, plan = reachable_strength(mine, hand, lead)
    return best_line(mine | plan, lead), plan


@lru_cache(maxsize=1 << 16)  # rollouts of the Hard bot ask the same question many times
def reachable_strength(mine: CardSet, hand: CardSet, lead: Card) -> tuple[int, CardSet]:
    """:func:`best_reachable` as the line's :func:`line_strength` integer, and the cards.

    Why integers: Hard's rollouts ask this in every trick of every world, and
    building a :class:`Line` for each way of completing the cards (most of
    them cache misses of :func:`best_line`) took three quarters of a Court
    Circular replay's CPU. :func:`line_strength` orders lines exactly as
    :func:`best_line`'s key does (``tests/games/test_court_circular_lines.py``
    checks every card set), and ties are broken as before, so every choice
    is the same.
    """
    room = min(PER_TRICK - mine.bit_count(), hand.bit_count())
    best: tuple[int, int] | None = None
    found: tuple[int, CardSet] = (line_strength(mine, lead), 0)
    for combo in combinations(cards_of(hand), room):
        strength = line_strength(mine | mask_of(combo), lead)
        # Best line first; then the weakest cards, keeping strong ones for later tricks.
        score = (strength, -sum(CARD_STRENGTH[c] for c in combo))
        if best is None or score > best:
            best, found = score, (strength, mask_of(combo))
    return found


def _choose_lead(legal: Sequence[str], hand: CardSet) -> str:
    """The candidate Lead that makes the best line with our hand; then the cheapest one."""

    def value(action: str) -> tuple[int, int, int]:
        card = CARD_BY_NAME[action.split()[1]]
        strength, _ = reachable_strength(0, hand, card)
        return (strength, -card_points(card, face_up=True), -CARD_STRENGTH[card])

    return max(legal, key=value)
