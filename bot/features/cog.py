"""The base of every feature's cog: the services its ``setup`` handed in, and the options'
autocompletes, which read the storage through them.

discord.py calls an autocomplete that is a function of a class with the cog of the command
being typed (``@app_commands.autocomplete(objetivo=FeatureCog.combatant)``), so each one
below gets that cog, and its services, as ``self``. A failure is logged by discord.py and
offers nothing; what is offered is never a permission: the command checks again.
"""

from __future__ import annotations

from discord import Interaction
from discord.app_commands import Choice

from bot.edge.context import ids_of, is_gm
from bot.edge.permissions import require_guild
from bot.edge.services import ServedCog
from bot.features.common import choices
from bot.features.saved_choices import completions, deletable
from bot.features.system import guild_estados_extra
from bot.storage import Storage, UnitOfWork
from bot.storage.saved_rolls import SERVER
from umbral_rules import UmbralError
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.estados import estado_table
from umbral_rules.systems import UMBRAL
from umbral_rules.text import spanish_sorted

Choices = list[Choice[str]]


async def umbral_view(uow: UnitOfWork) -> Encounter | None:
    """The channel's encounter if it plays Umbral (``None``: none, or another game's, whose
    autocompletes offer only its combatants: :meth:`FeatureCog.combatant`)."""
    system = await uow.encounter.system()
    return await uow.encounter.view() if system == UMBRAL else None


async def _encounter(storage: Storage, interaction: Interaction) -> tuple[Encounter | None, bool]:
    """The channel's Umbral encounter (``None``: none) and whether the user is its GM."""
    guild_id, channel_id = ids_of(interaction)
    async with storage.reading(guild_id, channel_id) as uow:
        enc = await umbral_view(uow)
        settings = await uow.guild.get()
        info = uow.encounter.info
    gm = is_gm(interaction, settings.gm_role_id, info.creator_id if info else None)
    return enc, gm


def _acting(enc: Encounter, interaction: Interaction, gm: bool) -> Combatant | None:
    """The combatant the command being typed acts as (``atacante``/``personaje``, or the
    user's own), if the user may act as it."""
    namespace = interaction.namespace
    named = getattr(namespace, "atacante", None) or getattr(namespace, "personaje", None)
    if named:
        try:
            c = enc.find(str(named))
        except UmbralError:  # find's refusal (no one by that name yet, or several): none acts
            return None
        return c if gm or c.owner_id == interaction.user.id else None
    mine = [c for c in enc.combatants if c.owner_id == interaction.user.id]
    return mine[0] if mine else None


