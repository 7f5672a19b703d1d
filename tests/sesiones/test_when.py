"""When a session is: dates and times as a GM writes them, read in the server's zone, across
summer time; what does not exist is refused in Spanish."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.features.sesiones.when import duration, instant, local_parts, parse_date, parse_time
from umbral_rules import UmbralError

MADRID = ZoneInfo("Europe/Madrid")


@pytest.mark.parametrize("text", ["2026-03-21", "21/03/2026", " 2026-3-21 ", "21/3/2026"])
def test_both_date_forms(text: str) -> None:
    assert parse_date(text, date(2026, 1, 1)) == date(2026, 3, 21)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("21-03-2026", "fecha como 2026-03-21 o 21/03/2026"),
        ("2026-02-30", "no es un día del calendario"),
        ("31/04/2026", "no es un día del calendario"),
        ("mañana", "No entiendo «mañana»"),
    ],
)
def test_bad_dates_say_what_to_write(text: str, message: str) -> None:
    with pytest.raises(UmbralError, match=message):
        parse_date(text, date(2026, 1, 1))


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("20:00", time(20)), ("9:30", time(9, 30)), ("20.15", time(20, 15)), ("20h", time(20))],
)
def test_times(text: str, parsed: time) -> None:
    assert parse_time(text) == parsed


@pytest.mark.parametrize("text", ["24:00", "20:60", "ocho", "20:5"])
def test_bad_times(text: str) -> None:
    with pytest.raises(UmbralError, match="hora como 20:00"):
        parse_time(text)


def test_the_zone_decides_the_instant_across_summer_time() -> None:
    winter = instant(date(2026, 3, 28), time(20), MADRID)
    summer = instant(date(2026, 3, 29), time(20), MADRID)
    assert winter == datetime(2026, 3, 28, 19, tzinfo=UTC)  # CET, +1
    assert summer == datetime(2026, 3, 29, 18, tzinfo=UTC)  # CEST, +2
    assert summer - winter == timedelta(hours=23)  # the day the clocks go forward
    assert local_parts(summer, MADRID) == (date(2026, 3, 29), time(20))


def test_a_time_the_clocks_skip_is_refused_and_a_repeated_one_is_the_first() -> None:
    with pytest.raises(UmbralError, match="no existe en Europe/Madrid"):
        instant(date(2026, 3, 29), time(2, 30), MADRID)
    first = instant(date(2026, 10, 25), time(2, 30), MADRID)
    assert first == datetime(2026, 10, 25, 0, 30, tzinfo=UTC)  # still summer time


def test_duration_bounds() -> None:
    assert duration(180) == timedelta(hours=3)
    for bad in (0, 14, 1441):
        with pytest.raises(UmbralError, match="«duracion» va de 15 a 1440"):
            duration(bad)
