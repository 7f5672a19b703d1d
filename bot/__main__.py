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
from collections.abc import Sequence
from typing import TextIO

from bot.config import Settings, configure_logging, db_url_from

log = logging.getLogger("bot")


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
    parser = argparse.ArgumentParser(
        prog="umbral-bot",
        description="Bot de Discord de Umbral. Sin DISCORD_TOKEN abre la consola local.",
    )
    sub = parser.add_subparsers(dest="orden")
    consola = sub.add_parser(
        "consola", help="la consola local: un Discord de mentira en la terminal"
    )
    consola.add_argument("--db", metavar="RUTA_O_URL", help="fichero SQLite o URL de base de datos")
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
    from bot import respaldo

    respaldo.add_parser(sub)
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
    registro: str | None = None,
) -> int:
    """The console until end of input; non-zero when Discord refused a request as invalid
    or an interaction went unanswered (``(discord)`` lines say which)."""
    from bot.console import open_session
    from bot.console.runner import Console, interactive
    from umbral_rules import ForcedDice

    url = db_url_from(db) if db else settings.db_url
    log_file: TextIO | None = None
    if registro:
        log_file = await asyncio.to_thread(open, registro, "w", encoding="utf-8")
    session = await open_session(
        url,
        dice=ForcedDice(faces),
        masters=masters,
        migrate=settings.run_migrations,
        settings=settings,
        log=log_file,
    )
    try:
        console = Console(session.discord, stdout, user=masters[0])
        if stdin.isatty():
            stdout.write(
                "Consola de Umbral. Escribe /ayuda; @nombre cambia de usuario, #canal de canal, "
                "!pulsar Etiqueta pulsa un botón. Ctrl-D para salir.\n"
            )
        from bot.lifecycle import StoppableInput, install_console_signals

        source = stdin if stdin.isatty() else StoppableInput(stdin)
        restore = install_console_signals(source) if isinstance(source, StoppableInput) else None
        try:
            await interactive(console, source, echo=echo)  # type: ignore[arg-type]
        finally:
            if restore is not None:
                restore()
    finally:
        await session.close()
        if log_file is not None:
            log_file.close()
    return 1 if session.discord.gate.failed else 0


def freeze_startup_heap() -> None:
    """Move everything alive after start-up (modules, SQLAlchemy's and discord.py's
    objects: ~140 000) out of the garbage collector's reach: its full collections then walk
    only what commands create, ~5 ms instead of ~60 ms each (issue 9's benchmark)."""
    gc.collect()
    gc.freeze()


async def run_bot(settings: Settings, token: str) -> int:
    from bot.app import UmbralBot
    from bot.storage import Storage, upgrade_head
    from umbral_rules import RandomDice

    url = settings.db_url
    if settings.run_migrations:
        log.info("Aplicando migraciones")
        await upgrade_head(url)
    storage = Storage.from_url(url)
    bot = UmbralBot(settings, RandomDice(), storage)
    freeze_startup_heap()
    async with bot:
        from bot.lifecycle import install_bot_signals

        install_bot_signals(bot)
        await bot.start(token)
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
        from bot import respaldo

        return respaldo.run(args, settings)
    console = args.orden == "consola" or not settings.token
    configure_logging("ERROR" if console else settings.log_level)
    if not console and settings.token:
        return asyncio.run(run_bot(settings, settings.token))
    masters = getattr(args, "master", None) or ["master"]
    try:
        return asyncio.run(
            run_console(
                settings,
                db=getattr(args, "db", None),
                faces=getattr(args, "dados", []),
                masters=masters,
                stdin=stdin or sys.stdin,
                stdout=stdout or sys.stdout,
                echo=getattr(args, "eco", False),
                registro=getattr(args, "registro", None),
            )
        )
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
