"""Court Circular's lines: the card order, the eleven kinds of line, a player's best line.

Court Circular is not a follow-suit game: a trick is won by the better
*line* (``rules/court-circular.md`` 1.4-1.6), a small pattern formed by the
2 or 3 cards a player put down, with or without the turned-up Lead. The
rules and the trick flow live in :mod:`atout.games.court_circular`; this module
is the pure evaluation both the engine and the bots use, so neither can
judge a line differently from the other.

Every line has a :attr:`Line.key` and keys compare the way the rules do:
class and kind first (one single ranking of eleven kinds), then the number
of cards (which only matters inside one kind), then the best **own** card of
the line (the Lead never counts). A player with no line gets a key below
every line, ending with his best card, so one comparison settles every trick.

>>> from atout.cards import mask_of, parse_card, parse_cards
>>> line = best_line(mask_of(parse_cards(["6H", "7H", "2C"])), parse_card("5H"))
>>> line.kind.name, line.names()
('LEAD_SEQUENCE', ('5H', '6H', '7H'))
>>> describe_line(line)
'Sequence of 3 with the Lead'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from itertools import combinations, pairwise
from typing import Any, Final

from atout.cards import Card, CardSet, card_name, cards_of

__all__ = [
    "CARD_STRENGTH",
    "COURT_RANKS",
    "Line",
    "LineKind",
    "best_card",
    "best_line",
    "card_points",
    "card_strength",
    "describe_line",
    "line_class",
    "line_kind",
    "line_strength",
    "line_to_json",
    "side_strength",
]

_HEARTS: Final = 1
COURT_RANKS = frozenset((9, 10, 11))
"""Jack, queen and king (ranks 9, 10, 11). The ace is not a court card."""

_SUIT_TIE = (0, 0, 2, 1)  # spades, (hearts apart), diamonds, clubs: ♦ > ♣ > ♠.


def _strength(card: Card) -> int:
    suit, rank = divmod(card, 13)
    if suit == _HEARTS:
        return 39 + rank
    return 3 * rank + _SUIT_TIE[suit]


CARD_STRENGTH: Final[tuple[int, ...]] = tuple(_strength(c) for c in range(52))
"""``CARD_STRENGTH[c]``: the total card order of 1.4, 0 (2♠) to 51 (A♥); all distinct."""


def card_strength(card: Card) -> int:
    """A card's place in the total order: hearts A..2 above all, then by rank with ♦ > ♣ > ♠.

    >>> from atout.cards import parse_card
    >>> [card_strength(parse_card(c)) for c in ("2H", "AD", "AC", "AS", "KD")]
    [39, 38, 37, 36, 35]
    """
    return CARD_STRENGTH[card]


def best_card(cards: CardSet) -> Card:
    """The highest card of a non-empty set in the total order (what decides a trick without lines).

    >>> from atout.cards import card_name, mask_of, parse_cards
    >>> card_name(best_card(mask_of(parse_cards(["AS", "4H", "AD"]))))
    '4H'
    """
    if not cards:
        raise ValueError("no cards: a best card needs at least one")
    return max(cards_of(cards), key=CARD_STRENGTH.__getitem__)


def card_points(card: Card, *, face_up: bool) -> int:
    """What a won card scores (1.9): 2 face up or 1 face down, +1 a heart, +1 a court card.

    >>> from atout.cards import parse_card
    >>> card_points(parse_card("QH"), face_up=True), card_points(parse_card("9S"), face_up=False)
    (4, 1)
    """
    suit, rank = divmod(card, 13)
    return (2 if face_up else 1) + (suit == _HEARTS) + (rank in COURT_RANKS)


class LineKind(IntEnum):
    """The kinds of line in the single ranking of 1.5; a higher value beats a lower one.

    ``LEAD_*`` kinds are Class I (the Lead and 2 or 3 own cards); ``TRIO`` to
    ``COURT`` are Class II (3 own cards); ``PAIR`` to ``ETIQUETTE`` are Class III
    (2 own cards). ``NONE`` is no line at all: the best card decides.
    """

    NONE = 0
    ETIQUETTE = 1
    VALENTINE = 2
    PAIR = 3
    COURT = 4
    SYMPATHY = 5
    SEQUENCE = 6
    TRIO = 7
    LEAD_COURT = 8
    LEAD_SYMPATHY = 9
    LEAD_SEQUENCE = 10
    LEAD_TRIO = 11

    @property
    def line_class(self) -> int | None:
        """1, 2 or 3 (Carroll's Class I, II, III), or ``None`` for no line."""
        if self >= LineKind.LEAD_COURT:
            return 1
        if self >= LineKind.COURT:
            return 2
        return 3 if self else None

    @property
    def word(self) -> str:
        """The kind's name in the rules, lower case: ``sequence``, ``valentine``, ``none``."""
        return self.name.removeprefix("LEAD_").lower()


@dataclass(frozen=True, slots=True)
class Line:
    """A player's line: its kind, its cards (the Lead included for Class I), its ranking key."""

    kind: LineKind
    cards: tuple[Card, ...]
    """The cards of the line: a sequence in run order, otherwise best card first."""
    key: tuple[int, int, int]
    """``(kind, number of cards, strength of the best own card)``: compare two lines by it."""

    @property
    def is_line(self) -> bool:
        """Whether this is a real line (not just the best card of a player without one)."""
        return self.kind is not LineKind.NONE

    def names(self) -> tuple[str, ...]:
        """The cards in notation."""
        return tuple(card_name(c) for c in self.cards)

    def beats(self, other: Line) -> bool:
        """Whether this line wins a trick against ``other`` (the keys of two players never tie)."""
        return self.key > other.key


_NO_CARDS = Line(LineKind.NONE, (), (0, 0, -1))


def best_line(own: CardSet, lead: Card) -> Line:
    """The best line a player makes with ``own`` (the 0-3 cards he put down) and the Lead.

    Without any line the result is ``LineKind.NONE`` holding his best card, whose
    key still compares correctly against the other player's (a line beats no line).

    >>> from atout.cards import mask_of, parse_card, parse_cards
    >>> def best(cards, lead):
    ...     line = best_line(mask_of(parse_cards(cards)), parse_card(lead))
    ...     return line.kind.name, line.names()
    >>> best(["7C", "9S", "2H"], "8D")  # the Lead may not sit in the middle of a run
    ('NONE', ('2H',))
    >>> best(["2D", "3S", "9H"], "AC")  # ace low, Lead at the bottom
    ('LEAD_SEQUENCE', ('AC', '2D', '3S'))
    """
    if own >> lead & 1:
        raise ValueError(f"the Lead {card_name(lead)} cannot be one of a player's own cards")
    if own.bit_count() > 3:
        raise ValueError("a line is made of at most 3 own cards")
    return _best_line(own, lead)


@lru_cache(maxsize=1 << 16)
def _best_line(own: CardSet, lead: Card) -> Line:
    cards = list(cards_of(own))
    if not cards:
        return _NO_CARDS
    top = best_card(own)
    best = Line(LineKind.NONE, (top,), (0, 1, CARD_STRENGTH[top]))
    for size in (2, 3):
        for subset in combinations(cards, size):
            for line in _lines_of(subset, lead):
                if line.key > best.key:
                    best = line
    return best


def line_strength(own: CardSet, lead: Card) -> int:
    """:func:`best_line`'s key as one integer that compares the same way, for searches.

    ``(kind * 8 + number of cards) * 64 + strength of the best own card + 1``
    (so the kind is the value ``>> 9``)
    (0 for no cards), worked out kind by kind from the best down, without
    building :class:`Line` objects or trying every subset: the engine judges
    every trick with it and a solver compares millions of lines.

    >>> from atout.cards import mask_of, parse_card, parse_cards
    >>> a = line_strength(mask_of(parse_cards(["6H", "7H", "2C"])), parse_card("5H"))
    >>> b = line_strength(mask_of(parse_cards(["KS", "KD", "KC"])), parse_card("5H"))
    >>> a > b  # Class I beats Class II
    True
    """
    cards = _CARDS_BY_SUIT[0][own & 0x1FFF] + _CARDS_BY_SUIT[1][own >> 13 & 0x1FFF]
    cards += _CARDS_BY_SUIT[2][own >> 26 & 0x1FFF] + _CARDS_BY_SUIT[3][own >> 39 & 0x1FFF]
    if not cards:
        return 0
    strength = CARD_STRENGTH
    lead_rank = lead % 13
    by_rank = [-1] * 13  # the best own strength of each rank
    ranks = distinct = 0
    pair_rank = -1
    same = hearts = courts = 0
    best = best_same = best_heart = best_court = -1
    for card in cards:
        value = strength[card]
        rank = card % 13
        if ranks >> rank & 1:
            pair_rank = rank
        else:
            ranks |= 1 << rank
            distinct += 1
        if value > by_rank[rank]:
            by_rank[rank] = value
        if value > best:
            best = value
        if rank == lead_rank:
            same += 1
            if value > best_same:
                best_same = value
        if card // 13 == _HEARTS:
            hearts += 1
            if value > best_heart:
                best_heart = value
        if 9 <= rank <= 11:
            courts += 1
            if value > best_court:
                best_court = value
    size = len(cards)
    # Class I: the Lead and 2 or 3 own cards; the more cards the better within a kind.
    if same >= 2:
        return _strength_key(11, same + 1, best_same)
    # A sequence with the Lead needs an own card next to it: most lines have none.
    run = _lead_run(by_rank, lead_rank) if ranks & _NEXT_TO[lead_rank] else 0
    if run:
        return run
    if hearts >= 2 and lead // 13 == _HEARTS:
        return _strength_key(9, hearts + 1, best_heart)
    if courts >= 2 and 9 <= lead_rank <= 11:
        return _strength_key(8, courts + 1, best_court)
    # Class II: all three own cards.
    if size == 3:
        if distinct == 1:
            return _strength_key(7, 3, best)
        if distinct == 3 and _is_run(ranks):
            return _strength_key(6, 3, best)
        if hearts == 3:
            return _strength_key(5, 3, best)
        if courts == 3:
            return _strength_key(4, 3, best)
    # Class III: two own cards (of three, at most one pair once trios are out).
    if pair_rank >= 0:
        return _strength_key(3, 2, by_rank[pair_rank])
    if hearts >= 2:
        return _strength_key(2, 2, best_heart)
    if courts >= 2:
        return _strength_key(1, 2, best_court)
    return _strength_key(0, 1, best)


def side_strength(a: Card, b: Card, c: Card, lead: Card) -> int:
    """:func:`line_strength` of three own cards ``a``, ``b``, ``c``: one side of a full trick.

    The engine judges every trick played out with it, from two tables and no
    loop: the best line made by ranks alone (trios, sequences, courts, pairs,
    with the Lead or without; ``_RANK_LINES``) and the best made by hearts
    (``_HEART_LINES``), each as its key less the best own card and the own
    cards in it; the better of the two, plus the best of those cards, is the key.
    Any line is one or the other (the kinds of 1.5 are of ranks or of hearts),
    and a side's best line of one kind and size is unique but for which card of
    a held rank it uses, so the best card of the cards it may use is its best own
    card.

    >>> from atout.cards import mask_of, parse_card, parse_cards
    >>> cards, lead = parse_cards(["KS", "KD", "QC"]), parse_card("5H")
    >>> side_strength(*cards, lead) == line_strength(mask_of(cards), lead)
    True
    """
    lead_rank = _RANK[lead]
    lines = _RANK_LINES[lead_rank]
    if lines is None:
        lines = _rank_lines(lead_rank)
    base, used = lines[_RANK_169[a] + _RANK_13[b] + _RANK[c]]
    hearts = _HEART[a] | _HEART[b] << 1 | _HEART[c] << 2
    by_hearts = _HEART_LINES[_HEART[lead]][hearts]
    if by_hearts > base:
        base = by_hearts
        used = hearts
    strength = CARD_STRENGTH
    if used == 7:
        top = strength[a]
        value = strength[b]
        if value > top:
            top = value
        value = strength[c]
        return base + (value if value > top else top)
    top = strength[a] if used & 1 else -1
    if used & 2:
        value = strength[b]
        if value > top:
            top = value
    if used & 4:
        value = strength[c]
        if value > top:
            top = value
    return base + top


def line_kind(own: CardSet, lead: Card) -> LineKind:
    """The kind of :func:`best_line` (read off :func:`line_strength`, no line built).

    >>> from atout.cards import mask_of, parse_card, parse_cards
    >>> line_kind(mask_of(parse_cards(["5D", "5S", "9C"])), parse_card("2C")).name
    'PAIR'
    """
    return LineKind(line_strength(own, lead) >> 9)


def _strength_key(kind: int, count: int, top: int) -> int:
    """A line's ``(kind, number of cards, best own card)`` as one integer in the same order."""
    return (kind * 8 + count) * 64 + top + 1


def _is_run(ranks: int) -> bool:
    """Whether a set of ranks (a bit per rank) is consecutive, the ace high or low."""
    low = ((ranks & 0xFFF) << 1) | ranks >> 12  # the ace below the two
    for bits in (ranks, low):
        spread = bits // (bits & -bits)
        if not spread & (spread + 1):
            return True
    return False


def _lead_run(by_rank: list[int], lead_rank: int) -> int:
    """The best Class I sequence as a :func:`_strength_key`, or 0 when there is none.

    The Lead sits at one end: walk up or down from it through consecutive
    positions held by own cards (``by_rank[r]``: the best own strength of rank
    ``r``, -1 if none). Position -1 is the ace below the two, 12 the ace above
    the king; a Lead ace starts from either end.
    """
    best = 0
    starts = ((12, -1), (-1, 1)) if lead_rank == 12 else ((lead_rank, 1), (lead_rank, -1))
    for start, step in starts:
        position = start
        top = -1
        for count in (1, 2, 3):
            position += step
            if not -1 <= position <= 12:
                break
            value = by_rank[position % 13]
            if value < 0:
                break
            if value > top:
                top = value
            if count >= 2:
                key = _strength_key(10, count + 1, top)
                if key > best:
                    best = key
    return best


_NEXT_TO: Final[tuple[int, ...]] = tuple(
    1 << (rank - 1) % 13 | 1 << (rank + 1) % 13 for rank in range(13)
)
"""``_NEXT_TO[rank]``: the ranks (a bit each) next to ``rank`` in a sequence, the ace both
above the king and below the two: where :func:`_lead_run` takes its first step."""


_HEART: Final[tuple[int, ...]] = tuple(int(c // 13 == _HEARTS) for c in range(52))
_KEY_TRIO: Final = _strength_key(7, 3, 0)
_KEY_SEQUENCE: Final = _strength_key(6, 3, 0)
_KEY_SYMPATHY: Final = _strength_key(5, 3, 0)
_KEY_COURT: Final = _strength_key(4, 3, 0)
_KEY_PAIR: Final = _strength_key(3, 2, 0)
_KEY_VALENTINE: Final = _strength_key(2, 2, 0)
_KEY_ETIQUETTE: Final = _strength_key(1, 2, 0)
_KEY_NONE: Final = _strength_key(0, 1, 0)
"""Keys of the Class II and III lines of three cards, less their best card's strength."""


def _rank_line(lead_rank: int, ranks: tuple[int, ...]) -> tuple[int, int]:
    """The best line of three own cards of ``ranks`` by ranks alone (every kind but the
    hearts') with a Lead of ``lead_rank``: ``(its key less its best own card, the own cards
    it may use, a bit per position)``, kind by kind from the best as :func:`line_strength`."""
    held = [0] * 13  # the positions holding each rank
    for position, rank in enumerate(ranks):
        held[rank] |= 1 << position
    courts = held[9] | held[10] | held[11]
    same = held[lead_rank]
    if same.bit_count() >= 2:
        return _strength_key(11, same.bit_count() + 1, 0), same
    # A sequence with the Lead at one end, walked from it as _lead_run does: with three
    # own cards only one direction can go two steps.
    starts = ((12, -1), (-1, 1)) if lead_rank == 12 else ((lead_rank, 1), (lead_rank, -1))
    for start, step in starts:
        used = 0
        for count in (1, 2, 3):
            rank = start + count * step
            if not -1 <= rank <= 12 or not held[rank % 13]:
                break
            used |= held[rank % 13]
        else:
            count = 4
        if count >= 3:  # the Lead and count - 1 own ranks
            return _strength_key(10, count, 0), used
    if courts.bit_count() >= 2 and lead_rank in COURT_RANKS:
        return _strength_key(8, courts.bit_count() + 1, 0), courts
    bits = sum(1 << rank for rank in set(ranks))
    if bits.bit_count() == 1:
        return _KEY_TRIO, 7
    if bits.bit_count() == 3 and _is_run(bits):
        return _KEY_SEQUENCE, 7
    if courts == 7:
        return _KEY_COURT, 7
    for pair in held:
        if pair.bit_count() == 2:
            return _KEY_PAIR, pair
    if courts.bit_count() == 2:
        return _KEY_ETIQUETTE, courts
    return _KEY_NONE, 7


def _rank_lines(lead_rank: int) -> tuple[tuple[int, int], ...]:
    """:func:`_rank_line` for every three ranks ``a``, ``b``, ``c`` at ``169 * a + 13 * b + c``,
    made the first time a Lead of ``lead_rank`` is judged (2,197 lines, shared)."""
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    lines = []
    for a in range(13):
        for b in range(13):
            for c in range(13):
                line = _rank_line(lead_rank, (a, b, c))
                lines.append(seen.setdefault(line, line))
    table = tuple(lines)
    _RANK_LINES[lead_rank] = table
    return table


_RANK_LINES: Final[list[tuple[tuple[int, int], ...] | None]] = [None] * 13
"""``_RANK_LINES[lead rank][169 * a + 13 * b + c]``: :func:`_rank_line` of own ranks ``a``,
``b``, ``c``, :func:`side_strength`'s table of the lines of ranks (each made when first
needed: all thirteen would take a good part of a second to import)."""
_RANK: Final[tuple[int, ...]] = tuple(card % 13 for card in range(52))
_RANK_13: Final[tuple[int, ...]] = tuple(13 * (card % 13) for card in range(52))
_RANK_169: Final[tuple[int, ...]] = tuple(169 * (card % 13) for card in range(52))
_HEART_LINES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        0
        if hearts.bit_count() < 2
        else _strength_key(9, hearts.bit_count() + 1, 0)
        if lead_heart
        else _KEY_SYMPATHY
        if hearts == 7
        else _KEY_VALENTINE
        for hearts in range(8)
    )
    for lead_heart in (0, 1)
)
"""``_HEART_LINES[lead is a heart][own hearts, a bit per position]``: the key of the best
line of hearts less its best own card (the own hearts), 0 for none."""

_CARDS_BY_SUIT: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(13 * suit + r for r in range(13) if bits >> r & 1) for bits in range(8192))
    for suit in range(4)
)
"""``_CARDS_BY_SUIT[suit][bits]``: the cards of ``suit`` whose ranks are the set bits."""


