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
from bot.features.field_options import form_spec, takes_options
from bot.features.field_options import required as field_required
from bot.features.forms import OptionValue, open_form, required
from bot.render.porcentual import sheet_embed, tables_embed
from bot.render.safe import shown
from bot.sheetfiles.limits import NAME_MAX
from bot.storage.system_sheets import SheetKind
from umbral_rules import UmbralError

from . import files, parse, sheets
from .complete import method, sheet_names
from .groups import bestiario, ficha, tabla
from .options import EXPORT_HELP, FileFormat, SheetOptions, WeaponOptions
from .state import SYSTEM
from .system import TABLE_KIND, tablas

TablaNombre = Literal["bonificador", "localizacion", "modificadores"]
Nombre = app_commands.Range[str, 1, NAME_MAX]
Texto = app_commands.Range[str, 1, 1000]

#: The descriptions of the options a command names itself (the rest are its declaration's,
#: ``SheetOptions`` and ``WeaponOptions``).
NAME_HELP = "Cómo se llama"
FORM_NAME_HELP = "Cómo se llama (obligatorio; sin opciones, se abre un formulario)"
KIND_TITLE: dict[SheetKind, str] = {"pj": "Ficha", "enemigo": "Bestiario"}
FORM_TITLE: dict[SheetKind, str] = {
    "pj": "Ficha del juego porcentual",
    "enemigo": "Enemigo del juego porcentual",
}
#: What ``crear`` cannot do without: the name, and what a new sheet needs.
CREATE_NEEDS = ("nombre", *field_required(SheetOptions, "crear"))


def sheet_commands(group: app_commands.Group, kind: SheetKind, rule: str, new: str) -> None:
    """Add crear, editar, arma, ver, lista and borrar to ``group`` for sheets of ``kind``
    (``rule``: who changes one; ``new``: who creates one)."""
    what = f"cambiar el {KIND_TITLE[kind].lower()}"
    named = sheet_names(kind)

    #: ``crear`` typed without options: its form, the name and then the pages its options
    #: declare (``SheetOptions``), the essential ones first.
    form = form_spec(SheetOptions, FORM_TITLE[kind], verb="crear", kind=kind, lead=("nombre",))

    @group.command(
        name="crear", description="Crea una ficha del juego porcentual", extras={"form": form}
    )
    @app_commands.describe(nombre=FORM_NAME_HELP)
    @command_context(new, what=what)
    @method
    @takes_options(SheetOptions, verb="crear", kind=kind, form=True)
    async def crear(
        self: FeatureCog,
        ctx: Context,
        /,
        nombre: Nombre | None = None,
        **options: OptionValue | None,
    ) -> None:
        if await open_form(ctx, form, ctx.options):
            return
        nombre = required(ctx, form, {n: ctx.options.get(n) for n in CREATE_NEEDS})[0]
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            if kind == "enemigo":
                ctx.require((await uow.guild.get()).gm_role_id)
            row = await sheets.create(ctx, uow, kind, nombre, SheetOptions.of(options))
        await send(
            ctx.interaction, embed=sheet_embed(row.data, f"{KIND_TITLE[kind]}: {row.nombre}")
        )

    @group.command(name="editar", description="Cambia lo que digas de una ficha")
    @app_commands.describe(nombre=NAME_HELP)
    @app_commands.autocomplete(nombre=named)
    @command_context(rule, what=what)
    @method
    @takes_options(SheetOptions, verb="editar", kind=kind)
    async def editar(
        self: FeatureCog, ctx: Context, /, nombre: Nombre, **options: OptionValue | None
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            row = await sheets.edit(ctx, uow, kind, nombre, SheetOptions.of(options))
        await send(
            ctx.interaction, embed=sheet_embed(row.data, f"{KIND_TITLE[kind]}: {row.nombre}")
        )

    @group.command(name="arma", description="Añade, cambia o quita un arma de una ficha")
    @app_commands.describe(ficha="De qué ficha", nombre="Nombre del arma")
    @app_commands.autocomplete(ficha=named)
    @command_context(rule, what=what)
    @method
    @takes_options(WeaponOptions)
    async def arma(
        self: FeatureCog,
        ctx: Context,
        /,
        ficha: Nombre,
        nombre: Nombre,
        **options: OptionValue | None,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        async with ctx.storage.guild(ctx.guild_id) as uow:
            o = WeaponOptions.of(options)
            row = await sheets.set_weapon(ctx, uow, kind, ficha, nombre, o)
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
