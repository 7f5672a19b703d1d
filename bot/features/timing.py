"""When a reminder falls due: every N hours, out of the quiet hours of the guild's zone."""

from __future__ import annotations

import functools
import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.render.safe import shown
from umbral_rules import UmbralError

DEFAULT_ZONE = "Europe/Madrid"
#: What ``/config zona_horaria`` offers first (Discord shows at most 25 choices).
COMMON_ZONES = (
    "Europe/Madrid",
    "Atlantic/Canary",
    "Europe/Lisbon",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Rome",
    "America/Mexico_City",
    "America/Bogota",
    "America/Lima",
    "America/Caracas",
    "America/Santiago",
    "America/Argentina/Buenos_Aires",
    "America/Montevideo",
    "America/Asuncion",
    "America/La_Paz",
    "America/Guayaquil",
    "America/Guatemala",
    "America/Costa_Rica",
    "America/Panama",
    "America/Havana",
    "America/Santo_Domingo",
    "America/Puerto_Rico",
    "America/New_York",
    "UTC",
)
MAX_HOURS = 168
QUIET = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$")
BAD_QUIET = (
    "«silencio» son dos horas de 0 a 23 separadas por un guion, distintas: por ejemplo "
    "`silencio:23-9` (de las 23:00 a las 9:00)."
)


@functools.cache
def _known() -> dict[str, str]:
    """Every zone this machine knows, by its name in lower case."""
    return {z.lower(): z for z in available_timezones()}


def zone(name: str) -> ZoneInfo:
    """The time zone called ``name`` (an IANA name such as Europe/Madrid; any case)."""
    typed = name.strip()
    try:
        return ZoneInfo(_known().get(typed.lower(), typed))
    except (ZoneInfoNotFoundError, ValueError, OSError) as error:
        raise UmbralError(
            f"No conozco la zona horaria «{shown(typed[:60])}»: escribe una como "
            "Europe/Madrid, Atlantic/Canary o America/Mexico_City.",
            formatted=True,
        ) from error


def zone_choices(current: str) -> list[str]:
    """Up to 25 zones matching what is typed: the common ones first."""
    typed = current.strip().lower()
    common = [z for z in COMMON_ZONES if typed in z.lower()]
    if len(common) >= 25 or not typed:
        return common[:25]
    others = sorted(z for k, z in _known().items() if typed in k and z not in common)
    return (common + others)[:25]


def parse_quiet(text: str | None) -> tuple[int, int] | None:
    """``"23-9"`` → ``(23, 9)``; nothing → no quiet hours."""
    if text is None or not text.strip():
        return None
    match = QUIET.match(text)
    if match is None:
        raise UmbralError(BAD_QUIET)
    start, end = int(match.group(1)), int(match.group(2))
    if start > 23 or end > 23 or start == end:
        raise UmbralError(BAD_QUIET)
    return start, end


def check_hours(hours: int) -> int:
    if not 0 <= hours <= MAX_HOURS:
        raise UmbralError(f"«horas» va de 0 (sin recordatorios) a {MAX_HOURS} (una semana).")
    return hours


def in_quiet(local: datetime, quiet: tuple[int, int]) -> bool:
    start, end = quiet
    if start < end:
        return start <= local.hour < end
    return local.hour >= start or local.hour < end


def out_of_quiet(moment: datetime, quiet: tuple[int, int] | None, tz: ZoneInfo) -> datetime:
    """``moment``, or the end of the quiet period it falls in (local time of ``tz``)."""
    if quiet is None:
        return moment
    local = moment.astimezone(tz)
    if not in_quiet(local, quiet):
        return moment
    end = datetime(local.year, local.month, local.day, quiet[1], tzinfo=tz)
    if end <= local:
        day = local.date() + timedelta(days=1)
        end = datetime(day.year, day.month, day.day, quiet[1], tzinfo=tz)
    return end.astimezone(UTC)


def due_after(base: datetime, hours: int, quiet: tuple[int, int] | None, tz: ZoneInfo) -> datetime:
    """``hours`` after ``base``, postponed out of the quiet hours."""
    return out_of_quiet(base + timedelta(hours=hours), quiet, tz)
