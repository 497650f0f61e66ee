"""Migrations bring an empty SQLite and an empty PostgreSQL database to the same schema."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect, text

from atout.server.storage import BASELINE, MIGRATIONS, Base, Store


def _schema(connection: Connection) -> dict[str, Any]:
    inspector = inspect(connection)
    schema: dict[str, Any] = {}
    for table in sorted(inspector.get_table_names()):
        schema[table] = {
            "columns": sorted(c["name"] for c in inspector.get_columns(table)),
            "unique": sorted(
                tuple(u["column_names"]) for u in inspector.get_unique_constraints(table)
            ),
        }
    schema["__diff__"] = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    return schema


async def _migrated(url: str, *, twice: bool = True) -> dict[str, Any]:
    store = Store(url)
    try:
        await store.create_schema()
        if twice:  # a second start finds nothing to do
            await store.create_schema()
        async with store.engine.connect() as conn:
            return await conn.run_sync(_schema)
    finally:
        await store.close()


def test_sqlite_and_postgresql_get_the_same_schema(
    tmp_path: Path, fresh_pg: Callable[[], str]
) -> None:
    lite = asyncio.run(_migrated(f"sqlite:///{tmp_path / 'empty.db'}"))
    pg = asyncio.run(_migrated(fresh_pg()))
    assert lite == pg
    assert set(lite) == {
        "__diff__",
        "alembic_version",
        "actions",
        "boards",
        "deals",
        "seats",
        "tables",
    }
    assert lite["actions"]["unique"] == [("table_id", "seq")]
    # The migrations describe exactly the models.
    assert lite["__diff__"] == [] and pg["__diff__"] == []


def _upgrade_to(connection: Connection, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def test_a_database_from_before_migrations_is_adopted(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"

    async def old_then_new() -> dict[str, Any]:
        # What ``create_all`` made before migrations existed: the baseline's schema,
        # without Alembic's table.
        store = Store(url)
        async with store.engine.begin() as conn:
            await conn.run_sync(_upgrade_to, BASELINE)
            await conn.execute(text("DROP TABLE alembic_version"))
        await store.close()
        return await _migrated(url, twice=False)

    schema = asyncio.run(old_then_new())
    assert "alembic_version" in schema and schema["__diff__"] == []


@pytest.fixture(autouse=True)
def _services(services: None) -> None:
    """PostgreSQL and Redis must answer (the whole directory skips together otherwise)."""
