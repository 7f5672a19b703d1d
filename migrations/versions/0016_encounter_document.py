"""The encounter stored as one document: ``encounters.state`` holds its whole
``Encounter.to_dict()`` (JSON; ``json``, not ``jsonb``, on PostgreSQL: it is only read and
written whole) instead of a header and three tables of child rows (issue 33).

Every encounter, active or ended, keeps its state: its header columns (schema, mode, asalto,
phase, settings, extra) and its combatant, pending-defense and reto rows, in their order, are
put together into the document exactly as the release before read them back (the combatant's
columns first, then the rest of its dict). Beside it:

- ``encounters.sheets``: ``{character id: version}``, the sheet version each linked
  combatant's copy of its numbers agreed with (``combatants.character_version``; empty when
  unknown, so the next read takes the sheet's numbers, as before);
- ``encounters.pending_since``: ``{pending defense id: ISO time}``, when each pending defense
  began to wait (``pending_defenses.created_at``).

The undo records are kept as they are: ``/deshacer`` still reads both forms that release wrote
(the whole encounter, or its changed combatants with their order). Their table now keeps
itself to the newest 20 per channel (a trigger after each insert deletes the older ones and
those undone): the bot no longer runs that DELETE in every command.

The downgrade splits every document back into rows (combatants, pending defenses and retos
with their name keys, the header columns). Undo records written by this release (the
``patch`` form) are deleted: the release before would misread them.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02 17:00:00.000000

"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

from umbral_rules.text import name_key

# revision identifiers, used by Alembic.
revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DOCUMENT = sa.JSON()
HEADER = ("schema_version", "mode", "asalto", "phase", "settings", "extra")
COMBATANT_COLUMNS = ("nombre", "side", "aguante", "aguante_max", "estados", "character_id",
                     "owner_id")  # fmt: skip
TS = sa.DateTime(timezone=True)

encounters = sa.table(
    "encounters",
    sa.column("id", sa.Integer),
    sa.column("guild_id", sa.BigInteger),
    sa.column("schema_version", sa.Integer),
    sa.column("mode", sa.String),
    sa.column("asalto", sa.Integer),
    sa.column("phase", sa.String),
    sa.column("settings", sa.JSON),
    sa.column("extra", sa.JSON),
    sa.column("state", DOCUMENT),
    sa.column("sheets", sa.JSON),
    sa.column("pending_since", sa.JSON),
)
combatants = sa.table(
    "combatants",
    sa.column("encounter_id", sa.Integer),
    sa.column("key", sa.String),
    sa.column("guild_id", sa.BigInteger),
    sa.column("position", sa.Integer),
    sa.column("nombre", sa.String),
    sa.column("name_key", sa.String),
    sa.column("side", sa.String),
    sa.column("aguante", sa.Integer),
    sa.column("aguante_max", sa.Integer),
    sa.column("estados", sa.JSON),
    sa.column("character_id", sa.Integer),
    sa.column("owner_id", sa.BigInteger),
    sa.column("data", sa.JSON),
    sa.column("character_version", sa.Integer),
)
pending = sa.table(
    "pending_defenses",
    sa.column("encounter_id", sa.Integer),
    sa.column("key", sa.String),
    sa.column("position", sa.Integer),
    sa.column("defender", sa.String),
    sa.column("attacker", sa.String),
    sa.column("data", sa.JSON),
    sa.column("created_at", TS),
)
retos = sa.table(
    "retos",
    sa.column("encounter_id", sa.Integer),
    sa.column("key", sa.String),
    sa.column("position", sa.Integer),
    sa.column("name_key", sa.String),
    sa.column("data", sa.JSON),
)
undo_records = sa.table("undo_records", sa.column("id", sa.Integer), sa.column("before", sa.JSON))


def _rows(bind: sa.Connection, table: Any, eid: int) -> list[Any]:
    stmt = sa.select(table).where(table.c.encounter_id == eid).order_by(table.c.position)
    return list(bind.execute(stmt).all())


def _aware(value: datetime | None) -> datetime | None:
    if value is not None and value.tzinfo is None:  # SQLite keeps no offset: it is UTC
        return value.replace(tzinfo=UTC)
    return value


def document(header: Any, combs: list[Any], pends: list[Any], rets: list[Any]) -> dict[str, Any]:
    """The encounter's dict from its rows, as the release before assembled it."""
    return {
        "schema": header.schema_version,
        "mode": header.mode,
        "asalto": header.asalto,
        "phase": header.phase,
        "settings": header.settings or {},
        "combatants": [
            {"id": c.key, **{k: getattr(c, k) for k in COMBATANT_COLUMNS}, **(c.data or {})}
            for c in combs
        ],
        "pending": [
            {"id": p.key, "defender": p.defender, "attacker": p.attacker, **(p.data or {})}
            for p in pends
        ],
        "retos": [{"id": r.key, **(r.data or {})} for r in rets],
        "extra": header.extra or {},
    }


