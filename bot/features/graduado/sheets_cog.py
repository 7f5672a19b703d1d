"""``/graduado ficha …`` and ``/graduado bestiario …``: the graded combat's sheets and
bestiary (the base of :class:`~.cog.GraduadoCog`, which adds the round's commands to the same
``/graduado`` group)."""

from __future__ import annotations

from discord import app_commands

from bot.edge.context import Context, command_context
from bot.features.cog import FeatureCog

from . import sheets
from .options import EDIT_HELP, OWN, SHEET_HELP, Points, Power, Quality
from .sheets import SheetOptions


class SheetsCog(FeatureCog):
    graduado = app_commands.Group(
        name="graduado", description="El combate graduado d100", guild_only=True
    )
    ficha = app_commands.Group(name="ficha", description="Tus fichas graduadas", parent=graduado)
    bestiario = app_commands.Group(
        name="bestiario", description="Los enemigos graduados (máster)", parent=graduado
    )

    # --- sheets --------------------------------------------------------------------------

    @ficha.command(name="crear", description="Crea tu ficha graduada")
    @app_commands.describe(**SHEET_HELP)
    @command_context("cualquiera")
    async def ficha_crear(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, 80],
        poder: Power,
        aguante: Points,
        magia: Power | None = None,
        mana: Points | None = None,
        arma: Quality = 0,
        armadura: Quality = 0,
    ) -> None:
        o = SheetOptions(poder, aguante, magia, mana, arma, armadura)
        await sheets.create(ctx, "pj", nombre, o)

    @ficha.command(name="editar", description="Cambia tu ficha graduada")
    @app_commands.describe(**EDIT_HELP)
    @command_context(OWN)
    async def ficha_editar(
        self,
        ctx: Context,
        nombre: str,
        poder: Power | None = None,
        aguante: Points | None = None,
        magia: Power | None = None,
        mana: Points | None = None,
        arma: Quality | None = None,
        armadura: Quality | None = None,
        gastado_aguante: Points | None = None,
        gastado_mana: Points | None = None,
    ) -> None:
        o = SheetOptions(
            poder, aguante, magia, mana, arma, armadura, None, gastado_aguante, gastado_mana
        )
        await sheets.edit(ctx, "pj", nombre, o)

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
    @app_commands.describe(
        **SHEET_HELP,
        base="Su probabilidad base en % (sin ella, la de los enemigos: 65)",
        mundo="Una cosa del mundo: admite los rangos X y XX (poder 70–89)",
    )
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_crear(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, 80],
        poder: Power,
        aguante: Points,
        magia: Power | None = None,
        mana: Points | None = None,
        arma: Quality = 0,
        armadura: Quality = 0,
        base: app_commands.Range[int, 0, 100] | None = None,
        mundo: bool = False,
    ) -> None:
        o = SheetOptions(poder, aguante, magia, mana, arma, armadura, base, mundo=mundo)
        await sheets.create(ctx, "enemigo", nombre, o)

    @bestiario.command(name="editar", description="Cambia un enemigo graduado (máster)")
    @app_commands.describe(**SHEET_HELP, base="Su probabilidad base en %")
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_editar(
        self,
        ctx: Context,
        nombre: str,
        poder: Power | None = None,
        aguante: Points | None = None,
        magia: Power | None = None,
        mana: Points | None = None,
        arma: Quality | None = None,
        armadura: Quality | None = None,
        base: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        o = SheetOptions(poder, aguante, magia, mana, arma, armadura, base)
        await sheets.edit(ctx, "enemigo", nombre, o)

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
