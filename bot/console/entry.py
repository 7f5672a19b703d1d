"""``umbral-bot consola``: the console as a program. It opens the database and a fake guild,
reads lines until the end of its input, and stops cleanly on a signal: on a terminal Ctrl-C
(or SIGTERM) cuts the command running, whose transaction rolls back; with piped input the
line running finishes. Either way the database is closed, and Ctrl-C ends with status 130."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.console.files import default_folder
from bot.process.config import Settings, db_url_from
from bot.process.lifecycle import Interruption, StoppableInput

log = logging.getLogger("bot")


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
    adjuntos: str | None = None,
) -> int:
    """The console until end of input; non-zero when Discord refused a request as invalid
    or an interaction went unanswered (``(discord)`` lines say which), or when a line made
    the console itself fail (``(consola) Algo ha fallado con esa línea``)."""
    if adjuntos is None:  # where the attachments go (bot/console/files.py)
        adjuntos = str(default_folder(db_url_from(db) if db else settings.db_url, fresh))
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
                adjuntos=adjuntos,
            )
    stop = Interruption()
    terminal = stdin.isatty()
    piped = None if terminal else StoppableInput(stdin)
    # First thing: a Ctrl-C while the database is being migrated or opened is clean too.
    restore = stop.on_terminal() if piped is None else stop.on_input(piped)
    opened: list[Any] = []  # the console, once open (did a Ctrl-C cut a command?)
    try:
        failed = await _console_session(
            settings,
            db,
            faces,
            masters,
            piped or stdin,
            stdout,
            echo,
            registro,
            stop,
            Path(adjuntos),
            opened,
        )
    except BaseException as exc:
        if stop.signal is None:
            raise
        # Stopped by a signal: whatever the cancellation raised on its way out was already
        # rolled back; it is not the user's business (DEBUG only).
        log.debug("La consola se cortó (señal %s)", stop.signal, exc_info=True)
        task = asyncio.current_task()
        if isinstance(exc, asyncio.CancelledError) and task is not None:
            task.uncancel()  # our own cancellation (Interruption.on_terminal): handled
    finally:
        restore()
    if stop.signal is not None:
        said = bool(opened) and opened[0].cut  # it ended its own line
        if terminal and stop.signal == signal.SIGINT and not said:
            stdout.write("\n")  # the shell's prompt on a line of its own, after «^C»
            stdout.flush()
        return stop.status(terminal)
    return 1 if failed else 0


async def _console_session(
    settings: Settings,
    db: str | None,
    faces: Sequence[int],
    masters: Sequence[str],
    source: TextIO | StoppableInput,
    stdout: TextIO,
    echo: bool,
    registro: str | None,
    stop: Interruption,
    adjuntos: Path,
    opened: list[Any],
) -> bool:
    """Open the database and the fake guild, read lines until the end of ``source`` (or a
    stop), close; whether Discord refused a request or an interaction went unanswered."""
    from bot.console import open_session
    from bot.console.files import Attachments
    from bot.console.runner import Console, interactive
    from bot.process.startup import database_errors
    from bot.storage.engine import is_sqlite_memory
    from bot.storage.migrate import check_revision
    from umbral_rules import ForcedDice

    url = db_url_from(db) if db else settings.db_url
    log_file: TextIO | None = None
    if registro:
        log_file = await asyncio.to_thread(open, registro, "w", encoding="utf-8")
    try:
        with database_errors(url):
            if not settings.run_migrations and not is_sqlite_memory(url):
                await check_revision(url)  # not one a later release migrated
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
    if session.migrated is not None and session.migrated.changed:
        print(f"umbral-bot: {session.migrated.line()}", file=sys.stderr)
    console = None
    try:
        console = Console(
            session.discord, stdout, user=masters[0], attachments=Attachments(adjuntos)
        )
        opened.append(console)
        await console.wait(0)  # reminders that fell due while the bot was down: once, now
        if source.isatty():
            stdout.write(
                "Consola de Umbral. Escribe /ayuda; @nombre cambia de usuario, #canal de canal, "
                "!pulsar Etiqueta pulsa un botón. Ctrl-D para salir.\n"
            )
        await interactive(
            console,
            source,  # type: ignore[arg-type]
            echo=echo,
            stopped=lambda: stop.signal is not None,
        )
    finally:
        await session.close()
        if log_file is not None:
            log_file.close()
    return session.discord.gate.failed or (console is not None and console.crashed)
