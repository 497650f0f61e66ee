"""The panel's two card-play styles for plain trump games (Court Piece, bridge, Five Hundred).

The panel is rule players with distinct styles, for Hard to meet and to read:
``cautious`` and ``aggressive``. Each game's ``atout.bots.<game>.panel`` applies
a style to that game with ``choose(view, rng, style)``; ``atout sim --players
cautious,...`` names them.

Each style is written from a description of how a kind of club player plays,
not fitted to any bot. Both see what :func:`atout.bots.book.choose_card`
sees (the hand, the legal cards, the trick, the cards gone, the voids shown).

**Cautious** (a careful defender who gives nothing away):

* leads a sure winner (the boss of a side suit nobody is known to ruff) if it
  has one; otherwise leads low from a side suit without an honour (ace, king,
  queen), never away from honours; trumps only when nothing else is left;
* second and third hand: wins only with a sure winner (a boss), else ducks low;
* ruffs only as fourth hand, when the ruff is sure to take the trick;
* with partner winning, or when it cannot win, plays low, discarding from the
  weakest suit.

**Aggressive** (a player who goes for tricks at once):

* draws trumps from the start: with three trumps or more, leads its highest trump
  while any trump is out; otherwise leads the top card of its longest side suit;
* second and third hand: wins with its highest winning card;
* ruffs whenever it is void and a trump would win, even over partner's card unless
  that card is a boss; fourth hand takes the trick as cheaply as it can;
* with partner's boss winning, or when it cannot win, plays its lowest card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from atout.bots.book import is_boss
from atout.cards import SUIT_MASKS, Card, CardSet
from atout.tricks import plain_trick_winner

__all__ = ["HONOUR", "STYLES", "Style", "choose_card"]

Style = Literal["cautious", "aggressive"]
STYLES: tuple[Style, ...] = ("cautious", "aggressive")

HONOUR = 10
"""The lowest honour's rank index (queen; king 11, ace 12)."""


def choose_card(
    style: Style,
    *,
    hand: CardSet,
    legal: Sequence[Card],
    trick: Sequence[Card],
    seat: int,
    trump: int,
    played: CardSet,
    voids: Sequence[set[int]],
    partner_known: CardSet = 0,
) -> Card:
    """The card ``style`` plays (``played``: cards out of play; ``voids[s]``: suits s lacks)."""
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r} (styles: {', '.join(STYLES)})")
    gone = played | hand | partner_known
    if not trick:
        lead = _lead_cautious if style == "cautious" else _lead_aggressive
        return lead(hand, list(legal), seat, trump, gone, voids)
    follow = _follow_cautious if style == "cautious" else _follow_aggressive
    return follow(list(legal), tuple(trick), trump, gone)


def _lowest(cards: Sequence[Card], trump: int) -> Card:
    return min(cards, key=lambda c: (c // 13 == trump, c % 13, c))


def _discard(cards: Sequence[Card], trump: int, gone: CardSet) -> Card:
    """The lowest card of the side suit with the fewest honours, sparing bosses and trumps."""
    plain = [c for c in cards if c // 13 != trump] or list(cards)

    def worth(card: Card) -> tuple[bool, int, int, int]:
        suit = [c for c in plain if c // 13 == card // 13]
        honours = sum(c % 13 >= HONOUR for c in suit)
        return (is_boss(card, gone), honours, card % 13, card)

    return min(plain, key=worth)


def _lead_cautious(
    hand: CardSet,
    legal: list[Card],
    seat: int,
    trump: int,
    gone: CardSet,
    voids: Sequence[set[int]],
) -> Card:
    opponents = ((seat + 1) % 4, (seat + 3) % 4)
    side = [c for c in legal if c // 13 != trump] or legal
    sure = [
        c
        for c in side
        if c // 13 != trump and is_boss(c, gone) and not any(c // 13 in voids[o] for o in opponents)
    ]
    if sure:
        return max(sure)
    bare = [c for c in side if not any(h % 13 >= HONOUR and h // 13 == c // 13 for h in side)]
    return _lowest(bare or side, trump)


def _lead_aggressive(
    hand: CardSet,
    legal: list[Card],
    seat: int,
    trump: int,
    gone: CardSet,
    voids: Sequence[set[int]],
) -> Card:
    if trump >= 0:
        trumps = [c for c in legal if c // 13 == trump]
        out = SUIT_MASKS[trump] & ~gone
        if len(trumps) >= 3 and out:
            return max(trumps)
    side = [c for c in legal if c // 13 != trump] or legal
    length = {s: sum(c // 13 == s for c in side) for s in range(4)}
    return max(side, key=lambda c: (length[c // 13], c % 13, c))


def _state(trick: tuple[Card, ...], trump: int, legal: list[Card]) -> tuple[bool, list[Card], bool]:
    """Whether partner is winning, the cards that would win, and whether we follow suit."""
    position = len(trick)
    best = plain_trick_winner(trick, trump)
    partner_wins = position - best == 2
    winners = [c for c in legal if plain_trick_winner((*trick, c), trump) == position]
    following = any(c // 13 == trick[0] // 13 for c in legal)
    return partner_wins, winners, following


def _follow_cautious(legal: list[Card], trick: tuple[Card, ...], trump: int, gone: CardSet) -> Card:
    partner_wins, winners, following = _state(trick, trump, legal)
    last = len(trick) == 3
    if not partner_wins and winners:
        if last:
            return _lowest(winners, trump)
        sure = [c for c in winners if c // 13 == trick[0] // 13 and is_boss(c, gone)]
        if sure:
            return min(sure)
    return _lowest(legal, trump) if following else _discard(legal, trump, gone)


def _follow_aggressive(
    legal: list[Card], trick: tuple[Card, ...], trump: int, gone: CardSet
) -> Card:
    partner_wins, winners, following = _state(trick, trump, legal)
    best = trick[plain_trick_winner(trick, trump)]
    partner_safe = partner_wins and (
        len(trick) == 3 or (best // 13 != trump and is_boss(best, gone))
    )
    if winners and not partner_safe:
        if len(trick) == 3 or not following:
            return _lowest(winners, trump)
        return max(winners, key=lambda c: (c // 13 == trump, c % 13, c))
    return _lowest(legal, trump) if following else _discard(legal, trump, gone)
