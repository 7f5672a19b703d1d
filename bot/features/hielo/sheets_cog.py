"""``/hielo ficha crear|editar|ver|borrar|lista`` and ``/hielo bestiario
añadir|editar|ver|borrar|lista`` (:mod:`.sheets`), with their autocompletes."""

from __future__ import annotations

import discord
from discord import Interaction, app_commands

from bot.edge.context import Context, command_context
from bot.edge.permissions import require_guild
from bot.features.cog import Choices, FeatureCog
from bot.features.common import choices
from bot.features.field_options import form_spec, takes_options
from bot.features.forms import OptionValue, open_form, required
from bot.sheetfiles.limits import NAME_MAX
from umbral_rules.hielo.constants import ESPECIALIDADES_SEMILLA

from . import sheets
from .files import FileFormat
from .groups import BESTIARIO, FICHA
from .sheet_input import SheetOptions, offered
from .system import HIELO_NAME

SEED_SPECIALTIES = tuple(f"{hab}: {esp}" for hab, esp in ESPECIALIDADES_SEMILLA)
Name = app_commands.Range[str, 1, NAME_MAX]
FORM_NAME_HELP = "El nombre (obligatorio; sin opciones, se abre un formulario)"
#: The forms of /hielo ficha crear and /hielo bestiario añadir typed without options: the
#: name, then the pages its options declare (``SheetOptions``).
SHEET_FORM = form_spec(
    SheetOptions, "Ficha de hielo y fuego", verb="crear", kind="pj", lead=("nombre",)
)
ENEMY_FORM = form_spec(
    SheetOptions, "Enemigo de hielo y fuego", verb="crear", kind="enemigo", lead=("nombre",)
)
EXPORT_HELP = "yaml (por defecto), json, csv o xlsx"
FILE_HELP = "El archivo: .yaml, .json, .csv o .xlsx (como lo da exportar)"
REPLACE_HELP = "Si ya hay fichas con esos nombres, cámbialas por las del archivo"


