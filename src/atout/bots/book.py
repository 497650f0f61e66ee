"""Card play by the book for plain 52-card trump games (Court Piece, bridge).

What a club player does without counting every card, and what the greedy
bots lack:

* **Cash winners**: lead a card that is the highest still out in its suit
  (a "boss"), preferring suits the opponents can still follow; draw trumps
  with boss trumps when our side holds the most trumps.
* **Lead low from length** otherwise, and away from suits in which an
  opponent has shown void (he would ruff) unless trumps are gone.
* **Second hand low**, **third hand high** (cheapest card that beats the
  trick, and a boss if we have one), **fourth hand cheapest winner**.
* **Keep partner's winners**: no overtaking when partner's card wins and is
  the boss, or when we are last.
* **Count trumps**: a ruff is used only if the trick is not already ours;
  ruff with the lowest trump that wins.
* **Discard from weak suits**: the lowest card of the suit with the fewest
  high cards, never a boss nor the last guard of a king.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from atout.cards import SUIT_MASKS, Card, CardSet, cards_of
from atout.tricks import plain_trick_winner

__all__ = ["choose_card", "is_boss"]


def is_boss(card: Card, gone: CardSet) -> bool:
    """Whether every higher card of the suit has been played (or is ours to know as gone)."""
    suit = card // 13
    top = (suit + 1) * 13
    return all(gone >> c & 1 for c in range(card + 1, top))


def choose_card(
    *,
    hand: CardSet,
    legal: Sequence[Card],
    trick: Sequence[Card],
    seat: int,
    leader: int,
    trump: int,
    played: CardSet,
    voids: Sequence[set[int]],
    partner_known: CardSet = 0,
) -> Card:
    """The card to play: ``played`` is every card out of play; ``voids[s]`` suits seat s lacks.

    ``partner_known`` is partner's hand where we see it (dummy), so we do not
    lead through our own side's winners needlessly.
    """
    gone = played | hand | partner_known
    if not trick:
        return _lead(hand, legal, seat, trump, played, gone, voids)
    return _follow(hand, legal, trick, seat, leader, trump, gone, voids)


def _low_key(trump: int) -> Callable[[Card], tuple[bool, int]]:
    return lambda c: (c // 13 == trump, c % 13)


def _lead(
    hand: CardSet,
    legal: Sequence[Card],
    seat: int,
    trump: int,
    played: CardSet,
    gone: CardSet,
    voids: Sequence[set[int]],
) -> Card:
    opponents = ((seat + 1) % 4, (seat + 3) % 4)
    trumps_out = (SUIT_MASKS[trump] & ~gone) if trump >= 0 else 0
    ours_trumps = (hand & SUIT_MASKS[trump]).bit_count() if trump >= 0 else 0
    opp_may_ruff = trump >= 0 and trumps_out and not all(trump in voids[o] for o in opponents)

    def ruffed(suit: int) -> bool:
        return bool(opp_may_ruff) and any(suit in voids[o] for o in opponents)

    # Draw trumps with a boss trump when we hold more than are out.
    if trump >= 0 and opp_may_ruff and ours_trumps > trumps_out.bit_count():
        bosses = [c for c in legal if c // 13 == trump and is_boss(c, gone)]
        if bosses:
            return max(bosses)
    # Cash side-suit winners the opponents can still follow.
    bosses = [c for c in legal if c // 13 != trump and is_boss(c, gone) and not ruffed(c // 13)]
    if bosses:
        return max(bosses, key=lambda c: ((SUIT_MASKS[c // 13] & ~gone).bit_count(), c))
    plain = [c for c in legal if c // 13 != trump] or list(legal)
    safe = [c for c in plain if not ruffed(c // 13)] or plain

    def length(suit: int) -> int:
        return (hand & SUIT_MASKS[suit]).bit_count()

    suit = max({c // 13 for c in safe}, key=lambda s: (length(s), -s))
    cards = sorted(c for c in safe if c // 13 == suit)
    # Top of a sequence (K from KQ), else low from length.
    if len(cards) >= 2 and cards[-1] - cards[-2] == 1 and cards[-1] % 13 >= 9:
        return cards[-1]
    return cards[0]


def _follow(
    hand: CardSet,
    legal: Sequence[Card],
    trick: Sequence[Card],
    seat: int,
    leader: int,
    trump: int,
    gone: CardSet,
    voids: Sequence[set[int]],
) -> Card:
    low = _low_key(trump)
    position = len(trick)
    t = tuple(trick)
    best = plain_trick_winner(t, trump)
    best_seat = (leader + best) % 4
    partner_wins = best_seat == (seat + 2) % 4
    led = trick[0] // 13
    winners = [c for c in legal if plain_trick_winner((*t, c), trump) == position]
    following = any(c // 13 == led for c in legal)
    if partner_wins:
        card = trick[best]
        safe = position == 3 or (
            card // 13 != trump
            and is_boss(card, gone)
            and not _ruff_risk(seat, led, trump, voids, position)
        )
        if safe or not winners:
            return _discard(legal, trump, gone) if not following else min(legal, key=low)
    if not winners:
        return _discard(legal, trump, gone) if not following else min(legal, key=low)
    if position == 1 and following:
        # Second hand low, unless we hold the boss of the suit led.
        bosses = [c for c in winners if c // 13 == led and is_boss(c, gone)]
        if bosses:
            return min(bosses)
        return min(legal, key=low)
    if position == 2 and following:
        # Third hand high: the boss if we have it, else the cheapest winner.
        bosses = [c for c in winners if is_boss(c, gone)]
        return min(bosses) if bosses else min(winners, key=low)
    return min(winners, key=low)


def _ruff_risk(seat: int, led: int, trump: int, voids: Sequence[set[int]], position: int) -> bool:
    """Whether the opponent still to play (fourth hand) might ruff partner's winner."""
    if position != 2 or trump < 0 or led == trump:
        return False
    return led in voids[(seat + 1) % 4]


def _discard(legal: Sequence[Card], trump: int, gone: CardSet) -> Card:
    """The lowest card of the weakest suit, sparing trumps, bosses and guards of kings."""
    plain = [c for c in legal if c // 13 != trump] or list(legal)
    hand = 0
    for c in plain:
        hand |= 1 << c

    def worth(card: Card) -> tuple[int, int, int]:
        suit_cards = sorted(cards_of(hand & SUIT_MASKS[card // 13]))
        honours = sum(1 for c in suit_cards if c % 13 >= 9)
        boss = is_boss(card, gone)
        guard = len(suit_cards) == 2 and any(c % 13 == 11 for c in suit_cards) and card % 13 < 11
        return (int(boss) + int(guard), honours, card % 13)

    return min(plain, key=worth)
