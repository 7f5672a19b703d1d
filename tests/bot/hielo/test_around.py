"""Around a fight of Canción de hielo y fuego: the shared autocompletes offer its
combatants, /ayuda works in its channel and has its topic, the roll log and the end of the
encounter (destiny points back to the sheet)."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

from .lines import MESA, TIE, YORGEN


async def test_shared_autocompletes_offer_its_combatants(script: Script, fake: FakeDiscord) -> None:
    await script.run(*MESA)
    targets = await fake.autocomplete("kaeda", "mesa", "atacar", {"objetivo": "gu"}, "objetivo")
    assert [c["name"] for c in targets] == ["Guardia"]
    actors = await fake.autocomplete("master", "mesa", "atacar", {"atacante": ""}, "atacante")
    assert [c["name"] for c in actors] == ["Guardia", "Yorgen"]
    out = await fake.autocomplete(
        "master", "mesa", "encuentro quitar", {"combatiente": "yor"}, "combatiente"
    )
    assert [c["name"] for c in out] == ["Yorgen"]
    skills = await fake.autocomplete(
        "kaeda", "mesa", "hielo ficha crear", {"nombre": "X", "habilidades": "Agilidad 3, Pe"},
        "habilidades",
    )  # fmt: skip
    assert [c["name"] for c in skills] == ["Agilidad 3, Percepción", "Agilidad 3, Persuasión"]


async def test_ayuda_in_its_channel_and_its_topic(script: Script, fake: FakeDiscord) -> None:
    await script.run(*MESA)
    reply = await fake.command("kaeda", "mesa", "ayuda")
    assert reply.first.ephemeral and "hielo" in reply.first.text()
    topic = await fake.command("kaeda", "mesa", "ayuda", {"tema": "hielo"})
    text = topic.first.text()
    assert "Canción de hielo y fuego" in text and "/hielo prueba" in text


async def test_the_end_gives_the_destiny_points_left_back_to_the_sheet(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    await script.run("@kaeda", "/hielo destino uso:imponer_menos_d objetivo:Guardia")
    out = await script.run("@master", "/encuentro terminar")
    assert "Termina sin vencedor." in out and "Yorgen vuelve con 0 punto(s) de destino." in out
    assert "(terminado)" in out
    async with session.storage.guild(fake.guild.id) as uow:
        row = await uow.system_sheets.require("hielo", "pj", "Yorgen")
    assert row.data["destino"] == 0
    out = await script.run("/asalto")
    assert "No hay ningún encuentro activo en este canal" in out
    out = await script.run("@kaeda", YORGEN.replace("Yorgen", "Otro"), "/encuentro unirse")
    assert "No hay ningún encuentro activo" in out


async def test_joining_and_enemies_offer_this_systems_sheets(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*MESA, "@kaeda", YORGEN.replace("Yorgen", "Arya"))
    mine = await fake.autocomplete(
        "kaeda", "mesa", "encuentro unirse", {"personaje": ""}, "personaje"
    )
    assert [c["name"] for c in mine] == ["Arya", "Yorgen"]
    enemies = await fake.autocomplete(
        "master", "mesa", "encuentro enemigos", {"nombre": ""}, "nombre"
    )
    assert [c["name"] for c in enemies] == ["Guardia"]
    hidden = await fake.autocomplete(
        "kaeda", "mesa", "encuentro enemigos", {"nombre": ""}, "nombre"
    )
    assert hidden == []


async def test_ver_and_pendientes_in_its_channel(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    seen = await fake.command("bran", "mesa", "encuentro ver")
    assert seen.last.ephemeral and "Canción de hielo y fuego — asalto 1" in seen.last.text()
    waiting = await fake.command("bran", "mesa", "encuentro pendientes")
    assert waiting.last.ephemeral and "Yorgen: su turno desde" in waiting.last.text()
    dice.push([6, 5, 4, 3, 1])
    await script.run("@kaeda", "/atacar objetivo:Guardia")
    waiting = await fake.command("kaeda", "mesa", "encuentro pendientes")
    assert "Guardia debe decidir cómo recibe 6 de daño desde" in waiting.last.text()
    reposted = await fake.command("master", "mesa", "encuentro ver", {"publico": True})
    assert any(m.ephemeral for m in reposted.messages)
    assert any(
        not m.ephemeral and "Canción de hielo y fuego — asalto 1" in m.text()
        for m in reposted.messages
    )
    refused = await fake.command("kaeda", "mesa", "encuentro ver", {"publico": True})
    assert "Solo el máster puede publicar el encuentro" in refused.last.text()
