"""``/tirar`` (any dice expression, and the seeds' other systems) and ``/historial``."""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.permissions import Variant
from bot.edge.services import Services
from bot.features.cog import FeatureCog
from bot.features.common import UMBRAL_CHOICES, send
from bot.features.historial import service as historial
from bot.features.historial.options import HISTORY_PAGED_MAX, Alcance, ExportFormat
from bot.features.tirar.expression import count_successes, roll_many, with_comments
from bot.features.tirar.names import MemberNames
from bot.features.tirar.systems import (
    POOL_BASE_DIFFICULTY,
    roll_graded,
    roll_initiative,
    roll_percentile,
    roll_pool,
)
from bot.jsontypes import JsonObject
from bot.render.tirar import (
    expression_embed,
    graded_embed,
    initiative_embed,
    percentile_embed,
    pool_embed,
)
from umbral_rules import UmbralError, grade_from_margen
from umbral_rules.tables import BAND_FIXED

MODES = ("expresion", "reserva", "porcentaje", "habilidad", "agilidad")


def _one_mode(chosen: Mapping[str, object]) -> str:
    given = [name for name in MODES if chosen.get(name) is not None]
    if len(given) != 1:
        raise UmbralError(
            "Indica una sola cosa que tirar: «expresion» (dados como 2d6+3), «reserva» "
            "(d6 con rango), «porcentaje» (d100 graduado), «habilidad» (porcentual) o "
            "«agilidad» (iniciativa)."
        )
    return given[0]


#: The private roll was saved and shown, but its copy for the GM could not be posted.
GM_COPY_FAILED = (
    "Tu tirada queda anotada (el máster la ve en /historial), pero no pude enviar la copia al "
    "canal del máster: necesito «Ver canal», «Enviar mensajes» e «Insertar enlaces» allí."
)


#: [D] /historial: anyone, in every use; a player's server-wide view or export is their own
#: rolls (``historial.filters``).
HISTORIAL_USES = (
    Variant("personaje", "cualquiera", ("personaje",)),
    Variant("alcance servidor", "cualquiera", ("alcance",), "servidor"),
    Variant("exportar", "cualquiera", ("exportar",)),
)


