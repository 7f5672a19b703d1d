"""The heavy work of a command runs off the event loop: while a bestiary or character file is
parsed, validated or written, or the map is drawn, the loop keeps ticking (see
:class:`tests.loopcheck.OffLoop`: no timing, the wrapped function cannot even start until the
loop has ticked after it was called)."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from bot import offloop
from bot.console import FakeDiscord
from bot.sheetfiles import BESTIARY, CHARACTERS, EnemyEntry, dump, load
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.loopcheck import OffLoop, Ticks

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


def current(name: str) -> ModuleType:
    """The module as the bot under test imported it: a bot's ``close()`` unloads its
    extensions (discord.py drops their submodules from ``sys.modules``), and the next bot
    imports them afresh — a reference taken when this file was imported may be stale."""
    return importlib.import_module(name)


def attach(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return f"@{path}"


async def test_bestiario_importar_parses_off_the_loop(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    witness = OffLoop(current("bot.features.bestiario.files").load_bestiary)
    monkeypatch.setattr(current("bot.features.bestiario.files"), "load_bestiary", witness)
    archivo = attach(tmp_path, "b.yaml", dump(ENEMIES, "yaml", BESTIARY))
    async with witness.watching():
        reply = await fake.command("master", "mesa", "bestiario importar", {"archivo": archivo})
    assert "Enemigos nuevos: 300." in reply.last.text()
    witness.check()


async def test_bestiario_importar_builds_its_rows_off_the_loop(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The entries' fields and the rows to insert (tens of ms of CPU for 2,000) too."""
    files = current("bot.features.bestiario.files")
    repositories = current("bot.storage.repositories")
    fields = OffLoop(files._all_fields)
    rows = OffLoop(repositories.bestiary_rows)
    monkeypatch.setattr(files, "_all_fields", fields)
    monkeypatch.setattr(repositories, "bestiary_rows", rows)
    archivo = attach(tmp_path, "b.yaml", dump(ENEMIES, "yaml", BESTIARY))
    async with fields.watching(), rows.watching():
        reply = await fake.command("master", "mesa", "bestiario importar", {"archivo": archivo})
    assert "Enemigos nuevos: 300." in reply.last.text()
    fields.check()
    rows.check()


async def test_bestiario_ejemplo_parses_off_the_loop(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    witness = OffLoop(current("bot.features.bestiario.files").load_bestiary)
    monkeypatch.setattr(current("bot.features.bestiario.files"), "load_bestiary", witness)
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
    witness = OffLoop(current("bot.features.bestiario.files").dump)
    monkeypatch.setattr(current("bot.features.bestiario.files"), "dump", witness)
    async with witness.watching():
        reply = await fake.command("master", "mesa", "bestiario exportar", {"formato": fmt})
    data = reply.last.files[f"bestiario.{fmt}"]
    assert load(data, f"b.{fmt}", BESTIARY) == ENEMIES
    witness.check()


async def test_ficha_importar_and_exportar_off_the_loop(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parse = OffLoop(current("bot.features.fichas.files").load_sheet)
    write = OffLoop(current("bot.features.fichas.files").dump)
    monkeypatch.setattr(current("bot.features.fichas.files"), "load_sheet", parse)
    monkeypatch.setattr(current("bot.features.fichas.files"), "dump", write)
    archivo = attach(tmp_path, "k.yaml", CHARACTER_FILE)
    async with parse.watching(), write.watching():
        imported = await fake.command("kaeda", "mesa", "ficha importar", {"archivo": archivo})
        exported = await fake.command("kaeda", "mesa", "ficha exportar", {})
    assert "Personajes nuevos: 1." in imported.last.text()
    [entry] = load(exported.last.files["personajes.yaml"], "k.yaml", CHARACTERS)
    assert entry.nombre == "Kaeda"
    parse.check()
    write.check()


async def test_the_map_is_drawn_in_the_worker_process(
    script: Script, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pillow's PNG encoder holds the GIL for tens of ms a call, so the picture is drawn in
    another process; the loop ticks while the command waits for it."""
    await script.run(
        *KAEDA, "@master", "/encuentro empezar modo:tactico", "@kaeda", "/encuentro unirse"
    )
    picture = current("bot.render.tablero")
    drawn: list[tuple[object, int]] = []
    ticks = Ticks()

    async def spy(function: Callable[..., bytes], *args: object, **kwargs: object) -> bytes:
        start = ticks.count
        data = await offloop.off_process(function, *args, **kwargs)
        drawn.append((function, ticks.count - start))
        return data

    monkeypatch.setattr(picture, "off_process", spy)
    async with ticks.running():
        await fake.command("master", "mesa", "mapa crear", {"ancho": 60, "alto": 60})
        await fake.command(
            "master", "mesa", "mapa colocar", {"combatiente": "Íñigo", "casilla": "C4"}
        )
        ver = await fake.command("kaeda", "mesa", "mapa ver")
    assert list(ver.last.files) == ["tablero.png"]
    assert ver.last.files["tablero.png"].startswith(b"\x89PNG")
    assert [f for f, _ in drawn] == [current("bot.render.tablero_png").render_tablero] * 3
    assert all(n >= 1 for _, n in drawn)


async def test_work_off_process_runs_in_another_process() -> None:
    assert await offloop.off_process(os.getpid) != os.getpid()
    offloop.shutdown_processes()  # a new one starts on the next call
    assert await offloop.off_process(divmod, 7, 2) == (3, 1)


async def test_an_encounter_read_from_its_rows_is_built_off_the_loop(
    script: Script, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first command after a restart (or once the cache let the encounter go) decodes
    a big encounter's document and builds the ``Encounter``: ~2.5 ms of CPU for 200
    combatants, off the loop (a small one, a few hundred µs, stays on it)."""
    await script.run(
        *KAEDA,
        *GUARDIA,
        "/encuentro empezar modo:mesa",
        *['/encuentro enemigos nombre:"Ñu del puerto" cantidad:20'] * 3,
        "@kaeda",
        "/encuentro unirse",
    )
    load = OffLoop(current("bot.storage.encounters").decode)
    build = OffLoop(current("bot.storage.encounters").build)
    monkeypatch.setattr(current("bot.storage.encounters"), "decode", load)
    monkeypatch.setattr(current("bot.storage.encounters"), "build", build)
    fake.bot.storage.encounter_cache.clear()  # as after a restart
    async with load.watching(), build.watching():
        reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 7"})
    assert "Ñu del puerto 7" in reply.first.text(), reply.first.text()
    load.check()  # the tracker's read after it finds the encounter the command cached
    build.check()
