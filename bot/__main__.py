"""Entry point of ``umbral-bot``.

- ``umbral-bot`` with ``DISCORD_TOKEN``: the real bot (migrations, logging, command sync).
- ``umbral-bot`` without it, or ``umbral-bot consola [--db RUTA_O_URL] [--dados 9,5,12]
  [--master NOMBRE]… [--registro FICHERO]``: the local console over the same command tree
  (exit status 1 when its Discord refused a request as invalid or left one unanswered).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bot.process.cli import ArgumentParser, add_respaldo, run_respaldo
from bot.process.config import Settings, configure_logging, db_url_from

log = logging.getLogger("bot")

#: Exit statuses as a shell reports a death by SIGINT (Ctrl-C) or SIGTERM: 128 + signal.
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


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
    return parser


async def run_console(
    settings: Settings,
    *,
    db: str | None,
    faces: Sequence[int],
    masters: Sequence[str],
    stdin: TextIO,
    stdout: TextIO,
    echo: bool = False,
    fresh: bool = False,
    registro: str | None = None,
) -> int:
    """The console until end of input; non-zero when Discord refused a request as invalid
    or an interaction went unanswered (``(discord)`` lines say which)."""
    if fresh:  # a throwaway file (WAL and all, as a real one), removed with its folder at exit
        with tempfile.TemporaryDirectory(prefix="umbral-consola-") as folder:
            return await run_console(
                settings.model_copy(update={"run_migrations": True}),  # a new file needs them
                db=str(Path(folder) / "umbral.db"),
                faces=faces,
                masters=masters,
                stdin=stdin,
                stdout=stdout,
                echo=echo,
                registro=registro,
            )
    from bot.console import open_session
    from bot.console.runner import Console, interactive
    from bot.process.startup import database_errors
    from umbral_rules import ForcedDice

    url = db_url_from(db) if db else settings.db_url
    log_file: TextIO | None = None
    if registro:
        log_file = await asyncio.to_thread(open, registro, "w", encoding="utf-8")
    try:
        with database_errors(url):
            session = await open_session(
                url,
                dice=ForcedDice(faces),
                masters=masters,
                migrate=settings.run_migrations,
                settings=settings,
                log=log_file,
            )
    except BaseException:
        if log_file is not None:
            log_file.close()
        raise
    try:
        console = Console(session.discord, stdout, user=masters[0])
        await console.wait(0)  # reminders that fell due while the bot was down: once, now
        if stdin.isatty():
            stdout.write(
                "Consola de Umbral. Escribe /ayuda; @nombre cambia de usuario, #canal de canal, "
                "!pulsar Etiqueta pulsa un botón. Ctrl-D para salir.\n"
            )
        from bot.process.lifecycle import (
            StoppableInput,
            install_console_signals,
            install_terminal_stop,
        )

        source = stdin if stdin.isatty() else StoppableInput(stdin)
        if isinstance(source, StoppableInput):
            restore = install_console_signals(source)
        else:  # on a terminal Ctrl-C (asyncio.run) and SIGTERM end the console at once
            restore = install_terminal_stop()
        try:
            await interactive(console, source, echo=echo)  # type: ignore[arg-type]
        finally:
            restore()
    finally:
        await session.close()
        if log_file is not None:
            log_file.close()
    return 1 if session.discord.gate.failed else 0


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
    from bot.app import UmbralBot
    from bot.process.lifecycle import install_bot_signals
    from bot.process.startup import database_errors, probe, run_with_retries
    from bot.storage import Storage, upgrade_head
    from umbral_rules import RandomDice

    url = settings.db_url
    with database_errors(url):
        if settings.run_migrations:
            log.info("Aplicando migraciones")
            await upgrade_head(url)
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

    await run_with_retries(make_bot, token, install_bot_signals)
    return 0


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else list(argv))
    settings = Settings()
    if args.orden == "respaldo":
        return run_respaldo(args, settings)
    if args.orden == "sincronizar":
        configure_logging(settings.log_level)
        if not settings.token:
            log.error("Para sincronizar los comandos hace falta DISCORD_TOKEN.")
            return 2
        return asyncio.run(sync_now(settings, settings.token))
    console = args.orden == "consola" or not settings.token
    configure_logging("ERROR" if console else settings.log_level)
    from bot.process.startup import StartupError

    try:
        if not console and settings.token:
            return asyncio.run(run_bot(settings, settings.token))
        return _console(args, settings, stdin, stdout)
    except StartupError as failure:
        print(f"umbral-bot: {failure}", file=sys.stderr)
        return failure.status
    except KeyboardInterrupt:  # Ctrl-C before the bot's own signal handlers are in place
        return EXIT_INTERRUPTED


def _console(
    args: argparse.Namespace, settings: Settings, stdin: TextIO | None, stdout: TextIO | None
) -> int:
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
            )
        )
    except KeyboardInterrupt:  # Ctrl-C on a terminal: the database is closed by now
        out.write("\n")
        out.flush()
        return EXIT_INTERRUPTED
    except asyncio.CancelledError:  # SIGTERM on a terminal (install_terminal_stop)
        return EXIT_TERMINATED


if __name__ == "__main__":
    raise SystemExit(main())
