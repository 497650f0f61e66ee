"""Trick mechanics shared by every follow-suit game: effective suits, following, winners.

A :class:`TrickOrder` describes how cards behave in tricks under one trump
choice. It is a few precomputed tables, so following suit is one ``&`` and
the winner of a trick is a handful of tuple lookups. Games with special cards
(Five Hundred's bowers and joker) build their own order; plain games use
:func:`plain_order`.

>>> from atout.cards import parse_card
>>> order = plain_order(1)  # hearts trump
>>> trick = [parse_card(c) for c in ("KD", "QD", "2H", "AD")]
>>> trick_winner(trick, order)  # the 2H, played third, wins
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from atout.cards import SUIT_MASKS, Card, CardSet, Suit, format_cards

__all__ = [
    "NO_TRUMP",
    "TrickOrder",
    "legal_follow",
    "must_follow_message",
    "plain_order",
    "plain_trick_winner",
    "plain_winner_of_four",
    "trick_winner",
]

NO_TRUMP: Final = -1


@dataclass(frozen=True, slots=True)
class TrickOrder:
    """How every card behaves in tricks under one trump choice."""

    suit: tuple[int, ...]
    """``suit[c]``: the effective suit of card ``c`` (a bower's or joker's is the trump suit)."""
    strength: tuple[int, ...]
    """``strength[c]``: higher beats lower within one effective suit."""
    trump: int
    """The effective trump suit, or ``NO_TRUMP``."""
    follow: tuple[CardSet, ...]
    """``follow[s]``: every card whose effective suit is ``s``."""

    def legal(self, hand: CardSet, led: int) -> CardSet:
        """The cards of ``hand`` that may be played to a trick whose led suit is ``led``."""
        same = hand & self.follow[led]
        return same or hand


def legal_follow(hand: CardSet, led_suit: int) -> CardSet:
    """Plain follow-suit: the cards of the led suit if any, else the whole hand."""
    same = hand & SUIT_MASKS[led_suit]
    return same or hand


@cache
def plain_order(trump: int) -> TrickOrder:
    """The order of a 52-card game with ``trump`` (a suit, or ``NO_TRUMP``), aces high."""
    return TrickOrder(
        suit=tuple(c // 13 for c in range(52)) + (-1,),
        strength=tuple(c % 13 for c in range(52)) + (-1,),
        trump=trump,
        follow=SUIT_MASKS,
    )


def trick_winner(cards: Sequence[Card], order: TrickOrder, led: int | None = None) -> int:
    """The index in ``cards`` of the card that wins the trick.

    The highest trump wins; without one, the highest card of the led suit.
    ``led`` overrides the led suit (a joker led in no-trumps names one).
    """
    suit, strength, trump = order.suit, order.strength, order.trump
    led_suit = suit[cards[0]] if led is None else led
    best, best_key = 0, -1
    for i, card in enumerate(cards):
        s = suit[card]
        if s == trump:
            key = 200 + strength[card]
        elif s == led_suit:
            key = 100 + strength[card]
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def plain_trick_winner(cards: Sequence[Card], trump: int) -> int:
    """:func:`trick_winner` for plain 52-card games, written for speed.

    Within a suit a higher card index is a higher rank, so one comparison decides.

    >>> from atout.cards import parse_card
    >>> plain_trick_winner(tuple(parse_card(c) for c in ("TD", "3C", "AD", "QC")), 3)
    3
    """
    best = cards[0]
    index = 0
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card // 13
        if suit == best // 13:
            if card > best:
                best, index = card, i
        elif suit == trump:
            best, index = card, i
    return index


def plain_winner_of_four(first: Card, second: Card, third: Card, fourth: Card, trump: int) -> int:
    """:func:`plain_trick_winner` of four cards given one by one (a packed trick's, or a
    tuple's unpacked), so that compiled no tuple is walked; the tests hold the two equal.

    Each card takes the trick from the best so far when it is higher in that card's
    suit, or a trump on another suit. Written out, not a helper called three times:
    in pure Python a call costs more than the comparison it makes.

    >>> plain_winner_of_four(9, 12, 40, 14, -1), plain_winner_of_four(9, 12, 40, 14, 3)
    (1, 2)
    """
    best = first
    index = 0
    suit = second // 13
    if second > best if suit == best // 13 else suit == trump:
        best = second
        index = 1
    suit = third // 13
    if third > best if suit == best // 13 else suit == trump:
        best = third
        index = 2
    suit = fourth // 13
    if fourth > best if suit == best // 13 else suit == trump:
        index = 3
    return index


def must_follow_message(hand: CardSet, led_suit: int, order: TrickOrder | None = None) -> str:
    """The player's reason a card is refused: ``must follow hearts: you hold 8♥ Q♥``."""
    follow = (order.follow if order else SUIT_MASKS)[led_suit]
    held = format_cards(hand & follow, symbols=True)
    name = str(Suit(led_suit)) if 0 <= led_suit < 4 else "trumps"
    return f"must follow {name}: you hold {held}"
