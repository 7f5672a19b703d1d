"""``umbral-bot respaldo DESTINO [--db RUTA]``: an online backup of the SQLite database."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from bot.config import Settings, db_url_from
from bot.storage.backup import BackupError, backup


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "respaldo",
        help="copia la base de datos SQLite, también con el bot en marcha",
    )
    parser.add_argument("destino", metavar="DESTINO", help="fichero donde dejar la copia")
    parser.add_argument("--db", metavar="RUTA", help="la base a copiar (por defecto, la del bot)")


def run(args: argparse.Namespace, settings: Settings) -> int:
    url = db_url_from(args.db) if args.db else settings.db_url
    try:
        pages = asyncio.run(backup(url, args.destino))
    except BackupError as error:
        print(str(error), file=sys.stderr)
        return 1
    print(f"Respaldo hecho en {args.destino} ({pages} páginas).")
    return 0
