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

from collections.abc import Mapping
from typing import Any

from atout.cards import parse_card

__all__ = ["answer_claim"]

_DECK = frozenset(rank + suit for suit in "SHDC" for rank in "23456789TJQKA")


def answer_claim(view: Mapping[str, Any]) -> str:
    """``accept`` when the open claim is sure against any defence, else ``reject``."""
    claim = view.get("claim") or {}
    tricks = int(claim.get("tricks", 0))
    if tricks <= 0:
        return "accept"  # claiming no further trick cannot harm the defenders
    state = _position(view)
    if state is None:
        return "reject"
    from atout.solver import claim_is_proven  # noqa: PLC0415 - loads DDS

    return "accept" if claim_is_proven(state, tricks) else "reject"


def _position(view: Mapping[str, Any]) -> Any:
    """The play position the claim was made in, or ``None`` when the view does not tell it."""
    from atout.games.bridge import BRIDGE, BridgeDeal  # noqa: PLC0415

    claim = view["claim"]
    known: dict[int, list[str]] = {int(view["seat"]): list(view["hand"])}
    if view.get("dummy") is not None and view.get("dummy_seat") is not None:
        known[int(view["dummy_seat"])] = list(view["dummy"])
    if claim.get("hand") is not None:
        known[int(claim["by"])] = list(claim["hand"])
    played: dict[int, list[str]] = {seat: [] for seat in range(4)}
    plays: list[str] = []
    tricks = [*view.get("tricks", []), view.get("trick") or {}]
    for trick in tricks:
        for i, card in enumerate(trick.get("cards", [])):
            played[(int(trick["leader"]) + i) % 4].append(card)
            plays.append(card)
    unknown = [seat for seat in range(4) if seat not in known]
    if len(unknown) > 1:
        return None
    if unknown:
        seen = {c for hand in known.values() for c in hand} | set(plays)
        known[unknown[0]] = sorted(_DECK - seen)
    hands = tuple(tuple(parse_card(c) for c in played[s] + known[s]) for s in range(4))
    rules = BRIDGE.parse_rules({})
    tally = BRIDGE.new_tally(rules)
    state = BRIDGE.start(rules, BridgeDeal(int(view["dealer"]), hands), tally)
    for seat, call, *_ in view.get("auction", []):
        state = state.apply(str(call), int(seat))
    for card in plays:
        state = state.apply(card)
    return state
