"""Medium Court Piece: the book's card play (:mod:`atout.bots.book`) and a sound trump call.

* Naming trump: the suit with the most length and honours among the first
  five (an ace-king counts like an extra card), since the caller's side
  needs trump control to reach seven tricks.
* Playing: cash winners, draw trumps when long in them, second hand low,
  third hand high, keep partner's winners, ruff only what is not ours,
  discard from weak suits; voids shown by the others are remembered from
  the trick history in the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from atout.bots.book import choose_card
from atout.bots.levels import View, legal_cards, typed
from atout.bots.revokes import proven_revoke
from atout.bots.sampling import shown_voids
from atout.cards import card_name, mask_of
from atout.games.court_piece_view import CourtPieceView, Phase

__all__ = ["choose", "name_trump", "suit_strength"]


def choose(view: View, rng: random.Random) -> str:
    """The medium action for this view."""
    seen = typed(view, CourtPieceView)
    legal = seen.legal
    if not legal:
        raise ValueError("no legal action in this view")
    if proven_revoke(seen):
        return "claim revoke"
    if seen.phase is Phase.TRUMP:
        return f"trump {'SHDC'[name_trump(seen.first_five)]}"
    cards = legal_cards(legal)
    if not cards:
        return legal[0]
    assert seen.seat is not None and seen.trump is not None
    trick = list(seen.trick)
    if trick:  # honour mode lets any card be played: still follow suit
        same = [c for c in cards if c // 13 == trick[0] // 13]
        cards = same or cards
    done: list[tuple[int, list[int], int | None]] = [
        (leader, list(cs), None) for leader, cs, _ in seen.tricks or ()
    ]
    played = mask_of(c for _, cs, _ in done for c in cs) | mask_of(trick)
    if trick:
        done.append((seen.trick_leader, trick, None))
    voids = shown_voids(done, 4, lambda c: c // 13)
    card = choose_card(
        hand=seen.hand,
        legal=cards,
        trick=trick,
        seat=seen.seat,
        leader=seen.trick_leader,
        trump=int(seen.trump),
        played=played,
        voids=voids,
    )
    return card_name(card)


def name_trump(first_five: Sequence[int]) -> int:
    """The suit to name: length first, then honours (A, K, Q, J) and their rank sum."""
    return max(range(4), key=lambda s: suit_strength([c % 13 for c in first_five if c // 13 == s]))


def suit_strength(ranks: Sequence[int]) -> tuple[float, int]:
    """A suit's claim to trump from its ranks among the first five (0 for a two, 12 for an
    ace): length, 0.3 an honour and 0.5 for the ace-king, then the rank sum. The call's
    evidence reads the same key (:func:`atout.bots.court_piece.evidence.rule_call_likelihood`)."""
    top = sorted(ranks, reverse=True)[:2]
    honours = sum(1 for r in ranks if r >= 9)
    tops = 0.5 if top == [12, 11] else 0.0
    return (len(ranks) + 0.3 * honours + tops, sum(ranks))
