"""Issue 30, item 2, through the database: notes typed in ``/ficha editar`` (public and
private) and ``/bestiario añadir``, exported in each format and imported back over the same
entries, are what was typed, and the second export is the same file (on every backend)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from bot.console import FakeDiscord, open_session
from bot.console.payloads import GUILD_ID
from bot.sheetfiles import FORMATS, Format
from tests.bot.exported_cells import formula_cells
from tests.bot.test_names import CREAR, ENEMY
from tests.sheetfiles.test_roundtrip_text import notes
from umbral_rules import RandomDice

NOTE = notes(1000).filter(bool)
#: The examples share a database: each makes its own character and enemy.
EXAMPLE = itertools.count(1)


async def _import(fake: FakeDiscord, tmp: Path, user: str, command: str, name: str, data: bytes):
    path = tmp / name
    path.write_bytes(data)
    options = {"archivo": f"@{path}", "conflictos": "reemplazar"}
    return await fake.command(user, "mesa", f"{command} importar", options)


@pytest.mark.parametrize("fmt", FORMATS)
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(public=NOTE, private=NOTE, enemy=notes(500).filter(bool))
async def test_typed_notes_come_back_from_files(
    database_url: str, tmp_path: Path, fmt: Format, public: str, private: str, enemy: str
) -> None:
    n = next(EXAMPLE)
    session = await open_session(database_url, dice=RandomDice(1), migrate=False)
    try:
        fake = session.discord
        await fake.command("kaeda", "mesa", "ficha crear", {"nombre": f"Kaeda {n}", **CREAR})
        await fake.command(
            "kaeda", "mesa", "ficha editar", {"notas": public, "notas_privadas": private}
        )
        await fake.command(
            "master", "mesa", "bestiario añadir", {"nombre": f"Lobo {n}", "notas": enemy, **ENEMY}
        )
        for user, command, stem in (
            ("kaeda", "ficha", "personajes"),
            ("master", "bestiario", "bestiario"),
        ):
            first = await fake.command(user, "mesa", f"{command} exportar", {"formato": fmt})
            data = first.last.files[f"{stem}.{fmt}"]
            assert formula_cells(f"{stem}.{fmt}", data) == []
            back = await _import(fake, tmp_path, user, command, f"{stem}.{fmt}", data)
            assert "importad" in back.last.title, back.last.text()
            again = await fake.command(user, "mesa", f"{command} exportar", {"formato": fmt})
            assert again.last.files[f"{stem}.{fmt}"] == data
        async with session.storage.guild(GUILD_ID) as uow:
            row = await uow.characters.by_name(fake.user_id("kaeda"), f"Kaeda {n}")
            lobo = await uow.bestiary.get(f"Lobo {n}")
        assert row is not None and lobo is not None
        assert (row.notas, row.notas_privadas, lobo.notas) == (public, private, enemy)
    finally:
        await session.close()
