"""When a reminder falls due: hours added, quiet hours in the guild's zone skipped."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.features.timing import (
    COMMON_ZONES,
    check_hours,
    due_after,
    out_of_quiet,
    parse_quiet,
    zone,
    zone_choices,
)
from umbral_rules import UmbralError

MADRID = zone("Europe/Madrid")


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.mark.parametrize(
    ("moment", "expected"),
    [
        (utc(2026, 1, 1, 21, 59), utc(2026, 1, 1, 21, 59)),  # 22:59 in Madrid: not quiet
        (utc(2026, 1, 1, 22, 0), utc(2026, 1, 2, 8, 0)),  # 23:00 → 9:00 next day
        (utc(2026, 1, 2, 3, 30), utc(2026, 1, 2, 8, 0)),  # 4:30 → 9:00 the same day
        (utc(2026, 1, 2, 8, 0), utc(2026, 1, 2, 8, 0)),  # 9:00: the quiet is over
        (utc(2026, 7, 1, 21, 30), utc(2026, 7, 2, 7, 0)),  # summer time: UTC+2
    ],
)
def test_quiet_hours_across_midnight(moment: datetime, expected: datetime) -> None:
    assert out_of_quiet(moment, (23, 9), MADRID) == expected


def test_quiet_hours_within_a_day_and_none() -> None:
    assert out_of_quiet(utc(2026, 1, 1, 13, 0), (14, 16), MADRID) == utc(2026, 1, 1, 15, 0)
    assert out_of_quiet(utc(2026, 1, 1, 15, 0), (14, 16), MADRID) == utc(2026, 1, 1, 15, 0)
    assert out_of_quiet(utc(2026, 1, 1, 22, 0), None, MADRID) == utc(2026, 1, 1, 22, 0)
    assert due_after(utc(2026, 1, 1, 20, 0), 3, (23, 9), MADRID) == utc(2026, 1, 2, 8, 0)


def test_quiet_hours_follow_the_zone() -> None:
    canarias = zone("Atlantic/Canary")  # an hour behind Madrid
    assert out_of_quiet(utc(2026, 1, 1, 22, 30), (23, 9), canarias) == utc(2026, 1, 1, 22, 30)
    assert out_of_quiet(utc(2026, 1, 1, 23, 0), (23, 9), canarias) == utc(2026, 1, 2, 9, 0)


@pytest.mark.parametrize("text", ["9-9", "24-8", "23", "tarde", "23-9-1", "-1-9"])
def test_bad_quiet_hours_are_refused_in_spanish(text: str) -> None:
    with pytest.raises(UmbralError, match="«silencio» son dos horas"):
        parse_quiet(text)


def test_quiet_hours_parse_and_hours_range() -> None:
    assert parse_quiet(" 23 - 9 ") == (23, 9)
    assert parse_quiet(None) is None and parse_quiet("") is None
    assert check_hours(0) == 0 and check_hours(168) == 168
    with pytest.raises(UmbralError, match="de 0"):
        check_hours(169)


def test_zones_are_validated_and_offered() -> None:
    with pytest.raises(UmbralError, match="No conozco la zona horaria «Europe/Narnia»"):
        zone("Europe/Narnia")
    for bad in ("../etc/passwd", "Europe", "", "@everyone"):
        with pytest.raises(UmbralError, match="No conozco la zona horaria"):
            zone(bad)
    assert zone(" europe/MADRID ").key == "Europe/Madrid"  # any case
    assert zone_choices("") == list(COMMON_ZONES)[:25]
    assert len(COMMON_ZONES) <= 25
    assert zone_choices("madrid") == ["Europe/Madrid"]
    found = zone_choices("america")
    assert 0 < len(found) <= 25 and found[0] == "America/Mexico_City"
