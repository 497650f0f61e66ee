"""The group writer: actions and deals of several tables in one transaction, as the store."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from atout.server.appends import Append, Appender
from atout.server.storage import SeatRow, SeqConflict, Store, TableRow


async def _two_tables(path: Path) -> None:
    store = Store(f"sqlite:///{path}")
    await store.create_schema()
    for table_id, version in (("a", 3), ("b", 7)):
        row = TableRow(
            id=table_id, game="court-piece", options={}, seed=1, status="playing", version=version
        )
        seats = [SeatRow(table_id=table_id, seat=s, kind="bot", bot="random") for s in range(4)]
        await store.create_table(row, seats)
    await store.close()


def _stored(path: Path, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(query))


def test_a_group_of_actions_and_deals_is_stored_with_the_store_s_versions(tmp_path: Path) -> None:
    path = tmp_path / "atout.db"

    async def scenario() -> list[int]:
        await _two_tables(path)
        appender = Appender(str(path))
        try:
            return await appender.append(
                [
                    Append("a", {"version": 4}, deal=(0, {"dealer": 3, "hands": ["x"]})),
                    Append("b", {"version": 2, "status": "over"}, action=(0, 0, 1, "AS")),
                    Append("a", {"version": 5}, action=(0, 0, 0, "KH")),
                ]
            )
        finally:
            await appender.close()

    # "b" asked for 2 but was at 7: one more than stored; "a" twice in a row.
    assert asyncio.run(scenario()) == [4, 8, 5]
    assert _stored(path, "SELECT id, version, status FROM tables ORDER BY id") == [
        ("a", 5, "playing"),
        ("b", 8, "over"),
    ]
    assert _stored(path, "SELECT table_id, seq, deal, seat, action FROM actions ORDER BY id") == [
        ("b", 0, 0, 1, "AS"),
        ("a", 0, 0, 0, "KH"),
    ]
    assert _stored(path, "SELECT table_id, number, layout FROM deals") == [
        ("a", 0, '{"dealer": 3, "hands": ["x"]}')
    ]


@pytest.mark.parametrize(
    ("append", "error"),
    [
        (Append("a", {"version": 4, "epoch": 1}, action=(0, 0, 0, "KH")), SeqConflict),
        (Append("b", {"version": 8}, action=(5, 0, 0, "KH")), sqlite3.IntegrityError),
    ],
    ids=["past-epoch", "taken-seq"],
)
def test_a_refused_entry_rolls_the_whole_group_back(
    tmp_path: Path, append: Append, error: type[Exception]
) -> None:
    path = tmp_path / "atout.db"

    async def scenario() -> None:
        await _two_tables(path)
        appender = Appender(str(path))
        try:
            await appender.append([Append("b", {"version": 8}, action=(5, 0, 0, "AS"))])
            with pytest.raises(error):
                await appender.append([Append("b", {"version": 9}, action=(6, 0, 1, "2C")), append])
        finally:
            await appender.close()

    asyncio.run(scenario())
    assert _stored(path, "SELECT id, version FROM tables ORDER BY id") == [("a", 3), ("b", 8)]
    assert _stored(path, "SELECT seq FROM actions") == [(5,)]
