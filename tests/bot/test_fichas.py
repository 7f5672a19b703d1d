"""/ficha: crear, oficio, arma, ver, usar, lista, borrar — through real interactions."""

from __future__ import annotations

from bot.console import FakeDiscord
from tests.bot.conftest import KAEDA, Script

CREAR = {
    "nombre": "Íñigo",
    "vigor": 3,
    "destreza": 3,
    "percepcion": 1,
    "voluntad": 1,
    "proteccion": 1,
}


async def test_crear_shows_the_sheet_publicly(fake: FakeDiscord) -> None:
    reply = await fake.command("kaeda", "mesa", "ficha crear", CREAR)
    msg = reply.last
    assert not msg.ephemeral
    assert msg.title == "Íñigo"
    assert msg.field("Defensa").startswith("13 ")
    assert msg.field("Aguante") == "16/16"
    assert "personaje activo" in msg.text()


async def test_crear_refuses_a_bad_attribute_in_spanish(fake: FakeDiscord) -> None:
    reply = await fake.command("kaeda", "mesa", "ficha crear", {**CREAR, "vigor": 9})
    assert reply.last.ephemeral
    assert reply.last.content == "Vigor debe estar entre 0 y 5 (se dio 9)."


async def test_crear_refuses_a_duplicate_name(fake: FakeDiscord) -> None:
    await fake.command("kaeda", "mesa", "ficha crear", CREAR)
    reply = await fake.command("kaeda", "mesa", "ficha crear", CREAR)
    assert reply.last.ephemeral
    assert "Ya tienes un personaje llamado «Íñigo»" in reply.last.content


async def test_oficio_arma_and_ver(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA)
    reply = await fake.command("kaeda", "mesa", "ficha ver")
    msg = reply.last
    assert msg.ephemeral and msg.recipient == "kaeda"
    assert msg.field("Oficios") == "armas 3, contrabandista 2"
    assert msg.field("Armas") == "Espada: Arma de mano, Potencia 4, atributo V"


async def test_arma_refuses_unknown_quality(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA)
    reply = await fake.command(
        "kaeda", "mesa", "ficha arma", {"nombre": "Daga", "clase": "daga", "cualidades": "mágica"}
    )
    assert reply.last.ephemeral
    assert "Cualidad desconocida «mágica»" in reply.last.content


async def test_oficio_without_character_is_refused(fake: FakeDiscord) -> None:
    reply = await fake.command("nadie", "mesa", "ficha oficio", {"nombre": "armas", "valor": 2})
    assert reply.last.ephemeral
    assert "No tienes personaje activo" in reply.last.content


async def test_several_characters_one_active(fake: FakeDiscord) -> None:
    await fake.command("kaeda", "mesa", "ficha crear", CREAR)
    await fake.command("kaeda", "mesa", "ficha crear", {**CREAR, "nombre": "Bran"})
    lista = (await fake.command("kaeda", "mesa", "ficha lista")).last
    assert lista.ephemeral
    assert "▶ Bran (activo)" in lista.text()
    assert "• Íñigo" in lista.text()
    await fake.command("kaeda", "mesa", "ficha usar", {"personaje": "iñigo"})
    lista = (await fake.command("kaeda", "mesa", "ficha lista")).last
    assert "▶ Íñigo (activo)" in lista.text()


async def test_autocomplete_lists_only_own_characters(fake: FakeDiscord) -> None:
    await fake.command("kaeda", "mesa", "ficha crear", CREAR)
    await fake.command("bran", "mesa", "ficha crear", {**CREAR, "nombre": "Bran"})
    mine = await fake.autocomplete("kaeda", "mesa", "ficha usar", {"personaje": ""}, "personaje")
    assert [c["name"] for c in mine] == ["Íñigo"]
    anyone = await fake.autocomplete("kaeda", "mesa", "ficha ver", {"personaje": "br"}, "personaje")
    assert [c["name"] for c in anyone] == ["Bran"]


async def test_ver_other_players_character(fake: FakeDiscord) -> None:
    await fake.command("bran", "mesa", "ficha crear", {**CREAR, "nombre": "Bran"})
    reply = await fake.command("kaeda", "mesa", "ficha ver", {"personaje": "Bran"})
    assert reply.last.title == "Bran"
    missing = await fake.command("kaeda", "mesa", "ficha ver", {"personaje": "Nadie"})
    assert "No hay ningún personaje llamado «Nadie»" in missing.last.content


async def test_borrar_only_own_unless_gm(fake: FakeDiscord) -> None:
    await fake.command("bran", "mesa", "ficha crear", {**CREAR, "nombre": "Bran"})
    refused = await fake.command("kaeda", "mesa", "ficha borrar", {"personaje": "Bran"})
    assert refused.last.ephemeral
    assert "No tienes ningún personaje llamado «Bran»" in refused.last.content
    done = await fake.command("master", "mesa", "ficha borrar", {"personaje": "Bran"})
    assert done.last.title == "Bran ha sido borrado"
    gone = await fake.command("bran", "mesa", "ficha lista")
    assert "No tienes ninguno" in gone.last.text()


async def test_usar_someone_elses_character_is_refused(fake: FakeDiscord) -> None:
    await fake.command("bran", "mesa", "ficha crear", {**CREAR, "nombre": "Bran"})
    reply = await fake.command("kaeda", "mesa", "ficha usar", {"personaje": "Bran"})
    assert reply.last.ephemeral
    assert "No tienes ningún personaje llamado «Bran»" in reply.last.content
