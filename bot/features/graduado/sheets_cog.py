"""``/graduado ficha …`` and ``/graduado bestiario …``: the graded combat's sheets and
bestiary (the base of :class:`~.cog.GraduadoCog`, which adds the round's commands to the same
``/graduado`` group)."""

from __future__ import annotations

from discord import app_commands

from bot.edge.context import Context, command_context
from bot.features.cog import FeatureCog
from bot.features.field_options import takes_options
from bot.features.forms import OptionValue

from . import sheets
from .options import OWN, SheetOptions

Name = app_commands.Range[str, 1, 80]
NAME_HELP = "El nombre"


class SheetsCog(FeatureCog):
    graduado = app_commands.Group(
        name="graduado", description="El combate graduado d100", guild_only=True
    )
    ficha = app_commands.Group(name="ficha", description="Tus fichas graduadas", parent=graduado)
    bestiario = app_commands.Group(
        name="bestiario", description="Los enemigos graduados (máster)", parent=graduado
    )

    # --- sheets --------------------------------------------------------------------------
    # (their options after the name are SheetOptions' fields: ``takes_options``)

    @ficha.command(name="crear", description="Crea tu ficha graduada")
    @app_commands.describe(nombre=NAME_HELP)
    @command_context("cualquiera")
    @takes_options(SheetOptions, verb="crear", kind="pj")
    async def ficha_crear(
        self, ctx: Context, /, nombre: Name, **options: OptionValue | None
    ) -> None:
        await sheets.create(ctx, "pj", nombre, SheetOptions.of(options))

    @ficha.command(name="editar", description="Cambia tu ficha graduada")
    @app_commands.describe(nombre=NAME_HELP)
    @command_context(OWN)
    @takes_options(SheetOptions, verb="editar", kind="pj")
    async def ficha_editar(
        self, ctx: Context, /, nombre: str, **options: OptionValue | None
    ) -> None:
        await sheets.edit(ctx, "pj", nombre, SheetOptions.of(options))

    @ficha.command(name="ver", description="Muestra una ficha graduada")
    @app_commands.describe(nombre="De quién")
    @command_context("servidor")
    async def ficha_ver(self, ctx: Context, nombre: str) -> None:
        await sheets.show(ctx, "pj", nombre)

    @ficha.command(name="lista", description="Las fichas graduadas del servidor")
    @command_context("cualquiera")
    async def ficha_lista(self, ctx: Context) -> None:
        await sheets.listing(ctx, "pj")

    @ficha.command(name="borrar", description="Borra tu ficha graduada")
    @app_commands.describe(nombre="Cuál")
    @command_context(OWN)
    async def ficha_borrar(self, ctx: Context, nombre: str) -> None:
        await sheets.remove(ctx, "pj", nombre)

    # --- bestiary ------------------------------------------------------------------------

    @bestiario.command(name="crear", description="Añade un enemigo graduado (máster)")
    @app_commands.describe(nombre=NAME_HELP)
    @command_context("máster", what="cambiar el bestiario")
    @takes_options(SheetOptions, verb="crear", kind="enemigo")
    async def bestiario_crear(
        self, ctx: Context, /, nombre: Name, **options: OptionValue | None
    ) -> None:
        await sheets.create(ctx, "enemigo", nombre, SheetOptions.of(options))

    @bestiario.command(name="editar", description="Cambia un enemigo graduado (máster)")
    @app_commands.describe(nombre=NAME_HELP)
    @command_context("máster", what="cambiar el bestiario")
    @takes_options(SheetOptions, verb="editar", kind="enemigo")
    async def bestiario_editar(
        self, ctx: Context, /, nombre: str, **options: OptionValue | None
    ) -> None:
        await sheets.edit(ctx, "enemigo", nombre, SheetOptions.of(options))

    @bestiario.command(name="ver", description="Muestra un enemigo graduado (máster)")
    @app_commands.describe(nombre="Cuál")
    @command_context("máster", what="ver el bestiario")
    async def bestiario_ver(self, ctx: Context, nombre: str) -> None:
        await sheets.show(ctx, "enemigo", nombre)

    @bestiario.command(name="lista", description="El bestiario graduado (máster)")
    @command_context("máster", what="ver el bestiario")
    async def bestiario_lista(self, ctx: Context) -> None:
        await sheets.listing(ctx, "enemigo")

    @bestiario.command(name="borrar", description="Quita un enemigo graduado (máster)")
    @app_commands.describe(nombre="Cuál")
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_borrar(self, ctx: Context, nombre: str) -> None:
        await sheets.remove(ctx, "enemigo", nombre)