_CLASS_OF_KIND: Final = (0, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1)
""":attr:`LineKind.line_class` by a kind's value (0 for no line), without the enum."""


def line_class(own: tuple[Card, ...], lead: Card) -> int:
    """The class (1, 2 or 3; 0 for no line) of the best line of one player's cards put down
    in a trick (``own``, 0 to 3 of them) with the Lead ``lead``: what the table shows.

    The same as ``best_line(mask_of(own), lead).kind.line_class or 0``, from tables, for
    observers that ask it at every look: three cards read :func:`side_strength`'s tables
    (the key less its best card is the kind); two read :data:`_PAIR_CLASSES`; fewer make
    no line.

    >>> from atout.cards import parse_card, parse_cards
    >>> line_class(parse_cards(["6H", "7H", "2C"]), parse_card("5H"))
    1
    >>> line_class(parse_cards(["KS", "KD"]), parse_card("5H"))
    3
    """
    size = len(own)
    if size == 3:
        a, b, c = own
        lead_rank = _RANK[lead]
        lines = _RANK_LINES[lead_rank]
        if lines is None:
            lines = _rank_lines(lead_rank)
        base = lines[_RANK_169[a] + _RANK_13[b] + _RANK[c]][0]
        by_hearts = _HEART_LINES[_HEART[lead]][_HEART[a] | _HEART[b] << 1 | _HEART[c] << 2]
        return _CLASS_OF_KIND[(by_hearts if by_hearts > base else base) >> 9]
    if size == 2:
        key = _PAIR_LEAD[lead]
        classes = _PAIR_CLASSES[key]
        if classes is None:
            classes = _pair_classes(key)
        return classes[_PAIR_FIRST[own[0]] + _PAIR_SECOND[own[1]]]
    return 0


