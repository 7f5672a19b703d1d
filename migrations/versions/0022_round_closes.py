"""A round that closes by itself (issue 46): ``encounters.closes_at`` is when the bot
closes the current round of an encounter whose game times its rounds (the graded fight's
window), ``NULL`` for every other — every encounter written before. A partial index keeps
the reminders' task's read of the rounds due as small as the number of them. Nothing
existing changes.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-05 05:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0022"
down_revision: str | Sequence[str] | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMED = "closes_at IS NOT NULL"


def upgrade() -> None:
    """Upgrade schema."""
    # (a nullable ADD COLUMN: SQLite adds it in place, no copy of ``encounters``)
    op.add_column("encounters", sa.Column("closes_at", sa.DateTime(timezone=True)))
    op.create_index(
        "ix_encounters_closes_at",
        "encounters",
        ["closes_at"],
        sqlite_where=sa.text(TIMED),
        postgresql_where=sa.text(TIMED),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index("ix_encounters_closes_at", table_name="encounters")
    # (plain DROP COLUMN, which SQLite has since 3.35: no copy of the table)
    op.execute("ALTER TABLE encounters DROP COLUMN closes_at")
