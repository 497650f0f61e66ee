"""SQLite under load: one writer at a time, and actions committed in groups.

SQLite has a single writer, and each write through aiosqlite is several
round trips to its thread (begin, insert, update, commit), each one a hand-off
of the GIL. Under load (hundreds of tables) that, not the disk, was the
bottleneck. So, for SQLite only:

* every write of the store takes its turn on one :class:`asyncio.Lock`, the
  writer's (pooled connections racing for SQLite's lock were put to sleep by
  its busy handler, 1 to 100 ms at a time);
* actions arriving while a write is under way are queued and then written
  together, in one transaction (*group commit*) of three statements whatever
  the group's size, and each caller still gets its own stored version; the
  transaction is one trip to a writer thread of its own (``appends.py``).

The writer is given to the store (``Store(url, writer=GroupCommit(...))``, see
``sqlite.open_store``), which sends its actions and deals through it and
takes the writer's lock for its other writes.

Deals (``add_deal``) join the same groups. Nothing changes for the rooms:
``add_action`` returns once the action is committed, so the
write-before-broadcast rule holds. If the group cannot be
written (a sequence conflict, say), its entries are written one by one, so
each caller gets its own answer (:class:`~atout.server.storage.SeqConflict`
for the loser), exactly as without grouping.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from atout.server.appends import Append, Appender
from atout.server.storage import ActionRow

__all__ = ["GroupCommit"]

MAX_GROUP = 256
"""Most actions in one transaction (bounds the time a group holds the writer)."""


class GroupCommit:
    """Queue ``add_action`` calls; one drain task commits what has queued, together."""

    def __init__(self, appender: Appender | None = None) -> None:
        self.lock = asyncio.Lock()
        """One write at a time: a group, or one of the store's other writes."""
        self.appender = appender
        """Writes a group in one transaction; without it (no database file) one by one."""
        self.one_action: Callable[..., Awaitable[int]] | None = None
        self.one_deal: Callable[..., Awaitable[int]] | None = None
        self.queue: list[tuple[Append, asyncio.Future[int]]] = []
        self.task: asyncio.Task[None] | None = None
        self.groups = 0
        """Transactions written (with :attr:`grouped`, tells the mean group size)."""
        self.grouped = 0

    def bind(
        self,
        one_action: Callable[..., Awaitable[int]],
        one_deal: Callable[..., Awaitable[int]],
    ) -> None:
        """The store's writes of one action and one deal, for entries written on their own."""
        self.one_action, self.one_deal = one_action, one_deal

    async def add_action(self, row: ActionRow, **values: Any) -> int:
        """Append an action (with the table's new values); returns the stored version."""
        action = (row.seq, row.deal, row.seat, row.action)
        return await self._queued(Append(row.table_id, values, action=action))

    async def add_deal(
        self, table_id: str, number: int, layout: dict[str, Any], **values: Any
    ) -> int:
        """Store a deal as dealt (with the table's new values); returns the stored version."""
        return await self._queued(Append(table_id, values, deal=(number, layout)))

    async def _queued(self, append: Append) -> int:
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.queue.append((append, future))
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain(), name="atout-group-commit")
        return await future

    async def _drain(self) -> None:
        while self.queue:
            batch, self.queue = self.queue[:MAX_GROUP], self.queue[MAX_GROUP:]
            async with self.lock:
                try:
                    versions = await self._write(batch)
                except Exception:  # a conflict, a failure, no appender: each action on its own
                    await self._one_by_one(batch)
                    continue
            self.groups += 1
            self.grouped += len(batch)
            for (_, future), version in zip(batch, versions, strict=True):
                if not future.done():
                    future.set_result(version)

    async def _write(self, batch: list[tuple[Append, Any]]) -> list[int]:
        """The group in one transaction (see ``appends.py``)."""
        if self.appender is None:
            raise LookupError("no appender: write one by one")
        return await self.appender.append([append for append, _ in batch])

    async def close(self) -> None:
        """Release the appender's connection and thread (the store closes after)."""
        if self.appender is not None:
            await self.appender.close()

    async def _one_by_one(self, batch: list[tuple[Append, asyncio.Future[int]]]) -> None:
        for append, future in batch:
            try:
                version = await self._one(append)
            except Exception as error:  # handed to the caller, whose action it was
                if not future.done():
                    future.set_exception(error)
            else:
                if not future.done():
                    future.set_result(version)

    async def _one(self, append: Append) -> int:
        """One action or deal through the store itself (its own transaction, its own errors)."""
        if self.one_action is None or self.one_deal is None:
            raise RuntimeError("the writer is not bound to a store")
        if append.deal is not None:
            number, layout = append.deal
            return await self.one_deal(append.table_id, number, dict(layout), **append.values)
        assert append.action is not None
        seq, deal, seat, action = append.action
        row = ActionRow(table_id=append.table_id, seq=seq, deal=deal, seat=seat, action=action)
        return await self.one_action(row, **append.values)
