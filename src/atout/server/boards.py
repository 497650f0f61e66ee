"""The robot duplicate boards in the database: taken once over all processes, stored aside.

A board (deal ``k`` of a table played again by Hard, ``duplicate.py``) costs a
second or more of CPU. Every process that loads a robot duplicate table would
play the boards it lacks, so a cluster of servers played each board once per
process. Here a process first *takes* the board: it inserts the row
``(table_id, deal)``, and the primary key lets exactly one insert in; the
others are told the board is taken and leave it. A claim whose process died
(no result after :data:`STALE_SECONDS`) may be taken over, by a conditional
update that again only one process wins.

The rows live beside the table, not in its ``extra``: storing a board does
not bump the table's version, which the driver compares to know whether a
bot's choice still applies (a bump made a thinking bot think again).
"""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from atout.server.storage import BoardRow, Store

__all__ = ["STALE_SECONDS", "drop_board", "load_boards", "store_board", "take_board"]

JSON = dict[str, Any]

STALE_SECONDS = 600.0
"""A claim without a result after this long belongs to a process that died: it may be taken.

Far above a board's worst case (20 waits of 5 s for a busy worker, then its 30 s bound)."""


def _turn(store: Store) -> contextlib.AbstractAsyncContextManager[Any]:
    """The store's writer turn (SQLite writes take turns; PostgreSQL needs none)."""
    return store.writer.lock if store.writer is not None else contextlib.nullcontext()


async def take_board(
    store: Store, table_id: str, deal: int, seat: int, holder: str, *, now: datetime | None = None
) -> bool:
    """Whether ``holder`` may play the board: ``True`` for exactly one caller.

    ``False`` when the board is played already or another process is playing
    it (its claim younger than :data:`STALE_SECONDS`).
    """
    now = now or datetime.now(UTC)
    try:
        async with _turn(store), store.sessions.begin() as session:
            session.add(
                BoardRow(table_id=table_id, deal=deal, seat=seat, holder=holder, taken_at=now)
            )
    except IntegrityError:
        pass
    else:
        return True
    cutoff = now - timedelta(seconds=STALE_SECONDS)
    async with _turn(store), store.sessions.begin() as session:
        taken = await session.execute(
            update(BoardRow)
            .where(
                BoardRow.table_id == table_id,
                BoardRow.deal == deal,
                BoardRow.hard.is_(None),
                BoardRow.taken_at < cutoff,
            )
            .values(holder=holder, taken_at=now, seat=seat)
            .execution_options(synchronize_session=False)
        )
        return int(getattr(taken, "rowcount", 0)) == 1


async def store_board(store: Store, table_id: str, deal: int, hard: JSON) -> None:
    """Hard's result for a board taken with :func:`take_board` (the table row is not touched)."""
    async with _turn(store), store.sessions.begin() as session:
        await session.execute(
            update(BoardRow)
            .where(BoardRow.table_id == table_id, BoardRow.deal == deal)
            .values(hard=hard)
            .execution_options(synchronize_session=False)
        )


async def drop_board(store: Store, table_id: str, deal: int, holder: str) -> None:
    """Give back a board ``holder`` took but could not play, so a later load tries again."""
    async with _turn(store), store.sessions.begin() as session:
        await session.execute(
            delete(BoardRow).where(
                BoardRow.table_id == table_id,
                BoardRow.deal == deal,
                BoardRow.holder == holder,
                BoardRow.hard.is_(None),
            )
        )


async def load_boards(store: Store, table_id: str) -> list[BoardRow]:
    """The boards of a table played so far, in deal order."""
    async with store.sessions() as session:
        rows = await session.scalars(
            select(BoardRow)
            .where(BoardRow.table_id == table_id, BoardRow.hard.is_not(None))
            .order_by(BoardRow.deal)
        )
        return list(rows)
