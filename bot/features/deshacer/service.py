"""``/deshacer``'s two steps: which record may be undone and what it would change (the
preview), then the undo itself, version-checked against what the preview showed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.edge.context import is_gm
from bot.edge.systems import Systems
from bot.jsontypes import JsonObject
from bot.records.rolls import Undone
from bot.records.undo import SheetChange
from bot.render.safe import shown
from bot.render.undo import combatant_changes, sheet_changes
from bot.storage.models import ENCOUNTER_ACTIVE
from bot.storage.sheet_link import writeback_values
from bot.storage.undo import UndoRecord, UndoRepository
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter
from umbral_rules.systems import UMBRAL as UMBRAL_SYSTEM

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

NOTHING = "No hay nada que deshacer en este canal."
NOT_YOURS = (
    "Solo puedes deshacer tu propia última operación, si no ha pasado nada más en el canal "
    "desde entonces; lo demás lo deshace el máster."
)
ROLLED = (
    "Esa operación tiró dados: deshacer una tirada es cosa del máster "
    "(repetirla sale a cuenta del Aliento, «repetir»)."
)
GONE = "Esa operación ya no se puede deshacer: ya no está entre las 20 últimas de este canal."
ALREADY = "Esa operación ya se deshizo (lo hizo otra persona o un proceso a la vez que tú)."
CHANGED = (
    "El encuentro ha cambiado desde la vista previa: no se deshace nada. "
    "Vuelve a usar /deshacer para ver la operación que toca ahora."
)
NOT_LAST = "Esa ya no es la última operación del canal: vuelve a usar /deshacer."
OTHER_FIGHT = "El encuentro de esa operación ya no es el activo en este canal."
SHEET_CHANGED = "La ficha de {nombre} ha cambiado desde entonces: no se deshace nada."


@dataclass
class Target:
    """The record to undo and what the preview shows of it."""

    record: UndoRecord
    version: int
    lines: list[str]


def _log(uow: UnitOfWork) -> UndoRepository:
    """The channel's undo history (every /deshacer unit is a channel unit)."""
    if uow.undo_log is None:
        raise RuntimeError("/deshacer needs a channel unit of work.")
    return uow.undo_log


async def _gm(interaction: discord.Interaction, uow: UnitOfWork) -> bool:
    settings = await uow.guild.get()
    system = await uow.encounter.system()
    if system is None:
        active: object = None
    elif system == UMBRAL_SYSTEM:
        active = await uow.encounter.get()
    else:
        active = await uow.encounter.document(system)
    creator = uow.encounter.current_info.creator_id if active is not None else None
    return is_gm(interaction, settings.gm_role_id, creator)


async def choose(interaction: discord.Interaction, uow: UnitOfWork) -> UndoRecord:
    """The record ``/deshacer`` offers this user: the GM's is the newest not undone, a
    player's only their own newest operation with no dice and nothing after it."""
    log = _log(uow)
    if await _gm(interaction, uow):
        record = await log.latest(undone=False)
        if record is None:
            raise UmbralError(NOTHING)
        return record
    record = await log.latest()
    if record is None:
        raise UmbralError(NOTHING)
    if record.user_id != interaction.user.id or record.undone:
        raise UmbralError(NOT_YOURS)
    if record.rolled:
        raise UmbralError(ROLLED)
    return record


async def preview(interaction: discord.Interaction, uow: UnitOfWork) -> Target:
    """What undoing the chosen record would change, and the version it would apply to."""
    uow.undo.skip = True
    record = await choose(interaction, uow)
    version, lines = 0, []
    if record.encounter_id is not None:
        info = await _log(uow).encounter(record.encounter_id)
        if info is None:
            raise UmbralError(OTHER_FIGHT)
        version = info.version
        if record.ended:
            if info.status == ENCOUNTER_ACTIVE:
                raise UmbralError(ALREADY)
        elif (system := await uow.encounter.system()) not in (None, UMBRAL_SYSTEM):
            doc = await uow.encounter.document(str(system))
            if doc is None or uow.encounter.current_info.id != record.encounter_id:
                raise UmbralError(OTHER_FIGHT)
            lines = [f"El encuentro vuelve a como estaba antes de /{record.command}."]
        else:
            enc = await uow.encounter.get()
            if enc is None or uow.encounter.current_info.id != record.encounter_id:
                raise UmbralError(OTHER_FIGHT)
            refuse_changed_sheets(uow)
            lines = combatant_changes(enc, previous(record, enc))
    lines.extend(sheet_changes(record.sheets))
    return Target(record, version, lines)


async def undo(
    interaction: discord.Interaction,
    uow: UnitOfWork,
    record_id: int,
    version: int,
    systems: Systems,
) -> tuple[UndoRecord, Encounter | JsonObject | None]:
    """Undo the record the preview showed, if it is still the one to undo and the encounter
    is still at ``version``; the record and the restored encounter (or ``None``). A game
    system's round window is restored as its ``systems`` entry says."""
    uow.undo.skip = True
    log = _log(uow)
    record = await log.get(record_id)
    if record is None:
        raise UmbralError(GONE)
    if record.undone:
        raise UmbralError(ALREADY)
    chosen = await choose(interaction, uow)
    if chosen.id != record.id:
        raise UmbralError(NOT_LAST)
    enc: Encounter | JsonObject | None = None
    if record.encounter_id is not None:
        if record.ended:
            info = await log.encounter(record.encounter_id)
            if info is None or info.status == ENCOUNTER_ACTIVE:
                raise UmbralError(ALREADY)
            if info.version != version:
                raise UmbralError(CHANGED)
            await log.reopen(record.encounter_id, version)
        system = await uow.encounter.system()
        if system is not None and system != UMBRAL_SYSTEM:
            enc = await _undo_document(uow, record, system, version, systems)
        else:
            enc = await _undo_encounter(uow, record, version)
    await refuse_owner_clashes(uow, sheet_owners_back(record.sheets))
    await restore_sheets(uow, record.sheets)
    if not await log.mark_undone(record.id, interaction.user.id):
        raise UmbralError(ALREADY)
    if record.roll_ids:
        await uow.rolls.append(
            user_id=interaction.user.id,
            command="deshacer",
            dice=[],
            result=Undone(deshace=record.roll_ids, operacion=record.command),
        )
    return record, enc


