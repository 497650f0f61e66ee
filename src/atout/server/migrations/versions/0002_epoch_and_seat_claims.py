"""A table's epoch: how many times its record was taken back (undo).

Undo deletes the last actions of a record, which frees their sequence
numbers: ``UNIQUE(table_id, seq)`` alone could then let a process that has
not seen the undo append an action computed from the old record. Every
append and every deal now names the epoch it was computed in, and the write
is refused if an undo moved the table on in between.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``tables.epoch`` (0 for every existing table: none was taken back under a guard)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("epoch", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop ``tables.epoch``."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("epoch")
