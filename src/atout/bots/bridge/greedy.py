"""Greedy bridge: a small natural bidding system and greedy card play, from the view only.

Bidding: open with 12+ points (high cards plus one per card beyond five in a
suit): 1NT with 15-17 balanced, 2NT with 20-21 balanced, else one of the
longest suit (majors first with five). Partner's strength is guessed from his
first bid; the side's combined points then pick a target (part score, game at
25, small slam at 33, grand at 37) in a fit of eight cards or more, else NT,
and the bot bids the cheapest legal bid in that strain up to the target.
Overcalls need 10+ and a five-card suit. It never doubles.

Play: lead the highest card of the longest suit; follow with the lowest card
when partner is winning, else the cheapest card that wins, else the lowest.
When declarer chooses for dummy, the view's ``legal`` holds dummy's cards and
the hand to play is the view's ``turn``.

It reads the typed view (:class:`~atout.games.bridge.view.BridgeView`: cards
as card ints and card sets, the auction as call codes), as every bot does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from atout.bots.claims import answer_claim
from atout.bots.levels import View, legal_cards, typed
from atout.cards import SUIT_MASKS, Card, CardSet, card_name
from atout.games.bridge.auction import call_name, strain_of, strain_trump
from atout.games.bridge.view import BridgeView

__all__ = ["choose", "play_card"]

_SUITS = "SHDC"
_STRAINS = ("C", "D", "H", "S", "NT")
_RANK_MASKS = tuple(sum(1 << (13 * suit + rank) for suit in range(4)) for rank in range(13))
"""The cards of each rank (0 = twos .. 12 = aces) in every suit, as a card set."""
_ACES, _KINGS, _QUEENS, _JACKS = (_RANK_MASKS[r] for r in (12, 11, 10, 9))
_BIDS = 35
"""Call codes below this are bids (``1C`` .. ``7NT``); pass, double, redouble follow."""


def choose(view: View, rng: random.Random) -> str:
    """The greedy action for this view (always one of its legal actions)."""
    seen = typed(view, BridgeView)
    legal = seen.legal
    if not legal:
        raise ValueError("no legal action in this view")
    phase = seen.phase
    if phase == "claim":
        return answer_claim(seen)
    if phase == "auction":
        call = _bid(seen)
        return call if call in legal else "pass" if "pass" in legal else legal[0]
    cards = legal_cards(legal)
    if not cards:
        return legal[0]
    return card_name(_play(seen, cards))


# Bidding.


def _shape(hand: CardSet) -> dict[str, int]:
    return {letter: (hand & SUIT_MASKS[s]).bit_count() for s, letter in enumerate(_SUITS)}


def _points(hand: CardSet) -> tuple[int, int]:
    """High-card points, and those plus one per card beyond five in a suit."""
    hcp = (
        4 * (hand & _ACES).bit_count()
        + 3 * (hand & _KINGS).bit_count()
        + 2 * (hand & _QUEENS).bit_count()
        + (hand & _JACKS).bit_count()
    )
    extra = sum(max(0, n - 5) for n in _shape(hand).values())
    return hcp, hcp + extra


def _balanced(shape: Mapping[str, int]) -> bool:
    lengths = sorted(shape.values())
    return lengths[0] >= 2 and lengths[-1] <= 5 and lengths[1] >= 3 - (lengths[-1] == 5)


def _bid_index(call: str) -> int:
    return (int(call[0]) - 1) * 5 + _STRAINS.index(call[1:])


def _bid_name(index: int) -> str:
    return f"{index // 5 + 1}{_STRAINS[index % 5]}"


def _bid(view: BridgeView) -> str:
    seat = view.seat
    assert seat is not None, "a spectator makes no call"
    hand = view.hand
    auction = view.auction
    dealer = auction.dealer
    bids = [
        ((dealer + i) % 4, call_name(code)) for i, code in enumerate(auction.calls) if code < _BIDS
    ]
    partner = (seat + 2) % 4
    hcp, points = _points(hand)
    shape = _shape(hand)
    ours = [(s, c) for s, c in bids if s % 2 == seat % 2]
    theirs = [(s, c) for s, c in bids if s % 2 != seat % 2]
    if not ours:
        return _open_or_overcall(hcp, points, shape, bool(theirs), bids)
    partner_bids = [c for s, c in ours if s == partner]
    if not partner_bids:
        return "pass"  # we opened; partner has not spoken: nothing new to say
    partner_points = _guess_points(partner, bids)
    combined = points + partner_points
    strain = _choose_strain(shape, partner_bids, combined)
    target = _target_level(combined, strain)
    last = _bid_index(bids[-1][1])
    ours_last = bids[-1][0] % 2 == seat % 2
    want = (target - 1) * 5 + _STRAINS.index(strain)
    if ours_last and last >= want:
        return "pass"
    cheapest = last + 1 + (_STRAINS.index(strain) - (last + 1) % 5) % 5
    jump = target >= 4 or (strain == "NT" and target == 3)  # straight to game or slam
    candidate = want if jump else cheapest
    if candidate <= last or candidate > want or candidate >= 35:
        return "pass"
    return _bid_name(candidate)


def _open_or_overcall(
    hcp: int, points: int, shape: Mapping[str, int], contested: bool, bids: Sequence[Any]
) -> str:
    longest = max(_SUITS, key=lambda s: (shape[s], "CDHS".index(s)))
    if contested:
        if points < 10 or shape[longest] < 5:
            return "pass"
        last = _bid_index(bids[-1][1])
        strain = "CDHS".index(longest)
        bid = last + 1 + (strain - (last + 1) % 5) % 5
        return _bid_name(bid) if bid < 10 else "pass"
    if points < 12:
        return "pass"
    if _balanced(shape) and 15 <= hcp <= 17:
        return "1NT"
    if _balanced(shape) and 20 <= hcp <= 21:
        return "2NT"
    if shape["S"] >= 5 or shape["H"] >= 5:
        return "1S" if shape["S"] >= shape["H"] else "1H"
    return "1D" if shape["D"] > shape["C"] else "1C"


def _guess_points(partner: int, bids: Sequence[tuple[int, str]]) -> int:
    """What partner's first bid shows (an opening, a response or an overcall)."""
    for index, (seat, call) in enumerate(bids):
        if seat != partner:
            continue
        opening = index == 0
        if call == "1NT" and opening:
            return 16
        if call == "2NT" and opening:
            return 20
        level = int(call[0])
        if opening:
            return 13
        return {1: 8, 2: 10, 3: 12}.get(level, 13)
    return 0


