"""Saved rolls through the console (issue 36): /dados guardar|lista|borrar, their names in
/tirar (alone and inside an expression, offered as they are typed), the player's own hiding
the server's, the limits, and /ficha exportar → /ficha importar carrying them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from bot.console import FakeDiscord
from bot.storage.saved_rolls import SERVER
from tests.bot.conftest import KAEDA, Script
from tests.bot.test_off_loop import current
from umbral_rules import ForcedDice


async def saved(fake: FakeDiscord, owner: int) -> list[tuple[str, str]]:
    async with fake.bot.storage.guild(fake.guild.id) as uow:  # type: ignore[attr-defined]
        return [r.pair for r in await uow.saved_rolls.of(owner)]


async def test_save_roll_by_name_and_inside_an_expression(
    fake: FakeDiscord, script: Script, dice: ForcedDice
) -> None:
    out = await script.run("@kaeda", "/dados guardar nombre:Ataque expresion:1d12+5")
    assert "Tirada guardada (tuya)" in out and "`Ataque` = `1d12+5`" in out
    dice.push([7, 3])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "ataque+2; ATAQUE"})
    assert "`ataque+2` = 14: 7 + 5 + 2" in reply.first.text()
    assert "`ATAQUE` = 8: 3 + 5" in reply.first.text()
    assert reply.first.field("Tiradas guardadas") == "`Ataque` (tuya) = `1d12+5`"
    async with fake.bot.storage.guild(fake.guild.id) as uow:  # type: ignore[attr-defined]
        [entry] = await uow.rolls.entries(limit=1)
    assert entry.result.to_json()["guardadas"] == [
        {"nombre": "Ataque", "expresion": "1d12+5", "propia": True}
    ]
    assert entry.dice[0]["dados"] == [[12, 7, "kept"]]


async def test_the_players_own_hides_the_servers_and_the_reply_says_which(
    fake: FakeDiscord, script: Script, dice: ForcedDice
) -> None:
    out = await script.run(
        "@master",
        "/dados guardar nombre:ataque expresion:1d12 servidor:sí",
        "/dados guardar nombre:daño expresion:2d6 servidor:sí",
    )
    assert "Tirada guardada (del servidor)" in out
    dice.push([4, 2, 3])
    server = await fake.command("kaeda", "mesa", "tirar", {"expresion": "ataque+daño"})
    assert server.first.field("Tiradas guardadas") == (
        "`ataque` (del servidor) = `1d12`\n`daño` (del servidor) = `2d6`"
    )
    assert "= 9: 4 + (2, 3)" in server.first.text()
    mine = await script.run("@kaeda", "/dados guardar nombre:ATAQUE expresion:1d12+5")
    assert "El servidor tiene otra con ese nombre: cuando tires, va la tuya." in mine
    dice.push([4])
    own = await fake.command("kaeda", "mesa", "tirar", {"expresion": "ataque"})
    assert own.first.field("Tiradas guardadas") == (
        "`ATAQUE` (tuya, en lugar de la del servidor) = `1d12+5`"
    )
    dice.push([4])
    bran = await fake.command("bran", "mesa", "tirar", {"expresion": "ataque"})
    assert bran.first.field("Tiradas guardadas") == "`ataque` (del servidor) = `1d12`"
    listed = await fake.command("kaeda", "mesa", "dados lista")
    assert listed.first.ephemeral
    assert listed.first.embeds[0]["description"].splitlines() == [
        "**Tuyas** (1 de 50)",
        "`ATAQUE` = `1d12+5`",
        "**Del servidor** (2 de 100)",
        "`ataque` = `1d12` (va la tuya)",
        "`daño` = `2d6`",
    ]
    gone = await fake.command("kaeda", "mesa", "dados borrar", {"nombre": "Ataque"})
    assert "Tirada guardada borrada (tuya)" in gone.first.text()
    dice.push([4])
    back = await fake.command("kaeda", "mesa", "tirar", {"expresion": "ataque"})
    assert back.first.field("Tiradas guardadas") == "`ataque` (del servidor) = `1d12`"


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"nombre": "d20", "expresion": "1d20"}, "`d20` ya significa algo"),
        ({"nombre": "anima", "expresion": "1d20"}, "ya significa algo"),
        ({"nombre": "golpe fuerte", "expresion": "1d20"}, "una sola palabra"),
        ({"nombre": "ataque", "expresion": "1d20; 2d6"}, "una sola expresión"),
        ({"nombre": "ataque", "expresion": "ataque+1"}, "se usa a sí misma"),
        ({"nombre": "ataque", "expresion": "espada+1"}, "no es un dado ni una tirada guardada"),
        ({"nombre": "ataque", "expresion": "1d20+"}, "No entiendo «1d20+»"),
        ({"nombre": "ataque", "expresion": "1d6", "servidor": True}, "Solo el máster"),
    ],
)
async def test_a_refused_save_says_why_and_changes_nothing(
    fake: FakeDiscord, options: dict[str, object], refusal: str
) -> None:
    reply = await fake.command("kaeda", "mesa", "dados guardar", options)
    assert reply.first.ephemeral and refusal in reply.first.text()
    assert len(reply.messages) == 1
    assert await saved(fake, fake.user_id("kaeda")) == []
    assert await saved(fake, SERVER) == []


async def test_limits_on_count_and_length(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    long = await fake.command(
        "kaeda", "mesa", "dados guardar", {"nombre": "a" * 33, "expresion": "1d6"}
    )
    assert long.first.ephemeral and long.first.content  # Discord's own length check
    monkeypatch.setattr(current("bot.features.dados.service"), "MAX_OWN", 2)
    for name in ("uno", "dos"):
        await fake.command("kaeda", "mesa", "dados guardar", {"nombre": name, "expresion": "1d6"})
    full = await fake.command(
        "kaeda", "mesa", "dados guardar", {"nombre": "tres", "expresion": "1d6"}
    )
    assert full.first.text() == (
        "Ya tienes 2 tiradas guardadas, el máximo: borra alguna con /dados borrar."
    )
    replaced = await fake.command(
        "kaeda", "mesa", "dados guardar", {"nombre": "DOS", "expresion": "2d6"}
    )  # replacing one is no new one
    assert "Sustituye a `1d6`." in replaced.first.text()
    assert await saved(fake, fake.user_id("kaeda")) == [("DOS", "2d6"), ("uno", "1d6")]
    missing = await fake.command("kaeda", "mesa", "dados borrar", {"nombre": "**tres**"})
    assert missing.first.text() == "No tienes ninguna tirada guardada llamada «\\*\\*tres\\*\\*»."


async def test_tirar_offers_the_saved_rolls_as_they_are_typed(
    fake: FakeDiscord, script: Script
) -> None:
    await script.run(
        "@master",
        "/dados guardar nombre:ataque expresion:1d12 servidor:sí",
        "/dados guardar nombre:daño expresion:2d6+1 servidor:sí",
        "@kaeda",
        "/dados guardar nombre:ataque expresion:1d12+5",
        "/dados guardar nombre:apuntar expresion:2d12kh1",
    )
    everything = await fake.autocomplete("kaeda", "mesa", "tirar", {"expresion": ""}, "expresion")
    assert [c["name"] for c in everything] == [
        "apuntar → 2d12kh1 (tuya)",
        "ataque → 1d12+5 (tuya)",
        "daño → 2d6+1 (del servidor)",
    ]
    typed = await fake.autocomplete("kaeda", "mesa", "tirar", {"expresion": "1d4+AT"}, "expresion")
    assert [c["value"] for c in typed] == ["1d4+ataque"]
    inside = await fake.autocomplete("kaeda", "mesa", "tirar", {"expresion": "1d"}, "expresion")
    assert inside == []  # a dice term being typed: no name to complete
    bran = await fake.autocomplete("bran", "mesa", "tirar", {"expresion": "a"}, "expresion")
    assert [c["name"] for c in bran] == ["ataque → 1d12 (del servidor)"]
    borrar = await fake.autocomplete("kaeda", "mesa", "dados borrar", {"nombre": "a"}, "nombre")
    assert [c["value"] for c in borrar] == ["apuntar", "ataque"]


@pytest.mark.parametrize("fmt", ["yaml", "json"])
async def test_saved_rolls_travel_in_ficha_exportar_and_back(
    fake: FakeDiscord, script: Script, tmp_path: Path, fmt: str
) -> None:
    await script.run(
        *KAEDA,
        "/dados guardar nombre:ataque expresion:1d12+5",
        "/dados guardar nombre:doble expresion:ataque+ataque",
        "/dados guardar nombre:ventaja expresion:+d20",
    )
    exported = await fake.command("kaeda", "mesa", "ficha exportar", {"formato": fmt})
    assert "Con tus 3 tiradas guardadas (en `tiradas:`)." in exported.last.text()
    data = exported.last.files[f"personajes.{fmt}"]
    document = yaml.safe_load(data) if fmt == "yaml" else json.loads(data)
    assert document["tiradas"] == [
        {"nombre": "ataque", "expresion": "1d12+5"},
        {"nombre": "doble", "expresion": "ataque+ataque"},
        {"nombre": "ventaja", "expresion": "+d20"},
    ]
    archivo = tmp_path / f"k.{fmt}"
    archivo.write_bytes(data)
    bran = await fake.command("bran", "mesa", "ficha importar", {"archivo": str(archivo)})
    assert "Tiradas guardadas nuevas: 3." in bran.last.text()
    assert await saved(fake, fake.user_id("bran")) == [
        ("ataque", "1d12+5"),
        ("doble", "ataque+ataque"),
        ("ventaja", "+d20"),
    ]
    again = await fake.command("bran", "mesa", "ficha exportar", {"formato": fmt})
    assert again.last.files[f"personajes.{fmt}"] == data


async def test_an_import_clash_and_a_bad_saved_roll_change_nothing(
    fake: FakeDiscord, script: Script, tmp_path: Path
) -> None:
    await script.run("@kaeda", "/dados guardar nombre:ataque expresion:1d12+4")
    archivo = tmp_path / "k.yaml"
    archivo.write_text(
        "tiradas:\n  - nombre: ataque\n    expresion: 1d12+5\n"
        "  - nombre: nuevo\n    expresion: 1d6\n",
        encoding="utf-8",
    )
    clash = await fake.command("kaeda", "mesa", "ficha importar", {"archivo": str(archivo)})
    assert "Entre tus tiradas guardadas ya hay tiradas guardadas con esos nombres (ataque)" in (
        clash.first.text()
    )
    assert await saved(fake, fake.user_id("kaeda")) == [("ataque", "1d12+4")]
    kept = await fake.command(
        "kaeda", "mesa", "ficha importar", {"archivo": str(archivo), "conflictos": "saltar"}
    )
    assert "Tiradas guardadas nuevas: 1." in kept.last.text()
    assert "Saltadas, ya estaban: 1 (ataque)." in kept.last.text()
    archivo.write_text(
        "tiradas:\n  - nombre: otro\n    expresion: 1d6\n  - nombre: d20\n    expresion: 1d6\n",
        encoding="utf-8",
    )
    bad = await fake.command("kaeda", "mesa", "ficha importar", {"archivo": str(archivo)})
    assert "campo «tiradas › 2 › nombre»" in bad.first.text()
    assert "`d20` ya significa algo" in bad.first.text()
    archivo.write_text("tiradas:\n  - nombre: otro\n    expresion: falta+1\n", encoding="utf-8")
    unknown = await fake.command("kaeda", "mesa", "ficha importar", {"archivo": str(archivo)})
    assert "la tirada guardada «otro»" in unknown.first.text()
    assert "«falta» no es un dado ni una tirada guardada" in unknown.first.text()
    assert await saved(fake, fake.user_id("kaeda")) == [("ataque", "1d12+4"), ("nuevo", "1d6")]


async def test_a_csv_export_says_the_saved_rolls_stay_out(
    fake: FakeDiscord, script: Script
) -> None:
    await script.run(*KAEDA, "/dados guardar nombre:ataque expresion:1d12+5")
    reply = await fake.command("kaeda", "mesa", "ficha exportar", {"formato": "csv"})
    assert (
        "Tu tirada guardada no va en CSV (una tabla de personajes): exporta en yaml o json "
        "para llevarla."
    ) in reply.last.text()
    assert b"ataque" not in reply.last.files["personajes.csv"]


async def test_a_saved_roll_takes_no_dice_maiden_prefix_nor_an_alias_name(
    fake: FakeDiscord, script: Script
) -> None:
    """Issue 43 §3: ``p 1d20`` saved would be refused when used (the prefix is read only at
    the start of what is typed), and a Dice Maiden alias (``attack``) as a name would be read
    as the alias: both refused at saving, nothing saved."""
    owner = fake.user_id("kaeda")
    out = await script.run("@kaeda", '/dados guardar nombre:golpe expresion:"p 1d20"')
    assert "no lleva los prefijos de Dice Maiden" in out and "privada:sí" in out
    out = await script.run("@kaeda", "/dados guardar nombre:attack expresion:1d20+5")
    assert "ya significa algo en una expresión de dados" in out
    assert await saved(fake, owner) == []
