"""What every part of a room holds and may call, told to the type checker.

A :class:`~atout.server.rooms.Room` is put together from parts with one job
each: :class:`~atout.server.frames.Frames` (what readers see),
:class:`~atout.server.seats.Seating` (who sits where),
:class:`~atout.server.driver.Driver` (the automatic moves), and the room's
own act / advance / undo / reload. The parts use each other's attributes and
methods through ``self``; :class:`RoomState` declares them once, so each part
is checked on its own. At run time it is an empty class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncio
    import random

    from atout.bots import Bot
    from atout.core import Game, Match
    from atout.server.cluster import Presence
    from atout.server.connections import Connection
    from atout.server.pacing import DealPause
    from atout.server.pubsub import Subscriber
    from atout.server.rooms import Hub
    from atout.server.seats import Seat

__all__ = ["RoomState"]

JSON = dict[str, Any]

if TYPE_CHECKING:

    class RoomState:
        """The attributes ``Room.__init__`` sets and the methods the parts share."""

        hub: Hub
        id: str
        game: Game
        options: JSON
        seed: int
        status: str
        version: int
        epoch: int
        grace: float
        extra: JSON
        boards: dict[int, JSON]
        board_entries: dict[int, tuple[Any, Any, JSON | None]]
        rematch: str | None
        seats: list[Seat]
        match: Match | None
        lock: asyncio.Lock
        wake: asyncio.Event
        connections: set[Connection]
        last_trick: JSON | None
        notice: JSON | None
        deal_pause: DealPause
        _bots: dict[tuple[int, str], Bot]
        _views: dict[int | None, JSON]
        _views_of: Match | None
        announced: int
        presence: Presence
        presence_sent: float
        leased: bool
        events: Subscriber | None
        stale: bool
        started_at: float | None
        idle_since: float

        # The room's own (rooms.py).
        def adopt(self, stored: int) -> None:
            raise NotImplementedError

        async def _start(self) -> None:
            raise NotImplementedError

        def _rng(self, deal: int) -> random.Random:
            raise NotImplementedError

        def _changed(self, action: JSON | None = None) -> None:
            raise NotImplementedError

        async def _apply(self, seat: int, action: str) -> None:
            raise NotImplementedError

        async def reload(self) -> None:
            raise NotImplementedError

        # Frames (frames.py).
        @property
        def practice(self) -> bool:
            raise NotImplementedError

        @property
        def next_seq(self) -> int:
            raise NotImplementedError

        @property
        def record_extra(self) -> JSON:
            raise NotImplementedError

        def record(self) -> JSON:
            raise NotImplementedError

        def public(self) -> JSON:
            raise NotImplementedError

        def view(self, seat: int | None, match: Match | None = None) -> JSON:
            raise NotImplementedError

        def frame(self, seat: int | None) -> JSON:
            raise NotImplementedError

        def broadcast(self) -> None:
            raise NotImplementedError

        # Seats (seats.py).
        def connected(self, seat: int) -> bool:
            raise NotImplementedError

        def _bots_only_but_one(self) -> bool:
            raise NotImplementedError

        def seat_of(self, token: str | None) -> int | None:
            raise NotImplementedError

        def require_seat(self, token: str | None) -> int:
            raise NotImplementedError

        def require_seat_request(self, token: str | None) -> int:
            raise NotImplementedError

        def charge(self, seat: int) -> None:
            raise NotImplementedError

        def detach(self, conn: Connection) -> None:
            raise NotImplementedError

else:

    class RoomState:
        """The parts of a room share the room's attributes (declared for the type checker)."""
