"""Issue 31: the console shows what Discord shows — mentions by name, timestamps as the
client renders them (in Spanish, on the console's one clock), markdown escapes removed — and
suggests the command or option a near miss meant. What the bot sends is unchanged."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.console import FakeDiscord
from bot.console.display import Display, relative, timestamp
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
KAEDA = 'nombre:"Kaeda_la *roja*" vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1'


def test_mentions_show_the_names_the_guild_knows(script: Script, fake: FakeDiscord) -> None:
    taberna = fake.places.get("taberna").id
    kaeda = fake.user_id("kaeda")
    shown = script.console.display.text(
        f"<#{taberna}> <@{kaeda}> <@!{kaeda}> <@&{fake.gm_role_id}> <#12345> <@999>"
    )
    assert shown == "#taberna @kaeda @kaeda @Máster #12345 @999"


@pytest.mark.parametrize(
    ("style", "expected"),
    [
        ("t", "13:00"),
        ("T", "13:00:00"),
        ("d", "01/01/2026"),
        ("D", "1 de enero de 2026"),
        ("f", "1 de enero de 2026 13:00"),
        ("F", "jueves, 1 de enero de 2026 13:00"),
        ("R", "hace 5 minutos"),
    ],
)
def test_timestamps_as_the_client_renders_them(style: str, expected: str) -> None:
    display = Display({}, lambda _: None, lambda _: None, lambda: NOW + timedelta(minutes=5))
    unix = int(NOW.timestamp())
    assert display.text(f"<t:{unix}:{style}>") == expected


def test_relative_times_use_the_clients_thresholds() -> None:
    def ago(seconds: float) -> str:
        return relative(NOW - timedelta(seconds=seconds), NOW)

    assert ago(30) == "hace unos segundos"
    assert ago(60) == "hace un minuto"
    assert ago(3 * 3600) == "hace 3 horas"
    assert ago(86400) == "hace un día"
    assert relative(NOW + timedelta(hours=2), NOW) == "en 2 horas"
    assert timestamp(10**13, "R", NOW, UTC) == f"<t:{10**13}:R>"  # impossible: as it came


def test_escapes_go_but_code_keeps_them() -> None:
    display = Display({1: "kaeda"}, lambda _: None, lambda _: None, lambda: NOW)
    assert display.text(r"\[Kaeda\] \*no\* \<@1>") == "[Kaeda] *no* <@1>"
    assert display.text(r"`\[x\] <@1>` <@1>") == r"`\[x\] <@1>` @kaeda"


async def test_a_fight_shows_names_times_and_plain_text(script: Script) -> None:
    """The escaped name, «desde hace 5 minutos» after five minutes of the console's clock,
    and /deshacer's «Cuándo» on that same clock."""
    out = await script.run(
        "@kaeda",
        f"/ficha crear {KAEDA}",
        "@master",
        "/encuentro empezar modo:mesa",
        "@kaeda",
        "/encuentro unirse",
        "!esperar 300",
        "/encuentro pendientes",
        "/deshacer",
    )
    assert "== Kaeda_la *roja* ==" in out
    assert "\\" not in out
    assert "Kaeda_la *roja* (sin actuar en la fase de los jugadores desde hace 5 minutos)" in out
    assert "Cuándo: hace 5 minutos" in out
    assert "<t:" not in out


async def test_historial_is_on_the_consoles_clock(script: Script, dice: ForcedDice) -> None:
    """The roll log is stamped by the console's clock (1 January 2026), not the machine's."""
    dice.push([4])
    out = await script.run("/tirar expresion:1d6", "!esperar 300", "/historial")
    assert "`#1` 01/01 12:00:" in out.split("/historial", 1)[1]


async def test_what_the_bot_sends_keeps_its_escapes(fake: FakeDiscord) -> None:
    options = dict(part.split(":") for part in KAEDA.split()[2:])
    options["nombre"] = "Kaeda_la *roja*"
    reply = await fake.command("kaeda", "mesa", "ficha crear", options)
    assert reply.first.payload["embeds"][0]["title"] == "Kaeda\\_la \\*roja\\*"


async def test_near_misses_are_suggested(script: Script) -> None:
    out = await script.run(
        "/ayda", "/ficha crar", "/ayuda tma:modos", "/encuentro empezar modo:meza", "/zzz"
    )
    assert "(consola) No existe el comando /ayda. ¿Quisiste decir /ayuda?" in out
    assert "(consola) /ficha no tiene el subcomando «crar». ¿Quisiste decir /ficha crear?" in out
    assert "¿Quisiste decir tema:?" in out
    assert "¿Quisiste decir modo:mesa?" in out
    assert "(consola) No existe el comando /zzz.\n" in out
