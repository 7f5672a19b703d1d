"""Initial schema: guild settings, characters, bestiary, encounters and the roll log.

The roll log is append-only: triggers refuse UPDATE and DELETE (and TRUNCATE on PostgreSQL).

Revision ID: 0001
Revises:
Create Date: 2026-11-29 21:58:14.819447

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "bestiary",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("nombre", sa.String(length=100), nullable=False),
        sa.Column("ataque", sa.Integer(), nullable=False),
        sa.Column("defensa", sa.Integer(), nullable=False),
        sa.Column("aguante", sa.Integer(), nullable=False),
        sa.Column("potencia", sa.Integer(), nullable=False),
        sa.Column("arma", sa.String(length=100), nullable=False),
        sa.Column("size", sa.String(length=20), nullable=False),
        sa.Column("proteccion", sa.Integer(), nullable=False),
        sa.Column("cualidades", sa.JSON(), nullable=False),
        sa.Column("bono_ataque", sa.Integer(), nullable=True),
        sa.Column("bono_defensa", sa.Integer(), nullable=True),
        sa.Column("notas", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bestiary")),
        sa.UniqueConstraint("guild_id", "nombre", name=op.f("uq_bestiary_guild_id_nombre")),
    )
    op.create_table(
        "characters",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("owner_id", sa.BigInteger(), nullable=False),
        sa.Column("nombre", sa.String(length=100), nullable=False),
        sa.Column("atributos", sa.JSON(), nullable=False),
        sa.Column("oficios", sa.JSON(), nullable=False),
        sa.Column("proteccion", sa.Integer(), nullable=False),
        sa.Column("aguante_extra", sa.Integer(), nullable=False),
        sa.Column("size", sa.String(length=20), nullable=False),
        sa.Column("weapons", sa.JSON(), nullable=False),
        sa.Column("aguante", sa.Integer(), nullable=False),
        sa.Column("aguante_max", sa.Integer(), nullable=False),
        sa.Column("esencia", sa.Integer(), nullable=False),
        sa.Column("esencia_max", sa.Integer(), nullable=False),
        sa.Column("aliento", sa.Integer(), nullable=False),
        sa.Column("aliento_max", sa.Integer(), nullable=False),
        sa.Column("estados", sa.JSON(), nullable=False),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("notas", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_characters")),
        sa.UniqueConstraint("guild_id", "id", name=op.f("uq_characters_guild_id_id")),
        sa.UniqueConstraint(
            "guild_id", "owner_id", "nombre", name=op.f("uq_characters_guild_id_owner_id_nombre")
        ),
    )
    op.create_index(
        "uq_characters_active_owner",
        "characters",
        ["guild_id", "owner_id"],
        unique=True,
        sqlite_where=sa.text("is_active = 1"),
        postgresql_where=sa.text("is_active"),
    )

    op.create_table(
        "encounters",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(length=20), nullable=False),
        sa.Column("asalto", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=20), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("extra", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("creator_id", sa.BigInteger(), nullable=False),
        sa.Column("tracker_message_id", sa.BigInteger(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_encounters")),
        sa.UniqueConstraint("id", "guild_id", name=op.f("uq_encounters_id_guild_id")),
    )
    op.create_index(
        "ix_encounters_guild_channel", "encounters", ["guild_id", "channel_id"], unique=False
    )
    op.create_index(
        "uq_encounters_active_channel",
        "encounters",
        ["guild_id", "channel_id"],
        unique=True,
        sqlite_where=sa.text("status = 'active'"),
        postgresql_where=sa.text("status = 'active'"),
    )

    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("gm_role_id", sa.BigInteger(), nullable=True),
        sa.Column("physical_dice_allowed", sa.Boolean(), nullable=False),
        sa.Column("default_mode", sa.String(length=20), nullable=False),
        sa.Column("defense_mode", sa.String(length=20), nullable=False),
        sa.Column("secuelas", sa.JSON(), nullable=False),
        sa.Column("extra_estados", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_settings")),
    )
    op.create_table(
        "roll_log",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("command", sa.String(length=50), nullable=False),
        sa.Column("dice", sa.JSON(), nullable=False),
        sa.Column("modifiers", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("physical", sa.Boolean(), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_roll_log")),
    )
    op.create_index(
        "ix_roll_log_guild_channel", "roll_log", ["guild_id", "channel_id", "id"], unique=False
    )

    op.create_table(
        "combatants",
        sa.Column("encounter_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("nombre", sa.String(length=100), nullable=False),
        sa.Column("side", sa.String(length=10), nullable=False),
        sa.Column("aguante", sa.Integer(), nullable=False),
        sa.Column("aguante_max", sa.Integer(), nullable=False),
        sa.Column("estados", sa.JSON(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=True),
        sa.Column("owner_id", sa.BigInteger(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id", "guild_id"],
            ["encounters.id", "encounters.guild_id"],
            name=op.f("fk_combatants_encounter_id_guild_id_encounters"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["guild_id", "character_id"],
            ["characters.guild_id", "characters.id"],
            name=op.f("fk_combatants_guild_id_character_id_characters"),
        ),
        sa.PrimaryKeyConstraint("encounter_id", "key", name=op.f("pk_combatants")),
    )
    op.create_index(
        "ix_combatants_character", "combatants", ["guild_id", "character_id"], unique=False
    )

    op.create_table(
        "pending_defenses",
        sa.Column("encounter_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("defender", sa.String(length=64), nullable=False),
        sa.Column("attacker", sa.String(length=64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"],
            ["encounters.id"],
            name=op.f("fk_pending_defenses_encounter_id_encounters"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", "key", name=op.f("pk_pending_defenses")),
    )
    op.create_table(
        "retos",
        sa.Column("encounter_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"],
            ["encounters.id"],
            name=op.f("fk_retos_encounter_id_encounters"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", "key", name=op.f("pk_retos")),
    )
    _roll_log_triggers()


def downgrade() -> None:
    """Downgrade schema."""
    _drop_roll_log_triggers()
    op.drop_table("retos")
    op.drop_table("pending_defenses")
    op.drop_index("ix_combatants_character", table_name="combatants")

    op.drop_table("combatants")
    op.drop_index("ix_roll_log_guild_channel", table_name="roll_log")

    op.drop_table("roll_log")
    op.drop_table("guild_settings")
    op.drop_index(
        "uq_encounters_active_channel",
        table_name="encounters",
        sqlite_where=sa.text("status = 'active'"),
        postgresql_where=sa.text("status = 'active'"),
    )
    op.drop_index("ix_encounters_guild_channel", table_name="encounters")

    op.drop_table("encounters")
    op.drop_index(
        "uq_characters_active_owner",
        table_name="characters",
        sqlite_where=sa.text("is_active = 1"),
        postgresql_where=sa.text("is_active"),
    )

    op.drop_table("characters")
    op.drop_table("bestiary")


APPEND_ONLY = "roll_log es de solo anexado: sus filas no se modifican ni se borran"


def _roll_log_triggers() -> None:
    if op.get_context().dialect.name == "sqlite":
        for event in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER roll_log_no_{event.lower()} BEFORE {event} ON roll_log "
                f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
            )
        return
    op.execute(
        "CREATE FUNCTION roll_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
        f"BEGIN RAISE EXCEPTION '{APPEND_ONLY} (%)', TG_OP; END $$"
    )
    op.execute(
        "CREATE TRIGGER roll_log_no_update_delete BEFORE UPDATE OR DELETE ON roll_log "
        "FOR EACH ROW EXECUTE FUNCTION roll_log_append_only()"
    )
    op.execute(
        "CREATE TRIGGER roll_log_no_truncate BEFORE TRUNCATE ON roll_log "
        "FOR EACH STATEMENT EXECUTE FUNCTION roll_log_append_only()"
    )


def _drop_roll_log_triggers() -> None:
    if op.get_context().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS roll_log_no_update")
        op.execute("DROP TRIGGER IF EXISTS roll_log_no_delete")
        return
    op.execute("DROP TRIGGER IF EXISTS roll_log_no_truncate ON roll_log")
    op.execute("DROP TRIGGER IF EXISTS roll_log_no_update_delete ON roll_log")
    op.execute("DROP FUNCTION IF EXISTS roll_log_append_only()")
