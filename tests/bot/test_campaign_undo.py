"""One sheet of truth (issue 18) meets /deshacer, /ficha ajustar and /descanso (issue 19):
an undo puts the sheet back with its combatant, or refuses; ``character_version`` always
matches the sheet; the encounter cache serves what a fresh read finds."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text

from bot.console import FakeDiscord, Session
from bot.storage import Storage
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.bot.test_campaign import _dies
from tests.bot.test_deshacer import state, undo
from umbral_rules import ForcedDice

MESA = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
]
SHEET_FIELDS = ("aguante", "aliento", "esencia", "estados", "encounter_id")


async def sheet(session: Session, fake: FakeDiscord) -> dict[str, Any]:
    async with session.storage.guild(fake.guild.id) as uow:
        [row] = await uow.characters.all_by_name("Íñigo")
        return {k: getattr(row, k) for k in SHEET_FIELDS}


async def fighter(session: Session, fake: FakeDiscord, channel: str = "mesa") -> dict[str, Any]:
    found = await state(session, fake, channel)
    return next(c for c in found["combatants"] if c["nombre"] == "Íñigo")


async def versions(session: Session, fake: FakeDiscord) -> tuple[Any, Any]:
    """The version the encounter says its combatant agrees with (``encounters.sheets`` of
    the newest encounter that has it), and the sheet's version."""
    async with session.storage.guild(fake.guild.id) as uow:
        [row] = await uow.characters.all_by_name("Íñigo")
        stored = await uow.session.execute(text("SELECT sheets FROM encounters ORDER BY id DESC"))
        agreed = [s if isinstance(s, dict) else json.loads(s) for s in stored.scalars()]
        return next(a[str(row.id)] for a in agreed if str(row.id) in a), row.version


async def uncached(session: Session, fake: FakeDiscord) -> Any:
    """The channel's encounter read by a second process (no cache of this one)."""
    other = Storage.from_url(str(session.storage.engine.url.render_as_string(False)))
    try:
        async with other.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
            return await uow.encounter.get_state()
    finally:
        await other.close()


