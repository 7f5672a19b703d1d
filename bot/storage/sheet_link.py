"""One sheet of truth (``docs/almacenamiento.md``): a PC's numbers live on its character's
sheet; the encounter's document mirrors them at the sheet version ``encounters.sheets`` records.
Reading copies in a sheet changed since (:func:`refresh`); saving writes what a command changed
to the sheet, only if it is still at that version (:func:`sync`: else
:class:`ConcurrencyError`, and the command runs again). A character fights in one active
encounter at a time (``characters.encounter_id``): a new PC claims it, leaving releases it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from bot.jsontypes import JsonObject
from umbral_rules import UmbralError
from umbral_rules.encounter.combatant import sheet_to_dict

from .errors import ConcurrencyError
from .models import ENCOUNTER_ACTIVE, VITAL_ACTIVE, VITAL_DEAD, Character, EncounterRow, table
from .sheets import character_sheet

NOT_THIS_GUILD = "Ese personaje no existe en este servidor."
ENC = table(EncounterRow)
CHAR = table(Character)
#: Linked combatant's keys written back to its sheet besides aguante and estados (when ints).
POOLS = ("aliento", "esencia")
#: ``{character id (as text): version}``: the sheet versions a document agrees with.
Agreed = dict[str, int]


def in_other_encounter(nombre: str, channel_id: int) -> str:
    return (
        f"{nombre} ya está en el encuentro de <#{channel_id}>: un personaje solo puede estar "
        "en un encuentro a la vez (el máster puede traerlo con mover:sí)."
    )


def linked(doc: Mapping[str, Any] | None) -> dict[int, JsonObject]:
    """Character id → its combatant's dict, for the document's linked combatants."""
    if doc is None:
        return {}
    return {
        int(c["character_id"]): c
        for c in doc.get("combatants") or ()
        if c.get("character_id") is not None
    }


def writeback_values(c: Mapping[str, Any]) -> JsonObject:
    """What a linked combatant's dict writes to its sheet: aguante, estados, the pools, its
    life (its secuelas said death: the sheet keeps it; not dead: alive there too) and owner."""
    values: JsonObject = {"aguante": int(c["aguante"]), "estados": list(c.get("estados") or ())}
    for name in POOLS:
        if isinstance(c.get(name), int):
            values[name] = c[name]
    values["estado_vital"] = VITAL_DEAD if c.get("status") == "muerto" else VITAL_ACTIVE
    if c.get("owner_id") is not None:  # /ficha ceder hands it over in the fight
        values["owner_id"] = int(c["owner_id"])
    return values


def mirror(row: Character) -> JsonObject:
    """What a PC combatant's dict takes from its character."""
    return {
        "aguante": row.aguante,
        "aguante_max": row.aguante_max,
        "estados": [str(e) for e in row.estados],
        "aliento": row.aliento,
        "aliento_max": row.aliento_max,
        "esencia": row.esencia,
        "esencia_max": row.esencia_max,
        "sheet": sheet_to_dict(character_sheet(row)),
        "weapons": [dict(w) for w in row.weapons],
        "owner_id": row.owner_id,
        "genero": row.genero,
    }


async def refresh(
    session: AsyncSession, guild_id: int, doc: JsonObject, agreed: Agreed
) -> tuple[Agreed, list[str]]:
    """Copy into ``doc`` (changed in place) the sheets changed since it was written; the
    versions it now agrees with and the names of the combatants refreshed."""
    fighters = linked(doc)
    if not fighters:
        return {}, []
    stmt = select(Character).where(Character.guild_id == guild_id, Character.id.in_(fighters))
    found = {row.id: row for row in (await session.scalars(stmt)).all()}
    now: Agreed = {}
    names: list[str] = []
    for cid, c in fighters.items():
        row = found.get(cid)
        if row is None:  # deleted: its combatant plays on, unlinked
            c["character_id"] = None
            continue
        now[str(cid)] = row.version
        if agreed.get(str(cid)) == row.version:
            continue
        c.update(mirror(row))
        if row.estado_vital == VITAL_DEAD:
            c["status"] = "muerto"
        elif c.get("status") in ("activo", "malherido", "muerto"):  # [D] revived: as wounded
            c["status"] = "activo" if row.aguante > 0 else "malherido"
        names.append(str(c["nombre"]))
    return now, names


