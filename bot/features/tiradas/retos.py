"""``/reto``: load the channel's encounter, check, call its reto operations, save, render."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.features.common import choices, ids, storage_of
from umbral_rules import UmbralError

NOT_YET = "Los retos aún no están disponibles en el bot."


async def autocomplete_reto(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    guild_id, channel_id = ids(interaction)
    async with storage_of(interaction).channel(guild_id, channel_id) as uow:
        enc = await uow.encounter.get()
    names = [str(r.get("nombre", r.get("id", ""))) for r in enc.retos] if enc is not None else []
    return choices(names, current)


async def crear(
    interaction: discord.Interaction, nombre: str, umbral: int, exitos: int, coste: str | None
) -> None:
    raise UmbralError(NOT_YET)


async def tirar(
    interaction: discord.Interaction,
    atributo: str,
    oficio: str | None,
    cobertura: str,
    ventaja: str | None,
    dado: str | None,
    reto: str | None,
) -> None:
    raise UmbralError(NOT_YET)


async def ver(interaction: discord.Interaction) -> None:
    raise UmbralError(NOT_YET)


async def terminar(interaction: discord.Interaction, reto: str | None) -> None:
    raise UmbralError(NOT_YET)
