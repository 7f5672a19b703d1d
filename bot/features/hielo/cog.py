"""``/hielo …``: Canción de hielo y fuego's own commands — sheets and bestiary
(:mod:`.sheets_cog`), tests and the combat's own steps here. The shared commands
(``/encuentro …``, ``/asalto``, ``/atacar``) reach :mod:`.encounter` through the plugin
registered in the package's ``setup``."""

from __future__ import annotations

from typing import Literal

import discord
from discord import Interaction, app_commands

from bot.edge.context import Context, command_context, ids_of
from bot.edge.permissions import Variant
from bot.edge.services import Topic
from bot.features.cog import Choices
from bot.features.common import DESTINO_CHOICES, choices
from umbral_rules.hielo.constants import FACTOR_SALUD, RANGO_MAX
from umbral_rules.hielo.correction import Ajuste

from . import fight, tables
from .doc import HieloDoc
from .groups import HIELO_GROUP, TABLA
from .intrigue_cog import IntrigueCommands
from .prueba import PruebaOptions, prueba
from .sheet_input import RANK_MAX, offered
from .sheets_cog import SheetCommands
from .system import HIELO_NAME

GastoUso = Literal[
    "imponer_menos_d", "actitud", "accion_menor", "ignorar_armadura", "cancelar", "detalle",
    "activar_cualidad", "ignorar_cualidad",
]  # fmt: skip
TablaTipo = Literal["criticos", "pifias", "maniobras", "actitudes"]
FatigaUso = Literal["armadura", "herida_grave", "heridas_leves", "accion_menor"]
#: [D] A test is rolled by a player's own sheet; naming one (``personaje``) reaches another's,
#: or a bestiary entry, only for the GM.
PRUEBA_USES = (Variant("personaje", "dueño o máster", ("personaje",)),)
ACTOR_HELP = "Quién (por defecto, el tuyo o el del turno; el máster, cualquiera)"
#: The highest Salud a sheet can have: «Salud = Constitución x3», Constitución up to 8.
SALUD_MAX = RANGO_MAX * FACTOR_SALUD
DESTINO_HELP = "Un punto de destino en esta tirada: +1B, convertir 1B en dado, quitar −1D"


