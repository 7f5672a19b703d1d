"""Names: one key per name (``umbral_rules.text.name_key``) in its own column, unique per
owner / guild / encounter; stored estado keys rewritten to the same rule.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 09:30:00.000000

Rows whose names collide under the new key (``Bran`` and ``bran``, ``Ángel`` and ``Angel``)
are all kept: the later ones (by id / position) get a visible suffix, «Bran (2)», and every
rename is logged. The same Python code computes the keys on SQLite and PostgreSQL, so the
result does not depend on the server's locale.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from umbral_rules.encounter.estados import estado_key
from umbral_rules.text import name_key, word_key

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

log = logging.getLogger("alembic.runtime.migration")

KEY = sa.String(400)
NAME_COLUMN_MAX = 100
#: index name → (table, columns); all unique but the guild-wide character lookup
INDEXES = {
    "uq_characters_owner_name_key": ("characters", ["guild_id", "owner_id", "name_key"]),
    "ix_characters_guild_name_key": ("characters", ["guild_id", "name_key"]),
    "uq_bestiary_name_key": ("bestiary", ["guild_id", "name_key"]),
    "uq_combatants_name_key": ("combatants", ["encounter_id", "name_key"]),
    "uq_retos_name_key": ("retos", ["encounter_id", "name_key"]),
}

characters = sa.table(
    "characters",
    sa.column("id", sa.Integer),
    sa.column("guild_id", sa.BigInteger),
    sa.column("owner_id", sa.BigInteger),
    sa.column("nombre", sa.String),
    sa.column("name_key", KEY),
    sa.column("estados", sa.JSON),
)
bestiary = sa.table(
    "bestiary",
    sa.column("id", sa.Integer),
    sa.column("guild_id", sa.BigInteger),
    sa.column("nombre", sa.String),
    sa.column("name_key", KEY),
    sa.column("estados", sa.JSON),
)
encounters = sa.table("encounters", sa.column("id", sa.Integer), sa.column("settings", sa.JSON))
combatants = sa.table(
    "combatants",
    sa.column("encounter_id", sa.Integer),
    sa.column("key", sa.String),
    sa.column("position", sa.Integer),
    sa.column("nombre", sa.String),
    sa.column("name_key", KEY),
    sa.column("estados", sa.JSON),
)
retos = sa.table(
    "retos",
    sa.column("encounter_id", sa.Integer),
    sa.column("key", sa.String),
    sa.column("position", sa.Integer),
    sa.column("name_key", KEY),
    sa.column("data", sa.JSON),
)


class Names:
    """The keys taken in one group (an owner's characters, a guild's bestiary…)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.taken: set[str] = set()

    def claim(self, nombre: str) -> str:
        """``nombre``, or «nombre (2)», «nombre (3)»… when its key is taken (logged)."""
        if name_key(nombre) not in self.taken:
            self.taken.add(name_key(nombre))
            return nombre
        n = 2
        while True:
            suffix = f" ({n})"
            candidate = nombre[: NAME_COLUMN_MAX - len(suffix)].rstrip() + suffix
            if name_key(candidate) not in self.taken:
                self.taken.add(name_key(candidate))
                log.warning(
                    "0004: %s «%s» choca con otro nombre igual al compararlos; "
                    "se renombra «%s» (no se borra nada)",
                    self.what,
                    nombre,
                    candidate,
                )
                return candidate
            n += 1


def estados(values: Iterable[Any], renames: dict[str, str] | None = None) -> list[str]:
    """Stored estado keys under the new rule: built-in ones by their ASCII key, any other by
    its name key (an encounter's own estados as re-keyed by :func:`estados_extra`)."""
    out: list[str] = []
    for value in values or ():
        key = (renames or {}).get(str(value)) or estado_key(str(value))
        if key and key not in out:
            out.append(key)
    return out


def estados_extra(extra: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """An encounter's own estados re-keyed; the key was its name with ñ folded to n («anoranza»):
    when the label spells the same word, the key comes from the label («añoranza»)."""
    clean: dict[str, Any] = {}
    renames: dict[str, str] = {}
    for key, spec in extra.items():
        label = str(spec.get("nombre", key)) if isinstance(spec, dict) else str(key)
        new = estado_key(label) if word_key(label) == word_key(str(key)) else estado_key(key)
        renames[str(key)] = new
        clean[new] = spec
    return clean, renames


def _fill_rows(bind: sa.Connection, table: Any, group: Sequence[str], what: str) -> None:
    """Characters / bestiary: key every row, renaming collisions inside each group."""
    groups: dict[tuple[Any, ...], Names] = {}
    rows = bind.execute(sa.select(table.c.id, table.c.nombre, table.c.estados, *(
        table.c[g] for g in group)).order_by(table.c.id)).all()  # fmt: skip
    for row in rows:
        names = groups.setdefault(tuple(row[3:]), Names(what))
        nombre = names.claim(row.nombre)
        bind.execute(
            table.update()
            .where(table.c.id == row.id)
            .values(nombre=nombre, name_key=name_key(nombre), estados=estados(row.estados))
        )


def _fill_encounters(bind: sa.Connection) -> None:
    renames: dict[int, dict[str, str]] = {}
    for enc in bind.execute(sa.select(encounters.c.id, encounters.c.settings)).all():
        settings = dict(enc.settings or {})
        extra = settings.get("estados_extra")
        if isinstance(extra, dict) and extra:
            settings["estados_extra"], renames[enc.id] = estados_extra(extra)
            bind.execute(
                encounters.update().where(encounters.c.id == enc.id).values(settings=settings)
            )
    groups: dict[int, Names] = {}
    order = (combatants.c.encounter_id, combatants.c.position, combatants.c.key)
    for row in bind.execute(sa.select(combatants).order_by(*order)).all():
        nombre = groups.setdefault(row.encounter_id, Names("el combatiente")).claim(row.nombre)
        bind.execute(
            combatants.update()
            .where(combatants.c.encounter_id == row.encounter_id, combatants.c.key == row.key)
            .values(
                nombre=nombre,
                name_key=name_key(nombre),
                estados=estados(row.estados, renames.get(row.encounter_id)),
            )
        )
    groups = {}
    order = (retos.c.encounter_id, retos.c.position, retos.c.key)
    for row in bind.execute(sa.select(retos).order_by(*order)).all():
        data = dict(row.data or {})
        names = groups.setdefault(row.encounter_id, Names("el reto"))
        data["nombre"] = names.claim(str(data.get("nombre", "")))
        bind.execute(
            retos.update()
            .where(retos.c.encounter_id == row.encounter_id, retos.c.key == row.key)
            .values(name_key=name_key(data["nombre"]), data=data)
        )


def upgrade() -> None:
    """Upgrade schema."""
    for table in ("characters", "bestiary", "combatants", "retos"):
        op.add_column(table, sa.Column("name_key", KEY, nullable=False, server_default=""))
    bind = op.get_bind()
    _fill_rows(bind, characters, ("guild_id", "owner_id"), "el personaje")
    _fill_rows(bind, bestiary, ("guild_id",), "el enemigo del bestiario")
    _fill_encounters(bind)
    for index, (table, columns) in INDEXES.items():
        op.create_index(index, table, columns, unique=index.startswith("uq_"))


def downgrade() -> None:
    """Downgrade schema (names renamed by the upgrade keep their suffix)."""
    for index, (table, _) in INDEXES.items():
        op.drop_index(index, table_name=table)
    for table in ("characters", "bestiary", "combatants", "retos"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("name_key")
