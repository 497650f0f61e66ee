"""The greedy Five Hundred player: cautious bids, sensible discards, cheapest winner.

It reads only the seat's view, and asks the rules package how cards rank
(:func:`~atout.games.five_hundred.contract_order`) instead of re-deriving
bowers and the joker.

* Bidding: for each strain, count the hand's likely tricks (top trumps
  counting the joker and both bowers, length in trumps, side aces and
  guarded kings) and add two for partner and the kitty. Bid the cheapest legal
  bid the best strain supports; pass when nothing is supported or when
  partner already holds the auction. Never misère.
* Discard: keep trumps (joker and bowers included) and aces; throw the lowest
  cards of the shortest side suits, which also makes voids for ruffing.
* Leading: the contracting side draws trumps from strength (highest trump when
  holding three or more, or the best trump left); otherwise the highest card
  of the longest non-trump suit.
* Following: if partner is winning, the lowest legal card; else the cheapest
  card that wins; else the lowest legal card. "Low" ranks trumps above
  everything, so a trump (or the joker) is never thrown away cheaply.
* As a misère contractor (only if a person or another bot put it there), it
  plays the highest card that still loses the trick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from atout.bots.levels import View, typed
from atout.cards import CARD_BY_NAME, JOKER, Card, CardSet, card_name, cards_of
from atout.games.five_hundred import DECK, contract_order, parse_call
from atout.games.five_hundred.rules import MISERE
from atout.games.five_hundred.view import FiveHundredContract, FiveHundredView, Phase
from atout.tricks import TrickOrder, trick_winner

__all__ = [
    "action_cards",
    "choose",
    "contract_strain",
    "discard",
    "discard_cards",
    "estimate_tricks",
    "play_card",
]

NT = 4
_STRAIN_TRUMP = (0, 3, 2, 1, 4)
"""The effective trump suit of each strain (``4``: the joker's own suit in no-trumps)."""


def choose(view: View, rng: random.Random) -> str:
    """The greedy action for this view (``rng`` is unused: the bot is deterministic)."""
    seen = typed(view, FiveHundredView)
    legal = seen.legal
    if not legal:
        raise ValueError("no legal action in this view")
    hand = list(cards_of(seen.hand))
    phase = seen.phase
    if phase is Phase.AUCTION:
        return _bid(seen, hand, legal)
    contract = seen.contract
    assert contract is not None
    order = contract_order(contract_strain(contract))
    if phase is Phase.KITTY:
        return discard(hand, order, misere=contract.bid >= MISERE)
    return _play(seen, contract, hand, order, legal)


def contract_strain(contract: FiveHundredContract) -> int:
    """The strain the contract is played in (0 ♠, 1 ♣, 2 ♦, 3 ♥, 4 NT; misères are NT)."""
    return NT if contract.bid >= MISERE else contract.bid % 5


def action_cards(legal: Sequence[str]) -> list[Card]:
    """The card of each legal play, in order (a joker lead naming a suit, ``JK H``, is the
    joker's): the one translation of a play's text to its card."""
    by_name = CARD_BY_NAME
    return [by_name[a.partition(" ")[0]] for a in legal]


# Bidding.


def estimate_tricks(hand: Sequence[Card], strain: int) -> float:
    """Tricks the hand itself should take in ``strain`` (0 ♠, 1 ♣, 2 ♦, 3 ♥, 4 NT)."""
    order = contract_order(strain)
    trump = order.trump
    trumps = sorted((order.strength[c] for c in hand if order.suit[c] == trump), reverse=True)
    if strain == NT:
        tricks = float(len(trumps))  # the joker
    else:
        # JK, right bower, left bower, A, K of trumps are strengths 15, 14, 13, 12, 11.
        tops = sum(1 for s in trumps if s >= 12 or (s == 11 and len(trumps) >= 3))
        tricks = tops + max(0, len(trumps) - 4)
    stoppers = 0
    for suit in range(4):
        ranks = sorted(
            (order.strength[c] for c in hand if order.suit[c] == suit and suit != trump),
            reverse=True,
        )
        if not ranks:
            continue
        if ranks[0] == 12:
            tricks += 1
            stoppers += 1
            if len(ranks) > 1 and ranks[1] == 11:
                tricks += 1
        elif ranks[0] == 11 and len(ranks) >= 2:
            tricks += 0.5
            stoppers += 1
    if strain == NT and stoppers + len(trumps) < 3:
        return 0.0  # no-trumps with unguarded suits runs away
    return tricks


def _bid(view: FiveHundredView, hand: list[Card], legal: Sequence[str]) -> str:
    seat = view.seat
    assert seat is not None
    bids = [(s, c) for s, c in view.auction if c >= 0]
    if bids and bids[-1][0] == (seat + 2) % 4:
        return "pass"  # partner holds the auction: do not outbid him
    support = {s: int(estimate_tricks(hand, s) + 2) for s in range(5)}
    for strain in sorted(range(5), key=lambda s: (-support[s], -s)):
        for call in legal:
            code = parse_call(call)
            if 0 <= code < 25 and code % 5 == strain and code // 5 + 6 <= support[strain]:
                return call
    return "pass"


# The kitty.


def discard(hand: Sequence[Card], order: TrickOrder, *, misere: bool = False) -> str:
    """The three cards to throw: low cards of short side suits (misère: the highest)."""
    return "discard " + " ".join(card_name(c) for c in discard_cards(hand, order, misere=misere))


def discard_cards(hand: Sequence[Card], order: TrickOrder, *, misere: bool = False) -> list[Card]:
    """:func:`discard`'s three cards, in index order."""

    def keep(card: Card) -> tuple[int, int, int]:
        suit = order.suit[card]
        if suit == order.trump:
            return (2, 0, order.strength[card])
        if order.strength[card] == 12:
            return (1, 0, 0)
        length = sum(1 for c in hand if order.suit[c] == suit)
        return (0, length, order.strength[card])

    if misere:
        chosen = sorted(hand, key=lambda c: (order.suit[c] == order.trump, order.strength[c]))[-3:]
    else:
        chosen = sorted(hand, key=keep)[:3]
    return sorted(chosen)


# Card play.


def _low(order: TrickOrder) -> Any:
    """Sort key from the cheapest card to the dearest: any trump above every other card."""
    return lambda c: (order.suit[c] == order.trump, order.strength[c])


def _play(
    view: FiveHundredView,
    contract: FiveHundredContract,
    hand: list[Card],
    order: TrickOrder,
    legal: Sequence[str],
) -> str:
    seat = view.seat
    assert seat is not None
    trick = list(view.trick)
    if trick:
        assert view.trick_leader is not None
    gone = (view.discards or 0) | sum(1 << c for _, cards, _ in view.tricks for c in cards)
    named = view.named_suit
    card = play_card(
        trick,
        seat if view.trick_leader is None else view.trick_leader,
        seat,
        contract,
        hand,
        order,
        action_cards(legal),
        gone,
        None if named is None else int(named),
    )
    return _name_joker(card, hand, order, legal) if not trick else card_name(card)


def play_card(
    trick: Sequence[Card],
    leader: int,
    seat: int,
    contract: FiveHundredContract,
    hand: list[Card],
    order: TrickOrder,
    cards: list[Card],
    gone: CardSet,
    named: int | None = None,
) -> Card:
    """The greedy card from a position: what :func:`choose` plays (a joker lead's suit
    aside), and what Hard's reading of the opponents replays. ``gone``: the cards out of
    play that the seat knows of (the tricks, its own discards); ``named``: the suit a joker
    lead named."""
    misere_contractor = contract.bid >= MISERE and contract.contractor == seat
    if not trick:
        return _lead(seat, contract, hand, order, cards, misere_contractor, gone)
    led = named if named is not None else order.suit[trick[0]]
    seats = _seats(leader, contract.sits_out, len(trick))
    best = trick_winner(list(trick), order, led)
    wins = [c for c in cards if trick_winner([*trick, c], order, led) == len(trick)]
    low = _low(order)
    if misere_contractor:
        losers = [c for c in cards if c not in wins]
        return max(losers, key=low) if losers else min(cards, key=low)
    if seats[best] % 2 == seat % 2 or not wins:
        return min(cards, key=low)
    return min(wins, key=low)


def _seats(leader: int, sits_out: int | None, count: int) -> list[int]:
    seats: list[int] = []
    seat = leader
    while len(seats) < count:
        seats.append(seat)
        seat = (seat + 1) % 4
        if seat == sits_out:
            seat = (seat + 1) % 4
    return seats


def _lead(
    seat: int,
    contract: FiveHundredContract,
    hand: list[Card],
    order: TrickOrder,
    cards: list[Card],
    misere_contractor: bool,
    gone: CardSet,
) -> Card:
    low = _low(order)
    if misere_contractor:
        return min(cards, key=low)
    trump = order.trump
    trumps = sorted((c for c in cards if order.suit[c] == trump), key=low, reverse=True)
    others = [c for c in cards if order.suit[c] != trump]
    ours = contract.contractor % 2 == seat % 2
    if trumps and trump != 4 and ours and (len(trumps) >= 3 or _is_boss(trumps[0], gone, order)):
        return trumps[0]
    if not others:
        return trumps[0]
    longest = max(range(4), key=lambda s: (sum(1 for c in others if order.suit[c] == s), -s))
    return max((c for c in others if order.suit[c] == longest), key=low)


def _is_boss(card: Card, gone: CardSet, order: TrickOrder) -> bool:
    """Whether ``card`` is the highest trump not yet played (``gone``: the cards known out)."""
    return all(
        gone >> c & 1
        for c in cards_of(DECK)
        if order.suit[c] == order.trump and order.strength[c] > order.strength[card]
    )


def _name_joker(card: Card, hand: list[Card], order: TrickOrder, legal: Sequence[str]) -> str:
    """A card's action; a joker lead in no-trumps names a suit the leader lacks if it can."""
    if card != JOKER or "JK" in legal:
        return card_name(card)
    options = [a for a in legal if a.startswith("JK ")]
    lacking = [a for a in options if not any(order.suit[c] == "SHDC".index(a[3]) for c in hand)]
    return (lacking or options)[0]
