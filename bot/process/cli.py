"""argparse in Spanish: usage, headings, ``-h/--help`` and argparse's own error messages;
and the ``respaldo`` and ``restaurar`` subcommands.

:class:`ArgumentParser` is the class of ``umbral-bot``'s parser, and ``add_subparsers``
gives every subcommand the same class (argparse's default ``parser_class`` is the parent's),
so a new subcommand is Spanish with nothing to do.

``umbral-bot respaldo DESTINO [--db RUTA]``: an online backup of the SQLite database
(:mod:`bot.storage.backup` makes it); ``umbral-bot restaurar FICHERO [--db RUTA]`` puts
one back, with the bot stopped (:mod:`bot.storage.restore`).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections.abc import Iterable
from typing import Any, NoReturn

from bot.process.config import Settings, db_url_from
from bot.storage.backup import BackupError, backup
from bot.storage.restore import restore

HEADINGS = {
    "positional arguments": "argumentos",
    "options": "opciones",
    "optional arguments": "opciones",
}

#: argparse's error messages (Python 3.11), English pattern → Spanish. Applied in order to
#: the whole message, so "argument X: invalid choice: …" has both parts translated.
MESSAGES: tuple[tuple[str, str], ...] = (
    (r"^argument (?P<name>[^:]+): ", r"argumento \g<name>: "),
    (
        r"invalid choice: '?(?P<value>.+?)'? \(choose from (?P<choices>.+)\)$",
        r"«\g<value>» no es una opción (elige entre \g<choices>)",
    ),
    (r"the following arguments are required: (?P<names>.+)$", r"falta: \g<names>"),
    (r"unrecognized arguments: (?P<words>.+)$", r"sobra: \g<words>"),
    (r"one of the arguments (?P<names>.+) is required$", r"hace falta uno de \g<names>"),
    (r"not allowed with argument (?P<name>.+)$", r"no se puede usar junto con \g<name>"),
    (r"expected one argument$", "necesita un valor"),
    (r"expected at most one argument$", "admite un valor como mucho"),
    (r"expected at least one argument$", "necesita al menos un valor"),
    (r"expected (?P<n>\d+) arguments?$", r"necesita \g<n> valores"),
    (r"invalid (?P<type>\w+) value: '?(?P<value>.+?)'?$", r"«\g<value>» no es un valor válido"),
    (r"ignored explicit argument (?P<value>.+)$", r"no admite valor: \g<value>"),
    (
        r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)$",
        r"la opción \g<option> es ambigua: puede ser \g<matches>",
    ),
)


def translate(message: str) -> str:
    """One of argparse's error messages in Spanish (a message of ours stays as it is)."""
    for pattern, spanish in MESSAGES:
        message = re.sub(pattern, spanish, message)
    return message


class HelpFormatter(argparse.HelpFormatter):
    """``uso:`` and Spanish section headings."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[Any],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, "uso: " if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(HEADINGS.get(heading or "", heading))


class ArgumentParser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` that speaks Spanish (see the module's doc)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        add_help = kwargs.pop("add_help", True)
        kwargs["add_help"] = False  # ours, with a Spanish help line, below
        super().__init__(*args, **kwargs)
        if add_help:
            self.add_argument("-h", "--help", action="help", help="muestra esta ayuda y termina")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {translate(message)}\n")


# --- umbral-bot respaldo --------------------------------------------------------------------


def add_respaldo(sub: Any) -> None:
    parser = sub.add_parser(
        "respaldo",
        help="copia la base de datos SQLite, también con el bot en marcha",
    )
    parser.add_argument("destino", metavar="DESTINO", help="fichero donde dejar la copia")
    parser.add_argument("--db", metavar="RUTA", help="la base a copiar (por defecto, la del bot)")


def run_respaldo(args: argparse.Namespace, settings: Settings) -> int:
    url = db_url_from(args.db) if args.db else settings.db_url
    try:
        pages = asyncio.run(backup(url, args.destino))
    except BackupError as error:
        print(str(error), file=sys.stderr)
        return 1
    print(f"Respaldo hecho en {args.destino} ({pages} páginas).")
    return 0


# --- umbral-bot restaurar -------------------------------------------------------------------


def add_restaurar(sub: Any) -> None:
    parser = sub.add_parser(
        "restaurar",
        help="pone una copia (un respaldo) en lugar de la base de datos SQLite, con el bot parado",
    )
    parser.add_argument("fichero", metavar="FICHERO", help="la copia que se restaura")
    parser.add_argument(
        "--db", metavar="RUTA", help="la base a sustituir (por defecto, la del bot)"
    )


def run_restaurar(args: argparse.Namespace, settings: Settings) -> int:
    url = db_url_from(args.db) if args.db else settings.db_url
    try:
        kept = restore(url, args.fichero)
    except BackupError as error:
        print(str(error), file=sys.stderr)
        return 1
    where = f"; la que había queda en {kept}" if kept is not None else ""
    print(f"Restaurada la copia {args.fichero}{where}.")
    return 0
