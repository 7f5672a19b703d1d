"""The sheets (``pj``) and bestiary entries (``enemigo``) of the game systems other than
Umbral: one row each, its content one JSON document that the system's typed model checks on
its way in and out (the storage only keeps it). A name is unique per guild, system and kind,
matched by :func:`umbral_rules.text.name_key`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.jsontypes import JsonObject
from umbral_rules import UmbralError
from umbral_rules.encounter.codec import json_copy
from umbral_rules.text import clean_name, name_key, sort_key

from .errors import ConcurrencyError
from .models import SystemSheet

#: A player's sheet, a bestiary entry, or a table a system's GM loaded (``tabla``).
SheetKind = Literal["pj", "enemigo", "tabla"]
#: What a kind is called in a refusal.
KIND_WORDS: dict[SheetKind, str] = {
    "pj": "una ficha",
    "enemigo": "una entrada del bestiario",
    "tabla": "una tabla",
}


@dataclass(frozen=True)
class StoredSheet:
    """A stored sheet: who owns it, its name and its document (a copy: change it and
    :meth:`SystemSheetRepository.save` it)."""

    id: int
    system: str
    kind: SheetKind
    owner_id: int
    nombre: str
    data: JsonObject
    version: int


def _stored(row: SystemSheet) -> StoredSheet:
    kind: SheetKind = "pj" if row.kind == "pj" else "tabla" if row.kind == "tabla" else "enemigo"
    return StoredSheet(
        row.id, row.system, kind, row.owner_id, row.nombre, json_copy(row.data), row.version
    )


class SystemSheetRepository:
    """The guild's sheets and bestiary entries of the other game systems."""

    def __init__(self, session: AsyncSession, guild_id: int) -> None:
        self._session, self.guild_id = session, guild_id

    async def list(
        self, system: str, kind: SheetKind, owner_id: int | None = None
    ) -> list[StoredSheet]:
        """The guild's sheets of ``system`` and ``kind`` (``owner_id``: only theirs), by name."""
        stmt = select(SystemSheet).where(
            SystemSheet.guild_id == self.guild_id,
            SystemSheet.system == system,
            SystemSheet.kind == kind,
        )
        if owner_id is not None:
            stmt = stmt.where(SystemSheet.owner_id == owner_id)
        rows = (await self._session.scalars(stmt)).all()
        return sorted((_stored(r) for r in rows), key=lambda s: sort_key(s.nombre))

    async def get(self, system: str, kind: SheetKind, nombre: str) -> StoredSheet | None:
        """The sheet called ``nombre`` (matched by its key), or ``None``."""
        row = await self._row(system, kind, nombre)
        return None if row is None else _stored(row)

    async def require(self, system: str, kind: SheetKind, nombre: str) -> StoredSheet:
        """:meth:`get`, refused in Spanish when there is none."""
        found = await self.get(system, kind, nombre)
        if found is None:
            raise UmbralError(f"No hay {KIND_WORDS[kind]} llamada «{clean_name(nombre)}».")
        return found

    async def add(
        self, system: str, kind: SheetKind, owner_id: int, nombre: str, data: JsonObject
    ) -> StoredSheet:
        """A new sheet; refused in Spanish when the name is taken."""
        nombre = clean_name(nombre)
        if not nombre:
            raise UmbralError("Falta el nombre.")
        if await self._row(system, kind, nombre) is not None:
            raise UmbralError(f"Ya hay {KIND_WORDS[kind]} llamada «{nombre}».")
        row = SystemSheet(
            guild_id=self.guild_id,
            system=system,
            kind=kind,
            owner_id=owner_id,
            nombre=nombre,
            name_key=name_key(nombre),
            data=json_copy(data),
        )
        self._session.add(row)
        await self._session.flush()
        return _stored(row)

    async def save(self, sheet: StoredSheet, data: JsonObject) -> StoredSheet:
        """Write ``data`` as the content of ``sheet``, if it is still at the version read: a
        change made meanwhile by another command is :class:`ConcurrencyError` (the command
        runs again from a fresh read)."""
        stmt = (
            update(SystemSheet)
            .where(
                SystemSheet.id == sheet.id,
                SystemSheet.guild_id == self.guild_id,
                SystemSheet.version == sheet.version,
            )
            .values(data=json_copy(data), version=sheet.version + 1)
        )
        result = await (await self._session.connection()).execute(stmt)
        if result.rowcount != 1:
            raise ConcurrencyError(where="system_sheets: stale_version")
        return replace(sheet, data=json_copy(data), version=sheet.version + 1)

    async def remove(self, system: str, kind: SheetKind, nombre: str) -> bool:
        """Delete the sheet called ``nombre``; whether there was one."""
        stmt = delete(SystemSheet).where(
            SystemSheet.guild_id == self.guild_id,
            SystemSheet.system == system,
            SystemSheet.kind == kind,
            SystemSheet.name_key == name_key(nombre),
        )
        result = await (await self._session.connection()).execute(stmt)
        return bool(result.rowcount)

    async def _row(self, system: str, kind: SheetKind, nombre: str) -> SystemSheet | None:
        stmt = select(SystemSheet).where(
            SystemSheet.guild_id == self.guild_id,
            SystemSheet.system == system,
            SystemSheet.kind == kind,
            SystemSheet.name_key == name_key(nombre),
        )
        return (await self._session.scalars(stmt)).first()
