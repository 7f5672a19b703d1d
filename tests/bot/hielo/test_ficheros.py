"""Files of Canción de hielo y fuego: export → import gives the same sheets in YAML, JSON,
CSV and XLSX; a bad file is refused whole, in Spanish, with nothing saved."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script

from .lines import GUARDIA, YORGEN

Upload = Callable[[str, bytes], str]
FORMATS = ("yaml", "json", "csv", "xlsx")
ARYA = (
    '/hielo ficha crear nombre:Arya habilidades:"Agilidad 4, Sanación 3" '
    'especialidades:"Agilidad: Rapidez 2" arma:Arco daño:3 arma_habilidad:Puntería '
    "arma_especialidad:Arcos escudo:1 destino:2"
)


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


async def sheets(session: Session, fake: FakeDiscord, kind: str) -> dict[str, object]:
    async with session.storage.guild(fake.guild.id) as uow:
        rows = await uow.system_sheets.list("hielo", kind)  # type: ignore[arg-type]
    return {r.nombre: r.data for r in rows}


@pytest.mark.parametrize("fmt", FORMATS)
async def test_export_then_import_gives_the_same_sheets(
    script: Script, fake: FakeDiscord, session: Session, upload: Upload, fmt: str
) -> None:
    await script.run("@kaeda", YORGEN, ARYA)
    before = await sheets(session, fake, "pj")
    exported = await fake.command("kaeda", "mesa", "hielo ficha exportar", {"formato": fmt})
    assert exported.last.ephemeral
    data = exported.last.files[f"hielo-fichas.{fmt}"]
    await script.run("/hielo ficha borrar nombre:Yorgen", "/hielo ficha borrar nombre:Arya")
    assert await sheets(session, fake, "pj") == {}
    reply = await fake.command(
        "kaeda", "mesa", "hielo ficha importar", {"archivo": upload(f"f.{fmt}", data)}
    )
    assert "Yorgen: nueva" in reply.last.text() and "Arya: nueva" in reply.last.text()
    assert await sheets(session, fake, "pj") == before
    again = await fake.command("kaeda", "mesa", "hielo ficha exportar", {"formato": fmt})
    if fmt != "xlsx":  # (a workbook's bytes carry the time it was written)
        assert again.last.files[f"hielo-fichas.{fmt}"] == data


async def test_the_bestiary_round_trips_and_a_taken_name_needs_reemplazar(
    script: Script, fake: FakeDiscord, session: Session, upload: Upload
) -> None:
    await script.run("@master", GUARDIA)
    before = await sheets(session, fake, "enemigo")
    exported = await fake.command("master", "mesa", "hielo bestiario exportar", {"formato": "csv"})
    data = exported.last.files["hielo-enemigos.csv"]
    assert "Guardia" in data.decode("utf-8-sig") and "Lanza: 3" in data.decode("utf-8-sig")
    refused = await fake.command(
        "master", "mesa", "hielo bestiario importar", {"archivo": upload("b.csv", data)}
    )
    assert "Ya hay una ficha llamada «Guardia»: no se ha importado nada" in refused.last.text()
    replaced = await fake.command(
        "master",
        "mesa",
        "hielo bestiario importar",
        {"archivo": upload("b2.csv", data), "reemplazar": True},
    )
    assert "Guardia: reemplazada" in replaced.last.text()
    assert await sheets(session, fake, "enemigo") == before


async def test_a_bad_file_is_refused_whole(
    script: Script, fake: FakeDiscord, session: Session, upload: Upload
) -> None:
    await script.run("@kaeda", YORGEN)
    before = await sheets(session, fake, "pj")
    bad = {
        "a.yaml": (
            b"fichas:\n  - nombre: Nueva\n  - nombre: Mala\n    habilidades: {Brio: 12}\n",
            "El rango de Brio: de 1 a 8 (se dio 12).",
        ),
        "b.yaml": (b"enemigos:\n  - nombre: Lobo\n", "esto es un archivo de enemigos"),
        "c.csv": (
            b"nombre;armas\nNueva;Daga\n",
            "no entiendo el arma «Daga» (se escribe «Daga: 2»).",
        ),
        "d.xlsx": (b"no es un libro", "el archivo no es un libro .xlsx que se pueda leer"),
        "e.csv": (b"nombre;fuerza\nX;3\n", "columna desconocida «fuerza»"),
    }
    for name, (data, said) in bad.items():
        reply = await fake.command(
            "kaeda", "mesa", "hielo ficha importar", {"archivo": upload(name, data)}
        )
        assert said in reply.last.text(), reply.last.text()
    other = await fake.command(
        "bran", "mesa", "hielo ficha importar",
        {"archivo": upload("y.yaml", b"fichas:\n  - nombre: Yorgen\n"), "reemplazar": True},
    )  # fmt: skip
    assert "La ficha «Yorgen» no es tuya" in other.last.text()
    assert await sheets(session, fake, "pj") == before
