"""User-typed text made safe where Discord renders markdown, and the bot's deliberate pings.

Everything a user typed (names, Oficios, weapons, reto texts, Sostener conditions, notes)
goes through :func:`shown` before it lands in message content or embed text: markdown is
escaped (a name ``[Pulsa aquí](https://…)`` is not a masked link, ``**x**`` does not break
the bold), mentions are neutralised and line breaks become spaces. Button labels,
autocomplete choices, attachment descriptions and exported files are plain text for
Discord and take the text as typed.

The bot pings only on purpose — the defender it calls, a player offered a respuesta, the
players whose turn it is — through :func:`ping`, and sends those messages with
:func:`allowed_mentions` naming exactly the users pinged; everything else is sent with
``AllowedMentions.none()`` (the client's default too).
"""

from __future__ import annotations

from collections.abc import Iterable

import discord


def shown(text: object, *, multiline: bool = False) -> str:
    """``text`` (typed by someone) for message content or embed text; its line breaks
    become spaces unless ``multiline`` (notes keep theirs, each line escaped)."""
    lines = str(text).splitlines() or [""]
    if not multiline:
        lines = [" ".join(lines)]
    return "\n".join(_escaped(line) for line in lines)


def _escaped(line: str) -> str:
    escaped = discord.utils.escape_mentions(discord.utils.escape_markdown(line))
    return escaped.replace("<", "\\<")  # <@id>, <@&id>, <#id> stay text


def ping(user_id: int, text: str) -> str:
    """A line that pings ``user_id`` on purpose (``text`` already made with :func:`shown`)."""
    return f"<@{int(user_id)}>, {text}"


def allowed_mentions(user_ids: Iterable[int] = ()) -> discord.AllowedMentions:
    """Exactly these users may be pinged by the message; nobody when there are none."""
    users = sorted({int(u) for u in user_ids})
    if not users:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in users]
    )
