"""The local console's memory between sessions (issue 43): ``console_state``, one JSON
document per name, which the console writes when it closes and reads when it reopens (its
clock, the members it knew, its channels' messages). Nothing existing changes; the bot never
reads it.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-04 23:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0020"
down_revision: str | Sequence[str] | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "console_state",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table("console_state")
