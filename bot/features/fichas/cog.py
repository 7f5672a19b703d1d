"""The ``/ficha`` group: crear, oficio, arma, ver, usar, lista, borrar, importar, exportar,
ceder (the GM's custody: :mod:`.custodia`)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.permissions import Variant
from bot.edge.services import Topic
from bot.features.bestiario.files import Conflictos
from bot.features.cog import FeatureCog
from bot.features.common import Tamano, send
from bot.features.fichas.ceder import run_ceder
from bot.features.fichas.crear import ATTRIBUTES, CREAR_FORM, run_crear
from bot.features.fichas.custodia import (
    CLASE_CHOICES,
    DUENO_HELP,
    gm_in_guild,
    run_arma,
    run_edit,
    run_oficio,
)
from bot.features.fichas.editar import AVATAR_MAX, EDITAR_FORM, Edit
from bot.features.fichas.lookup import named_character
from bot.features.fichas.party import run_lista
from bot.features.fichas.shared import own_character, sheet_embed
from bot.features.fichas.transfer import run_export, run_import
from bot.features.fichas.vida import require_editable, retire, revive, run_vida
from bot.features.forms import open_form, required
from bot.render.fichas import notice_embed
from bot.sheetfiles import EXPORT_HELP, ExportFormat
from bot.sheetfiles.limits import NAME_MAX

#: An attribute's (and an Oficio's) range, 0 to 5: the one definition the slash option, its
#: description and its form's label («Vigor (0 a 5)», ``FormSpec.field_label``) come from.
LOW, HIGH = 0, 5
Atributo = app_commands.Range[int, LOW, HIGH]


def ranged(label: str) -> str:
    """An attribute's description: «Vigor (0 a 5)»."""
    return f"{label} ({LOW} a {HIGH})"


ClaseArma = Literal["daga", "mano", "dos_manos", "arco", "ballesta", "polvora"]
#: [D] A sheet is its owner's to change; the GM's custody reaches any character of the
#: server (``dueño`` says whose when names clash, and a player may name only themself).
OWN = "dueño o máster"
FOR_OWNER = Variant("dueño", OWN, ("dueno",))
REMOVING = Variant("quitar", OWN, ("quitar",), True)


