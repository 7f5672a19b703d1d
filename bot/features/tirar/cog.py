"""``/tirar`` (any dice expression, and the seeds' other systems) and ``/historial``."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.permissions import Permission, Variant
from bot.edge.services import Services, Topic
from bot.features.cog import FeatureCog
from bot.features.common import UMBRAL_CHOICES
from bot.features.historial import service as historial
from bot.features.historial.options import HISTORY_PAGED_MAX, Alcance, ExportFormat
from bot.features.names import MemberNames
from bot.features.tirar.asked import Asked
from bot.features.tirar.repetir import repeat, repeat_button, roll_id_of
from bot.features.tirar.rolling import roll_and_answer
from umbral_rules import UmbralError
from umbral_rules.roller.aliases import private as private_prefix

#: A «Repetir» press: ``/tirar`` again, for who rolled (``repetir.repeat`` checks the roll's
#: roller in the log; the button refuses anyone else before anything runs).
REPEAT = Permission("cualquiera", what="repetir la tirada")
REPEAT_MENU = "Repetir tirada"
NOT_A_ROLL = "Ese mensaje no es una tirada de /tirar con «Repetir»: elige la respuesta de una."


#: [D] /historial: anyone, in every use; a player's server-wide view or export is their own
#: rolls (``historial.filters``).
HISTORIAL_USES = (
    Variant("personaje", "cualquiera", ("personaje",)),
    Variant("alcance servidor", "cualquiera", ("alcance",), "servidor"),
    Variant("exportar", "cualquiera", ("exportar",)),
)


class TirarCog(FeatureCog):
    topic = Topic(
        "tirar", "/tirar", "Cualquier dado, escrito como en otros bots, y el registro de tiradas."
    )

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.member_names = MemberNames()
        #: «Repetir»: the button class whose presses roll through this cog.
        self.buttons = repeat_button(self._press)

    @app_commands.command(name="tirar", description="Tira dados: expresiones y otros sistemas")
    @app_commands.describe(
        expresion="Dados como 2d6+3, 4d6kh3, 1d6e6, d%; varias separadas por «;»",
        motivo="Para qué es la tirada",
        privada="Solo la ves tú (y el máster)",
        umbral="Gradúa el total contra un Umbral de Umbral (bandas de 4)",
        exitos="Cuenta éxitos: los dados que cumplen, como >=7",
        reserva="Reserva de d6: el rango de la habilidad (dados que se guardan)",
        bonus="Reserva de d6: dados de bonificación",
        dificultad="Reserva de d6: la dificultad (9 moderada, de tres en tres)",
        porcentaje="d100 graduado: la probabilidad de acierto en %",
        habilidad="Porcentual: tu habilidad en %",
        modificador="Reserva (puntos), porcentaje, porcentual o iniciativa: el modificador",
        agilidad="Iniciativa 1D10 + AGI: tu Agilidad",
    )
    @app_commands.choices(umbral=UMBRAL_CHOICES)
    @app_commands.autocomplete(expresion=FeatureCog.saved_roll)
    @app_commands.guild_only()
    @command_context("cualquiera", rolls=True)
    async def tirar(
        self,
        ctx: Context,
        expresion: app_commands.Range[str, 1, 200] | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
        privada: bool = False,
        umbral: int | None = None,
        exitos: app_commands.Range[str, 1, 8] | None = None,
        reserva: app_commands.Range[int, 1, 10] | None = None,
        bonus: app_commands.Range[int, 0, 10] | None = None,
        dificultad: app_commands.Range[int, 1, 60] | None = None,
        porcentaje: app_commands.Range[int, 0, 200] | None = None,
        habilidad: app_commands.Range[int, 0, 200] | None = None,
        modificador: app_commands.Range[int, -200, 200] | None = None,
        agilidad: app_commands.Range[int, 0, 50] | None = None,
    ) -> None:
        asked = Asked(
            expresion=expresion,
            motivo=motivo,
            privada=privada or private_prefix(expresion),  # Dice Maiden's «p 4d6»
            umbral=umbral,
            exitos=exitos,
            reserva=reserva,
            bonus=bonus,
            dificultad=dificultad,
            porcentaje=porcentaje,
            habilidad=habilidad,
            modificador=modificador,
            agilidad=agilidad,
        )
        asked.mode  # noqa: B018 - refused before anything is rolled or answered
        ctx.ids()
        await ctx.interaction.response.defer(ephemeral=asked.privada, thinking=True)
        await roll_and_answer(ctx, asked, self.buttons)

    async def repeat(self, ctx: Context, roll_id: int) -> None:
        """«Repetir»: roll log entry ``roll_id`` rolled again (the one action of the button
        and of a message command on a roll's reply, see :func:`repetir.repeat`)."""
        await repeat(ctx, self.buttons, roll_id)

    async def _press(self, interaction: discord.Interaction, roll_id: int) -> None:
        await self.repeat(Context(interaction, self.services, REPEAT), roll_id)

    @command_context("cualquiera", what="repetir la tirada", rolls=True)
    async def repeat_menu(self, ctx: Context, message: discord.Message) -> None:
        """«Repetir tirada» (a message command) on a roll's reply: the «Repetir» action."""
        roll_id = roll_id_of(message)
        if roll_id is None:
            raise UmbralError(NOT_A_ROLL)
        await self.repeat(ctx, roll_id)

    @app_commands.command(name="historial", description="Las tiradas registradas, por páginas")
    @app_commands.describe(
        n=f"Cuántas (hasta {HISTORY_PAGED_MAX}; sin «n», todas las recientes por páginas)",
        usuario="Solo las de esta persona",
        canal="Solo las de este canal",
        personaje="Solo las de este personaje o enemigo",
        alcance="canal (por defecto) o servidor: todas las del servidor (un jugador, las suyas)",
        exportar="Todo el historial como archivo: csv (con «;»), xlsx (hoja de cálculo) o json",
        asistencia="Con exportar: añade las sesiones y quién jugó (sesiones.csv, .xlsx o .json)",
    )
    @app_commands.guild_only()
    @command_context("cualquiera", variants=HISTORIAL_USES)
    async def historial(
        self,
        ctx: Context,
        n: app_commands.Range[int, 1, HISTORY_PAGED_MAX] | None = None,
        usuario: discord.User | None = None,
        canal: discord.TextChannel | None = None,
        personaje: app_commands.Range[str, 1, 100] | None = None,
        alcance: Alcance | None = None,
        exportar: ExportFormat | None = None,
        asistencia: bool = False,
    ) -> None:
        if asistencia and exportar is None:
            raise UmbralError("«asistencia» va con «exportar»: `exportar:csv asistencia:sí`.")
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        gm = ctx.is_gm(await historial.gm_role(ctx))
        want = historial.filters(
            ctx,
            gm=gm,
            usuario=usuario,
            canal=canal,
            personaje=personaje,
            alcance=alcance,
            exporting=exportar is not None,
        )
        if exportar is not None:
            await historial.export(ctx, self.member_names, want, exportar)
            if asistencia:
                await historial.export_sessions(ctx, self.member_names, exportar)
        else:
            await historial.show(ctx, self.member_names, want, n, gm)
