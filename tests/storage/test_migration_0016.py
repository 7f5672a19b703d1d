"""Migration 0016 (issue 33) keeps every campaign playing: a database that release e16c8fc
wrote (``fixtures/release-e16c8fc``: the same play on SQLite and as a PostgreSQL dump, see its
README) is migrated as ``umbral-bot`` migrates it at start-up, a SQLite file backed up first;
then every encounter plays on through the bot — a Mesa one with two pending defenses, a
Narrativo one (Bran Sangrando, an opposed defense waiting), a Táctico one (a 10×8 board with
walls, cover, two figures, Ana moved) and a reto — and ``/deshacer`` takes back operations
recorded before the migration and after it."""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import make_url

from bot.console import FakeDiscord, Session, open_session
from bot.storage import create_engine, downgrade, upgrade_head
from bot.storage.backup import revision_of
from bot.storage.migrate import alembic_config
from tests.bot.test_deshacer import state, undo
from tests.conftest import pg_execute
from umbral_rules import ForcedDice

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "release-e16c8fc"


async def _old_release(url: str) -> None:
    """The fixture's database at ``url`` (an empty database): the file copied, or the dump
    run as one script."""
    parts = make_url(url)
    if parts.get_backend_name() == "sqlite":
        assert parts.database is not None
        shutil.copyfile(FIXTURE / "umbral.db", parts.database)
        return
    await pg_execute(url, (FIXTURE / "umbral.postgresql.sql").read_text(encoding="utf-8"))


@pytest.fixture
def dice() -> ForcedDice:
    return ForcedDice([])


@pytest.fixture
async def session(empty_database_url: str, dice: ForcedDice) -> AsyncIterator[Session]:
    await _old_release(empty_database_url)
    opened = await open_session(empty_database_url, dice=dice, migrate=True)
    try:
        yield opened
        assert not opened.discord.gate.failed  # Discord refused nothing as invalid
    finally:
        await opened.close()


@pytest.fixture
def fake(session: Session) -> FakeDiscord:
    return session.discord


def texts(reply: Any) -> str:
    return "\n".join(m.text() for m in reply.messages)


def names(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["nombre"]: c for c in doc["combatants"]}


@pytest.mark.backends("sqlite")  # PostgreSQL's backup is pg_dump (docs/administracion.md)
async def test_a_sqlite_file_is_backed_up_before_it_is_migrated(
    empty_database_url: str,
) -> None:
    await _old_release(empty_database_url)
    database = Path(str(make_url(empty_database_url).database))
    session = await open_session(empty_database_url, dice=ForcedDice([]), migrate=True)
    await session.close()
    copy = database.with_name(f"{database.stem}.respaldo-0011.db")
    head = ScriptDirectory.from_config(alembic_config(empty_database_url)).get_current_head()
    assert revision_of(copy) == "0011" and revision_of(database) == head  # 0016 or later
    assert (copy.read_bytes()[:16], copy.stat().st_size > 100_000) == (b"SQLite format 3\x00", True)
    session = await open_session(empty_database_url, dice=ForcedDice([]), migrate=True)
    await session.close()  # nothing to migrate any more: no second copy
    assert [p.name for p in database.parent.glob("*.respaldo-*")] == [copy.name]


async def test_every_encounter_of_the_old_release_reads_as_it_was(
    session: Session, fake: FakeDiscord
) -> None:
    mesa = await state(session, fake, "mesa")
    assert (mesa["mode"], mesa["phase"], len(mesa["pending"])) == ("mesa", "enemigos", 2)
    assert {p["defender"] for p in mesa["pending"]} == {names(mesa)["Kaeda"]["id"]}
    narrativo = await state(session, fake, "narrativo")
    assert names(narrativo)["Bran"]["estados"] == ["sangrando"]
    assert [p["kind"] for p in narrativo["pending"]] == ["enfrentado"]
    tablero = (await state(session, fake, "tactico"))["extra"]["tablero"]
    assert (tablero["width"], tablero["height"], tablero["walls"]) == (10, 8, ["D1", "D2", "D3"])
    assert tablero["cover"] == ["F5"]
    assert {f["name"]: f["at"] for f in tablero["figures"]} == {
        "Ana": "C3",
        "Guardia del puerto": "G6",
    }
    reto = await state(session, fake, "reto")
    assert [(r["nombre"], r["activo"]) for r in reto["retos"]] == [("Cruzar el pantano", True)]
    async with session.storage.guild(fake.guild.id) as uow:
        kaeda = (await uow.characters.all_by_name("Kaeda"))[0]
    assert names(mesa)["Kaeda"]["aguante"] == kaeda.aguante  # the sheet agrees


