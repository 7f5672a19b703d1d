"""``/hielo ficha …`` and ``/hielo bestiario …``: the sheets (``pj``) and bestiary entries
(``enemigo``) of Canción de hielo y fuego in ``uow.system_sheets``, each one the rules'
:class:`~umbral_rules.hielo.sheet.Sheet` as JSON (checked on its way in and out)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.edge.context import Context
from bot.features.common import send
from bot.render.hielo import reply_embed, sheet_embed, sheet_list_embed
from bot.sheetfiles import FileRefused
from bot.sheetfiles.codec import too_big
from bot.sheetfiles.limits import MAX_BYTES
from bot.storage.system_sheets import SheetKind, StoredSheet
from umbral_rules import UmbralError
from umbral_rules.hielo.sheet import Sheet
from umbral_rules.text import clean_name

from . import files
from .files import FileFormat
from .sheet_input import SheetOptions, merged
from .system import HIELO_NAME

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

#: What each kind is called in a reply.
CREATED: dict[SheetKind, str] = {"pj": "Ficha creada", "enemigo": "Enemigo añadido al bestiario"}
CHANGED: dict[SheetKind, str] = {"pj": "Ficha cambiada", "enemigo": "Enemigo cambiado"}


def stored_sheet(row: StoredSheet) -> Sheet:
    """A stored row as the rules' sheet (its name the row's)."""
    data = dict(row.data)
    data["nombre"] = row.nombre
    return Sheet.from_dict(data)


def may_change(ctx: Context, row: StoredSheet, gm: bool) -> None:
    """A player's sheet is changed by its owner or the GM."""
    if row.kind == "pj" and not gm and row.owner_id != ctx.user_id:
        raise UmbralError(f"La ficha «{row.nombre}» no es tuya: la cambia su dueño o el máster.")


async def create(ctx: Context, kind: SheetKind, nombre: str, options: SheetOptions) -> None:
    """A new sheet or bestiary entry from the options (refused, nothing saved, when the
    rules refuse it)."""
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=kind == "enemigo", thinking=True)
    name = clean_name(nombre)

    async def work(uow: UnitOfWork) -> Sheet:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        sheet = merged({}, name, options)
        await uow.system_sheets.add(HIELO_NAME, kind, ctx.user_id, sheet.nombre, sheet.to_dict())
        return sheet

    sheet = await ctx.storage.run_in_guild(guild_id, work)
    title = f"{CREATED[kind]}: {sheet.nombre}"
    await send(ctx.interaction, embed=sheet_embed(sheet, title), ephemeral=kind == "enemigo")


async def edit(ctx: Context, kind: SheetKind, nombre: str, options: SheetOptions) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=kind == "enemigo", thinking=True)
    if options == SheetOptions():
        raise UmbralError("No has dicho qué cambiar: no se ha hecho nada.")

    async def work(uow: UnitOfWork) -> Sheet:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        row = await uow.system_sheets.require(HIELO_NAME, kind, nombre)
        may_change(ctx, row, ctx.is_gm(settings.gm_role_id))
        sheet = merged(dict(row.data), row.nombre, options)
        await uow.system_sheets.save(row, sheet.to_dict())
        return sheet

    sheet = await ctx.storage.run_in_guild(guild_id, work)
    title = f"{CHANGED[kind]}: {sheet.nombre}"
    await send(ctx.interaction, embed=sheet_embed(sheet, title), ephemeral=kind == "enemigo")


async def view(ctx: Context, kind: SheetKind, nombre: str | None) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        if nombre is None:
            own = await uow.system_sheets.list(HIELO_NAME, kind, ctx.user_id)
            if len(own) != 1:
                raise UmbralError(
                    "Di qué ficha (nombre): "
                    + ("no tienes ninguna." if not own else "tienes varias.")
                )
            row = own[0]
        else:
            row = await uow.system_sheets.require(HIELO_NAME, kind, nombre)
    sheet = stored_sheet(row)
    await send(ctx.interaction, embed=sheet_embed(sheet, sheet.nombre), ephemeral=True)


async def remove(ctx: Context, kind: SheetKind, nombre: str) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=kind == "enemigo", thinking=True)

    async def work(uow: UnitOfWork) -> str:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        row = await uow.system_sheets.require(HIELO_NAME, kind, nombre)
        may_change(ctx, row, ctx.is_gm(settings.gm_role_id))
        await uow.system_sheets.remove(HIELO_NAME, kind, row.nombre)
        return row.nombre

    gone = await ctx.storage.run_in_guild(guild_id, work)
    title = "Ficha borrada" if kind == "pj" else "Borrado del bestiario"
    await send(ctx.interaction, embed=reply_embed(title, [gone]), ephemeral=kind == "enemigo")


async def listing(ctx: Context, kind: SheetKind) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        rows = await uow.system_sheets.list(HIELO_NAME, kind)
    if kind == "pj":
        names: list[tuple[str, int | None]] = [(r.nombre, r.owner_id) for r in rows]
        title, empty = (
            "Fichas de Canción de hielo y fuego",
            "Aún no hay ninguna: /hielo ficha crear.",
        )
    else:
        names = [(r.nombre, None) for r in rows]
        title, empty = "Bestiario de Canción de hielo y fuego", "Vacío: /hielo bestiario añadir."
    await send(ctx.interaction, embed=sheet_list_embed(title, names, empty), ephemeral=True)


async def export(ctx: Context, kind: SheetKind, formato: FileFormat) -> None:
    """The sheets as a file: a player's own (the GM's: all of them); the bestiary."""
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        gm = ctx.is_gm(settings.gm_role_id)
        owner = None if kind == "enemigo" or gm else ctx.user_id
        rows = await uow.system_sheets.list(HIELO_NAME, kind, owner)
    if not rows:
        raise UmbralError("No hay ninguna ficha que exportar.")
    data = files.dump([stored_sheet(r) for r in rows], formato, kind)
    file = discord.File(io.BytesIO(data), filename=files.filename(kind, formato))
    said = f"{len(rows)} ficha(s) de Canción de hielo y fuego."
    await ctx.interaction.followup.send(said, file=file, ephemeral=True)


async def import_file(
    ctx: Context, kind: SheetKind, archivo: discord.Attachment, reemplazar: bool
) -> None:
    """Every sheet of the file, or none: a name taken is refused unless ``reemplazar`` (and
    a player replaces only their own sheets)."""
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    if archivo.size > MAX_BYTES:
        raise FileRefused(too_big(archivo.size))
    loaded = files.load(await archivo.read(), archivo.filename, kind)

    async def work(uow: UnitOfWork) -> list[str]:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        gm = ctx.is_gm(settings.gm_role_id)
        lines: list[str] = []
        for sheet in loaded:
            row = await uow.system_sheets.get(HIELO_NAME, kind, sheet.nombre)
            if row is None:
                await uow.system_sheets.add(
                    HIELO_NAME, kind, ctx.user_id, sheet.nombre, sheet.to_dict()
                )
                lines.append(f"{sheet.nombre}: nueva")
                continue
            if not reemplazar:
                raise UmbralError(
                    f"Ya hay una ficha llamada «{row.nombre}»: no se ha importado nada "
                    "(reemplazar:sí la cambia por la del archivo)."
                )
            may_change(ctx, row, gm)
            await uow.system_sheets.save(row, sheet.to_dict())
            lines.append(f"{sheet.nombre}: reemplazada")
        return lines

    lines = await ctx.storage.run_in_guild(guild_id, work)
    await send(ctx.interaction, embed=reply_embed("Fichas importadas", lines), ephemeral=True)
