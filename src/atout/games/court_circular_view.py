"""What one seat may know of a deal of Court Circular, typed: :class:`CourtCircularView`.

The state builds the view (:meth:`CourtCircularState.typed_view
<atout.games.court_circular.CourtCircularState.typed_view>`), deciding what the
seat may see; this module only holds it and writes its JSON form. Readers
inside the program take the typed fields, cards as card sets and card ints;
the JSON form (``to_json()``, what ``State.view`` returns) is for the edges:
the wire, records, the terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from atout.cards import Card, CardSet, card_names, mask_of
from atout.games._json import CARD_NAMES, cards_json, fresh_json, seat_or_none
from atout.games.court_circular_lines import Line, best_line, line_to_json

__all__ = ["CourtCircularView", "Phase"]


class Phase(StrEnum):
    """Where a deal stands. The value is the view's ``phase`` text."""

    PLAY = "play"
    """Cards being put down."""
    LEAD = "lead"
    """The trick's winner picks the next Lead from the cards put down."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class CourtCircularView:
    """What ``seat`` may know (``None``: a spectator), as the state decided it.

    Everything put down is face up, so the table, the Lead and both players'
    lines are public, and so are face-up piles; a face-down pile shows only
    its size, to its owner too. Hands are private; their sizes are public.
    """

    seat: int | None
    phase: Phase
    dealer: int
    turn: int | None
    hand: CardSet
    hand_sizes: tuple[int, int]
    lead: Card | None
    """The Lead (``None`` once the deal is over)."""
    table: tuple[CardSet, CardSet]
    """Each seat's cards put down in this trick."""
    trick_leader: int
    trick: tuple[Card, ...]
    """The same cards in the order put down from ``trick_leader`` (first-hand)."""
    stock_size: int
    piles: tuple[tuple[CardSet, int], tuple[CardSet, int]]
    """Each seat's won cards: ``(face_up, face_down_count)``."""
    tricks_played: int
    legal: tuple[str, ...]
    """The seat's legal actions when it is its turn, else empty."""
    carroll_resign: bool
    """The ``carroll_resign`` option: a trick may be resigned once any card of it is down."""
    result: dict[str, Any] | None
    """The deal's result once over (``State.result()``)."""

    @property
    def lines(self) -> tuple[Line | None, Line | None]:
        """Each seat's best line so far (``None`` before his first card, and once over).

        Derived from the table and the Lead when asked: finding a best line costs
        more than the rest of the view, and most readers do not need it.
        """
        lead = self.lead
        first, second = self.table
        if lead is None:
            return (None, None)
        return (
            best_line(first, lead) if first else None,
            best_line(second, lead) if second else None,
        )

    @property
    def is_last_trick(self) -> bool:
        """The stock is empty: nobody may resign."""
        return self.stock_size == 0

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CourtCircularView:
        """The view a JSON form (:meth:`to_json`) was written from: how a bot that is handed
        the JSON view (an outside caller, a test) reads it once into typed fields. A field
        left out takes its empty value (the play phase, no cards): a hand-built view may
        give only what its reader needs."""
        lead = data.get("lead")
        table = data.get("table") or ((), ())
        piles: Sequence[Mapping[str, Any]] = data.get("piles") or ({}, {})
        trick = data.get("trick") or {}
        sizes = tuple(data.get("hand_sizes", (0, 0)))
        up0, up1 = (mask_of(cards_json(p.get("face_up", ()))) for p in piles)
        return cls(
            seat_or_none(data.get("seat")),
            Phase(data.get("phase", "play")),
            int(data.get("dealer", 0)),
            seat_or_none(data.get("turn")),
            mask_of(cards_json(data.get("hand", ()))),
            (int(sizes[0]), int(sizes[1])),
            None if lead is None else cards_json((lead,))[0],
            (mask_of(cards_json(table[0])), mask_of(cards_json(table[1]))),
            int(trick.get("leader", 0)),
            cards_json(trick.get("cards", ())),
            int(data.get("stock_size", 0)),
            ((up0, int(piles[0].get("face_down", 0))), (up1, int(piles[1].get("face_down", 0)))),
            int(data.get("tricks_played", 0)),
            tuple(data.get("legal", ())),
            bool(data.get("carroll_resign", False)),
            data.get("result"),
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON form: what ``State.view`` returns, the wire and the terminal read."""
        names = CARD_NAMES
        lead = self.lead
        view: dict[str, Any] = {
            "game": "court-circular",
            "seat": self.seat,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "turn": self.turn,
            "hand": list(card_names(self.hand)),
            "hand_sizes": list(self.hand_sizes),
            "lead": None if lead is None else names[lead],
            "table": [list(card_names(self.table[0])), list(card_names(self.table[1]))],
            "trick": {"leader": self.trick_leader, "cards": [names[c] for c in self.trick]},
            "stock_size": self.stock_size,
            "is_last_trick": self.stock_size == 0,
            "piles": [
                {"face_up": list(card_names(up)), "face_down": down} for up, down in self.piles
            ],
            "lines": [None if line is None else line_to_json(line) for line in self.lines],
            "tricks_played": self.tricks_played,
            "legal": list(self.legal),
        }
        if self.carroll_resign:  # public: who may resign when (absent: the seed's rule)
            view["carroll_resign"] = True
        if self.result is not None:
            view["result"] = fresh_json(self.result)
        return view
