"""Every encounter stored before issue 32 still loads and plays (its «What must show»).

``tests/fixtures/stored_encounters.json`` holds every row the bot at commit e16c8fc stored
after ``stored_encounters.txt``: a Mesa encounter (two attacks of asalto 1 left unanswered,
a Defensa roll kept for late attacks, a reto), a Narrativo one and a Táctico one with
opposed attacks waiting (Interponerse, a board with walls, cover, walks and an offered
respuesta), a reto's scene, and the characters, roll log and undo records around them.
The rows go into a fresh database at that release's schema as they were, which is migrated
to this release's (the encounter one document since issue 33); then the fights go on
through the bot:
defenses, attacks, a reto, /deshacer (of the old release's last operation too).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import DateTime, MetaData, text

from bot.console import FakeDiscord, Session, open_session
from bot.storage import create_engine, upgrade, upgrade_head
from tests.bot.test_deshacer import state, undo
from umbral_rules import ForcedDice
from umbral_rules.encounter import Encounter

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "stored_encounters.json"


def _value(column: Any, value: Any) -> Any:
    if isinstance(column.type, DateTime) and isinstance(value, str):
        moment = datetime.fromisoformat(value)
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return value


def _captured() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


async def _insert_captured(url: str) -> None:
    """The captured rows, as they were, into a database at that release's schema (alembic
    0011, reflected: its child tables are gone from this release's models)."""
    data = _captured()
    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            metadata = MetaData()
            await conn.run_sync(metadata.reflect)
            # the tables in the capture's order, which breaks no foreign key
            for name, stored in data["rows"].items():
                table = metadata.tables[name]
                rows = [{k: _value(table.c[k], v) for k, v in r.items()} for r in stored]
                await conn.execute(table.insert(), rows)
            if conn.dialect.name == "postgresql":  # the ids were given: the sequences go past
                for name in data["rows"]:
                    if "id" in metadata.tables[name].c:
                        await conn.execute(
                            text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                 f"(SELECT MAX(id) FROM {name}))")
                        )  # fmt: skip
    finally:
        await engine.dispose()


@pytest.fixture
async def session(empty_database_url: str, dice: ForcedDice) -> AsyncIterator[Session]:
    """The bot on a database that release e16c8fc wrote (the captured rows), migrated to this
    release's schema as ``umbral-bot`` migrates it at start-up."""
    await upgrade(empty_database_url, "0011")
    await _insert_captured(empty_database_url)
    await upgrade_head(empty_database_url)
    opened = await open_session(empty_database_url, dice=dice, migrate=False)
    try:
        yield opened
    finally:
        await opened.close()


async def load_stored(session: Session, fake: FakeDiscord) -> dict[str, Any]:
    """The captured rows (in the session's database since its fixture made it)."""
    data = _captured()
    assert data["guild_id"] == fake.guild.id  # the console names ids the same, run after run
    assert all(fake.channel_id(name) == cid for name, cid in data["channels"].items())
    return data


def typed(stored: Any) -> Any:
    """The encounter a dict holds, as the typed state writes it (an older dict leaves out
    some keys of ``extra`` that it always writes)."""
    return Encounter.from_dict(stored).to_dict()


def texts(reply: Any) -> str:
    return "\n".join(m.text() for m in reply.messages)


async def test_stored_encounters_load_as_they_were(session: Session, fake: FakeDiscord) -> None:
    data = await load_stored(session, fake)
    for channel, stored in data["states"].items():
        loaded = await state(session, fake, channel)
        assert loaded == stored  # the rows assemble into the dict that release stored
        assert Encounter.from_dict(loaded).to_dict()["combatants"] == stored["combatants"]
        shown = await fake.command("master", channel, "encuentro ver")
        assert "Encuentro en" in texts(shown) or "reto" in texts(shown).lower(), channel


async def test_a_stored_mesa_encounter_plays_on(
    session: Session, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await load_stored(session, fake)
    # /deshacer takes back the old release's last operation: Guardia 2's late attack on Kaeda
    _, pressed = await undo(fake, "master", "mesa")
    assert "deshizo /atacar" in texts(pressed)
    # Bran answers the two attacks of asalto 1 he left unanswered: one roll
    dice.push([12])
    answered = await fake.command("bran", "mesa", "defender")
    assert "Bran se defiende de Guardia 1 (asalto 1)" in texts(answered)
    # a late attack on Kaeda is read against the Defensa she rolled in asalto 2
    late = await fake.command("master", "mesa", "atacar",
                              {"objetivo": "Kaeda", "atacante": "Guardia 2"})  # fmt: skip
    assert "Guardia 2 ataca a Kaeda después de su Defensa" in texts(late)
    await fake.command("master", "mesa", "asalto")
    before = await state(session, fake, "mesa")
    assert (before["asalto"], before["phase"], before["pending"]) == (3, "jugadores", [])
    dice.push([6])
    hit = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Guardia 1"})
    assert "Kaeda ataca a Guardia 1" in texts(hit)
    _, pressed = await undo(fake, "master", "mesa")
    assert "deshizo /atacar" in texts(pressed)
    assert await state(session, fake, "mesa") == before


async def test_stored_narrativo_and_tactico_encounters_play_on(
    session: Session, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await load_stored(session, fake)
    # Narrativo: Nadia's two opposed attacks wait, each for a die of her own
    before = await state(session, fake, "narrativo")
    dice.push([12, 12])
    defended = texts(await fake.command("nadia", "narrativo", "defender"))
    assert "Nadia se defiende de Guardia 2 (asalto 1)" in defended
    assert "Nadia se defiende de Guardia 3 (asalto 1)" in defended
    await undo(fake, "master", "narrativo")
    assert typed(await state(session, fake, "narrativo")) == typed(before)
    dice.push([12, 12])
    await fake.command("nadia", "narrativo", "defender")
    dice.push([8])
    rolled = await fake.command("ilse", "narrativo", "reto tirar",
                                {"atributo": "destreza", "ambito": "otra"})  # fmt: skip
    assert "Ilse en «Abrir la cerradura»" in texts(rolled)
    # Táctico: Tess answers her two, the asalto turns, she strikes the ogre beside her
    dice.push([12, 12])
    defended = texts(await fake.command("tess", "tactico", "defender"))
    assert "Tess se defiende de Guardia (asalto 1)" in defended
    assert "Tess se defiende de Ogro (asalto 1)" in defended
    await fake.command("master", "tactico", "asalto")
    dice.push([10, 2])
    hit = await fake.command("tess", "tactico", "atacar", {"objetivo": "Ogro"})
    assert "Tess ataca a Ogro" in texts(hit)
    before = await state(session, fake, "tactico")
    moved = await fake.command("oren", "tactico", "mover", {"casilla": "D7"})
    assert "Oren va de D8 a D7" in texts(moved)
    await undo(fake, "master", "tactico")
    after = await state(session, fake, "tactico")
    assert after == before and after["extra"]["tablero"]["figures"][2]["at"] == "D8"


async def test_a_stored_reto_scene_plays_on(
    session: Session, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await load_stored(session, fake)
    dice.push([1])  # 1 + 2 against 9: a fracaso, the reto stays open
    rolled = await fake.command("bran", "escena", "reto tirar", {"atributo": "vigor"})
    assert "Bran en «Convencer al capitán»" in texts(rolled)
    ended = await fake.command("master", "escena", "reto terminar")
    assert "el canal queda libre" in texts(ended)
    assert await state(session, fake, "escena") is None