class TirarCog(FeatureCog):
    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.member_names = MemberNames()

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
        modificador="Porcentual o iniciativa: el modificador",
        agilidad="Iniciativa 1D10 + AGI: tu Agilidad",
    )
    @app_commands.choices(umbral=UMBRAL_CHOICES)
    @app_commands.guild_only()
    @command_context("cualquiera")
    async def tirar(
        self,
        ctx: Context,
        expresion: app_commands.Range[str, 1, 200] | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
        privada: bool = False,
        umbral: int | None = None,
        exitos: app_commands.Range[str, 1, 8] | None = None,
        reserva: app_commands.Range[int, 1, 10] | None = None,
        bonus: app_commands.Range[int, 0, 10] = 0,
        dificultad: app_commands.Range[int, 1, 60] | None = None,
        porcentaje: app_commands.Range[int, 0, 200] | None = None,
        habilidad: app_commands.Range[int, 0, 200] | None = None,
        modificador: app_commands.Range[int, -200, 200] = 0,
        agilidad: app_commands.Range[int, 0, 50] | None = None,
    ) -> None:
        mode = _one_mode(
            {
                "expresion": expresion,
                "reserva": reserva,
                "porcentaje": porcentaje,
                "habilidad": habilidad,
                "agilidad": agilidad,
            }
        )
        if mode != "expresion" and (umbral is not None or exitos is not None):
            raise UmbralError("«umbral» y «exitos» solo valen con «expresion».")
        interaction = ctx.interaction
        guild_id, channel_id = ctx.ids()
        await interaction.response.defer(ephemeral=privada, thinking=True)
        dice = ctx.dice
        who = interaction.user.display_name
        faces: list[JsonObject]
        result: JsonObject = {"privada": privada}
        if mode == "expresion":
            assert expresion is not None
            rolls = roll_many(expresion, dice, exitos=exitos)
            motivo = with_comments(motivo, rolls)
            grade = (
                None if umbral is None else grade_from_margen(rolls[0].total - umbral, BAND_FIXED)
            )
            counted = None if exitos is None else [count_successes(r.values, exitos) for r in rolls]
            embed = expression_embed(
                rolls,
                who=who,
                motivo=motivo,
                umbral=umbral,
                grade=grade,
                successes=counted,
                private=privada,
            )
            faces = [
                {
                    "expresion": r.expression,
                    "faces": list(r.faces),
                    "dados": [list(d) for d in r.dice],
                }
                for r in rolls
            ]
            result.update(expresion=expresion, totales=[r.total for r in rolls])
            if grade is not None:
                result.update(umbral=umbral, grado=grade.label)
            if counted is not None:
                result["exitos"] = counted
        elif mode == "reserva":
            assert reserva is not None
            pool = roll_pool(dice, reserva, bonus, dificultad or POOL_BASE_DIFFICULTY)
            embed = pool_embed(pool, who=who, motivo=motivo)
            faces = [{"faces": list(pool.faces), "sides": 6, "kept": list(pool.kept)}]
            result.update(
                expresion=f"{reserva + bonus}d6 guarda {reserva}",
                total=pool.total,
                resultado="éxito" if pool.success else "fallo",
            )
        elif mode == "porcentaje":
            assert porcentaje is not None
            graded = roll_graded(dice, porcentaje)
            embed = graded_embed(graded, who=who, motivo=motivo)
            faces = [{"faces": [graded.roll], "sides": 100}]
            result.update(
                expresion=f"d100 contra {porcentaje} %", total=graded.roll, resultado=graded.grade
            )
        elif mode == "habilidad":
            assert habilidad is not None
            pct = roll_percentile(dice, habilidad, modificador)
            embed = percentile_embed(pct, who=who, motivo=motivo)
            faces = [{"faces": [pct.roll], "sides": 100}]
            result.update(
                expresion=f"d100 bajo {pct.target} %", total=pct.roll, resultado=pct.label
            )
        else:
            assert agilidad is not None
            ini = roll_initiative(dice, agilidad, modificador)
            embed = initiative_embed(ini, who=who, motivo=motivo)
            faces = [{"faces": [ini.face], "sides": 10}]
            result.update(expresion="1D10 + AGI", total=ini.total)
        async with ctx.storage.channel(guild_id, channel_id) as uow:
            settings = await uow.guild.get()
            await uow.rolls.append(
                user_id=interaction.user.id,
                command="tirar",
                dice=faces,
                result=result,
                motivo=motivo,
            )
        gm_channel = settings.gm_channel_id
        if privada:
            embed.set_footer(
                text="Tirada privada: la ves tú y el máster"
                + (" (enviada a su canal)." if gm_channel else " (en /historial).")
            )
        await send(interaction, embed=embed, ephemeral=privada)
        if privada and gm_channel:
            copy = embed.copy()
            copy.title = f"Tirada privada de {who}"
            channel = interaction.client.get_partial_messageable(gm_channel, guild_id=guild_id)
            try:
                await channel.send(embed=copy)
            except discord.HTTPException:  # the roll is saved: say so, don't apologise
                await send(interaction, content=GM_COPY_FAILED, ephemeral=True)

    @app_commands.command(name="historial", description="Las tiradas registradas, por páginas")
    @app_commands.describe(
        n=f"Cuántas (hasta {HISTORY_PAGED_MAX}; sin «n», todas las recientes por páginas)",
        usuario="Solo las de esta persona",
        canal="Solo las de este canal",
        personaje="Solo las de este personaje o enemigo",
        alcance="canal (por defecto) o servidor: todas las del servidor (un jugador, las suyas)",
        exportar="Todo el historial como archivo: csv (hoja de cálculo) o json",
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
    ) -> None:
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
        else:
            await historial.show(ctx, self.member_names, want, n, gm)
