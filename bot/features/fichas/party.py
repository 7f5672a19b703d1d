"""``/ficha lista``: a player's own characters; the GM's, every player's, grouped by player
(server display names; someone who left the server is shown as such, and keeps their
characters until the GM decides)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.features.fichas.custodia import gm_in_guild
from bot.features.fichas.vida import vital_label, vital_shown
from bot.features.names import MemberNames
from bot.features.pages import send_pages
from bot.render.fichas import fichas_list_pages
from bot.render.party import Listed, PartyGroup, party_pages
from bot.storage.models import Character
from umbral_rules.text import sort_key

if TYPE_CHECKING:
    from bot.edge.context import Context

#: Display names of the owners (kept between commands, as /historial keeps its own).
NAMES = MemberNames()


def listed(rows: Sequence[Character], retirados: bool) -> list[tuple[int, Listed]]:
    """(owner, entry) of each row shown: the retired ones only when asked for."""
    return [
        (r.owner_id, Listed(r.nombre, r.is_active, vital_shown(r)))
        for r in sorted(rows, key=lambda r: sort_key(r.nombre))
        if retirados or vital_label(r) != "retirado"
    ]


async def owner_names(interaction: discord.Interaction, owners: Sequence[int]) -> dict[int, str]:
    """The display name of each owner still in the server."""
    names = {interaction.user.id: interaction.user.display_name}
    others = [o for o in owners if o not in names]
    if others and interaction.guild is not None:
        names.update(await NAMES.names(interaction.guild, others))
    return names


async def run_lista(ctx: Context, retirados: bool) -> None:
    interaction = ctx.interaction
    guild_id = ctx.guild_id
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        gm = await gm_in_guild(uow, interaction)
        if gm:
            rows = await uow.characters.list_all()
        else:
            rows = await uow.characters.list_for_owner(interaction.user.id)
        entries = listed(rows, retirados)
    if not gm:
        names = [(e.nombre + (f" — {e.vital}" if e.vital else ""), e.active) for _, e in entries]
        await send_pages(interaction, fichas_list_pages(names), ephemeral=True)
        return
    by_owner: dict[int, list[Listed]] = {}
    for owner, entry in entries:
        by_owner.setdefault(owner, []).append(entry)
    known = await owner_names(interaction, list(by_owner))
    groups = [PartyGroup(o, known.get(o), chars) for o, chars in by_owner.items()]
    await send_pages(interaction, party_pages(groups), ephemeral=True)
