"""A sheet changed outside its encounter (``/ficha editar``, ``oficio``, ``arma``): the
encounter's tracker shows it at once.

The encounter is not saved here: its next read copies the changed sheet into the combatant
(:mod:`bot.storage.sheet_link`), and so does the tracker's. Not saving keeps ``/deshacer``
honest: the channel's last operation still sees that a sheet changed since it and refuses
to put the older numbers back (``bot.features.deshacer.service``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.storage.sheet_link import channel_of

if TYPE_CHECKING:
    from bot.edge.context import Context


async def follow_sheet(ctx: Context, encounter_id: int | None) -> None:
    """Bring the tracker of encounter ``encounter_id`` (if still active) up to date, once
    the command has answered."""
    guild_id = ctx.interaction.guild_id
    if encounter_id is None or guild_id is None:
        return
    async with ctx.storage.guild(guild_id) as uow:
        channel_id = await channel_of(await uow.session.connection(), guild_id, encounter_id)
        if channel_id is not None:
            ctx.show_tracker_of(uow, channel_id)
