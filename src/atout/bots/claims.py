"""Answering a bridge claim: accept only what no defence can beat.

A claim faces declarer's hand (Law 68), and dummy is on the table, so a
defender sees three hands and knows the fourth: the deal is known. Every bot
level (and a bot standing in for an away person) accepts a claim only when
:func:`atout.solver.claim_is_proven` proves it double dummy, and rejects the
rest; play then goes on (Law 69 lets a defender contest any claim).

The position is rebuilt from the view alone: the hands as dealt are the hands
now plus the cards each seat has played, and the auction and the cards are
replayed through the engine.
"""

from __future__ import annotations

from typing import Any

from atout.bots.levels import View, typed
from atout.cards import FULL_DECK, Card, CardSet, card_name, cards_of
from atout.games.bridge.auction import call_name
from atout.games.bridge.view import BridgeClaim, BridgeView

__all__ = ["answer_claim"]


def answer_claim(view: View) -> str:
    """``accept`` when the open claim is sure against any defence, else ``reject``."""
    seen = typed(view, BridgeView)
    claim = seen.claim
    if claim is None or claim.tricks <= 0:
        return "accept"  # claiming no further trick cannot harm the defenders
    state = _position(seen, claim)
    if state is None:
        return "reject"
    from atout.solver import claim_is_proven  # noqa: PLC0415 - loads DDS

    return "accept" if claim_is_proven(state, claim.tricks) else "reject"


def _position(view: BridgeView, claim: BridgeClaim) -> Any:
    """The play position the claim was made in, or ``None`` when the view does not tell it."""
    from atout.games.bridge import BRIDGE, BridgeDeal  # noqa: PLC0415

    seat = view.seat
    if seat is None:
        return None
    known: dict[int, CardSet] = {seat: view.hand}
    if view.dummy is not None and view.dummy_seat is not None:
        known[view.dummy_seat] = view.dummy
    if claim.hand is not None:
        known[claim.by] = claim.hand
    played: dict[int, list[Card]] = {s: [] for s in range(4)}
    plays: list[Card] = []
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick_leader is not None:
        tricks.append((view.trick_leader, view.trick))
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            played[(leader + i) % 4].append(card)
            plays.append(card)
    unknown = [s for s in range(4) if s not in known]
    if len(unknown) > 1:
        return None
    if unknown:
        seen = 0
        for hand in known.values():
            seen |= hand
        for card in plays:
            seen |= 1 << card
        known[unknown[0]] = FULL_DECK & ~seen
    hands = tuple((*played[s], *cards_of(known[s])) for s in range(4))
    rules = BRIDGE.parse_rules({})
    tally = BRIDGE.new_tally(rules)
    state = BRIDGE.start(rules, BridgeDeal(view.dealer, hands), tally)
    auction = view.auction
    for i, call in enumerate(auction.calls):
        state = state.apply(call_name(call), (auction.dealer + i) % 4)
    for card in plays:
        state = state.apply(card_name(card))
    return state