class HieloCog(SheetCommands, IntrigueCommands):
    topic = Topic(
        "hielo",
        "Canción de hielo y fuego",
        "Fichas, bestiario, pruebas y combates del sistema de Canción de hielo y fuego "
        "(/encuentro empezar sistema:hielo).",
    )

    hielo = HIELO_GROUP

    async def hielo_fighter(self, interaction: Interaction, current: str) -> Choices:
        """The combatants of the channel's encounter of this system."""
        guild_id, channel_id = ids_of(interaction)
        async with self.services.require_storage().reading(guild_id, channel_id) as uow:
            if await uow.encounter.system() != HIELO_NAME:
                return []
            data = await uow.encounter.document(HIELO_NAME)
        names = (
            []
            if data is None
            else [f.sheet.nombre for f in HieloDoc.from_dict(data).combat.fighters]
        )
        return choices(names, current)

    async def hielo_ability(self, interaction: Interaction, current: str) -> Choices:
        return choices(offered(current.rpartition(",")[2].strip()), "")

    @HIELO_GROUP.command(name="prueba", description="Una prueba: rango d6 + dados de bonificación")
    @app_commands.describe(
        habilidad="La habilidad (sin escribir en la ficha: rango 2)",
        especialidad="La especialidad, si tiene dados de bonificación en ella",
        dificultad="La dificultad (9 moderada, de 3 en 3)",
        contra="Contra el valor pasivo de otro personaje (en vez de dificultad)",
        contra_habilidad="Su habilidad pasiva (por defecto, Percepción con Observación)",
        contra_especialidad="La especialidad de su valor pasivo",
        personaje=ACTOR_HELP,
        modificador="Puntos que suma o resta el máster",
        armadura="La penalización de la armadura cuenta en esta tirada",
        destino=DESTINO_HELP,
    )
    @app_commands.autocomplete(
        habilidad=hielo_ability, contra_habilidad=hielo_ability, personaje=hielo_fighter,
        contra=hielo_fighter,
    )  # fmt: skip
    @app_commands.choices(destino=DESTINO_CHOICES)
    @command_context("personaje", variants=PRUEBA_USES, rolls=True)
    async def prueba(
        self, ctx: Context, habilidad: str, especialidad: str | None = None,
        dificultad: app_commands.Range[int, 0, 99] | None = None, contra: str | None = None,
        contra_habilidad: str | None = None, contra_especialidad: str | None = None,
        personaje: str | None = None, modificador: app_commands.Range[int, -99, 99] = 0,
        armadura: bool = False, destino: str | None = None,
    ) -> None:  # fmt: skip
        options = PruebaOptions(habilidad, especialidad, dificultad, contra, contra_habilidad,
                                contra_especialidad, personaje, modificador, armadura,
                                destino)  # fmt: skip
        await prueba(ctx, options)

    @HIELO_GROUP.command(name="daño", description="Recibe el daño pendiente: Salud o heridas")
    @app_commands.describe(
        leves="Heridas leves que absorben daño (cada una, hasta tu Constitución; −1 cada una)",
        grave="Una herida grave absorbe todo el impacto (−1D)",
    )
    @command_context("dueño o máster")
    async def dano(
        self, ctx: Context, leves: app_commands.Range[int, 0, 8] = 0, grave: bool = False
    ) -> None:
        await fight.damage(ctx, leves, grave)

    @HIELO_GROUP.command(name="turno", description="Pasa el turno, reserva la acción o tómala")
    @app_commands.describe(
        que="pasar: acaba el turno; reservar: actúa tras otro; actuar: toma la reservada",
        personaje="Quién (actuar: quien reservó)",
    )
    @app_commands.autocomplete(personaje=hielo_fighter)
    @command_context("dueño o máster")
    async def turno(
        self,
        ctx: Context,
        que: Literal["pasar", "reservar", "actuar"],
        personaje: str | None = None,
    ) -> None:
        await fight.turn_command(ctx, que, personaje)

    @HIELO_GROUP.command(name="acción", description="Anota una acción mayor o menor del turno")
    @app_commands.describe(
        tamano="Mayor (todo el turno) o menor (dos por turno)",
        descripcion="Qué hace",
        personaje=ACTOR_HELP,
    )
    @app_commands.rename(tamano="tamaño", descripcion="descripción")
    @app_commands.autocomplete(personaje=hielo_fighter)
    @command_context("dueño o máster")
    async def accion(
        self,
        ctx: Context,
        tamano: Literal["mayor", "menor"],
        descripcion: app_commands.Range[str, 1, 200],
        personaje: str | None = None,
    ) -> None:
        await fight.action(ctx, tamano, descripcion, personaje)

    @HIELO_GROUP.command(name="fatiga", description="Gasta un punto de fatiga (−1 a las tiradas)")
    @app_commands.describe(uso="Para qué", personaje=ACTOR_HELP)
    @app_commands.autocomplete(personaje=hielo_fighter)
    @command_context("dueño o máster")
    async def fatiga(self, ctx: Context, uso: FatigaUso, personaje: str | None = None) -> None:
        await fight.fatigue(ctx, uso, personaje)

    @HIELO_GROUP.command(
        name="destino", description="Gasta un punto de destino fuera de una tirada"
    )
    @app_commands.describe(
        uso="Para qué (los de una tirada, con su opción destino)",
        personaje=ACTOR_HELP,
        objetivo="El adversario al que se impone el −1D",
        detalle="En qué se gasta (cancelar, detalle, cualidades del entorno)",
        actitud="En una intriga: la actitud del objetivo mejora o empeora una categoría",
    )
    @app_commands.autocomplete(personaje=hielo_fighter, objetivo=hielo_fighter)
    @command_context("dueño o máster")
    async def destino(
        self,
        ctx: Context,
        uso: GastoUso,
        personaje: str | None = None,
        objetivo: str | None = None,
        detalle: app_commands.Range[str, 1, 200] | None = None,
        actitud: Literal["mejora", "empeora"] | None = None,
    ) -> None:
        mejora = {"mejora": 1, "empeora": -1}.get(actitud or "", 0)
        await fight.destiny(ctx, uso, personaje, objetivo, detalle, mejora)

    @HIELO_GROUP.command(name="rendirse", description="Se rinde: sale del combate")
    @app_commands.describe(personaje=ACTOR_HELP)
    @app_commands.autocomplete(personaje=hielo_fighter)
    @command_context("dueño o máster")
    async def rendirse(self, ctx: Context, personaje: str | None = None) -> None:
        await fight.surrender(ctx, personaje)

    @HIELO_GROUP.command(name="sorpresa", description="Antes del primer asalto: ¿le ven venir?")
    @app_commands.describe(
        acechante="Quien acecha: tira Discreción (Sigilo)",
        atacado="Contra su Percepción pasiva (con Observación)",
    )
    @app_commands.autocomplete(acechante=hielo_fighter, atacado=hielo_fighter)
    @command_context("dueño o máster", rolls=True)
    async def sorpresa(self, ctx: Context, acechante: str, atacado: str) -> None:
        await fight.surprise(ctx, acechante, atacado)

    @HIELO_GROUP.command(
        name="ajustar", description="Corrige a mano Salud, heridas, fatiga o destino (máster)"
    )
    @app_commands.describe(
        combatiente="A quién",
        salud="Salud actual (de 0 a Constitución × 3; a 0 queda vencido, por encima vuelve)",
        leves="Heridas leves (de 0 a su Constitución; −1 a las tiradas cada una)",
        graves="Heridas graves (de 0 a su Constitución; −1D a las tiradas cada una)",
        fatiga="Puntos de fatiga (de 0 a su Constitución; −1 a las tiradas cada uno)",
        destino="Puntos de destino (de 0 a los de su ficha)",
        motivo="Por qué (queda en /historial)",
    )
    @app_commands.autocomplete(combatiente=hielo_fighter)
    @command_context("máster", what="corregir a mano a un combatiente")
    async def ajustar(
        self,
        ctx: Context,
        combatiente: str,
        salud: app_commands.Range[int, 0, SALUD_MAX] | None = None,
        leves: app_commands.Range[int, 0, RANGO_MAX] | None = None,
        graves: app_commands.Range[int, 0, RANGO_MAX] | None = None,
        fatiga: app_commands.Range[int, 0, RANGO_MAX] | None = None,
        destino: app_commands.Range[int, 0, RANK_MAX] | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        ajuste = Ajuste(salud, leves, graves, fatiga, destino)
        await fight.adjust(ctx, combatiente, ajuste, motivo)

    @TABLA.command(name="importar", description="Carga una tabla de vuestro grupo (máster)")
    @app_commands.describe(
        tipo="Qué tabla",
        archivo="YAML, JSON o CSV: número y texto por fila (actitudes: nombre, FA, modificadores)",
    )
    @command_context("máster", what="cargar tablas")
    async def tabla_importar(
        self, ctx: Context, tipo: TablaTipo, archivo: discord.Attachment
    ) -> None:
        await tables.load_table(ctx, tipo, archivo)

    @TABLA.command(name="ver", description="Una tabla cargada de vuestro grupo")
    @app_commands.describe(tipo="Qué tabla")
    @command_context("servidor")
    async def tabla_ver(self, ctx: Context, tipo: TablaTipo) -> None:
        await tables.view_table(ctx, tipo)

    @TABLA.command(name="borrar", description="Quita una tabla cargada (máster)")
    @app_commands.describe(tipo="Qué tabla")
    @command_context("máster", what="cargar tablas")
    async def tabla_borrar(self, ctx: Context, tipo: TablaTipo) -> None:
        await tables.remove_table(ctx, tipo)
