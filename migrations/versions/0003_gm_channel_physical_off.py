"""Guild settings: the GM's channel for private rolls (/tirar privada).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 23:05:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column("guild_settings", sa.Column("gm_channel_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("gm_channel_id")