class FeatureCog(ServedCog):
    # --- the channel's encounter ----------------------------------------------------------

    async def combatant(self, interaction: Interaction, current: str) -> Choices:
        """Combatants of this channel's encounter."""
        guild_id, channel_id = ids_of(interaction)
        async with self.services.require_storage().reading(guild_id, channel_id) as uow:
            system = await uow.encounter.system()
            if system is not None and system != UMBRAL:  # another game's: its own names
                doc = await uow.encounter.document(system)
                return choices(self.services.systems.names(system, doc or {}), current)
            enc = await uow.encounter.view()
            names = [c.nombre for c in enc.combatants] if enc is not None else []
        return choices(names, current)

    async def actor(self, interaction: Interaction, current: str) -> Choices:
        """The combatants this user may act as (all of them for the GM; in another game's
        encounter, every combatant it names)."""
        enc, gm = await _encounter(self.services.require_storage(), interaction)
        if enc is None:
            return await self.combatant(interaction, current)
        names = [c.nombre for c in enc.combatants if gm or c.owner_id == interaction.user.id]
        return choices(names, current)

    async def weapon(self, interaction: Interaction, current: str) -> Choices:
        """The weapons of the combatant acting."""
        enc, gm = await _encounter(self.services.require_storage(), interaction)
        actor = _acting(enc, interaction, gm) if enc is not None else None
        if actor is None:
            return []
        names = [w.nombre for w in actor.weapons] or ([actor.enemy.arma] if actor.enemy else [])
        return choices(names, current)

    async def actor_oficio(self, interaction: Interaction, current: str) -> Choices:
        """The Oficios of the combatant acting."""
        enc, gm = await _encounter(self.services.require_storage(), interaction)
        actor = _acting(enc, interaction, gm) if enc is not None else None
        if actor is None or actor.sheet is None:
            return []
        return choices(sorted(actor.sheet.oficios), current)

    async def known_estado(self, interaction: Interaction, current: str) -> Choices:
        """The rulebook's estados, the server's own as they are now, and those the encounter
        still knows (someone carries one the server deleted)."""
        guild_id, channel_id = ids_of(interaction)
        async with self.services.require_storage().reading(guild_id, channel_id) as uow:
            enc = await umbral_view(uow)
            stored = (await uow.guild.get()).extra_estados
        known = {**(enc.settings.estados_extra if enc is not None else {}),
                 **guild_estados_extra(stored)}  # fmt: skip
        return choices([label for label, _ in estado_table(known).values()], current)

    async def open_reto(self, interaction: Interaction, current: str) -> Choices:
        """The channel's open retos."""
        guild_id, channel_id = ids_of(interaction)
        async with self.services.require_storage().reading(guild_id, channel_id) as uow:
            enc = await umbral_view(uow)
        names = [r.nombre for r in enc.retos if r.activo] if enc is not None else []
        return choices(names, current)

    # --- characters and the bestiary ------------------------------------------------------

    async def own(self, interaction: Interaction, current: str) -> Choices:
        """The user's characters."""
        guild_id = require_guild(interaction)
        async with self.services.require_storage().reading(guild_id) as uow:
            rows = await uow.characters.list_for_owner(interaction.user.id)
        return choices((r.nombre for r in rows), current)

    async def any_character(self, interaction: Interaction, current: str) -> Choices:
        """The user's characters first, then everyone else's (Spanish order)."""
        guild_id = require_guild(interaction)
        async with self.services.require_storage().reading(guild_id) as uow:
            own = await uow.characters.list_for_owner(interaction.user.id)
            rows = await uow.characters.list_all()
        return choices([r.nombre for r in own] + spanish_sorted([r.nombre for r in rows]), current)

    async def deletable(self, interaction: Interaction, current: str) -> Choices:
        """What ``/ficha borrar`` can take: the user's own; the GM's, everyone's. In the
        channel of another game's encounter, ``/encuentro unirse`` offers that game's
        sheets (``system_sheets``) the same way."""
        guild_id = require_guild(interaction)
        command = interaction.command
        if command is not None and command.qualified_name == "encuentro unirse":
            _, channel_id = ids_of(interaction)
            async with self.services.require_storage().reading(guild_id, channel_id) as uow:
                system = await uow.encounter.system()
                if system is not None and system != UMBRAL:
                    gm = is_gm(interaction, (await uow.guild.get()).gm_role_id)
                    owner = None if gm else interaction.user.id
                    sheets = await uow.system_sheets.list(system, "pj", owner)
                    return choices((s.nombre for s in sheets), current)
        async with self.services.require_storage().reading(guild_id) as uow:
            own = await uow.characters.list_for_owner(interaction.user.id)
            gm = is_gm(interaction, (await uow.guild.get()).gm_role_id)
            rows = await uow.characters.list_all() if gm else []
        return choices([r.nombre for r in own] + spanish_sorted([r.nombre for r in rows]), current)

    async def sheet_oficio(self, interaction: Interaction, current: str) -> Choices:
        """The Oficios of the character the command names (``personaje``: the user's own, or
        for the GM the only one of that name), else of the user's active one."""
        guild_id = require_guild(interaction)
        named = getattr(interaction.namespace, "personaje", None)
        async with self.services.require_storage().reading(guild_id) as uow:
            row = await uow.characters.by_name(interaction.user.id, named) if named else None
            if named and row is None and is_gm(interaction, (await uow.guild.get()).gm_role_id):
                matches = await uow.characters.all_by_name(named)
                row = matches[0] if len(matches) == 1 else None
            if row is None:
                row = await uow.characters.active(interaction.user.id)
        return choices(sorted(row.oficios) if row is not None else [], current)

    async def bestiary(self, interaction: Interaction, current: str) -> Choices:
        """The bestiary, only for the GM (every command naming an entry is the GM's): a
        player is offered nothing."""
        guild_id, channel_id = ids_of(interaction)
        async with self.services.require_storage().reading(guild_id, channel_id) as uow:
            settings = await uow.guild.get()
            creator = None
            command = interaction.command
            if command is not None and command.name == "enemigos":  # the encounter's creator
                facts = await uow.encounter.facts()
                creator = facts.creator_id if facts else None
            if not is_gm(interaction, settings.gm_role_id, creator):
                return []
            system = await uow.encounter.system() if command is not None else None
            if system is not None and system != UMBRAL:  # another game's bestiary
                entries = await uow.system_sheets.list(system, "enemigo")
                return choices((e.nombre for e in entries), current)
            rows = await uow.bestiary.list_all()
        return choices((r.nombre for r in rows), current)

    # --- saved rolls ----------------------------------------------------------------------

    async def saved_roll(self, interaction: Interaction, current: str) -> Choices:
        """``/tirar expresion:``: the user's saved rolls and the server's completing the word
        being typed (see :func:`~bot.features.saved_choices.completions`)."""
        guild_id = require_guild(interaction)
        async with self.services.require_storage().reading(guild_id) as uow:
            own, server = await uow.saved_rolls.visible(interaction.user.id)
        return completions(current, own, server)

    async def deletable_saved_roll(self, interaction: Interaction, current: str) -> Choices:
        """What ``/dados borrar`` can take: the user's own saved rolls, or with
        ``servidor:sí`` the server's."""
        guild_id = require_guild(interaction)
        server = bool(getattr(interaction.namespace, "servidor", False))
        async with self.services.require_storage().reading(guild_id) as uow:
            rolls = await uow.saved_rolls.of(SERVER if server else interaction.user.id)
        return deletable(current, rolls)
