"""Alembic environment: migrate the connection that :func:`upgrade_schema` hands over.

There is no ``alembic.ini`` and no URL here on purpose: the server decides the
database (``ATOUT_DATABASE_URL``), opens it, takes the migration lock and
passes the connection in ``config.attributes``.
"""

from __future__ import annotations

from alembic import context

from atout.server.storage import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through atout.server.storage.Store.create_schema")
# Batch mode lets later revisions alter columns on SQLite (copy-and-move).
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
