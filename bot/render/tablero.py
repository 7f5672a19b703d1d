"""The board of an encounter as a message: an embed with the PNG attached as its image."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import discord

from bot.observe import note_slow_work
from bot.offloop import off_process
from bot.render.encounter import events_embed
from bot.render.limits import FOOTER_MAX
from bot.render.safe import plain
from bot.render.tablero_png import Token, key_facts, render_tablero
from umbral_rules.encounter import Encounter
from umbral_rules.encounter.estados import estado_table
from umbral_rules.tablero import Square, Tablero, parse_square

FILENAME = "tablero.png"
IMAGE_URL = f"attachment://{FILENAME}"


def _estado_label(enc: Encounter, key: str) -> str:
    entry = estado_table(enc.settings.estados_extra).get(key)
    return entry[0] if entry else key


def tokens(enc: Encounter) -> list[Token]:
    """Estados and the three bars (Aguante, Esencia, Aliento) of every combatant (§42)."""
    out: list[Token] = []
    for c in enc.combatants:
        out.append(
            Token(
                c.id,
                estados=tuple(_estado_label(enc, e) for e in c.estados),
                aguante=(c.aguante, c.aguante_max),
                esencia=(c.esencia, c.esencia_max) if c.esencia_max else None,
                aliento=(c.aliento, c.aliento_max) if c.aliento_max else None,
            )
        )
    return out


@dataclass(frozen=True)
class TableroPicture:
    """What the picture and its attachment are made from, as immutable values taken from
    the encounter while its unit of work is open: the ``Tablero`` (a frozen value the rules
    replace, never change), the tokens, the highlighted squares and the alt text. Drawing
    happens later on a worker thread and never touches the ``Encounter``, which the next
    command in the channel may already be changing."""

    tablero: Tablero
    tokens: tuple[Token, ...]
    squares: tuple[Square, ...]
    alt_text: str


def snapshot(enc: Encounter, highlight: Iterable[str | Square] = ()) -> TableroPicture:
    tablero: Tablero | None = enc.tablero
    if tablero is None:
        raise ValueError("sin tablero")
    squares = tuple(parse_square(s) if isinstance(s, str) else s for s in highlight)
    toks = tokens(enc)
    return TableroPicture(tablero, tuple(toks), squares, alt_text(enc, tablero, toks))


#: Discord's limit for an attachment's description (its alt text).
ALT_TEXT_MAX = 1024


def alt_text(enc: Encounter, tablero: Tablero, toks: Sequence[Token]) -> str:
    """The picture in words, for a screen reader or a phone that doesn't load it (Discord's
    attachment description): the board's size, then who stands where, side, Aguante and
    estados, then who is off the board."""
    by_id = {t.figure_id: t for t in toks}
    lines = [f"Tablero de {tablero.width}×{tablero.height} casillas."]
    for figure in tablero.figures:
        token = by_id.get(figure.id, Token(figure.id))
        lines.append(f"{figure.name} en {figure.position.label}: {key_facts(figure, token)}.")
    off = [c.nombre for c in enc.combatants if not tablero.has(c.id)]
    if off:
        lines.append("Fuera del tablero: " + ", ".join(off) + ".")
    text = " ".join(lines)
    return text if len(text) <= ALT_TEXT_MAX else text[: ALT_TEXT_MAX - 1] + "…"


async def tablero_file(shot: TableroPicture) -> discord.File:
    """The picture as an attachment, drawn in the worker process (:func:`off_process`): a large
    board takes Pillow a long time, and its PNG encoder holds the GIL while it compresses (see
    :mod:`bot.offloop`). The ``Tablero`` goes there as its dict."""
    note_slow_work("imagen")
    data = await off_process(
        render_tablero, shot.tablero.to_dict(), *shot.tokens, highlight=shot.squares
    )
    return discord.File(io.BytesIO(data), filename=FILENAME, description=shot.alt_text)


def legend(enc: Encounter) -> str:
    tablero: Tablero | None = enc.tablero
    if tablero is None:
        return ""
    placed = [
        f"{f.name} {f.position.label}" + (" (caído)" if f.down else "") for f in tablero.figures
    ]
    off = [c.nombre for c in enc.combatants if not tablero.has(c.id)]
    text = f"Tablero {tablero.width}×{tablero.height}."
    if placed:
        text += " En el tablero: " + ", ".join(placed) + "."
    if off:
        text += " Fuera del tablero: " + ", ".join(off) + "."
    return text


def tablero_embed(enc: Encounter, title: str, lines: Sequence[str]) -> discord.Embed:
    embed = events_embed(title, lines)
    embed.set_image(url=IMAGE_URL)
    embed.set_footer(text=plain(legend(enc), FOOTER_MAX))
    return embed
