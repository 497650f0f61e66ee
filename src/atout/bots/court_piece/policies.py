"""What each style an opponent may play would play: the policies Hard reads opponents by.

The mixture's components (:data:`POLICIES`, those of every game's reading:
:mod:`atout.bots.reading`) are the levels' rule players (greedy, the book),
the panel's two styles and anyone at all; a *play* is one card an opponent
was seen to play, with what he knew then (the trick before it, the cards
gone, the voids shown). :mod:`.evidence` weighs worlds by these policies and
:mod:`.opponents` learns which one each opponent plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.bots.book import choose_card as book_card
from atout.bots.court_piece.greedy import choose_card as greedy_card
from atout.bots.reading import POLICIES, RULE, Policy
from atout.bots.styles import choose_card as panel_card
from atout.cards import Card, CardSet, cards_of
from atout.tricks import legal_follow

__all__ = ["POLICIES", "RULE", "Policy", "play_options", "policy_card"]


def play_options(play: Any, hands: Sequence[CardSet]) -> tuple[CardSet, list[Card]]:
    """The hand a seat held at ``play`` in a world, and its legal cards then."""
    held = hands[play.seat] | play.since
    legal = legal_follow(held, play.before[0] // 13) if play.before else held
    return held, list(cards_of(legal))


def policy_card(policy: Policy, play: Any, trump: int, held: CardSet, legal: list[Card]) -> Card:
    """The card ``policy`` plays at ``play`` from ``held`` (not for ``uniform``)."""
    if policy == "greedy":
        return greedy_card(legal, play.before, trump)
    if policy == "medium":
        return book_card(
            hand=held,
            legal=legal,
            trick=play.before,
            seat=play.seat,
            leader=play.leader,
            trump=trump,
            played=play.played,
            voids=play.voids,
        )
    return panel_card(
        policy,  # type: ignore[arg-type]
        hand=held,
        legal=legal,
        trick=play.before,
        seat=play.seat,
        trump=trump,
        played=play.played,
        voids=play.voids,
    )
