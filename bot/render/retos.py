"""Retos as an embed."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.render.limits import FIELD_NAME_MAX, cut
from bot.render.safe import shown
from umbral_rules.encounter import Reto
from umbral_rules.tiradas import umbral_name

RETO_COLOUR = discord.Colour(0x16A085)
#: Retos a page of ``/reto ver`` shows (each a field of up to ~350 characters).
RETOS_PER_PAGE = 8


def reto_line(reto: Reto) -> str:
    estado = "abierto"
    if not reto.activo:
        estado = "logrado" if reto.logrado else "terminado sin lograrlo"
    coste = shown(reto.coste or "lo que diga el máster")
    return (
        f"{umbral_name(reto.umbral)} · éxitos {reto.exitos}/"
        f"{reto.exitos_necesarios} · fracasos {reto.fracasos} "
        f"(cada uno cuesta: {coste}) · {estado}"
    )


def retos_embed(retos: Sequence[Reto], only: str | None = None) -> discord.Embed:
    """The retos (or only one) in one embed: the first page of :func:`retos_pages`."""
    return retos_pages([r for r in retos if only is None or r.id == only], only is not None)[0]


def retos_pages(retos: Sequence[Reto], one: bool = False) -> list[discord.Embed]:
    """Every reto as a field, eight to a page."""
    pages = []
    for start in range(0, max(1, len(retos)), RETOS_PER_PAGE):
        embed = discord.Embed(title="Cómo va" if one else "Retos", colour=RETO_COLOUR)
        for reto in retos[start : start + RETOS_PER_PAGE]:
            name = cut(shown(reto.nombre), FIELD_NAME_MAX)
            embed.add_field(name=name, value=cut(reto_line(reto), 1024), inline=False)
        pages.append(embed)
    if not retos:
        pages[0].description = "No hay retos en este canal: el máster los crea con /reto crear."
    return pages
