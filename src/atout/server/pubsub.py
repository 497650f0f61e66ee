"""Pub/sub between server processes: Redis when ``ATOUT_REDIS_URL`` says so, else in memory.

The shape is encode/broadcaster's: a :class:`Broadcast` over a small
:class:`Backend` (connect, subscribe, unsubscribe, publish, next message),
with subscription as an ``async with`` so a room that goes away cannot forget
to unsubscribe, and one queue per subscriber so a slow room never holds up
the listener.

What travels is deliberately thin: ``{"type": "changed", "table", "version",
"seq", "origin", "action"}``. The database holds the record; a message only
says "table T is now at version V", so a process that misses one catches up
from the database at the next (versions are unique, so a gap shows). After a
backend hiccup every subscriber gets ``{"type": "resync"}`` for the same
reason: messages may have been lost, the database has not.

>>> import asyncio
>>> async def demo() -> dict[str, object]:
...     async with Broadcast(MemoryBackend(MemoryBus())) as hub:
...         async with hub.subscribe("table:abc") as events:
...             await hub.publish("table:abc", {"type": "changed", "version": 3})
...             return await events.get()
>>> asyncio.run(demo())
{'type': 'changed', 'version': 3}
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections import defaultdict
from collections.abc import AsyncIterator
from types import TracebackType
from typing import Any, Protocol

__all__ = [
    "HUB_CHANNEL",
    "Backend",
    "Broadcast",
    "MemoryBackend",
    "MemoryBus",
    "RedisBackend",
    "Subscriber",
    "broadcast_for",
    "redis_url",
    "table_channel",
]

log = logging.getLogger("atout.server.pubsub")

JSON = dict[str, Any]
HUB_CHANNEL = "atout:hub"
"""Process-wide news (a table was created), which every process listens to."""
RESYNC: JSON = {"type": "resync"}
"""Sent to every subscriber after the backend lost its connection: catch up from the database."""


def table_channel(table_id: str) -> str:
    """The channel of one table's changes.

    >>> table_channel("k3x9")
    'atout:table:k3x9'
    """
    return f"atout:table:{table_id}"


class Backend(Protocol):
    """Where messages really go: one connection per process, channels by name."""

    async def connect(self) -> None:
        """Open the connection."""

    async def disconnect(self) -> None:
        """Close it."""

    async def subscribe(self, channel: str) -> None:
        """Start receiving ``channel``."""

    async def unsubscribe(self, channel: str) -> None:
        """Stop receiving ``channel``."""

    async def publish(self, channel: str, message: str) -> None:
        """Send ``message`` to every process subscribed to ``channel`` (this one included)."""

    async def next_published(self) -> tuple[str, str]:
        """The next ``(channel, message)`` received (waits for one)."""


class MemoryBus:
    """Processes in one Python process: a test can run two hubs on one bus."""

    def __init__(self) -> None:
        self.backends: set[MemoryBackend] = set()


class MemoryBackend:
    """The in-process backend: what a single server uses without Redis, and tests."""

    def __init__(self, bus: MemoryBus | None = None) -> None:
        self.bus = bus or MemoryBus()
        self.channels: set[str] = set()
        self._inbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()

    async def connect(self) -> None:
        """Join the bus."""
        self.bus.backends.add(self)

    async def disconnect(self) -> None:
        """Leave the bus."""
        self.bus.backends.discard(self)

    async def subscribe(self, channel: str) -> None:
        """Receive ``channel``."""
        self.channels.add(channel)

    async def unsubscribe(self, channel: str) -> None:
        """Stop receiving ``channel``."""
        self.channels.discard(channel)

    async def publish(self, channel: str, message: str) -> None:
        """Deliver to every backend on the bus that listens to ``channel``."""
        for backend in list(self.bus.backends):
            if channel in backend.channels:
                backend._inbox.put_nowait((channel, message))

    async def next_published(self) -> tuple[str, str]:
        """The next message for this backend."""
        return await self._inbox.get()


class RedisBackend:
    """Redis pub/sub: one connection for publishing, one subscribed connection per process.

    redis-py resubscribes by itself when the connection comes back; messages
    published meanwhile are lost, which :class:`Broadcast` answers with a resync.
    """

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis  # noqa: PLC0415 - only scale-out needs Redis

        self.url = url
        self._redis = redis.Redis.from_url(url, health_check_interval=15)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)

    async def connect(self) -> None:
        """Check the server answers (fail at start-up, not at the first move)."""
        await self._redis.ping()

    async def disconnect(self) -> None:
        """Close both connections."""
        await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # untyped before redis 8.2
        await self._redis.aclose()

    async def subscribe(self, channel: str) -> None:
        """Receive ``channel``."""
        await self._pubsub.subscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        """Stop receiving ``channel``."""
        await self._pubsub.unsubscribe(channel)

    async def publish(self, channel: str, message: str) -> None:
        """Send to every subscribed process."""
        await self._redis.publish(channel, message)

    async def next_published(self) -> tuple[str, str]:
        """The next message (polls, so an unsubscribe-to-nothing never blocks forever)."""
        while True:
            if not self._pubsub.subscribed:
                await asyncio.sleep(0.05)
                continue
            message = await self._pubsub.get_message(timeout=1.0)
            if message is not None and message.get("type") == "message":
                return _text(message["channel"]), _text(message["data"])


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class Subscriber:
    """One subscription's queue of decoded messages."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        self.queue: asyncio.Queue[JSON] = asyncio.Queue()

    async def get(self) -> JSON:
        """The next message (waits for one)."""
        return await self.queue.get()

    def __aiter__(self) -> Subscriber:
        return self

    async def __anext__(self) -> JSON:
        return await self.queue.get()


