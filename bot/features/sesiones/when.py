"""When a session is: a date (``2026-03-21`` or ``21/03/2026``) and a time (``20:00``,
``20.30``, ``20h``) read in the server's time zone (``/config zona_horaria``), as the
instant Discord keeps (UTC). A time the clocks skip that day (spring forward) doesn't
exist and is refused; one they go through twice (fall back) is its first occurrence."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.features import dates
from bot.render.safe import shown
from umbral_rules import UmbralError

ISO_DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$")
DMY_DATE = re.compile(r"^\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*$")
TIME = re.compile(r"^\s*(\d{1,2})(?:[:.h](\d{2}))?\s*h?\s*$", re.IGNORECASE)
#: How long a session may last, in minutes (Discord asks an end of an external event).
DEFAULT_MINUTES, MIN_MINUTES, MAX_MINUTES = 180, 15, 24 * 60
BAD_DATE = "«fecha» es una fecha como 2026-03-21 o 21/03/2026."
BAD_TIME = "«hora» es una hora como 20:00 (de 0:00 a 23:59)."


def parse_date(text: str, today: date) -> date:
    """The day typed, from 2015 to :data:`bot.features.dates.MAX_YEARS_AHEAD` years after
    ``today`` (past that, Python's dates overflow in the year 9999)."""
    match = ISO_DATE.match(text)
    if match is not None:
        year, month, day = (int(g) for g in match.groups())
    else:
        match = DMY_DATE.match(text)
        if match is None:
            raise UmbralError(f"No entiendo «{shown(text[:40])}»: {BAD_DATE}", formatted=True)
        day, month, year = (int(g) for g in match.groups())
    try:
        read = date(year, month, day)
    except ValueError:
        raise UmbralError(
            f"«{shown(text[:40])}» no es un día del calendario: {BAD_DATE}", formatted=True
        ) from None
    return dates.within(read, today, "fecha")


def parse_time(text: str) -> time:
    match = TIME.match(text)
    if match is None:
        raise UmbralError(f"No entiendo «{shown(text[:40])}»: {BAD_TIME}", formatted=True)
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    if hour > 23 or minute > 59:
        raise UmbralError(f"No entiendo «{shown(text[:40])}»: {BAD_TIME}", formatted=True)
    return time(hour, minute)


def instant(day: date, clock: time, tz: ZoneInfo) -> datetime:
    """``day`` at ``clock`` in ``tz``, in UTC; a time the zone skips that day is refused."""
    local = datetime.combine(day, clock, tzinfo=tz)
    there = local.astimezone(UTC)
    if there.astimezone(tz).replace(tzinfo=None) != local.replace(tzinfo=None):
        raise UmbralError(
            f"El {day.strftime('%d/%m/%Y')} a las {clock.strftime('%H:%M')} no existe en "
            f"{tz.key}: ese día los relojes se adelantan una hora. Elige otra hora."
        )
    return there


def duration(minutes: int) -> timedelta:
    if not MIN_MINUTES <= minutes <= MAX_MINUTES:
        raise UmbralError(
            f"«duracion» va de {MIN_MINUTES} a {MAX_MINUTES} minutos (24 horas); "
            f"sin decirla, {DEFAULT_MINUTES}."
        )
    return timedelta(minutes=minutes)


def local_parts(moment: datetime, tz: ZoneInfo) -> tuple[date, time]:
    """The date and time ``moment`` shows in ``tz`` (to change one of them only)."""
    local = moment.astimezone(tz)
    return local.date(), local.time().replace(second=0, microsecond=0)
