"""The GM's custody of the server's characters (issue 18, item 5), through real slash
payloads: the GM sees, edits, exports and imports Kaeda's sheet, lists the party by player,
brings her character into a fight and hands characters over (``/ficha ceder``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.console import FakeDiscord, Session
from bot.console.payloads import GUILD_ID
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.bot.discord_limits import assert_all_fit
from tests.hardening.hostile import dump
from umbral_rules import ForcedDice

Upload = Callable[[str, bytes], str]
G = "Ñu del puerto"
BRAN = ["@bran", "/ficha crear nombre:Bran vigor:2 destreza:2 percepcion:2 voluntad:2 proteccion:0"]
SOMBRA = b"""personajes:
  - nombre: Sombra
    atributos: {vigor: 1, destreza: 4, percepcion: 3, voluntad: 2}
    proteccion: 0
"""
#: Someone who made a character and then left the server (the console does not know them).
GONE = 800_000_000_000_000_321
ATTRS = {"vigor": 1, "destreza": 1, "percepcion": 1, "voluntad": 1}


@pytest.fixture
def upload(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Upload:
    """Bytes where the attachment option points; reading the attachment returns them."""
    contents: dict[str, bytes] = {}

    async def read(self: discord.Attachment, *, use_cached: bool = False) -> bytes:
        return contents[self.filename]

    monkeypatch.setattr(discord.Attachment, "read", read)

    def make(name: str, data: bytes) -> str:
        path = tmp_path / name
        path.write_bytes(data)
        contents[name] = data
        return f"@{path}"

    return make


async def sheet_text(fake: FakeDiscord, user: str, nombre: str) -> str:
    return (await fake.command(user, "plaza", "ficha ver", {"personaje": nombre})).first.text()


async def test_the_gm_sees_edits_exports_and_imports_kaedas_sheet(
    script: Script, fake: FakeDiscord, upload: Upload
) -> None:
    await script.run(*KAEDA)
    kaeda = fake.user_id("kaeda")
    seen = await fake.command("master", "mesa", "ficha ver", {"personaje": "Íñigo"})
    assert seen.first.title == "Íñigo" and f"de @{kaeda}" in seen.first.text()

    edited = await fake.command(
        "master", "mesa", "ficha editar", {"personaje": "Íñigo", "vigor": 4}
    )
    assert edited.first.title == "Ficha de Íñigo" and "Vigor: 3 → 4" in edited.first.text()
    await fake.command(
        "master", "mesa", "ficha oficio", {"nombre": "sigilo", "valor": 1, "personaje": "Íñigo"}
    )
    armed = await fake.command(
        "master",
        "mesa",
        "ficha arma",
        {"nombre": "Daga", "clase": "daga", "personaje": "Íñigo", "dueño": "@kaeda"},
    )
    assert armed.first.title == "Arma para Íñigo"
    mine = await fake.command("kaeda", "mesa", "ficha ver")
    assert "Vigor 4" in mine.first.field("Atributos")
    assert mine.first.field("Oficios") == "armas 3, contrabandista 2, sigilo 1"
    assert "Daga: Daga, Potencia 2" in mine.first.field("Armas")
    now, top = mine.first.field("Aguante").split("/")
    assert now == top == "18"  # Vigor 4: the maximum grows by two, and so does the current

    one = await fake.command("master", "mesa", "ficha exportar", {"personaje": "Íñigo"})
    assert one.first.content == f"Personajes de <@{kaeda}>: Íñigo."
    assert "nombre: Íñigo" in one.first.files["personajes.yaml"].decode()
    everything = await fake.command("master", "mesa", "ficha exportar", {"dueño": "@kaeda"})
    assert everything.first.content == f"Personajes de <@{kaeda}>: Íñigo."

    imported = await fake.command(
        "master", "mesa", "ficha importar", {"archivo": upload("s.yaml", SOMBRA), "dueño": "@kaeda"}
    )
    assert imported.first.ephemeral and imported.first.title == "Personajes importados"
    assert f"Para @{kaeda}.\nPersonajes nuevos: 1." in imported.first.text()
    theirs = await fake.command("kaeda", "mesa", "ficha lista")
    assert "• Sombra" in theirs.first.text() and "▶ Íñigo (activo)" in theirs.first.text()
    again = await fake.command(
        "master", "mesa", "ficha importar", {"archivo": upload("s.yaml", SOMBRA), "dueño": "@kaeda"}
    )
    assert again.first.ephemeral and "entre los personajes de" in again.first.content.lower()
    assert "Sombra" in again.first.content
    own = await fake.command(
        "master", "mesa", "ficha importar", {"archivo": upload("m.yaml", SOMBRA)}
    )
    assert own.first.title == "Personajes importados"
    gm_list = await fake.command("master", "mesa", "ficha lista")
    assert gm_list.first.text().count("Sombra") == 2  # Kaeda's and the GM's own


async def test_a_player_is_refused_every_gm_option_and_nothing_changes(
    script: Script, fake: FakeDiscord, upload: Upload
) -> None:
    await script.run(*GUARDIA, *KAEDA, *BRAN, "@master", "/encuentro empezar")
    kaeda = {"personaje": "Íñigo", "dueño": "@kaeda"}
    cases = [
        ("ficha editar", {"vigor": 5, "personaje": "Íñigo"}, "No tienes ningún personaje"),
        ("ficha editar", {"vigor": 5, **kaeda}, "Solo puedes elegir tus propios personajes."),
        ("ficha editar", {"vigor": 5, "dueño": "@kaeda"}, "Solo puedes elegir tus propios"),
        ("ficha oficio", {"nombre": "sigilo", "valor": 2, **kaeda}, "Solo puedes elegir"),
        ("ficha arma", {"nombre": "Daga", "clase": "daga", **kaeda}, "Solo puedes elegir"),
        ("ficha arma", {"nombre": "Espada", "quitar": True, **kaeda}, "Solo puedes elegir"),
        ("ficha exportar", {"dueño": "@kaeda"}, "Solo puedes elegir tus propios personajes."),
        ("ficha exportar", kaeda, "Solo puedes elegir tus propios personajes."),
        (
            "ficha importar",
            {"archivo": upload("s.yaml", SOMBRA), "dueño": "@kaeda"},
            "Solo puedes elegir tus propios personajes.",
        ),
        ("ficha ceder", {"personaje": "Íñigo", "a": "@bran"}, "Solo el máster puede ceder"),
        ("ficha ceder", {"personaje": "Bran", "a": "@kaeda"}, "Solo el máster puede ceder"),
        ("encuentro unirse", kaeda, "Solo puedes elegir tus propios personajes."),
        ("encuentro unirse", {"dueño": "@kaeda"}, "Solo puedes elegir tus propios personajes."),
        ("tirada", {"atributo": "vigor", "umbral": 9, **kaeda}, "Solo puedes elegir tus"),
        ("tirada", {"atributo": "vigor", "umbral": 9, "dueño": "@kaeda"}, "Solo puedes elegir"),
    ]
    before = await dump(fake)
    for path, options, start in cases:
        reply = await fake.command("bran", "mesa", path, options)
        assert reply.first.ephemeral and reply.first.content.startswith(start), (path, options)
        assert len(reply.messages) == 1 and not reply.first.embeds
    assert await dump(fake) == before
    # naming themself as dueño is a player's right
    mine = await fake.command("bran", "mesa", "ficha editar", {"vigor": 3, "dueño": "@bran"})
    assert mine.first.title == "Ficha de Bran"


async def test_bad_input_from_the_gm_changes_nothing(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA, *BRAN, "@bran", "/ficha crear nombre:Íñigo vigor:1 destreza:1 "
                     "percepcion:1 voluntad:1 proteccion:0")  # fmt: skip
    kaeda, bran = fake.user_id("kaeda"), fake.user_id("bran")
    cases = [
        ("ficha editar", {"personaje": "Íñigo", "vigor": 4}, "Hay 2 personajes llamados «Íñigo»"),
        ("ficha editar", {"personaje": "Nadie", "vigor": 4}, "No hay ningún personaje llamado"),
        ("ficha editar", {"personaje": "Bran", "dueño": "@kaeda", "vigor": 4},
         f"<@{kaeda}> no tiene ningún personaje llamado «Bran»."),
        ("ficha editar", {"dueño": "@nadie", "vigor": 4}, "<@"),
        ("ficha ceder", {"personaje": "Íñigo", "a": "@bran"}, "Hay 2 personajes llamados"),
        ("ficha ceder", {"personaje": "Íñigo", "dueño": "@kaeda", "a": "@bran"},
         f"<@{bran}> ya tiene un personaje llamado «Íñigo»"),
        ("ficha ceder", {"personaje": "Bran", "a": "@bran"}, f"Bran ya es de <@{bran}>."),
        ("encuentro unirse", {"personaje": "Íñigo"}, "No hay ningún encuentro"),
    ]  # fmt: skip
    before = await dump(fake)
    for path, options, start in cases:
        reply = await fake.command("master", "mesa", path, options)
        assert reply.first.ephemeral and reply.first.content.startswith(start), (path, options)
    assert await dump(fake) == before


async def test_the_gm_autocomplete_offers_every_character(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA, *BRAN)
    for path in ("ficha editar", "ficha oficio", "ficha exportar", "encuentro unirse", "tirada"):
        options = {"personaje": ""} if path != "ficha oficio" else {"nombre": "x", "personaje": ""}
        if path == "tirada":
            options = {"atributo": "vigor", "umbral": 9, "personaje": ""}
        gm = await fake.autocomplete("master", "mesa", path, options, "personaje")
        assert {c["name"] for c in gm} == {"Bran", "Íñigo"}, path
        player = await fake.autocomplete("kaeda", "mesa", path, options, "personaje")
        assert [c["name"] for c in player] == ["Íñigo"], path
    check = {"atributo": "vigor", "umbral": 9, "personaje": "Íñigo", "oficio": ""}
    oficios = await fake.autocomplete("master", "mesa", "tirada", check, "oficio")
    assert [c["name"] for c in oficios] == ["armas", "contrabandista"]  # Íñigo's, not the GM's


async def test_ficha_lista_for_the_gm_groups_every_player(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(
        *KAEDA,
        "/ficha crear nombre:Lira vigor:1 destreza:1 percepcion:1 voluntad:1 proteccion:0",
        "/ficha usar personaje:Íñigo",
        *BRAN,
        "@master",
        "/ficha retirar personaje:Lira",
    )
    async with session.storage.guild(GUILD_ID) as uow:
        await uow.characters.create(GONE, "Errante", atributos=ATTRS, aguante_max=14)
    listed = await fake.command("master", "mesa", "ficha lista")
    text = listed.first.text()
    assert listed.first.ephemeral and listed.first.title == "Personajes del servidor (3)"
    assert "**bran**\n▶ Bran (activo)\n**kaeda**\n▶ Íñigo (activo)\n" in text
    assert f"**@{GONE}** (ya no está en el servidor)\n▶ Errante (activo)" in text
    assert "Lira" not in text
    everyone = await fake.command("master", "mesa", "ficha lista", {"retirados": True})
    assert "▶ Íñigo (activo)\n• Lira — retirado" in everyone.first.text()
    player = await fake.command("kaeda", "mesa", "ficha lista")
    assert player.first.title == "Tus personajes" and "Bran" not in player.first.text()


async def test_ficha_lista_for_the_gm_pages_within_discords_limits(
    fake: FakeDiscord, session: Session
) -> None:
    """30 players with 3 characters of long names: pages of whole groups (a group cut by a
    page says its player again), every page within the embed limits, all reachable."""
    async with session.storage.guild(GUILD_ID) as uow:
        for p in range(30):
            owner = fake.user_id(f"jugador{p:02d}")
            for n in range(3):
                await uow.characters.create(
                    owner, f"Pj {p:02d}-{n} {'ñ' * 60}", atributos=ATTRS, aguante_max=14
                )
    listed = await fake.command("master", "mesa", "ficha lista")
    first = listed.first.text()
    pages = int(first.split("Página 1 de ")[1].split()[0])
    assert pages >= 5 and listed.first.title == "Personajes del servidor (90)"
    seen = first
    for _ in range(pages - 1):
        pressed = await fake.press("master", "mesa", "Siguiente ▶")
        seen += pressed.first.text()
        description = pressed.first.embeds[0]["description"]
        assert description.startswith("**jugador")  # a player's name heads every page
    assert all(f"Pj {p:02d}-{n}" in seen for p in range(30) for n in range(3))
    assert_all_fit(fake)


async def test_the_gm_brings_a_players_character_into_a_fight(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *GUARDIA, *KAEDA, *BRAN,
        "/ficha crear nombre:Íñigo vigor:1 destreza:1 percepcion:5 voluntad:1 proteccion:0",
        "/ficha usar personaje:Bran",
        "@master", "/encuentro empezar", '/encuentro enemigos nombre:"Ñu del puerto"',
    )  # fmt: skip
    kaeda, bran = fake.user_id("kaeda"), fake.user_id("bran")
    which = await fake.command("master", "mesa", "encuentro unirse", {"personaje": "Íñigo"})
    assert which.first.ephemeral
    assert f"son de <@{kaeda}>, <@{bran}>. Di de quién con la opción «dueño»." in (
        which.first.content
    )
    joined = await fake.command(
        "master", "mesa", "encuentro unirse", {"personaje": "Íñigo", "dueño": "@kaeda"}
    )
    assert "Íñigo entra en el combate" in joined.first.text()
    dice.push([11])
    hers = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto"})
    assert not hers.first.ephemeral  # the combatant stays Kaeda's: she acts with it

    dice.push([6])
    check = await fake.command(
        "master", "plaza", "tirada",
        {"atributo": "percepcion", "umbral": 9, "personaje": "Íñigo", "dueño": "@bran"},
    )  # fmt: skip
    assert check.first.title.startswith("Íñigo: Percepción")
    assert "Percepción 5" in check.first.field("Tirada")  # Bran's Íñigo, not Kaeda's (1)
    dice.push([6])
    active = await fake.command(
        "master", "plaza", "tirada", {"atributo": "vigor", "umbral": 9, "dueño": "@bran"}
    )
    assert active.first.title.startswith("Bran: Vigor")  # bran's active character


async def test_a_player_who_left_keeps_their_characters(
    fake: FakeDiscord, session: Session, script: Script
) -> None:
    """Nothing deletes a character when its owner leaves (the bot asks for no member events);
    the GM still lists it and hands it over."""
    assert not fake.bot.intents.members
    listeners = getattr(fake.bot, "extra_events", {})
    assert not [e for e in listeners if "member_remove" in e]
    await script.run(*BRAN)
    async with session.storage.guild(GUILD_ID) as uow:
        await uow.characters.create(GONE, "Errante", atributos=ATTRS, aguante_max=14)
    seen = await fake.command("master", "mesa", "ficha ver", {"personaje": "Errante"})
    assert seen.first.title == "Errante"
    ceded = await fake.command(
        "master", "mesa", "ficha ceder", {"personaje": "Errante", "a": "@bran"}
    )
    assert f"(antes, de @{GONE})" in ceded.first.text()
    listed = await fake.command("bran", "mesa", "ficha lista")
    assert "• Errante" in listed.first.text()
    gm = await fake.command("master", "mesa", "ficha lista")
    assert "ya no está en el servidor" not in gm.first.text()
