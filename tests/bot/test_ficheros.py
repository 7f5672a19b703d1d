"""/bestiario importar|exportar|ejemplo and /ficha importar|exportar through real interactions.

Attachments travel as Discord sends them (option type 11, ``resolved.attachments``); their
download (``discord.Attachment.read``) is patched to return the test's bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.console import FakeDiscord, Session
from bot.console.payloads import GUILD_ID, OPTION_ATTACHMENT
from bot.features.bestiario.files import EXAMPLE_PATH
from bot.features.bestiario.files import entry_of as enemy_entry
from bot.features.fichas.files import entry_of as character_entry
from bot.sheetfiles import BESTIARY, CHARACTERS, FORMATS, Format, dump, limits, load
from tests.sheetfiles.test_refusals import EXPECTED, MALFORMED

Upload = Callable[[str, bytes], str]

GUARDIA = """enemigos:
  - nombre: Ñu del puerto
    ataque: 12
    defensa: 12
    aguante: 14
    potencia: 4
    arma: Lanza
    cualidades: [larga]
  - nombre: Ogro
    ataque: 14
    defensa: 10
    aguante: 30
    potencia: 6
    tamaño: grande
""".encode()
KAEDA = """personajes:
  - nombre: Íñigo
    atributos: {vigor: 3, destreza: 3, percepcion: 1, voluntad: 1}
    proteccion: 1
    oficios: {contrabandista: 2, armas: 3}
    armas: [{nombre: Espada, clase: mano}]
    aliento_max: 2
  - nombre: Sombra
    atributos: {vigor: 1, destreza: 4, percepcion: 3, voluntad: 2}
    proteccion: 0
    armas: [{nombre: Arco corto, clase: arco, cualidades: [certera]}]
""".encode()


@pytest.fixture
def upload(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Upload:
    """Put bytes where the attachment option points (``@ruta``); reading it returns them."""
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


async def snapshot(session: Session) -> tuple[list[Any], list[Any]]:
    """Everything the guild's bestiary and characters hold."""
    async with session.storage.guild(GUILD_ID) as uow:
        enemies = [enemy_entry(r).export() for r in await uow.bestiary.list_all()]
        characters = [
            (r.owner_id, r.is_active, character_entry(r).export())
            for r in await uow.characters.list_all()
        ]
    return enemies, characters


async def seeded(fake: FakeDiscord, upload: Upload) -> None:
    await fake.command(
        "master", "mesa", "bestiario importar", {"archivo": upload("g.yaml", GUARDIA)}
    )
    await fake.command("kaeda", "mesa", "ficha importar", {"archivo": upload("k.yaml", KAEDA)})


def test_the_attachment_option_is_a_real_attachment_payload(fake: FakeDiscord) -> None:
    data = fake._command_data(
        ["bestiario", "importar"], {"archivo": f"@{EXAMPLE_PATH}", "conflictos": "saltar"}
    )
    [sub] = data["options"]
    archivo = sub["options"][0]
    assert archivo["type"] == OPTION_ATTACHMENT == 11
    attachment = data["resolved"]["attachments"][archivo["value"]]
    assert attachment["filename"] == "ejemplo.yaml"
    assert attachment["size"] == EXAMPLE_PATH.stat().st_size


@pytest.mark.parametrize("fmt", FORMATS)
async def test_bestiario_import_then_export_gives_the_same_file(
    fake: FakeDiscord, upload: Upload, fmt: Format
) -> None:
    original = dump(load(GUARDIA, "g.yaml", BESTIARY), fmt, BESTIARY)
    reply = await fake.command(
        "master", "mesa", "bestiario importar", {"archivo": upload(f"b.{fmt}", original)}
    )
    assert reply.last.ephemeral
    assert reply.last.title == "Bestiario importado"
    assert "Enemigos nuevos: 2." in reply.last.text()
    exported = await fake.command("master", "mesa", "bestiario exportar", {"formato": fmt})
    assert exported.last.ephemeral
    assert exported.last.files == {f"bestiario.{fmt}": original}
    ver = await fake.command("master", "mesa", "bestiario ver", {"nombre": "Ogro"})
    assert ver.last.title.startswith("Ogro")


