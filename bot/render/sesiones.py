"""What ``/sesion`` and its reminders say (pure: values in, text and embeds out).

Times are Discord's timestamps (``<t:…:F>``, ``<t:…:R>``): each reader sees them in their
own zone and language. Titles are the GM's text, shown through :func:`.safe.shown`; the
players to remind are pinged once each, on purpose (:func:`.safe.ping` and the message's
``allowed_mentions``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.render.limits import CONTENT_MAX, FIELD_VALUE_MAX, cut
from bot.render.safe import shown
from bot.storage.session_models import SESSION_CANCELLED, SESSION_DONE
from bot.storage.sessions import GameSession

COLOR = 0x5865F2
#: How many sessions ``/sesion lista`` shows: coming ones (one field) and past ones (a field
#: each, with their attendance): 5 fields of at most 1,024 fit Discord's 6,000 for an embed.
LISTED, PAST_LISTED = 10, 4
REMINDER_WORDS = {"24h": "mañana", "1h": "dentro de una hora"}


def stamp(moment: datetime, style: str = "F") -> str:
    """A Discord timestamp: ``F`` the full date and time, ``R`` relative, ``t`` the time."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def event_url(guild_id: int, event_id: int) -> str:
    return f"https://discord.com/events/{guild_id}/{event_id}"


def scheduled_text(session: GameSession, zone: str, *, changed: bool = False) -> str:
    """The answer to ``/sesion programar`` (or ``cambiar``)."""
    verb = "cambiada" if changed else "programada"
    return (
        f"📅 Sesión «{shown(session.title)}» {verb}: {stamp(session.starts_at)} "
        f"({stamp(session.starts_at, 'R')}) hasta las {stamp(session.ends_at, 't')}, "
        f"en <#{session.channel_id}> (hora de {zone}).\n"
        "Marcad «Me interesa» en el evento: aviso aquí 24 h y 1 h antes a quien lo haya "
        f"marcado.\n{event_url(session.guild_id, session.event_id)}"
    )


def cancelled_text(session: GameSession) -> str:
    return f"🚫 Sesión «{shown(session.title)}» ({stamp(session.starts_at)}) cancelada."


def reminder_text(session: GameSession, kind: str, users: Sequence[int]) -> str:
    """The reminder in the play channel: who marked «Me interesa», each pinged once."""
    when = REMINDER_WORDS.get(kind, "pronto")
    head = (
        f"⏰ La sesión «{shown(session.title)}» empieza {when}: {stamp(session.starts_at)} "
        f"({stamp(session.starts_at, 'R')})."
    )
    if not users:
        return cut(f"{head}\nNadie ha marcado «Me interesa» todavía.", CONTENT_MAX)
    mentions, shown_users = "", 0
    for user in users:  # as many as fit: the rest are counted
        mention = f" <@{int(user)}>"
        if len(head) + len(mentions) + len(mention) + 40 > CONTENT_MAX:
            break
        mentions += mention
        shown_users += 1
    rest = len(users) - shown_users
    more = f" y {rest} más" if rest else ""
    return f"{head}\nInteresados:{mentions}{more}"


def _who(users: Sequence[int]) -> str:
    """Users as mentions (an embed never pings)."""
    return ", ".join(f"<@{int(u)}>" for u in users) or "nadie"


def _line(session: GameSession) -> str:
    status = {SESSION_CANCELLED: " · **cancelada**", SESSION_DONE: ""}.get(session.status, "")
    return (
        f"**{shown(session.title)}** · {stamp(session.starts_at)} – "
        f"{stamp(session.ends_at, 't')}{status}"
    )


def lista_embed(
    coming: Sequence[GameSession], past: Sequence[GameSession], counts: dict[int, int]
) -> discord.Embed:
    """``/sesion lista``: the coming sessions (with how many are interested now) and the
    past ones with their attendance (interested at the start, who played)."""
    embed = discord.Embed(title="Sesiones", color=COLOR)
    lines = [
        f"{_line(s)} · {counts.get(s.id, len(s.interested))} interesados" for s in coming[:LISTED]
    ]
    embed.add_field(
        name="Próximas",
        value=cut("\n".join(lines) or "Ninguna: `/sesion programar`.", FIELD_VALUE_MAX),
        inline=False,
    )
    for session in list(past)[-PAST_LISTED:][::-1]:
        value = _line(session)
        if session.status != SESSION_CANCELLED:
            played = "por contar" if session.attended is None else _who(session.attended)
            value += f"\nInteresados: {_who(session.interested)}\nJugaron: {played}"
        embed.add_field(name="Pasada", value=cut(value, FIELD_VALUE_MAX), inline=False)
    if not past:
        embed.add_field(name="Pasadas", value="Ninguna todavía.", inline=False)
    return embed
