"""One sheet of truth: a PC combatant mirrors its character row, and the row wins.

- A character fights in at most one active encounter: ``characters.encounter_id`` says which.
  A new PC combatant claims its character (refused, naming the channel, when another
  encounter holds it); a combatant that leaves, or the end of the encounter, releases it.
- Every combatant row remembers the character's version it agreed with
  (``combatants.character_version``). Reading an encounter compares it with the character's
  version now: a character changed elsewhere (``/ficha``, another process…) is copied into
  its combatant before the command sees it.
- What a command changes on a PC (Aguante, estados, Aliento, Esencia, and its owner when
  the GM hands it over with ``/ficha ceder``) is written to the character in the same
  transaction, only if the character is still at that version: if not,
  :class:`ConcurrencyError` and the command runs again on fresh rows, so no write is lost.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from bot.jsontypes import JsonObject
from umbral_rules import UmbralError
from umbral_rules.encounter.combatant import sheet_to_dict

from . import encounter_map as emap
from . import statements as st
from .errors import ConcurrencyError
from .models import ENCOUNTER_ACTIVE, VITAL_ACTIVE, VITAL_DEAD, Character
from .repositories import character_sheet

NOT_THIS_GUILD = "Ese personaje no existe en este servidor."


def in_other_encounter(nombre: str, channel_id: int) -> str:
    return (
        f"{nombre} ya está en el encuentro de <#{channel_id}>: un personaje solo puede estar "
        "en un encuentro a la vez (el máster puede traerlo con mover:sí)."
    )


def writeback_rows(combatants: list[emap.Row]) -> dict[str, emap.Row]:
    """Key → what a linked combatant row holds of its character (to see what changed)."""
    return {
        c["key"]: {"id": c["character_id"], **emap.writeback_values(c)}
        for c in combatants
        if c["character_id"] is not None
    }


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
    session: AsyncSession,
    guild_id: int,
    state: JsonObject,
    stale: dict[str, int],
    versions: dict[str, int],
) -> set[str]:
    """Copy into ``state``'s combatants the characters changed since their rows were written
    (``stale``: combatant key -> character id); the keys of the combatants refreshed."""
    if not stale:
        return set()
    found = {
        ch.id: ch
        for ch in (
            await session.scalars(
                select(Character).where(
                    Character.guild_id == guild_id, Character.id.in_(set(stale.values()))
                )
            )
        ).all()
    }
    for c in state["combatants"]:
        row = found.get(stale.get(c["id"], -1))
        if row is None:
            continue
        c.update(mirror(row))
        if row.estado_vital == VITAL_DEAD:
            c["status"] = "muerto"
        elif c.get("status") in ("activo", "malherido", "muerto"):  # [D] revived: as wounded
            c["status"] = "activo" if row.aguante > 0 else "malherido"
        versions[c["id"]] = row.version
    return set(stale)


async def channel_of(conn: AsyncConnection, guild_id: int, encounter_id: int) -> int | None:
    """The channel of an encounter if it is still active."""
    stmt = select(st.ENC.c.channel_id).where(
        st.ENC.c.guild_id == guild_id,
        st.ENC.c.id == encounter_id,
        st.ENC.c.status == ENCOUNTER_ACTIVE,
    )
    return (await conn.execute(stmt)).scalar()


async def check_characters(session: AsyncSession, guild_id: int, rows: list[emap.Row]) -> None:
    wanted = {c["character_id"] for c in rows if c["character_id"] is not None}
    if not wanted:
        return
    stmt = select(st.CHAR.c.id).where(st.CHAR.c.guild_id == guild_id, st.CHAR.c.id.in_(wanted))
    found = set((await session.scalars(stmt)).all())
    if found != wanted:
        raise UmbralError(NOT_THIS_GUILD)


class SheetWriter:
    """Writes one save's PC changes to their characters (see the module's docstring)."""

    def __init__(self, session: AsyncSession, conn: AsyncConnection, guild_id: int) -> None:
        self._session = session
        self._conn = conn
        self.guild_id = guild_id

    def _loaded(self, character_id: int) -> Character | None:
        found = self._session.sync_session.identity_map.get(identity_key(Character, character_id))
        if isinstance(found, Character) and found.guild_id == self.guild_id:
            return found
        return None

    async def sync(
        self,
        eid: int,
        old: dict[str, emap.Row],
        written: dict[str, emap.Row],
        versions: dict[str, int],
        rows: list[emap.Row],
    ) -> dict[str, emap.Row]:
        """Claim, write back and release; set each linked row's ``character_version``.
        ``old``: the combatant rows as stored; ``written``: their :func:`writeback_rows`;
        ``versions``: key → the character's version they agree with (updated here)."""
        prints = writeback_rows(rows)
        keys = {r["key"] for r in rows}
        gone = [
            r["character_id"]
            for k, r in old.items()
            if k not in keys and r["character_id"] is not None
        ]
        if gone:
            await self._release(eid, gone)
        for r in rows:
            key = r["key"]
            if key not in prints:
                if r is not old.get(key):
                    r["character_version"] = None
                versions.pop(key, None)
                continue
            if key not in old or key not in versions:
                versions[key] = await self._claim(eid, r)
            elif written.get(key) != prints[key]:
                versions[key] = await self._write(r, versions[key])
            if r is not old.get(key):
                r["character_version"] = versions[key]
        return prints

    async def _claim(self, eid: int, r: emap.Row) -> int:
        """A new PC combatant takes its character (the one this unit read it from)."""
        cid = r["character_id"]
        row = self._loaded(cid) or await self._session.get(Character, cid)
        if row is None or row.guild_id != self.guild_id:
            raise UmbralError(NOT_THIS_GUILD)
        if row.estado_vital != VITAL_ACTIVE:
            why = "ha muerto" if row.estado_vital == VITAL_DEAD else "se ha retirado"
            raise UmbralError(f"{row.nombre} {why}: no puede entrar en un encuentro.")
        if row.encounter_id not in (None, eid):
            channel = await channel_of(self._conn, self.guild_id, row.encounter_id)
            if channel is not None:
                raise UmbralError(in_other_encounter(row.nombre, channel))
        row.encounter_id = eid
        for name, value in emap.writeback_values(r).items():
            setattr(row, name, value)
        await self._session.flush()  # the ORM's version check: a concurrent claim loses
        return row.version

    async def _write(self, r: emap.Row, version: int) -> int:
        values = emap.writeback_values(r)
        cid = r["character_id"]
        loaded = self._loaded(cid)
        if loaded is not None:
            if loaded.version != version:  # changed since the encounter was read
                raise ConcurrencyError()
            for name, value in values.items():  # the ORM writes it, with its version check
                setattr(loaded, name, value)
            await self._session.flush()
            return loaded.version
        params = {"b_id": cid, "b_g": self.guild_id, "b_v": version, **st.prefixed(values)}
        result = await self._conn.execute(st.write_back(tuple(values)), params)
        if result.rowcount != 1:
            raise ConcurrencyError()
        return version + 1

    async def _release(self, eid: int, ids: list[int]) -> None:
        await self._conn.execute(st.RELEASE, {"g": self.guild_id, "eid": eid, "ids": ids})
        for cid in ids:
            loaded = self._loaded(cid)
            if loaded is not None and loaded.encounter_id == eid:
                set_committed_value(loaded, "encounter_id", None)

    async def release_all(self, eid: int) -> None:
        await self._conn.execute(st.RELEASE_ALL, {"g": self.guild_id, "eid": eid})
        for obj in list(self._session.sync_session.identity_map.values()):
            if isinstance(obj, Character) and obj.encounter_id == eid:
                set_committed_value(obj, "encounter_id", None)
