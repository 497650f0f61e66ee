"""The panel's styles at Five Hundred.

Bidding: the cautious player bids as the medium bot (a level lower without the
joker or the right bower), the aggressive one as far as its trick count goes
(greedy's bidding). Suit contracts are played in each style on the cards as
they rank (joker and bowers at the top of trumps); the kitty, no-trumps and
misère are the greedy player's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.bots.five_hundred import greedy, medium
from atout.bots.sampling import shown_voids
from atout.bots.styles import Style, choose_card
from atout.cards import card_name, cards_of, mask_of, parse_card
from atout.games.five_hundred import DECK, contract_order, strain_of

__all__ = ["choose"]


def choose(view: Mapping[str, Any], rng: random.Random, style: Style) -> str:
    """The action ``style`` takes in this view."""
    if not view["legal"]:
        raise ValueError("no legal action in this view")
    if view["phase"] == "auction":
        return medium.bid(view) if style == "cautious" else greedy.choose(view, rng)
    contract = view.get("contract") or {}
    if view["phase"] != "play" or contract.get("sits_out") is not None:
        return greedy.choose(view, rng)
    strain = strain_of(contract["bid"])
    if strain == 4:
        return greedy.choose(view, rng)
    from atout.bots.five_hundred.hard import effective_table  # noqa: PLC0415 - hard imports panel

    table = effective_table(strain)
    back = {table[c]: c for c in cards_of(DECK)}
    legal = [table[parse_card(a)] for a in view["legal"]]
    trick_view = view["trick"]
    trick = [table[parse_card(c)] for c in trick_view["cards"]]
    gone = [parse_card(c) for t in view["tricks"] for c in t["cards"]]
    gone += [parse_card(c) for c in view.get("discards", [])]
    done = [
        (int(t["leader"]), [table[parse_card(c)] for c in t["cards"]], None) for t in view["tricks"]
    ]
    if trick:
        done.append((int(trick_view["leader"]), trick, None))
    card = choose_card(
        style,
        hand=mask_of(table[parse_card(c)] for c in view["hand"]),
        legal=legal,
        trick=trick,
        seat=int(view["seat"]),
        trump=contract_order(strain).trump,
        played=mask_of(table[c] for c in gone) | mask_of(trick),
        voids=shown_voids(done, 4, lambda c: c // 13),
    )
    return card_name(back[card])
