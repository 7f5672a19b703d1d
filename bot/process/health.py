"""The container's health check: ``python -m bot.process.health`` exits 0 when the database answers
(``DATABASE_URL``, or the SQLite file at ``UMBRAL_DB_PATH``), 1 otherwise. It never creates
the SQLite file and never needs the token."""

from __future__ import annotations

import asyncio
import sqlite3
import sys

from bot.process.config_check import ConfigError, load_settings
from bot.storage.database import answers, database_of
from bot.storage.engine import create_engine, is_sqlite


def check_sqlite(url: str) -> str | None:
    database = database_of(url)
    try:
        conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
        try:
            conn.execute("SELECT count(*) FROM alembic_version").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as error:
        return f"La base de datos SQLite {database} no responde: {error}"
    return None


async def check_server(url: str) -> str | None:
    engine = create_engine(url, pool_pre_ping=False)
    try:
        await answers(engine)
    except Exception as error:
        return f"La base de datos no responde ({type(error).__name__})."
    finally:
        await engine.dispose()
    return None


def main() -> int:
    try:
        url = load_settings().db_url
    except ConfigError as error:  # a wrong setting: its one line, as the bot says it
        print(error, file=sys.stderr)
        return 1
    problem = check_sqlite(url) if is_sqlite(url) else asyncio.run(check_server(url))
    if problem:
        print(problem, file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
