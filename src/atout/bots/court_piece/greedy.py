"""The greedy Court Piece player: longest suit for trump, cheapest winner, low when partner wins.

* Naming trump: the longest suit among the first five cards; ties go to the
  suit with more high cards (then the higher ranks).
* Leading: the highest card of the longest non-trump suit (trumps only when
  nothing else is left).
* Following: if partner is winning the trick, the lowest legal card; else the
  cheapest card that wins; else the lowest legal card. "Low" prefers
  non-trumps, so a trump is never thrown away.

In ``honour_mode`` the engine accepts any card; this bot still follows suit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from atout.bots.levels import View, legal_cards, typed
from atout.bots.revokes import proven_revoke
from atout.cards import card_name, cards_of, rank_of, suit_of
from atout.games.court_piece_view import CourtPieceView, Phase
from atout.tricks import plain_trick_winner

__all__ = ["choose", "choose_card", "name_trump", "suit_strength"]


def choose(view: View, rng: random.Random) -> str:
    """The greedy action for this view."""
    seen = typed(view, CourtPieceView)
    legal = seen.legal
    if not legal:
        raise ValueError("no legal action in this view")
    if proven_revoke(seen):
        return "claim revoke"
    if seen.phase is Phase.TRUMP:
        return f"trump {'SHDC'[name_trump(seen.first_five)]}"
    assert seen.trump is not None
    trump = int(seen.trump)
    held = seen.hand
    hand = list(cards_of(held))
    trick = seen.trick
    cards = _lawful([c for c in legal_cards(legal) if held >> c & 1], hand, trick)
    return card_name(choose_card(cards, trick, trump))


def choose_card(cards: Sequence[int], trick: Sequence[int], trump: int) -> int:
    """The greedy card among ``cards`` (the legal ones) with ``trick`` on the table."""
    if not trick:
        return _lead(list(cards), trump)
    return _follow(list(cards), tuple(trick), trump)


def name_trump(first_five: Sequence[int]) -> int:
    """The suit to name from the first five cards: longest, then more high cards."""
    return max(
        range(4), key=lambda s: suit_strength([rank_of(c) for c in first_five if suit_of(c) == s])
    )


def suit_strength(ranks: Sequence[int]) -> tuple[int, int, int]:
    """A suit's claim to trump from its ranks among the first five (0 for a two, 12 for an
    ace): length, then cards of ten and up, then the rank sum. The call's evidence reads
    the same key (:func:`atout.bots.court_piece.evidence.rule_call_likelihood`)."""
    return (len(ranks), sum(r >= 8 for r in ranks), sum(ranks))


def _lawful(cards: list[int], hand: list[int], trick: tuple[int, ...]) -> list[int]:
    """Cards that follow suit (the engine enforces it unless in honour mode)."""
    if not trick:
        return cards
    led = suit_of(trick[0])
    same = [c for c in cards if suit_of(c) == led]
    return same or cards


def _lead(cards: list[int], trump: int) -> int:
    plain = [c for c in cards if suit_of(c) != trump] or cards
    lengths = {s: sum(suit_of(c) == s for c in plain) for s in range(4)}
    longest = max(plain, key=lambda c: (lengths[suit_of(c)], rank_of(c)))
    return max((c for c in plain if suit_of(c) == suit_of(longest)), key=rank_of)


def _follow(cards: list[int], trick: tuple[int, ...], trump: int) -> int:
    def low(card: int) -> tuple[bool, int]:
        return (suit_of(card) == trump, rank_of(card))

    position = len(trick)
    winner = plain_trick_winner(trick, trump)
    if position - winner == 2:  # partner played two cards ago and is winning
        return min(cards, key=low)
    winners = [c for c in cards if plain_trick_winner((*trick, c), trump) == position]
    return min(winners or cards, key=low)
