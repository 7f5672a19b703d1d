"""``/dados guardar|lista|borrar``: saved rolls, a player's own and the server's (the GM's).
They are rolled by name in ``/tirar expresion:`` (alone, ``ataque``, or inside another,
``ataque+2``), which offers them as it is typed."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.common import ids, send, storage_of
from bot.features.pages import send_pages
from bot.permissions import is_gm
from bot.render.dados import deleted_embed, list_pages, saved_embed
from bot.render.limits import CHOICE_MAX, cut
from bot.render.safe import shown
from bot.storage.saved_rolls import SERVER
from umbral_rules import UmbralError
from umbral_rules.roller import MAX_EXPRESSION_LENGTH
from umbral_rules.roller.saved import NAME_MAX, check_name
from umbral_rules.text import name_key

from .service import MAX_OWN, MAX_SERVER, save

GM_ONLY = (
    "Solo el máster puede guardar o borrar las tiradas del servidor (el rol de máster o "
    "quien gestiona el servidor); las tuyas, sin «servidor»."
)


class DadosCog(commands.Cog):
    dados = app_commands.Group(
        name="dados", description="Tus tiradas guardadas (y las del servidor)", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _require_gm(self, interaction: discord.Interaction, guild_id: int) -> None:
        async with storage_of(interaction).guild(guild_id) as uow:
            gm_role = (await uow.guild.get()).gm_role_id
        if not is_gm(interaction, gm_role):
            raise UmbralError(GM_ONLY)

    @dados.command(name="guardar", description="Guarda una expresión con un nombre")
    @app_commands.describe(
        nombre=f"Una palabra (hasta {NAME_MAX} letras, números o _): se tira como `nombre`",
        expresion="Los dados, como en /tirar: 1d12+5, 2d6+3, 4d6kh3…",
        servidor="Máster: para todos los jugadores del servidor",
    )
    async def guardar(
        self,
        interaction: discord.Interaction,
        nombre: app_commands.Range[str, 1, NAME_MAX],
        expresion: app_commands.Range[str, 1, MAX_EXPRESSION_LENGTH],
        servidor: bool = False,
    ) -> None:
        guild_id, _ = ids(interaction)
        nombre = check_name(nombre)
        await interaction.response.defer(ephemeral=not servidor, thinking=True)
        if servidor:
            await self._require_gm(interaction, guild_id)
        owner = SERVER if servidor else interaction.user.id
        async with storage_of(interaction).guild(guild_id) as uow:
            done = await save(uow, interaction.user.id, owner, nombre, expresion.strip())
        await send(interaction, embed=saved_embed(done), ephemeral=not servidor)

    @dados.command(name="lista", description="Tus tiradas guardadas y las del servidor")
    async def lista(self, interaction: discord.Interaction) -> None:
        guild_id, _ = ids(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            own, server = await uow.saved_rolls.visible(interaction.user.id)
        await send_pages(interaction, list_pages(own, server, MAX_OWN, MAX_SERVER), ephemeral=True)

    @dados.command(name="borrar", description="Borra una tirada guardada")
    @app_commands.describe(
        nombre="El nombre de la tirada", servidor="Máster: una de las tiradas del servidor"
    )
    async def borrar(
        self,
        interaction: discord.Interaction,
        nombre: app_commands.Range[str, 1, 100],
        servidor: bool = False,
    ) -> None:
        guild_id, _ = ids(interaction)
        await interaction.response.defer(ephemeral=not servidor, thinking=True)
        if servidor:
            await self._require_gm(interaction, guild_id)
        owner = SERVER if servidor else interaction.user.id
        async with storage_of(interaction).guild(guild_id) as uow:
            removed = await uow.saved_rolls.remove(owner, nombre)
        if removed is None:
            whose = "El servidor no tiene" if servidor else "No tienes"
            raise UmbralError(f"{whose} ninguna tirada guardada llamada «{shown(nombre)}».")
        await send(interaction, embed=deleted_embed(removed), ephemeral=not servidor)

    @borrar.autocomplete("nombre")
    async def borrar_nombre(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The saved rolls that may be deleted: the player's own, or with ``servidor:sí``
        the server's."""
        guild_id = interaction.guild_id
        if guild_id is None:
            return []
        server = bool(getattr(interaction.namespace, "servidor", False))
        async with storage_of(interaction).guild(guild_id) as uow:
            rolls = await uow.saved_rolls.of(SERVER if server else interaction.user.id)
        typed = name_key(current)
        return [
            app_commands.Choice(name=cut(f"{r.nombre} → {r.expresion}", CHOICE_MAX), value=r.nombre)
            for r in rolls
            if name_key(r.nombre).startswith(typed)
        ][:25]
