"""``/hielo tabla importar|ver|borrar``: the tables the seed names but does not print —
criticals, fumbles, manoeuvres and attitudes — loaded by the GM from the group's own file.
The bot never invents their content: until one is loaded, a roll says which number to look
up. Stored as ``system_sheets`` rows of kind ``tabla`` named after the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.edge.context import Context
from bot.features.common import send
from bot.render.hielo import reply_embed
from bot.sheetfiles import FileRefused, csvio, jsonio, yamlio
from bot.sheetfiles.codec import decode, detect_format, too_big
from bot.sheetfiles.limits import MAX_BYTES
from umbral_rules import UmbralError
from umbral_rules.hielo.attacks import Tablas
from umbral_rules.hielo.tables import TablaActitudes, TablaNumerada

from .system import HIELO_NAME

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

#: The tables a GM may load, by the name the option and the stored row use.
TABLE_TITLES = {
    "criticos": "Tabla de críticos",
    "pifias": "Tabla de pifias",
    "maniobras": "Tabla de maniobras",
    "actitudes": "Tabla de actitudes",
}
NUMBERED = csvio.CsvSchema(columns=("numero", "texto"), numeric=frozenset({"numero"}))
ATTITUDES = csvio.CsvSchema(
    columns=("nombre", "fa", "engano", "persuasion"),
    numeric=frozenset({"fa", "engano", "persuasion"}),
)


def parse(tipo: str, data: bytes, filename: str) -> TablaNumerada | TablaActitudes:
    """A table's file: YAML/JSON ``filas:`` (number → text; for attitudes, seven rows of
    nombre, fa, engano, persuasion, best first), or CSV with those columns."""
    text = decode(data)
    fmt = detect_format(filename, text)
    schema = ATTITUDES if tipo == "actitudes" else NUMBERED
    if fmt == "csv":
        rows, _ = csvio.read(text, schema)
        filas: object = rows
    else:
        parsed, _ = yamlio.load(text) if fmt == "yaml" else jsonio.load(text)
        filas = parsed.get("filas") if isinstance(parsed, dict) else parsed
    if tipo == "actitudes":
        return TablaActitudes.from_dict({"filas": filas})
    if isinstance(filas, list):  # rows of numero and texto
        try:
            filas = {int(r["numero"]): str(r["texto"]) for r in filas}
        except (KeyError, TypeError, ValueError):
            raise FileRefused("cada fila lleva «numero» y «texto»") from None
    return TablaNumerada.from_dict({"tipo": tipo, "filas": filas})


def shown_rows(table: TablaNumerada | TablaActitudes) -> list[str]:
    if isinstance(table, TablaNumerada):
        return [f"{n}: {t}" for n, t in table.filas.items()]
    return [
        f"{i}. {f.nombre}: FA {f.fa}, Engaño {f.engano:+d}, Persuasión {f.persuasion:+d}"
        for i, f in enumerate(table.filas, start=1)
    ]


def _read(tipo: str, data: dict[str, object]) -> TablaNumerada | TablaActitudes:
    if tipo == "actitudes":
        return TablaActitudes.from_dict(data)
    return TablaNumerada.from_dict(data)


async def combat_tables(uow: UnitOfWork) -> Tablas:
    """The criticals and fumbles the GM loaded (``None`` each: not loaded)."""
    found: dict[str, TablaNumerada | None] = {}
    for tipo in ("criticos", "pifias"):
        row = await uow.system_sheets.get(HIELO_NAME, "tabla", tipo)
        found[tipo] = None if row is None else TablaNumerada.from_dict(row.data)
    return Tablas(found["criticos"], found["pifias"])


async def load_table(ctx: Context, tipo: str, archivo: discord.Attachment) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(thinking=True)
    if archivo.size > MAX_BYTES:
        raise FileRefused(too_big(archivo.size))
    table = parse(tipo, await archivo.read(), archivo.filename)

    async def work(uow: UnitOfWork) -> None:
        ctx.require((await uow.guild.get()).gm_role_id)
        row = await uow.system_sheets.get(HIELO_NAME, "tabla", tipo)
        if row is None:
            await uow.system_sheets.add(HIELO_NAME, "tabla", ctx.user_id, tipo, table.to_dict())
        else:
            await uow.system_sheets.save(row, table.to_dict())

    await ctx.storage.run_in_guild(guild_id, work)
    await send(
        ctx.interaction, embed=reply_embed(f"{TABLE_TITLES[tipo]} cargada", shown_rows(table))
    )


async def view_table(ctx: Context, tipo: str) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        row = await uow.system_sheets.get(HIELO_NAME, "tabla", tipo)
    if row is None:
        raise UmbralError(
            f"No hay {TABLE_TITLES[tipo].lower()} cargada: las tiradas dicen qué número buscar "
            "en la de vuestro grupo (el máster la carga con /hielo tabla importar)."
        )
    embed = reply_embed(TABLE_TITLES[tipo], shown_rows(_read(tipo, row.data)))
    await send(ctx.interaction, embed=embed, ephemeral=True)


async def remove_table(ctx: Context, tipo: str) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(thinking=True)

    async def work(uow: UnitOfWork) -> bool:
        ctx.require((await uow.guild.get()).gm_role_id)
        return await uow.system_sheets.remove(HIELO_NAME, "tabla", tipo)

    if not await ctx.storage.run_in_guild(guild_id, work):
        raise UmbralError(f"No había {TABLE_TITLES[tipo].lower()} cargada.")
    said = ["Las tiradas vuelven a decir qué número buscar en la tabla de vuestro grupo."]
    await send(ctx.interaction, embed=reply_embed(f"{TABLE_TITLES[tipo]} quitada", said))