class Broadcast:
    """Fan-out over one backend: many local subscribers per channel, one backend subscription."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._subscribers: defaultdict[str, set[Subscriber]] = defaultdict(set)
        self._listener: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Broadcast:
        await self.connect()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.disconnect()

    async def connect(self) -> None:
        """Connect the backend and start listening."""
        await self.backend.connect()
        self._listener = asyncio.create_task(self._listen(), name="pubsub-listener")

    async def disconnect(self) -> None:
        """Stop listening and close the backend."""
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
            self._listener = None
        await self.backend.disconnect()

    @property
    def alone(self) -> bool:
        """Nobody else can hear: the in-memory backend with no other process on its bus.

        A single server then publishes nothing: its own messages come back
        only to be ignored, and encoding, queueing and decoding one per action
        was a measurable share of its work under load.
        """
        backend = self.backend
        return isinstance(backend, MemoryBackend) and backend.bus.backends <= {backend}

    async def publish(self, channel: str, message: JSON) -> None:
        """Send ``message`` on ``channel``; a failure is logged, never raised.

        The write is already in the database when this runs: losing the
        message only delays other processes until their next catch-up.
        """
        try:
            await self.backend.publish(channel, json.dumps(message, separators=(",", ":")))
        except Exception:
            log.exception("publish on %s failed", channel)

    @contextlib.asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscriber]:
        """Receive ``channel``'s messages while inside."""
        subscriber = Subscriber(channel)
        if not self._subscribers[channel]:
            await self.backend.subscribe(channel)
        self._subscribers[channel].add(subscriber)
        try:
            yield subscriber
        finally:
            self._subscribers[channel].discard(subscriber)
            if not self._subscribers[channel]:
                del self._subscribers[channel]
                with contextlib.suppress(Exception):
                    await self.backend.unsubscribe(channel)

    async def _listen(self) -> None:
        """Hand each message to the channel's subscribers; after a failure, tell them all."""
        while True:
            try:
                channel, text = await self.backend.next_published()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("pub/sub connection lost; retrying")
                await asyncio.sleep(1.0)
                self._send_all(RESYNC)
                continue
            try:
                message = json.loads(text)
            except ValueError:
                continue
            for subscriber in list(self._subscribers.get(channel, ())):
                subscriber.queue.put_nowait(message)

    def _send_all(self, message: JSON) -> None:
        for subscribers in self._subscribers.values():
            for subscriber in subscribers:
                subscriber.queue.put_nowait(message)


def redis_url(url: str | None = None) -> str | None:
    """The Redis to use: the argument, else ``ATOUT_REDIS_URL``; ``None`` keeps it in process."""
    return url or os.environ.get("ATOUT_REDIS_URL") or None


def broadcast_for(redis_url: str | None, bus: MemoryBus | None = None) -> Broadcast:
    """Redis when a URL is given (``ATOUT_REDIS_URL``), else the in-memory backend.

    >>> type(broadcast_for(None).backend).__name__
    'MemoryBackend'
    """
    if redis_url:
        return Broadcast(RedisBackend(redis_url))
    return Broadcast(MemoryBackend(bus))
