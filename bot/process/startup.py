"""What can fail before the bot is up, each said in one Spanish line with its own exit status
(the traceback goes to the log at DEBUG only): Discord unreachable (retried with back-off),
the token refused, the database unreachable or not writable."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import aiohttp
import discord

from bot.app import UmbralBot
from bot.storage.database import DatabaseError, answers, shown_url
from bot.storage.engine import is_sqlite

log = logging.getLogger("bot")

#: Exit statuses (sysexits.h): a supervisor should not restart on EXIT_TOKEN_REFUSED.
EXIT_DISCORD_UNREACHABLE = 69  # EX_UNAVAILABLE: no network or Discord down; worth a restart
EXIT_DATABASE = 74  # EX_IOERR: the database can't be opened or written
EXIT_TOKEN_REFUSED = 78  # EX_CONFIG: DISCORD_TOKEN is wrong; restarting won't help
EXIT_DATABASE_NEWER = 78  # EX_CONFIG: a later release migrated the database; so won't this

#: Seconds before each new attempt to reach Discord at start-up (then it gives up). Once
#: connected, discord.py's ``reconnect=True`` keeps the gateway up with its own back-off.
LOGIN_RETRY_DELAYS_S: Sequence[float] = (2, 4, 8, 16, 32, 60)

#: What "Discord is not reachable" looks like: no network, DNS, a timeout, a 5xx.
UNREACHABLE = (aiohttp.ClientError, OSError, discord.DiscordServerError, discord.GatewayNotFound)


class StartupError(Exception):
    """A start-up failure: its Spanish line and the exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def _reason(exc: BaseException) -> str:
    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    name = type(getattr(exc, "orig", None) or exc).__name__
    return f"{name}: {detail[0]}" if detail and detail[0] else name


@contextmanager
def database_errors(url: str) -> Iterator[None]:
    """Turn a database that can't be opened, reached or written, or one a later release
    migrated (:class:`~bot.storage.revision.NewerDatabase`), into a :class:`StartupError`."""
    from bot.storage.revision import NewerDatabase

    try:
        yield
    except NewerDatabase as exc:
        log.debug("Base de datos más nueva que el código", exc_info=True)
        raise StartupError(str(exc), EXIT_DATABASE_NEWER) from exc
    except (OSError, DatabaseError) as exc:
        log.debug("La base de datos no responde", exc_info=True)
        shown = shown_url(url)
        if is_sqlite(url):
            hint = "¿existe la carpeta y se puede escribir en ella?"
        else:
            hint = "¿está el servidor en marcha y es correcta la URL (DATABASE_URL)?"
        raise StartupError(
            f"No se puede usar la base de datos {shown}: {hint} ({_reason(exc)})", EXIT_DATABASE
        ) from exc


async def probe(url: str) -> None:
    """Open ``url`` once (when the bot does not migrate it at start-up)."""
    from bot.storage.engine import create_migration_engine
    from bot.storage.migrate import check_revision

    engine = create_migration_engine(url)
    try:
        await answers(engine)
        await check_revision(url, engine)  # not one a later release migrated
    finally:
        await engine.dispose()


async def run_with_retries(
    make_bot: Callable[[], UmbralBot],
    token: str,
    install_signals: Callable[[UmbralBot], Callable[[], None]],
) -> None:
    """Start a bot from ``make_bot`` until it runs; while Discord can't be reached, wait
    :data:`LOGIN_RETRY_DELAYS_S` between attempts (each with a new bot: the failed one is
    closed), then give up with :class:`StartupError`."""
    attempt = 0
    while True:
        bot = make_bot()
        try:
            async with bot:
                undo = install_signals(bot)
                try:
                    await bot.start(token)
                finally:
                    undo()
            return
        except discord.LoginFailure as exc:
            log.debug("Discord rechaza el token", exc_info=True)
            raise StartupError(
                "Discord rechaza el token (DISCORD_TOKEN): cópialo otra vez del portal de "
                "desarrolladores de Discord (Bot → Reset Token).",
                EXIT_TOKEN_REFUSED,
            ) from exc
        except UNREACHABLE as exc:
            log.debug("Discord no responde", exc_info=True)
            if attempt >= len(LOGIN_RETRY_DELAYS_S):
                raise StartupError(
                    f"No se puede conectar con Discord tras {attempt + 1} intentos: ¿hay "
                    f"conexión a internet? ({_reason(exc)})",
                    EXIT_DISCORD_UNREACHABLE,
                ) from exc
            delay = LOGIN_RETRY_DELAYS_S[attempt]
            attempt += 1
            log.warning(
                "No se puede conectar con Discord (%s); nuevo intento en %g s (%d de %d).",
                _reason(exc),
                delay,
                attempt + 1,
                len(LOGIN_RETRY_DELAYS_S) + 1,
            )
            await asyncio.sleep(delay)
