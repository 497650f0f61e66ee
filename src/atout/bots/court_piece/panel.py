"""The panel's styles at Court Piece (:mod:`atout.bots.styles`).

Naming trump: the cautious player names the suit with most length and honours
(the medium rule), the aggressive one simply its longest suit (greedy's rule).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from atout.bots.court_piece import greedy, medium
from atout.bots.revokes import proven_revoke
from atout.bots.sampling import shown_voids
from atout.bots.styles import Style, choose_card
from atout.cards import card_name, mask_of, parse_card

__all__ = ["choose"]


def choose(view: Mapping[str, Any], rng: random.Random, style: Style) -> str:
    """The action ``style`` takes in this view."""
    legal: Sequence[str] = view["legal"]
    if not legal:
        raise ValueError("no legal action in this view")
    if proven_revoke(view):
        return "claim revoke"
    if view["phase"] == "trump":
        first_five = [parse_card(c) for c in view["hand"]]
        rule = medium.name_trump if style == "cautious" else greedy.name_trump
        return f"trump {'SHDC'[rule(first_five)]}"
    cards = [parse_card(c) for c in legal if not c.startswith(("correct", "claim"))]
    if not cards:
        return legal[0]
    trick_view = view["trick"]
    trick = [parse_card(c) for c in trick_view["cards"]]
    if trick:  # honour mode lets any card be played: still follow suit
        cards = [c for c in cards if c // 13 == trick[0] // 13] or cards
    done = [
        (int(t["leader"]), [parse_card(c) for c in t["cards"]], None)
        for t in view.get("tricks", [])
    ]
    played = mask_of(c for _, cs, _ in done for c in cs) | mask_of(trick)
    if trick:
        done.append((int(trick_view["leader"]), trick, None))
    card = choose_card(
        style,
        hand=mask_of(parse_card(c) for c in view["hand"]),
        legal=cards,
        trick=trick,
        seat=int(view["seat"]),
        trump="SHDC".index(view["trump"]),
        played=played,
        voids=shown_voids(done, 4, lambda c: c // 13),
    )
    return card_name(card)
