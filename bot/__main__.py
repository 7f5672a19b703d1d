"""Entry point of ``umbral-bot``.

- ``umbral-bot`` with ``DISCORD_TOKEN``: the real bot (migrations, logging, command sync).
- ``umbral-bot`` without it, or ``umbral-bot consola [--db RUTA_O_URL] [--dados 9,5,12]
  [--master NOMBRE]… [--registro FICHERO] [--adjuntos CARPETA]``: the local console over
  the same command tree
  (exit status 1 when its Discord refused a request as invalid or left one unanswered).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from typing import TextIO, cast

from bot.process.cli import (
    ArgumentParser,
    add_respaldo,
    add_restaurar,
    run_respaldo,
    run_restaurar,
)
from bot.process.config import Settings, async_url, configure_logging
from bot.process.config_check import ACCEPTS, EXIT_CONFIG, ConfigError, load_settings, unknown_keys

log = logging.getLogger("bot")

#: Exit status as a shell reports a death by SIGINT (Ctrl-C): 128 + signal.
EXIT_INTERRUPTED = 130


def parse_faces(text: str) -> list[int]:
    """``"9,5,12"`` → ``[9, 5, 12]``."""
    faces = []
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        try:
            face = int(part)
        except ValueError:
            raise argparse.ArgumentTypeError(f"«{part}» no es una cara de dado.") from None
        if face < 1:
            raise argparse.ArgumentTypeError(f"Un dado no saca {face}: las caras empiezan en 1.")
        faces.append(face)
    return faces


def db_option(text: str) -> str:
    """``--db``: a file path, ``:memory:`` or a database URL the bot can use."""
    if "://" in text:
        try:
            async_url(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"«{text}» no es una base de datos que el bot pueda usar: admite un fichero "
                f"SQLite, :memory: o {ACCEPTS['DATABASE_URL']}"
            ) from None
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="umbral-bot",
        description="Bot de Discord de Umbral. Sin DISCORD_TOKEN abre la consola local.",
    )
    sub = parser.add_subparsers(dest="orden", title="órdenes")  # each one a Spanish parser
    consola = sub.add_parser(
        "consola", help="la consola local: un Discord de mentira en la terminal"
    )
    where = consola.add_mutually_exclusive_group()
    where.add_argument(
        "--db",
        metavar="RUTA_O_URL",
        type=db_option,
        help="fichero SQLite, URL de base de datos o :memory: (en memoria, se pierde al salir)",
    )
    where.add_argument(
        "--nueva",
        action="store_true",
        help="una base de datos nueva y desechable, que se borra al salir",
    )
    consola.add_argument(
        "--dados",
        metavar="9,5,12",
        type=parse_faces,
        default=[],
        help="caras que sacarán los dados, en orden (luego, al azar)",
    )
    consola.add_argument(
        "--eco",
        action="store_true",
        help="sin terminal, repetir cada línea leída antes de sus respuestas",
    )
    consola.add_argument(
        "--registro",
        metavar="FICHERO",
        help="escribir cada petición del bot a Discord como una línea JSON "
        '({"method", "path", "body"})',
    )
    consola.add_argument(
        "--adjuntos",
        metavar="CARPETA",
        help="carpeta donde escribir los ficheros que adjunta el bot (el mapa); por defecto "
        "<base>-adjuntos junto al fichero SQLite, o umbral-adjuntos en la carpeta temporal",
    )
    consola.add_argument(
        "--master",
        metavar="NOMBRE",
        action="append",
        default=None,
        help="usuario con el rol de máster (se puede repetir; por defecto «master»)",
    )
    sub.add_parser(
        "sincronizar", help="envía a Discord la lista de comandos aunque no haya cambiado"
    )
    add_respaldo(sub)
    add_restaurar(sub)
    return parser


def freeze_startup_heap() -> None:
    """Move everything alive after start-up (modules, SQLAlchemy's and discord.py's objects:
    over a hundred thousand) out of the garbage collector's reach: its full collections then
    walk only what commands create, a fraction of the time (figures in ``bench/README.md``)."""
    gc.collect()
    gc.freeze()


async def sync_now(settings: Settings, token: str) -> int:
    """``umbral-bot sincronizar``: log in, sync the command tree (forced), log out."""
    from bot.app import UmbralBot
    from bot.storage import Storage, upgrade_head
    from umbral_rules import RandomDice

    if settings.run_migrations:
        await upgrade_head(settings.db_url)
    bot = UmbralBot(settings, RandomDice(), Storage.from_url(settings.db_url))
    bot.force_sync = True
    async with bot:
        await bot.login(token)  # runs setup_hook, which syncs
    return 0


async def run_bot(settings: Settings, token: str) -> int:
    """The bot, holding its SQLite file's lock meanwhile (``restaurar`` refuses while held)."""
    from bot.process.startup import EXIT_DATABASE, StartupError
    from bot.storage.restore import RestoreError, running_on

    try:
        with running_on(settings.db_url):
            return await _run_bot(settings, token)
    except RestoreError as error:  # only running_on raises it: a restore is under way
        raise StartupError(str(error), EXIT_DATABASE) from None


