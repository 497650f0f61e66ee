"""Seats: who sits where, by token and browser; joining, leaving, connections, presence.

A seat is taken with a secret token (only its SHA-256 is stored) by one
browser (``browsers.py``); one person holds one seat of a table unless it is a
practice table. Connections attach to their seat: the last one to leave
starts the seat's grace period, after which a stand-in plays (``driver.py``).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from atout.bots.registry import BOT_NAMES, make_bot
from atout.core import Game
from atout.server.connections import Connection
from atout.server.errors import QuotaError, RoomError, SeatHeld
from atout.server.messages import TokenBucket
from atout.server.state import RoomState
from atout.server.storage import SeatRow, SeatTaken, hash_token

__all__ = ["Seat", "Seating", "available_bots", "parse_seats"]

JSON = dict[str, Any]


@dataclass(slots=True)
class Seat:
    """A chair at the table and who is in it now."""

    number: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    browser_hash: str | None = None
    """Which browser took the seat (``browsers.py``): one seat a browser."""
    connections: int = 0
    away_since: float = field(default_factory=time.monotonic)
    requests: TokenBucket | None = None
    """The seat's budget of costly requests (``Settings.request_rate``), made at the first."""

    @property
    def label(self) -> str:
        """The record's player name for this seat."""
        return f"bot:{self.bot}" if self.kind == "bot" else (self.name or "human")

    def row(self, table_id: str) -> SeatRow:
        """The stored form."""
        return SeatRow(
            table_id=table_id,
            seat=self.number,
            kind=self.kind,
            bot=self.bot,
            name=self.name,
            token_hash=self.token_hash,
            browser_hash=self.browser_hash,
        )


def available_bots(game_id: str) -> list[str]:
    """The bot names that exist for this game (greedy lands per game, module by module)."""
    names = []
    for name in BOT_NAMES:
        try:
            make_bot(name, game_id, seed=0)
        except Exception:  # a missing or broken bot is just not offered
            continue
        names.append(name)
    return names


def parse_seats(game: Game, seats: list[str]) -> list[Seat]:
    if not isinstance(seats, list) or len(seats) != game.players:
        raise RoomError(f"{game.title} needs {game.players} seats")
    bots = available_bots(game.id)
    chairs = []
    for number, spec in enumerate(seats):
        text = str(spec).strip().lower()
        if text == "human":
            chairs.append(Seat(number, "human"))
            continue
        kind, _, name = text.partition(":")
        if kind != "bot" or name not in bots:
            raise RoomError(
                f"seat {number}: {spec!r} is not 'human' or one of "
                + ", ".join(f"bot:{b}" for b in bots)
            )
        chairs.append(Seat(number, "bot", bot=name))
    return chairs


