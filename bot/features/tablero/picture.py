"""The board of an encounter as a message: an embed with the PNG attached as its image."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

import discord

from bot.render.encounter import events_embed
from bot.tablero import Token, render_board
from umbral_rules.encounter.estados import estado_table
from umbral_rules.grid import Board, Square, parse_square

FILENAME = "tablero.png"
IMAGE_URL = f"attachment://{FILENAME}"


def _estado_label(enc: Any, key: str) -> str:
    entry = estado_table(enc.settings).get(key)
    return entry[0] if entry else key


def tokens(enc: Any) -> list[Token]:
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


def picture(enc: Any, highlight: Iterable[str | Square] = ()) -> bytes:
    board: Board | None = enc.board
    if board is None:
        raise ValueError("sin tablero")
    squares = [parse_square(s) if isinstance(s, str) else s for s in highlight]
    return render_board(board, *tokens(enc), highlight=squares)


def board_file(enc: Any, highlight: Iterable[str | Square] = ()) -> discord.File:
    return discord.File(io.BytesIO(picture(enc, highlight)), filename=FILENAME)


def legend(enc: Any) -> str:
    board: Board | None = enc.board
    if board is None:
        return ""
    placed = [
        f"{f.name} {f.position.label}" + (" (caído)" if f.down else "") for f in board.figures
    ]
    off = [c.nombre for c in enc.combatants if not board.has(c.id)]
    text = f"Tablero {board.width}×{board.height}."
    if placed:
        text += " En el tablero: " + ", ".join(placed) + "."
    if off:
        text += " Fuera del tablero: " + ", ".join(off) + "."
    return text


def board_embed(enc: Any, title: str, lines: Sequence[str]) -> discord.Embed:
    embed = events_embed(title, lines)
    embed.set_image(url=IMAGE_URL)
    embed.set_footer(text=legend(enc)[:2048])
    return embed
