"""/estadisticas through the console (issue 36): forced dice whose counts and verdict are
known — a fair set and a loaded one —, what counts (both ventaja dice, the Aliento reroll;
not physical dice, not undone rolls, another's private roll only for the GM), the natural 1s
on Mesa defenses and the 12s, the damage per encounter, and the picture: drawn in the worker
process, attached within Discord's limits."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot import offloop
from bot.console import FakeDiscord
from bot.console.limits import embed_size
from bot.render.limits import EMBEDS_TOTAL_MAX
from tests.bot.conftest import GUARDIA, Script
from tests.bot.test_off_loop import current
from tests.loopcheck import OffLoop, Ticks
from umbral_rules import ForcedDice

FAIR = [12, 8, 10, 13, 9, 7, 11, 10, 12, 8, 9, 11]  # 120 d12: χ² = 3.8, p ≈ 0.975
LOADED = [2] * 11 + [98]  # 120 d12: χ² = 844.8


def faces_of(counts: list[int]) -> list[int]:
    return [face for face, n in enumerate(counts, 1) for _ in range(n)]


def table(counts: list[int], expected: str) -> list[str]:
    return [f"{face:>4}  {n:>5}  {expected:>9}" for face, n in enumerate(counts, 1)]


async def test_a_fair_set_of_dice(fake: FakeDiscord, dice: ForcedDice) -> None:
    dice.push(faces_of(FAIR))
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "120d12"})
    reply = await fake.command("kaeda", "mesa", "estadisticas")
    stats = reply.first
    assert stats.ephemeral and stats.title == "Estadísticas de tiradas"
    assert stats.embeds[0]["description"] == (
        "Todas las tiradas en este canal: **1** tirada; dados: 120 d12."
    )
    assert stats.field("Caras del d12 (120 dados)").splitlines()[2:-1] == table(FAIR, "10,0")
    assert stats.field("Veredicto").splitlines() == [
        "**Suerte corriente.** Las caras salen como en un d12 justo.",
        "Prueba χ² de bondad de ajuste a un d12 justo: χ² = 3,80 con 11 grados de libertad, "
        "p = 0,98.",
        "Con dados justos, 98 de cada 100 grupos verían un reparto tan desigual o más: nada "
        "que reprochar a los dados.",
        "Media de las caras: 6,44 (un d12 justo da 6,5 de media), dentro de lo normal.",
    ]


async def test_a_loaded_set_of_dice(fake: FakeDiscord, dice: ForcedDice) -> None:
    dice.push(faces_of(LOADED))
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "120d12"})
    reply = await fake.command("bran", "mesa", "estadisticas", {"usuario": "@kaeda"})
    stats = reply.first
    assert stats.embeds[0]["description"].startswith("Tiradas de kaeda en este canal: **1**")
    assert stats.field("Caras del d12 (120 dados)").splitlines()[2:-1] == table(LOADED, "10,0")
    assert stats.field("Veredicto").splitlines() == [
        "**Reparto muy raro.** Sobran 12 (98 de 10,0 esperados) y faltan 1 (2).",
        "Prueba χ² de bondad de ajuste a un d12 justo: χ² = 844,80 con 11 grados de libertad, "
        "p < 0,001.",
        "Con dados justos, un reparto así de desigual sale en menos de 1 de cada 1000 grupos. "
        "Entre amigos: si muchos miráis vuestras estadísticas, a alguno le tocará un reparto "
        "raro por puro azar; no prueba que nadie haga trampa.",
        "Media de las caras: 10,90 (un d12 justo da 6,5 de media), por encima de lo normal: "
        "más suerte de la esperada.",
    ]


async def test_the_picture_is_drawn_in_the_worker_process_within_discords_limits(
    fake: FakeDiscord, dice: ForcedDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    dice.push(faces_of(FAIR))
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "120d12"})
    service = current("bot.features.estadisticas.service")
    drawn: list[tuple[object, tuple[Any, ...], int]] = []
    ticks = Ticks()

    async def spy(function: Callable[..., bytes], *args: Any) -> bytes:
        start = ticks.count
        data = await offloop.off_process(function, *args)
        drawn.append((function, args, ticks.count - start))
        return data

    monkeypatch.setattr(service, "off_process", spy)
    async with ticks.running():
        reply = await fake.command("kaeda", "mesa", "estadisticas")
    [(function, args, turns)] = drawn
    assert function is current("bot.render.luck_png").render_chart and turns >= 1
    assert args == (FAIR, "Caras del d12: 120 dados")
    stats = reply.first
    data = stats.files["estadisticas.png"]
    assert data.startswith(b"\x89PNG") and len(data) < 100_000
    assert Image.open(io.BytesIO(data)).size == (720, 400)
    assert stats.embeds[0]["image"]["url"] == "attachment://estadisticas.png"
    [attachment] = stats.payload["attachments"]
    assert attachment["description"].startswith(
        "Gráfico de barras de las caras del d12 en 120 dados"
    )
    assert embed_size(stats.embeds[0]) <= EMBEDS_TOTAL_MAX
    assert reply.notices == []  # nothing Discord would refuse, nothing late


FIGHT = [
    *GUARDIA,
    "/config dados_fisicos:sí",
    "@kaeda",
    "/ficha crear nombre:Íñigo vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1 aliento:2",
    "/ficha arma nombre:Espada clase:mano",
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
]


async def test_what_counts_and_who_sees_it(
    fake: FakeDiscord, script: Script, dice: ForcedDice
) -> None:
    await script.run(*FIGHT)
    dice.push([4, 12])  # a miss, then the Aliento reroll: a natural 12, Éxito pleno (7)
    await script.run("/atacar objetivo:Ñu", "/aliento uso:repetir")
    dice.push([1])  # a natural 1 defending: a critical hit (7)
    await script.run(
        "@master", "/asalto", '/atacar objetivo:Íñigo atacante:"Ñu del puerto"', "@kaeda",
        "/defender",
    )  # fmt: skip
    dice.push([1, 12, 8])  # both ventaja dice count; the undone check does not
    await script.run(
        "/tirada atributo:vigor umbral:9 ventaja:ventaja",
        "/tirada atributo:voluntad umbral:9",
        "@master",
        "/deshacer",
    )
    await fake.press("master", "mesa", "Deshacer")
    dice.push([6])
    await script.run(
        "@kaeda",
        "/tirada atributo:vigor umbral:9 dado:5",  # a physical die: left out
        "@bran",
        "/tirar expresion:1d12 privada:sí",  # another's private roll: the GM's to count
    )
    player = (await fake.command("kaeda", "mesa", "estadisticas")).first
    assert player.embeds[0]["description"] == (
        "Todas las tiradas en este canal: **4** tiradas (1 con dados físicos, fuera de la "
        "cuenta); dados: 5 d12."
    )
    counts = [2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2]
    assert player.field("Caras del d12 (5 dados)").splitlines()[2:-1] == table(counts, "0,4")
    assert player.field("Veredicto") == (
        "Con 5 d12 aún no se puede juzgar la suerte: la prueba necesita al menos 60 (que "
        "cada cara se espere 5 veces)."
    )
    assert player.field("12 naturales") == (
        "2 en 4 tiradas de d12 de Umbral (con dados justos, unos 0,4; la ventaja y la "
        "desventaja cuentan)."
    )
    assert player.field("1 naturales en Defensas de Mesa") == (
        "1 en 1 Defensa de Mesa (unos 0,1 esperados): cada uno, un golpe crítico encajado."
    )
    mesa = fake.channel_id("mesa")
    assert player.field("Daño por encuentro").startswith(f"<#{mesa}> 20") and player.field(
        "Daño por encuentro"
    ).endswith(": Íñigo hace 7, recibe 7; Ñu del puerto hace 7, recibe 7.")
    gm = (await fake.command("master", "mesa", "estadisticas")).first
    assert gm.embeds[0]["description"].startswith("Todas las tiradas en este canal: **5** tiradas")
    assert "Caras del d12 (6 dados)" in gm.text()
    own = (await fake.command("bran", "mesa", "estadisticas", {"alcance": "servidor"})).first
    assert own.embeds[0]["description"] == (
        "Tus tiradas en todo el servidor: **1** tirada; dados: 1 d12."
    )
    refused = await fake.command(
        "bran", "mesa", "estadisticas", {"alcance": "servidor", "usuario": "@kaeda"}
    )
    assert refused.first.ephemeral and refused.first.content.startswith("Fuera de un canal")
    character = (await fake.command("kaeda", "mesa", "estadisticas", {"personaje": "iñigo"})).first
    assert character.embeds[0]["description"].startswith("Tiradas de iñigo en este canal: **4**")


async def test_desde_counts_from_that_day_in_the_servers_time_zone(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([3])
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})
    later = await fake.command("kaeda", "mesa", "estadisticas", {"desde": "2030-01-01"})
    assert later.first.embeds[0]["description"] == (
        "Todas las tiradas en este canal desde el 2030-01-01: **0** tiradas; dados: 0 d12."
    )
    assert later.first.files == {}  # no dice, no picture
    earlier = await fake.command("kaeda", "mesa", "estadisticas", {"desde": "2015-01-01"})
    assert "**1** tirada;" in earlier.first.embeds[0]["description"]
    bad = await fake.command("kaeda", "mesa", "estadisticas", {"desde": "2026-13-01"})
    assert bad.first.content == "«desde» es una fecha como AAAA-MM-DD, por ejemplo 2026-12-01."


async def test_the_log_is_decoded_and_counted_off_the_loop(
    fake: FakeDiscord, dice: ForcedDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    dice.push(faces_of(FAIR))
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "120d12"})
    service = current("bot.features.estadisticas.service")
    witness = OffLoop(service.figures_of)
    monkeypatch.setattr(service, "figures_of", witness)
    async with witness.watching():
        reply = await fake.command("kaeda", "mesa", "estadisticas")
    assert "Caras del d12 (120 dados)" in reply.first.text()
    witness.check()
