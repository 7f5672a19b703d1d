"""Parallel scenes (issue 18 item 7): ``/encuentro lista`` for the GM, the phase message
pinging exactly the players whose turn it is, ``/encuentro ver publico:sí`` moving the
tracker to the bottom of the channel."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

THREAD = "mesa/partida"
BRAN = ["@bran", "/ficha crear nombre:Bran vigor:2 destreza:2 percepcion:2 voluntad:2 proteccion:0"]
LIRA = [
    "@kaeda",
    "/ficha crear nombre:Lira vigor:1 destreza:1 percepcion:1 voluntad:1 proteccion:0",
]
MESA = [
    *GUARDIA,
    *KAEDA,
    *BRAN,
    *LIRA,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse personaje:Íñigo",
    "/encuentro unirse personaje:Lira",
    "@bran",
    "/encuentro unirse",
]


async def tracker_id(fake: FakeDiscord, channel: str = "mesa") -> int | None:
    async with fake.bot.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        await uow.encounter.get()
        info = uow.encounter.info
        return info.tracker_message_id if info else None


def message(fake: FakeDiscord, message_id: int | None) -> Any:
    return next(m for m in fake.messages if m.id == message_id)


async def test_lista_shows_every_open_encounter_of_the_server(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(
        *GUARDIA,
        *KAEDA,
        *BRAN,
        "@master",
        "/encuentro empezar modo:mesa",
        "@kaeda",
        "/encuentro unirse",
        "@master",
        "#taberna",
        "/encuentro empezar modo:narrativo",
        '/encuentro enemigos nombre:"Ñu del puerto"',
        "/asalto",
        f"#{THREAD}",
        "/encuentro empezar modo:mesa",
        "@bran",
        "/encuentro unirse",
    )
    reply = await fake.command("master", "mesa", "encuentro lista")
    page = reply.first
    assert page.ephemeral and page.title == "Encuentros abiertos (3)"
    text = page.embeds[0]["description"]
    mesa, taberna, hilo = (fake.channel_id(c) for c in ("mesa", "taberna", THREAD))
    blocks = text.split("\n**")
    assert blocks[0].startswith(f"**<#{mesa}>** — Mesa · asalto 1 · fase de los jugadores")
    assert "sin actuar en la fase de los jugadores" in blocks[0] and "Íñigo" in blocks[0]
    assert blocks[1].startswith(f"<#{taberna}>** — Narrativo · asalto 1 · fase de los enemigos")
    assert "Ñu del puerto" in blocks[1]
    assert blocks[2].startswith(f"<#{hilo}>** — Mesa · asalto 1 · fase de los jugadores")
    assert "Bran" in blocks[2] and "Íñigo" not in blocks[2]
    assert page.payload["allowed_mentions"] == {"parse": []}
    refused = await fake.command("kaeda", "mesa", "encuentro lista")
    assert refused.first.ephemeral and not refused.first.embeds
    assert refused.first.content.startswith("Solo el máster puede ver los encuentros")


async def test_lista_pages_many_encounters_and_says_when_there_are_none(
    script: Script, fake: FakeDiscord
) -> None:
    empty = await fake.command("master", "mesa", "encuentro lista")
    assert empty.first.embeds[0]["description"] == "No hay ningún encuentro abierto en el servidor."
    for n in range(8):
        await script.run("@master", f"#escena{n}", "/encuentro empezar modo:narrativo")
    reply = await fake.command("master", "mesa", "encuentro lista")
    assert reply.first.title.startswith("Encuentros abiertos (8)")
    assert [b["label"] for b in reply.first.buttons] == ["◀ Anterior", "Siguiente ▶"]
    first = reply.first.embeds[0]["description"]
    assert first.count("**<#") == 6 and f"<#{fake.channel_id('escena0')}>" in first
    turned = await fake.press("master", "mesa", "Siguiente ▶")
    second = turned.last.embeds[0]["description"]
    assert second.count("**<#") == 2 and f"<#{fake.channel_id('escena7')}>" in second


async def test_the_phase_message_pings_exactly_the_players_whose_turn_it_is(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*MESA, "@master", "/encuentro ajustar combatiente:Bran aguante:1")
    kaeda, bran = fake.user_id("kaeda"), fake.user_id("bran")
    enemies = await fake.command("master", "mesa", "asalto")
    assert enemies.first.content == ""  # the enemies' phase is the GM's: nobody is pinged
    assert enemies.first.payload["allowed_mentions"] == {"parse": []}
    dice.push([1])  # Bran defends from the guard with a natural 1 and falls
    await script.run('/atacar objetivo:Bran atacante:"Ñu del puerto"', "@bran", "/defender")
    players = await fake.command("master", "mesa", "asalto")
    # Kaeda once, for both her characters; Bran is Malherido and can't act: not pinged
    assert players.first.content == f"<@{kaeda}>, te toca con Íñigo, Lira."
    assert players.first.payload["allowed_mentions"] == {"parse": [], "users": [kaeda]}
    assert bran not in players.first.payload["allowed_mentions"]["users"]
    for m in fake.messages:  # nothing else the bot sent pinged anyone else
        users = (m.payload.get("allowed_mentions") or {}).get("users", [])
        assert set(users) <= {kaeda, bran}, m.text()


async def test_ver_publico_moves_the_tracker_to_the_bottom(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*MESA)
    old = await tracker_id(fake)
    assert old is not None and message(fake, old).pinned
    refused = await fake.command("kaeda", "mesa", "encuentro ver", {"publico": True})
    assert refused.first.ephemeral and refused.first.content.startswith("Solo el máster")
    assert await tracker_id(fake) == old
    moved = await fake.command("master", "mesa", "encuentro ver", {"publico": True})
    assert moved.first.ephemeral and "al final del canal" in moved.first.content
    new = await tracker_id(fake)
    assert new is not None and new != old
    in_mesa = [m for m in fake.messages if m.channel == "mesa" and not m.ephemeral]
    assert in_mesa[-1].id == new and in_mesa[-1].title.startswith("Encuentro en")
    assert message(fake, new).pinned and not message(fake, old).pinned
    edits_old = message(fake, old).edits
    await fake.command("master", "mesa", "asalto")
    assert await tracker_id(fake) == new
    assert "fase de los enemigos" in message(fake, new).title
    assert message(fake, new).edits >= 1 and message(fake, old).edits == edits_old
    look = await fake.command("kaeda", "mesa", "encuentro ver")
    assert look.first.ephemeral and look.first.title.startswith("Encuentro en")
