"""What the ``/ficha`` commands and others share: a character's sheet as an embed, the
caller's character by name, and the autocompletes of characters and Oficios."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.edge.permissions import is_gm, require_guild
from bot.features.common import choices
from bot.features.fichas.vida import vital_shown
from bot.render.fichas import Pools, ficha_embed
from bot.storage.repositories import character_sheet, character_weapons
from umbral_rules import UmbralError
from umbral_rules.text import spanish_sorted

if TYPE_CHECKING:
    from bot.storage import Storage, UnitOfWork
    from bot.storage.models import Character


def pools_of(row: Character) -> Pools:
    return Pools(
        row.aguante,
        row.aguante_max,
        row.aliento,
        row.aliento_max,
        row.esencia,
        row.esencia_max,
        tuple(row.estados),
    )


def sheet_embed(row: Character, owner: str | None = None) -> discord.Embed:
    return ficha_embed(
        character_sheet(row),
        character_weapons(row),
        pools_of(row),
        owner=owner,
        active=row.is_active,
        vital=vital_shown(row),
        notas=row.notas,
    )


async def own_character(uow: UnitOfWork, owner_id: int, personaje: str | None) -> Character:
    """The named character of ``owner_id``, or their active one."""
    if personaje:
        row = await uow.characters.by_name(owner_id, personaje)
        if row is None:
            raise UmbralError(f"No tienes ningún personaje llamado «{personaje}».")
        return row
    row = await uow.characters.active(owner_id)
    if row is None:
        raise UmbralError(
            "No tienes personaje activo: crea uno con /ficha crear o elige con /ficha usar."
        )
    return row


async def autocomplete_own(
    storage: Storage, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    guild_id = require_guild(interaction)
    async with storage.guild(guild_id) as uow:
        rows = await uow.characters.list_for_owner(interaction.user.id)
    return choices((r.nombre for r in rows), current)


async def autocomplete_any(
    storage: Storage, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The user's characters first, then everyone else's (Spanish order)."""
    guild_id = require_guild(interaction)
    async with storage.guild(guild_id) as uow:
        own = await uow.characters.list_for_owner(interaction.user.id)
        rows = await uow.characters.list_all()
    return choices([r.nombre for r in own] + spanish_sorted([r.nombre for r in rows]), current)


async def autocomplete_deletable(
    storage: Storage, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """What ``/ficha borrar`` can take: the user's own; the GM's, everyone's."""
    guild_id = require_guild(interaction)
    async with storage.guild(guild_id) as uow:
        own = await uow.characters.list_for_owner(interaction.user.id)
        gm = is_gm(interaction, (await uow.guild.get()).gm_role_id)
        rows = await uow.characters.list_all() if gm else []
    return choices([r.nombre for r in own] + spanish_sorted([r.nombre for r in rows]), current)


async def autocomplete_oficio(
    storage: Storage, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The Oficios of the character the command names (``personaje``: the user's own, or for
    the GM the only one of that name), else of the user's active one."""
    guild_id = require_guild(interaction)
    named = getattr(interaction.namespace, "personaje", None)
    async with storage.guild(guild_id) as uow:
        row = await uow.characters.by_name(interaction.user.id, named) if named else None
        if named and row is None and is_gm(interaction, (await uow.guild.get()).gm_role_id):
            matches = await uow.characters.all_by_name(named)
            row = matches[0] if len(matches) == 1 else None
        if row is None:
            row = await uow.characters.active(interaction.user.id)
    return choices(sorted(row.oficios) if row is not None else [], current)
