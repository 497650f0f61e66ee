"""The panel's styles at bridge: the natural system's calls, each style's card play.

Calls are :func:`atout.bots.bridge.bidding.choose_call` for both (the styles
are styles of card play); claims are answered as every bot answers them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.bots.bridge.bidding import choose_call
from atout.bots.bridge.medium import play_context
from atout.bots.claims import answer_claim
from atout.bots.levels import legal_cards, typed
from atout.bots.styles import Style, choose_card
from atout.cards import card_name
from atout.games.bridge.view import BridgeView

__all__ = ["choose"]


def choose(view: Mapping[str, Any], rng: random.Random, style: Style) -> str:
    """The action ``style`` takes in this view."""
    seen = typed(view, BridgeView)
    legal = seen.legal
    if not legal:
        raise ValueError("no legal action in this view")
    phase = seen.phase
    if phase == "claim":
        return answer_claim(view)
    if phase == "auction":
        return choose_call(view)
    cards = legal_cards(legal)
    if not cards:
        return legal[0]
    context = play_context(seen)
    context.pop("leader")
    return card_name(choose_card(style, legal=cards, **context))
