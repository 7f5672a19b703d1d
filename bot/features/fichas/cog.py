"""The ``/ficha`` group: crear, oficio, arma, ver, usar, lista, borrar, importar, exportar."""

from __future__ import annotations

import io
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.bestiario.files import Conflictos, read_attachment
from bot.features.common import choices, send, storage_of
from bot.features.fichas.files import (
    entry_of,
    export_characters,
    import_characters,
    parse_characters,
)
from bot.features.fichas.lookup import named_character
from bot.features.pages import send_pages
from bot.permissions import is_gm, require_guild
from bot.render.fichas import Pools, ficha_embed, fichas_list_pages, notice_embed, weapon_text
from bot.sheetfiles import CHARACTERS, Format, filename_for
from bot.sheetfiles.limits import NAME_MAX
from bot.storage.repositories import character_sheet, character_weapons
from umbral_rules import CharacterSheet, UmbralError, Weapon
from umbral_rules.sheets import validate_oficio
from umbral_rules.text import clean_name, name_key, spanish_sorted

Atributo = app_commands.Range[int, 0, 5]
ClaseArma = Literal["daga", "mano", "dos_manos", "arco", "ballesta", "polvora"]


def pools_of(row: Any) -> Pools:
    return Pools(
        row.aguante,
        row.aguante_max,
        row.aliento,
        row.aliento_max,
        row.esencia,
        row.esencia_max,
        tuple(row.estados),
    )


def sheet_embed(row: Any, owner: str | None = None) -> discord.Embed:
    return ficha_embed(
        character_sheet(row),
        character_weapons(row),
        pools_of(row),
        owner=owner,
        active=row.is_active,
    )


async def own_character(uow: Any, owner_id: int, personaje: str | None) -> Any:
    """The named character of ``owner_id``, or their active one."""
    if personaje:
        row = await uow.characters.by_name(owner_id, personaje)
        if row is None:
            raise UmbralError(f"No tienes ningún personaje llamado «{personaje}».")
        return row
    row = await uow.characters.active(owner_id)
    if row is None:
        raise UmbralError(
            "No tienes personaje activo: crea uno con /ficha crear o elige con /ficha usar."
        )
    return row


