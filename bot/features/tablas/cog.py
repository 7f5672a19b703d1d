"""The ``/tabla`` groups: ``secuelas importar|ver|restablecer`` and ``estados
crear|lista|borrar``. Changing them is the GM's; seeing them, anyone's (in another server,
that server's own)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.services import Topic
from bot.features.bestiario.files import read_attachment
from bot.features.cog import FeatureCog
from bot.features.common import choices, send
from bot.features.system import guild_estados_extra
from bot.features.tablas import service
from bot.render.tablas import estado_embed, estados_embed, secuelas_embeds
from bot.sheetfiles.limits import NAME_MAX
from umbral_rules.tables import ESTADO_AMBITOS

CHANGE = "cambiar las tablas del servidor"
AMBITOS_HELP = f"Dónde da desventaja, separado por comas: {', '.join(ESTADO_AMBITOS)}"


class TablasCog(FeatureCog):
    topic = Topic(
        "tablas",
        "Tablas del servidor",
        "La tabla de secuelas y los estados propios del servidor (máster).",
    )

    tabla = app_commands.Group(
        name="tabla", description="Las tablas del servidor: secuelas y estados", guild_only=True
    )
    secuelas = app_commands.Group(
        name="secuelas", description="La tabla de secuelas del servidor", parent=tabla
    )
    estados = app_commands.Group(
        name="estados", description="Los estados propios del servidor", parent=tabla
    )

    async def guild_estado(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The guild's own estados."""
        guild_id = interaction.guild_id or 0
        async with self.services.require_storage().guild(guild_id) as uow:
            stored = (await uow.guild.get()).extra_estados
        return choices((e.nombre for e in guild_estados_extra(stored).values()), current)

    @secuelas.command(name="importar", description="Carga la tabla de secuelas de un archivo")
    @app_commands.describe(
        archivo="YAML, JSON o CSV: nombre, resultado (5 o 2-4, del 2 al 16) y efecto"
    )
    @command_context("máster", what=CHANGE)
    async def secuelas_importar(self, ctx: Context, archivo: discord.Attachment) -> None:
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.reading(ctx.guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
        table = await service.parse_secuelas(await read_attachment(archivo), archivo.filename)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            await service.set_secuelas(uow, table)
        await send(ctx.interaction, embeds=secuelas_embeds(table))

    @secuelas.command(name="ver", description="La tabla de secuelas del servidor")
    @command_context("cualquiera")
    async def secuelas_ver(self, ctx: Context) -> None:
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(ctx.guild_id) as uow:
            table = dict((await uow.guild.get()).secuelas or {})
        await send(ctx.interaction, embeds=secuelas_embeds(table), ephemeral=True)

    @secuelas.command(name="restablecer", description="Vuelve a la tabla neutra del bot")
    @command_context("máster", what=CHANGE)
    async def secuelas_restablecer(self, ctx: Context) -> None:
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            await service.reset_secuelas(uow)
        await send(ctx.interaction, embeds=secuelas_embeds({}))

    @estados.command(name="crear", description="Crea un estado propio del servidor")
    @app_commands.describe(
        nombre="Cómo se llama",
        desventaja=AMBITOS_HELP,
        cabeza="Un estado de la cabeza: solo se lleva uno a la vez",
    )
    @command_context("máster", what=CHANGE)
    async def estados_crear(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, NAME_MAX],
        desventaja: app_commands.Range[str, 1, 200] | None = None,
        cabeza: bool = False,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            estado = await service.create_estado(uow, nombre, desventaja, cabeza)
        await send(ctx.interaction, embed=estado_embed("Estado creado", estado))

    @estados.command(name="lista", description="Los estados del reglamento y los del servidor")
    @command_context("cualquiera")
    async def estados_lista(self, ctx: Context) -> None:
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(ctx.guild_id) as uow:
            guild = guild_estados_extra((await uow.guild.get()).extra_estados)
        await send(ctx.interaction, embed=estados_embed(guild), ephemeral=True)

    @estados.command(name="borrar", description="Borra un estado propio del servidor")
    @app_commands.describe(nombre="Qué estado")
    @app_commands.autocomplete(nombre=guild_estado)
    @command_context("máster", what=CHANGE)
    async def estados_borrar(
        self, ctx: Context, nombre: app_commands.Range[str, 1, NAME_MAX]
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            estado = await service.delete_estado(uow, nombre)
        note = "Quien ya lo lleva en un encuentro lo sigue llevando."
        await send(ctx.interaction, embed=estado_embed("Estado borrado", estado, note))
