"""The browser that took each seat: one seat a browser, on every process.

A join without a seat token came from a stranger, so one browser could take
a second seat of a table by not sending its token. Each seat now keeps the
SHA-256 of the id cookie of the browser that took it (``browsers.py``), in
the database, so that every process of a deployment sees it.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``seats.browser_hash`` (unknown, so ``NULL``, for seats taken before)."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("browser_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop ``seats.browser_hash``."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("browser_hash")
