"""The files the bot attaches, through ``umbral-bot consola`` (issue 43): the board's picture
of ``/mapa`` is written to a folder (``--adjuntos``, or ``<base>-adjuntos`` beside the
database) and its path printed under the message; a file the user attaches is
``opcion:/ruta`` (or ``opcion:@/ruta``)."""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot.__main__ import main
from bot.console.files import default_folder

SETUP = """
@master
/bestiario añadir nombre:Ogro ataque:16 defensa:11 aguante:30 potencia:6 arma:Garrote
/encuentro empezar modo:tactico
/encuentro enemigos nombre:Ogro
/mapa crear ancho:8 alto:8
"""
SAVED = re.compile(r"\[archivo adjunto: tablero\.png, (\d+) bytes\]\n  \(guardado en (.+)\)")


def run(tmp_path: Path, script: str, *extra: str) -> str:
    out = io.StringIO()
    args = ["consola", "--eco", "--db", str(tmp_path / "umbral.db"), *extra]
    assert main(args, stdin=io.StringIO(script), stdout=out) == 0
    text = out.getvalue()
    assert "(consola)" not in text, text
    return text


def test_the_map_is_written_beside_the_database(tmp_path: Path) -> None:
    text = run(tmp_path, SETUP)
    [(size, where)] = SAVED.findall(text)
    path = Path(where)
    assert path.parent == (tmp_path / "umbral-adjuntos").resolve()
    assert path.name.endswith("-tablero.png")
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) == int(size)


def test_adjuntos_chooses_the_folder_and_each_picture_keeps_its_own_file(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "mis mapas"
    text = run(tmp_path, SETUP + "/mapa ver\n", "--adjuntos", str(folder))
    paths = [Path(where) for _, where in SAVED.findall(text)]
    assert len(paths) == 2 and len(set(paths)) == 2, text
    assert all(p.parent == folder.resolve() and p.is_file() for p in paths)
    assert not (tmp_path / "umbral-adjuntos").exists()


def test_a_file_the_user_attaches_is_a_path(tmp_path: Path) -> None:
    sheet = tmp_path / "kaeda.yaml"
    sheet.write_text(
        "personajes:\n  - nombre: Kaeda\n    atributos: {vigor: 3, destreza: 3, percepcion: 1, "
        "voluntad: 1}\n    proteccion: 1\n",
        encoding="utf-8",
    )
    text = run(tmp_path, f"@kaeda\n/ficha importar archivo:{sheet}\n")
    assert "Personajes nuevos: 1." in text


def test_the_default_folder() -> None:
    assert default_folder("sqlite+aiosqlite:////srv/umbral/umbral.db", False) == Path(
        "/srv/umbral/umbral-adjuntos"
    )
    temporary = default_folder("sqlite+aiosqlite:///:memory:", False)
    assert temporary.name == "umbral-adjuntos" and temporary.parent != Path("/srv/umbral")
    assert default_folder("sqlite+aiosqlite:////srv/umbral/umbral.db", True) == temporary
    assert default_folder("postgresql+asyncpg://u@h/umbral", False) == temporary
