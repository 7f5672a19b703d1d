"""``/esencia gastar``: who spends, and the spending in one unit of work.

The spender is the one ``/tirada`` would roll: without ``personaje`` the player's character in
this channel's encounter if there is one, else their active character; with it, one of theirs
by name (the GM: anyone's). In this channel's encounter the combatant spends (the save writes
the sheet in the same transaction and records the undo); a character in another channel's
active encounter is refused (spend it there); any other spends on the sheet alone, recorded
for ``/deshacer`` like ``/ficha ajustar``.

[D] Tracked only: the texts give Esencia no rules (no spells, no costs), so the bot counts the
points and posts the reason; what they buy is the GM's call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import discord

from bot.edge.context import is_gm
from bot.features.fichas.lookup import custody_character
from bot.features.fichas.vida import require_editable
from bot.features.system import UmbralTurn, own_combatants
from bot.records.rolls import EsenciaChange, EsenciaResult
from bot.records.undo import SheetChange
from bot.render.safe import shown
from bot.storage.models import Character
from bot.storage.uow import UnitOfWork
from umbral_rules import UmbralError
from umbral_rules.encounter import Combatant, Encounter, Event
from umbral_rules.encounter.esencia import check_spend
from umbral_rules.encounter.events import EsenciaSpent

ELSEWHERE = (
    "{nombre} está en el encuentro activo de <#{canal}>: gasta su Esencia desde ese canal "
    "(el combate y la ficha cambian juntos)."
)
NO_ACTIVE = "No tienes personaje activo: crea uno con /ficha crear o elige con /ficha usar."


@dataclass
class Spent:
    """What the command did, for its reply."""

    nombre: str
    before: int
    after: int
    maximo: int
    enc: Encounter | None = None
    events: list[Event] = field(default_factory=list)
    #: For the log: the sheet's id, the points and why.
    character_id: int | None = None
    puntos: int = 0
    motivo: str | None = None


async def _spender(
    uow: UnitOfWork,
    interaction: discord.Interaction,
    enc: Encounter | None,
    personaje: str | None,
    gm_role_id: int | None,
) -> tuple[Character, Combatant | None]:
    """The character who spends, and its combatant in this channel's encounter (if any)."""
    user_id = interaction.user.id
    row: Character | None
    if personaje:
        info = uow.encounter.info
        gm = is_gm(interaction, gm_role_id, info.creator_id if enc and info else None)
        row = await custody_character(uow, interaction, personaje, None, gm=gm)
    else:
        mine = [c for c in own_combatants(enc, user_id) if c.is_pc] if enc else []
        linked = [c.character_id for c in mine if c.character_id is not None]
        row = await uow.characters.get(linked[0]) if linked else None
        row = row or await uow.characters.active(user_id)
        if row is None:
            raise UmbralError(NO_ACTIVE)
    found = [c for c in enc.combatants if c.character_id == row.id] if enc else []
    return row, (found[0] if found else None)


async def spend(turn: UmbralTurn, puntos: int, motivo: str, personaje: str | None) -> Spent:
    """The rules of ``/esencia gastar`` on the one path: spend ``puntos`` of the spender's
    Esencia (all or nothing); the encounter is saved, and its tracker shown, only when the
    spender fights in it."""
    uow, enc, interaction = turn.uow, turn.doc, turn.ctx.interaction
    row, c = await _spender(uow, interaction, enc, personaje, turn.settings.gm_role_id)
    require_editable(row)
    if c is not None and enc is not None:
        events = enc.spend_esencia(c.id, puntos, motivo)
        spent = events[0]
        assert isinstance(spent, EsenciaSpent)  # spend_esencia's one event
        done = Spent(c.nombre, spent.esencia_before, c.esencia, c.esencia_max, enc, events)
    else:
        turn.saves, turn.tracker = False, None
        channel = await uow.characters.fighting_in(row.id)
        if channel is not None:
            raise UmbralError(
                ELSEWHERE.format(nombre=shown(row.nombre), canal=channel), formatted=True
            )
        before = row.esencia
        row.esencia = check_spend(row.nombre, before, puntos)
        uow.undo.sheets.append(
            SheetChange.of(row.id, row.nombre, {"esencia": before}, {"esencia": row.esencia})
        )
        done = Spent(row.nombre, before, row.esencia, row.esencia_max)
    done.character_id, done.puntos, done.motivo = row.id, puntos, motivo
    return done


async def log_spent(turn: UmbralTurn, done: Spent) -> None:
    """The step's own log: one entry with the Esencia before and after."""
    change = EsenciaChange(antes=done.before, despues=done.after)
    result = EsenciaResult(personaje=done.nombre, puntos=done.puntos, esencia=change)
    await turn.uow.rolls.append(
        user_id=turn.ctx.user_id,
        command="esencia gastar",
        dice=[],
        result=result,
        actor=done.nombre,
        character_id=done.character_id,
        motivo=done.motivo,
    )