def _choose_strain(shape: Mapping[str, int], partner_bids: Sequence[str], combined: int) -> str:
    shown = dict.fromkeys(_SUITS, 0)
    for call in partner_bids:
        strain = call[1:]
        if strain in shown:
            shown[strain] = max(shown[strain], 5 if strain in "HS" else 4)
        if strain == "NT":
            for suit in shown:
                shown[suit] = max(shown[suit], 2)
    fits = [s for s in _SUITS if shape[s] + shown[s] >= 8]
    for suit in ("S", "H"):
        if suit in fits:
            return suit
    if fits and combined < 25:
        return fits[0]
    return "NT"


def _target_level(combined: int, strain: str) -> int:
    if combined >= 37:
        return 7
    if combined >= 33:
        return 6
    if combined >= 25:
        return 3 if strain == "NT" else 4 if strain in "HS" else 5
    if combined >= 23:
        return 3 if strain != "NT" else 2
    if combined >= 20:
        return 2
    return 1


# Card play.


def _rank(card: Card) -> int:
    return card % 13


def _beats(card: Card, best: Card, trump: int) -> bool:
    if card // 13 == best // 13:
        return card % 13 > best % 13
    return card // 13 == trump


def _play(view: BridgeView, legal: Sequence[Card]) -> Card:
    # No contract yet (a view of the auction): played as at no-trumps.
    trump = -1 if view.bid is None else strain_trump(strain_of(view.bid))
    playing = view.turn
    assert playing is not None
    leader = view.trick_leader
    return play_card(view.trick, playing if leader is None else leader, playing, trump, legal)


def play_card(
    trick: Sequence[Card], leader: int, playing: int, trump: int, legal: Sequence[Card]
) -> Card:
    """The greedy card from a position (``playing``: the seat whose cards they are): what
    :func:`choose` plays, and what Hard's reading of the opponents replays."""
    cards = trick
    if not cards:
        by_suit: dict[int, list[Card]] = {}
        for card in legal:
            by_suit.setdefault(card // 13, []).append(card)
        longest = max(by_suit.values(), key=lambda cs: (len(cs), max(_rank(c) for c in cs)))
        return max(longest, key=_rank)
    best_index = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[best_index], trump):
            best_index = i
    winner = (leader + best_index) % 4

    def cheapest(c: Card) -> tuple[bool, int]:
        return (c // 13 == trump, c % 13)

    if winner == (playing + 2) % 4:
        return min(legal, key=cheapest)
    winners = [c for c in legal if _beats(c, cards[best_index], trump)]
    if winners:
        return min(winners, key=cheapest)
    return min(legal, key=cheapest)
