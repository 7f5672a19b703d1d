"""The tracker of an encounter of a game system other than Umbral (Umbral's is
:func:`bot.render.tracker.tracker_embed`): each system's drawing, by the name its encounters
store. A system adds its own ``draw`` here (its render module, pure); until then an encounter
of it is shown by :func:`plain_tracker`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import discord

from bot.jsontypes import JsonObject
from bot.render import hielo
from bot.render.graduado import draw as draw_graduado
from bot.render.porcentual import draw as porcentual_draw
from bot.render.tracker import ENDED_COLOUR, TRACKER_COLOUR
from umbral_rules.systems import system_label

#: ``draw(document, ended)``: the tracker of an encounter's stored document.
Draw = Callable[[JsonObject, bool], discord.Embed]

#: Each system's drawing, by its stored name.
DRAWERS: dict[str, Draw] = {}
DRAWERS["graduado"] = draw_graduado
DRAWERS["hielo"] = hielo.draw
DRAWERS["porcentual"] = porcentual_draw


def plain_tracker(system: str, doc: JsonObject, ended: bool) -> discord.Embed:
    """A tracker that says only which game and which asalto (a system with no drawing)."""
    asalto = doc.get("asalto")
    state = "terminado" if ended else "en curso"
    title = f"Encuentro de {system_label(system)} {state}"
    if isinstance(asalto, int):
        title += f" — asalto {asalto}"
    return discord.Embed(title=title, colour=ENDED_COLOUR if ended else TRACKER_COLOUR)


#: The field of a round that closes by itself, counted down (see :func:`system_tracker`).
CLOSES_FIELD = "Cierre de la ronda"


def system_tracker(
    system: str, doc: JsonObject, *, ended: bool = False, closes_at: datetime | None = None
) -> discord.Embed:
    """The tracker of an encounter of ``system`` whose document is ``doc``. ``closes_at``:
    when its round closes by itself (a graded fight's window, once open: the encounter's
    ``closes_at``), counted down by Discord itself in each reader's language and time zone
    (a ``<t:…:R>`` timestamp: «dentro de 1 minuto»), so the tracker need not be edited
    every second."""
    draw = DRAWERS.get(system)
    embed = plain_tracker(system, doc, ended) if draw is None else draw(doc, ended)
    if closes_at is not None and not ended:
        when = discord.utils.format_dt(closes_at, "R")
        embed.add_field(name=CLOSES_FIELD, value=f"Se cierra {when}.", inline=False)
    return embed