def _pair_classes(key: int) -> tuple[int, ...]:
    """:data:`_PAIR_CLASSES` of a Lead of rank ``key >> 1`` (a heart if ``key & 1``), made
    the first time it is needed, from :func:`line_strength`.

    Kinds of 1.5 are of ranks, courts (ranks too) and hearts, never of another
    suit: two cards of given ranks, each a heart or not, make the same kind
    whichever suit stands for "not a heart", so one pair of cards per entry
    answers for all (spades and diamonds for own cards, clubs for the Lead, so
    that no two of them are the same card). Pairs no deal can hold (two equal
    hearts, or a heart equal to a heart Lead) get whatever comes out: never read.
    """
    lead_rank, lead_heart = key >> 1, key & 1
    lead = 13 * (_HEARTS if lead_heart else 3) + lead_rank
    classes = []
    for first in range(13):
        for second in range(13):
            for hearts in range(4):
                a = 13 * (_HEARTS if hearts & 2 else 0) + first
                b = 13 * (_HEARTS if hearts & 1 else 2) + second
                own = 1 << a | 1 << b
                classes.append(_CLASS_OF_KIND[line_strength(own, lead) >> 9])
    table = tuple(classes)
    _PAIR_CLASSES[key] = table
    return table


_PAIR_CLASSES: Final[list[tuple[int, ...] | None]] = [None] * 26
"""``_PAIR_CLASSES[2 * lead rank + lead is a heart][4 * (13 * a + b) + 2 * ha + hb]``: the
class of the best line of two own cards of ranks ``a``, ``b`` (``ha``, ``hb``: each a heart)
with the Lead (made per Lead when first needed, by :func:`_pair_classes`)."""
_PAIR_LEAD: Final[tuple[int, ...]] = tuple(2 * (c % 13) + _HEART[c] for c in range(52))
_PAIR_FIRST: Final[tuple[int, ...]] = tuple(52 * (c % 13) + 2 * _HEART[c] for c in range(52))
_PAIR_SECOND: Final[tuple[int, ...]] = tuple(4 * (c % 13) + _HEART[c] for c in range(52))


