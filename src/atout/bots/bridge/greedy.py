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
the hand to play is ``view["turn"]``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from atout.bots.claims import answer_claim

__all__ = ["choose"]

_RANKS = "23456789TJQKA"
_SUITS = "SHDC"
_STRAINS = ("C", "D", "H", "S", "NT")
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def choose(view: Mapping[str, Any], rng: random.Random) -> str:
    """The greedy action for this view (always one of ``view["legal"]``)."""
    legal: Sequence[str] = view["legal"]
    if not legal:
        raise ValueError("no legal action in this view")
    phase = view.get("phase")
    if phase == "claim":
        return answer_claim(view)
    if phase == "auction":
        call = _bid(view)
        return call if call in legal else "pass" if "pass" in legal else legal[0]
    return _play(view, legal)


# Bidding.


def _shape(hand: Sequence[str]) -> dict[str, int]:
    lengths = dict.fromkeys(_SUITS, 0)
    for card in hand:
        lengths[card[1]] += 1
    return lengths


def _points(hand: Sequence[str]) -> tuple[int, int]:
    """High-card points, and those plus one per card beyond five in a suit."""
    hcp = sum(_HCP.get(card[0], 0) for card in hand)
    extra = sum(max(0, n - 5) for n in _shape(hand).values())
    return hcp, hcp + extra


def _balanced(shape: Mapping[str, int]) -> bool:
    lengths = sorted(shape.values())
    return lengths[0] >= 2 and lengths[-1] <= 5 and lengths[1] >= 3 - (lengths[-1] == 5)


def _bid_index(call: str) -> int:
    return (int(call[0]) - 1) * 5 + _STRAINS.index(call[1:])


def _bid_name(index: int) -> str:
    return f"{index // 5 + 1}{_STRAINS[index % 5]}"


def _bid(view: Mapping[str, Any]) -> str:
    seat: int = view["seat"]
    hand: Sequence[str] = view["hand"]
    auction: Sequence[Sequence[Any]] = view["auction"]
    bids = [(int(s), str(c)) for s, c in auction if str(c)[0].isdigit()]
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


def _rank(card: str) -> int:
    return _RANKS.index(card[0])


def _trump(contract: str | None) -> str | None:
    if not contract:
        return None
    strain = contract.rstrip("X")[1:]
    return None if strain == "NT" else strain


def _beats(card: str, best: str, trump: str | None) -> bool:
    if card[1] == best[1]:
        return _RANKS.index(card[0]) > _RANKS.index(best[0])
    return card[1] == trump


def _play(view: Mapping[str, Any], legal: Sequence[str]) -> str:
    trick = view["trick"]
    cards: Sequence[str] = trick["cards"]
    if not cards:
        by_suit: dict[str, list[str]] = {}
        for card in legal:
            by_suit.setdefault(card[1], []).append(card)
        longest = max(
            by_suit.values(), key=lambda cs: (len(cs), max(_RANKS.index(c[0]) for c in cs))
        )
        return max(longest, key=lambda c: _RANKS.index(c[0]))
    trump = _trump(view.get("contract"))
    leader: int = trick["leader"]
    best_index = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[best_index], trump):
            best_index = i
    playing: int = view["turn"]
    winner = (leader + best_index) % 4
    if winner == (playing + 2) % 4:
        return min(legal, key=lambda c: (c[1] == trump, _RANKS.index(c[0])))
    winners = [c for c in legal if _beats(c, cards[best_index], trump)]
    if winners:
        return min(winners, key=lambda c: (c[1] == trump, _RANKS.index(c[0])))
    return min(legal, key=lambda c: (c[1] == trump, _RANKS.index(c[0])))
