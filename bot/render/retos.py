"""Retos as an embed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.render.safe import shown
from umbral_rules.checks import umbral_name

RETO_COLOUR = discord.Colour(0x16A085)


def reto_line(reto: Mapping[str, Any]) -> str:
    estado = "abierto"
    if not reto.get("activo"):
        estado = "logrado" if reto.get("logrado") else "terminado sin lograrlo"
    coste = shown(reto.get("coste") or "lo que diga el máster")
    return (
        f"{umbral_name(int(reto['umbral']))} · éxitos {reto['exitos']}/"
        f"{reto['exitos_necesarios']} · fracasos {reto['fracasos']} "
        f"(cada uno cuesta: {coste}) · {estado}"
    )


def retos_embed(retos: Sequence[Mapping[str, Any]], only: str | None = None) -> discord.Embed:
    picked = [r for r in retos if only is None or r["id"] == only]
    embed = discord.Embed(title="Retos" if only is None else "Cómo va", colour=RETO_COLOUR)
    for reto in picked[:25]:
        embed.add_field(name=shown(reto["nombre"]), value=reto_line(reto), inline=False)
    if not picked:
        embed.description = "No hay retos en este canal: el máster los crea con /reto crear."
    return embed
