"""What one seat may know of a deal of Five Hundred, typed: :class:`FiveHundredView`.

The state builds the view (:meth:`FiveHundredState.typed_view
<atout.games.five_hundred.state.FiveHundredState.typed_view>`), deciding what
the seat may see; this module only holds it and writes its JSON form. Readers
inside the program take the typed fields, cards as card sets and card ints,
calls as their codes (``CALL_NAMES``); the JSON form (``to_json()``, what
``State.view`` returns) is for the edges: the wire, records, the terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from atout.cards import Card, CardSet, Suit, card_names
from atout.games._json import CARD_NAMES, fresh_json, tricks_json
from atout.games.five_hundred.rules import CALL_NAMES, Phase

__all__ = ["FiveHundredContract", "FiveHundredView", "Phase"]

SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
"""``SUITS[s]``: suit ``s`` as a :class:`~atout.cards.Suit` (a tuple index, not an enum call)."""


@dataclass(frozen=True, slots=True)
class FiveHundredContract:
    """The contract once the auction has one."""

    bid: int
    """The call's code (``CALL_NAMES[bid]``: ``7H``, ``misere``...)."""
    contractor: int
    value: int
    """What it scores if made and loses if set."""
    trump: Suit | None
    """``None`` at no-trumps and in misère."""
    sits_out: int | None
    """The misère contractor's partner, who never plays."""


@dataclass(frozen=True, slots=True)
class FiveHundredView:
    """What ``seat`` may know (``None``: a spectator), as the state decided it.

    Own hand only; the kitty and the discards only to the contractor (else
    ``None``); the open-misère hand once exposed. Finished tricks are face up.
    """

    seat: int | None
    phase: Phase
    dealer: int
    turn: int | None
    hand: CardSet
    hand_sizes: tuple[int, int, int, int]
    auction: tuple[tuple[int, int], ...]
    """The calls made, ``(seat, code)``, a pass being -1."""
    contract: FiveHundredContract | None
    kitty: tuple[Card, ...] | None
    """The contractor's own view: the kitty as dealt."""
    discards: CardSet | None
    """The contractor's own view: the three cards discarded (0 before the discard)."""
    exposed: tuple[int, CardSet] | None
    """Open misère once exposed: the contractor's seat and hand."""
    trick_leader: int | None
    """Who led the trick in progress (``None`` outside the play)."""
    trick: tuple[Card, ...]
    named_suit: Suit | None
    """The suit named by a joker led in no-trumps to the trick in progress."""
    tricks_won: tuple[int, int]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    """Finished tricks as ``(leader, cards, winner)``."""
    legal: Sequence[str]
    """The seat's legal actions when it is its turn, else empty (the kitty's 286 discards
    are a :class:`~atout.games.five_hundred.discards.Discards`, written out when read)."""
    result: dict[str, Any] | None
    """The deal's result once over (``State.result()``)."""

    def to_json(self) -> dict[str, Any]:
        """The JSON form: what ``State.view`` returns, the wire and the terminal read."""
        names = CARD_NAMES
        named = self.named_suit
        view: dict[str, Any] = {
            "game": "five-hundred",
            "seat": self.seat,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "turn": self.turn,
            "hand": list(card_names(self.hand)),
            "hand_sizes": list(self.hand_sizes),
            "auction": [[s, "pass" if c < 0 else CALL_NAMES[c]] for s, c in self.auction],
            "contract": None,
            "trick": {
                "leader": self.trick_leader,
                "cards": [names[c] for c in self.trick],
                "named_suit": None if named is None else "SHDC"[named],
            },
            "tricks_won": list(self.tricks_won),
            "tricks": tricks_json(self.tricks),
            "legal": list(self.legal),
        }
        contract = self.contract
        if contract is not None:
            trump = contract.trump
            view["contract"] = {
                "bid": CALL_NAMES[contract.bid],
                "contractor": contract.contractor,
                "value": contract.value,
                "trump": None if trump is None else "SHDC"[trump],
                "sits_out": contract.sits_out,
            }
            if self.kitty is not None:
                view["kitty"] = [names[c] for c in self.kitty]
            if self.discards is not None:
                view["discards"] = list(card_names(self.discards))
        if self.exposed is not None:
            shown, hand = self.exposed
            view["exposed"] = {"seat": shown, "hand": list(card_names(hand))}
        if self.result is not None:
            view["result"] = fresh_json(self.result)
        return view
