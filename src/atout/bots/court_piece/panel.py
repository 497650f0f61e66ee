"""The panel's styles at Court Piece (:mod:`atout.bots.styles`).

Naming trump: the cautious player names the suit with most length and honours
(the medium rule), the aggressive one simply its longest suit (greedy's rule).
"""

from __future__ import annotations

import random

from atout.bots.court_piece import greedy, medium
from atout.bots.levels import View, legal_cards, typed
from atout.bots.revokes import proven_revoke
from atout.bots.sampling import shown_voids
from atout.bots.styles import Style, choose_card
from atout.cards import card_name, mask_of
from atout.games.court_piece_view import CourtPieceView, Phase

__all__ = ["choose"]


def choose(view: View, rng: random.Random, style: Style) -> str:
    """The action ``style`` takes in this view."""
    seen = typed(view, CourtPieceView)
    legal = seen.legal
    if not legal:
        raise ValueError("no legal action in this view")
    if proven_revoke(seen):
        return "claim revoke"
    if seen.phase is Phase.TRUMP:
        rule = medium.name_trump if style == "cautious" else greedy.name_trump
        return f"trump {'SHDC'[rule(seen.first_five)]}"
    cards = legal_cards(legal)
    if not cards:
        return legal[0]
    assert seen.seat is not None and seen.trump is not None
    trick = list(seen.trick)
    if trick:  # honour mode lets any card be played: still follow suit
        cards = [c for c in cards if c // 13 == trick[0] // 13] or cards
    done: list[tuple[int, list[int], int | None]] = [
        (leader, list(cs), None) for leader, cs, _ in seen.tricks or ()
    ]
    played = mask_of(c for _, cs, _ in done for c in cs) | mask_of(trick)
    if trick:
        done.append((seen.trick_leader, trick, None))
    card = choose_card(
        style,
        hand=seen.hand,
        legal=cards,
        trick=trick,
        seat=seen.seat,
        trump=int(seen.trump),
        played=played,
        voids=shown_voids(done, 4, lambda c: c // 13),
    )
    return card_name(card)