class Seating(RoomState):
    """A room's seats and connections (mixed into :class:`~atout.server.rooms.Room`)."""

    def heard_presence(self, event: JSON) -> None:
        """Another process's count of people per seat: a seat it no longer has anyone at
        starts its grace period; a change of who is connected is told to everyone."""
        origin, counts = event.get("origin"), event.get("seats")
        if origin == self.hub.cluster.name or not isinstance(origin, str):
            return
        if not isinstance(counts, list):
            return
        now = time.monotonic()
        before = [self.connected(s.number) for s in self.seats]
        for seat in self.presence.update(origin, [int(c) for c in counts], now):
            if seat < len(self.seats):
                self.seats[seat].away_since = now
        if before != [self.connected(s.number) for s in self.seats]:
            self.broadcast()
            self.wake.set()

    def connected(self, seat: int) -> bool:
        """Someone sits at ``seat``, through this process or another."""
        return self.seats[seat].connections > 0 or self.presence.count(seat) > 0

    def _bots_only_but_one(self) -> bool:
        return sum(s.kind == "human" for s in self.seats) == 1

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens, if any."""
        if not token:
            return None
        hashed = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, hashed):
                return seat.number
        return None

    def require_seat(self, token: str | None) -> int:
        """The token's seat, or a refusal."""
        seat = self.seat_of(token)
        if seat is None:
            raise RoomError("unknown seat token for this table")
        return seat

    def require_seat_request(self, token: str | None) -> int:
        """The token's seat, for a request that costs the server work: within the seat's budget.

        Hints run a bot, undo replays the deal, next deal and bot speed write to the store:
        one seat sending them in a loop would cost every other table its share of the machine.
        """
        seat = self.require_seat(token)
        self.charge(seat)
        return seat

    def charge(self, seat: int) -> None:
        """Spend one of ``seat``'s requests (HTTP or WebSocket alike: one budget a seat, however
        many connections it opens), or refuse."""
        chair = self.seats[seat]
        if chair.requests is None:
            settings = self.hub.settings
            chair.requests = TokenBucket(settings.request_rate, settings.request_burst)
        if not chair.requests.take():
            raise QuotaError("too many requests from your seat: wait a moment and try again")

    def attach(self, conn: Connection, seat: int) -> None:
        """A connection takes its seat: the human is back, the stand-in steps aside.

        A connection already in that seat saying hello again is sent its frame alone: a
        repeated hello used to redraw every connection at the table each time.
        """
        if conn.seat == seat:
            conn.push(self.frame(seat))
            return
        self.detach(conn)
        conn.seat = seat
        self.seats[seat].connections += 1
        self.hub.cluster.presence(self)
        self.wake.set()
        self.broadcast()

    def detach(self, conn: Connection) -> None:
        """A seated connection leaves; the seat's grace period starts when the last one does."""
        if conn.seat is None:
            return
        seat = self.seats[conn.seat]
        conn.seat = None
        seat.connections = max(0, seat.connections - 1)
        if seat.connections == 0:
            seat.away_since = time.monotonic()
        self.hub.cluster.presence(self)
        self.wake.set()
        self.broadcast()

    async def join(
        self,
        name: str | None,
        seat: int | None = None,
        *,
        token: str | None = None,
        browser: str | None = None,
    ) -> tuple[int, str]:
        """Take an open human seat (the first one unless named); returns it and its token.

        One seat a person: whoever holds a seat here (its ``token``, or the
        ``browser`` that took it) is refused another, :class:`SeatHeld`,
        unless the table is a practice table. The database decides between
        two people sitting down at once on two processes: the loser is
        seated elsewhere if any seat would do, or told.
        """
        async with self.lock:
            new_token = secrets.token_urlsafe(24)
            token_hash = hash_token(new_token)
            browser_hash = hash_token(browser) if browser else None
            for _ in self.seats:
                chair = self._open_seat(seat)
                self._refuse_a_second_seat(token, browser_hash, chair.number)
                label = name or f"Player {chair.number + 1}"
                try:
                    stored = await self.hub.store.claim_seat(
                        self.id,
                        chair.number,
                        token_hash,
                        label,
                        browser_hash=browser_hash,
                        one_per_browser=not self.practice,
                        version=self.version + 1,
                    )
                except SeatTaken:  # someone (or this browser) sat down through another process
                    await self.reload()
                    self._refuse_a_second_seat(token, browser_hash, chair.number)
                    if seat is not None:
                        raise RoomError(f"seat {seat} was just taken") from None
                    continue
                self.adopt(stored)
                chair.token_hash, chair.name, chair.browser_hash = token_hash, label, browser_hash
                break
            else:
                raise RoomError("no free seat at this table")
            if self.status == "waiting" and all(
                s.token_hash for s in self.seats if s.kind == "human"
            ):
                await self._start()
            self._changed()
            return chair.number, new_token

    def _refuse_a_second_seat(self, token: str | None, browser_hash: str | None, seat: int) -> None:
        """:class:`SeatHeld` if the token's holder or this browser sits, or sat, at another seat.

        A browser that left a seat once the cards were out keeps its mark on that seat (see
        :meth:`leave`): it may come back to it, not take another, whose hand it would then
        see beside the one it saw (leave, join the partner's seat, leave, come back).
        """
        if self.practice:
            return
        held = self.seat_of(token)
        if held is None and browser_hash is not None:
            held = next(
                (
                    s.number
                    for s in self.seats
                    if s.browser_hash == browser_hash and s.number != seat
                ),
                None,
            )
        if held is not None:
            raise SeatHeld(
                f"you already sit at this table as {self.seats[held].label}: one seat a person"
                " (a friend joins from their own browser with the invite link)"
            )

    def _open_seat(self, seat: int | None) -> Seat:
        if self.status == "over":
            raise RoomError("this game is over")
        if self.status == "expired":
            raise RoomError("this table has expired")
        open_seats = [s for s in self.seats if s.kind == "human" and s.token_hash is None]
        if seat is None:
            if not open_seats:
                raise RoomError("no free seat at this table")
            return open_seats[0]
        if not 0 <= seat < len(self.seats) or self.seats[seat] not in open_seats:
            raise RoomError(f"seat {seat} is not free")
        return self.seats[seat]

    async def leave(self, token: str | None) -> None:
        """Give up a seat: the token stops working and a bot plays until someone joins."""
        async with self.lock:
            chair = self.seats[self.require_seat(token)]
            # Before the deal nobody has seen a card: the browser may then sit anywhere.
            seen = None if self.status == "waiting" else chair.browser_hash
            try:
                stored = await self.hub.store.release_seat(
                    self.id,
                    chair.number,
                    str(chair.token_hash),
                    browser_hash=seen,
                    version=self.version + 1,
                )
            except SeatTaken:  # already left, through another process
                await self.reload()
                raise RoomError("you no longer hold this seat") from None
            self.adopt(stored)
            if self.status == "playing":
                # Told to the others (issue #35): the seat was silently taken over by a bot.
                self.notice = {
                    "seat": chair.number,
                    "action": "left",
                    "name": chair.name,
                    "version": self.version,
                }
            chair.token_hash = None
            chair.name = None
            chair.browser_hash = seen
            chair.away_since = time.monotonic()
            for conn in self.connections:
                if conn.seat == chair.number:
                    conn.seat = None
            chair.connections = 0
            self.hub.cluster.presence(self)
            self._changed()
