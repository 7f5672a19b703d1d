"""Guild settings, characters and the bestiary: every query filtered by the unit's guild.

The objects returned are the ORM rows of :mod:`bot.storage.models`, live in the unit of work:
change their attributes and the change is written when the unit commits. JSON columns track
in-place changes of their top level (``ch.estados.append("Aturdido")`` is enough).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.util import identity_key

from umbral_rules import CharacterSheet, EnemySheet, UmbralError, Weapon

from .models import (
    BestiaryEntry,
    Character,
    CombatantRow,
    EncounterRow,
    GuildSettings,
    table,
)
from .settings_cache import SettingsCache

GUILD_DEFAULTS: dict[str, Any] = {
    "gm_role_id": None,
    "physical_dice_allowed": False,
    "gm_channel_id": None,
    "default_mode": "mesa",
    "defense_mode": "espera",
}


class GuildSettingsRepository:
    def __init__(
        self, session: AsyncSession, guild_id: int, cache: SettingsCache | None = None
    ) -> None:
        self._session = session
        self.guild_id = guild_id
        self._cache = cache

    async def get(self) -> GuildSettings:
        """The guild's settings; defaults (not stored yet) when it never changed any.

        With the storage's cache (:mod:`bot.storage.settings_cache`) the object may be a
        detached copy: change settings through :meth:`update`."""
        loaded = self._session.sync_session.identity_map.get(
            identity_key(GuildSettings, self.guild_id)
        )
        if isinstance(loaded, GuildSettings):  # read or changed in this unit: that one
            return loaded
        cache = self._cache
        generation = 0
        if cache is not None:
            cached = cache.get(self.guild_id)
            if cached is not None:
                return cached
            generation = cache.generation
        row = await self._session.get(GuildSettings, self.guild_id)
        if row is None:
            row = self._defaults()
        if cache is not None:
            cache.put(row, generation)
        return row

    async def update(self, **changes: Any) -> GuildSettings:
        """Set some fields (``gm_role_id=…``, ``secuelas=[…]``…), creating the row if needed."""
        row = await self._session.get(GuildSettings, self.guild_id)
        if row is None:
            row = self._defaults()
            self._session.add(row)
        for name, value in changes.items():
            if name in ("guild_id", "version") or not hasattr(GuildSettings, name):
                raise TypeError(f"GuildSettings has no settable field {name!r}")
            setattr(row, name, value)
        return row

    def _defaults(self) -> GuildSettings:
        return GuildSettings(
            guild_id=self.guild_id, secuelas={}, extra_estados=[], **GUILD_DEFAULTS
        )


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
        **fields: Any,
    ) -> Character:
        """A new character of ``owner_id``; ``active=True`` makes it the owner's active one.

        ``fields`` are any other column of :class:`~bot.storage.models.Character`
        (``oficios``, ``proteccion``, ``weapons``, ``esencia_max``…); ``aguante`` defaults to
        ``aguante_max`` and ``esencia`` / ``aliento`` to their maximum.
        """
        nombre = nombre.strip()
        if await self.by_name(owner_id, nombre) is not None:
            raise UmbralError(f"Ya tienes un personaje llamado «{nombre}».")
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
        await self._session.flush()
        return row

    async def get(self, character_id: int) -> Character | None:
        """The character with this id, only if it belongs to this guild."""
        row = await self._session.get(Character, character_id)
        return row if row is not None and row.guild_id == self.guild_id else None

    async def active(self, owner_id: int) -> Character | None:
        return await self._one(Character.owner_id == owner_id, Character.is_active.is_(True))

    async def by_name(self, owner_id: int, nombre: str) -> Character | None:
        return await self._one(
            Character.owner_id == owner_id,
            func.lower(Character.nombre) == nombre.strip().lower(),
        )

    async def list_for_owner(self, owner_id: int) -> list[Character]:
        stmt = (
            select(Character)
            .where(Character.guild_id == self.guild_id, Character.owner_id == owner_id)
            .order_by(Character.nombre)
        )
        return list((await self._session.scalars(stmt)).all())

    async def list_all(self) -> list[Character]:
        stmt = select(Character).where(Character.guild_id == self.guild_id).order_by(Character.id)
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
        """Delete a character of this guild; combatants that were it keep playing unlinked."""
        row = await self.get(character_id)
        if row is None:
            return False
        # the encounters it fights in change: their version says so (see encounter_cache)
        combats = select(CombatantRow.encounter_id).where(
            CombatantRow.guild_id == self.guild_id, CombatantRow.character_id == character_id
        )
        await self._session.execute(
            update(table(EncounterRow))
            .where(EncounterRow.guild_id == self.guild_id, EncounterRow.id.in_(combats))
            .values(version=EncounterRow.version + 1)
        )
        await self._session.execute(
            update(table(CombatantRow))
            .where(
                CombatantRow.guild_id == self.guild_id,
                CombatantRow.character_id == character_id,
            )
            .values(character_id=None)
        )
        await self._session.delete(row)
        await self._session.flush()
        return True

    async def _deactivate(self, owner_id: int) -> None:
        for other in await self.list_for_owner(owner_id):
            if other.is_active:
                other.is_active = False
        await self._session.flush()

    async def _one(self, *conditions: Any) -> Character | None:
        stmt = select(Character).where(Character.guild_id == self.guild_id, *conditions).limit(1)
        return (await self._session.scalars(stmt)).first()


class BestiaryRepository:
    def __init__(self, session: AsyncSession, guild_id: int) -> None:
        self._session = session
        self.guild_id = guild_id

    async def add(self, nombre: str, **fields: Any) -> BestiaryEntry:
        """A new entry (``ataque``, ``defensa``, ``aguante``, ``potencia`` are required)."""
        nombre = nombre.strip()
        if await self.get(nombre) is not None:
            raise UmbralError(f"Ya hay un enemigo llamado «{nombre}» en el bestiario.")
        fields.setdefault("cualidades", [])
        row = BestiaryEntry(guild_id=self.guild_id, nombre=nombre, **fields)
        self._session.add(row)
        await self._session.flush()
        return row

    async def add_sheet(
        self, sheet: EnemySheet, notas: str = "", estados: Sequence[str] = ()
    ) -> BestiaryEntry:
        return await self.add(
            sheet.nombre,
            ataque=sheet.ataque,
            defensa=sheet.defensa,
            aguante=sheet.aguante,
            potencia=sheet.potencia,
            arma=sheet.arma,
            size=sheet.size,
            proteccion=sheet.proteccion,
            cualidades=sorted(sheet.cualidades),
            bono_ataque=sheet.bono_ataque,
            bono_defensa=sheet.bono_defensa,
            notas=notas,
            acciones_extra=sheet.acciones_extra,
            respuestas_extra=sheet.respuestas_extra,
            estados=list(estados),
        )

    async def add_many(self, entries: Sequence[Mapping[str, Any]]) -> list[BestiaryEntry]:
        """Several new entries (each as :meth:`add`'s fields, with ``nombre``) in one flush;
        refused whole if a name is already in the bestiary or repeats (case-insensitive)."""
        stmt = select(BestiaryEntry.nombre).where(BestiaryEntry.guild_id == self.guild_id)
        taken = {nombre.lower() for nombre in (await self._session.scalars(stmt)).all()}
        rows: list[BestiaryEntry] = []
        for entry in entries:
            fields = dict(entry)
            nombre = str(fields.pop("nombre")).strip()
            if nombre.lower() in taken:
                raise UmbralError(f"Ya hay un enemigo llamado «{nombre}» en el bestiario.")
            taken.add(nombre.lower())
            fields.setdefault("cualidades", [])
            rows.append(BestiaryEntry(guild_id=self.guild_id, nombre=nombre, **fields))
        self._session.add_all(rows)
        await self._session.flush()
        return rows

    async def get(self, nombre: str) -> BestiaryEntry | None:
        """The entry by name, case-insensitive."""
        stmt = select(BestiaryEntry).where(
            BestiaryEntry.guild_id == self.guild_id,
            func.lower(BestiaryEntry.nombre) == nombre.strip().lower(),
        )
        return (await self._session.scalars(stmt.limit(1))).first()

    async def get_by_id(self, entry_id: int) -> BestiaryEntry | None:
        row = await self._session.get(BestiaryEntry, entry_id)
        return row if row is not None and row.guild_id == self.guild_id else None

    async def list_all(self) -> list[BestiaryEntry]:
        stmt = (
            select(BestiaryEntry)
            .where(BestiaryEntry.guild_id == self.guild_id)
            .order_by(BestiaryEntry.nombre)
        )
        return list((await self._session.scalars(stmt)).all())

    async def delete(self, nombre: str) -> bool:
        row = await self.get(nombre)
        if row is None:
            return False
        await self._session.delete(row)
        await self._session.flush()
        return True


def character_sheet(row: Character) -> CharacterSheet:
    """The rules' sheet of a stored character."""
    return CharacterSheet(
        nombre=row.nombre,
        atributos=dict(row.atributos),
        proteccion=row.proteccion,
        oficios=dict(row.oficios),
        aguante_extra=row.aguante_extra,
        size=row.size,
    )


def character_weapons(row: Character) -> list[Weapon]:
    return [Weapon.from_dict(w) for w in row.weapons]


def enemy_sheet(row: BestiaryEntry) -> EnemySheet:
    """The rules' sheet of a bestiary entry."""
    return EnemySheet(
        nombre=row.nombre,
        ataque=row.ataque,
        defensa=row.defensa,
        aguante=row.aguante,
        potencia=row.potencia,
        arma=row.arma,
        size=row.size,
        proteccion=row.proteccion,
        bono_ataque=row.bono_ataque,
        bono_defensa=row.bono_defensa,
        cualidades=frozenset(row.cualidades),
        acciones_extra=row.acciones_extra,
        respuestas_extra=row.respuestas_extra,
    )
