"""What a Discord client shows for the text of a message, for the console to print.

- Mentions by name: ``<@id>`` and ``<@!id>`` as ``@nombre``, ``<@&id>`` as ``@rol``,
  ``<#id>`` as ``#canal`` (an id the console doesn't know stays a number).
- Timestamps ``<t:UNIX>`` and ``<t:UNIX:ESTILO>`` as the client renders them, in Spanish:
  ``t`` 12:00, ``T`` 12:00:00, ``d`` 01/01/2026, ``D`` 1 de enero de 2026, ``f`` (the
  default) 1 de enero de 2026 12:00, ``F`` jueves, 1 de enero de 2026 12:00, ``s``
  01/01/2026 12:00, ``S`` 01/01/2026 12:00:00, and ``R`` relative to the console's clock
  («hace 5 minutos», «en 2 horas»), with the thresholds of moment.js, the library Discord's
  client words them with («hace unos segundos» under 45 s, «hace un minuto» under 90 s…).
  The reader's time zone is [D] Europe/Madrid, the servers' default zone
  (``/config zona_horaria``); UTC where the machine has no zone database.
- Markdown escapes removed as the client removes them: a backslash before any ASCII
  punctuation shows that character alone (``\\[Kaeda]`` is ``[Kaeda]``, ``\\<@1>`` is the
  text ``<@1>``, not a mention).
- Inside code (```` `…` ````, ```` ```…``` ````) nothing of this happens, as in the client.

Markdown formatting itself (``**negrita**``) is left as typed: the console is plain text.
What the bot *sends* is never changed (``--registro`` writes the request bodies as they are).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

READER_ZONE = "Europe/Madrid"
MONTHS = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
WEEKDAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
#: A month as moment.js counts it (the Gregorian average), for «hace 3 meses».
DAYS_PER_MONTH = 146097 / 4800

_TOKEN = re.compile(
    r"(?P<code>```.*?```|``[^`].*?``|`[^`\n]+`)"
    r"|\\(?P<escaped>[!-/:-@\[-`{-~])"
    r"|<(?P<mention>@!?|@&|#)(?P<id>\d+)>"
    r"|<t:(?P<unix>-?\d{1,13})(?::(?P<style>[tTdDfFsSR]))?>",
    re.DOTALL,
)


def reader_zone() -> tzinfo:
    try:
        return ZoneInfo(READER_ZONE)
    except ZoneInfoNotFoundError:
        return UTC


def relative(moment: datetime, now: datetime) -> str:
    """``R``: «hace 5 minutos», «en una hora» (moment.js's rounding and thresholds)."""
    seconds = (moment - now).total_seconds()
    span = abs(seconds)
    minutes, hours, days = round(span / 60), round(span / 3600), round(span / 86400)
    months = round(span / 86400 / DAYS_PER_MONTH)
    years = round(span / 86400 / DAYS_PER_MONTH / 12)
    if round(span) < 45:
        words = "unos segundos"
    elif minutes <= 1:
        words = "un minuto"
    elif minutes < 45:
        words = f"{minutes} minutos"
    elif hours <= 1:
        words = "una hora"
    elif hours < 22:
        words = f"{hours} horas"
    elif days <= 1:
        words = "un día"
    elif days < 26:
        words = f"{days} días"
    elif months <= 1:
        words = "un mes"
    elif months < 11:
        words = f"{months} meses"
    elif years <= 1:
        words = "un año"
    else:
        words = f"{years} años"
    return f"en {words}" if seconds > 0 else f"hace {words}"


def timestamp(unix: int, style: str, now: datetime, zone: tzinfo) -> str:
    """``<t:unix:style>`` as the client shows it to a reader in ``zone`` at ``now``."""
    try:
        moment = datetime.fromtimestamp(unix, UTC)
        # (near the year 9999 the reader's offset can push the local time past it too)
        local = moment.astimezone(zone)
    except (OverflowError, OSError, ValueError):
        return f"<t:{unix}:{style}>"  # the client shows an impossible date as it came
    if style == "R":
        return relative(moment, now)
    short_date, time = local.strftime("%d/%m/%Y"), local.strftime("%H:%M")
    long_date = f"{local.day} de {MONTHS[local.month - 1]} de {local.year}"
    return {
        "t": time,
        "T": local.strftime("%H:%M:%S"),
        "d": short_date,
        "D": long_date,
        "f": f"{long_date} {time}",
        "F": f"{WEEKDAYS[local.weekday()]}, {long_date} {time}",
        "s": f"{short_date} {time}",
        "S": f"{short_date} {local.strftime('%H:%M:%S')}",
    }[style]


@dataclass
class Display:
    """How the console's reader sees a message: ``users``, ``channels`` and ``roles`` name
    the ids the fake guild knows, ``now`` is the console's clock."""

    users: Mapping[int, str]
    channels: Callable[[int], str | None]
    roles: Callable[[int], str | None]
    now: Callable[[], datetime]
    zone: tzinfo | None = None

    def text(self, text: str) -> str:
        return _TOKEN.sub(self._token, text)

    def _token(self, match: re.Match[str]) -> str:
        if match["code"] is not None:
            return match["code"]
        if match["escaped"] is not None:
            return match["escaped"]
        if match["unix"] is not None:
            zone = self.zone or reader_zone()
            return timestamp(int(match["unix"]), match["style"] or "f", self.now(), zone)
        found = int(match["id"])
        if match["mention"] == "#":
            return "#" + (self.channels(found) or str(found))
        if match["mention"] == "@&":
            return "@" + (self.roles(found) or str(found))
        return "@" + self.users.get(found, str(found))
