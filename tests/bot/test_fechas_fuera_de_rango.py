"""Issue 43, dates out of range: a date past the bound (5 years after today, on the
console's clock 1 January 2026: up to 01/01/2031) or before 2015 is refused in Spanish,
naming the bound, with nothing saved and nothing sent to Discord; the console shows a
timestamp near the year 9999 without failing, and a line that makes the console itself
fail ends it with status 1."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select

from bot.__main__ import main
from bot.console import FakeDiscord
from bot.console.display import Display, timestamp
from bot.edge.errors import APOLOGY
from bot.storage.session_models import GameSessionRow
from tests.bot.conftest import Script

LIMIT = "como mucho a 5 años vista: hasta el 01/01/2031"
FECHA, DESDE = f"«fecha» puede estar {LIMIT}", f"«desde» puede estar {LIMIT}"
#: 31/12/9999 23:59:59 UTC, the last second Python's dates hold.
LAST_SECOND = 253402300799


async def sessions_saved(fake: FakeDiscord) -> int:
    async with fake.bot.storage.reading(fake.guild.id) as uow:
        stmt = select(func.count()).select_from(GameSessionRow)
        return int((await uow.session.execute(stmt)).scalar_one())


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/sesion programar titulo:Lejos fecha:31/12/9999 hora:23:30", FECHA),
        ("/sesion programar titulo:Lejos fecha:9999-12-31 hora:00:00", FECHA),
        ("/sesion programar titulo:Lejos fecha:02/01/2031 hora:20:00", FECHA),
        ("/estadisticas desde:9999-12-31", DESDE),
        ("/estadisticas desde:0001-01-01", "«desde» no puede ser anterior al 01/01/2015"),
        ("/estadisticas desde:2014-12-31", "«desde» no puede ser anterior al 01/01/2015"),
    ],
)
async def test_a_date_out_of_range_is_refused_in_spanish(
    fake: FakeDiscord, script: Script, line: str, message: str
) -> None:
    out = await script.run("@master", "/config zona_horaria:Asia/Tokyo", line)
    assert message in out and "(solo para ti)" in out and APOLOGY not in out
    assert fake.calendar.events == {} and await sessions_saved(fake) == 0
    assert not fake.gate.failed and not fake.gate.notices


async def test_the_last_day_of_the_bound_is_read(fake: FakeDiscord, script: Script) -> None:
    out = await script.run("@master", "/sesion programar titulo:Cerca fecha:01/01/2031 hora:20:00")
    assert "Sesión «Cerca» programada" in out and await sessions_saved(fake) == 1
    out = await script.run("/estadisticas desde:2031-01-01")
    assert "desde el 2031-01-01: **0** tiradas" in out


async def test_a_change_to_a_date_out_of_range_changes_nothing(
    fake: FakeDiscord, script: Script
) -> None:
    await script.run("@master", "/sesion programar titulo:Cerca fecha:2026-04-03 hora:19:30")
    [event] = fake.calendar.events.values()
    before = (event.start, event.end)
    async with fake.bot.storage.reading(fake.guild.id) as uow:
        [saved] = await uow.sessions.all()
    out = await script.run("/sesion cambiar sesion:Cerca fecha:31/12/9999")
    assert f"«fecha» puede estar {LIMIT}" in out and APOLOGY not in out
    assert (fake.calendar.events[event.id].start, fake.calendar.events[event.id].end) == before
    async with fake.bot.storage.reading(fake.guild.id) as uow:
        [after] = await uow.sessions.all()
    assert (after.starts_at, after.ends_at) == (saved.starts_at, saved.ends_at)
    assert not fake.gate.failed


@pytest.mark.parametrize("zone", ["Asia/Tokyo", "Pacific/Kiritimati", "America/Lima", "UTC"])
@pytest.mark.parametrize("style", ["t", "T", "d", "D", "f", "F", "s", "S", "R"])
def test_the_console_shows_a_timestamp_near_the_year_9999(zone: str, style: str) -> None:
    now = datetime(2026, 1, 1, 12, tzinfo=UTC)
    shown = timestamp(LAST_SECOND, style, now, ZoneInfo(zone))
    assert shown  # no OverflowError: a local time past 9999 shows as the client got it
    display = Display({}, lambda _: None, lambda _: None, lambda: now, ZoneInfo(zone))
    assert display.text(f"Fin: <t:{LAST_SECOND}:{style}>").startswith("Fin: ")


def test_a_line_that_makes_the_console_fail_ends_it_with_status_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: Display, text: str) -> str:
        raise RuntimeError("pantalla rota")

    monkeypatch.setattr(Display, "text", broken)
    out = io.StringIO()
    args = ["consola", "--eco", "--db", str(tmp_path / "umbral.db")]
    status = main(args, stdin=io.StringIO("/tirar expresion:1d6\n"), stdout=out)
    assert "(consola) Algo ha fallado con esa línea: pantalla rota" in out.getvalue()
    assert status == 1


async def test_the_consoles_discord_refuses_an_event_time_past_9999(
    fake: FakeDiscord, script: Script
) -> None:
    await script.run("@master", "/sesion programar titulo:Cerca fecha:01/01/2031 hora:20:00")
    [event] = fake.calendar.events.values()
    before = (event.start, event.end)
    out = await script.run(
        "!evento cambiar Cerca inicio:9999-12-31T23:00:00-05:00 fin:9999-12-31T23:30:00-05:00"
    )
    assert "scheduled_start_time: Invalid date time." in out
    assert (fake.calendar.events[event.id].start, fake.calendar.events[event.id].end) == before
    # the last hours Python's dates hold are a time: the bot lists and changes it unharmed
    await script.run("!evento cambiar Cerca inicio:9999-12-31T20:00:00Z fin:9999-12-31T23:59:00Z")
    out = await script.run("/sesion lista", '/sesion cambiar sesion:Cerca titulo:"Otra"')
    assert "31 de diciembre de 9999" in out and "Sesión «Otra» cambiada" in out
    assert APOLOGY not in out and "(consola)" not in out
