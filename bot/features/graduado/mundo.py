"""``/graduado mundo``: the world's rules of this fight — the bases («una regla del
mundo»), the names of the ranks («El mundo de un creador puede dar a los rangos sus propios
nombres»), whether healing raises the fallen, and the round's window (90 s live, or the
minutes the GM sets for play by post). They are kept with the encounter (its document);
``servidor:sí`` keeps them as the server's instead, and every graded fight that starts
afterwards begins with them (``guild_settings.system_rules``; docs/graduado-guia.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.edge.context import Context
from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.render.graduado import reply_embeds
from umbral_rules import UmbralError
from umbral_rules.graduado import Mundo, RankNames, Ventana

from .system import GRADUADO, NAME, GradTurn

if TYPE_CHECKING:
    from bot.storage import GuildSettings


def window_text(ventana: Ventana) -> str:
    """«en vivo: 90 s» / «por mensajes: 1440 min»."""
    if ventana.por_turnos:
        return f"por mensajes: {ventana.segundos // 60} min"
    return f"en vivo: {ventana.segundos} s"


def world_lines(mundo: Mundo) -> list[str]:
    window = window_text(mundo.ventana)
    return [
        f"Base de los héroes {mundo.base_heroes} %, de los enemigos {mundo.base_enemigos} %.",
        "Rangos: " + ", ".join(mundo.rangos.names) + ".",
        "La curación levanta a un caído."
        if mundo.curacion_levanta
        else "La curación no levanta a un caído.",
        f"Ventana de la ronda {window}, desde que tiene algo que resolver.",
    ]


def window(minutes: int) -> Ventana:
    """The round's window: ``minutes`` for play by post; 0 is live play (90 seconds)."""
    return Ventana() if minutes == 0 else Ventana(minutes * 60, por_turnos=True)


async def set_world(
    ctx: Context,
    base_heroes: int | None,
    base_enemigos: int | None,
    rangos: str | None,
    ventana: int | None,
    curacion_levanta: bool | None,
    servidor: bool = False,
) -> None:
    await ctx.interaction.response.defer(thinking=True)
    names = None if rangos is None else RankNames(tuple(rangos.split(",")))

    def changed(old: Mundo) -> Mundo:
        return replace(
            old,
            base_heroes=old.base_heroes if base_heroes is None else base_heroes,
            base_enemigos=old.base_enemigos if base_enemigos is None else base_enemigos,
            rangos=old.rangos if names is None else names,
            curacion_levanta=old.curacion_levanta if curacion_levanta is None else curacion_levanta,
            ventana=old.ventana if ventana is None else window(ventana),
        )

    if servidor:
        await set_server_world(ctx, changed)
        return

    async def rules(turn: GradTurn) -> list[str]:
        state = turn.document.combate.state
        if state.final is not None:
            raise UmbralError("Este combate ya terminó: sus reglas no cambian.")
        state.mundo = changed(state.mundo)
        return world_lines(state.mundo)

    lines = await run_step(ctx, GRADUADO, Step(None, rules))
    await send(ctx.interaction, embeds=reply_embeds("Reglas del mundo de este combate", lines))


def server_world(settings: GuildSettings) -> Mundo | None:
    """The world the server set for its graded fights (``None``: the seed's)."""
    stored = (settings.system_rules or {}).get(NAME)
    return None if not isinstance(stored, dict) else Mundo.from_dict(stored)


async def set_server_world(ctx: Context, changed: Callable[[Mundo], Mundo]) -> None:
    """The server's world, changed (the GM's): the fights that start from now on begin
    with it; the one going on keeps its own."""
    async with ctx.storage.guild(ctx.guild_id) as uow:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        mundo = changed(server_world(settings) or Mundo())
        rules = dict(settings.system_rules or {})
        rules[NAME] = mundo.to_dict()
        await uow.guild.update(system_rules=rules)
    lines = [*world_lines(mundo), "Los combates graduados que empiecen desde ahora las usan."]
    await send(ctx.interaction, embeds=reply_embeds("Reglas del mundo del servidor", lines))
