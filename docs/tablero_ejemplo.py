"""Una pelea de Táctico por la consola, con las imágenes del tablero en una carpeta.

Juega ``docs/tablero-pelea.txt`` (tres personajes contra un ogro y dos guardias en un
tablero de 12×12) en una base SQLite nueva, con dados al azar de semilla fija, y guarda
cada PNG que publica el bot como ``CARPETA/NN-tablero.png``. Las líneas marcadas con
``; docs:NOMBRE`` dejan además su imagen en ``docs/NOMBRE.png`` (las dos del repositorio:
``tablero-inicio.png`` y ``tablero-barrido.png``), y lo que imprime la consola queda en
``docs/tablero-pelea.salida.txt``.

Uso: ``make ejemplo-tablero CARPETA=…``, o ``.venv/bin/python docs/tablero_ejemplo.py
[CARPETA]`` con el Python del entorno del proyecto (por defecto, una carpeta temporal).
"""

from __future__ import annotations

import asyncio
import io
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from bot.console import open_session  # noqa: E402
from bot.console.runner import Console  # noqa: E402
from umbral_rules import RandomDice  # noqa: E402

SCRIPT = DOCS / "tablero-pelea.txt"
TRANSCRIPT = DOCS / "tablero-pelea.salida.txt"
SEED = 41  # Libro VI §41
MARK = re.compile(r";\s*docs:([-\w]+)\s*$")


@dataclass
class Fight:
    transcript: str = ""
    pictures: list[bytes] = field(default_factory=list)  # every board posted, in order
    marked: dict[str, bytes] = field(default_factory=dict)  # the «; docs:NOMBRE» ones


async def play(db_url: str, lines: list[str], *, migrate: bool = True) -> Fight:
    """Run the console lines against a fresh bot and keep every board picture it posts."""
    session = await open_session(db_url, dice=RandomDice(SEED), migrate=migrate)
    out = io.StringIO()
    console = Console(session.discord, out)
    fight = Fight()
    try:
        for line in lines:
            reply = await console.run_line(line, echo=True)
            for message in reply.messages if reply is not None else []:
                png = message.files.get("tablero.png")
                if png is None:
                    continue
                fight.pictures.append(png)
                out.write(f"  (imagen {len(fight.pictures):02d}-tablero.png)\n")
                mark = MARK.search(line)
                if mark:
                    fight.marked[mark.group(1)] = png
    finally:
        await session.close()
    fight.transcript = out.getvalue()
    return fight


def script_lines() -> list[str]:
    return SCRIPT.read_text(encoding="utf-8").splitlines()


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(tempfile.mkdtemp(prefix="tablero-"))
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fight = asyncio.run(play(f"sqlite+aiosqlite:///{tmp}/umbral.db", script_lines()))
    for number, png in enumerate(fight.pictures, start=1):
        (folder / f"{number:02d}-tablero.png").write_bytes(png)
    TRANSCRIPT.write_text(fight.transcript, encoding="utf-8")
    for name, png in fight.marked.items():
        (DOCS / f"{name}.png").write_bytes(png)
    print(f"{len(fight.pictures)} imágenes en {folder}; ejemplos: {', '.join(fight.marked)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