def _lines_of(own: tuple[Card, ...], lead: Card) -> list[Line]:
    """The best Class I line of ``own`` with the Lead, and its Class II or III line without it."""
    top = max(CARD_STRENGTH[c] for c in own)
    found: list[Line] = []
    with_lead = (*own, lead)
    kind = _class_one(with_lead, lead)
    if kind is not None:
        found.append(Line(kind, _ordered(with_lead, kind), (kind, len(with_lead), top)))
    kind = _class_two(own) if len(own) == 3 else _class_three(own)
    if kind is not None:
        found.append(Line(kind, _ordered(own, kind), (kind, len(own), top)))
    return found


def _class_one(cards: tuple[Card, ...], lead: Card) -> LineKind | None:
    if _same_rank(cards):
        return LineKind.LEAD_TRIO
    if _run(cards, lead) is not None:
        return LineKind.LEAD_SEQUENCE
    if _all_hearts(cards):
        return LineKind.LEAD_SYMPATHY
    if _all_courts(cards):
        return LineKind.LEAD_COURT
    return None


def _class_two(cards: tuple[Card, ...]) -> LineKind | None:
    if _same_rank(cards):
        return LineKind.TRIO
    if _run(cards, None) is not None:
        return LineKind.SEQUENCE
    if _all_hearts(cards):
        return LineKind.SYMPATHY
    if _all_courts(cards):
        return LineKind.COURT
    return None


