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
from atout.cards import card_name, cards_of
from atout.games.court_circular_lines import CARD_STRENGTH, best_line
from atout.games.court_circular_view import CourtCircularView, Phase

__all__ = ["choose"]

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
    hand = seen.hand
    mine, theirs = seen.table[seat], seen.table[1 - seat]
    _, plan = greedy.best_reachable(mine, hand, lead)
    if style == "cautious":
        if CONCEDE in legal and _beaten_within_one(mine, theirs, hand, lead):
            return CONCEDE
        pick = min
    else:
        pick = max
    cards = list(cards_of(plan)) or list(cards_of(hand))
    playable = [c for c in cards if card_name(c) in legal]
    if not playable:
        return next(a for a in legal if a != CONCEDE) if len(legal) > 1 else legal[0]
    return card_name(pick(playable, key=CARD_STRENGTH.__getitem__))


def _beaten_within_one(mine: int, theirs: int, hand: int, lead: int) -> bool:
    """Whether the opponent's line beats ours now and with any one more card of ours."""
    best = best_line(theirs, lead)
    ours = [best_line(mine, lead)] + [best_line(mine | 1 << c, lead) for c in cards_of(hand)]
    return all(best.beats(line) for line in ours)
