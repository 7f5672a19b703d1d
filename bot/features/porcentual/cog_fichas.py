"""``/porcentual ficha …`` and ``/porcentual bestiario …`` (the same commands for a player's
sheets and the GM's bestiary, made by :func:`sheet_commands` and :func:`file_commands`;
``crear`` typed without options opens a form of the same options), and ``/porcentual tabla
…``."""

from __future__ import annotations

import io
from typing import Literal

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.features.bestiario.files import read_attachment
from bot.features.cog import FeatureCog
from bot.features.common import send
from bot.features.forms import FormSpec, open_form, required
from bot.render.porcentual import sheet_embed, tables_embed
from bot.render.safe import shown
from bot.sheetfiles.limits import NAME_MAX
from bot.storage.system_sheets import SheetKind
from umbral_rules import UmbralError

from . import files, parse, sheets
from .complete import method, sheet_names
from .groups import bestiario, ficha, tabla
from .options import EXPORT_HELP, FileFormat, TamanoArma, TamanoEscudo, TipoArma
from .state import SYSTEM
from .system import TABLE_KIND, tablas

TablaNombre = Literal["bonificador", "localizacion", "modificadores"]
Nombre = app_commands.Range[str, 1, NAME_MAX]
Texto = app_commands.Range[str, 1, 1000]

SHEET_HELP = {
    "nombre": "Cómo se llama",
    "caracteristicas": "«fuerza 12, agilidad 14, percepción 10, resistencia 12» (0 a 50)",
    "competencias": "«Espadas 60, Esquivar 40, Pelea 35» (en %)",
    "pv": "Puntos de Vida",
    "armadura": "Nombre de la armadura",
    "proteccion": "Protección de la armadura (se resta a los PD)",
    "resistencia": "Resistencia de la armadura (la gastan los críticos)",
    "iniciativa_armadura": "Mod. por Armadura a la Iniciativa (p. ej. -2)",
    "casco": "La armadura lleva casco de metal o yelmo (no se puede aturdir)",
    "escudo": "Nombre del escudo",
    "tamano_escudo": "Pequeño (adarga, rodela, broquel), medio, tarja o pavés",
    "resistencia_escudo": "Resistencia del escudo (se rompe a 0)",
    "protege": "Localizaciones que cubre el escudo, separadas por comas",
    "iniciativa_hechizos": "Mod. por Hechizos a la Iniciativa",
    "bipedo": "Es bípedo (el Tropiezo solo vale contra bípedos)",
}
WEAPON_HELP = {
    "ficha": "De qué ficha",
    "nombre": "Nombre del arma",
    "danio": "Daño: 1D8+1, 1D6, 2D6…",
    "competencia": "Competencia con que se usa (Espadas, Lanzar, Pelea…)",
    "caracteristica": "Característica base del bonificador (por defecto, fuerza)",
    "fuerza_minima": "Fuerza mínima",
    "tamano": "Ligero, medio o pesado",
    "tipo": "Cuerpo a cuerpo, proyectil (con Recarga) o arrojadiza (Alcance FUE)",
    "rasgos": "contundente, corte, perforante, lanza, hacha, palo, gancho, arco, ballesta, honda",
    "alcance": "Tres distancias en varas «15/40/60», o «FUE» (arrojadizas)",
    "recarga": "Acciones para recargar (armas de proyectil)",
    "quitar": "Quita el arma de la ficha",
}
KIND_TITLE: dict[SheetKind, str] = {"pj": "Ficha", "enemigo": "Bestiario"}
#: The form of ``crear`` typed without options: every option, the essential ones first.
FORM_PAGES = (
    ("nombre", "caracteristicas", "pv", "competencias", "iniciativa_hechizos"),
    ("armadura", "proteccion", "resistencia", "iniciativa_armadura", "casco"),
    ("escudo", "tamano_escudo", "resistencia_escudo", "protege", "bipedo"),
)
FORM_REQUIRED = ("nombre", "caracteristicas", "pv")
FORM_TITLE: dict[SheetKind, str] = {
    "pj": "Ficha del juego porcentual",
    "enemigo": "Enemigo del juego porcentual",
}
FORM_LABELS = {
    "caracteristicas": "Características",
    "pv": "PV",
    "proteccion": "Protección",
    "iniciativa_armadura": "Iniciativa por armadura",
    "tamano_escudo": "Tamaño del escudo",
    "resistencia_escudo": "Resistencia del escudo",
    "iniciativa_hechizos": "Iniciativa por hechizos",
    "bipedo": "Bípedo",
}
FORM_NAME_HELP = "Cómo se llama (obligatorio; sin opciones, se abre un formulario)"