class SheetCommands(FeatureCog):
    """The sheets' and the bestiary's commands of ``/hielo`` (a mixin of the cog)."""

    # --- autocompletes ------------------------------------------------------------------
    async def hielo_abilities(self, interaction: Interaction, current: str) -> Choices:
        """The seed's abilities, completing the last item of the list typed."""
        return choices(offered(current), "")

    async def hielo_specialties(self, interaction: Interaction, current: str) -> Choices:
        return choices(offered(current, SEED_SPECIALTIES), "")

    async def hielo_sheet(self, interaction: Interaction, current: str) -> Choices:
        guild_id = require_guild(interaction)
        async with self.services.require_storage().reading(guild_id) as uow:
            rows = await uow.system_sheets.list(HIELO_NAME, "pj")
        return choices((r.nombre for r in rows), current)

    async def hielo_enemy(self, interaction: Interaction, current: str) -> Choices:
        guild_id = require_guild(interaction)
        async with self.services.require_storage().reading(guild_id) as uow:
            rows = await uow.system_sheets.list(HIELO_NAME, "enemigo")
        return choices((r.nombre for r in rows), current)

    # --- /hielo ficha -------------------------------------------------------------------
    # (their options after the name are SheetOptions' fields: ``takes_options``)
    @FICHA.command(
        name="crear",
        description="Crea una ficha de Canción de hielo y fuego",
        extras={"form": SHEET_FORM},
    )
    @app_commands.describe(nombre=FORM_NAME_HELP)
    @app_commands.autocomplete(habilidades=hielo_abilities, especialidades=hielo_specialties)
    @command_context("cualquiera")
    @takes_options(SheetOptions, verb="crear", kind="pj", form=True)
    async def ficha_crear(
        self, ctx: Context, /, nombre: Name | None = None, **options: OptionValue | None
    ) -> None:
        if await open_form(ctx, SHEET_FORM, ctx.options):
            return
        (nombre,) = required(ctx, SHEET_FORM, {"nombre": nombre})
        await sheets.create(ctx, "pj", nombre, SheetOptions.of(options))

    @FICHA.command(name="editar", description="Cambia una ficha de Canción de hielo y fuego")
    @app_commands.describe(nombre="El nombre del personaje")
    @app_commands.autocomplete(
        nombre=hielo_sheet, habilidades=hielo_abilities, especialidades=hielo_specialties
    )
    @command_context("dueño o máster")
    @takes_options(SheetOptions, verb="editar", kind="pj")
    async def ficha_editar(
        self, ctx: Context, /, nombre: str, **options: OptionValue | None
    ) -> None:
        await sheets.edit(ctx, "pj", nombre, SheetOptions.of(options))

    @FICHA.command(name="ver", description="Una ficha con sus números (por defecto, la tuya)")
    @app_commands.describe(nombre="La ficha")
    @app_commands.autocomplete(nombre=hielo_sheet)
    @command_context("servidor")
    async def ficha_ver(self, ctx: Context, nombre: str | None = None) -> None:
        await sheets.view(ctx, "pj", nombre)

    @FICHA.command(name="borrar", description="Borra una ficha de Canción de hielo y fuego")
    @app_commands.describe(nombre="La ficha")
    @app_commands.autocomplete(nombre=hielo_sheet)
    @command_context("dueño o máster")
    async def ficha_borrar(self, ctx: Context, nombre: str) -> None:
        await sheets.remove(ctx, "pj", nombre)

    @FICHA.command(name="lista", description="Las fichas de Canción de hielo y fuego del servidor")
    @command_context("cualquiera")
    async def ficha_lista(self, ctx: Context) -> None:
        await sheets.listing(ctx, "pj")

    # --- /hielo bestiario ---------------------------------------------------------------
    @BESTIARIO.command(
        name="añadir",
        description="Añade un enemigo al bestiario (máster)",
        extras={"form": ENEMY_FORM},
    )
    @app_commands.describe(nombre=FORM_NAME_HELP)
    @app_commands.autocomplete(habilidades=hielo_abilities, especialidades=hielo_specialties)
    @command_context("máster", what="cambiar el bestiario")
    @takes_options(SheetOptions, verb="crear", kind="enemigo", form=True)
    async def bestiario_anadir(
        self, ctx: Context, /, nombre: Name | None = None, **options: OptionValue | None
    ) -> None:
        if await open_form(ctx, ENEMY_FORM, ctx.options):
            return
        (nombre,) = required(ctx, ENEMY_FORM, {"nombre": nombre})
        await sheets.create(ctx, "enemigo", nombre, SheetOptions.of(options))

    @BESTIARIO.command(name="editar", description="Cambia un enemigo del bestiario (máster)")
    @app_commands.describe(nombre="El enemigo")
    @app_commands.autocomplete(
        nombre=hielo_enemy, habilidades=hielo_abilities, especialidades=hielo_specialties
    )
    @command_context("máster", what="cambiar el bestiario")
    @takes_options(SheetOptions, verb="editar", kind="enemigo")
    async def bestiario_editar(
        self, ctx: Context, /, nombre: str, **options: OptionValue | None
    ) -> None:
        await sheets.edit(ctx, "enemigo", nombre, SheetOptions.of(options))

    @BESTIARIO.command(name="ver", description="Un enemigo del bestiario con sus números")
    @app_commands.describe(nombre="El enemigo")
    @app_commands.autocomplete(nombre=hielo_enemy)
    @command_context("máster", what="ver el bestiario")
    async def bestiario_ver(self, ctx: Context, nombre: str) -> None:
        await sheets.view(ctx, "enemigo", nombre)

    @BESTIARIO.command(name="borrar", description="Quita un enemigo del bestiario (máster)")
    @app_commands.describe(nombre="El enemigo")
    @app_commands.autocomplete(nombre=hielo_enemy)
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_borrar(self, ctx: Context, nombre: str) -> None:
        await sheets.remove(ctx, "enemigo", nombre)

    @BESTIARIO.command(name="lista", description="Los enemigos del bestiario (máster)")
    @command_context("máster", what="ver el bestiario")
    async def bestiario_lista(self, ctx: Context) -> None:
        await sheets.listing(ctx, "enemigo")

    # --- files --------------------------------------------------------------------------
    @FICHA.command(name="exportar", description="Tus fichas como archivo (el máster: todas)")
    @app_commands.describe(formato=EXPORT_HELP)
    @command_context("servidor")
    async def ficha_exportar(self, ctx: Context, formato: FileFormat = "yaml") -> None:
        await sheets.export(ctx, "pj", formato)

    @FICHA.command(name="importar", description="Carga fichas de un archivo YAML, JSON, CSV o XLSX")
    @app_commands.describe(archivo=FILE_HELP, reemplazar=REPLACE_HELP)
    @command_context("cualquiera")
    async def ficha_importar(
        self, ctx: Context, archivo: discord.Attachment, reemplazar: bool = False
    ) -> None:
        await sheets.import_file(ctx, "pj", archivo, reemplazar)

    @BESTIARIO.command(name="exportar", description="El bestiario como archivo (máster)")
    @app_commands.describe(formato=EXPORT_HELP)
    @command_context("máster", what="ver el bestiario")
    async def bestiario_exportar(self, ctx: Context, formato: FileFormat = "yaml") -> None:
        await sheets.export(ctx, "enemigo", formato)

    @BESTIARIO.command(name="importar", description="Carga enemigos de un archivo (máster)")
    @app_commands.describe(archivo=FILE_HELP, reemplazar=REPLACE_HELP)
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_importar(
        self, ctx: Context, archivo: discord.Attachment, reemplazar: bool = False
    ) -> None:
        await sheets.import_file(ctx, "enemigo", archivo, reemplazar)
