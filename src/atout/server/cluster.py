"""This process among the others: announce changes, follow other processes, hold bot leases.

Several server processes may share one database (PostgreSQL) and one Redis.
Any of them accepts any action for any table; the record in the database is
the truth and ``UNIQUE(table_id, seq)`` settles a race for a turn. What this
module adds around the rooms (``rooms.py`` keeps the game logic):

* **Announce.** After each stored change a room publishes ``{"type":
  "changed", "table", "version", "seq", "origin", "action"}`` on the table's
  channel, in order, from one publisher task (a room never waits for Redis).
* **Follow.** Each room listens to its channel. A change from elsewhere whose
  version is exactly the next one and which carries an action that fits is
  applied to the in-memory match (no database read); anything else (a gap, a
  seat taken, an undo, a deal) reloads the room from its record. Either way
  each local connection then gets its own seat's view. A room that nobody
  here watches and whose bots another process plays does no work at all: it
  is marked stale and reloaded when next asked for (measured: following every
  table eagerly made two processes slower than one). The room does this
  itself (``Room.apply_remote``): the cluster hands it each event of its
  channel, and asks it to reload when stale (``Room.reload_if_stale``).
* **Presence.** Who is connected where, per seat, so the process that plays
  the bots does not stand in for a human connected to another process.
  Refreshed within a lease's time; a dead process's people count as gone once
  it lapses.
* **Leases.** Only the holder of a table's lease makes its automatic moves;
  another process takes over when the lease lapses (:mod:`atout.server.leases`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from atout.server.leases import Leases
from atout.server.pubsub import HUB_CHANNEL, Broadcast, Subscriber, table_channel

if TYPE_CHECKING:
    from atout.server.rooms import Hub, Room
    from atout.server.state import RoomState

__all__ = ["Cluster", "Presence"]

log = logging.getLogger("atout.server.cluster")

JSON = dict[str, Any]


class Presence:
    """People at a table through other processes: per origin, seat counts and when last heard."""

    def __init__(self, ttl: float) -> None:
        self.ttl = ttl
        self.heard: dict[str, tuple[list[int], float]] = {}

    def update(self, origin: str, counts: list[int], now: float) -> set[int]:
        """Record ``origin``'s counts; returns the seats it no longer has anyone at."""
        before, _ = self.heard.get(origin, ([], now))
        self.heard[origin] = (counts, now)
        return {
            seat
            for seat, count in enumerate(before)
            if count > 0 and (seat >= len(counts) or counts[seat] == 0)
        }

    def count(self, seat: int, now: float | None = None) -> int:
        """Connections at ``seat`` on other processes still heard from."""
        now = time.monotonic() if now is None else now
        return sum(
            counts[seat]
            for counts, heard in self.heard.values()
            if seat < len(counts) and now - heard < self.ttl
        )

    def lapsed(self, seat: int, now: float | None = None) -> float:
        """When someone at ``seat`` on a process no longer heard from was last counted."""
        now = time.monotonic() if now is None else now
        times = [
            heard + self.ttl
            for counts, heard in self.heard.values()
            if seat < len(counts) and counts[seat] > 0 and now - heard >= self.ttl
        ]
        return max(times, default=0.0)


