"""Undo records: the last operations of each channel, for /deshacer; when the phase and
each pending defense began (who waits for whom).

Revision ID: 0008
Revises: 0006
Create Date: 2026-12-01 09:30:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0008"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "undo_records",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("encounter_id", sa.Integer(), nullable=True),
        sa.Column("command", sa.String(length=50), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rolled", sa.Boolean(), nullable=False),
        sa.Column("ended", sa.Boolean(), nullable=False),
        sa.Column("version_after", sa.Integer(), nullable=True),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("sheets", sa.JSON(), nullable=False),
        sa.Column("roll_ids", sa.JSON(), nullable=False),
        sa.Column("undone_by", sa.BigInteger(), nullable=True),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_undo_records")),
    )
    op.create_index(
        "ix_undo_records_guild_channel",
        "undo_records",
        ["guild_id", "channel_id", "id"],
        unique=False,
    )
    op.add_column(
        "encounters", sa.Column("phase_since", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column(
        "pending_defenses",
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=True
        ),
    )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("pending_defenses") as batch:
        batch.drop_column("created_at")
    with op.batch_alter_table("encounters") as batch:
        batch.drop_column("phase_since")
    op.drop_index("ix_undo_records_guild_channel", table_name="undo_records")
    op.drop_table("undo_records")
