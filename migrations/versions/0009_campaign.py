"""Campaign: where a character fights, its life status and gender; the sheet version a
combatant mirrors.

- ``characters.encounter_id``: the active encounter the character is in (at most one), filled
  from the active encounters' combatants (a character found in several keeps the newest);
- ``characters.estado_vital``: ``activo`` (every existing character), ``muerto`` or
  ``retirado``; ``characters.genero``: empty for every existing character;
- ``combatants.character_version``: the character's version the combatant last agreed with
  (empty for existing rows: their next read refreshes them from the sheet).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 09:30:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column("characters", sa.Column("encounter_id", sa.Integer(), nullable=True))
    op.add_column(
        "characters",
        sa.Column(
            "estado_vital", sa.String(length=10), nullable=False, server_default="activo"
        ),
    )
    op.add_column("characters", sa.Column("genero", sa.String(length=10), nullable=True))
    op.create_index(
        op.f("ix_characters_encounter"), "characters", ["guild_id", "encounter_id"], unique=False
    )
    op.add_column("combatants", sa.Column("character_version", sa.Integer(), nullable=True))
    op.execute(
        "UPDATE characters SET encounter_id = ("
        " SELECT max(c.encounter_id) FROM combatants c"
        " JOIN encounters e ON e.id = c.encounter_id"
        " WHERE c.character_id = characters.id AND c.guild_id = characters.guild_id"
        " AND e.status = 'active')"
    )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("combatants") as batch:
        batch.drop_column("character_version")
    op.drop_index(op.f("ix_characters_encounter"), table_name="characters")
    with op.batch_alter_table("characters") as batch:
        batch.drop_column("genero")
        batch.drop_column("estado_vital")
        batch.drop_column("encounter_id")
