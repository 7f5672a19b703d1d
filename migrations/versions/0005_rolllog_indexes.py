"""Roll log: the indexes /historial's filters need (one person's rolls in a channel, or in the
whole guild), newest first, so a filter by user reads only that user's rows.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 09:00:00.000000

"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_index(
        "ix_roll_log_guild_channel_user",
        "roll_log",
        ["guild_id", "channel_id", "user_id", "id"],
        unique=False,
    )
    op.create_index(
        "ix_roll_log_guild_user", "roll_log", ["guild_id", "user_id", "id"], unique=False
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index("ix_roll_log_guild_user", table_name="roll_log")
    op.drop_index("ix_roll_log_guild_channel_user", table_name="roll_log")
