"""``/hielo ficha crear|editar|ver|borrar|lista`` and ``/hielo bestiario
añadir|editar|ver|borrar|lista`` (:mod:`.sheets`), with their autocompletes."""

from __future__ import annotations

from typing import Literal

import discord
from discord import Interaction, app_commands

from bot.edge.context import Context, command_context
from bot.edge.permissions import require_guild
from bot.features.cog import Choices, FeatureCog
from bot.features.common import choices
from bot.features.forms import FormSpec, open_form, required
from bot.sheetfiles.limits import NAME_MAX
from umbral_rules.hielo.constants import ESPECIALIDADES_SEMILLA

from . import sheets
from .files import FileFormat
from .groups import BESTIARIO, FICHA
from .sheet_input import SheetOptions, offered
from .system import HIELO_NAME

ArmaHabilidad = Literal["Combate cuerpo a cuerpo", "Puntería"]
SHEET_HELP = {
    "nombre": "El nombre del personaje",
    "habilidades": "Habilidades y rangos 1–8: «Agilidad 3, Brío 4» (sin escribir: rango 2)",
    "especialidades": "Especialidades y dados: «Agilidad: Rapidez 1, Brío: Trepar 2» (0 la quita)",
    "arma": "Un arma que añadir o cambiar",
    "dano": "El daño de esa arma",
    "arma_habilidad": "Con qué ataca esa arma (por defecto, Combate cuerpo a cuerpo)",
    "arma_especialidad": "La especialidad con que ataca esa arma («ninguna» la quita)",
    "armadura": "La armadura («ninguna» la quita)",
    "proteccion": "La Protección de la armadura",
    "penalizacion": "La Penalización de la armadura (en positivo)",
    "escudo": "La bonificación del escudo a la Defensa en combate",
    "destino": "Los puntos de destino (al crear, 1)",
}
EDIT_HELP = {**SHEET_HELP, "quitar_arma": "Un arma que quitar de la ficha"}
SHEET_NAMES = {"dano": "daño", "proteccion": "protección", "penalizacion": "penalización"}
SEED_SPECIALTIES = tuple(f"{hab}: {esp}" for hab, esp in ESPECIALIDADES_SEMILLA)
Rank = app_commands.Range[int, 0, 99]
Name = app_commands.Range[str, 1, NAME_MAX]
FORM_NAME_HELP = "El nombre (obligatorio; sin opciones, se abre un formulario)"
#: The forms of /hielo ficha crear and /hielo bestiario añadir typed without options.
FORM_PAGES = (
    ("nombre", "habilidades", "especialidades", "destino", "escudo"),
    ("arma", "dano", "arma_habilidad", "arma_especialidad"),
    ("armadura", "proteccion", "penalizacion"),
)
SHEET_FORM = FormSpec("Ficha de hielo y fuego", FORM_PAGES, frozenset({"nombre"}))
ENEMY_FORM = FormSpec("Enemigo de hielo y fuego", FORM_PAGES, frozenset({"nombre"}))
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
    @FICHA.command(
        name="crear",
        description="Crea una ficha de Canción de hielo y fuego",
        extras={"form": SHEET_FORM},
    )
    @app_commands.describe(**{**SHEET_HELP, "nombre": FORM_NAME_HELP})
    @app_commands.rename(**SHEET_NAMES)
    @app_commands.autocomplete(habilidades=hielo_abilities, especialidades=hielo_specialties)
    @command_context("cualquiera")
    async def ficha_crear(
        self, ctx: Context, nombre: Name | None = None, habilidades: str | None = None,
        especialidades: str | None = None, arma: str | None = None, dano: Rank | None = None,
        arma_habilidad: ArmaHabilidad | None = None, arma_especialidad: str | None = None,
        armadura: str | None = None, proteccion: Rank | None = None,
        penalizacion: Rank | None = None, escudo: Rank | None = None,
        destino: Rank | None = None,
    ) -> None:  # fmt: skip
        options = SheetOptions(habilidades, especialidades, arma, dano, arma_habilidad,
                               arma_especialidad, None, armadura, proteccion, penalizacion,
                               escudo, destino)  # fmt: skip
        if await open_form(ctx, SHEET_FORM, {"nombre": nombre, **vars(options)}):
            return
        (nombre,) = required(ctx, SHEET_FORM, {"nombre": nombre})
        await sheets.create(ctx, "pj", nombre, options)

    @FICHA.command(name="editar", description="Cambia una ficha de Canción de hielo y fuego")
    @app_commands.describe(**EDIT_HELP)
    @app_commands.rename(**SHEET_NAMES)
    @app_commands.autocomplete(
        nombre=hielo_sheet, habilidades=hielo_abilities, especialidades=hielo_specialties
    )
    @command_context("dueño o máster")
    async def ficha_editar(
        self, ctx: Context, nombre: str, habilidades: str | None = None,
        especialidades: str | None = None, arma: str | None = None, dano: Rank | None = None,
        arma_habilidad: ArmaHabilidad | None = None, arma_especialidad: str | None = None,
        quitar_arma: str | None = None, armadura: str | None = None,
        proteccion: Rank | None = None, penalizacion: Rank | None = None,
        escudo: Rank | None = None, destino: Rank | None = None,
    ) -> None:  # fmt: skip
        options = SheetOptions(habilidades, especialidades, arma, dano, arma_habilidad,
                               arma_especialidad, quitar_arma, armadura, proteccion,
                               penalizacion, escudo, destino)  # fmt: skip
        await sheets.edit(ctx, "pj", nombre, options)

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
    @app_commands.describe(**{**SHEET_HELP, "nombre": FORM_NAME_HELP})
    @app_commands.rename(**SHEET_NAMES)
    @app_commands.autocomplete(habilidades=hielo_abilities, especialidades=hielo_specialties)
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_anadir(
        self, ctx: Context, nombre: Name | None = None, habilidades: str | None = None,
        especialidades: str | None = None, arma: str | None = None, dano: Rank | None = None,
        arma_habilidad: ArmaHabilidad | None = None, arma_especialidad: str | None = None,
        armadura: str | None = None, proteccion: Rank | None = None,
        penalizacion: Rank | None = None, escudo: Rank | None = None,
        destino: Rank | None = None,
    ) -> None:  # fmt: skip
        options = SheetOptions(habilidades, especialidades, arma, dano, arma_habilidad,
                               arma_especialidad, None, armadura, proteccion, penalizacion,
                               escudo, destino)  # fmt: skip
        if await open_form(ctx, ENEMY_FORM, {"nombre": nombre, **vars(options)}):
            return
        (nombre,) = required(ctx, ENEMY_FORM, {"nombre": nombre})
        await sheets.create(ctx, "enemigo", nombre, options)

    @BESTIARIO.command(name="editar", description="Cambia un enemigo del bestiario (máster)")
    @app_commands.describe(**{**EDIT_HELP, "nombre": "El enemigo"})
    @app_commands.rename(**SHEET_NAMES)
    @app_commands.autocomplete(
        nombre=hielo_enemy, habilidades=hielo_abilities, especialidades=hielo_specialties
    )
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_editar(
        self, ctx: Context, nombre: str, habilidades: str | None = None,
        especialidades: str | None = None, arma: str | None = None, dano: Rank | None = None,
        arma_habilidad: ArmaHabilidad | None = None, arma_especialidad: str | None = None,
        quitar_arma: str | None = None, armadura: str | None = None,
        proteccion: Rank | None = None, penalizacion: Rank | None = None,
        escudo: Rank | None = None, destino: Rank | None = None,
    ) -> None:  # fmt: skip
        options = SheetOptions(habilidades, especialidades, arma, dano, arma_habilidad,
                               arma_especialidad, quitar_arma, armadura, proteccion,
                               penalizacion, escudo, destino)  # fmt: skip
        await sheets.edit(ctx, "enemigo", nombre, options)

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
