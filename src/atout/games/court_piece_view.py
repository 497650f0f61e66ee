"""What one seat may know of a deal of Court Piece, typed: :class:`CourtPieceView`.

The state builds the view (:meth:`CourtPieceState.typed_view
<atout.games.court_piece.CourtPieceState.typed_view>`), deciding what the seat
may see; this module only holds it and writes its JSON form. Readers inside
the program (bots, the environments) take the typed fields, cards as card
sets and tuples of card ints, so nothing parses card names back; the JSON
form (``to_json()``, what ``State.view`` returns) is for the edges: the wire,
records, the terminal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
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

__all__ = ["CourtPieceView", "Phase"]

SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
"""``SUITS[s]``: suit ``s`` as a :class:`~atout.cards.Suit` (a tuple index, not an enum call)."""


class Phase(StrEnum):
    """Where a deal stands. The value is the view's ``phase`` text."""

    TRUMP = "trump"
    """The caller names trump, having seen his first five cards."""
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class CourtPieceView:
    """What ``seat`` may know (``None``: a spectator), as the state decided it.

    Before trump is named only the caller holds cards in his view, his first
    five (``first_five``, in the order dealt); under the courts rules finished
    tricks are face down (``tricks`` is ``None``); ``played``, ``out_of_turn``
    exist only in ``honour_mode`` (else ``None``).
    """

    seat: int | None
    variant: str
    dealer: int
    caller: int
    phase: Phase
    trump: Suit | None
    turn: int | None
    hand: CardSet
    """The cards the seat may see in its hand now (its first five before trump)."""
    first_five: tuple[Card, ...]
    """Before trump, the caller's first five cards in the order dealt (his own view only)."""
    hand_sizes: tuple[int, int, int, int]
    trick_leader: int
    trick: tuple[Card, ...]
    """The trick in progress, in the order played from ``trick_leader``."""
    tricks_won: tuple[int, int]
    legal: tuple[str, ...]
    """The seat's legal actions when it is its turn, else empty."""
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...] | None
    """Finished tricks as ``(leader, cards, winner)`` (simple rules; ``None`` when face down)."""
    played: tuple[tuple[int, Card], ...] | None
    """Honour mode: every card of the finished tricks as ``(seat, card)``, in play order."""
    out_of_turn: tuple[str, ...] | None
    """Honour mode: what the seat may do besides its turn (``correct 7H``, ``claim revoke``)."""
    result: dict[str, Any] | None
    """The deal's result once over (``State.result()``)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CourtPieceView:
        """The view a JSON form (:meth:`to_json`) was written from: how a bot that is handed
        the JSON view (an outside caller, a test) reads it once into typed fields. A field
        left out takes its empty value (the play phase, no cards): a hand-built view may
        give only what its reader needs."""
        phase = Phase(data.get("phase", "play"))
        cards = cards_json(data.get("hand", ()))
        first_five = cards if phase is Phase.TRUMP else ()
        trump = data.get("trump")
        trick = data.get("trick") or {}
        tricks = data.get("tricks")
        played = data.get("played")
        out_of_turn = data.get("out_of_turn")
        sizes = tuple(data.get("hand_sizes", (0, 0, 0, 0)))
        won = tuple(data.get("tricks_won", (0, 0)))
        return cls(
            seat_or_none(data.get("seat")),
            str(data.get("variant", "simple")),
            int(data.get("dealer", 0)),
            int(data.get("caller", (int(data.get("dealer", 0)) + 1) % 4)),
            phase,
            None if trump is None else SUITS["SHDC".index(trump)],
            seat_or_none(data.get("turn")),
            mask_of(cards),
            first_five,
            (int(sizes[0]), int(sizes[1]), int(sizes[2]), int(sizes[3])),
            int(trick.get("leader", 0)),
            cards_json(trick.get("cards", ())),
            (int(won[0]), int(won[1])),
            tuple(data.get("legal", ())),
            None if tricks is None else tricks_from_json(tricks),
            None
            if played is None
            else tuple((int(seat), cards_json((name,))[0]) for seat, name in played),
            None if out_of_turn is None else tuple(out_of_turn),
            data.get("result"),
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON form: what ``State.view`` returns, the wire and the terminal read."""
        names = CARD_NAMES
        trump = self.trump
        if self.phase is Phase.TRUMP:
            hand = [names[c] for c in self.first_five]
        else:
            hand = list(card_names(self.hand))
        view: dict[str, Any] = {
            "game": "court-piece",
            "variant": self.variant,
            "seat": self.seat,
            "dealer": self.dealer,
            "caller": self.caller,
            "phase": self.phase.value,
            "trump": None if trump is None else "SHDC"[trump],
            "turn": self.turn,
            "hand": hand,
            "hand_sizes": list(self.hand_sizes),
            "trick": {"leader": self.trick_leader, "cards": [names[c] for c in self.trick]},
            "tricks_won": list(self.tricks_won),
            "legal": list(self.legal),
        }
        if self.tricks is not None:
            view["tricks"] = tricks_json(self.tricks)
        if self.played is not None:
            view["played"] = [[seat, names[c]] for seat, c in self.played]
        if self.out_of_turn is not None:
            view["out_of_turn"] = list(self.out_of_turn)
        if self.result is not None:
            view["result"] = fresh_json(self.result)
        return view
