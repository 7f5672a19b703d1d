"""``/esencia gastar puntos:N motivo:texto [personaje:]``."""

from __future__ import annotations

from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.path import Step, run_step
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.common import send
from bot.features.system import UMBRAL, UmbralTurn
from bot.render.encounter import events_embed

from .service import Spent, log_spent, spend

#: [D] Tracked only: the texts give Esencia no rules (no spells, no costs).
FOOTER = (
    "Solo se lleva la cuenta: lo que compra la Esencia lo decide el máster. /deshacer lo devuelve."
)


class EsenciaCog(FeatureCog):
    topic = Topic("esencia", "Esencia", "Gastar Esencia, la magia: el bot lleva la cuenta.")

    esencia = app_commands.Group(
        name="esencia", description="La Esencia de tu personaje", guild_only=True
    )

    @esencia.command(name="gastar", description="Gasta Esencia de tu personaje, con su motivo")
    @app_commands.describe(
        puntos="Cuántos puntos (1 o más, no más de los que te quedan)",
        motivo="En qué la gastas (sale en el canal y en /historial)",
        personaje="Quién la gasta (por defecto, tu personaje en este encuentro o el activo; "
        "el máster, cualquiera)",
    )
    @app_commands.autocomplete(personaje=FeatureCog.any_character)
    @command_context("dueño o máster")
    async def gastar(
        self,
        ctx: Context,
        puntos: app_commands.Range[int, 1, 50],
        motivo: app_commands.Range[str, 1, 200],
        personaje: str | None = None,
    ) -> None:
        ctx.ids()  # (refused in direct messages, before anything is deferred)
        await ctx.interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> Spent:
            return await spend(turn, puntos, motivo, personaje)

        step = Step(None, rules, need="get", own_log=log_spent)
        done = await run_step(ctx, UMBRAL, step)
        lines = [
            f"{done.nombre} gasta {puntos} de Esencia: {done.before} → {done.after} "
            f"(de {done.maximo}).",
            f"Motivo: {motivo}",
        ]
        embed = events_embed("Esencia gastada", lines)
        embed.set_footer(text=FOOTER)
        await send(ctx.interaction, embed=embed)