async def _run_bot(settings: Settings, token: str) -> int:
    from bot.app import UmbralBot
    from bot.process.lifecycle import install_bot_signals
    from bot.process.startup import database_errors, probe, run_with_retries
    from bot.storage import Storage, upgrade_head
    from umbral_rules import RandomDice

    url = settings.db_url
    with database_errors(url):
        if settings.run_migrations:
            migrated = await upgrade_head(url)
            if migrated.changed:  # one line: from which revision, to which, the copy
                log.warning(migrated.line())
        else:
            await probe(url)
    bots = 0

    def make_bot() -> UmbralBot:
        nonlocal bots
        bot = UmbralBot(settings, RandomDice(), Storage.from_url(url))
        bots += 1
        if bots == 1:
            freeze_startup_heap()
        return bot

    stopped: list[int] = []

    def install_signals(bot: UmbralBot) -> Callable[[], None]:
        return install_bot_signals(bot, on_signal=stopped.append)

    await run_with_retries(make_bot, token, install_signals)
    return EXIT_INTERRUPTED if stopped[:1] == [signal.SIGINT] else 0


#: No token, no subcommand and nothing to read (Docker or systemd without a terminal).
NOTHING_TO_DO = (
    "Falta DISCORD_TOKEN: sin él se abre la consola local, que lee líneas de la entrada "
    "estándar, y no ha llegado ninguna. Pon DISCORD_TOKEN en el entorno o en .env (mira "
    ".env.example), o dale líneas a la consola (umbral-bot consola < partida.txt)."
)


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else list(argv))
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"umbral-bot: {error}", file=sys.stderr)
        return EXIT_CONFIG
    for warning in unknown_keys():
        print(f"umbral-bot: {warning}", file=sys.stderr)
    try:
        return _dispatch(args, settings, stdin, stdout)
    except KeyboardInterrupt:  # Ctrl-C before the bot's or the console's own handlers
        return EXIT_INTERRUPTED


def _dispatch(
    args: argparse.Namespace, settings: Settings, stdin: TextIO | None, stdout: TextIO | None
) -> int:
    if args.orden == "respaldo":
        return run_respaldo(args, settings)
    if args.orden == "restaurar":
        return run_restaurar(args, settings)
    if args.orden == "sincronizar":
        configure_logging(settings.log_level, settings.log_format, [settings.token])
        if not settings.token:
            log.error("Para sincronizar los comandos hace falta DISCORD_TOKEN.")
            return 2
        return asyncio.run(sync_now(settings, settings.token))
    console = args.orden == "consola" or not settings.token
    configure_logging(
        "ERROR" if console else settings.log_level, settings.log_format, [settings.token]
    )
    from bot.process.startup import StartupError

    try:
        if not console and settings.token:
            return asyncio.run(run_bot(settings, settings.token))
        source = stdin or sys.stdin
        if args.orden is None:  # no token: the console, if there is anything to read
            source = lines_or_none(source)
            if source is None:
                print(f"umbral-bot: {NOTHING_TO_DO}", file=sys.stderr)
                return EXIT_CONFIG
        return _console(args, settings, source, stdout)
    except StartupError as failure:
        print(f"umbral-bot: {failure}", file=sys.stderr)
        return failure.status


class Replayed:
    """Piped input whose first line was read already (to tell an empty input): that line,
    then the rest of the stream."""

    def __init__(self, first: str, stream: TextIO) -> None:
        self.first: str | None = first
        self.stream = stream

    def readline(self) -> str:
        if self.first is not None:
            line, self.first = self.first, None
            return line
        return self.stream.readline()

    def isatty(self) -> bool:
        return False


def lines_or_none(stream: TextIO | None) -> TextIO | None:
    """``stream`` when it is a terminal or has a line to read (then, piped, as
    :class:`Replayed`); ``None`` when there is no input, or it is already at its end."""
    if stream is None or stream.isatty():
        return stream
    first = stream.readline()
    return cast(TextIO, Replayed(first, stream)) if first else None


def _console(
    args: argparse.Namespace, settings: Settings, stdin: TextIO | None, stdout: TextIO | None
) -> int:
    from bot.console.entry import run_console

    masters = getattr(args, "master", None) or ["master"]
    out = stdout or sys.stdout
    try:
        return asyncio.run(
            run_console(
                settings,
                db=getattr(args, "db", None),
                faces=getattr(args, "dados", []),
                masters=masters,
                stdin=stdin or sys.stdin,
                stdout=out,
                echo=getattr(args, "eco", False),
                fresh=getattr(args, "nueva", False),
                registro=getattr(args, "registro", None),
                adjuntos=getattr(args, "adjuntos", None),
            )
        )
    except KeyboardInterrupt:  # a Ctrl-C before the console's own handlers were in place
        out.write("\n")
        out.flush()
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(main())
