"""Who spoke first with a picture (issue 43): each scene line keeps the picture link it was
said with (``scene_lines.avatar_url``, NULL: the default picture), so that a link another
owner's character spoke with first is refused to the others. The names need nothing new: a
line already keeps the name it was said under (``actor``). Existing lines are kept and take
their character's link of today, the best the earlier record tells (a character's picture
was not kept per line); a line whose character is gone keeps NULL. An index on
``character_id`` finds a character's lines.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-04 23:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column("scene_lines", sa.Column("avatar_url", sa.String(length=500), nullable=True))
    op.execute(
        "UPDATE scene_lines SET avatar_url = (SELECT characters.avatar_url FROM characters "
        "WHERE characters.id = scene_lines.character_id)"
    )
    op.create_index("ix_scene_lines_character", "scene_lines", ["character_id"])


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index("ix_scene_lines_character", table_name="scene_lines")
    with op.batch_alter_table("scene_lines") as batch:
        batch.drop_column("avatar_url")
