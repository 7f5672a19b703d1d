"""Bestiary: extra acciones / respuestas per asalto and the estados an enemy causes.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 22:40:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column(
        "bestiary",
        sa.Column("acciones_extra", sa.Integer(), nullable=False, server_default=sa.text("0")),
    )
    op.add_column(
        "bestiary",
        sa.Column("respuestas_extra", sa.Integer(), nullable=False, server_default=sa.text("0")),
    )
    op.add_column(
        "bestiary",
        sa.Column("estados", sa.JSON(), nullable=False, server_default=sa.text("'[]'")),
    )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("bestiary") as batch:
        batch.drop_column("estados")
        batch.drop_column("respuestas_extra")
        batch.drop_column("acciones_extra")