@pytest.mark.parametrize("sub", ["importar", "exportar", "ejemplo"])
async def test_players_cannot_touch_the_bestiary_files(
    session: Session, fake: FakeDiscord, upload: Upload, sub: str
) -> None:
    await seeded(fake, upload)
    before = await snapshot(session)
    options = {"archivo": upload("x.yaml", GUARDIA)} if sub == "importar" else {}
    reply = await fake.command("kaeda", "mesa", f"bestiario {sub}", options)
    assert reply.last.ephemeral
    assert reply.last.content.startswith("Solo el máster puede")
    assert not reply.last.files
    assert await snapshot(session) == before


@pytest.mark.parametrize("name", sorted(EXPECTED))
async def test_a_malformed_file_writes_nothing(
    session: Session, fake: FakeDiscord, upload: Upload, name: str
) -> None:
    await seeded(fake, upload)
    before = await snapshot(session)
    user, command = ("kaeda", "ficha") if name.startswith("ficha_") else ("master", "bestiario")
    data = (MALFORMED / name).read_bytes()
    reply = await fake.command(user, "mesa", f"{command} importar", {"archivo": upload(name, data)})
    assert reply.last.ephemeral
    for fragment in ("No se ha importado nada", *EXPECTED[name]):
        assert fragment in reply.last.content
    assert await snapshot(session) == before


