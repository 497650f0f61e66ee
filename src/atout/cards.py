"""Cards, suits and ranks; card sets as int bitmasks.

A card is a small int: ``suit * 13 + rank`` with rank 0 for the two and 12 for
the ace, and ``JOKER`` (52) for Five Hundred's joker. A set of cards is an int
whose bit ``c`` is set when card ``c`` is in the set, so hands copy, compare
and hash for free and "does this hand hold a heart" is one ``&``.

>>> parse_card("10h") == parse_card("TH")
True
>>> card_name(parse_card("qs"))
'QS'
>>> format_cards(mask_of([parse_card("AS"), parse_card("2C")]))
'AS 2C'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

__all__ = [
    "ALL_CARDS",
    "CARD_BY_NAME",
    "FULL_DECK",
    "JOKER",
    "RANKS",
    "SUIT_MASKS",
    "SUIT_NAMES",
    "Card",
    "CardSet",
    "Suit",
    "card_name",
    "card_names",
    "card_symbol",
    "cards_of",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "rank_of",
    "seat_hand",
    "suit_of",
]

Card = int
"""A card index: ``suit * 13 + rank`` (rank 0 = two ... 12 = ace), or ``JOKER``."""

CardSet = int
"""A set of cards as a bitmask: bit ``c`` set when card ``c`` is in the set."""


class Suit(IntEnum):
    """The four suits, in the canonical order of card listings (♠ ♥ ♦ ♣)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The one-letter notation: ``S H D C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The display symbol: ``♠ ♥ ♦ ♣``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.name.lower()


RANKS: Final = "23456789TJQKA"
"""Rank letters from the two (rank 0) to the ace (rank 12)."""

JOKER: Final[Card] = 52
ALL_CARDS: Final[tuple[Card, ...]] = tuple(range(52))
FULL_DECK: Final[CardSet] = (1 << 52) - 1
"""The 52 ordinary cards (no joker)."""
SUIT_MASKS: Final[tuple[CardSet, ...]] = tuple(0x1FFF << (13 * s) for s in range(4))
"""``SUIT_MASKS[s]``: every card of suit ``s``."""

_NAMES: Final[tuple[str, ...]] = tuple(RANKS[c % 13] + "SHDC"[c // 13] for c in ALL_CARDS) + ("JK",)
_SYMBOLS: tuple[str, ...] = tuple(
    ("10" if RANKS[c % 13] == "T" else RANKS[c % 13]) + "♠♥♦♣"[c // 13] for c in ALL_CARDS
) + ("JK",)
_PARSE: dict[str, Card] = {name: c for c, name in enumerate(_NAMES)}
_PARSE.update({"10" + name[1]: c for c, name in enumerate(_NAMES[:52]) if name[0] == "T"})
_SUIT_PARSE = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}


def suit_of(card: Card) -> int:
    """The printed suit of a card (0..3); the joker has none (-1)."""
    return card // 13 if card < 52 else -1


def rank_of(card: Card) -> int:
    """The rank of a card: 0 for the two ... 12 for the ace."""
    return card % 13


def card_name(card: Card) -> str:
    """The canonical notation of a card, e.g. ``TH`` or ``JK``."""
    return _NAMES[card]


def card_symbol(card: Card) -> str:
    """The display form of a card, e.g. ``10♥``."""
    return _SYMBOLS[card]


def parse_card(text: str) -> Card:
    """Parse card notation (case-insensitive; ``10`` for ``T``; suit symbols accepted).

    >>> card_name(parse_card("10♥"))
    'TH'
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '1H' (write rank then suit, e.g. TH, 10h, QS, JK)
    """
    key = text.strip().upper()
    if key and key[-1] in "♠♥♦♣":
        key = key[:-1] + "SHDC"["♠♥♦♣".index(key[-1])]
    card = _PARSE.get(key)
    if card is None:
        raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. TH, 10h, QS, JK)")
    return card


def parse_suit(text: str) -> Suit:
    """Parse a suit letter or symbol (``S H D C``, ``♠ ♥ ♦ ♣``), case-insensitive."""
    suit = _SUIT_PARSE.get(text.strip().upper())
    if suit is None:
        raise ValueError(f"not a suit: {text!r} (one of S H D C)")
    return Suit(suit)


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several cards."""
    return [parse_card(t) for t in texts]


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The bitmask of some cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def seat_hand(hands: tuple[CardSet, CardSet, CardSet, CardSet], seat: int) -> CardSet:
    """``hands[seat]`` of a four-hand deal, spelled out: compiled, indexing a fixed-size
    tuple by a variable first boxes it into a new tuple of four new ints.

    >>> seat_hand((1, 2, 4, 8), 2)
    4
    """
    h0, h1, h2, h3 = hands
    if seat == 0:
        return h0
    if seat == 1:
        return h1
    if seat == 2:
        return h2
    if seat == 3:
        return h3
    raise IndexError(f"no seat {seat} (seats are 0 to 3)")


def cards_of(mask: CardSet) -> Iterator[Card]:
    """The cards of a bitmask in ascending index order (♠2 first, joker last)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def format_cards(mask: CardSet, *, symbols: bool = False) -> str:
    """Cards of a set, highest first within each suit, suits in ♠ ♥ ♦ ♣ order."""
    names = _SYMBOLS if symbols else _NAMES
    ordered = sorted(cards_of(mask), key=lambda c: (suit_of(c) if c < 52 else -1, -rank_of(c)))
    return " ".join(names[c] for c in ordered)


def _suit_name_table(suit: int) -> tuple[tuple[str, ...], ...]:
    """``table[bits]``: the names of the cards of ``suit`` whose ranks are the set bits."""
    names = _NAMES[13 * suit : 13 * suit + 13]
    table: list[tuple[str, ...]] = [()] * 8192
    for bits in range(1, 8192):
        top = bits.bit_length() - 1
        table[bits] = table[bits ^ (1 << top)] + (names[top],)
    return tuple(table)


SUIT_NAMES: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(
    _suit_name_table(s) for s in range(4)
)
"""``SUIT_NAMES[suit][bits]``: card names of one suit from its 13 rank bits, ascending.

Precomputed (about 13 ms at import) because listing legal cards is the
engine's hottest path: one tuple index instead of a loop over bits.
"""
_SPADE_NAMES: Final = SUIT_NAMES[0]
_HEART_NAMES: Final = SUIT_NAMES[1]
_DIAMOND_NAMES: Final = SUIT_NAMES[2]
_CLUB_NAMES: Final = SUIT_NAMES[3]


def card_names(mask: CardSet) -> tuple[str, ...]:
    """The notation of every card of a set, in canonical order (♠ 2..A, ♥, ♦, ♣, then JK).

    This is the order of every card-play ``legal_actions()``. The set is split
    into two 26-bit halves first: in pure Python an int under 2**30 is one
    machine word, and shifting or masking it is cheaper than the 53-bit whole.

    >>> card_names(mask_of([parse_card("AS"), parse_card("2H"), parse_card("3S")]))
    ('3S', 'AS', '2H')
    """
    low = mask & 0x3FFFFFF
    high = mask >> 26
    names = (
        _SPADE_NAMES[low & 0x1FFF]
        + _HEART_NAMES[low >> 13]
        + _DIAMOND_NAMES[high & 0x1FFF]
        + _CLUB_NAMES[high >> 13 & 0x1FFF]
    )
    return names + ("JK",) if high >> 26 else names


CARD_BY_NAME: Final[dict[str, Card]] = dict(_PARSE)
"""Canonical and ``10`` spellings to card indexes: the fast path of action parsing."""
