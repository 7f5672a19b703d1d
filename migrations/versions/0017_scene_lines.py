"""Speaking as a character (issue 38): each channel's webhook (``channel_webhooks``: its id
and secret token), the lines said through them (``scene_lines``: the text, NULL once
deleted, and the roll-log entry that places the line among the rolls), and a character's
picture (``characters.avatar_url``, NULL: the default picture). Existing rows are kept as
they are: the new column starts NULL and the new tables empty.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02 17:10:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "channel_webhooks",
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("webhook_id", sa.BigInteger(), nullable=False),
        sa.Column("token", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("channel_id"),
    )
    op.create_table(
        "scene_lines",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("thread_id", sa.BigInteger(), nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("webhook_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=True),
        sa.Column("actor", sa.String(length=100), nullable=False),
        sa.Column("texto", sa.Text(), nullable=True),
        sa.Column("roll_id", BIG_ID, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("edited_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_scene_lines_message", "scene_lines", ["guild_id", "message_id"])
    op.create_index("ix_scene_lines_roll", "scene_lines", ["roll_id"])
    op.add_column("characters", sa.Column("avatar_url", sa.String(length=500), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("characters") as batch:
        batch.drop_column("avatar_url")
    op.drop_index("ix_scene_lines_roll", table_name="scene_lines")
    op.drop_index("ix_scene_lines_message", table_name="scene_lines")
    op.drop_table("scene_lines")
    op.drop_table("channel_webhooks")
