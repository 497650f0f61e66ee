"""Helpers to build Court Piece positions for tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from atout.cards import parse_card
from atout.games.court_piece import (
    COURT_PIECE,
    CourtPieceDeal,
    CourtPieceRules,
    CourtPieceState,
)


def deal_from(hands: Sequence[str], dealer: int = 3) -> CourtPieceDeal:
    """A deal from four space-separated hands (13 cards each)."""
    return CourtPieceDeal(dealer, tuple(tuple(parse_card(c) for c in h.split()) for h in hands))


def random_deal(seed: int, dealer: int = 3) -> CourtPieceDeal:
    """A shuffled deal."""
    rules = COURT_PIECE.parse_rules({})
    return COURT_PIECE.deal(rules, dealer, random.Random(seed))


def start(deal: CourtPieceDeal, trump: str, **options: object) -> CourtPieceState:
    """The state after the caller names ``trump``."""
    rules: CourtPieceRules = COURT_PIECE.parse_rules(options)
    return CourtPieceState(rules, deal).apply(f"trump {trump}")


def play_tricks(state: CourtPieceState, sides: Sequence[int]) -> CourtPieceState:
    """Play legal cards so the tricks are won by ``sides`` in order (depth-first search).

    Raises ``LookupError`` when no line of play gives that sequence.
    """
    if not sides:
        return state
    for after in _tricks_won_by(state, sides[0]):
        try:
            return play_tricks(after, sides[1:])
        except LookupError:
            continue
    raise LookupError(f"no play gives the winners {list(sides)}")


def _tricks_won_by(state: CourtPieceState, side: int, depth: int = 0):  # type: ignore[no-untyped-def]
    before = sum(state.tricks_won)
    for action in state.legal_actions():
        after = state.apply(action)
        if sum(after.tricks_won) > before:
            won = [a - b for a, b in zip(after.tricks_won, state.tricks_won, strict=True)]
            if won[side]:
                yield after
        else:
            yield from _tricks_won_by(after, side, depth + 1)
