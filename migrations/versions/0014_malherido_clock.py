"""Guild settings: after how many asaltos of a PC lying Malherido with nobody stabilising
them the GM is told (issue 34, ``/config aviso_malherido``).

The column is nullable and no row gets a value: NULL is the project's default
(``umbral_rules.tables.MALHERIDO_AVISO_ASALTOS``, a [D] that lives there only), so every
guild that never set it keeps following that default if it changes.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-02 16:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column("guild_settings", sa.Column("malherido_asaltos", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("malherido_asaltos")
