"""Medium bridge: the natural system of :mod:`atout.bots.bridge.bidding` and play by the book.

Card play is :mod:`atout.bots.book` seen from the hand to play: its
own hand or, for declarer, dummy's (the view's ``turn`` says which), with
partner's cards known when partner is dummy. A claim is accepted only when it
is sure against any defence (:mod:`atout.bots.claims`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.bots.book import choose_card
from atout.bots.bridge.bidding import choose_call
from atout.bots.claims import answer_claim
from atout.bots.levels import View, legal_cards, typed
from atout.bots.sampling import shown_voids
from atout.cards import card_name, mask_of
from atout.games.bridge.auction import strain_of, strain_trump
from atout.games.bridge.view import BridgeView

__all__ = ["choose", "play_context"]


def choose(view: Mapping[str, Any], rng: random.Random) -> str:
    """The medium action for this view."""
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
    ctx = play_context(seen)
    card = choose_card(legal=cards, **ctx)
    return card_name(card)


def play_context(view: View) -> dict[str, Any]:
    """The keyword arguments of :func:`choose_card` for the hand to play now."""
    seen = typed(view, BridgeView)
    seat = seen.turn
    assert seat is not None
    dummy_seat = seen.dummy_seat
    dummy = seen.dummy or 0
    own = seen.hand
    hand = dummy if seat == dummy_seat and seat != seen.seat else own
    partner_known = 0
    if dummy_seat is not None and dummy and (seat + 2) % 4 == dummy_seat:
        partner_known = dummy
    elif seat == dummy_seat:
        partner_known = own
    trick = list(seen.trick)
    done: list[tuple[int, list[int], int | None]] = [
        (leader, list(cs), None) for leader, cs, _ in seen.tricks
    ]
    played = mask_of(c for _, cs, _ in done for c in cs) | mask_of(trick)
    leader = seen.trick_leader
    if trick:
        assert leader is not None
        done.append((leader, trick, None))
    # No contract yet (a view of the auction): played as at no-trumps.
    trump = -1 if seen.bid is None else strain_trump(strain_of(seen.bid))
    return {
        "hand": hand,
        "trick": trick,
        "seat": seat,
        "leader": leader if leader is not None else seat,
        "trump": trump,
        "played": played,
        "voids": shown_voids(done, 4, lambda c: c // 13),
        "partner_known": partner_known,
    }
