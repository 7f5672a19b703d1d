"""The heavy work of a command runs off the event loop: while a bestiary or character file is
parsed, validated or written, or the map is drawn, the loop keeps ticking (see
:class:`tests.loopcheck.OffLoop`: no timing, the wrapped function cannot even start until the
loop has ticked after it was called)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import bot.features.bestiario.files as bestiary_files
import bot.features.fichas.files as character_files
import bot.features.tablero.picture as map_picture
from bot.console import FakeDiscord
from bot.sheetfiles import BESTIARY, CHARACTERS, EnemyEntry, dump, load
from tests.bot.conftest import KAEDA, Script
from tests.loopcheck import OffLoop

ENEMIES = [
    EnemyEntry.model_validate(
        {"nombre": f"Guardia {i:03d}", "ataque": 12, "defensa": 11, "aguante": 14, "potencia": 4}
    )
    for i in range(300)
]
CHARACTER_FILE = b"""personajes:
  - nombre: Kaeda
    atributos: {vigor: 3, destreza: 3, percepcion: 1, voluntad: 1}
    proteccion: 1
    armas: [{nombre: Espada, clase: mano}]
"""


@pytest.fixture(autouse=True)
def _live_modules(fake: FakeDiscord) -> None:
    """The modules the bot has loaded now. discord.py drops an extension's modules from
    ``sys.modules`` when a bot closes (another test's bot may have), so the bot of this test
    may run fresh copies of them, not the ones this file imported: patch those."""
    global bestiary_files, character_files, map_picture
    bestiary_files = importlib.import_module("bot.features.bestiario.files")
    character_files = importlib.import_module("bot.features.fichas.files")
    map_picture = importlib.import_module("bot.features.tablero.picture")


def attach(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return f"@{path}"


async def test_bestiario_importar_parses_off_the_loop(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    witness = OffLoop(bestiary_files.load_bestiary)
    monkeypatch.setattr(bestiary_files, "load_bestiary", witness)
    archivo = attach(tmp_path, "b.yaml", dump(ENEMIES, "yaml", BESTIARY))
    async with witness.watching():
        reply = await fake.command("master", "mesa", "bestiario importar", {"archivo": archivo})
    assert "Enemigos nuevos: 300." in reply.last.text()
    witness.check()


async def test_bestiario_ejemplo_parses_off_the_loop(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    witness = OffLoop(bestiary_files.load_bestiary)
    monkeypatch.setattr(bestiary_files, "load_bestiary", witness)
    async with witness.watching():
        reply = await fake.command("master", "mesa", "bestiario ejemplo")
    assert reply.last.title == "Bestiario de ejemplo cargado"
    witness.check()


@pytest.mark.parametrize("fmt", ["yaml", "json", "csv"])
async def test_bestiario_exportar_writes_off_the_loop(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    archivo = attach(tmp_path, "b.yaml", dump(ENEMIES, "yaml", BESTIARY))
    await fake.command("master", "mesa", "bestiario importar", {"archivo": archivo})
    witness = OffLoop(bestiary_files.dump)
    monkeypatch.setattr(bestiary_files, "dump", witness)
    async with witness.watching():
        reply = await fake.command("master", "mesa", "bestiario exportar", {"formato": fmt})
    data = reply.last.files[f"bestiario.{fmt}"]
    assert load(data, f"b.{fmt}", BESTIARY) == ENEMIES
    witness.check()


async def test_ficha_importar_and_exportar_off_the_loop(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parse = OffLoop(character_files.load_characters)
    write = OffLoop(character_files.dump)
    monkeypatch.setattr(character_files, "load_characters", parse)
    monkeypatch.setattr(character_files, "dump", write)
    archivo = attach(tmp_path, "k.yaml", CHARACTER_FILE)
    async with parse.watching(), write.watching():
        imported = await fake.command("kaeda", "mesa", "ficha importar", {"archivo": archivo})
        exported = await fake.command("kaeda", "mesa", "ficha exportar", {})
    assert "Personajes nuevos: 1." in imported.last.text()
    [entry] = load(exported.last.files["personajes.yaml"], "k.yaml", CHARACTERS)
    assert entry.nombre == "Kaeda"
    parse.check()
    write.check()


async def test_the_map_is_drawn_off_the_loop(
    script: Script, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    await script.run(
        *KAEDA, "@master", "/encuentro empezar modo:tactico", "@kaeda", "/encuentro unirse"
    )
    draw = OffLoop(map_picture.draw)
    monkeypatch.setattr(map_picture, "draw", draw)
    async with draw.watching():
        await fake.command("master", "mesa", "mapa crear", {"ancho": 60, "alto": 60})
        await fake.command(
            "master", "mesa", "mapa colocar", {"combatiente": "Íñigo", "casilla": "C4"}
        )
        ver = await fake.command("kaeda", "mesa", "mapa ver")
    assert list(ver.last.files) == ["tablero.png"]
    draw.check(calls=3)
