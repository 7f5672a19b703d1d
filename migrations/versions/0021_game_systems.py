"""More than one game system (issues 45–47): an encounter says which game it plays
(``encounters.system``, ``umbral`` for every encounter written before), a server its default
(``guild_settings.default_system``, ``umbral``) and each game's rules of its world
(``guild_settings.system_rules``, empty), and the sheets and bestiary entries of the
other systems live in ``system_sheets``, one JSON document each, checked by the system's own
typed model. Nothing existing changes.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-05 02:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0021"
down_revision: str | Sequence[str] | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    # (plain ADD COLUMN: SQLite adds a NOT NULL column with a default in place, so the
    # tables are not copied — a copy of ``encounters`` would cascade to its reminders)
    op.add_column(
        "encounters",
        sa.Column("system", sa.String(length=20), nullable=False, server_default="umbral"),
    )
    op.add_column(
        "guild_settings",
        sa.Column("default_system", sa.String(length=20), nullable=False, server_default="umbral"),
    )
    # each game's rules of the world a server set (the graded fight's bases, rank names…)
    op.add_column(
        "guild_settings",
        sa.Column("system_rules", sa.JSON(), nullable=False, server_default=sa.text("'{}'")),
    )
    op.create_table(
        "system_sheets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("system", sa.String(length=20), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("owner_id", sa.BigInteger(), nullable=False),
        sa.Column("nombre", sa.String(length=100), nullable=False),
        sa.Column("name_key", sa.String(length=400), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_system_sheets")),
        sa.UniqueConstraint(
            "guild_id",
            "system",
            "kind",
            "name_key",
            name=op.f("uq_system_sheets_guild_id_system_kind_name_key"),
        ),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table("system_sheets")
    # (plain DROP COLUMN, which SQLite has since 3.35: no copy of the tables, see upgrade)
    op.execute("ALTER TABLE guild_settings DROP COLUMN system_rules")
    op.execute("ALTER TABLE guild_settings DROP COLUMN default_system")
    op.execute("ALTER TABLE encounters DROP COLUMN system")
