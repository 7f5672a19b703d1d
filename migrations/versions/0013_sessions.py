"""Game sessions on Discord's calendar (issue 37).

- ``game_sessions``: each session the bot scheduled as a guild scheduled event (the event's
  id, the play channel, what the bot last read of it, who was interested, who played);
- ``session_steps``: its reminders 24 h and 1 h before, its start and its end, each due at
  its time (``due_at``, indexed) and taken once (``done_at``);
- ``activity``: who joined an encounter or spoke as a character, and when (a session's
  attendance counts it, with the roll log).

New tables only: every existing row stays as it was.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03 10:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "game_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("event_id", sa.BigInteger(), nullable=False),
        sa.Column("title", sa.String(length=100), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("creator_id", sa.BigInteger(), nullable=False),
        sa.Column("interested", sa.JSON(), nullable=False),
        sa.Column("attended", sa.JSON(), nullable=True),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_sessions")),
    )
    op.create_index(
        "ix_game_sessions_guild_starts", "game_sessions", ["guild_id", "starts_at"], unique=False
    )
    op.create_index("ix_game_sessions_event", "game_sessions", ["event_id"], unique=True)
    op.create_table(
        "session_steps",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_session_steps_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "kind", name=op.f("pk_session_steps")),
    )
    op.create_index("ix_session_steps_due_at", "session_steps", ["due_at"], unique=False)
    op.create_table(
        "activity",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_activity")),
    )
    op.create_index("ix_activity_guild_at", "activity", ["guild_id", "at"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index("ix_activity_guild_at", table_name="activity")
    op.drop_table("activity")
    op.drop_index("ix_session_steps_due_at", table_name="session_steps")
    op.drop_table("session_steps")
    op.drop_index("ix_game_sessions_event", table_name="game_sessions")
    op.drop_index("ix_game_sessions_guild_starts", table_name="game_sessions")
    op.drop_table("game_sessions")
