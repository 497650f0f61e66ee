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

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from atout.cards import Card, CardSet, card_names
from atout.games._json import CARD_NAMES, fresh_json, tricks_json
from atout.games.bridge.auction import Auction

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
