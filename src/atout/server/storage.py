"""Storage: tables, seats, deals as dealt and actions, with SQLAlchemy 2 (async).

The server stores exactly a game's record (options, each deal's layout, the
actions in order) plus who sits where. Actions carry a per-table sequence
number under ``UNIQUE(table_id, seq)``: that constraint, not a lock in memory,
keeps two writers (two server processes) from both taking action ``n``. A
write that loses the race raises :class:`SeqConflict` and the room reloads.

Two other races are refereed by the rows themselves: a seat is taken with
``UPDATE ... WHERE token_hash IS NULL`` (:class:`SeatTaken` for the second
person), and an undo, which deletes the end of the record and so frees
sequence numbers, starts a new ``epoch`` of the table; appends, deals and
undos name the epoch they were computed in and are refused
(:class:`SeqConflict`) once an undo has moved the table on.

Every write also bumps the table's ``version`` *in the database*
(``version + 1``, read back with ``RETURNING``), so versions stay unique and
increasing across processes: a process that sees a version it did not expect
knows another process wrote in between and reloads.

A store may be given a *writer* (:class:`Writer`, ``writes.GroupCommit`` for
SQLite, set up by ``sqlite.open_store``): its writes then take turns on the
writer's lock, and actions and deals go through it to be committed in groups.

The schema is owned by Alembic migrations (``atout/server/migrations``), run
at start-up by :meth:`Store.create_schema` for SQLite and PostgreSQL alike.

Seat tokens are stored hashed, so a copy of the database does not let anyone
sit in someone else's chair.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import (
    JSON,
    Connection,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    case,
    delete,
    event,
    exists,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, aliased, mapped_column

__all__ = [
    "DEFAULT_DATABASE_URL",
    "SeatRow",
    "SeatTaken",
    "SeqConflict",
    "Store",
    "TableRow",
    "database_location",
    "database_url",
    "hash_token",
]

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///atout.db"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""The Alembic environment and revisions (no ``alembic.ini``: configured in code)."""
BASELINE = "0001"
"""The revision that matches a database made by ``create_all`` before migrations existed."""
_MIGRATION_LOCK = 0x61746F7574
"""PostgreSQL advisory lock key, so processes starting together migrate one at a time."""


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
    epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """How many times the record was taken back (undo): appends name the epoch they build on."""
    grace_seconds: Mapped[float] = mapped_column(Float, default=30.0)
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
    browser_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the id of the browser that took the seat (``browsers.py``): one seat a
    browser, on every process."""


class DealRow(Base):
    """A deal as dealt (the record's layout: dealer, hands and extras)."""

    __tablename__ = "deals"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    layout: Mapped[dict[str, Any]] = mapped_column(JSON)


class ActionRow(Base):
    """One action of the record, numbered per table."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_actions_table_id_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(80))


class BoardRow(Base):
    """A robot duplicate board: deal ``deal`` of a table played again by Hard (``duplicate.py``).

    The row is inserted when a process starts playing the board, so the
    primary key makes the work happen once over all processes; ``hard`` is
    filled in when it is played. Only Hard's line is kept: the person's result
    is read from the record, which a revoke claim may still change. Written
    beside the table, not in it, so storing a board leaves the table's
    version (which the bots watch) alone.
    """

    __tablename__ = "boards"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    """The person's seat, whose place Hard took."""
    holder: Mapped[str] = mapped_column(String(120))
    """The process playing (or that played) the board."""
    taken_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    hard: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    """Hard's ``{"result", "points"}``; ``NULL`` while the board is being played."""


class SeqConflict(Exception):
    """Another writer took this sequence number first, or took the record back (undo)."""


class SeatTaken(Exception):
    """Another writer changed this seat first (someone sat down, or its holder left)."""


@dataclass(frozen=True, slots=True)
class Stored:
    """Everything stored about one table."""

    table: TableRow
    seats: list[SeatRow]
    deals: list[DealRow]
    actions: list[ActionRow]
    boards: list[BoardRow] = field(default_factory=list)
    """The robot duplicate boards played (``hard`` set), in deal order."""


class Writer(Protocol):
    """Who writes for a store: one write at a time (:attr:`lock`), actions and deals grouped."""

    lock: asyncio.Lock

    def bind(
        self,
        one_action: Callable[..., Awaitable[int]],
        one_deal: Callable[..., Awaitable[int]],
    ) -> None:
        """The store's own writes of one action and one deal (for entries written alone)."""

    async def add_action(self, row: ActionRow, **values: Any) -> int:
        """Store an action once its group is committed; its table's version."""

    async def add_deal(
        self, table_id: str, number: int, layout: dict[str, Any], **values: Any
    ) -> int:
        """Store a deal once its group is committed; its table's version."""

    async def close(self) -> None:
        """Release the writer's connection and thread."""


class Store:
    """The database, with the few writes the rooms need.

    ``writer``: writes take turns and actions are grouped (see :class:`Writer`);
    ``pragmas``: run on every new SQLite connection.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        writer: Writer | None = None,
        pragmas: Sequence[str] = (),
    ) -> None:
        self.url = database_url(url)
        # A server database may restart under us: check pooled connections first.
        pre_ping = not self.url.startswith("sqlite")
        self.engine: AsyncEngine = create_async_engine(self.url, pool_pre_ping=pre_ping)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.writer = writer
        if writer is not None:
            writer.bind(self.write_action, self.write_deal)
        if pragmas:
            _run_on_connect(self.engine, tuple(pragmas))

    async def create_schema(self) -> None:
        """Upgrade the schema to the newest migration (the name predates migrations).

        On PostgreSQL an advisory lock held for the transaction makes processes
        that start together take turns; the second finds nothing left to do.
        """
        async with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                await conn.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK}
                )
            await conn.run_sync(upgrade_schema)

    def _turn(self) -> contextlib.AbstractAsyncContextManager[Any]:
        """Wait for the writer's turn (with a writer; else writes do not wait for each other)."""
        return self.writer.lock if self.writer is not None else contextlib.nullcontext()

    async def close(self) -> None:
        """Release the writer, then the connections."""
        if self.writer is not None:
            await self.writer.close()
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
            boards = await session.scalars(
                select(BoardRow)
                .where(BoardRow.table_id == table_id, BoardRow.hard.is_not(None))
                .order_by(BoardRow.deal)
            )
            return Stored(table, list(seats), list(deals), list(actions), list(boards))

    async def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """Every table's id, newest first (only those not over, if asked)."""
        query = select(TableRow.id).order_by(TableRow.created_at.desc())
        if unfinished:
            query = query.where(TableRow.status.in_(("waiting", "playing")))
        async with self.sessions() as session:
            return list(await session.scalars(query))

    # Writing.

    async def create_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        """A new table and its seats."""
        async with self._turn(), self.sessions.begin() as session:
            session.add(table)
            await session.flush()
            session.add_all(seats)

    # Each write returns the table's version as stored, which may be past the one
    # asked for when another process wrote in between (see the module docstring).

    async def claim_seat(
        self,
        table_id: str,
        seat: int,
        token_hash: str,
        name: str,
        *,
        browser_hash: str | None = None,
        one_per_browser: bool = False,
        **values: Any,
    ) -> int:
        """Sit down in a free human seat; :class:`SeatTaken` if someone sat there first.

        The seat row itself is the referee (``UPDATE ... WHERE token_hash IS
        NULL``), so two processes seating two people in one chair at the same
        moment end with one seated and the other told. With
        ``one_per_browser``, the same statement also refuses a browser that
        already holds another seat of the table (two joins from one browser
        on two processes at once).
        """
        return await self._change_seat(
            table_id,
            seat,
            holder=None,
            token_hash=token_hash,
            name=name,
            browser_hash=browser_hash,
            one_per_browser=one_per_browser,
            **values,
        )

    async def release_seat(
        self,
        table_id: str,
        seat: int,
        token_hash: str,
        *,
        browser_hash: str | None = None,
        **values: Any,
    ) -> int:
        """Leave a seat held with ``token_hash``; :class:`SeatTaken` if it is no longer held so.

        ``browser_hash`` stays on the seat (``None``: forgotten): the browser that saw its cards.
        """
        return await self._change_seat(
            table_id,
            seat,
            holder=token_hash,
            token_hash=None,
            name=None,
            browser_hash=browser_hash,
            **values,
        )

    async def _change_seat(
        self,
        table_id: str,
        seat: int,
        *,
        holder: str | None,
        token_hash: str | None,
        name: str | None,
        browser_hash: str | None = None,
        one_per_browser: bool = False,
        **values: Any,
    ) -> int:
        """Hand a human seat from ``holder`` (``None``: nobody) to ``token_hash``, or refuse."""
        conditions = [
            SeatRow.table_id == table_id,
            SeatRow.seat == seat,
            SeatRow.kind == "human",
            SeatRow.token_hash == holder,  # IS NULL when holder is None
        ]
        if one_per_browser and browser_hash is not None:
            other = aliased(SeatRow)
            conditions.append(
                ~exists().where(
                    other.table_id == table_id,
                    other.seat != seat,
                    other.browser_hash == browser_hash,
                )
            )
        async with self._turn(), self.sessions.begin() as session:
            changed = await session.execute(
                update(SeatRow)
                .where(*conditions)
                .values(token_hash=token_hash, name=name, browser_hash=browser_hash)
                .execution_options(synchronize_session=False)
            )
            if _rowcount(changed) != 1:
                raise SeatTaken(f"seat {seat} of table {table_id} has changed hands")
            return await self._set(session, table_id, **values)

    async def save_table(self, table_id: str, **values: Any) -> int:
        """Update a table's columns (status, version, rematch...)."""
        async with self._turn(), self.sessions.begin() as session:
            return await self._set(session, table_id, **values)

    async def add_deal(
        self, table_id: str, number: int, layout: dict[str, Any], **values: Any
    ) -> int:
        """A deal as dealt, with the table's new version (grouped by the writer, if any).

        :class:`SeqConflict` as :meth:`write_deal`.
        """
        if self.writer is not None:
            return await self.writer.add_deal(table_id, number, layout, **values)
        return await self.write_deal(table_id, number, layout, **values)

    async def write_deal(
        self,
        table_id: str,
        number: int,
        layout: dict[str, Any],
        *,
        epoch: int | None = None,
        **values: Any,
    ) -> int:
        """A deal as dealt, with the table's new version, in a transaction of its own.

        :class:`SeqConflict` if the deal exists, or if the record is no longer
        at ``epoch`` (an undo took back the end of the deal before).
        """
        try:
            async with self.sessions.begin() as session:
                session.add(DealRow(table_id=table_id, number=number, layout=layout))
                await session.flush()
                return await self._set(session, table_id, epoch=epoch, **values)
        except IntegrityError:
            raise SeqConflict(f"deal {number} of table {table_id} exists") from None

    async def add_action(self, row: ActionRow, **values: Any) -> int:
        """Append an action (grouped by the writer, if any); :class:`SeqConflict` as
        :meth:`write_action`."""
        if self.writer is not None:
            return await self.writer.add_action(row, **values)
        return await self.write_action(row, **values)

    async def write_action(self, row: ActionRow, *, epoch: int | None = None, **values: Any) -> int:
        """Append an action in a transaction of its own; :class:`SeqConflict` if its number
        is taken or ``epoch`` is past."""
        try:
            async with self.sessions.begin() as session:
                session.add(row)
                await session.flush()
                return await self._set(session, row.table_id, epoch=epoch, **values)
        except IntegrityError:
            raise SeqConflict(f"action {row.seq} of table {row.table_id} exists") from None

    async def drop_actions(self, table_id: str, from_seq: int, *, epoch: int, **values: Any) -> int:
        """Undo: delete the actions numbered ``from_seq`` and after, and start epoch ``epoch + 1``.

        :class:`SeqConflict` if the record is no longer at ``epoch`` (another
        undo came first). Writers still at ``epoch`` are refused from now on,
        so nobody appends to the record as it was before the undo.
        """
        async with self._turn(), self.sessions.begin() as session:
            stored = await self._set(
                session, table_id, epoch=epoch, new_epoch=TableRow.epoch + 1, **values
            )
            await session.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq >= from_seq)
            )
            return stored

    async def version(self, table_id: str) -> int | None:
        """The table's stored version (cheap: tells whether a room is behind)."""
        async with self.sessions() as session:
            found: int | None = await session.scalar(
                select(TableRow.version).where(TableRow.id == table_id)
            )
            return found

    @staticmethod
    async def _set(
        session: AsyncSession,
        table_id: str,
        *,
        epoch: int | None = None,
        new_epoch: Any = None,
        **values: Any,
    ) -> int:
        """Update the table row and bump its version past both the stored one and ``version``.

        The bump happens in the database (``version + 1`` under the row lock), so
        two processes writing at once never get the same version. With
        ``epoch``, the update happens only if the record is still at that epoch
        (else :class:`SeqConflict`, and the caller's transaction rolls back).
        """
        wanted = values.pop("version", 0)
        bumped = TableRow.version + 1
        values["version"] = case((bumped >= wanted, bumped), else_=wanted)
        if new_epoch is not None:
            values["epoch"] = new_epoch
        statement = update(TableRow).where(TableRow.id == table_id)
        if epoch is not None:
            statement = statement.where(TableRow.epoch == epoch)
        stored = await session.scalar(statement.values(**values).returning(TableRow.version))
        if stored is None and epoch is not None:
            raise SeqConflict(f"table {table_id} was taken back (undo) since epoch {epoch}")
        return int(stored or 0)


def _rowcount(result: Any) -> int:
    """Rows an UPDATE matched (``Result`` hides ``rowcount`` from the type checker)."""
    return int(getattr(result, "rowcount", 0))


def upgrade_schema(connection: Connection) -> None:
    """Run the Alembic migrations up to the newest on ``connection`` (synchronous side).

    A database made before migrations existed (tables but no
    ``alembic_version``) is first stamped at the baseline revision, so its
    data stays and later revisions apply.
    """
    from alembic import command  # noqa: PLC0415 - only start-up needs Alembic
    from alembic.config import Config  # noqa: PLC0415

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    names = set(inspect(connection).get_table_names())
    if "tables" in names and "alembic_version" not in names:
        command.stamp(config, BASELINE)
    command.upgrade(config, "head")


def _run_on_connect(engine: AsyncEngine, pragmas: tuple[str, ...]) -> None:
    """Run ``PRAGMA`` statements on every new connection of ``engine`` (SQLite)."""

    @event.listens_for(engine.sync_engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        for pragma in pragmas:
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()
