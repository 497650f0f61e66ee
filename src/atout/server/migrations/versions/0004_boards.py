"""Robot duplicate boards in a table of their own, one row a deal.

The boards were a list in ``tables.extra``: storing one bumped the table's
version, so a bot thinking at that moment threw its choice away and thought
again, and two processes could both play the same board. A row per
``(table_id, deal)``, inserted when a process starts playing the board, makes
the second process see it is taken, and leaves the table's version alone.
Boards already in ``extra`` are still read from there (``duplicate.py``).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``boards``."""
    op.create_table(
        "boards",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("deal", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(120), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("hard", sa.JSON(), nullable=True),
    )


def downgrade() -> None:
    """Drop ``boards``."""
    op.drop_table("boards")
