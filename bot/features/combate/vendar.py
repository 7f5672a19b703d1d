"""``/vendar``: bandaging stops Sangrando («hasta que alguien te vende», Libro III §17).

In a channel with an encounter it is the rules' ``Encounter.vendar`` (the acción, no roll);
anywhere else it takes Sangrando off the character's sheet. [D] No roll, and one may
bandage oneself (``umbral_rules.tables.VENDAR_SELF``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.features.combate import service
from bot.features.common import send
from bot.features.fichas.lookup import custody_character, owner_text
from bot.render.encounter import events_embed
from umbral_rules import UmbralError
from umbral_rules.encounter.events import Event
from umbral_rules.tables import ESTADO_LABELS, ESTADO_VENDAR, VENDAR_SELF
from umbral_rules.text import name_not_found

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.storage import UnitOfWork
    from bot.storage.models import Character


async def vendar(ctx: Context, objetivo: str, personaje: str | None) -> None:
    interaction = ctx.interaction
    guild_id, channel_id = ctx.ids()
    storage = ctx.storage
    await interaction.response.defer(thinking=True)
    async with storage.channel(guild_id, channel_id) as uow:
        fighting = await uow.encounter.get() is not None
    if fighting:

        def op(turn: service.Turn) -> list[Event]:
            return list(turn.enc.vendar(turn.actor_id, turn.enc.find(objetivo).id))

        await service.run(ctx, service.Action("vendar", "{actor}: vendar", personaje), op)
        return

    async def work(uow: UnitOfWork) -> str:
        gm = ctx.is_gm((await uow.guild.get()).gm_role_id)
        actor = await custody_character(uow, interaction, personaje, None, gm=gm)
        target = await _named(uow, objetivo)
        if target.id == actor.id and not VENDAR_SELF:
            raise UmbralError("Nadie se venda a sí mismo: tiene que hacerlo otro.")
        label = ESTADO_LABELS[ESTADO_VENDAR]
        if ESTADO_VENDAR not in target.estados:
            raise UmbralError(f"{target.nombre} no está {label}: no hay nada que vendar.")
        if await uow.characters.fighting_in(target.id) is not None:
            raise UmbralError(
                f"{target.nombre} está en el encuentro de otro canal: se le venda allí."
            )
        target.estados = [e for e in target.estados if e != ESTADO_VENDAR]
        who = "se venda" if target.id == actor.id else f"venda a {target.nombre}"
        return f"{actor.nombre} {who}: deja de estar {label}."

    text = await storage.run_in_channel(guild_id, channel_id, work)
    await send(interaction, embed=events_embed("Vendar", [text]))


async def _named(uow: UnitOfWork, nombre: str) -> Character:
    rows = await uow.characters.all_by_name(nombre)
    if not rows:
        raise name_not_found(
            f"No hay ningún personaje llamado «{nombre}».",
            nombre,
            [r.nombre for r in await uow.characters.list_all()],
        )
    if len(rows) > 1:
        owners = ", ".join(owner_text(r.owner_id) for r in rows)
        raise UmbralError(f"Hay {len(rows)} personajes llamados «{nombre}» (de {owners}).")
    return rows[0]