def sheet_commands(group: app_commands.Group, kind: SheetKind, rule: str, new: str) -> None:
    """Add crear, editar, arma, ver, lista and borrar to ``group`` for sheets of ``kind``
    (``rule``: who changes one; ``new``: who creates one)."""
    what = f"cambiar el {KIND_TITLE[kind].lower()}"
    named = sheet_names(kind)

    form = FormSpec(FORM_TITLE[kind], FORM_PAGES, frozenset(FORM_REQUIRED), FORM_LABELS)

    @group.command(
        name="crear", description="Crea una ficha del juego porcentual", extras={"form": form}
    )
    @app_commands.describe(**{**SHEET_HELP, "nombre": FORM_NAME_HELP})
    @command_context(new, what=what)
    @method
    async def crear(
        self: FeatureCog,
        ctx: Context,
        nombre: Nombre | None = None,
        caracteristicas: Texto | None = None,
        pv: app_commands.Range[int, 1, 500] | None = None,
        competencias: Texto | None = None,
        armadura: Nombre | None = None,
        proteccion: app_commands.Range[int, 0, 50] | None = None,
        resistencia: app_commands.Range[int, 0, 500] | None = None,
        iniciativa_armadura: app_commands.Range[int, -20, 20] | None = None,
        casco: bool | None = None,
        escudo: Nombre | None = None,
        tamano_escudo: TamanoEscudo | None = None,
        resistencia_escudo: app_commands.Range[int, 0, 500] | None = None,
        protege: Texto | None = None,
        iniciativa_hechizos: app_commands.Range[int, -20, 20] | None = None,
        bipedo: bool | None = None,
    ) -> None:
        if await open_form(ctx, form, ctx.options):
            return
        nombre, _, _ = required(
            ctx, form, {"nombre": nombre, "caracteristicas": caracteristicas, "pv": pv}
        )
        await ctx.interaction.response.defer(thinking=True)
        given = {k: v for k, v in ctx.given.items() if k != "nombre"}
        async with ctx.storage.guild(ctx.guild_id) as uow:
            if kind == "enemigo":
                ctx.require((await uow.guild.get()).gm_role_id)
            row = await sheets.create(ctx, uow, kind, nombre, given)
        await send(
            ctx.interaction, embed=sheet_embed(row.data, f"{KIND_TITLE[kind]}: {row.nombre}")
        )

    @group.command(name="editar", description="Cambia lo que digas de una ficha")
    @app_commands.describe(**SHEET_HELP)
    @app_commands.autocomplete(nombre=named)
    @command_context(rule, what=what)
    @method
    async def editar(
        self: FeatureCog,
        ctx: Context,
        nombre: Nombre,
        caracteristicas: Texto | None = None,
        pv: app_commands.Range[int, 1, 500] | None = None,
        competencias: Texto | None = None,
        armadura: Nombre | None = None,
        proteccion: app_commands.Range[int, 0, 50] | None = None,
        resistencia: app_commands.Range[int, 0, 500] | None = None,
        iniciativa_armadura: app_commands.Range[int, -20, 20] | None = None,
        casco: bool | None = None,
        escudo: Nombre | None = None,
        tamano_escudo: TamanoEscudo | None = None,
        resistencia_escudo: app_commands.Range[int, 0, 500] | None = None,
        protege: Texto | None = None,
        iniciativa_hechizos: app_commands.Range[int, -20, 20] | None = None,
        bipedo: bool | None = None,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        given = {k: v for k, v in ctx.given.items() if k != "nombre"}
        async with ctx.storage.guild(ctx.guild_id) as uow:
            row = await sheets.edit(ctx, uow, kind, nombre, given)
        await send(
            ctx.interaction, embed=sheet_embed(row.data, f"{KIND_TITLE[kind]}: {row.nombre}")
        )

    @group.command(name="arma", description="Añade, cambia o quita un arma de una ficha")
    @app_commands.describe(**WEAPON_HELP)
    @app_commands.autocomplete(ficha=named)
    @command_context(rule, what=what)
    @method
    async def arma(
        self: FeatureCog,
        ctx: Context,
        ficha: Nombre,
        nombre: Nombre,
        danio: app_commands.Range[str, 1, 40] | None = None,
        competencia: Nombre | None = None,
        caracteristica: app_commands.Range[str, 1, 40] | None = None,
        fuerza_minima: app_commands.Range[int, 0, 50] = 0,
        tamano: TamanoArma = "medio",
        tipo: TipoArma = "cuerpo_a_cuerpo",
        rasgos: Texto | None = None,
        alcance: app_commands.Range[str, 1, 40] | None = None,
        recarga: app_commands.Range[int, 0, 20] = 0,
        quitar: bool = False,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            row = await sheets.set_weapon(ctx, uow, kind, ficha, ctx.options)
        await send(
            ctx.interaction, embed=sheet_embed(row.data, f"{KIND_TITLE[kind]}: {row.nombre}")
        )

    @group.command(name="ver", description="Muestra una ficha")
    @app_commands.describe(nombre="Qué ficha")
    @app_commands.autocomplete(nombre=named)
    @command_context("servidor")
    @method
    async def ver(self: FeatureCog, ctx: Context, nombre: Nombre) -> None:
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(ctx.guild_id) as uow:
            row = await uow.system_sheets.require(SYSTEM, kind, nombre)
        embed = sheet_embed(row.data, f"{KIND_TITLE[kind]}: {row.nombre}")
        await send(ctx.interaction, embed=embed, ephemeral=True)

    @group.command(name="lista", description="Las fichas de este servidor")
    @command_context("cualquiera")
    @method
    async def lista(self: FeatureCog, ctx: Context) -> None:
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(ctx.guild_id) as uow:
            rows = await uow.system_sheets.list(SYSTEM, kind)
        text = "\n".join(f"• {shown(r.nombre)}" for r in rows) or "Ninguna todavía."
        embed = discord.Embed(title=KIND_TITLE[kind], description=text[:4000])
        await send(ctx.interaction, embed=embed, ephemeral=True)

    @group.command(name="borrar", description="Borra una ficha")
    @app_commands.describe(nombre="Qué ficha")
    @app_commands.autocomplete(nombre=named)
    @command_context(rule, what=what)
    @method
    async def borrar(self: FeatureCog, ctx: Context, nombre: Nombre) -> None:
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            row = await sheets.remove(ctx, uow, kind, nombre)
        await send(ctx.interaction, content=f"Borrada: {shown(row.nombre)}.")


def file_commands(group: app_commands.Group, kind: SheetKind, rule: str) -> None:
    """Add importar and exportar (YAML, JSON, CSV or XLSX) to ``group`` for sheets of
    ``kind``."""
    what = f"cambiar el {KIND_TITLE[kind].lower()}"

    @group.command(name="importar", description="Carga fichas de un archivo YAML, JSON, CSV o XLSX")
    @app_commands.describe(
        archivo="YAML o JSON («fichas:» o «enemigos:» con la lista), o CSV o XLSX (una fila "
        "por ficha, como las exporta el bot)"
    )
    @command_context(rule, what=what)
    @method
    async def importar(self: FeatureCog, ctx: Context, archivo: discord.Attachment) -> None:
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        entries = files.load(await read_attachment(archivo), archivo.filename, kind)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            if kind == "enemigo":
                ctx.require((await uow.guild.get()).gm_role_id)
            lines = [await sheets.put(ctx, uow, kind, entry) for entry in entries]
        embed = discord.Embed(title="Importadas", description="\n".join(lines)[:4000])
        await send(ctx.interaction, embed=embed, ephemeral=True)

    @group.command(
        name="exportar",
        description="Tus fichas (el máster, todas) como archivo YAML, JSON, CSV o XLSX",
    )
    @app_commands.describe(formato=EXPORT_HELP)
    @command_context(rule, what=what)
    @method
    async def exportar(self: FeatureCog, ctx: Context, formato: FileFormat = "yaml") -> None:
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(ctx.guild_id) as uow:
            gm = ctx.is_gm((await uow.guild.get()).gm_role_id)
            if kind == "enemigo" and not gm:
                raise UmbralError(f"Solo el máster puede {what}.")
            rows = await uow.system_sheets.list(SYSTEM, kind, None if gm else ctx.user_id)
        if not rows:  # (an answer, not a refusal: there is simply nothing yet)
            embed = discord.Embed(title="Exportar", description="No hay fichas que exportar.")
            await send(ctx.interaction, embed=embed, ephemeral=True)
            return
        data = files.dump(rows, kind, formato)
        file = discord.File(io.BytesIO(data), filename=files.filename(kind, formato))
        await ctx.interaction.followup.send(f"{len(rows)} fichas.", file=file, ephemeral=True)


sheet_commands(ficha, "pj", "dueño o máster", "cualquiera")
sheet_commands(bestiario, "enemigo", "máster", "máster")
file_commands(ficha, "pj", "cualquiera")
file_commands(bestiario, "enemigo", "máster")

TABLE_PARSERS = {
    "bonificador": parse.bonus_table,
    "localizacion": parse.location_table,
    "modificadores": parse.modifier_table,
}


@tabla.command(name="importar", description="Carga una tabla que el libro no imprime (máster)")
@app_commands.describe(
    tabla="Qué tabla: bonificador de daño, localización de impactos o modificadores",
    filas="Bonificador «0-12: 0; 13-16: 1D4»; localización «1: Cabeza = cabeza; 2-3: …»; "
    "modificadores «Oscuridad -20; …»",
)
@command_context("máster", what="cargar las tablas del juego porcentual")
@method
async def tabla_importar(self: FeatureCog, ctx: Context, tabla: TablaNombre, filas: Texto) -> None:
    await ctx.interaction.response.defer(thinking=True)
    data = TABLE_PARSERS[tabla](filas)
    async with ctx.storage.guild(ctx.guild_id) as uow:
        ctx.require((await uow.guild.get()).gm_role_id)
        old = await uow.system_sheets.get(SYSTEM, TABLE_KIND, tabla)
        if old is None:
            await uow.system_sheets.add(SYSTEM, TABLE_KIND, ctx.user_id, tabla, data)
        else:
            await uow.system_sheets.save(old, data)
        try:
            loaded = await tablas(uow)
        except (KeyError, ValueError) as error:
            raise UmbralError(f"La tabla no es válida: {error}.") from None
    await send(ctx.interaction, embed=tables_embed(loaded))


@tabla.command(name="ver", description="Las tablas cargadas del juego porcentual")
@command_context("cualquiera")
@method
async def tabla_ver(self: FeatureCog, ctx: Context) -> None:
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(ctx.guild_id) as uow:
        loaded = await tablas(uow)
    await send(ctx.interaction, embed=tables_embed(loaded), ephemeral=True)
