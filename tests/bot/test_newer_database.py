"""A database newer than the code (rolled back without restoring, issue 43): the bot and the
console say so in one Spanish line, exit 78 and name the revision and the copy to restore,
changing nothing; a migration applied at start is said in one line."""

from __future__ import annotations

import asyncio
import io
import logging
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest
from alembic.script import ScriptDirectory

from bot.__main__ import main
from bot.process import startup
from bot.storage import downgrade, upgrade, upgrade_head_sync
from bot.storage.migrate import alembic_config
from bot.storage.revision import current_revision
from tests.bot.test_startup_failures import TOKEN, login_fails, one_line

#: The newest migration this release has (the one its message names).
HEAD = str(ScriptDirectory.from_config(alembic_config()).get_current_head())


@pytest.fixture
def db(tmp_path: Path, monkeypatch: Any) -> Path:
    path = tmp_path / "umbral.db"
    monkeypatch.setenv("UMBRAL_DB_PATH", str(path))
    for name in ("DATABASE_URL", "RUN_MIGRATIONS", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    return path


def from_the_future(path: Path) -> None:
    """A database a later release migrated (its revision unknown here)."""
    upgrade_head_sync(f"sqlite+aiosqlite:///{path}")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
    conn.close()


def revision(path: Path) -> str | None:
    with sqlite3.connect(path) as conn:
        found = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    conn.close()
    return None if found is None else str(found[0])


@pytest.mark.parametrize("migrations", ["sí", "no"])
def test_the_console_on_a_newer_database(
    db: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str], migrations: str
) -> None:
    monkeypatch.setenv("RUN_MIGRATIONS", migrations)
    from_the_future(db)
    out = io.StringIO()
    status = main(["consola", "--db", str(db)], stdin=io.StringIO("/ayuda\n"), stdout=out)
    assert status == startup.EXIT_DATABASE_NEWER == 78
    line = one_line(capsys.readouterr().err)
    assert line.startswith(
        "umbral-bot: La base de datos umbral.db está en la revisión 0099, más nueva que esta "
        f"versión del bot (que llega a la {HEAD}): la migró una versión posterior."
    ), line
    assert f"umbral.respaldo-{HEAD}.db (no está en esa carpeta)" in line
    assert out.getvalue() == "" and revision(db) == "0099"
    assert list(db.parent.glob("*.respaldo-*")) == []  # nothing copied, nothing changed


def test_the_bot_on_a_newer_database_names_the_copy(
    db: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    calls = login_fails(monkeypatch, discord.LoginFailure("never reached"))
    from_the_future(db)
    copy = db.with_name(f"umbral.respaldo-{HEAD}.db")
    copy.write_bytes(b"")
    assert main([]) == 78
    line = one_line(capsys.readouterr().err)
    assert (
        "en la revisión 0099" in line
        and f"restaura la copia que hizo el bot antes de migrar, {copy}" in line
    ), line
    assert "docs/administracion.md" in line and calls == []  # Discord not even tried


def test_a_migration_at_start_is_said_in_one_line(
    db: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str], caplog: Any
) -> None:
    url = f"sqlite+aiosqlite:///{db}"
    asyncio.run(upgrade(url, "0019"))
    out = io.StringIO()
    assert main(["consola", "--db", str(db)], stdin=io.StringIO(""), stdout=out) == 0
    line = one_line(capsys.readouterr().err)
    copy = db.with_name("umbral.respaldo-0019.db")
    assert line == (
        f"umbral-bot: Base de datos migrada de la revisión 0019 a la {HEAD} "
        f"(copia de antes: {copy})."
    )
    assert asyncio.run(current_revision(url)) == HEAD and copy.is_file()
    # the bot: the same line in its log; a database already at the head says nothing
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    login_fails(monkeypatch, discord.LoginFailure("x"))
    asyncio.run(downgrade(url, "0019"))
    with caplog.at_level(logging.INFO, logger="bot"):
        assert main([]) == 78  # the token refused, after the migration
    said = [r.getMessage() for r in caplog.records if "migrada" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith(
        f"Base de datos migrada de la revisión 0019 a la {HEAD} (copia de antes: "
    )
    capsys.readouterr()
    assert main(["consola", "--db", str(db)], stdin=io.StringIO(""), stdout=out) == 0
    assert capsys.readouterr().err == ""
