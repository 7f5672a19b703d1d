"""Reminders that survive a failed post (issue 43): an encounter's reminder message
(``encounter_reminders``) and a session's reminder step (``session_steps``) are claimed for a
while (``claimed_until``, a lease another process may take once it has passed), posted with a
``nonce`` kept across retries (Discord drops a repeat of it within a few minutes), and
counted (``attempts``) so a post that keeps failing is retried a bounded number of times.
Existing rows are kept as they are: no claim, no nonce, no attempt yet.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-04 23:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0019"
down_revision: str | Sequence[str] | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("encounter_reminders", "session_steps")


def upgrade() -> None:
    """Upgrade schema."""
    for table in TABLES:
        op.add_column(
            table, sa.Column("attempts", sa.Integer(), nullable=False, server_default="0")
        )
        op.add_column(table, sa.Column("claimed_until", sa.DateTime(timezone=True)))
        op.add_column(table, sa.Column("nonce", sa.String(25)))


def downgrade() -> None:
    """Downgrade schema."""
    for table in TABLES:
        for column in ("nonce", "claimed_until", "attempts"):
            op.drop_column(table, column)  # SQLite 3.35+ drops a column in place
