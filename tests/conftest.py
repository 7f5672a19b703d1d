"""Shared database fixtures (issue 4). Use them from any test package:

``database_url``
    The URL of a fresh, empty-but-migrated database (``alembic upgrade head`` already run),
    one per test. Parametrized: ``[sqlite]`` always (a new file under ``tmp_path``) and
    ``[postgresql]`` too when ``TEST_DATABASE_URL`` is set (a new database created on that
    server from a migrated template, dropped after the test). Tests stay independent.
``storage``
    A :class:`bot.storage.Storage` on ``database_url``, closed after the test.
``empty_database_url``
    Like ``database_url`` but with nothing in it (not migrated): for migration tests.
``backend``
    ``"sqlite"`` or ``"postgresql"``: the backend of the current parameter.
``@pytest.mark.backends("sqlite")``
    Run a test on those backends only (the others are not collected: no database is made).
``db`` (marker)
    Put on every test that uses these fixtures (any that asks for ``backend``), and by hand
    on a test that reaches ``TEST_DATABASE_URL`` some other way: CI's PostgreSQL pass runs
    ``-m db`` with ``TEST_BACKENDS=postgresql`` (only the PostgreSQL parameter).
``serial`` (marker) and ``--serial=skip|only``
    ``make test`` runs the suite on every core (pytest-xdist) with ``--serial=skip``, then
    the ``serial`` tests alone with ``--serial=only``: those that start processes and wait
    for them (signals, shards, a killed writer, a terminal) or depend on how soon a
    background task runs, which a loaded machine slows down. Each worker has its own
    databases: the SQLite templates are per session (per worker), PostgreSQL names carry the
    process id.

Example::

    async def test_something(storage):
        async with storage.channel(guild_id=1, channel_id=2) as uow:
            ...
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy.engine import make_url

from bot.process.config_check import ENV_FILE_VARIABLE, KNOWN
from bot.storage import Storage
from bot.storage.migrate import upgrade_head

pytest_plugins = ["tests.strict_discord"]  # every test's console Discord is strict

# The suite never reads the user's settings: no setting from the environment (a developer's
# shell may hold DISCORD_TOKEN or DATABASE_URL) and no ``.env`` (README step 4 leaves the
# token in the checkout's). Done at import, so the workers and every process a test starts
# inherit it; a test of the settings themselves sets what it needs.
for _name in KNOWN:
    os.environ.pop(_name, None)
os.environ[ENV_FILE_VARIABLE] = os.devnull

# No test depends on the machine's speed: Hypothesis's 200 ms deadline and its «too slow»
# health check fail a loaded machine, not the code.
settings.register_profile("umbral", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("umbral")

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
#: ``TEST_BACKENDS=postgresql`` (with TEST_DATABASE_URL) runs the database tests there only.
BACKENDS = os.environ.get("TEST_BACKENDS", "").split() or [
    "sqlite",
    *(["postgresql"] if TEST_DATABASE_URL else []),
]

_counter = itertools.count(1)


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


# --- PostgreSQL: an admin connection to TEST_DATABASE_URL's server -------------------------


async def _pg_admin(sql: str) -> None:
    assert TEST_DATABASE_URL is not None
    await pg_execute(TEST_DATABASE_URL, sql)


async def pg_execute(database_url: str, sql: str) -> None:
    """Run ``sql`` (one statement or a whole script) with asyncpg on that database."""
    import asyncpg

    url = make_url(database_url)
    conn = await asyncpg.connect(
        user=url.username,
        password=url.password,
        host=url.host,
        port=url.port,
        database=url.database,
    )
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def pg_url(database: str) -> str:
    assert TEST_DATABASE_URL is not None
    return make_url(TEST_DATABASE_URL).set(database=database).render_as_string(hide_password=False)


def _pg_name(kind: str) -> str:
    return f"umbral_{kind}_{os.getpid()}_{next(_counter)}"


async def _pg_create(template: str | None = None) -> str:
    name = _pg_name("t")
    suffix = f" TEMPLATE {template}" if template else ""
    await _pg_admin(f"CREATE DATABASE {name}{suffix}")
    return name


async def _pg_drop(name: str) -> None:
    await _pg_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


# --- migrated templates, built once per test session --------------------------------------


def _run(make: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run a coroutine to the end on its own loop, even when called from a running loop."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(lambda: asyncio.run(make())).result()


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("db-template") / "template.db"
    _run(lambda: upgrade_head(sqlite_url(path)))
    return path


@pytest.fixture(scope="session")
def _pg_template() -> Iterator[str]:
    name = _pg_name("template")

    async def build() -> None:
        await _pg_admin(f"CREATE DATABASE {name}")
        await upgrade_head(pg_url(name))

    _run(build)
    yield name
    _run(lambda: _pg_drop(name))


# --- the fixtures -------------------------------------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "backends(*names): run only on these database backends (sqlite, postgresql)"
    )
    config.addinivalue_line("markers", "db: the test touches a database (CI's PostgreSQL pass)")
    config.addinivalue_line(
        "markers", "serial: run in make test's second step, alone (see --serial)"
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--serial",
        choices=("skip", "only"),
        default=None,
        help="leave out the tests marked serial, or run only them (make test runs both)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test on the database fixtures gets the ``db`` marker; a backend a test's
    ``backends`` marker leaves out is not collected at all (rather than skipped), nor are
    the tests ``--serial`` leaves out."""
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    serial = config.getoption("serial")
    for item in items:
        if serial is not None and (item.get_closest_marker("serial") is None) == (serial == "only"):
            dropped.append(item)
            continue
        callspec = getattr(item, "callspec", None)
        if "backend" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.db)
            only = item.get_closest_marker("backends")
            chosen = callspec.params.get("backend") if callspec is not None else None
            if only is not None and chosen is not None and chosen not in only.args:
                dropped.append(item)
                continue
        kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def database_url(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[str]:
    if backend == "sqlite":
        template: Path = request.getfixturevalue("_sqlite_template")
        path = tmp_path / "umbral.db"
        shutil.copyfile(template, path)
        yield sqlite_url(path)
        return
    name = await _pg_create(request.getfixturevalue("_pg_template"))
    try:
        yield pg_url(name)
    finally:
        await _pg_drop(name)


@pytest.fixture
async def empty_database_url(backend: str, tmp_path: Path) -> AsyncIterator[str]:
    if backend == "sqlite":
        yield sqlite_url(tmp_path / "empty.db")
        return
    name = await _pg_create()
    try:
        yield pg_url(name)
    finally:
        await _pg_drop(name)


@pytest.fixture
async def storage(database_url: str) -> AsyncIterator[Storage]:
    store = Storage.from_url(database_url)
    try:
        yield store
    finally:
        await store.close()
