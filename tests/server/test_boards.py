"""A robot duplicate board is played once over all processes (SQLite here; PostgreSQL in
tests/scale/test_boards.py): the database lets one process take it."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from atout.server.boards import STALE_SECONDS, drop_board, load_boards, store_board, take_board
from atout.server.storage import SeatRow, Store, TableRow

TABLE = "t1"
HARD = {"result": {"tricks_won": [7, 3]}, "points": [1, 0]}


async def boards_are_taken_once(url: str) -> None:
    """Two stores (two processes) race for each board; one wins, the version stays."""
    first, second = Store(url), Store(url)
    try:
        await first.create_schema()
        await first.create_table(
            TableRow(id=TABLE, game="court-piece", options={}, seed=1, status="playing"),
            [SeatRow(table_id=TABLE, seat=n, kind="human" if n == 0 else "bot") for n in range(4)],
        )
        version = await first.version(TABLE)
        taken = await asyncio.gather(
            take_board(first, TABLE, 0, 0, "a"), take_board(second, TABLE, 0, 0, "b")
        )
        assert sorted(taken) == [False, True]
        assert await load_boards(second, TABLE) == []  # taken, not played: nothing to show
        await store_board(first if taken[0] else second, TABLE, 0, HARD)
        [board] = await load_boards(second, TABLE)
        assert (board.deal, board.seat, board.hard) == (0, 0, HARD)
        stored = await second.load(TABLE)
        assert stored is not None and [b.hard for b in stored.boards] == [HARD]
        # Storing leaves the table's version (the bots watch it) alone.
        assert await second.version(TABLE) == version
        # A played board is never taken again, however old.
        later = datetime.now(UTC) + timedelta(seconds=2 * STALE_SECONDS)
        assert not await take_board(second, TABLE, 0, 0, "b", now=later)

        # A board taken by a process that died is taken over once its claim is stale.
        assert await take_board(first, TABLE, 1, 0, "a")
        assert not await take_board(second, TABLE, 1, 0, "b")
        over = await asyncio.gather(
            take_board(first, TABLE, 1, 0, "c", now=later),
            take_board(second, TABLE, 1, 0, "b", now=later),
        )
        assert sorted(over) == [False, True]
        # One given back (its worker refused it) may be taken again at once.
        await drop_board(first, TABLE, 1, "a")  # not a's any more: nothing happens
        assert not await take_board(first, TABLE, 1, 0, "a", now=later)
        holder = "c" if over[0] else "b"
        await drop_board(first, TABLE, 1, holder)
        assert await take_board(first, TABLE, 1, 0, "a")
    finally:
        await first.close()
        await second.close()


def test_a_board_is_taken_once_on_sqlite(tmp_path: Path) -> None:
    asyncio.run(boards_are_taken_once(f"sqlite:///{tmp_path / 'atout.db'}"))
