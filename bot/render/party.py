"""The GM's view of the server's characters: ``/ficha lista`` by player, and the notices of
the GM's custody (``/ficha ceder``, sheets imported for someone else).

Pure: plain data in, ``discord.Embed`` out. Owners are mentions (an embed never pings);
names typed by people are escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.render.fichas import SHEET_COLOUR
from bot.render.limits import PAGE_CHARS, PAGE_LINES, cut
from bot.render.safe import shown
from umbral_rules.text import sort_key

#: A player whose membership the server no longer gives (they left, or were removed).
LEFT = "ya no está en el servidor"


@dataclass(frozen=True)
class Listed:
    """One character of the list."""

    nombre: str
    active: bool = False
    #: «muerto» / «retirado», or None in play.
    vital: str | None = None


@dataclass(frozen=True)
class PartyGroup:
    """One player's characters; ``name`` None: no longer a member of the server."""

    owner_id: int
    name: str | None
    characters: Sequence[Listed]


def _line(c: Listed) -> str:
    mark = "▶ " if c.active else "• "
    tail = (" (activo)" if c.active else "") + (f" — {c.vital}" if c.vital else "")
    return f"{mark}{shown(c.nombre)}{tail}"


def _header(group: PartyGroup, more: bool = False) -> str:
    cont = " (sigue)" if more else ""
    if group.name is None:
        return f"**<@{int(group.owner_id)}>** ({LEFT}){cont}"
    return f"**{shown(group.name)}**{cont}"


def _order(group: PartyGroup) -> tuple[int, tuple[str, str], int]:
    """Members by name (Spanish order), then those who left."""
    if group.name is None:
        return (1, ("", ""), group.owner_id)
    return (0, sort_key(group.name), group.owner_id)


def party_pages(groups: Sequence[PartyGroup]) -> list[discord.Embed]:
    """Every player's characters, grouped by player; a group split between pages repeats its
    header. Each page stays within the embed limits (``PAGE_CHARS``, ``PAGE_LINES``)."""
    chunks: list[list[str]] = []
    current: list[str] = []
    size = 0

    def add(line: str, group: PartyGroup | None) -> None:
        nonlocal current, size
        line = cut(line, PAGE_CHARS)
        if current and (size + len(line) + 1 > PAGE_CHARS or len(current) >= PAGE_LINES):
            chunks.append(current)
            current, size = [], 0
            if group is not None:  # the rest of a player's list: their name again
                add(_header(group, more=True), None)
        current.append(line)
        size += len(line) + 1

    for group in sorted(groups, key=_order):
        header = _header(group)
        first = _line(group.characters[0]) if group.characters else ""
        room = size + len(header) + len(first) + 2 > PAGE_CHARS
        if current and (room or len(current) >= PAGE_LINES - 1):  # no header ends a page
            chunks.append(current)
            current, size = [], 0
        add(header, None)
        for c in group.characters:
            add(_line(c), group)
    if current:
        chunks.append(current)
    texts = ["\n".join(chunk) for chunk in chunks] or ["Nadie tiene personajes en el servidor."]
    total = sum(len(g.characters) for g in groups)
    return [
        discord.Embed(
            title=f"Personajes del servidor ({total})",
            description=text,
            colour=SHEET_COLOUR,
        )
        for text in texts
    ]


def handover_embed(
    nombre: str,
    old_owner: int,
    new_owner: int,
    *,
    to_gm: bool,
    fight_channel: int | None,
    undo_here: bool,
    undo_channel: int,
) -> discord.Embed:
    """``/ficha ceder``'s public notice."""
    lines = [f"Ahora es de <@{int(new_owner)}> (antes, de <@{int(old_owner)}>)."]
    if to_gm:
        lines.append("Queda como aliado que lleva el máster.")
    else:
        lines.append("Su nuevo dueño puede elegirlo con /ficha usar.")
    if fight_channel is not None:
        lines.append(f"En el encuentro de <#{int(fight_channel)}> ya lo controla su nuevo dueño.")
    where = "aquí" if undo_here else f"en <#{int(undo_channel)}>"
    lines.append(f"/deshacer {where} lo devuelve.")
    return discord.Embed(
        title=cut(f"{shown(nombre)} cambia de manos", 256),
        description="\n".join(lines),
        colour=SHEET_COLOUR,
    )


def for_owner_embed(title: str, owner_id: int, lines: Sequence[str]) -> discord.Embed:
    """A notice about someone else's characters (the GM's import): whose, then ``lines``."""
    body = "\n".join(shown(line) for line in lines)
    return discord.Embed(
        title=shown(title),
        description=cut(f"Para <@{int(owner_id)}>.\n{body}", 4096),
        colour=SHEET_COLOUR,
    )
