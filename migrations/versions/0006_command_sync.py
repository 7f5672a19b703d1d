"""Command sync: the hash of the command tree last sent to Discord, per scope.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 09:30:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "command_sync",
        sa.Column("scope", sa.String(length=40), nullable=False),
        sa.Column("payload_hash", sa.String(length=64), nullable=False),
        sa.Column(
            "synced_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("scope", name=op.f("pk_command_sync")),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table("command_sync")
