"""Issue 48 §4: ``umbral-bot restaurar FICHERO`` puts a ``respaldo`` back (round trip),
keeps what was there, and refuses a damaged copy, a copy from a newer release and a database
a bot is running on (the lock the running bot holds)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from bot.__main__ import main, run_bot
from bot.console import open_session
from bot.process.config_check import load_settings
from bot.process.startup import StartupError
from bot.storage import backup as backup_module
from bot.storage.restore import RestoreError, check_copy, running_on
from tests.bot.conftest import Script

pytestmark = pytest.mark.backends("sqlite")

CREATE = '/bestiario añadir nombre:"{}" ataque:12 defensa:12 aguante:14 potencia:4 arma:Lanza'


async def cli(*argv: str) -> int:
    """``umbral-bot …`` (it runs its own event loop: in a thread of its own here)."""
    return await asyncio.to_thread(main, list(argv))


def creatures(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return sorted(str(row[0]) for row in conn.execute("SELECT nombre FROM bestiary"))


def revision(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        return str(conn.execute("SELECT version_num FROM alembic_version").fetchone()[0])


async def add_creature(url: str, name: str) -> None:
    session = await open_session(url, migrate=False)
    try:
        await Script(session.discord).run("@master", CREATE.format(name))
    finally:
        await session.close()


@pytest.fixture
def database(database_url: str) -> Path:
    return Path(make_url(database_url).database or "")


async def test_respaldo_and_restaurar_round_trip(
    database_url: str, database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await add_creature(database_url, "Lobo")
    copy = tmp_path / "copia.db"
    assert await cli("respaldo", str(copy), "--db", str(database)) == 0
    await add_creature(database_url, "Oso")  # after the backup
    assert creatures(database) == ["Lobo", "Oso"]
    capsys.readouterr()

    assert await cli("restaurar", str(copy), "--db", str(database)) == 0
    out = capsys.readouterr().out
    assert creatures(database) == ["Lobo"]  # the copy, as it was
    (kept,) = [p for p in os.listdir(tmp_path) if p.startswith("umbral.antes-de-restaurar-")]
    kept = tmp_path / kept
    assert creatures(kept) == ["Lobo", "Oso"]  # what was there, kept
    assert str(kept) in out
    assert not database.with_name(database.name + "-wal").exists()
    await add_creature(database_url, "Ciervo")  # the bot goes on on the restored file
    assert creatures(database) == ["Ciervo", "Lobo"]


async def test_an_older_copy_is_restored_and_migrated_at_the_next_start(
    database_url: str, database: Path, tmp_path: Path
) -> None:
    from bot.storage.migrate import downgrade, upgrade_head

    head = revision(database)
    copy = tmp_path / "vieja.db"
    backup_module.backup_file(database, copy)
    await downgrade(f"sqlite+aiosqlite:///{copy}", "-1")
    older = revision(copy)
    assert older != head
    assert await cli("restaurar", str(copy), "--db", str(database)) == 0
    assert revision(database) == older
    await upgrade_head(database_url)  # what the bot does when it starts
    assert revision(database) == head


def test_a_damaged_copy_is_refused_and_nothing_changes(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = database.read_bytes()
    garbage = tmp_path / "basura.db"
    garbage.write_bytes(b"esto no es una base de datos" * 200)
    assert main(["restaurar", str(garbage), "--db", str(database)]) == 1
    assert "está dañada" in capsys.readouterr().err

    broken = tmp_path / "rota.db"
    backup_module.backup_file(database, broken)
    data = bytearray(broken.read_bytes())
    page = 4096
    data[2 * page + 8 : 3 * page] = b"\xff" * (page - 8)  # a page's cells overwritten
    broken.write_bytes(bytes(data))
    assert main(["restaurar", str(broken), "--db", str(database)]) == 1
    err = capsys.readouterr().err
    assert "está dañada" in err and len(err.strip().splitlines()) == 1
    assert database.read_bytes() == before
    assert not list(tmp_path.glob("*antes-de-restaurar*"))


def test_a_copy_from_a_newer_release_is_refused(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    newer = tmp_path / "nueva.db"
    backup_module.backup_file(database, newer)
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'ffff9999aaaa'")
    assert main(["restaurar", str(newer), "--db", str(database)]) == 1
    err = capsys.readouterr().err
    assert "más nueva que esta (migración ffff9999aaaa" in err
    with pytest.raises(RestoreError):
        check_copy(newer)


def test_a_running_bot_holds_the_lock_and_restaurar_refuses(
    database_url: str, database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "copia.db"
    backup_module.backup_file(database, copy)
    with running_on(database_url):  # what run_bot holds while the bot runs
        assert main(["restaurar", str(copy), "--db", str(database)]) == 1
        assert "Hay un bot en marcha con la base de datos" in capsys.readouterr().err
    assert main(["restaurar", str(copy), "--db", str(database)]) == 0  # stopped: it goes


async def test_run_bot_takes_the_lock_and_a_restore_under_way_stops_the_start(
    database_url: str, database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.process import startup
    from bot.storage import restore as restore_module

    copy = tmp_path / "copia.db"
    backup_module.backup_file(database, copy)
    monkeypatch.setenv("DATABASE_URL", database_url)
    settings = load_settings()
    seen = []

    async def running(*_: object) -> None:  # the bot "runs": a restore is refused meanwhile
        with pytest.raises(RestoreError, match="Hay un bot en marcha"):
            restore_module.restore(database_url, copy)
        seen.append(True)

    monkeypatch.setattr(startup, "run_with_retries", running)
    assert await run_bot(settings, "token") == 0
    assert seen == [True]

    restoring = restore_module._flock(database, restore_module.fcntl.LOCK_EX)
    with restoring, pytest.raises(StartupError, match="Se está restaurando"):
        await run_bot(settings, "token")  # a restore under way: the bot does not start


def test_restaurar_into_a_folder_that_does_not_exist_is_one_line(
    tmp_path: Path, database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "copia.db"
    backup_module.backup_file(database, copy)
    missing = tmp_path / "no" / "hay" / "umbral.db"
    assert main(["restaurar", str(copy), "--db", str(missing)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"No se puede usar {missing}:") and len(err.splitlines()) == 1
    assert not missing.parent.exists()
