"""Leases: which process plays a table's bots, so each bot move is made once.

Any process may *accept* an action for any table (the database's
``UNIQUE(table_id, seq)`` decides races), but only one should *make* the
automatic moves (bots, stand-ins for away humans, dealing), or every process
would think for every bot. The holder of a table's lease does; it renews the
lease while it drives the table, and if it dies the lease expires and another
process takes over. A lease is an optimisation, never the safety: a holder
that stalls past its lease and comes back still loses any race at the
database.

With Redis a lease is a key set with ``SET NX PX`` and renewed or released by
a script that checks the owner (so nobody renews or drops someone else's
lease). Without Redis, :class:`MemoryLeases` keeps them in the process.

>>> import asyncio
>>> board = MemoryLeaseBoard()
>>> a, b = MemoryLeases(board, "a", ttl=5), MemoryLeases(board, "b", ttl=5)
>>> asyncio.run(a.acquire("t1")), asyncio.run(b.acquire("t1")), asyncio.run(a.acquire("t1"))
(True, False, True)
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from typing import Any, Protocol

__all__ = [
    "DEFAULT_TTL",
    "LeaseBoard",
    "Leases",
    "MemoryLeaseBoard",
    "MemoryLeases",
    "RedisLeases",
    "leases_for",
    "process_name",
]

DEFAULT_TTL = 15.0
"""Seconds a lease lasts unless renewed: the longest a dead process keeps its tables' bots."""

# Take the lease if it is free, or renew it if it is ours: one round trip, atomic.
_ACQUIRE = """
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if current then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


def process_name() -> str:
    """A name for this process, unique across machines and restarts (host, pid, random)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def lease_key(table_id: str) -> str:
    """The Redis key of a table's lease.

    >>> lease_key("k3x9")
    'atout:lease:k3x9'
    """
    return f"atout:lease:{table_id}"


class Leases(Protocol):
    """Per-table leases held by one process."""

    owner: str
    ttl: float

    async def acquire(self, table_id: str) -> bool:
        """Take the table's lease or renew ours; ``False`` when another process holds it."""

    async def release(self, table_id: str) -> None:
        """Give the lease up if we hold it (a graceful shutdown hands tables over at once)."""

    async def close(self) -> None:
        """Release connections."""


class LeaseBoard(Protocol):
    """Marker for the shared state of in-memory leases."""

    held: dict[str, tuple[str, float]]


class MemoryLeaseBoard:
    """Leases of the hubs of one Python process (several in a test): name -> (owner, expiry)."""

    def __init__(self) -> None:
        self.held: dict[str, tuple[str, float]] = {}


class MemoryLeases:
    """Leases without Redis: always granted to a lone process, shared between test hubs."""

    def __init__(
        self, board: LeaseBoard | None = None, owner: str | None = None, *, ttl: float = DEFAULT_TTL
    ) -> None:
        self.board = board or MemoryLeaseBoard()
        self.owner = owner or process_name()
        self.ttl = ttl

    async def acquire(self, table_id: str) -> bool:
        """Take or renew, unless someone else's lease is still running."""
        now = time.monotonic()
        holder = self.board.held.get(table_id)
        if holder is not None and holder[0] != self.owner and holder[1] > now:
            return False
        self.board.held[table_id] = (self.owner, now + self.ttl)
        return True

    async def release(self, table_id: str) -> None:
        """Drop our lease."""
        holder = self.board.held.get(table_id)
        if holder is not None and holder[0] == self.owner:
            del self.board.held[table_id]

    async def close(self) -> None:
        """Nothing to close."""


class RedisLeases:
    """Leases as Redis keys with a time to live (``SET NX PX``, renewed while driving)."""

    def __init__(self, url: str, owner: str | None = None, *, ttl: float = DEFAULT_TTL) -> None:
        import redis.asyncio as redis  # noqa: PLC0415 - only scale-out needs Redis

        self.owner = owner or process_name()
        self.ttl = ttl
        self._redis = redis.Redis.from_url(url)
        self._acquire: Any = self._redis.register_script(_ACQUIRE)
        self._release: Any = self._redis.register_script(_RELEASE)

    async def acquire(self, table_id: str) -> bool:
        """Take or renew in one atomic script."""
        ms = max(1, int(self.ttl * 1000))
        taken = await self._acquire(keys=[lease_key(table_id)], args=[self.owner, ms])
        return bool(taken)

    async def release(self, table_id: str) -> None:
        """Delete the key if it is still ours."""
        await self._release(keys=[lease_key(table_id)], args=[self.owner])

    async def close(self) -> None:
        """Close the connection."""
        await self._redis.aclose()


def leases_for(
    redis_url: str | None,
    *,
    owner: str | None = None,
    ttl: float | None = None,
    board: LeaseBoard | None = None,
) -> Leases:
    """Redis leases when a URL is given, else in-memory ones.

    ``ttl`` defaults to ``ATOUT_LEASE_SECONDS``, then :data:`DEFAULT_TTL`.

    >>> leases_for(None, ttl=3).ttl
    3
    """
    if ttl is None:
        ttl = float(os.environ.get("ATOUT_LEASE_SECONDS", DEFAULT_TTL))
    if redis_url:
        return RedisLeases(redis_url, owner, ttl=ttl)
    return MemoryLeases(board, owner, ttl=ttl)