async def test_an_attachment_over_the_limit_is_refused_before_downloading(
    session: Session, fake: FakeDiscord, upload: Upload, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seeded(fake, upload)
    before = await snapshot(session)
    path = upload("enorme.yaml", b"#" * 12_000_000)

    async def never(self: discord.Attachment, *, use_cached: bool = False) -> bytes:
        raise AssertionError("no debe descargarse")

    monkeypatch.setattr(discord.Attachment, "read", never)
    reply = await fake.command("master", "mesa", "bestiario importar", {"archivo": path})
    assert reply.last.content == (
        "No se ha importado nada: el archivo ocupa 12.000.000 bytes y el máximo es 9.800.000 "
        "(9.8 MB)."
    )
    assert await snapshot(session) == before


async def test_too_many_entries_write_nothing(
    session: Session, fake: FakeDiscord, upload: Upload
) -> None:
    await seeded(fake, upload)
    before = await snapshot(session)
    rows = "".join(f"Enemigo {n},12,12,14,4\n" for n in range(limits.MAX_ENTRIES + 1))
    data = ("nombre,ataque,defensa,aguante,potencia\n" + rows).encode()
    reply = await fake.command(
        "master", "mesa", "bestiario importar", {"archivo": upload("muchos.csv", data)}
    )
    assert "2001 entradas y el máximo es 2000" in reply.last.content
    assert await snapshot(session) == before


async def test_a_bestiary_that_would_pass_the_limit_is_refused(
    session: Session, fake: FakeDiscord, upload: Upload, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seeded(fake, upload)
    before = await snapshot(session)
    monkeypatch.setattr(limits, "MAX_ENTRIES", 7)
    reply = await fake.command("master", "mesa", "bestiario ejemplo", {"conflictos": "saltar"})
    assert "en el bestiario quedarían 9 entradas y el máximo es 7" in reply.last.content
    assert await snapshot(session) == before


async def test_name_clashes_need_an_option(
    session: Session, fake: FakeDiscord, upload: Upload
) -> None:
    await seeded(fake, upload)
    before = await snapshot(session)
    changed = GUARDIA.replace(b"aguante: 30", b"aguante: 35") + (
        b"  - {nombre: Lobo, ataque: 11, defensa: 11, aguante: 12, potencia: 2}\n"
    )
    refused = await fake.command(
        "master", "mesa", "bestiario importar", {"archivo": upload("c.yaml", changed)}
    )
    assert refused.last.ephemeral
    assert refused.last.content == (
        "No se ha importado nada: en el bestiario ya hay enemigos con esos nombres "
        "(Ñu del puerto, Ogro); elige conflictos:reemplazar o conflictos:saltar."
    )
    assert await snapshot(session) == before

    skipped = await fake.command(
        "master",
        "mesa",
        "bestiario importar",
        {"archivo": upload("c.yaml", changed), "conflictos": "saltar"},
    )
    assert "Enemigos nuevos: 1." in skipped.last.text()
    assert "Saltados, ya estaban: 2 (Ñu del puerto, Ogro)." in skipped.last.text()
    enemies, _ = await snapshot(session)
    assert [(e["nombre"], e["aguante"]) for e in enemies] == [  # Spanish order: ñ after n
        ("Lobo", 12),
        ("Ñu del puerto", 14),
        ("Ogro", 30),
    ]

    replaced = await fake.command(
        "master",
        "mesa",
        "bestiario importar",
        {"archivo": upload("c.yaml", changed), "conflictos": "reemplazar"},
    )
    assert "Reemplazados: 3 (Ñu del puerto, Ogro, Lobo)." in replaced.last.text()
    enemies, _ = await snapshot(session)
    assert [(e["nombre"], e["aguante"]) for e in enemies][2] == ("Ogro", 35)


async def test_exporting_an_empty_bestiary_is_refused(fake: FakeDiscord) -> None:
    reply = await fake.command("master", "mesa", "bestiario exportar")
    assert reply.last.ephemeral
    assert reply.last.content == "El bestiario está vacío: no hay nada que exportar."


async def test_ejemplo_loads_the_example_file(session: Session, fake: FakeDiscord) -> None:
    reply = await fake.command("master", "mesa", "bestiario ejemplo")
    assert reply.last.ephemeral
    assert reply.last.title == "Bestiario de ejemplo cargado"
    assert "Enemigos nuevos: 7." in reply.last.text()
    enemies, _ = await snapshot(session)
    guard = next(e for e in enemies if e["nombre"] == "Guardia del puerto")
    assert (guard["ataque"], guard["defensa"], guard["aguante"], guard["potencia"]) == (
        12,
        12,
        14,
        4,
    )
    assert (guard["arma"], guard["cualidades"]) == ("Lanza", ["larga"])
    sizes = {e["tamaño"] for e in enemies}
    assert sizes == {"normal", "pequeño", "diminuto", "grande", "descomunal", "inabarcable"}
    again = await fake.command("master", "mesa", "bestiario ejemplo")
    assert "ya hay enemigos con esos nombres (Guardia del puerto, " in again.last.content
    yaml_file = await fake.command("master", "mesa", "bestiario exportar")
    exported = yaml_file.last.files["bestiario.yaml"]
    example = load(EXAMPLE_PATH.read_bytes(), "e.yaml", BESTIARY)
    assert load(exported, "b.yaml", BESTIARY) == sorted(example, key=lambda e: e.nombre)


def test_the_repository_example_is_the_packaged_file() -> None:
    root = Path(__file__).resolve().parents[2]
    assert (root / "bestiario" / "ejemplo.yaml").resolve() == EXAMPLE_PATH.resolve()


@pytest.mark.parametrize("fmt", FORMATS)
async def test_ficha_import_then_export(
    session: Session, fake: FakeDiscord, upload: Upload, fmt: Format
) -> None:
    original = dump(load(KAEDA, "k.yaml", CHARACTERS), fmt, CHARACTERS)
    reply = await fake.command(
        "kaeda", "mesa", "ficha importar", {"archivo": upload("k", original)}
    )
    assert reply.last.ephemeral
    assert reply.last.title == "Personajes importados"
    assert "Personajes nuevos: 2." in reply.last.text()
    _, characters = await snapshot(session)
    assert [(c[1], c[2]["nombre"]) for c in characters] == [(True, "Íñigo"), (False, "Sombra")]
    ver = await fake.command("kaeda", "mesa", "ficha ver")
    assert ver.last.title == "Íñigo"
    assert ver.last.field("Aguante") == "16/16"
    every = await fake.command("kaeda", "mesa", "ficha exportar", {"formato": fmt})
    assert every.last.ephemeral
    assert every.last.files == {f"personajes.{fmt}": original}
    one = await fake.command("kaeda", "mesa", "ficha exportar", {"personaje": "sombra"})
    [sombra] = load(one.last.files["personajes.yaml"], "s.yaml", CHARACTERS)
    assert sombra.nombre == "Sombra" and sombra.armas[0].cualidades == ["certera"]


async def test_ficha_clashes_are_per_player(
    session: Session, fake: FakeDiscord, upload: Upload
) -> None:
    await seeded(fake, upload)
    before = await snapshot(session)
    again = await fake.command("kaeda", "mesa", "ficha importar", {"archivo": upload("k", KAEDA)})
    assert "entre tus personajes ya hay personajes con esos nombres (Íñigo, Sombra)" in (
        again.last.content
    )
    assert await snapshot(session) == before
    other = await fake.command("bran", "mesa", "ficha importar", {"archivo": upload("k", KAEDA)})
    assert "Personajes nuevos: 2." in other.last.text()
    hurt = KAEDA.replace(b"aliento_max: 2", b"aliento_max: 2\n    aguante: 5")
    replaced = await fake.command(
        "kaeda",
        "mesa",
        "ficha importar",
        {"archivo": upload("k", hurt), "conflictos": "reemplazar"},
    )
    assert "Reemplazados: 2 (Íñigo, Sombra)." in replaced.last.text()
    ver = await fake.command("kaeda", "mesa", "ficha ver")
    assert ver.last.field("Aguante") == "5/16"


async def test_ficha_export_with_nothing_to_export(fake: FakeDiscord) -> None:
    reply = await fake.command("kaeda", "mesa", "ficha exportar")
    assert reply.last.ephemeral
    assert "No tienes personajes en este servidor" in reply.last.content
    other = await fake.command("kaeda", "mesa", "ficha exportar", {"personaje": "Nadie"})
    assert other.last.content == (
        "No tienes ningún personaje llamado «Nadie»: /ficha lista dice los tuyos."
    )


async def test_a_2000_entry_bestiary_goes_through_the_database_unchanged(
    fake: FakeDiscord, upload: Upload
) -> None:
    rows = "".join(
        f"Enemigo {n},{n % 41},{n % 37},{1 + n % 500},{n % 31},,{('grande', 'normal')[n % 2]}\n"
        for n in range(limits.MAX_ENTRIES)
    )
    data = ("nombre,ataque,defensa,aguante,potencia,arma,tamaño\n" + rows).encode()
    original = dump(load(data, "b.csv", BESTIARY), "csv", BESTIARY)
    reply = await fake.command(
        "master", "mesa", "bestiario importar", {"archivo": upload("b.csv", original)}
    )
    assert "Enemigos nuevos: 2000." in reply.last.text()
    exported = await fake.command("master", "mesa", "bestiario exportar", {"formato": "csv"})
    by_name = sorted(load(original, "b.csv", BESTIARY), key=lambda e: e.nombre)
    assert exported.last.files["bestiario.csv"] == dump(by_name, "csv", BESTIARY)


async def test_an_imported_grande_enemy_enters_the_encounter_with_its_size(
    session: Session, fake: FakeDiscord, upload: Upload
) -> None:
    await seeded(fake, upload)
    await fake.command("master", "mesa", "encuentro empezar", {"modo": "narrativo"})
    await fake.command("master", "mesa", "encuentro enemigos", {"nombre": "Ogro", "cantidad": 2})
    async with session.storage.channel(GUILD_ID, fake.channel_id("mesa")) as uow:
        enc = await uow.encounter.require()
        sizes = {c.nombre: c.tamano for c in enc.combatants}
    assert sizes == {"Ogro 1": "grande", "Ogro 2": "grande"}
