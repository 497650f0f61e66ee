"""Frames: what a room tells each reader (views, public data, records, explanations).

Each connection gets its own seat's view (a spectator the public one), each
computed once per state and encoded once per seat; the record of a game in
progress holds only what the reader's seat has seen.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

from atout.core import Match
from atout.declaring import with_declarers_hand
from atout.notation.record import FORMAT
from atout.server.connections import Connection, encode_frame
from atout.server.declaring import deciders as table_deciders
from atout.server.declaring import plays_for, shown_to
from atout.server.duplicate import duplicate_state
from atout.server.errors import RoomError
from atout.server.friends import friends_state, stands_in
from atout.server.lobby import TABLE_SETTINGS, closed_state
from atout.server.pacing import pause_state
from atout.server.replay import frame_explanations
from atout.server.state import RoomState
from atout.server.undoing import undo_point

__all__ = ["TABLE_ONLY", "Frames"]

JSON = dict[str, Any]

TABLE_ONLY = ("practice", *TABLE_SETTINGS)
"""Table settings kept with the table's extras but not part of the game record."""


class Frames(RoomState):
    """A room's readings (mixed into :class:`~atout.server.rooms.Room`)."""

    def record(self) -> JSON:
        """The full record (options, deals as dealt, actions): the table's source of truth."""
        deals = [] if self.match is None else self.match.deals
        return {
            "format": FORMAT,
            "game": self.game.id,
            "options": self.options,
            "players": [s.label for s in self.seats],
            **self.record_extra,
            "deals": [
                {**d.layout.to_json(), "actions": [[s, a] for s, a in d.actions]} for d in deals
            ],
        }

    @property
    def record_extra(self) -> JSON:
        """The game-level fields of the record (``time_up_in_deal``), not table settings."""
        return {k: v for k, v in self.extra.items() if k not in TABLE_ONLY}

    @property
    def practice(self) -> bool:
        """One person may hold every seat (no hidden-card promise holds then)."""
        return bool(self.extra.get("practice"))

    def public_record(self, seat: int | None) -> JSON:
        """The record with nothing hidden from ``seat``: full only once the game is over.

        While the game goes on, a deal's hidden parts (other hands, kitty,
        hidden actions such as a discard) cannot be told apart generically,
        so each deal gives its dealer, its public result and, once it is
        over, the viewer's own hand as dealt; the deal in progress gives
        nothing but its dealer, and the viewer's view says what the seat
        holds now. Why not the hand as dealt: a hand may be dealt in parts
        (Court Piece shows the caller five cards before trump is named).
        """
        if self.status == "over":
            return {**self.record(), "complete": True}
        deals: list[JSON] = []
        for played in self.match.deals if self.match else ():
            layout = played.layout.to_json()
            hands = layout.get("hands")
            entry: JSON = {"dealer": layout.get("dealer")}
            over = played.settlement is not None
            if over and isinstance(hands, list) and seat is not None:
                entry["hands"] = [h if i == seat else None for i, h in enumerate(hands)]
            if played.settlement is not None:
                entry["result"] = played.state.result()
                entry["points"] = list(played.settlement.points)
            deals.append(entry)
        out: JSON = {**self.record(), "deals": deals, "complete": False, "partial": True}
        if self.match is not None:
            out["view"] = self.view(seat)
        return out

    @property
    def next_seq(self) -> int:
        """The number the next action gets in the record."""
        return 0 if self.match is None else sum(len(d.actions) for d in self.match.deals)

    def public(self) -> JSON:
        """The table as everyone may see it (no tokens, no cards)."""
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "options": self.options,
            "status": self.status,
            "version": self.version,
            "grace_seconds": self.grace,
            "rematch": self.rematch,
            "deal_number": 0 if self.match is None else len(self.match.deals),
            "seats": [
                {
                    "seat": s.number,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "taken": s.kind == "bot" or s.token_hash is not None,
                    "connected": self.connected(s.number),
                    "stand_in": stands_in(self, s.number),
                }
                for s in self.seats
            ],
            "undo": self._bots_only_but_one(),
            "practice": self.practice,
            "private": bool(self.extra.get("private")),
            **pause_state(self),
            **friends_state(self),
            **duplicate_state(self),
            **closed_state(self),
            **({"again_of": self.extra["again_of"]} if "again_of" in self.extra else {}),
        }

    def view(self, seat: int | None, match: Match | None = None) -> JSON:
        """``seat``'s view of ``match`` (by default the table's), computed once per state.

        Why: one bot move asked the engine for the same view three times
        (whose turn it is, the bot's choice, the authority check), and each
        broadcast once more per seat. A state never changes and views are
        only read, so they are kept until the table moves on; they are kept
        per seat, so no seat is ever handed another's.
        """
        if match is None:
            match = self.match
        if match is None:
            raise RoomError("the game has not started")
        if match is not self._views_of:
            self._views_of = match
            self._views = {}
        view = self._views.get(seat)
        if view is None:
            view = match.view(seat)
            # At bridge against bots, a person may play their bot partner's contract.
            declarer = None if seat is None else plays_for(self, seat, match)
            if declarer is not None:
                view = with_declarers_hand(view, self.view(declarer, match))
            self._views[seat] = view
        return view

    def frame(self, seat: int | None) -> JSON:
        """The ``state`` frame for a connection at ``seat`` (``None``: a spectator)."""
        view = None if self.match is None else self.view(seat)
        frame: JSON = {
            "type": "state",
            "version": self.version,
            "seat": seat,
            "seq": self.next_seq,
            "table": self.public(),
            "view": view,
            "last_trick": self.last_trick,
            "last_deal": self._last_deal(),
            "notice": self.notice,
            **frame_explanations(view),
        }
        if seat is not None and self.match is not None and self._undoes(seat):
            # Why Undo cannot be pressed now (None: it can): the page greys it with the reason.
            frame["undo_refusal"] = self._undo_point(seat, name_cards=False)[1]
        return frame

    def _undoes(self, seat: int) -> bool:
        """Whether ``seat`` has an Undo: the one person at a table of bots."""
        return self._bots_only_but_one() and self.seats[seat].kind == "human"

    def _undo_point(
        self, seat: int, *, name_cards: bool = True
    ) -> tuple[int, None] | tuple[None, str]:
        """:func:`undo_point` at this table: the cards a person chose for a bot partner's
        contract are theirs, and what they were shown includes that partner's hand."""
        return undo_point(
            self.match,
            self.status,
            seat,
            deciders=lambda match: table_deciders(self, match),
            shown=shown_to(self, seat),
            name_cards=name_cards,
        )

    def _last_deal(self) -> JSON | None:
        if self.match is None:
            return None
        for number in range(len(self.match.deals) - 1, -1, -1):
            played = self.match.deals[number]
            if played.settlement is not None:
                return {
                    "number": number + 1,
                    "result": played.state.result(),
                    "points": list(played.settlement.points),
                }
        return None

    def broadcast(self) -> None:
        """Send every connection its seat's state (each view computed once per seat)."""
        frames: dict[int | None, str] = {}
        for conn in list(self.connections):
            if conn.seat not in frames:
                frames[conn.seat] = encode_frame(self.frame(conn.seat))
            conn.push_text("state", frames[conn.seat])

    @contextlib.asynccontextmanager
    async def subscribe(self, conn: Connection) -> AsyncIterator[Connection]:
        """Receive this table's states while inside (cleanup cannot be forgotten)."""
        self.connections.add(conn)
        conn.push(self.frame(None))
        self.wake.set()  # a table paused for nobody (``lobby.deserted``) has someone to play to
        try:
            yield conn
        finally:
            self.connections.discard(conn)
            self.detach(conn)
            self.idle_since = time.monotonic()