class Cluster:
    """One process's link to the others: a broadcast, its leases, its publisher."""

    def __init__(self, hub: Hub, broadcast: Broadcast, leases: Leases) -> None:
        self.hub = hub
        self.broadcast = broadcast
        self.leases = leases
        self.name = leases.owner
        self._outbox: asyncio.Queue[tuple[str, JSON]] = asyncio.Queue()
        self._tasks: set[asyncio.Task[None]] = set()
        self._tried: dict[str, float] = {}

    # Life cycle.

    async def open(self) -> None:
        """Connect, start publishing, and load the tables other processes create."""
        await self.broadcast.connect()
        self._spawn(self._publisher(), "publisher")
        self._spawn(self._follow_hub(), "hub-listener")

    async def close(self) -> None:
        """Send what is queued, hand our leases back, disconnect."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(2.0):  # not wait_for, which may drop a cancellation
                await self._outbox.join()
        for room in list(self.hub.rooms.values()):
            if room.leased:
                with contextlib.suppress(Exception):
                    await self.leases.release(room.id)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(Exception):
            await self.broadcast.disconnect()
        with contextlib.suppress(Exception):
            await self.leases.close()

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # Announcing.

    def changed(self, room: Room, action: JSON | None = None) -> None:
        """A stored change of ``room``: tell the other processes (once per version)."""
        if room.version <= room.announced:
            return
        room.announced = room.version
        if self.broadcast.alone:
            return
        event = {
            "type": "changed",
            "table": room.id,
            "version": room.version,
            "seq": room.next_seq,
            "origin": self.name,
            "action": action,
        }
        self._send(table_channel(room.id), event)

    def boards_changed(self, room: RoomState) -> None:
        """A robot duplicate board of ``room`` was stored (no new version: a message of its own)."""
        message = {"type": "boards", "table": room.id, "origin": self.name}
        self._send(table_channel(room.id), message)

    def created(self, table_id: str) -> None:
        """A new table: the other processes load it, so they can take its bots over."""
        self._send(HUB_CHANNEL, {"type": "created", "table": table_id, "origin": self.name})

    def presence(self, room: RoomState) -> None:
        """This process's connections per seat of ``room``."""
        room.presence_sent = time.monotonic()
        counts = [seat.connections for seat in room.seats]
        message = {"type": "presence", "table": room.id, "origin": self.name, "seats": counts}
        self._send(table_channel(room.id), message)

    def _send(self, channel: str, message: JSON) -> None:
        """Queue ``message`` for the other processes (if any can hear it)."""
        if not self.broadcast.alone:
            self._outbox.put_nowait((channel, message))

    async def _publisher(self) -> None:
        """One sender, so the messages of a table leave in the order of its versions."""
        while True:
            channel, message = await self._outbox.get()
            try:
                await self.broadcast.publish(channel, message)
            finally:
                self._outbox.task_done()

    # Following.

    def watch(self, room: Room) -> asyncio.Task[None]:
        """Follow ``room``'s channel for as long as the process runs."""
        return self._spawn(self._follow(room), f"follow-{room.id}")

    async def _follow(self, room: Room) -> None:
        async with self.broadcast.subscribe(table_channel(room.id)) as events:
            room.events = events
            # Anything written between loading the room and subscribing shows now.
            events.queue.put_nowait({"type": "resync"})
            async for event in events:
                try:
                    await room.apply_remote(event)
                except Exception:
                    log.exception("table %s: cannot follow %s", room.id, event.get("type"))

    async def _follow_hub(self) -> None:
        async with self.broadcast.subscribe(HUB_CHANNEL) as events:
            async for event in events:
                table_id = event.get("table")
                if event.get("origin") != self.name and isinstance(table_id, str):
                    try:
                        await self.hub.get(table_id)
                    except Exception:
                        log.exception("table %s: cannot load", table_id)

    # Leases.

    async def drive(
        self, room: RoomState, step: Callable[[], Awaitable[float | None]]
    ) -> float | None:
        """Run one driver step if this process holds the table's lease; returns the wait.

        A holder comes back within a third of the lease to renew it; the others
        try again within half of it, so a dead holder is replaced within about
        one and a half leases.
        """
        now = time.monotonic()
        if (
            any(s.connections for s in room.seats)
            and now - room.presence_sent > self.leases.ttl / 3
        ):
            self.presence(room)
        if room.match is None or room.status != "playing":
            return None
        if not room.leased:
            # Not ours: ask again every half lease, not at every change of the table.
            retry = self._tried.get(room.id, 0.0) + self.leases.ttl / 2 - now
            if retry > 0:
                return retry
            self._tried[room.id] = now
        if not await self.leases.acquire(room.id):
            room.leased = False
            return self.leases.ttl / 2
        if not room.leased:
            room.leased = True
            # The previous holder may have moved the table on: start from the record.
            if await self.hub.store.version(room.id) != room.version:
                async with room.lock:
                    await room.reload()
                return 0
        wait = await step()
        third = self.leases.ttl / 3
        return third if wait is None else min(wait, third)

    async def fresh(self, room: Room) -> None:
        """Reload ``room`` if it changed elsewhere while nobody here watched it."""
        await room.reload_if_stale()

    async def release(self, room: RoomState) -> None:
        """The table needs no driver any more (game over)."""
        if room.leased:
            room.leased = False
            with contextlib.suppress(Exception):
                await self.leases.release(room.id)

    def reload_soon(self, room: Room) -> None:
        """Another process wrote between our last two versions: reload once the lock is free."""
        events: Subscriber | None = room.events
        if events is not None:
            events.queue.put_nowait({"type": "reload"})