async def test_the_mesa_encounter_plays_on_and_undoes_old_and_new(
    session: Session, fake: FakeDiscord, dice: ForcedDice
) -> None:
    # the last operation before the migration: Guardia 2's attack on Kaeda
    preview, pressed = await undo(fake, "master", "mesa")
    assert "¿Deshacer /atacar?" in preview and "Defensas pendientes: 2 → 1" in preview
    assert "deshizo /atacar" in texts(pressed)
    attacked = await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Kaeda", "atacante": "Guardia del puerto 2"}
    )
    assert "Kaeda debe defenderse" in texts(attacked)
    before = await state(session, fake, "mesa")
    assert len(before["pending"]) == 2
    dice.push([9])
    defended = texts(await fake.command("kaeda", "mesa", "defender"))
    assert "Kaeda se defiende de Guardia del puerto" in defended
    assert (await state(session, fake, "mesa"))["pending"] == []
    _, pressed = await undo(fake, "master", "mesa")
    assert "deshizo /defender" in texts(pressed)
    assert await state(session, fake, "mesa") == before
    dice.push([9])
    await fake.command("kaeda", "mesa", "defender")
    turned = await fake.command("master", "mesa", "asalto")
    assert "asalto 2" in texts(turned)
    dice.push([10])
    hit = await fake.command(
        "kaeda", "mesa", "atacar", {"objetivo": "Guardia del puerto 2", "oficio": "contrabandista"}
    )
    assert "Kaeda ataca a Guardia del puerto 2" in texts(hit)


async def test_the_narrativo_encounter_plays_on(
    session: Session, fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([6, 8])
    defended = texts(await fake.command("bran", "narrativo", "defender"))
    assert "Bran se defiende de Arquero (asalto 1)" in defended
    turned = texts(await fake.command("master", "narrativo", "asalto"))
    assert "asalto 2" in turned
    before = await state(session, fake, "narrativo")
    dice.push([11, 3])
    shot = texts(await fake.command("bran", "narrativo", "disparar", {"objetivo": "Arquero"}))
    assert "Bran dispara a Arquero" in shot
    _, pressed = await undo(fake, "master", "narrativo")
    assert "deshizo /disparar" in texts(pressed)
    assert await state(session, fake, "narrativo") == before


async def test_the_tactico_tablero_plays_on_and_undoes_old_and_new(
    session: Session, fake: FakeDiscord
) -> None:
    seen = await fake.command("master", "tactico", "mapa ver")
    assert "Ana C3, Guardia del puerto G6" in seen.first.embeds[0]["footer"]["text"]
    assert list(seen.first.files) == ["tablero.png"]
    preview, _ = await undo(fake, "master", "tactico")  # Ana's move, before the migration
    assert "¿Deshacer /mover?" in preview
    back = await fake.command("master", "tactico", "mapa ver")
    assert "Ana B2" in back.first.embeds[0]["footer"]["text"]
    before = await state(session, fake, "tactico")
    moved = texts(await fake.command("ana", "tactico", "mover", {"casilla": "C3"}))
    assert "Ana va de B2 a C3" in moved
    await undo(fake, "master", "tactico")
    assert await state(session, fake, "tactico") == before
    turned = texts(await fake.command("master", "tactico", "asalto"))
    assert "fase de los enemigos" in turned


async def test_the_reto_plays_on(session: Session, fake: FakeDiscord, dice: ForcedDice) -> None:
    dice.push([11])
    rolled = await fake.command(
        "ana",
        "reto",
        "reto tirar",
        {"reto": "Cruzar el pantano", "atributo": "vigor", "ambito": "movimiento"},
    )
    assert "Ana en «Cruzar el pantano»" in texts(rolled)
    [reto] = (await state(session, fake, "reto"))["retos"]
    assert reto["exitos"] == 1


async def _documents(url: str) -> dict[int, Any]:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(text("SELECT id, state FROM encounters ORDER BY id"))
            return {i: json.loads(s) if isinstance(s, str) else s for i, s in rows.all()}
    finally:
        await engine.dispose()


async def test_reminders_survive_and_the_downgrade_gives_the_rows_back(
    empty_database_url: str,
) -> None:
    """The migration rebuilds no table (a rebuild would cascade-delete an encounter's
    reminders on SQLite); ``alembic downgrade 0015`` splits the documents back into the rows
    the release before reads, and upgrading again gives the same documents."""
    url = empty_database_url
    await _old_release(url)
    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text("INSERT INTO encounter_reminders (encounter_id, hours) SELECT id, 6 "
                     "FROM encounters WHERE status = 'active'")
            )  # fmt: skip
    finally:
        await engine.dispose()
    await upgrade_head(url)
    documents = await _documents(url)
    await downgrade(url, "0015")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            counts = await conn.execute(
                text("SELECT (SELECT count(*) FROM encounter_reminders),"
                     " (SELECT count(*) FROM combatants), (SELECT count(*) FROM pending_defenses),"
                     " (SELECT count(*) FROM retos)")
            )  # fmt: skip
            reminders, *children = counts.one()
    finally:
        await engine.dispose()
    assert reminders == 4  # #mesa, #narrativo, #tactico and the reto's scene
    assert children == [
        sum(len(d["combatants"]) for d in documents.values()),
        sum(len(d["pending"]) for d in documents.values()),
        sum(len(d["retos"]) for d in documents.values()),
    ]
    await upgrade_head(url)
    assert await _documents(url) == documents