def upgrade() -> None:
    """Upgrade schema."""
    # Added and dropped in place (SQLite 3.35+ drops a column without rebuilding the table):
    # a rebuild drops the old table, and with foreign keys on that deletes the rows of every
    # table that cascades from it (an encounter's reminders). Hence the defaults, which let
    # SQLite add a NOT NULL column.
    for column, kind in (("state", DOCUMENT), ("sheets", sa.JSON()), ("pending_since", sa.JSON())):
        op.add_column("encounters", sa.Column(column, kind, nullable=False, server_default="{}"))
    bind = op.get_bind()
    for header in bind.execute(sa.select(encounters).order_by(encounters.c.id)).all():
        combs = _rows(bind, combatants, header.id)
        pends = _rows(bind, pending, header.id)
        sheets = {
            str(c.character_id): c.character_version for c in combs if c.character_id is not None
        }
        since = {p.key: _aware(p.created_at).isoformat() for p in pends if p.created_at}
        bind.execute(
            encounters.update()
            .where(encounters.c.id == header.id)
            .values(
                state=document(header, combs, pends, _rows(bind, retos, header.id)),
                sheets={k: v for k, v in sheets.items() if v is not None},
                pending_since=since,
            )
        )
    op.drop_table("retos")
    op.drop_table("pending_defenses")
    op.drop_index("ix_combatants_character", table_name="combatants")
    op.drop_table("combatants")
    for column in HEADER:
        op.drop_column("encounters", column)
    _keep_trigger()


#: Undo records a channel keeps (``bot.storage.undo.KEEP``).
KEEP = 20
#: After an insert: the channel's undone records, and those beyond the newest KEEP, go.
PRUNE = (
    "DELETE FROM undo_records WHERE guild_id = NEW.guild_id AND channel_id = NEW.channel_id"
    " AND id <> NEW.id AND (undone_at IS NOT NULL OR id NOT IN (SELECT id FROM undo_records"
    " WHERE guild_id = NEW.guild_id AND channel_id = NEW.channel_id"
    f" ORDER BY id DESC LIMIT {KEEP}))"
)


def _keep_trigger() -> None:
    if op.get_context().dialect.name == "sqlite":
        op.execute(
            f"CREATE TRIGGER undo_records_keep AFTER INSERT ON undo_records BEGIN {PRUNE}; END"
        )
        return
    op.execute(
        "CREATE FUNCTION undo_records_keep() RETURNS trigger LANGUAGE plpgsql AS $$ "
        f"BEGIN {PRUNE}; RETURN NULL; END $$"
    )
    op.execute(
        "CREATE TRIGGER undo_records_keep AFTER INSERT ON undo_records "
        "FOR EACH ROW EXECUTE FUNCTION undo_records_keep()"
    )


def _drop_keep_trigger() -> None:
    op.execute("DROP TRIGGER IF EXISTS undo_records_keep" + (
        "" if op.get_context().dialect.name == "sqlite" else " ON undo_records"))  # fmt: skip
    if op.get_context().dialect.name != "sqlite":
        op.execute("DROP FUNCTION IF EXISTS undo_records_keep()")


# --- downgrade: the document split back into rows -------------------------------------------


