"""The base of every feature's cog: the services its ``setup`` handed in, and the options'
autocompletes, which read the storage through them.

discord.py calls an autocomplete that is a function of a class with the cog of the command
being typed (``@app_commands.autocomplete(objetivo=FeatureCog.combatant)``), so each one
below gets that cog, and its services, as ``self``.
"""

from __future__ import annotations

from discord import Interaction
from discord.app_commands import Choice

from bot.edge.context import ids_of
from bot.edge.permissions import is_gm
from bot.edge.services import ServedCog
from bot.features.checks.retos import autocomplete_reto
from bot.features.combate.autocomplete import (
    autocomplete_actor,
    autocomplete_estado,
    autocomplete_oficio,
    autocomplete_weapon,
)
from bot.features.common import choices
from bot.features.fichas.shared import (
    autocomplete_any,
    autocomplete_deletable,
    autocomplete_own,
)
from bot.features.fichas.shared import autocomplete_oficio as autocomplete_sheet_oficio

Choices = list[Choice[str]]


class FeatureCog(ServedCog):
    # --- the channel's encounter ----------------------------------------------------------

    async def combatant(self, interaction: Interaction, current: str) -> Choices:
        """Combatants of this channel's encounter."""
        guild_id, channel_id = ids_of(interaction)
        async with self.services.require_storage().channel(guild_id, channel_id) as uow:
            enc = await uow.encounter.view()
            names = [c.nombre for c in enc.combatants] if enc is not None else []
        return choices(names, current)

    async def actor(self, interaction: Interaction, current: str) -> Choices:
        """The combatants this user may act as (all of them for the GM)."""
        return await autocomplete_actor(self.services.require_storage(), interaction, current)

    async def weapon(self, interaction: Interaction, current: str) -> Choices:
        """The weapons of the combatant acting."""
        return await autocomplete_weapon(self.services.require_storage(), interaction, current)

    async def actor_oficio(self, interaction: Interaction, current: str) -> Choices:
        """The Oficios of the combatant acting."""
        return await autocomplete_oficio(self.services.require_storage(), interaction, current)

    async def known_estado(self, interaction: Interaction, current: str) -> Choices:
        """The estados this encounter knows."""
        return await autocomplete_estado(self.services.require_storage(), interaction, current)

    async def open_reto(self, interaction: Interaction, current: str) -> Choices:
        """The channel's open retos."""
        return await autocomplete_reto(self.services.require_storage(), interaction, current)

    # --- characters and the bestiary ------------------------------------------------------

    async def own(self, interaction: Interaction, current: str) -> Choices:
        """The user's characters."""
        return await autocomplete_own(self.services.require_storage(), interaction, current)

    async def any_character(self, interaction: Interaction, current: str) -> Choices:
        """The user's characters first, then everyone else's."""
        return await autocomplete_any(self.services.require_storage(), interaction, current)

    async def deletable(self, interaction: Interaction, current: str) -> Choices:
        """The user's own characters; the GM's, everyone's."""
        storage = self.services.require_storage()
        return await autocomplete_deletable(storage, interaction, current)

    async def sheet_oficio(self, interaction: Interaction, current: str) -> Choices:
        """The Oficios of the character the command names (or of the active one)."""
        storage = self.services.require_storage()
        return await autocomplete_sheet_oficio(storage, interaction, current)

    async def bestiary(self, interaction: Interaction, current: str) -> Choices:
        """The bestiary, only for the GM (every command naming an entry is the GM's): a
        player is offered nothing."""
        guild_id, channel_id = ids_of(interaction)
        async with self.services.require_storage().channel(guild_id, channel_id) as uow:
            settings = await uow.guild.get()
            creator = None
            command = interaction.command
            if command is not None and command.name == "enemigos":  # the encounter's creator
                await uow.encounter.get()
                creator = uow.encounter.info.creator_id if uow.encounter.info else None
            if not is_gm(interaction, settings.gm_role_id, creator):
                return []
            rows = await uow.bestiary.list_all()
        return choices((r.nombre for r in rows), current)
