"""Group commit's writer: actions and deals in one transaction, in one trip to one thread.

Why: through SQLAlchemy and aiosqlite a group took some six round trips to
the database's thread (begin, insert, read, update, commit, cursor closes),
each one a hand-off of the GIL and a wake-up of the event loop, and the SQL
was built on the loop. Under load those trips, not SQLite, were the serial
cost of a write, and a busy loop stretched each of them. Here the whole
transaction is one function on a plain :mod:`sqlite3` connection, run by one
dedicated thread (:mod:`sqlite3` releases the GIL while SQLite works): a
group costs the loop a single hand-off, whatever its size.

Nothing changes for durability: the same database file and pragmas (WAL,
``synchronous=NORMAL``: a commit survives a crash of the process), and each
caller learns its version only once ``COMMIT`` has returned. The statements
follow the store's rules (``Store.add_action`` and ``Store._set``): the new
version is one more than the stored one, or the one asked for if higher; an
append naming an ``epoch`` is refused if the table is no longer at it.
Deals come this way too: when the deals of many tables ended together, each
one's write through SQLAlchemy held the writer for tens of milliseconds, and
the actions queued behind them waited for all of them.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table

from atout.server.storage import SeqConflict, TableRow

__all__ = ["Append", "Appender"]

INSERT = "INSERT INTO actions (table_id, seq, deal, seat, action) VALUES (?, ?, ?, ?, ?)"
INSERT_DEAL = "INSERT INTO deals (table_id, number, layout) VALUES (?, ?, ?)"
COLUMNS = frozenset(cast(Table, TableRow.__table__).columns.keys()) - {"id"}
"""The table columns an append may set (names are checked before they reach SQL)."""


@dataclass(frozen=True, slots=True)
class Append:
    """One action or one deal to store, with the values its table takes (``version``...)."""

    table_id: str
    values: Mapping[str, Any]
    action: tuple[int, int, int, str] | None = None
    """``(seq, deal, seat, action)``: an action of the record."""
    deal: tuple[int, Mapping[str, Any]] | None = None
    """``(number, layout)``: a deal as dealt."""


class Appender:
    """Writes groups of :class:`Append` to an SQLite file, on its own connection and thread."""

    def __init__(self, path: str, pragmas: Sequence[str] = ()) -> None:
        self.path = path
        self.pragmas = tuple(pragmas)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="atout-appender")
        self._connection: sqlite3.Connection | None = None

    async def append(self, group: Sequence[Append]) -> list[int]:
        """Store the group in one transaction; the tables' new versions, in the group's order.

        Any failure (a sequence number taken, an epoch past, the disk) rolls
        the whole group back and is raised.
        """
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._append, list(group))

    async def close(self) -> None:
        """Close the connection and stop the thread."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._close)
        self._thread.shutdown()

    # In the thread.

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            # isolation_level=None: the transaction is the explicit BEGIN ... COMMIT below.
            connection = sqlite3.connect(self.path, isolation_level=None)
            for pragma in self.pragmas:
                connection.execute(f"PRAGMA {pragma}")
            self._connection = connection
        return self._connection

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _append(self, group: list[Append]) -> list[int]:
        connection = self._connect()
        connection.execute("BEGIN IMMEDIATE")
        try:
            versions = _write(connection, group)
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        return versions


def _write(connection: sqlite3.Connection, group: list[Append]) -> list[int]:
    """The group's statements: inserts, one read of the tables, one update per column set."""
    deals = [(a.table_id, a.deal[0], json.dumps(a.deal[1])) for a in group if a.deal]
    if deals:
        connection.executemany(INSERT_DEAL, deals)
    actions = [(a.table_id, *a.action) for a in group if a.action]
    if actions:
        connection.executemany(INSERT, actions)
    ids = list(dict.fromkeys(a.table_id for a in group))
    guarded = any(a.values.get("epoch") is not None for a in group)
    columns = "id, version, epoch" if guarded else "id, version"
    marks = ", ".join("?" * len(ids))
    stored: dict[str, list[int]] = {
        str(row[0]): [int(v or 0) for v in row[1:]]
        for row in connection.execute(f"SELECT {columns} FROM tables WHERE id IN ({marks})", ids)
    }
    versions: list[int] = []
    updates: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
    for append in group:
        now = stored[append.table_id]
        values = dict(append.values)
        epoch = values.pop("epoch", None)
        if epoch is not None and epoch != now[1]:
            raise SeqConflict(f"table {append.table_id} was taken back (undo) since epoch {epoch}")
        now[0] = max(now[0] + 1, int(values.pop("version", 0)))
        versions.append(now[0])
        keys = tuple(sorted(values))
        if not COLUMNS.issuperset(keys):
            raise ValueError(f"not columns of a table: {sorted(set(keys) - COLUMNS)}")
        updates.setdefault(keys, []).append((now[0], *(values[k] for k in keys), append.table_id))
    for keys, rows in updates.items():
        assignments = ", ".join(f"{column} = ?" for column in ("version", *keys))
        connection.executemany(f"UPDATE tables SET {assignments} WHERE id = ?", rows)
    return versions
