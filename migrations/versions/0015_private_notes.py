"""Private notes (issue 30): a character gets ``notas_privadas``, which only its owner and
the GM see; the notes every character had until now become its private notes (they were
written when only their author expected to read them, so none turns public by surprise),
and its public notes start empty.

The downgrade puts them back as the one ``notas`` column: the public notes, a blank line,
the private notes (either alone when the other is empty).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02 16:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column(
        "characters", sa.Column("notas_privadas", sa.Text(), nullable=False, server_default="")
    )
    op.execute("UPDATE characters SET notas_privadas = notas, notas = '' WHERE notas <> ''")


def downgrade() -> None:
    """Downgrade schema."""
    joined = sa.text(
        "UPDATE characters SET notas = CASE WHEN notas = '' THEN notas_privadas"
        " ELSE notas || :gap || notas_privadas END WHERE notas_privadas <> ''"
    ).bindparams(gap="\n\n")
    op.execute(joined)
    op.drop_column("characters", "notas_privadas")  # SQLite 3.35+ drops a column in place