def _create_child_tables() -> None:
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
        sa.Column("name_key", sa.String(length=400), server_default="", nullable=False),
        sa.Column("character_version", sa.Integer(), nullable=True),
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
    op.create_index(
        "uq_combatants_name_key", "combatants", ["encounter_id", "name_key"], unique=True
    )
    op.create_table(
        "pending_defenses",
        sa.Column("encounter_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("defender", sa.String(length=64), nullable=False),
        sa.Column("attacker", sa.String(length=64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", TS, server_default=sa.func.now(), nullable=True),
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
        sa.Column("name_key", sa.String(length=400), server_default="", nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"],
            ["encounters.id"],
            name=op.f("fk_retos_encounter_id_encounters"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", "key", name=op.f("pk_retos")),
    )
    op.create_index("uq_retos_name_key", "retos", ["encounter_id", "name_key"], unique=True)


def _rest(item: dict[str, Any], columns: Sequence[str]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if k not in {"id", *columns}}


def _split(bind: sa.Connection, row: Any) -> None:
    """One encounter's document as the header columns and child rows of the release before
    (migration 0015)."""
    doc, sheets, since = row.state, row.sheets or {}, row.pending_since or {}
    if isinstance(doc, str):
        doc = json.loads(doc)
    bind.execute(
        encounters.update()
        .where(encounters.c.id == row.id)
        .values(
            schema_version=int(doc.get("schema", 1)),
            mode=doc["mode"],
            asalto=int(doc["asalto"]),
            phase=doc["phase"],
            settings=doc.get("settings") or {},
            extra=doc.get("extra") or {},
        )
    )
    for position, c in enumerate(doc.get("combatants") or ()):
        cid = c.get("character_id")
        values = {k: c.get(k) for k in COMBATANT_COLUMNS}
        values["estados"] = list(values["estados"] or ())
        bind.execute(
            combatants.insert().values(
                encounter_id=row.id,
                key=str(c["id"]),
                guild_id=row.guild_id,
                position=position,
                name_key=name_key(str(c["nombre"])),
                data=_rest(c, COMBATANT_COLUMNS),
                character_version=None if cid is None else sheets.get(str(cid)),
                **values,
            )
        )
    for position, p in enumerate(doc.get("pending") or ()):
        at = since.get(str(p["id"]))
        bind.execute(
            pending.insert().values(
                encounter_id=row.id,
                key=str(p["id"]),
                position=position,
                defender=str(p["defender"]),
                attacker=str(p["attacker"]),
                data=_rest(p, ("defender", "attacker")),
                created_at=datetime.fromisoformat(at) if at else datetime.now(UTC),
            )
        )
    for position, r in enumerate(doc.get("retos") or ()):
        nombre = r.get("nombre")
        bind.execute(
            retos.insert().values(
                encounter_id=row.id,
                key=str(r["id"]),
                position=position,
                name_key=name_key(str(nombre)) if nombre else f"<#{r['id']}>",
                data=_rest(r, ()),
            )
        )


def downgrade() -> None:
    """Downgrade schema."""
    _drop_keep_trigger()
    defaults = {"schema_version": "1", "mode": "mesa", "asalto": "1", "phase": "jugadores",
                "settings": "{}", "extra": "{}"}  # fmt: skip
    for column in HEADER:  # (in place, with a default: see upgrade())
        kind = encounters.c[column].type
        op.add_column(
            "encounters",
            sa.Column(column, kind, nullable=False, server_default=defaults[column]),
        )
    _create_child_tables()
    bind = op.get_bind()
    for row in bind.execute(sa.select(encounters).order_by(encounters.c.id)).all():
        _split(bind, row)
    for record in bind.execute(sa.select(undo_records)).all():
        before = record.before
        if isinstance(before, str):
            before = json.loads(before)
        if isinstance(before, dict) and "patch" in before:  # this release's form
            bind.execute(undo_records.delete().where(undo_records.c.id == record.id))
    for column in ("pending_since", "sheets", "state"):
        op.drop_column("encounters", column)
