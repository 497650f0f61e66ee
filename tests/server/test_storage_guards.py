"""The database, not the process, referees seats and undos (SQLite here; PostgreSQL in tests/scale).

Two server processes may hold the same table in memory. These tests play the
losing writer by hand, with a stale idea of the table, and check the store
refuses it and changes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from atout.server.storage import (
    ActionRow,
    SeatRow,
    SeatTaken,
    SeqConflict,
    Store,
    TableRow,
    hash_token,
)

TABLE = "t1"


async def _with_store(url: str, test: Callable[[Store], Awaitable[None]]) -> None:
    store = Store(url)
    try:
        await store.create_schema()
        await store.create_table(
            TableRow(id=TABLE, game="court-piece", options={}, seed=1, status="playing"),
            [SeatRow(table_id=TABLE, seat=n, kind="human" if n < 2 else "bot") for n in range(4)],
        )
        await store.add_deal(TABLE, 0, {"dealer": 3}, version=1)
        await test(store)
    finally:
        await store.close()


def _action(seq: int, action: str = "C", seat: int = 0) -> ActionRow:
    return ActionRow(table_id=TABLE, seq=seq, deal=0, seat=seat, action=action)


async def _seat_is_claimed_once(store: Store) -> None:
    await store.claim_seat(TABLE, 1, hash_token("ana"), "Ana", version=2)
    with pytest.raises(SeatTaken):
        await store.claim_seat(TABLE, 1, hash_token("bo"), "Bo", version=3)
    with pytest.raises(SeatTaken):  # a bot's chair is nobody's to take
        await store.claim_seat(TABLE, 2, hash_token("bo"), "Bo", version=3)
    stored = await store.load(TABLE)
    assert stored is not None
    assert (stored.seats[1].name, stored.seats[1].token_hash) == ("Ana", hash_token("ana"))
    assert stored.seats[2].token_hash is None


async def _only_the_holder_leaves(store: Store) -> None:
    await store.claim_seat(TABLE, 0, hash_token("ana"), "Ana", version=2)
    with pytest.raises(SeatTaken):
        await store.release_seat(TABLE, 0, hash_token("bo"), version=3)
    await store.release_seat(TABLE, 0, hash_token("ana"), version=3)
    with pytest.raises(SeatTaken):  # twice: already gone
        await store.release_seat(TABLE, 0, hash_token("ana"), version=4)
    stored = await store.load(TABLE)
    assert stored is not None and stored.seats[0].token_hash is None


async def _nothing_builds_on_a_record_taken_back(store: Store) -> None:
    for seq, card in enumerate(("S", "AS", "KS")):
        await store.add_action(_action(seq, card), epoch=0, version=2 + seq)
    before = await store.version(TABLE)
    await store.drop_actions(TABLE, 1, epoch=0, version=10)
    # A process that has not seen the undo: its action, its deal and its undo are refused.
    with pytest.raises(SeqConflict):
        await store.add_action(_action(3, "QS"), epoch=0, version=11)
    with pytest.raises(SeqConflict):
        await store.add_action(_action(1, "QS"), epoch=0, version=11)
    with pytest.raises(SeqConflict):
        await store.add_deal(TABLE, 1, {"dealer": 0}, epoch=0, version=11)
    with pytest.raises(SeqConflict):
        await store.drop_actions(TABLE, 0, epoch=0, version=11)
    stored = await store.load(TABLE)
    assert stored is not None
    assert [(a.seq, a.action) for a in stored.actions] == [(0, "S")]
    assert [d.number for d in stored.deals] == [0]
    assert stored.table.epoch == 1 and stored.table.version > (before or 0)
    # One who has seen it carries on.
    await store.add_action(_action(1, "2S"), epoch=1, version=12)


CASES: dict[str, Callable[[Store], Awaitable[None]]] = {
    "seat": _seat_is_claimed_once,
    "leave": _only_the_holder_leaves,
    "undo": _nothing_builds_on_a_record_taken_back,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_sqlite_refuses_the_stale_writer(case: str, tmp_path: Path) -> None:
    asyncio.run(_with_store(f"sqlite:///{tmp_path / 'guards.db'}", CASES[case]))


def run_case(url: str, case: str) -> Any:
    """For tests/scale: the same checks on another database."""
    return asyncio.run(_with_store(url, CASES[case]))
