"""Medium Five Hundred: the greedy play, with the bidding the Trickster players asked for.

Players' complaints about 500 bots (``FIELD.md``) are mostly about bidding:
going to eight or more without the joker, and endless no-trumps. So the
medium bot bids a level lower than its trick count suggests unless it holds
the joker or the right bower, never bids above seven without one of them,
and bids no-trumps only with the joker and stoppers. Its card play and
kitty discard are the greedy ones (count-free but sound).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from atout.bots.greedy import five_hundred as greedy
from atout.cards import JOKER, parse_card
from atout.games.five_hundred import contract_order, parse_call

__all__ = ["bid", "choose"]


def choose(view: Mapping[str, Any], rng: random.Random) -> str:
    """The medium action for this view."""
    if view["phase"] == "auction":
        return bid(view)
    return greedy.choose(view, rng)


def bid(view: Mapping[str, Any]) -> str:
    """The cheapest legal bid the best strain supports, cautiously; else pass."""
    legal: Sequence[str] = view["legal"]
    seat = int(view["seat"])
    hand = [parse_card(c) for c in view["hand"]]
    bids = [(int(s), c) for s, c in view["auction"] if c != "pass"]
    if bids and bids[-1][0] == (seat + 2) % 4:
        return "pass"
    support: dict[int, int] = {}
    for strain in range(5):
        tricks = greedy.estimate_tricks(hand, strain) + 2
        order = contract_order(strain)
        top = JOKER in hand or (
            strain < 4
            and any(order.strength[c] == 14 and order.suit[c] == order.trump for c in hand)
        )
        if not top:
            tricks = min(tricks - 1, 7)
        if strain == 4 and JOKER not in hand:
            tricks = 0
        support[strain] = int(tricks)
    for strain in sorted(range(5), key=lambda s: (-support[s], -s)):
        for call in legal:
            code = parse_call(call)
            if 0 <= code < 25 and code % 5 == strain and code // 5 + 6 <= support[strain]:
                return call
    return "pass" if "pass" in legal else legal[0]