def _class_three(cards: tuple[Card, ...]) -> LineKind | None:
    if _same_rank(cards):
        return LineKind.PAIR
    if _all_hearts(cards):
        return LineKind.VALENTINE
    if _all_courts(cards):
        return LineKind.ETIQUETTE
    return None


def _same_rank(cards: tuple[Card, ...]) -> bool:
    return len({c % 13 for c in cards}) == 1


def _all_hearts(cards: tuple[Card, ...]) -> bool:
    return all(c // 13 == _HEARTS for c in cards)


def _all_courts(cards: tuple[Card, ...]) -> bool:
    return all(c % 13 in COURT_RANKS for c in cards)


def _run(cards: tuple[Card, ...], lead: Card | None) -> tuple[Card, ...] | None:
    """The cards in run order if they are consecutive ranks, else ``None``.

    The ace counts high (after the king) or low (before the two), never both
    (no wrap-around); when ``lead`` is given it must be an end of the run.
    """
    for ace in (12, -1):
        ranked = sorted(cards, key=lambda c: ace if c % 13 == 12 else c % 13)
        ranks = [ace if c % 13 == 12 else c % 13 for c in ranked]
        if any(b - a != 1 for a, b in pairwise(ranks)):
            continue
        if lead is None or lead in (ranked[0], ranked[-1]):
            return tuple(ranked)
    return None


def _ordered(cards: tuple[Card, ...], kind: LineKind) -> tuple[Card, ...]:
    if kind in (LineKind.LEAD_SEQUENCE, LineKind.SEQUENCE):
        # The Lead is known to sit at an end here, so any consecutive order will do.
        run = _run(cards, None)
        assert run is not None
        return run
    return tuple(sorted(cards, key=CARD_STRENGTH.__getitem__, reverse=True))


def describe_line(line: Line) -> str:
    """A player's words for a line: ``Trio of 3 with the Lead``, ``Pair``, ``no line (best AS)``.

    >>> from atout.cards import mask_of, parse_card, parse_cards
    >>> describe_line(best_line(mask_of(parse_cards(["KD", "JS", "KH"])), parse_card("QC")))
    'Court Circular (Court of 4 with the Lead)'
    """
    if not line.cards:
        return "no cards"
    if not line.is_line:
        return f"no line (best {card_name(line.cards[0])})"
    word = line.kind.word.capitalize()
    if line.kind.line_class == 1:
        text = f"{word} of {len(line.cards)} with the Lead"
        return (
            f"Court Circular ({text})"
            if line.kind is LineKind.LEAD_COURT and len(line.cards) == 4
            else text
        )
    return word


def line_to_json(line: Line) -> dict[str, Any]:
    """The view form: kind word, class (1-3, ``None`` without a line), cards, label.

    >>> from atout.cards import mask_of, parse_card, parse_cards
    >>> line_to_json(best_line(mask_of(parse_cards(["5D", "5S", "9C"])), parse_card("2C")))
    {'kind': 'pair', 'class': 3, 'cards': ['5D', '5S'], 'label': 'Pair'}
    """
    return {
        "kind": line.kind.word,
        "class": line.kind.line_class,
        "cards": list(line.names()),
        "label": describe_line(line),
    }
