"""Reminders for play by post.

- ``guild_settings.timezone``: the guild's time zone for quiet hours (``Europe/Madrid`` for
  every existing guild);
- ``encounter_reminders``: an encounter's reminder settings (hours, quiet hours); no row =
  reminders off (every existing encounter);
- ``reminders``: who is waited for in which encounter, since when, when they are next
  reminded (``due_at``, indexed) and when they were last reminded.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 12:30:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column(
        "guild_settings",
        sa.Column(
            "timezone", sa.String(length=64), nullable=False, server_default="Europe/Madrid"
        ),
    )
    op.create_table(
        "encounter_reminders",
        sa.Column("encounter_id", sa.Integer(), nullable=False),
        sa.Column("hours", sa.Integer(), nullable=False),
        sa.Column("quiet_start", sa.Integer(), nullable=True),
        sa.Column("quiet_end", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["encounter_id"],
            ["encounters.id"],
            name=op.f("fk_encounter_reminders_encounter_id_encounters"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", name=op.f("pk_encounter_reminders")),
    )
    op.create_table(
        "reminders",
        sa.Column("encounter_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("ref", sa.String(length=64), nullable=False),
        sa.Column("since_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["encounter_id"],
            ["encounters.id"],
            name=op.f("fk_reminders_encounter_id_encounters"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", "user_id", "kind", "ref", name=op.f("pk_reminders")),
    )
    op.create_index(op.f("ix_reminders_due_at"), "reminders", ["due_at"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index(op.f("ix_reminders_due_at"), table_name="reminders")
    op.drop_table("reminders")
    op.drop_table("encounter_reminders")
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("timezone")
