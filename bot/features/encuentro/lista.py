"""``/encuentro lista`` (GM): every open encounter of the server, with who is waited for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.edge.publisher import waiting_of
from bot.features.pages import send_pages
from bot.render.lista import OpenEncounter, encounter_list_pages
from bot.storage.encounter_list import active_channels
from bot.storage.uow import UnitOfWork
from umbral_rules.systems import UMBRAL

if TYPE_CHECKING:
    from bot.edge.context import Context


async def open_encounters(uow: UnitOfWork) -> list[OpenEncounter]:
    """The guild's active encounters as the list shows them (read in this one unit)."""
    out: list[OpenEncounter] = []
    for channel_id in await active_channels(uow.session, uow.guild_id):
        repo = uow.encounter_in(channel_id)
        system = await repo.system()
        if system is not None and system != UMBRAL:  # another game's: its name and asalto
            doc = await repo.document(system) or {}
            asalto = doc.get("asalto")
            number = asalto if isinstance(asalto, int) else 0
            out.append(OpenEncounter(channel_id, "", number, "", [], system))
            continue
        enc = await repo.get()
        if enc is None or repo.info is None:
            continue
        lines = waiting_of(enc, repo)
        out.append(OpenEncounter(channel_id, enc.mode, enc.asalto, enc.phase, lines))
    return out


async def run_lista(ctx: Context) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        ctx.require((await uow.guild.get()).gm_role_id)
        entries = await open_encounters(uow)
    await send_pages(ctx.interaction, encounter_list_pages(entries), ephemeral=True)
