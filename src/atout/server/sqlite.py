"""SQLite under the server: WAL, one writer with group commit, checkpoints beside it.

Why: in the default rollback-journal mode every action's commit costs
several fsyncs (about 12 ms here), which caps a whole server near 80
actions a second. In WAL mode with ``synchronous=NORMAL`` a commit is one
append (about 2 ms), readers never block the writer, and a commit survives a
crash of the process (SIGKILL); only a power cut may lose the last commits.
Writes take turns and actions are committed in groups (``writes.py``), and
the WAL is folded into the database by :func:`checkpoint_wal`, never inside
a commit. Other databases are left alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3

from sqlalchemy.engine import make_url

from atout.server.appends import Appender
from atout.server.storage import Store, database_url
from atout.server.writes import GroupCommit

__all__ = ["CHECKPOINT_EVERY", "PRAGMAS", "checkpoint_wal", "open_store", "sqlite_file"]

log = logging.getLogger("atout.server")

PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=10000", "wal_autocheckpoint=0")
"""WAL, one fsync per checkpoint rather than per commit, no checkpoint inside a commit."""
CHECKPOINT_EVERY = 5.0
"""Seconds between two passive WAL checkpoints (see :func:`checkpoint_wal`)."""


def open_store(url: str | None = None) -> Store:
    """The server's store: for SQLite, the pragmas and a writer (group commit) given to it."""
    url = database_url(url)
    if make_url(url).get_backend_name() != "sqlite":
        return Store(url)
    path = sqlite_file(url)
    writer = GroupCommit(Appender(path, PRAGMAS) if path else None)
    return Store(url, writer=writer, pragmas=PRAGMAS)


def sqlite_file(url: str) -> str | None:
    """The SQLite file behind a database URL, if there is one."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    return None if parsed.database == ":memory:" else parsed.database


async def checkpoint_wal(path: str, every: float = CHECKPOINT_EVERY) -> None:
    """Fold the WAL into the database every few seconds, beside the writer.

    Why: SQLite's automatic checkpoint runs inside a commit, and its fsync
    (up to a second on a busy disk) held every action behind it: the p99
    latency under load went from 1.1-1.4 s to under 60 ms once commits
    stopped checkpointing. A PASSIVE checkpoint on its own connection, in a
    thread, never blocks the writer; the WAL stays small.
    """

    def once() -> None:
        with contextlib.closing(sqlite3.connect(path, timeout=1)) as conn:
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")

    while True:
        await asyncio.sleep(every)
        try:
            await asyncio.to_thread(once)
        except sqlite3.Error:  # busy now: the next round will do it
            log.warning("WAL checkpoint failed", exc_info=True)
