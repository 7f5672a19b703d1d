"""``/dados``' replies. Saved names are one word of letters, digits and «_», and a saved
expression holds no backtick (the grammar refuses one): both sit in code spans as they are.
Pure: saved rolls in, ``discord.Embed`` out."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.render.limits import PAGE_CHARS, PAGE_LINES, split_text
from bot.storage.saved_rolls import Saved, SavedRoll
from umbral_rules.text import name_key

COLOUR = discord.Colour(0x5865F2)
EMPTY = (
    "No hay tiradas guardadas. Guarda una con `/dados guardar nombre:ataque "
    "expresion:1d12+5` y tírala con `/tirar expresion:ataque` (o `ataque+2`)."
)


def _line(roll: SavedRoll, note: str = "") -> str:
    return f"`{roll.nombre}` = `{roll.expresion}`{note}"


def saved_embed(done: Saved) -> discord.Embed:
    roll = done.roll
    whose = "del servidor" if roll.server else "tuya"
    lines = [_line(roll)]
    if done.replaced is not None:
        lines.append(f"Sustituye a `{done.replaced.expresion}`.")
    if roll.server:
        lines.append("La ven todos los jugadores; la suya propia con el mismo nombre va antes.")
    elif done.shadows:
        lines.append("El servidor tiene otra con ese nombre: cuando tires, va la tuya.")
    lines.append(
        f"Tírala con `/tirar expresion:{roll.nombre}` o dentro de otra: `{roll.nombre}+2`."
    )
    return discord.Embed(
        title=f"Tirada guardada ({whose})", description="\n".join(lines), colour=COLOUR
    )


def deleted_embed(roll: SavedRoll) -> discord.Embed:
    whose = "del servidor" if roll.server else "tuya"
    return discord.Embed(
        title=f"Tirada guardada borrada ({whose})", description=_line(roll), colour=COLOUR
    )


def list_pages(
    own: Sequence[SavedRoll], server: Sequence[SavedRoll], max_own: int, max_server: int
) -> list[discord.Embed]:
    """The player's saved rolls, then the server's (one the player's own hides says so)."""
    if not own and not server:
        return [discord.Embed(title="Tiradas guardadas", description=EMPTY, colour=COLOUR)]
    mine = {name_key(r.nombre) for r in own}
    lines = [f"**Tuyas** ({len(own)} de {max_own})"]
    lines += [_line(r) for r in own] or ["ninguna"]
    lines.append(f"**Del servidor** ({len(server)} de {max_server})")
    lines += [_line(r, " (va la tuya)" if name_key(r.nombre) in mine else "") for r in server] or [
        "ninguna"
    ]
    return [
        discord.Embed(title="Tiradas guardadas", description=chunk, colour=COLOUR)
        for chunk in split_text(lines, PAGE_CHARS, PAGE_LINES)
    ]
