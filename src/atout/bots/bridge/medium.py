"""Medium bridge: the natural system of :mod:`atout.bots.bridge.bidding` and play by the book.

Card play is :mod:`atout.bots.book` seen from the hand to play: its
own hand or, for declarer, dummy's (the view's ``turn`` says which), with
partner's cards known when partner is dummy. A claim is accepted only when it
is sure against any defence (:mod:`atout.bots.claims`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from atout.bots.book import choose_card
from atout.bots.bridge.bidding import choose_call
from atout.bots.claims import answer_claim
from atout.bots.sampling import shown_voids
from atout.cards import card_name, mask_of, parse_card

__all__ = ["choose", "play_context"]


def choose(view: Mapping[str, Any], rng: random.Random) -> str:
    """The medium action for this view."""
    legal: Sequence[str] = view["legal"]
    if not legal:
        raise ValueError("no legal action in this view")
    phase = view.get("phase")
    if phase == "claim":
        return answer_claim(view)
    if phase == "auction":
        return choose_call(view)
    cards = [parse_card(c) for c in legal if c[:1] != "c" and len(c) == 2]
    if not cards:
        return legal[0]
    ctx = play_context(view)
    card = choose_card(legal=cards, **ctx)
    return card_name(card)


def play_context(view: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments of :func:`choose_card` for the hand to play now."""
    seat = int(view["turn"])
    dummy_seat = view.get("dummy_seat")
    dummy = mask_of(parse_card(c) for c in view.get("dummy") or [])
    own = mask_of(parse_card(c) for c in view["hand"])
    hand = dummy if seat == dummy_seat and seat != view["seat"] else own
    partner_known = 0
    if dummy_seat is not None and dummy and (seat + 2) % 4 == dummy_seat:
        partner_known = dummy
    elif seat == dummy_seat:
        partner_known = own
    trick_view = view["trick"]
    trick = [parse_card(c) for c in trick_view["cards"]]
    done = [
        (int(t["leader"]), [parse_card(c) for c in t["cards"]], None)
        for t in view.get("tricks", [])
    ]
    played = mask_of(c for _, cs, _ in done for c in cs) | mask_of(trick)
    if trick:
        done.append((int(trick_view["leader"]), trick, None))
    contract = str(view.get("contract") or "1NT").rstrip("X")
    strain = contract[1:]
    trump = "SHDC".index(strain) if strain in ("S", "H", "D", "C") else -1
    return {
        "hand": hand,
        "trick": trick,
        "seat": seat,
        "leader": int(trick_view["leader"]) if trick_view["leader"] is not None else seat,
        "trump": trump,
        "played": played,
        "voids": shown_voids(done, 4, lambda c: c // 13),
        "partner_known": partner_known,
    }