async def autocomplete_own(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    guild_id = require_guild(interaction)
    async with storage_of(interaction).guild(guild_id) as uow:
        rows = await uow.characters.list_for_owner(interaction.user.id)
    return choices((r.nombre for r in rows), current)


async def autocomplete_any(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The user's characters first, then everyone else's (Spanish order)."""
    guild_id = require_guild(interaction)
    async with storage_of(interaction).guild(guild_id) as uow:
        own = await uow.characters.list_for_owner(interaction.user.id)
        rows = await uow.characters.list_all()
    return choices([r.nombre for r in own] + spanish_sorted([r.nombre for r in rows]), current)


async def autocomplete_deletable(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """What ``/ficha borrar`` can take: the user's own; the GM's, everyone's."""
    guild_id = require_guild(interaction)
    async with storage_of(interaction).guild(guild_id) as uow:
        own = await uow.characters.list_for_owner(interaction.user.id)
        gm = is_gm(interaction, (await uow.guild.get()).gm_role_id)
        rows = await uow.characters.list_all() if gm else []
    return choices([r.nombre for r in own] + spanish_sorted([r.nombre for r in rows]), current)


async def autocomplete_oficio(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    guild_id = require_guild(interaction)
    async with storage_of(interaction).guild(guild_id) as uow:
        row = await uow.characters.active(interaction.user.id)
    return choices(sorted(row.oficios) if row is not None else [], current)


class FichasCog(commands.Cog):
    ficha = app_commands.Group(
        name="ficha", description="Tus personajes: crear, ver, elegir el activo"
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @ficha.command(name="crear", description="Crea un personaje y lo deja como activo")
    @app_commands.describe(
        nombre="Nombre del personaje",
        vigor="Vigor (0 a 5)",
        destreza="Destreza (0 a 5)",
        percepcion="Percepción (0 a 5)",
        voluntad="Voluntad (0 a 5)",
        proteccion="Protección: 0 nada, 1 ligera, 2 media, 3 pesada, 4 completa",
        aguante_extra="Aguante que añaden raza y dotes (por defecto 0)",
        aliento="Puntos de Aliento (por defecto 0)",
    )
    async def crear(
        self,
        interaction: discord.Interaction,
        nombre: app_commands.Range[str, 1, NAME_MAX],
        vigor: Atributo,
        destreza: Atributo,
        percepcion: Atributo,
        voluntad: Atributo,
        proteccion: app_commands.Range[int, 0, 4],
        aguante_extra: app_commands.Range[int, 0, 50] = 0,
        aliento: app_commands.Range[int, 0, 20] = 0,
    ) -> None:
        guild_id = require_guild(interaction)
        atributos = {
            "vigor": vigor,
            "destreza": destreza,
            "percepcion": percepcion,
            "voluntad": voluntad,
        }
        sheet = CharacterSheet(nombre.strip(), atributos, proteccion, aguante_extra=aguante_extra)
        await interaction.response.defer(thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            row = await uow.characters.create(
                interaction.user.id,
                sheet.nombre,
                atributos=atributos,
                aguante_max=sheet.aguante_max,
                proteccion=proteccion,
                aguante_extra=aguante_extra,
                aliento_max=aliento,
            )
            embed = sheet_embed(row, interaction.user.mention)
        await send(
            interaction, content=f"{sheet.nombre} está listo y es tu personaje activo.", embed=embed
        )

    @ficha.command(name="oficio", description="Añade o cambia un Oficio de tu personaje activo")
    @app_commands.describe(
        nombre="Nombre del Oficio (contrabandista, armas…)",
        valor="Valor (0 a 5)",
        personaje="Otro de tus personajes (por defecto, el activo)",
    )
    @app_commands.autocomplete(personaje=autocomplete_own)
    async def oficio(
        self,
        interaction: discord.Interaction,
        nombre: app_commands.Range[str, 1, NAME_MAX],
        valor: app_commands.Range[int, 0, 5],
        personaje: str | None = None,
    ) -> None:
        guild_id = require_guild(interaction)
        nombre = clean_name(nombre, "El nombre del Oficio")
        validate_oficio(nombre, valor)
        await interaction.response.defer(thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            row = await own_character(uow, interaction.user.id, personaje)
            for existing in list(row.oficios):
                if name_key(existing) == name_key(nombre):
                    del row.oficios[existing]
            row.oficios[nombre] = valor
            character_sheet(row)
        await send(
            interaction,
            embed=notice_embed(f"Oficio {nombre} {valor}", f"Anotado en la ficha de {row.nombre}."),
        )

    @ficha.command(name="arma", description="Añade un arma a tu personaje activo")
    @app_commands.describe(
        nombre="Nombre del arma (Espada, Arco corto…)",
        clase="Clase: fija la Potencia y el atributo por defecto",
        atributo="Atributo con el que se usa: V, D o V/D (el mayor)",
        potencia="Potencia, si no es la de su clase",
        cualidades="Separadas por comas: perforante, certera, larga, arrojadiza",
        personaje="Otro de tus personajes (por defecto, el activo)",
    )
    @app_commands.choices(
        clase=[
            app_commands.Choice(name="Daga (2)", value="daga"),
            app_commands.Choice(name="Arma de mano (4)", value="mano"),
            app_commands.Choice(name="Arma de dos manos (6)", value="dos_manos"),
            app_commands.Choice(name="Arco (4)", value="arco"),
            app_commands.Choice(name="Ballesta (5)", value="ballesta"),
            app_commands.Choice(name="Pólvora (7)", value="polvora"),
        ]
    )
    @app_commands.autocomplete(personaje=autocomplete_own)
    async def arma(
        self,
        interaction: discord.Interaction,
        nombre: app_commands.Range[str, 1, NAME_MAX],
        clase: str,
        atributo: Literal["V", "D", "V/D"] | None = None,
        potencia: app_commands.Range[int, 0, 20] | None = None,
        cualidades: str | None = None,
        personaje: str | None = None,
    ) -> None:
        guild_id = require_guild(interaction)
        quals = [q for q in (cualidades or "").replace(";", ",").split(",") if q.strip()]
        weapon = Weapon.make(
            clean_name(nombre, "El nombre del arma"), clase, atributo, potencia, quals
        )
        await interaction.response.defer(thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            row = await own_character(uow, interaction.user.id, personaje)
            kept = [
                w
                for w in row.weapons
                if name_key(str(w.get("nombre", ""))) != name_key(weapon.nombre)
            ]
            row.weapons = [*kept, weapon.to_dict()]
        await send(interaction, embed=notice_embed(f"Arma para {row.nombre}", weapon_text(weapon)))

    @ficha.command(
        name="ver", description="Muestra una ficha (por defecto, la de tu personaje activo)"
    )
    @app_commands.describe(
        personaje="El personaje que quieres ver",
        dueno="De quién es, si varios jugadores tienen uno con ese nombre",
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=autocomplete_any)
    async def ver(
        self,
        interaction: discord.Interaction,
        personaje: str | None = None,
        dueno: discord.User | None = None,
    ) -> None:
        guild_id = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            if personaje:
                row = await named_character(uow, interaction, personaje, dueno, others_allowed=True)
            else:
                row = await own_character(uow, interaction.user.id, None)
            embed = sheet_embed(row, f"<@{row.owner_id}>")
        await send(interaction, embed=embed, ephemeral=True)

    @ficha.command(name="usar", description="Elige tu personaje activo")
    @app_commands.describe(personaje="Uno de tus personajes")
    @app_commands.autocomplete(personaje=autocomplete_own)
    async def usar(self, interaction: discord.Interaction, personaje: str) -> None:
        guild_id = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            row = await own_character(uow, interaction.user.id, personaje)
            await uow.characters.set_active(interaction.user.id, row.id)
        await send(
            interaction,
            embed=notice_embed(f"{row.nombre} es ahora tu personaje activo"),
            ephemeral=True,
        )

    @ficha.command(name="lista", description="Tus personajes en este servidor")
    async def lista(self, interaction: discord.Interaction) -> None:
        guild_id = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            rows = await uow.characters.list_for_owner(interaction.user.id)
            names = [(r.nombre, r.is_active) for r in rows]
        await send_pages(interaction, fichas_list_pages(names), ephemeral=True)

    @ficha.command(name="ajustar", description="Corrige a mano lo actual de una ficha (máster)")
    @app_commands.describe(
        personaje="Cualquier personaje del servidor",
        aguante="Aguante actual",
        aliento="Aliento actual",
        esencia="Esencia actual",
        estados="Estados, separados por comas («ninguno» para quitarlos todos)",
        motivo="Por qué (queda en /historial)",
        dueno="De quién es, si hay varios con ese nombre",
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=autocomplete_any)
    async def ajustar(
        self,
        interaction: discord.Interaction,
        personaje: str,
        aguante: app_commands.Range[int, 0, 500] | None = None,
        aliento: app_commands.Range[int, 0, 50] | None = None,
        esencia: app_commands.Range[int, 0, 50] | None = None,
        estados: app_commands.Range[str, 1, 200] | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
        dueno: discord.User | None = None,
    ) -> None:
        from bot.features.descanso.service import find_character, parse_estados, run

        if aguante is None and aliento is None and esencia is None and estados is None:
            raise UmbralError("Di qué ajustar: aguante, aliento, esencia o estados.")
        wanted = {"aguante": aguante, "aliento": aliento, "esencia": esencia,
                  "estados": None if estados is None else parse_estados(estados)}  # fmt: skip

        async def pick(uow: Any) -> list[tuple[Any, dict[str, Any]]]:
            row = await find_character(uow, personaje, dueno.id if dueno else None)
            return [(row, wanted)]

        await run(interaction, "ficha ajustar", "Ficha ajustada", pick, motivo)

    @ficha.command(name="borrar", description="Borra uno de tus personajes")
    @app_commands.describe(
        personaje="El personaje que quieres borrar",
        dueno="Máster: de quién es, si varios jugadores tienen uno con ese nombre",
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=autocomplete_deletable)
    async def borrar(
        self, interaction: discord.Interaction, personaje: str, dueno: discord.User | None = None
    ) -> None:
        guild_id = require_guild(interaction)
        await interaction.response.defer(thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            gm = is_gm(interaction, (await uow.guild.get()).gm_role_id)
            row = await named_character(uow, interaction, personaje, dueno, others_allowed=gm)
            nombre = row.nombre
            await uow.characters.delete(row.id)
        await send(interaction, embed=notice_embed(f"{nombre} ha sido borrado"))

    @ficha.command(
        name="importar", description="Carga tus personajes de un archivo YAML, JSON o CSV"
    )
    @app_commands.describe(
        archivo="El archivo (.yaml, .json o .csv, hasta 9,8 MB)",
        conflictos="Si ya tienes personajes con esos nombres: reemplazarlos o saltarlos",
    )
    async def importar(
        self,
        interaction: discord.Interaction,
        archivo: discord.Attachment,
        conflictos: Conflictos | None = None,
    ) -> None:
        guild_id = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        entries = await parse_characters(await read_attachment(archivo), archivo.filename)
        async with storage_of(interaction).guild(guild_id) as uow:
            result = await import_characters(uow, interaction.user.id, entries, conflictos)
        await send(
            interaction,
            embed=notice_embed("Personajes importados", "\n".join(result.lines("personajes"))),
            ephemeral=True,
        )

    @ficha.command(name="exportar", description="Tus personajes como archivo")
    @app_commands.describe(
        personaje="Solo este personaje (por defecto, todos los tuyos)",
        formato="yaml (por defecto), json o csv",
    )
    @app_commands.autocomplete(personaje=autocomplete_own)
    async def exportar(
        self,
        interaction: discord.Interaction,
        personaje: str | None = None,
        formato: Format = "yaml",
    ) -> None:
        guild_id = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage_of(interaction).guild(guild_id) as uow:
            if personaje:
                rows = [await own_character(uow, interaction.user.id, personaje)]
            else:
                rows = await uow.characters.list_for_owner(interaction.user.id)
            entries = [entry_of(row) for row in rows]
        if not entries:
            raise UmbralError("No tienes personajes en este servidor: no hay nada que exportar.")
        data = await export_characters(entries, formato)
        file = discord.File(io.BytesIO(data), filename=filename_for(CHARACTERS, formato))
        names = ", ".join(e.nombre for e in entries[:10]) + ("…" if len(entries) > 10 else "")
        await interaction.followup.send(f"Tus personajes: {names}.", file=file, ephemeral=True)
