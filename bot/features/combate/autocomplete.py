"""Autocomplete for the combat commands: the acting character's weapons and Oficios, the
combatants a user may act as, and the estados this encounter knows."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.features.common import choices, ids, storage_of
from bot.features.tiradas.ambito import guild_estados_extra
from bot.permissions import is_gm
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.estados import estado_table


async def _load(interaction: discord.Interaction) -> tuple[Encounter | None, bool]:
    guild_id, channel_id = ids(interaction)
    async with storage_of(interaction).channel(guild_id, channel_id) as uow:
        enc = await uow.encounter.get()
        settings = await uow.guild.get()
        info = uow.encounter.info
    gm = is_gm(interaction, settings.gm_role_id, info.creator_id if info else None)
    return enc, gm


def _actor(enc: Encounter, interaction: discord.Interaction, gm: bool) -> Combatant | None:
    namespace = interaction.namespace
    named = getattr(namespace, "atacante", None) or getattr(namespace, "personaje", None)
    if named:
        try:
            c = enc.find(str(named))
        except Exception:
            return None
        return c if gm or c.owner_id == interaction.user.id else None
    mine = [c for c in enc.combatants if c.owner_id == interaction.user.id]
    return mine[0] if mine else None


async def autocomplete_actor(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The combatants this user may act as (all of them for the GM)."""
    enc, gm = await _load(interaction)
    if enc is None:
        return []
    names = [c.nombre for c in enc.combatants if gm or c.owner_id == interaction.user.id]
    return choices(names, current)


async def autocomplete_weapon(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    enc, gm = await _load(interaction)
    actor = _actor(enc, interaction, gm) if enc is not None else None
    if actor is None:
        return []
    names = [w.nombre for w in actor.weapons] or ([actor.enemy.arma] if actor.enemy else [])
    return choices(names, current)


async def autocomplete_oficio(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    enc, gm = await _load(interaction)
    actor = _actor(enc, interaction, gm) if enc is not None else None
    if actor is None or actor.sheet is None:
        return []
    return choices(sorted(actor.sheet.oficios), current)


async def autocomplete_estado(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The rulebook's estados, the guild's own as they are now, and those the encounter
    still knows (someone carries one the guild deleted)."""
    guild_id, channel_id = ids(interaction)
    async with storage_of(interaction).channel(guild_id, channel_id) as uow:
        enc = await uow.encounter.get()
        stored = (await uow.guild.get()).extra_estados
    known = {**(enc.settings.estados_extra if enc is not None else {}),
             **guild_estados_extra(stored)}  # fmt: skip
    return choices([label for label, _ in estado_table(known).values()], current)
