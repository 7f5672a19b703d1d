"""/bestiario (GM only) and /config (Manage Server)."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, open_session
from tests.bot.conftest import GUARDIA, Script

GUARD = {"nombre": "Ñu del puerto", "ataque": 12, "defensa": 12, "aguante": 14, "potencia": 4}


async def test_anadir_ver_lista_borrar(fake: FakeDiscord) -> None:
    added = await fake.command("master", "mesa", "bestiario añadir", {**GUARD, "arma": "Lanza"})
    assert added.last.ephemeral
    assert added.last.field("En Narrativo y Táctico") == "ataca con 1d12+0, defiende con 1d12+5"
    ver = await fake.command("master", "mesa", "bestiario ver", {"nombre": "ñu del puerto"})
    assert ver.last.field("Arma") == "Lanza, Potencia 4"
    lista = await fake.command("master", "mesa", "bestiario lista")
    assert "Ñu del puerto: Ataque 12, Defensa 12, Aguante 14, Potencia 4" in lista.last.text()
    choices = await fake.autocomplete(
        "master", "mesa", "bestiario borrar", {"nombre": "ñu d"}, "nombre"
    )
    assert [c["value"] for c in choices] == ["Ñu del puerto"]
    borrado = await fake.command("master", "mesa", "bestiario borrar", {"nombre": "Ñu del puerto"})
    assert borrado.last.title == "Ñu del puerto ya no está en el bestiario"
    again = await fake.command("master", "mesa", "bestiario borrar", {"nombre": "Ñu del puerto"})
    assert again.last.content == (
        "No hay ningún «Ñu del puerto» en el bestiario: /bestiario lista dice cuáles hay."
    )


@pytest.mark.parametrize("sub", ["añadir", "ver", "lista", "borrar"])
async def test_players_are_refused(fake: FakeDiscord, sub: str) -> None:
    options = {"añadir": GUARD, "ver": {"nombre": "x"}, "lista": {}, "borrar": {"nombre": "x"}}[sub]
    reply = await fake.command("kaeda", "mesa", f"bestiario {sub}", options)
    assert reply.last.ephemeral
    assert reply.last.content.startswith("Solo el máster puede")


async def test_duplicate_and_invalid_entries(script: Script, fake: FakeDiscord) -> None:
    await script.run(*GUARDIA)
    dup = await fake.command("master", "mesa", "bestiario añadir", GUARD)
    assert "Ya hay un enemigo llamado «Ñu del puerto»" in dup.last.content
    bad = await fake.command(
        "master",
        "mesa",
        "bestiario añadir",
        {**GUARD, "nombre": "Y", "tamaño": "grande", "aguante": 0},
    )
    assert bad.last.content == "Aguante debe estar entre 1 y 500 (se dio 0)."  # bot.edge.tree


async def test_config_shows_and_changes(fake: FakeDiscord) -> None:
    shown = await fake.command("kaeda", "mesa", "config")
    assert shown.last.ephemeral and shown.last.title == "Configuración del servidor"
    refused = await fake.command("kaeda", "mesa", "config", {"dados_fisicos": False})
    assert "Gestionar servidor" in refused.last.content
    changed = await fake.command(
        "master",
        "mesa",
        "config",
        {
            "dados_fisicos": False,
            "modo": "narrativo",
            "defensa": "inmediata",
            "rol_master": "Máster",
        },
    )
    msg = changed.last
    assert msg.title == "Configuración guardada"
    assert msg.field("Dados físicos") == "no"
    assert msg.field("Modo por defecto") == "Narrativo"
    assert msg.field("Rol de máster") == "@Máster"
    assert msg.field("Defensa en Narrativo y Táctico") == "se tira al momento"


async def test_configured_gm_role_replaces_the_default(database_url: str) -> None:
    session = await open_session(
        database_url, migrate=False, masters=["master"], managers=["duena"]
    )
    try:
        fake = session.discord
        # without a configured role, the role called «Máster» is the GM's
        ok = await fake.command("master", "mesa", "bestiario lista")
        assert ok.last.title == "Bestiario"
        # a manager is GM too, and can point the GM role at another role
        await fake.command("duena", "mesa", "config", {"rol_master": "@everyone"})
        assert (await fake.command("kaeda", "mesa", "bestiario lista")).last.title == "Bestiario"
    finally:
        await session.close()
