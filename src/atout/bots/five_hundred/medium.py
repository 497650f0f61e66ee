"""Medium Five Hundred: the greedy play, with the bidding the Trickster players asked for.

Players' complaints about 500 bots (``FIELD.md``) are mostly about bidding:
going to eight or more without the joker, and endless no-trumps. So the
medium bot bids a level lower than its trick count suggests unless it holds
the joker or the right bower, never bids above seven without one of them,
and bids no-trumps only with the joker and stoppers. In suit contracts it plays by the book
(:mod:`atout.bots.book`) on the cards as they rank (the joker and
the bowers moved to the top of trumps, as the Hard bot hands them to DDS):
cash winners, draw trumps when long, second hand low, third hand high,
remember voids. No-trumps, misère and the kitty discard are the greedy bot's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from atout.bots.book import choose_card
from atout.bots.five_hundred import greedy
from atout.bots.sampling import shown_voids
from atout.cards import JOKER, card_name, cards_of, mask_of, parse_card
from atout.games.five_hundred import DECK, contract_order, parse_call, strain_of

__all__ = ["bid", "choose"]


def choose(view: Mapping[str, Any], rng: random.Random) -> str:
    """The medium action for this view."""
    if view["phase"] == "auction":
        return bid(view)
    contract = view.get("contract") or {}
    if view["phase"] != "play" or contract.get("sits_out") is not None:
        return greedy.choose(view, rng)
    strain = strain_of(contract["bid"])
    if strain == 4:
        return greedy.choose(view, rng)
    return _play(view, strain)


def _play(view: Mapping[str, Any], strain: int) -> str:
    """Book play on effective cards (see :func:`atout.bots.five_hundred.hard.effective_hands`)."""
    from atout.bots.five_hundred.hard import effective_table  # noqa: PLC0415

    table = effective_table(strain)
    back = {table[c]: c for c in cards_of(DECK)}
    order = contract_order(strain)
    legal = [table[parse_card(a)] for a in view["legal"]]
    hand = mask_of(table[parse_card(c)] for c in view["hand"])
    trick_view = view["trick"]
    trick = [table[parse_card(c)] for c in trick_view["cards"]]
    gone = [parse_card(c) for t in view["tricks"] for c in t["cards"]]
    gone += [parse_card(c) for c in view.get("discards", [])]
    played = mask_of(table[c] for c in gone) | mask_of(trick)
    done = [
        (int(t["leader"]), [table[parse_card(c)] for c in t["cards"]], None) for t in view["tricks"]
    ]
    if trick:
        done.append((int(trick_view["leader"]), trick, None))
    card = choose_card(
        hand=hand,
        legal=legal,
        trick=trick,
        seat=int(view["seat"]),
        leader=int(trick_view["leader"]),
        trump=order.trump,
        played=played,
        voids=shown_voids(done, 4, lambda c: c // 13),
    )
    return card_name(back[card])


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
