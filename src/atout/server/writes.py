"""SQLite under load: one writer at a time, and actions committed in groups.

SQLite has a single writer, and each write through aiosqlite is several
round trips to its thread (begin, insert, update, commit), each one a hand-off
of the GIL. Under load (hundreds of tables) that, not the disk, was the
bottleneck. So, for SQLite only:

* every write of the store takes its turn on one :class:`asyncio.Lock`
  (pooled connections racing for SQLite's lock were put to sleep by its busy
  handler, 1 to 100 ms at a time);
* actions arriving while a write is under way are queued and then written
  together, in one transaction (*group commit*) of four statements whatever
  the group's size, and each caller still gets its own stored version.

Nothing changes for the rooms: ``add_action`` returns once the action is
committed, so the write-before-broadcast rule holds. If the group cannot be
written (a sequence conflict, say), its actions are written one by one, so
each caller gets its own answer (:class:`~atout.server.storage.SeqConflict`
for the loser), exactly as without grouping.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from typing import Any, cast

from sqlalchemy import Table, bindparam, insert, select, update

from atout.server.storage import ActionRow, Store, TableRow

__all__ = ["GroupCommit", "serialize_writes"]

WRITES = ("create_table", "save_seat", "save_table", "add_deal", "drop_actions")
"""The store's writes other than ``add_action`` (which :class:`GroupCommit` takes)."""
MAX_GROUP = 256
"""Most actions in one transaction (bounds the time a group holds the writer)."""


class GroupCommit:
    """Queue ``add_action`` calls; one drain task commits what has queued, together."""

    def __init__(self, store: Store, lock: asyncio.Lock) -> None:
        self.store = store
        self.lock = lock
        self.one_by_one = store.add_action
        self.queue: list[tuple[ActionRow, dict[str, Any], asyncio.Future[int]]] = []
        self.task: asyncio.Task[None] | None = None
        self.groups = 0
        """Transactions written (with :attr:`grouped`, tells the mean group size)."""
        self.grouped = 0

    async def add_action(self, row: ActionRow, **values: Any) -> int:
        """Append an action (with the table's new values); returns the stored version."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.queue.append((row, values, future))
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain(), name="atout-group-commit")
        return await future

    async def _drain(self) -> None:
        while self.queue:
            batch, self.queue = self.queue[:MAX_GROUP], self.queue[MAX_GROUP:]
            async with self.lock:
                try:
                    versions = await self._write(batch)
                except Exception:  # a conflict or a failure: each action on its own
                    await self._one_by_one(batch)
                    continue
            self.groups += 1
            self.grouped += len(batch)
            for (_, _, future), version in zip(batch, versions, strict=True):
                if not future.done():
                    future.set_result(version)

    async def _write(self, batch: list[tuple[ActionRow, dict[str, Any], Any]]) -> list[int]:
        """The group in one transaction and four statements, whatever its size.

        The versions follow the store's rule (``Store._set``: one more than the
        stored version, or the one asked for if higher), computed from one read:
        SQLite holds its write lock from the insert to the commit, so no other
        writer can move a version in between.
        """
        actions = cast(Table, ActionRow.__table__)
        tables = cast(Table, TableRow.__table__)
        async with self.store.sessions.begin() as session:
            await session.execute(
                insert(actions),
                [
                    {
                        "table_id": r.table_id,
                        "seq": r.seq,
                        "deal": r.deal,
                        "seat": r.seat,
                        "action": r.action,
                    }
                    for r, _, _ in batch
                ],
            )
            ids = {row.table_id for row, _, _ in batch}
            found = await session.execute(
                select(tables.c.id, tables.c.version).where(tables.c.id.in_(ids))
            )
            stored: dict[str, int] = {str(i): int(v or 0) for i, v in found.all()}
            versions: list[int] = []
            updates: dict[tuple[str, ...], list[dict[str, Any]]] = {}
            for row, values, _ in batch:
                version = max(stored[row.table_id] + 1, int(values.get("version", 0)))
                stored[row.table_id] = version
                versions.append(version)
                rest = {k: v for k, v in values.items() if k != "version"}
                updates.setdefault(tuple(sorted(rest)), []).append(
                    {"row_id": row.table_id, "version": version, **rest}
                )
            for keys, params in updates.items():
                columns: dict[str, Any] = {k: bindparam(k) for k in ("version", *keys)}
                statement = update(tables).where(tables.c.id == bindparam("row_id")).values(columns)
                await session.execute(statement, params)
            return versions

    async def _one_by_one(self, batch: list[tuple[ActionRow, dict[str, Any], Any]]) -> None:
        for row, values, future in batch:
            try:
                version = await self.one_by_one(row, **values)
            except Exception as error:  # handed to the caller, whose action it was
                if not future.done():
                    future.set_exception(error)
            else:
                if not future.done():
                    future.set_result(version)


def serialize_writes(store: Store) -> GroupCommit:
    """Give ``store`` one writer at a time and grouped actions (SQLite)."""
    lock = asyncio.Lock()

    def serial(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(method)
        async def write(*args: Any, **kwargs: Any) -> Any:
            async with lock:
                return await method(*args, **kwargs)

        return write

    for name in WRITES:
        if hasattr(store, name):
            setattr(store, name, serial(getattr(store, name)))
    group = GroupCommit(store, lock)
    store.add_action = group.add_action  # type: ignore[method-assign]
    return group
