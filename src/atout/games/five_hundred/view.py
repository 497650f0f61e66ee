"""What one seat may know of a deal of Five Hundred, typed: :class:`FiveHundredView`.

The state builds the view (:meth:`FiveHundredState.typed_view
<atout.games.five_hundred.state.FiveHundredState.typed_view>`), deciding what
the seat may see; this module only holds it and writes its JSON form. Readers
inside the program take the typed fields, cards as card sets and card ints,
calls as their codes (``CALL_NAMES``); the JSON form (``to_json()``, what
``State.view`` returns) is for the edges: the wire, records, the terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from atout.cards import Card, CardSet, Suit, card_names, mask_of
from atout.games._json import (
    CARD_NAMES,
    cards_json,
    fresh_json,
    seat_or_none,
    tricks_from_json,
    tricks_json,
)
from atout.games.five_hundred.rules import CALL_NAMES, Phase, parse_call

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

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FiveHundredView:
        """The view a JSON form (:meth:`to_json`) was written from: how a bot that is handed
        the JSON view (an outside caller, a test) reads it once into typed fields. A field
        left out takes its empty value (the play phase, no cards): a hand-built view may
        give only what its reader needs."""
        contract = data.get("contract")
        typed_contract = None
        if contract is not None:
            trump = contract.get("trump")
            sits_out = contract.get("sits_out")
            typed_contract = FiveHundredContract(
                parse_call(str(contract["bid"])),
                int(contract["contractor"]),
                int(contract.get("value", 0)),
                None if trump is None else SUITS["SHDC".index(trump)],
                None if sits_out is None else int(sits_out),
            )
        kitty = data.get("kitty")
        discards = data.get("discards")
        exposed = data.get("exposed")
        trick = data.get("trick") or {}
        named = trick.get("named_suit")
        sizes = tuple(data.get("hand_sizes", (0, 0, 0, 0)))
        won = tuple(data.get("tricks_won", (0, 0)))
        return cls(
            seat_or_none(data.get("seat")),
            Phase(data.get("phase", "play")),
            int(data.get("dealer", 0)),
            seat_or_none(data.get("turn")),
            mask_of(cards_json(data.get("hand", ()))),
            (int(sizes[0]), int(sizes[1]), int(sizes[2]), int(sizes[3])),
            tuple((int(seat), parse_call(str(call))) for seat, call in data.get("auction", ())),
            typed_contract,
            None if kitty is None else cards_json(kitty),
            None if discards is None else mask_of(cards_json(discards)),
            None
            if exposed is None
            else (int(exposed["seat"]), mask_of(cards_json(exposed["hand"]))),
            seat_or_none(trick.get("leader")),
            cards_json(trick.get("cards", ())),
            None if named is None else SUITS["SHDC".index(named)],
            (int(won[0]), int(won[1])),
            tricks_from_json(data.get("tricks", ())),
            tuple(data.get("legal", ())),
            data.get("result"),
        )

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
