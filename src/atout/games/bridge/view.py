"""What one seat may know of a deal of bridge, typed: :class:`BridgeView`.

The state builds the view (:meth:`BridgeState.typed_view
<atout.games.bridge.BridgeState.typed_view>`), deciding what the seat may
see; this module only holds it and writes its JSON form. Readers inside the
program take the typed fields, cards as card sets and card ints, the auction
as its immutable :class:`~atout.games.bridge.auction.Auction`; the JSON form
(``to_json()``, what ``State.view`` returns) is for the edges: the wire,
records, the terminal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from atout.cards import Card, CardSet, card_names, mask_of
from atout.games._json import (
    CARD_NAMES,
    cards_json,
    fresh_json,
    seat_or_none,
    tricks_from_json,
    tricks_json,
)
from atout.games.bridge.auction import Auction, parse_call

__all__ = ["BridgeClaim", "BridgeView", "Phase"]


class Phase(StrEnum):
    """Where a deal stands. The value is the view's ``phase`` text."""

    AUCTION = "auction"
    PLAY = "play"
    CLAIM = "claim"
    """Declarer's claim awaits the defenders' answer."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class BridgeClaim:
    """Declarer's claim: who, how many further tricks, and his hand while it is open."""

    by: int
    tricks: int
    hand: CardSet | None
    """Declarer's hand, faced for everyone while the claim is open (Law 68), else ``None``."""


@dataclass(frozen=True, slots=True)
class BridgeView:
    """What ``seat`` may know (``None``: a spectator, who sees only dummy), as the state
    decided it. Dummy is faced after the opening lead (``dummy`` is ``None`` before)."""

    seat: int | None
    scoring: str
    phase: Phase
    dealer: int
    board: int | None
    turn: int | None
    hand: CardSet
    dummy: CardSet | None
    dummy_seat: int | None
    hand_sizes: tuple[int, int, int, int]
    auction: Auction
    contract: str | None
    """The contract's name (``4SX``) once the auction has ended with one."""
    bid: int | None
    """The contract's bid (call code ``(level - 1) * 5 + strain``), once there is one."""
    doubled: int
    """The contract undoubled (0), doubled (1) or redoubled (2)."""
    declarer: int | None
    vulnerable: tuple[bool, bool]
    trick_leader: int | None
    trick: tuple[Card, ...]
    tricks_won: tuple[int, int]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    """Finished tricks as ``(leader, cards, winner)``."""
    claim: BridgeClaim | None
    can_claim: bool
    legal: tuple[str, ...]
    """The seat's legal actions when it decides now (declarer for dummy), else empty."""
    result: dict[str, Any] | None
    """The deal's result once over (``State.result()``)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BridgeView:
        """The view a JSON form (:meth:`to_json`) was written from: how a bot that is handed
        the JSON view (an outside caller, a test) reads it once into typed fields. A field
        left out takes its empty value (the play phase, no cards): a hand-built view may
        give only what its reader needs."""
        dealer = int(data.get("dealer", 0))
        auction = Auction.start(dealer)
        for _, name in data.get("auction", ()):
            auction = auction.call(parse_call(str(name)))
        contract = data.get("contract")
        bid = None if contract is None else parse_call(str(contract).rstrip("X"))
        dummy = data.get("dummy")
        claim = data.get("claim")
        claim_hand = None if claim is None else claim.get("hand")
        trick = data.get("trick") or {}
        sizes = tuple(data.get("hand_sizes", (0, 0, 0, 0)))
        won = tuple(data.get("tricks_won", (0, 0)))
        vulnerable = tuple(data.get("vulnerable", (False, False)))
        return cls(
            seat_or_none(data.get("seat")),
            str(data.get("scoring", "rubber")),
            Phase(data.get("phase", "play")),
            dealer,
            seat_or_none(data.get("board")),
            seat_or_none(data.get("turn")),
            mask_of(cards_json(data.get("hand", ()))),
            None if dummy is None else mask_of(cards_json(dummy)),
            seat_or_none(data.get("dummy_seat")),
            (int(sizes[0]), int(sizes[1]), int(sizes[2]), int(sizes[3])),
            auction,
            None if contract is None else str(contract),
            bid,
            0 if contract is None else len(str(contract)) - len(str(contract).rstrip("X")),
            seat_or_none(data.get("declarer")),
            (bool(vulnerable[0]), bool(vulnerable[1])),
            seat_or_none(trick.get("leader")),
            cards_json(trick.get("cards", ())),
            (int(won[0]), int(won[1])),
            tricks_from_json(data.get("tricks", ())),
            None
            if claim is None
            else BridgeClaim(
                int(claim["by"]),
                int(claim["tricks"]),
                None if claim_hand is None else mask_of(cards_json(claim_hand)),
            ),
            bool(data.get("can_claim", False)),
            tuple(data.get("legal", ())),
            data.get("result"),
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON form: what ``State.view`` returns, the wire and the terminal read."""
        names = CARD_NAMES
        dummy = self.dummy
        claim = self.claim
        claim_json: dict[str, Any] | None = None
        if claim is not None:
            claim_json = {"by": claim.by, "tricks": claim.tricks}
            if claim.hand is not None:
                claim_json["hand"] = list(card_names(claim.hand))
        view: dict[str, Any] = {
            "game": "bridge",
            "scoring": self.scoring,
            "seat": self.seat,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "board": self.board,
            "turn": self.turn,
            "hand": list(card_names(self.hand)),
            "dummy": None if dummy is None else list(card_names(dummy)),
            "dummy_seat": self.dummy_seat,
            "hand_sizes": list(self.hand_sizes),
            "auction": self.auction.history(),
            "contract": self.contract,
            "declarer": self.declarer,
            "vulnerable": list(self.vulnerable),
            "trick": {"leader": self.trick_leader, "cards": [names[c] for c in self.trick]},
            "tricks_won": list(self.tricks_won),
            "tricks": tricks_json(self.tricks),
            "claim": claim_json,
            "can_claim": self.can_claim,
            "legal": list(self.legal),
        }
        if self.result is not None:
            view["result"] = fresh_json(self.result)
        return view