async def _undo_encounter(uow: UnitOfWork, record: UndoRecord, version: int) -> Encounter:
    """Umbral's encounter put back as it was before ``record`` (and saved)."""
    current = await uow.encounter.get()
    info = uow.encounter.info
    if current is None or info is None or info.id != record.encounter_id:
        raise UmbralError(OTHER_FIGHT)
    if not record.ended and info.version != version:
        raise UmbralError(CHANGED)
    refuse_changed_sheets(uow)
    enc = previous(record, current)
    await refuse_stale_returns(uow, current, enc)
    await refuse_owner_clashes(uow, owners_back(current, enc))
    await uow.encounter.save(enc)
    return enc


async def _undo_document(
    uow: UnitOfWork, record: UndoRecord, system: str, version: int, systems: Systems
) -> JsonObject:
    """Another game system's document put back as it was before ``record`` (and saved, its
    round's window opening again from now if it has one): its sheets are its own copies, so
    nothing else goes back with it."""
    current = await uow.encounter.document(system)
    info = uow.encounter.info
    if current is None or info is None or info.id != record.encounter_id:
        raise UmbralError(OTHER_FIGHT)
    if not record.ended and info.version != version:
        raise UmbralError(CHANGED)
    if record.before is None:  # (a record of an encounter always says what it was)
        raise RuntimeError(f"Undo record {record.id} keeps no encounter to go back to.")
    before: JsonObject = record.before.previous(current)
    await uow.encounter.save(before, window=systems.window(system, before))
    return before


def previous(record: UndoRecord, current: Encounter) -> Encounter:
    """The encounter as it was before the record's operation, from the one it left."""
    if record.before is None:  # (a record of an encounter always says what it was)
        raise RuntimeError(f"Undo record {record.id} keeps no encounter to go back to.")
    return Encounter.from_dict(record.before.previous(current.to_dict()))


def refuse_changed_sheets(uow: UnitOfWork) -> None:
    """One sheet of truth: a fighter's sheet changed outside this encounter since it was last
    saved (``/ficha editar``, another channel…). Putting the encounter back would write the
    older numbers over that change, so nothing is undone."""
    changed = uow.encounter.refreshed
    if changed:
        raise UmbralError(SHEET_CHANGED.format(nombre=changed[0]))


async def refuse_stale_returns(uow: UnitOfWork, current: Encounter, before: Encounter) -> None:
    """A character the undo brings back into the fight (it had left it, or the fight had
    ended) must still have on its sheet what its combatant had then: else its sheet changed
    since (a rest, an edit elsewhere) and putting the combatant back would write over that."""
    present = {c.character_id for c in current.combatants if c.character_id is not None}
    for c in before.combatants:
        if c.character_id is None or c.character_id in present:
            continue
        row = await uow.characters.get(c.character_id)
        wanted = writeback_values(c.to_dict())  # what saving it writes to its sheet
        if row is None or any(getattr(row, k) != v for k, v in wanted.items()):
            raise UmbralError(SHEET_CHANGED.format(nombre=c.nombre))


async def restore_sheets(uow: UnitOfWork, sheets: list[SheetChange]) -> None:
    """Put back the sheets' numbers, refusing if one changed since the operation."""
    for sheet in sheets:
        row = await uow.characters.get(sheet.id)
        if row is None:
            raise UmbralError(SHEET_CHANGED.format(nombre=sheet.nombre))
        if any(getattr(row, column) != value for column, value in sheet.after.columns().items()):
            raise UmbralError(SHEET_CHANGED.format(nombre=sheet.nombre))
        for column, value in sheet.before.columns().items():
            setattr(row, column, value)


def owners_back(current: Encounter, before: Encounter) -> list[tuple[int, int]]:
    """(character, owner) of the fighters the undo gives back to their old owner."""
    now = {c.character_id: c.owner_id for c in current.combatants if c.character_id is not None}
    return [
        (c.character_id, c.owner_id)
        for c in before.combatants
        if c.character_id in now and c.owner_id is not None and now[c.character_id] != c.owner_id
    ]


def sheet_owners_back(sheets: list[SheetChange]) -> list[tuple[int, int]]:
    """(character, owner) of the sheets the undo gives back to their old owner."""
    return [
        (sheet.id, sheet.before.owner_id) for sheet in sheets if sheet.before.owner_id is not None
    ]


async def refuse_owner_clashes(uow: UnitOfWork, back: list[tuple[int, int]]) -> None:
    """Giving a ceded character back (``/ficha ceder``) is refused when its old owner has
    another character of that name by now (a player's names are unique)."""
    for character_id, owner in back:
        row = await uow.characters.get(character_id)
        same = None if row is None else await uow.characters.by_name(owner, row.nombre)
        if row is not None and same is not None and same.id != character_id:
            raise UmbralError(
                f"<@{owner}> tiene ahora otro personaje llamado «{shown(same.nombre)}»: "
                "no se deshace nada.",
                formatted=True,
            )
