"""Characters and the bestiary, every query filtered by the unit's guild: ORM rows live in the
unit of work (change an attribute and it is written at commit). The guild's settings:
:mod:`.settings`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import ColumnElement, Text, bindparam, cast, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from umbral_rules import EnemySheet, UmbralError
from umbral_rules.named import sheet_fields
from umbral_rules.text import clean_name, name_key, sort_key

from ..offloop import off_loop
from .bestiary_rows import OFF_LOOP_ROWS, bestiary_rows
from .models import (
    ENCOUNTER_ACTIVE,
    BestiaryEntry,
    Character,
    EncounterRow,
    table,
)
from .sheet_link import linked
from .sheets import character_sheet as character_sheet
from .sheets import character_weapons as character_weapons
from .sheets import enemy_sheet as enemy_sheet

#: The bestiary's JSON columns, which :meth:`BestiaryRepository.rows` leaves as text.
RAW_JSON = frozenset({"cualidades", "estados"})


class CharacterRepository:
    def __init__(self, session: AsyncSession, guild_id: int) -> None:
        self._session = session
        self.guild_id = guild_id

    async def create(
        self,
        owner_id: int,
        nombre: str,
        *,
        atributos: dict[str, int],
        aguante_max: int,
        active: bool = True,
        **fields: object,
    ) -> Character:
        """A new character of ``owner_id`` (``active``: the owner's active one); ``fields``
        are other columns, ``aguante``, ``esencia`` and ``aliento`` default to their maximum."""
        nombre = clean_name(nombre)
        same = await self.by_name(owner_id, nombre)
        if same is not None:
            raise UmbralError(f"Ya tienes un personaje llamado «{same.nombre}».")
        if active:
            await self._deactivate(owner_id)
        fields.setdefault("aguante", aguante_max)
        for pool in ("esencia", "aliento"):
            fields.setdefault(pool, fields.get(f"{pool}_max", 0))
        fields.setdefault("estados", [])
        fields.setdefault("weapons", [])
        fields.setdefault("oficios", {})
        row = Character(
            guild_id=self.guild_id,
            owner_id=owner_id,
            nombre=nombre,
            atributos=dict(atributos),
            aguante_max=aguante_max,
            is_active=active,
            **fields,
        )
        self._session.add(row)
        await _flush_new(self._session, f"Ya tienes un personaje llamado «{nombre}».")
        return row

    async def get(self, character_id: int) -> Character | None:
        """The character with this id, only if it belongs to this guild."""
        row = await self._session.get(Character, character_id)
        return row if row is not None and row.guild_id == self.guild_id else None

    async def active(self, owner_id: int) -> Character | None:
        return await self._one(Character.owner_id == owner_id, Character.is_active.is_(True))

    async def by_name(self, owner_id: int, nombre: str) -> Character | None:
        """The owner's character of that name (by the name key: «angel» finds «Ángel»)."""
        return await self._one(
            Character.owner_id == owner_id, Character.name_key == name_key(nombre)
        )

    async def all_by_name(self, nombre: str) -> list[Character]:
        """Every character of the guild with that name (one per owner at most), by id."""
        stmt = (
            select(Character)
            .where(Character.guild_id == self.guild_id, Character.name_key == name_key(nombre))
            .order_by(Character.id)
        )
        return list((await self._session.scalars(stmt)).all())

    async def list_for_owner(self, owner_id: int) -> list[Character]:
        """The owner's characters in Spanish order (Á with A, ñ after n)."""
        stmt = select(Character).where(
            Character.guild_id == self.guild_id, Character.owner_id == owner_id
        )
        rows = (await self._session.scalars(stmt)).all()
        return sorted(rows, key=lambda r: sort_key(r.nombre))

    async def list_all(self) -> list[Character]:
        stmt = select(Character).where(Character.guild_id == self.guild_id).order_by(Character.id)
        return list((await self._session.scalars(stmt)).all())

    async def fighting_in(self, character_id: int) -> int | None:
        """The channel whose active encounter has this character as a combatant, if any."""
        stmt = (
            select(EncounterRow.channel_id)
            .join(Character, Character.encounter_id == EncounterRow.id)
            .where(
                Character.guild_id == self.guild_id,
                Character.id == character_id,
                EncounterRow.guild_id == self.guild_id,
                EncounterRow.status == ENCOUNTER_ACTIVE,
            )
        )
        return (await self._session.execute(stmt)).scalar_one_or_none()

    async def of_encounter(self, encounter_id: int) -> list[Character]:
        """The characters that fought in that encounter of this guild (active or ended)."""
        state = select(EncounterRow.state).where(
            EncounterRow.guild_id == self.guild_id, EncounterRow.id == encounter_id
        )
        ids = list(linked((await self._session.execute(state)).scalar()))
        stmt = (
            select(Character)
            .where(Character.guild_id == self.guild_id, Character.id.in_(ids))
            .order_by(Character.id)
        )
        return list((await self._session.scalars(stmt)).all())

    async def set_active(self, owner_id: int, character_id: int) -> Character:
        row = await self.get(character_id)
        if row is None or row.owner_id != owner_id:
            raise UmbralError("Ese personaje no es tuyo o no existe en este servidor.")
        if not row.is_active:
            await self._deactivate(owner_id)
            row.is_active = True
        return row

    async def delete(self, character_id: int) -> bool:
        """Delete a character of this guild; combatants that were it play on unlinked (each
        document that has it is rewritten, its version bumped)."""
        row = await self.get(character_id)
        if row is None:
            return False
        encounters = table(EncounterRow)
        stmt = select(encounters.c.id, encounters.c.sheets).where(
            encounters.c.guild_id == self.guild_id
        )
        key = str(character_id)
        for eid, sheets in (await self._session.execute(stmt)).all():
            if key in (sheets or {}):
                await self._unlink(eid, character_id)
        await self._session.delete(row)
        await self._session.flush()
        return True

    async def _unlink(self, encounter_id: int, character_id: int) -> None:
        encounters = table(EncounterRow)
        read = select(encounters.c.state, encounters.c.sheets).where(
            encounters.c.id == encounter_id
        )
        doc, sheets = (await self._session.execute(read)).one()
        for c in linked(doc).values():
            if c["character_id"] == character_id:
                c["character_id"] = None
        sheets = {k: v for k, v in sheets.items() if k != str(character_id)}
        await self._session.execute(
            update(encounters)
            .where(encounters.c.id == encounter_id)
            .values(state=doc, sheets=sheets, version=encounters.c.version + 1)
        )

    async def _deactivate(self, owner_id: int) -> None:
        for other in await self.list_for_owner(owner_id):
            if other.is_active:
                other.is_active = False
        await self._session.flush()

    async def _one(self, *conditions: ColumnElement[bool]) -> Character | None:
        stmt = select(Character).where(Character.guild_id == self.guild_id, *conditions).limit(1)
        return (await self._session.scalars(stmt)).first()


#: Rows per executemany of a bulk insert: each batch's parameters are processed on the loop.
INSERT_BATCH = 250
_BESTIARY_INSERT = insert(table(BestiaryEntry))


class BestiaryRepository:
    def __init__(self, session: AsyncSession, guild_id: int) -> None:
        self._session = session
        self.guild_id = guild_id

    async def add(self, nombre: str, **fields: object) -> BestiaryEntry:
        """A new entry (``ataque``, ``defensa``, ``aguante``, ``potencia`` are required)."""
        nombre = clean_name(nombre)
        same = await self.get(nombre)
        if same is not None:
            raise UmbralError(f"Ya hay un enemigo llamado «{same.nombre}» en el bestiario.")
        fields.setdefault("cualidades", [])
        row = BestiaryEntry(guild_id=self.guild_id, nombre=nombre, **fields)
        self._session.add(row)
        await _flush_new(self._session, f"Ya hay un enemigo llamado «{nombre}» en el bestiario.")
        return row

    async def add_sheet(
        self, sheet: EnemySheet, notas: str = "", estados: Sequence[str] = ()
    ) -> BestiaryEntry:
        """A new entry of a rules' sheet (its columns are named as the sheet's fields)."""
        columns = {name: getattr(sheet, name) for name in sheet_fields(EnemySheet)}
        columns["cualidades"] = sorted(sheet.cualidades)
        del columns["nombre"]
        return await self.add(sheet.nombre, **columns, notas=notas, estados=list(estados))

    async def add_many(self, entries: Sequence[Mapping[str, Any]]) -> int:
        """Several new entries (:meth:`add`'s fields and ``nombre``) by executemany in batches
        (no ORM objects: 2,000 must not hold the loop); refused whole if a name is taken or
        repeats. The number of rows inserted."""
        stmt = select(BestiaryEntry.name_key).where(BestiaryEntry.guild_id == self.guild_id)
        taken = set((await self._session.scalars(stmt)).all())
        rows = (
            bestiary_rows(entries, taken, self.guild_id)
            if len(entries) < OFF_LOOP_ROWS
            else await off_loop(bestiary_rows, entries, taken, self.guild_id)
        )
        conn = await self._session.connection()
        for start in range(0, len(rows), INSERT_BATCH):
            await conn.execute(_BESTIARY_INSERT, rows[start : start + INSERT_BATCH])
        return len(rows)

    async def get(self, nombre: str) -> BestiaryEntry | None:
        """The entry by name (by its name key: «ÑU SALVAJE» finds «Ñu salvaje»)."""
        stmt = select(BestiaryEntry).where(
            BestiaryEntry.guild_id == self.guild_id, BestiaryEntry.name_key == name_key(nombre)
        )
        return (await self._session.scalars(stmt.limit(1))).first()

    async def get_by_id(self, entry_id: int) -> BestiaryEntry | None:
        row = await self._session.get(BestiaryEntry, entry_id)
        return row if row is not None and row.guild_id == self.guild_id else None

    async def list_all(self) -> list[BestiaryEntry]:
        """The bestiary in Spanish order (Á with A, ñ after n)."""
        stmt = select(BestiaryEntry).where(BestiaryEntry.guild_id == self.guild_id)
        rows = (await self._session.scalars(stmt)).all()
        return sorted(rows, key=lambda r: sort_key(r.nombre))

    async def rows(self) -> list[Mapping[Any, Any]]:
        """Every entry as a plain read-only mapping (Core: no ORM objects on the loop), unsorted,
        its JSON columns (:data:`RAW_JSON`) as text: the caller decodes and sorts them on a
        worker thread (:func:`bot.features.bestiario.files.export_rows`)."""
        bestiary = table(BestiaryEntry)
        # each by its key (the rows' name: ``tamano`` is stored as ``size``)
        columns = [(cast(c, Text) if c.name in RAW_JSON else c).label(c.key) for c in bestiary.c]
        stmt = select(*columns).where(bestiary.c.guild_id == self.guild_id)
        return list((await self._session.execute(stmt)).mappings().all())

    async def names(self) -> dict[int, str]:
        """id → nombre of every entry."""
        bestiary = table(BestiaryEntry)
        stmt = select(bestiary.c.id, bestiary.c.nombre).where(bestiary.c.guild_id == self.guild_id)
        return {int(i): str(n) for i, n in (await self._session.execute(stmt)).all()}

    async def replace_many(self, changes: Mapping[int, Mapping[str, Any]]) -> None:
        """Overwrite entries by id with new fields (the same keys in each), in batches."""
        bestiary = table(BestiaryEntry)
        items = [{**fields, "_id": entry_id} for entry_id, fields in changes.items()]
        for item in items:  # a Core UPDATE skips the ORM's @validates: the key goes with the name
            if "nombre" in item:
                item["name_key"] = name_key(str(item["nombre"]))
        if not items:
            return
        stmt = (
            update(bestiary)
            .where(bestiary.c.guild_id == self.guild_id, bestiary.c.id == bindparam("_id"))
            .values({key: bindparam(key) for key in items[0] if key != "_id"})
        )
        conn = await self._session.connection()
        for start in range(0, len(items), INSERT_BATCH):
            await conn.execute(stmt, items[start : start + INSERT_BATCH])

    async def delete(self, nombre: str) -> bool:
        row = await self.get(nombre)
        if row is None:
            return False
        await self._session.delete(row)
        await self._session.flush()
        return True


async def _flush_new(session: AsyncSession, refusal: str) -> None:
    """Write a new named row; a name key taken in between (the unique index) is a refusal."""
    try:
        await session.flush()
    except IntegrityError as exc:
        if "name_key" not in str(exc.orig):
            raise
        raise UmbralError(refusal) from None