class FichasCog(FeatureCog):
    topic = Topic(
        "fichas",
        "Fichas",
        "Tus personajes: crearlos, verlos, mejorarlos, elegir el activo, llevarlos en un "
        "fichero; la custodia del máster.",
    )

    ficha = app_commands.Group(
        name="ficha", description="Tus personajes: crear, ver, elegir el activo"
    )

    @ficha.command(
        name="crear",
        description="Crea un personaje y lo deja como activo",
        extras={"form": CREAR_FORM},
    )
    @app_commands.describe(
        nombre="Nombre (obligatorio con atributos y protección; sin opciones: formulario)",
        vigor=ranged("Vigor"),
        destreza=ranged("Destreza"),
        percepcion=ranged("Percepción"),
        voluntad=ranged("Voluntad"),
        proteccion="Protección: 0 nada, 1 ligera, 2 media, 3 pesada, 4 completa",
        aguante_extra="Aguante que añaden raza y dotes (por defecto 0)",
        aliento="Puntos de Aliento (por defecto 0)",
        genero="Para concordar los mensajes: masculino o femenino",
    )
    @command_context("cualquiera")
    async def crear(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, NAME_MAX] | None = None,
        vigor: Atributo | None = None,
        destreza: Atributo | None = None,
        percepcion: Atributo | None = None,
        voluntad: Atributo | None = None,
        proteccion: app_commands.Range[int, 0, 4] | None = None,
        aguante_extra: app_commands.Range[int, 0, 50] | None = None,
        aliento: app_commands.Range[int, 0, 20] | None = None,
        genero: Literal["masculino", "femenino"] | None = None,
    ) -> None:
        given = {"nombre": nombre, "vigor": vigor, "destreza": destreza}
        given |= {"percepcion": percepcion, "voluntad": voluntad, "proteccion": proteccion}
        rest = {"aguante_extra": aguante_extra, "aliento": aliento, "genero": genero}
        if await open_form(ctx, CREAR_FORM, {**given, **rest}):
            return
        name, *values, proteccion = required(ctx, CREAR_FORM, given)
        atributos = dict(zip(ATTRIBUTES, values, strict=True))
        extra, aliento = aguante_extra or 0, aliento or 0
        await run_crear(ctx, name, atributos, proteccion, extra, aliento, genero)

    @ficha.command(name="oficio", description="Añade, cambia o quita un Oficio de tu personaje")
    @app_commands.describe(
        nombre="Nombre del Oficio (contrabandista, armas…)",
        valor=ranged("Valor"),
        personaje="Otro de tus personajes (por defecto, el activo; el máster, cualquiera)",
        quitar="Quita ese Oficio de la ficha",
        dueno=DUENO_HELP,
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.deletable)
    @command_context(OWN, variants=(FOR_OWNER, REMOVING))
    async def oficio(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, NAME_MAX],
        valor: Atributo | None = None,
        personaje: str | None = None,
        quitar: bool = False,
        dueno: discord.User | None = None,
    ) -> None:
        await run_oficio(ctx, nombre, valor, personaje, dueno, quitar)

    @ficha.command(name="arma", description="Añade, cambia o quita un arma de tu personaje")
    @app_commands.describe(
        nombre="Nombre del arma (Espada, Arco corto…)",
        clase="Clase: fija la Potencia y el atributo por defecto",
        atributo="Atributo con el que se usa: V, D o V/D (el mayor)",
        potencia="Potencia, si no es la de su clase",
        cualidades="Separadas por comas: perforante, certera, larga, arrojadiza",
        personaje="Otro de tus personajes (por defecto, el activo; el máster, cualquiera)",
        quitar="Quita esa arma de la ficha",
        dueno=DUENO_HELP,
    )
    @app_commands.choices(clase=CLASE_CHOICES)
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.deletable)
    @command_context(OWN, variants=(FOR_OWNER, REMOVING))
    async def arma(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, NAME_MAX],
        clase: str | None = None,
        atributo: Literal["V", "D", "V/D"] | None = None,
        potencia: app_commands.Range[int, 0, 20] | None = None,
        cualidades: str | None = None,
        personaje: str | None = None,
        quitar: bool = False,
        dueno: discord.User | None = None,
    ) -> None:
        kept = (personaje, dueno)
        await run_arma(ctx, nombre, clase, atributo, potencia, cualidades, kept, quitar)

    @ficha.command(
        name="editar",
        description="Sube o corrige la ficha sin curarla (sin opciones: formulario)",
        extras={"form": EDITAR_FORM},
    )
    @app_commands.describe(
        vigor=ranged("Vigor"),
        destreza=ranged("Destreza"),
        percepcion=ranged("Percepción"),
        voluntad=ranged("Voluntad"),
        proteccion="Protección: 0 nada, 1 ligera, 2 media, 3 pesada, 4 completa",
        tamano="Tamaño",
        aguante_extra="Aguante que añaden raza y dotes",
        aliento_max="Máximo de Aliento",
        esencia_max="Máximo de Esencia",
        notas="Notas públicas: cualquiera las ve en /ficha ver",
        notas_privadas="Notas que solo ves tú (y el máster)",
        genero="Para concordar los mensajes: masculino o femenino",
        avatar_url="Imagen de sus líneas en /decir: un enlace https (vacío, la de por defecto)",
        personaje="Otro de tus personajes (por defecto, el activo; el máster, cualquiera)",
        dueno=DUENO_HELP,
    )
    @app_commands.rename(tamano="tamaño", dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.deletable)
    @command_context(OWN, variants=(FOR_OWNER,))
    async def editar(
        self,
        ctx: Context,
        vigor: Atributo | None = None,
        destreza: Atributo | None = None,
        percepcion: Atributo | None = None,
        voluntad: Atributo | None = None,
        proteccion: app_commands.Range[int, 0, 4] | None = None,
        tamano: Tamano | None = None,
        aguante_extra: app_commands.Range[int, 0, 50] | None = None,
        aliento_max: app_commands.Range[int, 0, 20] | None = None,
        esencia_max: app_commands.Range[int, 0, 50] | None = None,
        notas: app_commands.Range[str, 0, 1000] | None = None,
        notas_privadas: app_commands.Range[str, 0, 1000] | None = None,
        genero: Literal["masculino", "femenino"] | None = None,
        avatar_url: app_commands.Range[str, 0, AVATAR_MAX] | None = None,
        personaje: str | None = None,
        dueno: discord.User | None = None,
    ) -> None:
        if await open_form(ctx, EDITAR_FORM, ctx.options):
            return
        given = {"vigor": vigor, "destreza": destreza, "percepcion": percepcion}
        given["voluntad"] = voluntad
        edit = Edit(
            {k: v for k, v in given.items() if v is not None}, proteccion, tamano, aguante_extra,
            aliento_max, esencia_max, notas, genero, notas_privadas, avatar_url,
        )  # fmt: skip
        await run_edit(ctx, edit, personaje, dueno)

    @ficha.command(
        name="ver", description="Muestra una ficha (por defecto, la de tu personaje activo)"
    )
    @app_commands.describe(
        personaje="El personaje que quieres ver",
        dueno="De quién es, si varios jugadores tienen uno con ese nombre",
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.any_character)
    @command_context("servidor")
    async def ver(
        self,
        ctx: Context,
        personaje: str | None = None,
        dueno: discord.User | None = None,
    ) -> None:
        interaction = ctx.interaction
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(ctx.guild_id) as uow:
            if personaje:
                row = await named_character(uow, interaction, personaje, dueno, others_allowed=True)
            else:
                row = await own_character(uow, interaction.user.id, None)
            # the private notes: for the owner and the GM only
            private = row.owner_id == interaction.user.id or await gm_in_guild(uow, interaction)
            embed = sheet_embed(row, f"<@{row.owner_id}>", private=private)
        await send(interaction, embed=embed, ephemeral=True)

    @ficha.command(name="usar", description="Elige tu personaje activo")
    @app_commands.describe(personaje="Uno de tus personajes")
    @app_commands.autocomplete(personaje=FeatureCog.own)
    @command_context("dueño")
    async def usar(self, ctx: Context, personaje: str) -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.guild(guild_id) as uow:
            row = await own_character(uow, interaction.user.id, personaje)
            require_editable(row)
            await uow.characters.set_active(interaction.user.id, row.id)
        await send(
            interaction,
            embed=notice_embed(f"{row.nombre} es ahora tu personaje activo"),
            ephemeral=True,
        )

    @ficha.command(name="lista", description="Tus personajes (el máster: los de todos)")
    @app_commands.describe(retirados="Incluye también los personajes retirados")
    @command_context(
        "cualquiera", variants=(Variant("retirados", "cualquiera", ("retirados",), True),)
    )
    async def lista(self, ctx: Context, retirados: bool = False) -> None:
        await run_lista(ctx, retirados)

    @ficha.command(name="ceder", description="Da un personaje a otro jugador (máster)")
    @app_commands.describe(
        personaje="Cualquier personaje del servidor",
        a="Su nuevo dueño (por defecto, tú: un aliado que llevas tú)",
        dueno="De quién es ahora, si hay varios con ese nombre",
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.any_character)
    @command_context("máster", what="ceder personajes")
    async def ceder(
        self,
        ctx: Context,
        personaje: str,
        a: discord.User | None = None,
        dueno: discord.User | None = None,
    ) -> None:
        await run_ceder(ctx, personaje, dueno, a)

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
    @app_commands.autocomplete(personaje=FeatureCog.any_character)
    @command_context("máster", what="ajustar fichas o dar descanso")
    async def ajustar(
        self,
        ctx: Context,
        personaje: str,
        aguante: app_commands.Range[int, 0, 500] | None = None,
        aliento: app_commands.Range[int, 0, 50] | None = None,
        esencia: app_commands.Range[int, 0, 50] | None = None,
        estados: app_commands.Range[str, 1, 200] | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
        dueno: discord.User | None = None,
    ) -> None:
        from bot.features.descanso.service import run_ajustar

        wanted = {"aguante": aguante, "aliento": aliento, "esencia": esencia, "estados": estados}
        await run_ajustar(ctx, personaje, dueno, wanted, motivo)

    @ficha.command(
        name="revivir", description="Devuelve a la partida un personaje muerto o retirado (máster)"
    )
    @app_commands.describe(personaje="El personaje", dueno="De quién es, si hay varios")
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.any_character)
    @command_context("máster", what="devolver un personaje a la partida")
    async def revivir(
        self, ctx: Context, personaje: str, dueno: discord.User | None = None
    ) -> None:
        await run_vida(ctx, personaje, dueno, revive)

    @ficha.command(
        name="retirar", description="Retira un personaje: se guarda, sin cambios (máster)"
    )
    @app_commands.describe(personaje="El personaje", dueno="De quién es, si hay varios")
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.any_character)
    @command_context("máster", what="retirar personajes")
    async def retirar(
        self, ctx: Context, personaje: str, dueno: discord.User | None = None
    ) -> None:
        await run_vida(ctx, personaje, dueno, retire)

    @ficha.command(name="borrar", description="Borra uno de tus personajes")
    @app_commands.describe(
        personaje="El personaje que quieres borrar",
        dueno="Máster: de quién es, si varios jugadores tienen uno con ese nombre",
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.deletable)
    @command_context(OWN)
    async def borrar(self, ctx: Context, personaje: str, dueno: discord.User | None = None) -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        await interaction.response.defer(thinking=True)
        async with ctx.storage.guild(guild_id) as uow:
            gm = ctx.is_gm((await uow.guild.get()).gm_role_id)
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
        dueno="Máster: para quién son (por defecto, para ti)",
    )
    @app_commands.rename(dueno="dueño")
    @command_context("cualquiera", variants=(FOR_OWNER,))
    async def importar(
        self,
        ctx: Context,
        archivo: discord.Attachment,
        conflictos: Conflictos | None = None,
        dueno: discord.User | None = None,
    ) -> None:
        await run_import(ctx, archivo, conflictos, dueno)

    @ficha.command(name="exportar", description="Tus personajes como archivo")
    @app_commands.describe(
        personaje="Solo este personaje (por defecto, todos los tuyos)",
        formato=EXPORT_HELP,
        dueno="Máster: de quién son (sin personaje, todos los suyos)",
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.autocomplete(personaje=FeatureCog.deletable)
    @command_context(OWN, variants=(FOR_OWNER,))
    async def exportar(
        self,
        ctx: Context,
        personaje: str | None = None,
        formato: ExportFormat = "yaml",
        dueno: discord.User | None = None,
    ) -> None:
        await run_export(ctx, personaje, formato, dueno)
