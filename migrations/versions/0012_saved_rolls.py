"""Saved rolls (issue 36): ``saved_rolls``, a player's names for dice expressions (``ataque``
→ ``1d12+5``) and the server's (``owner_id`` 0), unique per owner by the name's key.

A new table: nothing already stored changes.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02 15:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "saved_rolls",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("owner_id", sa.BigInteger(), nullable=False),
        sa.Column("nombre", sa.String(length=100), nullable=False),
        sa.Column("name_key", sa.String(length=400), nullable=False),
        sa.Column("expresion", sa.String(length=200), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_saved_rolls")),
    )
    op.create_index(
        "ix_saved_rolls_guild_owner_key",
        "saved_rolls",
        ["guild_id", "owner_id", "name_key"],
        unique=True,
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index("ix_saved_rolls_guild_owner_key", table_name="saved_rolls")
    op.drop_table("saved_rolls")
