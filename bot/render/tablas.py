"""The guild's own tables (``/tabla``): the secuelas table and the guild's estados."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.render.limits import cut, split_text
from bot.render.safe import shown
from bot.sheetfiles.secuelas import table_rows
from umbral_rules.encounter.settings import EstadoExtra
from umbral_rules.tables import AMBITO_LABELS, ESTADO_LABELS, ESTADOS, SECUELAS_DEATH

TABLE_COLOUR = discord.Colour(0x7F8C8D)


def secuelas_embeds(table: Mapping[str, str]) -> list[discord.Embed]:
    """The guild's secuelas table by ranges (its own, or the bot's neutral one), in as many
    embeds as its lines take (15 entries of 80 + 200 characters fit in two)."""
    lines = [f"**{SECUELAS_DEATH}** (o menos) — Muerte."]
    if table:
        lines += [f"**{r}** — {shown(text)}" for r, text in table_rows(table)]
        footer = "La tabla del servidor. /tabla secuelas restablecer vuelve a la neutra."
    else:
        lines.append("**2 a 16** — «Secuela N de la tabla»: el máster dice qué es.")
        footer = "La tabla neutra del bot: /tabla secuelas importar carga la del servidor."
    chunks = split_text(lines, 3900)
    embeds = [
        discord.Embed(
            title="Tabla de secuelas" + (" (sigue)" if i else ""),
            description=chunk,
            colour=TABLE_COLOUR,
        )
        for i, chunk in enumerate(chunks)
    ]
    embeds[-1].set_footer(text="1d12 al caer; +4 con un punto de Aliento gastado antes. " + footer)
    return embeds


def ambitos_text(where: Sequence[str]) -> str:
    return ", ".join(AMBITO_LABELS.get(w, w) for w in where) if where else "ninguna"


def estado_line(estado: EstadoExtra) -> str:
    cabeza = " · de la cabeza" if estado.cabeza else ""
    return f"**{shown(estado.nombre)}** — desventaja en {ambitos_text(estado.desventaja)}{cabeza}"


def estados_embed(guild: Mapping[str, EstadoExtra]) -> discord.Embed:
    """The rulebook's five estados and the guild's own."""
    bleeding = "nada (pierde 1 de Aguante por asalto hasta que lo venden)"
    built_in = [
        f"**{ESTADO_LABELS[k]}** — desventaja en {ambitos_text(w) if w else bleeding}"
        for k, w in ESTADOS.items()
    ]
    own = [estado_line(e) for e in guild.values()] or ["Ninguno todavía: /tabla estados crear."]
    embed = discord.Embed(title="Estados", colour=TABLE_COLOUR)
    embed.add_field(name="Del reglamento", value="\n".join(built_in)[:1024], inline=False)
    embed.add_field(name="Del servidor", value=cut("\n".join(own), 1024), inline=False)
    embed.set_footer(
        text="De la cabeza solo se lleva uno a la vez: el nuevo sustituye al que hubiera."
    )
    return embed


def estado_embed(title: str, estado: EstadoExtra, note: str = "") -> discord.Embed:
    """One of the guild's estados, created or deleted."""
    text = estado_line(estado) + (f"\n{note}" if note else "")
    return discord.Embed(title=title, description=text, colour=TABLE_COLOUR)
