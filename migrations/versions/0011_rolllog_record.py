"""Roll log: who rolled (the name shown, its name key, the character's id for a player
character), against whom, why (``motivo``) and in which encounter; indexes for /historial's
filter by character, for an encounter's summary, and for the undo entries that mark rolls
«deshecha» (read on every /historial: without it, a scan of the channel's whole log).

Every column is nullable: the rows already logged keep every value and get the new fields
empty (NULL). The table stays append-only (its triggers refuse UPDATE and DELETE, so no
existing row is filled in).

Revision ID: 0011
Revises: 0009
Create Date: 2026-12-01 12:15:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = (
    ("actor", sa.String(length=200)),
    ("actor_key", sa.String(length=400)),
    ("character_id", sa.Integer()),
    ("target", sa.String(length=200)),
    ("motivo", sa.String(length=200)),
    ("encounter_id", sa.Integer()),
)


def upgrade() -> None:
    """Upgrade schema."""
    for name, type_ in _COLUMNS:
        op.add_column("roll_log", sa.Column(name, type_, nullable=True))
    op.create_index(
        "ix_roll_log_guild_actor", "roll_log", ["guild_id", "actor_key", "id"], unique=False
    )
    op.create_index(
        "ix_roll_log_guild_channel_actor",
        "roll_log",
        ["guild_id", "channel_id", "actor_key", "id"],
        unique=False,
    )
    op.create_index(
        "ix_roll_log_guild_encounter", "roll_log", ["guild_id", "encounter_id"], unique=False
    )
    op.create_index(
        "ix_roll_log_guild_command",
        "roll_log",
        ["guild_id", "command", "channel_id"],
        unique=False,
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index("ix_roll_log_guild_command", table_name="roll_log")
    op.drop_index("ix_roll_log_guild_encounter", table_name="roll_log")
    op.drop_index("ix_roll_log_guild_channel_actor", table_name="roll_log")
    op.drop_index("ix_roll_log_guild_actor", table_name="roll_log")
    for name, _ in reversed(_COLUMNS):
        op.drop_column("roll_log", name)