async def test_undo_of_a_fight_change_restores_the_sheet_too(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    before = await sheet(session, fake)
    hurt = await fake.command(
        "master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 5}
    )
    assert not hurt.first.ephemeral, hurt.first.text()
    assert (await fighter(session, fake))["aguante"] == 5
    assert (await sheet(session, fake))["aguante"] == 5  # the same transaction
    agreed, now = await versions(session, fake)
    assert agreed == now
    await undo(fake)
    assert (await fighter(session, fake))["aguante"] == before["aguante"]
    assert await sheet(session, fake) == before  # the sheet is put back with its combatant
    agreed, now = await versions(session, fake)
    assert agreed == now
    assert await state(session, fake) == await uncached(session, fake)


async def test_undo_refused_when_the_sheet_changed_outside_the_fight(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    await fake.command(
        "master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 5}
    )
    edited = await fake.command("kaeda", "plaza", "ficha editar", {"aliento_max": 3})
    assert not edited.first.ephemeral, edited.first.text()
    after_edit = await sheet(session, fake)
    assert after_edit["aliento"] == 3 and after_edit["aguante"] == 5
    assert (await fighter(session, fake))["aliento_max"] == 3  # it reached the fight
    fight = await state(session, fake)
    preview = await fake.command("master", "mesa", "deshacer")
    assert preview.last.ephemeral
    assert (
        preview.last.text() == "La ficha de Íñigo ha cambiado desde entonces: no se deshace nada."
    )
    assert await sheet(session, fake) == after_edit and await state(session, fake) == fight
    # a later operation in the fight takes the edited sheet as its "before": undoing it
    # keeps the edit
    await fake.command(
        "master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 4}
    )
    await undo(fake)
    assert await sheet(session, fake) == after_edit
    assert await state(session, fake) == await uncached(session, fake)


async def test_ajustar_and_descanso_in_a_fight_keep_the_versions_agreeing(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    await fake.command("master", "mesa", "ficha ajustar", {"personaje": "Íñigo", "aguante": 7})
    assert (await fighter(session, fake))["aguante"] == 7
    agreed, now = await versions(session, fake)
    assert agreed == now
    rested = await fake.command("master", "mesa", "descanso", {"personajes": "Íñigo"})
    assert "Íñigo: Aguante 7 → 16" in rested.first.text()
    agreed, now = await versions(session, fake)
    assert agreed == now and (await sheet(session, fake))["aguante"] == 16
    assert await state(session, fake) == await uncached(session, fake)
    await undo(fake)
    await undo(fake)
    assert (
        (await sheet(session, fake))["aguante"] == 16 == (await fighter(session, fake))["aguante"]
    )
    agreed, now = await versions(session, fake)
    assert agreed == now
    assert await state(session, fake) == await uncached(session, fake)


async def test_undoing_terminar_brings_the_characters_back_into_the_fight(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    eid = (await sheet(session, fake))["encounter_id"]
    assert eid is not None
    await fake.command("master", "mesa", "encuentro terminar")
    assert (await sheet(session, fake))["encounter_id"] is None
    await undo(fake)
    assert (await sheet(session, fake))["encounter_id"] == eid
    await fake.command("master", "taberna", "encuentro empezar", {"modo": "mesa"})
    second = await fake.command("kaeda", "taberna", "encuentro unirse")
    assert second.first.ephemeral
    assert second.first.content.startswith("Íñigo ya está en el encuentro de <#")


async def test_undoing_terminar_refused_once_the_character_fights_elsewhere(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    await fake.command("master", "mesa", "encuentro terminar")
    await fake.command("master", "taberna", "encuentro empezar", {"modo": "mesa"})
    await fake.command("kaeda", "taberna", "encuentro unirse")
    elsewhere = await sheet(session, fake)
    preview = await fake.command("master", "mesa", "deshacer")
    assert preview.last.buttons, preview.last.text()
    pressed = await fake.press("master", "mesa", "Deshacer")
    refusal = pressed.last
    assert refusal.ephemeral
    assert "Íñigo ya está en el encuentro de <#" in refusal.text()
    assert await state(session, fake) is None and await sheet(session, fake) == elsewhere


async def test_undoing_a_death_brings_the_sheet_back_to_life(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    assert "Muerte" in await _dies(script, fake, dice)
    async with session.storage.guild(fake.guild.id) as uow:
        [row] = await uow.characters.all_by_name("Íñigo")
        assert row.estado_vital == "muerto"
    await undo(fake)
    async with session.storage.guild(fake.guild.id) as uow:
        [row] = await uow.characters.all_by_name("Íñigo")
        assert row.estado_vital == "activo"
    assert (await fighter(session, fake))["status"] != "muerto"
    agreed, now = await versions(session, fake)
    assert agreed == now
    listed = await fake.command("kaeda", "plaza", "ficha lista")
    assert "muerto" not in listed.first.text()


async def test_undoing_a_removal_refused_once_the_sheet_changed_elsewhere(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    await fake.command(
        "master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 5}
    )
    await fake.command("master", "mesa", "encuentro quitar", {"combatiente": "Íñigo"})
    rested = await fake.command("master", "plaza", "descanso", {"personajes": "Íñigo"})
    assert "Íñigo: Aguante 5 → 16" in rested.first.text()
    fight, healed = await state(session, fake), await sheet(session, fake)
    preview = await fake.command("master", "mesa", "deshacer")
    assert preview.last.buttons, preview.last.text()
    pressed = await fake.press("master", "mesa", "Deshacer")
    assert pressed.last.ephemeral
    assert (
        pressed.last.text() == "La ficha de Íñigo ha cambiado desde entonces: no se deshace nada."
    )
    assert await state(session, fake) == fight and await sheet(session, fake) == healed
