"""Issue 38 item 2: the user command «Ver ficha» and the message command «Repetir tirada»
through the console's Aplicaciones menus, with their refusals (the menus on lines said with
/decir: tests/bot/test_decir.py); every menu listed by /ayuda and the generated reference,
within Discord's five menus of each kind."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.console import FakeDiscord
from tests.bot.conftest import KAEDA, Script
from umbral_rules import ForcedDice

ROOT = Path(__file__).resolve().parents[2]
MENUS = {
    discord.AppCommandType.user: ["Ver ficha"],
    discord.AppCommandType.message: [
        "Repetir tirada",
        "Decir como…",
        "Editar lo dicho",
        "Borrar lo dicho",
    ],
}


async def test_ver_ficha_shows_the_active_character_only_to_you(script: Script) -> None:
    await script.run(*KAEDA, "/ficha editar notas_privadas:secreto")
    out = await script.run("@bran", "!menu usuario @kaeda Ver ficha")
    assert "Umbral → @bran (solo para ti)\n  == Íñigo ==" in out and "secreto" not in out
    out = await script.run("@master", "!menu usuario @kaeda Ver ficha")
    assert "Notas privadas (solo tú y el máster): secreto" in out
    out = await script.run("!menu usuario @bran Ver ficha")
    assert "@bran no tiene personaje activo." in out and "(discord)" not in out


async def test_repetir_tirada_is_the_repetir_action(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([5, 7])
    await script.run("@kaeda", "/tirar expresion:1d12+1 motivo:Trepar")
    out = await script.run("@bran", "!menu mensaje 1 Repetir tirada")
    assert "Solo quien hizo la tirada puede repetirla" in out
    out = await script.run("!escribir hola", "!menu mensaje 1 Repetir tirada")
    assert "Ese mensaje no es una tirada de /tirar con «Repetir»" in out
    out = await script.run("@kaeda", "!menu mensaje 2 Repetir tirada")
    assert "`1d12+1` = 8: 7 + 1" in out and "(discord)" not in out, out
    history = (await fake.command("kaeda", "mesa", "historial")).first.text()
    assert history.count("/tirar") == 2  # the repetition is a roll of its own


def test_the_menus_are_listed_within_discords_limits(fake: FakeDiscord) -> None:
    tree = fake.bot.tree  # type: ignore[attr-defined]
    reference = (ROOT / "docs/comandos.md").read_text(encoding="utf-8")
    for kind, names in MENUS.items():
        found = [m.name for m in tree.get_commands(type=kind)]
        assert set(names) <= set(found) and len(found) <= 5
        for name in names:
            assert f"### `«{name}»`" in reference


async def test_ayuda_lists_the_menus(fake: FakeDiscord) -> None:
    escena = ["/decir", "Decir como…", "Editar lo dicho", "Borrar lo dicho"]
    for topic, names in (
        ("fichas", ["Ver ficha"]),
        ("tirar", ["Repetir tirada"]),
        ("escena", escena),
    ):
        shown = (await fake.command("kaeda", "mesa", "ayuda", {"tema": topic})).text()
        for name in names:
            assert name in shown, shown
