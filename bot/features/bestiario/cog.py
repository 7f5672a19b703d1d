"""The ``/bestiario`` group: añadir, ver, lista, borrar, importar, exportar, ejemplo.

Every subcommand is the GM's."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping

import discord
from discord import app_commands

from bot.edge.context import Context, command_context, is_gm
from bot.edge.permissions import Variant
from bot.edge.services import Topic
from bot.features.bestiario.files import (
    EXAMPLE_PATH,
    Conflictos,
    export_rows,
    import_bestiary,
    parse_bestiary,
    read_attachment,
)
from bot.features.cog import FeatureCog
from bot.features.common import Tamano, send
from bot.features.field_options import (
    extras,
    form_spec,
    option_names,
    required,
    takes_options,
    typed,
)
from bot.features.forms import OptionValue, open_form
from bot.features.forms import required as required_options
from bot.features.pages import send_pages
from bot.render.fichas import bestiary_list_pages, enemy_embed, notice_embed
from bot.sheetfiles import BESTIARY, EXPORT_HELP, EnemyEntry, ExportFormat, filename_for
from bot.sheetfiles import fields as field_list
from bot.storage.repositories import enemy_sheet
from umbral_rules import EnemySheet, UmbralError
from umbral_rules.named import sheet_fields, sheet_of
from umbral_rules.plural import plural
from umbral_rules.text import name_not_found

#: The options of an entry beyond its Mesa numbers (the table's «/bestiario añadir (extras)»).
EXTRAS = extras(EnemyEntry)
CHANGE = "cambiar el bestiario"


async def name_free(
    cog: FeatureCog, interaction: discord.Interaction, values: Mapping[str, OptionValue]
) -> None:
    """The form's first page: refused when the bestiary has an enemy of that name (by the
    name key), before the other pages are asked for. Only for the GM: anyone else is
    refused by the command itself, and learns nothing of the bestiary here."""
    nombre = str(values.get("nombre") or "").strip()
    if not nombre or interaction.guild_id is None:
        return
    async with cog.services.require_storage().guild(interaction.guild_id) as uow:
        if not is_gm(interaction, (await uow.guild.get()).gm_role_id):
            return
        if await uow.bestiary.get(nombre) is not None:
            raise UmbralError(f"Ya hay un enemigo llamado «{nombre}» en el bestiario.")


#: /bestiario añadir typed without options: its form, the numbers of Mesa first (its
#: pages, like its options, are the enemy's field list's: ``EnemyEntry``).
ANADIR_FORM = form_spec(EnemyEntry, "Añadir enemigo", first_page=name_free)
SEE = "ver el bestiario"


class BestiarioCog(FeatureCog):
    topic = Topic(
        "bestiario",
        "Bestiario",
        "Los enemigos del servidor (máster): uno a uno o por fichero, y un bestiario de ejemplo.",
    )

    bestiario = app_commands.Group(
        name="bestiario", description="Los enemigos del servidor (máster)"
    )

    @bestiario.command(
        name="añadir",
        description="Añade un enemigo con sus números de Mesa",
        extras={"form": ANADIR_FORM},
    )
    @command_context(
        "máster", what=CHANGE, variants=(Variant("extras", "máster", EXTRAS, what=CHANGE),)
    )
    @takes_options(EnemyEntry, {"tamano": Tamano}, form=True)
    async def anadir(self, ctx: Context, /, **options: OptionValue | None) -> None:
        """Its options are the enemy's fields (``EnemyEntry``): the rules' sheet of those its
        sheet has, then its notes and estados."""
        if await open_form(ctx, ANADIR_FORM, ctx.options):
            return
        required_options(ctx, ANADIR_FORM, {n: options.get(n) for n in required(EnemyEntry)})
        options["nombre"] = str(options["nombre"]).strip()
        columns = field_list.columns(EnemyEntry)
        on_sheet = [n for n in option_names(EnemyEntry) if columns[n] in sheet_fields(EnemySheet)]
        values = typed(EnemyEntry, options, on_sheet)
        sheet = sheet_of(EnemySheet, {columns[n]: v for n, v in values.items()})
        others = [n for n in option_names(EnemyEntry) if n not in on_sheet]
        rest = typed(EnemyEntry, options, others)
        notas, entry_estados = rest["notas"], rest["estados"]
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.guild(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            await uow.bestiary.add_sheet(sheet, notas=notas or "", estados=entry_estados)
        await send(
            interaction,
            content="Añadido al bestiario.",
            embed=enemy_embed(sheet, notas or "", entry_estados),
            ephemeral=True,
        )

    @bestiario.command(name="ver", description="Muestra un enemigo del bestiario")
    @app_commands.describe(nombre="Nombre del enemigo")
    @app_commands.autocomplete(nombre=FeatureCog.bestiary)
    @command_context("máster", what=SEE)
    async def ver(self, ctx: Context, nombre: str) -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            row = await uow.bestiary.get(nombre)
            if row is None:
                raise name_not_found(
                    f"No hay ningún «{nombre}» en el bestiario: /bestiario lista dice cuáles hay.",
                    nombre,
                    (await uow.bestiary.names()).values(),
                )
            embed = enemy_embed(enemy_sheet(row), row.notas, list(row.estados))
        await send(interaction, embed=embed, ephemeral=True)

    @bestiario.command(name="lista", description="Todos los enemigos del bestiario")
    @command_context("máster", what=SEE)
    async def lista(self, ctx: Context) -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            sheets = [enemy_sheet(r) for r in await uow.bestiary.list_all()]
        await send_pages(interaction, bestiary_list_pages(sheets), ephemeral=True)

    @bestiario.command(name="borrar", description="Quita un enemigo del bestiario")
    @app_commands.describe(nombre="Nombre del enemigo")
    @app_commands.autocomplete(nombre=FeatureCog.bestiary)
    @command_context("máster", what=CHANGE)
    async def borrar(self, ctx: Context, nombre: str) -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.guild(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            if not await uow.bestiary.delete(nombre):
                raise name_not_found(
                    f"No hay ningún «{nombre}» en el bestiario: /bestiario lista dice cuáles hay.",
                    nombre,
                    (await uow.bestiary.names()).values(),
                )
        await send(
            interaction, embed=notice_embed(f"{nombre} ya no está en el bestiario"), ephemeral=True
        )

    @bestiario.command(name="importar", description="Carga enemigos de un archivo YAML, JSON o CSV")
    @app_commands.describe(
        archivo="El archivo (.yaml, .json o .csv, hasta 9,8 MB y 2000 enemigos)",
        conflictos="Si ya hay enemigos con esos nombres: reemplazarlos o saltarlos",
    )
    @command_context("máster", what=CHANGE)
    async def importar(
        self,
        ctx: Context,
        archivo: discord.Attachment,
        conflictos: Conflictos | None = None,
    ) -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        storage = ctx.storage
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage.reading(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
        entries = await parse_bestiary(await read_attachment(archivo), archivo.filename)
        async with storage.guild(guild_id) as uow:
            result = await import_bestiary(uow, entries, conflictos)
        await send(
            interaction,
            embed=notice_embed("Bestiario importado", "\n".join(result.lines("enemigos"))),
            ephemeral=True,
        )

    @bestiario.command(name="exportar", description="El bestiario del servidor como archivo")
    @app_commands.describe(formato=EXPORT_HELP)
    @command_context("máster", what=SEE)
    async def exportar(self, ctx: Context, formato: ExportFormat = "yaml") -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            rows = await uow.bestiary.rows()
        if not rows:
            raise UmbralError("El bestiario está vacío: no hay nada que exportar.")
        data = await export_rows(rows, formato)
        file = discord.File(io.BytesIO(data), filename=filename_for(BESTIARY, formato))
        await interaction.followup.send(
            f"El bestiario del servidor: {plural(len(rows), 'enemigo')}.", file=file, ephemeral=True
        )

    @bestiario.command(name="ejemplo", description="Carga el bestiario de ejemplo del bot")
    @app_commands.describe(conflictos="Si ya hay enemigos con esos nombres: reemplazar o saltar")
    @command_context("máster", what=CHANGE)
    async def ejemplo(self, ctx: Context, conflictos: Conflictos | None = None) -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.guild(guild_id) as uow:
            ctx.require((await uow.guild.get()).gm_role_id)
            example = await asyncio.to_thread(EXAMPLE_PATH.read_bytes)
            entries = await parse_bestiary(example, EXAMPLE_PATH.name)
            result = await import_bestiary(uow, entries, conflictos)
        await send(
            interaction,
            embed=notice_embed("Bestiario de ejemplo cargado", "\n".join(result.lines("enemigos"))),
            ephemeral=True,
        )
