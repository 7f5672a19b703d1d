"""``/dados guardar|lista|borrar``: saved rolls, a player's own and the server's (the GM's).
They are rolled by name in ``/tirar expresion:`` (alone, ``ataque``, or inside another,
``ataque+2``), which offers them as it is typed."""

from __future__ import annotations

from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.permissions import Variant
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.common import send
from bot.features.pages import send_pages
from bot.render.dados import deleted_embed, list_pages, saved_embed
from bot.render.safe import shown
from bot.storage.saved_rolls import SERVER
from umbral_rules import UmbralError
from umbral_rules.roller import MAX_EXPRESSION_LENGTH
from umbral_rules.roller.saved import NAME_MAX, check_name

from .service import MAX_OWN, MAX_SERVER, save

#: [D] The server's saved rolls are the GM's to save and delete (every player reads them).
SERVER_USE = Variant(
    "servidor", "máster", ("servidor",), True, what="guardar o borrar las tiradas del servidor"
)


class DadosCog(FeatureCog):
    topic = Topic(
        "dados", "Tiradas guardadas", "Guarda tus tiradas con un nombre y tíralas con /tirar."
    )

    dados = app_commands.Group(
        name="dados", description="Tus tiradas guardadas (y las del servidor)", guild_only=True
    )

    @dados.command(name="guardar", description="Guarda una expresión con un nombre")
    @app_commands.describe(
        nombre=f"Una palabra (hasta {NAME_MAX} letras, números o _): se tira como `nombre`",
        expresion="Los dados, como en /tirar: 1d12+5, 2d6+3, 4d6kh3…",
        servidor="Máster: para todos los jugadores del servidor",
    )
    @command_context("cualquiera", variants=(SERVER_USE,))
    async def guardar(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, NAME_MAX],
        expresion: app_commands.Range[str, 1, MAX_EXPRESSION_LENGTH],
        servidor: bool = False,
    ) -> None:
        guild_id = ctx.guild_id
        nombre = check_name(nombre)
        await ctx.interaction.response.defer(ephemeral=not servidor, thinking=True)
        owner = SERVER if servidor else ctx.user_id
        async with ctx.storage.guild(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            done = await save(uow, ctx.user_id, owner, nombre, expresion.strip())
        await send(ctx.interaction, embed=saved_embed(done), ephemeral=not servidor)

    @dados.command(name="lista", description="Tus tiradas guardadas y las del servidor")
    @command_context("cualquiera")
    async def lista(self, ctx: Context) -> None:
        guild_id = ctx.guild_id
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(guild_id) as uow:
            own, server = await uow.saved_rolls.visible(ctx.user_id)
        pages = list_pages(own, server, MAX_OWN, MAX_SERVER)
        await send_pages(ctx.interaction, pages, ephemeral=True)

    @dados.command(name="borrar", description="Borra una tirada guardada")
    @app_commands.describe(
        nombre="El nombre de la tirada", servidor="Máster: una de las tiradas del servidor"
    )
    @app_commands.autocomplete(nombre=FeatureCog.deletable_saved_roll)
    @command_context("servidor", variants=(SERVER_USE,))
    async def borrar(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, 100],
        servidor: bool = False,
    ) -> None:
        guild_id = ctx.guild_id
        await ctx.interaction.response.defer(ephemeral=not servidor, thinking=True)
        owner = SERVER if servidor else ctx.user_id
        async with ctx.storage.guild(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            removed = await uow.saved_rolls.remove(owner, nombre)
        if removed is None:
            whose = "El servidor no tiene" if servidor else "No tienes"
            raise UmbralError(
                f"{whose} ninguna tirada guardada llamada «{shown(nombre)}».", formatted=True
            )
        await send(ctx.interaction, embed=deleted_embed(removed), ephemeral=not servidor)