async def channel_of(conn: AsyncConnection, guild_id: int, encounter_id: int) -> int | None:
    """The channel of an encounter if it is still active."""
    stmt = select(ENC.c.channel_id).where(
        ENC.c.guild_id == guild_id, ENC.c.id == encounter_id, ENC.c.status == ENCOUNTER_ACTIVE
    )
    return (await conn.execute(stmt)).scalar()


def _loaded(session: AsyncSession, guild_id: int, character_id: int) -> Character | None:
    """The character if this unit already holds it as an ORM object (then it is written
    through that object, so the session and the row never disagree)."""
    found = session.sync_session.identity_map.get(identity_key(Character, character_id))
    if isinstance(found, Character) and found.guild_id == guild_id:
        return found
    return None


async def sync(
    session: AsyncSession,
    guild_id: int,
    eid: int,
    before: JsonObject | None,
    after: JsonObject,
    agreed: Agreed,
) -> Agreed:
    """One save's PC changes, written to their sheets (see the module's docstring): claim the
    new PCs, write back the changed ones, release those gone (``before``: the document as
    stored, ``after``: the one being saved); the versions now agreed."""
    old, new = linked(before), linked(after)
    gone = [cid for cid in old if cid not in new]
    if gone:
        await release(session, guild_id, eid, gone)
    now: Agreed = {}
    for cid, c in new.items():
        key = str(cid)
        if key not in agreed:
            now[key] = await _claim(session, guild_id, eid, cid, c)
        elif cid not in old or writeback_values(c) != writeback_values(old[cid]):
            now[key] = await _write(session, guild_id, cid, c, agreed[key])
        else:
            now[key] = agreed[key]
    return now


async def _claim(session: AsyncSession, guild_id: int, eid: int, cid: int, c: JsonObject) -> int:
    """A new PC combatant takes its character (the one this unit read it from)."""
    row = _loaded(session, guild_id, cid) or await session.get(Character, cid)
    if row is None or row.guild_id != guild_id:
        raise UmbralError(NOT_THIS_GUILD)
    if row.estado_vital != VITAL_ACTIVE:
        why = "ha muerto" if row.estado_vital == VITAL_DEAD else "se ha retirado"
        raise UmbralError(f"{row.nombre} {why}: no puede entrar en un encuentro.")
    if row.encounter_id not in (None, eid):
        channel = await channel_of(await session.connection(), guild_id, row.encounter_id)
        if channel is not None:
            raise UmbralError(in_other_encounter(row.nombre, channel))
    row.encounter_id = eid
    for name, value in writeback_values(c).items():
        setattr(row, name, value)
    await session.flush()  # the ORM's version check: a concurrent claim loses
    return row.version


async def _write(
    session: AsyncSession, guild_id: int, cid: int, c: JsonObject, version: int
) -> int:
    values = writeback_values(c)
    loaded = _loaded(session, guild_id, cid)
    if loaded is not None:
        if loaded.version != version:  # changed since the encounter was read
            raise ConcurrencyError(where="characters: stale_version")
        for name, value in values.items():  # the ORM writes it, with its version check
            setattr(loaded, name, value)
        await session.flush()
        return loaded.version
    stmt = (
        update(CHAR)
        .where(CHAR.c.id == cid, CHAR.c.guild_id == guild_id, CHAR.c.version == version)
        .values(version=CHAR.c.version + 1, **values)
    )
    if (await (await session.connection()).execute(stmt)).rowcount != 1:
        raise ConcurrencyError(where="characters: stale_version")
    return version + 1


async def release(
    session: AsyncSession, guild_id: int, eid: int, ids: list[int] | None = None
) -> None:
    """Characters ``ids`` (all, when ``None``: the encounter ended) leave encounter ``eid``:
    they may join another one."""
    where = [CHAR.c.guild_id == guild_id, CHAR.c.encounter_id == eid]
    if ids is not None:
        where.append(CHAR.c.id.in_(ids))
    await (await session.connection()).execute(update(CHAR).where(*where).values(encounter_id=None))
    for obj in list(session.sync_session.identity_map.values()):
        if not isinstance(obj, Character) or obj.encounter_id != eid:
            continue
        if ids is None or obj.id in ids:
            set_committed_value(obj, "encounter_id", None)
