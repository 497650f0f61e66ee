"""Storage: tables, seats, deals as dealt and actions, with SQLAlchemy 2 (async).

The server stores exactly a game's record (options, each deal's layout, the
actions in order) plus who sits where. Actions carry a per-table sequence
number under ``UNIQUE(table_id, seq)``: that constraint, not a lock in memory,
keeps two writers (two server processes) from both taking action ``n``. A
write that loses the race raises :class:`SeqConflict` and the room reloads.

Seat tokens are stored hashed, so a copy of the database does not let anyone
sit in someone else's chair.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    delete,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "DEFAULT_DATABASE_URL",
    "SeatRow",
    "SeqConflict",
    "Store",
    "TableRow",
    "database_location",
    "database_url",
    "hash_token",
]

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///atout.db"


def database_url(url: str | None = None) -> str:
    """The async URL to use: the argument, ``ATOUT_DATABASE_URL``, or ``./atout.db``.

    Plain ``sqlite:///`` and ``postgresql://`` URLs get their async driver.

    >>> database_url("sqlite:///x.db")
    'sqlite+aiosqlite:///x.db'
    """
    url = url or os.environ.get("ATOUT_DATABASE_URL") or DEFAULT_DATABASE_URL
    for plain, async_ in (
        ("sqlite://", "sqlite+aiosqlite://"),
        ("postgresql://", "postgresql+asyncpg://"),
    ):
        if url.startswith(plain):
            return async_ + url[len(plain) :]
    return url


def database_location(url: str) -> str:
    """Where the data lives, for people: an SQLite file's absolute path, else the URL.

    >>> database_location("postgresql+asyncpg://db/atout")
    'postgresql+asyncpg://db/atout'
    """
    prefix, sep, path = url.partition(":///")
    if prefix.startswith("sqlite") and sep and path and not path.startswith(":memory:"):
        return str(Path(path.split("?")[0]).resolve())
    return url


def hash_token(token: str) -> str:
    """What is stored of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The schema."""


class TableRow(Base):
    """A table: the game, its options, the seed of its deals, where it stands."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(12), index=True)
    """``waiting`` (not started), ``playing`` or ``over``."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    grace_seconds: Mapped[float] = mapped_column(default=30.0)
    extra: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatRow(Base):
    """A chair: a human seat (open or taken, by token) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``human`` or ``bot``."""
    bot: Mapped[str | None] = mapped_column(String(80), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class DealRow(Base):
    """A deal as dealt (the record's layout: dealer, hands and extras)."""

    __tablename__ = "deals"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    layout: Mapped[dict[str, Any]] = mapped_column(JSON)


class ActionRow(Base):
    """One action of the record, numbered per table."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(80))


class SeqConflict(Exception):
    """Another writer took this sequence number first."""


@dataclass(frozen=True, slots=True)
class Stored:
    """Everything stored about one table."""

    table: TableRow
    seats: list[SeatRow]
    deals: list[DealRow]
    actions: list[ActionRow]


class Store:
    """The database, with the few writes the rooms need."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine: AsyncEngine = create_async_engine(self.url)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    async def create_schema(self) -> None:
        """Create the tables that do not exist yet."""
        async with self.engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)

    async def close(self) -> None:
        """Release the connections."""
        await self.engine.dispose()

    # Reading.

    async def load(self, table_id: str) -> Stored | None:
        """One table with its seats, deals and actions in order."""
        async with self.sessions() as session:
            table = await session.get(TableRow, table_id)
            if table is None:
                return None
            seats = await session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            deals = await session.scalars(
                select(DealRow).where(DealRow.table_id == table_id).order_by(DealRow.number)
            )
            actions = await session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
            )
            return Stored(table, list(seats), list(deals), list(actions))

    async def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """Every table's id, newest first (only those not over, if asked)."""
        query = select(TableRow.id).order_by(TableRow.created_at.desc())
        if unfinished:
            query = query.where(TableRow.status != "over")
        async with self.sessions() as session:
            return list(await session.scalars(query))

    # Writing.

    async def create_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        """A new table and its seats."""
        async with self.sessions.begin() as session:
            session.add(table)
            await session.flush()
            session.add_all(seats)

    async def save_seat(self, seat: SeatRow, *, version: int) -> None:
        """A seat taken or left."""
        async with self.sessions.begin() as session:
            await session.merge(seat)
            await self._set(session, seat.table_id, version=version)

    async def save_table(self, table_id: str, **values: Any) -> None:
        """Update a table's columns (status, version, rematch...)."""
        async with self.sessions.begin() as session:
            await self._set(session, table_id, **values)

    async def add_deal(
        self, table_id: str, number: int, layout: dict[str, Any], **values: Any
    ) -> None:
        """A deal as dealt, with the table's new version and status."""
        async with self.sessions.begin() as session:
            session.add(DealRow(table_id=table_id, number=number, layout=layout))
            await self._set(session, table_id, **values)

    async def add_action(self, row: ActionRow, **values: Any) -> None:
        """Append an action; :class:`SeqConflict` if its number is taken."""
        try:
            async with self.sessions.begin() as session:
                session.add(row)
                await session.flush()
                await self._set(session, row.table_id, **values)
        except IntegrityError:
            raise SeqConflict(f"action {row.seq} of table {row.table_id} exists") from None

    async def drop_actions(self, table_id: str, from_seq: int, **values: Any) -> None:
        """Undo: delete the actions numbered ``from_seq`` and after."""
        async with self.sessions.begin() as session:
            await session.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq >= from_seq)
            )
            await self._set(session, table_id, **values)

    @staticmethod
    async def _set(session: Any, table_id: str, **values: Any) -> None:
        if values:
            await session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))
