"""The panel's styles at Court Circular (two players build three-card lines on a Lead).

* **Cautious**: greedy's plan (the best line it can still make) and greedy's
  Lead, but it does not count on two more cards coming right: it resigns a trick
  as soon as the opponent's line beats every line it can make with one more card
  (greedy resigns only when no line it can still reach would win), and it puts
  down the weakest card of its plan first.
* **Aggressive**: never resigns, and puts down the strongest card of its plan
  first, committing to the line at once.
"""

from __future__ import annotations

import random

from atout.bots.court_circular import greedy
from atout.bots.levels import View, typed
from atout.bots.styles import Style
from atout.cards import Card, CardSet, card_name, cards_of
from atout.games.court_circular_lines import CARD_STRENGTH, best_line
from atout.games.court_circular_view import CourtCircularView, Phase

__all__ = ["choose", "style_move"]

CONCEDE = "concede"


def choose(view: View, rng: random.Random, style: Style) -> str:
    """The action ``style`` takes in this view."""
    seen = typed(view, CourtCircularView)
    legal = seen.legal
    if not legal:
        raise ValueError("no legal action in this view")
    if seen.phase is Phase.LEAD:
        return greedy.choose(seen, rng)
    seat = seen.seat
    lead = seen.lead
    assert seat is not None and lead is not None
    if not seen.hand:  # defensive: a play view always leaves a card in hand
        return next(a for a in legal if a != CONCEDE) if len(legal) > 1 else legal[0]
    card = style_move(
        style, seen.table[seat], seen.table[1 - seat], seen.hand, lead, may_resign=CONCEDE in legal
    )
    if card is None:
        return CONCEDE
    if card_name(card) in legal:
        return card_name(card)
    return next(a for a in legal if a != CONCEDE) if len(legal) > 1 else legal[0]


def style_move(
    style: Style, mine: CardSet, theirs: CardSet, hand: CardSet, lead: Card, *, may_resign: bool
) -> Card | None:
    """The card ``style`` puts down in a trick, or ``None`` to resign.

    Shared by :func:`choose` and Hard's reading of an opponent who plays this
    style (:mod:`.policies`), so the two never drift apart.
    """
    _, plan = greedy.reachable_strength(mine, hand, lead)  # best_reachable's plan, cached
    if style == "cautious":
        if may_resign and _beaten_within_one(mine, theirs, hand, lead):
            return None
        pick = min
    else:
        pick = max
    cards = list(cards_of(plan)) or list(cards_of(hand))
    return pick(cards, key=CARD_STRENGTH.__getitem__)


def _beaten_within_one(mine: int, theirs: int, hand: int, lead: int) -> bool:
    """Whether the opponent's line beats ours now and with any one more card of ours."""
    best = best_line(theirs, lead)
    ours = [best_line(mine, lead)] + [best_line(mine | 1 << c, lead) for c in cards_of(hand)]
    return all(best.beats(line) for line in ours)
