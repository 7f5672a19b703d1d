"""/deshacer through real interactions: the private preview, the buttons, exact restores."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.console import FakeDiscord, Session, open_session
from tests.bot.conftest import GUARDIA, KAEDA, Script
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


async def state(session: Session, fake: FakeDiscord, channel: str = "mesa") -> Any:
    async with session.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        return await uow.encounter.get_state()


async def rolls(session: Session, fake: FakeDiscord) -> int:
    async with session.storage.guild(fake.guild.id) as uow:
        return await uow.rolls.count()


async def undo(fake: FakeDiscord, user: str = "master", channel: str = "mesa") -> Any:
    """``/deshacer`` and **Deshacer**: the preview's text and the press's reply."""
    preview = await fake.command(user, channel, "deshacer")
    text = preview.last.text()
    assert preview.last.ephemeral and preview.last.buttons, text
    return text, await fake.press(user, channel, "Deshacer")


async def test_gm_undoes_an_attack_exactly(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    before = await state(session, fake)
    logged = await rolls(session, fake)
    dice.push([11, 2])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    assert await state(session, fake) != before
    preview = await fake.command("master", "mesa", "deshacer")
    text = preview.last.text()
    assert preview.last.ephemeral and "¿Deshacer /atacar?" in text
    assert "Ñu del puerto: Aguante" in text
    assert [b["label"] for b in preview.last.buttons] == ["Deshacer", "Cancelar"]
    pressed = await fake.press("master", "mesa", "Deshacer")
    notice = [m for m in pressed.messages if not m.ephemeral and "deshizo" in m.text()]
    assert len(notice) == 1 and "deshizo /atacar de @" in notice[0].text()
    assert await state(session, fake) == before
    assert await rolls(session, fake) == logged + 2  # the attack and the undo's entry


async def test_player_undoes_only_their_own_diceless_last_operation(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(
        *GUARDIA, *KAEDA, "@master", "/encuentro empezar modo:mesa",
        '/encuentro enemigos nombre:"Ñu del puerto"',
    )  # fmt: skip
    before = await state(session, fake)
    await fake.command("kaeda", "mesa", "encuentro unirse")
    other = await fake.command("bran", "mesa", "deshacer")
    assert other.last.content.startswith("Solo puedes deshacer tu propia última operación")
    _, pressed = await undo(fake, "kaeda")
    assert any("deshizo /encuentro unirse (" in m.text() for m in pressed.messages)
    assert await state(session, fake) == before
    await fake.command("kaeda", "mesa", "encuentro unirse")
    dice.push([11, 2])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    rolled = await fake.command("kaeda", "mesa", "deshacer")
    assert rolled.last.ephemeral and rolled.last.content.startswith("Esa operación tiró dados")
    await fake.command("master", "mesa", "asalto")
    theirs = await fake.command("kaeda", "mesa", "deshacer")
    assert theirs.last.content.startswith("Solo puedes deshacer tu propia última operación")


Step = tuple[str, str, dict[str, Any], list[int]]
COMMON: list[Step] = [
    ("master", "encuentro enemigos", {"nombre": "Ñu del puerto", "cantidad": 2}, []),
    ("kaeda", "encuentro unirse", {}, []),
    ("master", "estado poner", {"objetivo": "Íñigo", "estado": "Aturdido"}, []),
    ("master", "estado quitar", {"objetivo": "Íñigo", "estado": "Aturdido"}, []),
    ("master", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 9}, []),
    ("kaeda", "maniobra", {"tipo": "cargar", "objetivo": "Ñu del puerto 1"}, [5, 8]),
    ("master", "asalto", {}, []),
    ("master", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto 2"}, [7]),
    ("kaeda", "defender", {}, [6]),
    ("master", "encuentro quitar", {"combatiente": "Ñu del puerto 2"}, []),
    ("master", "asalto", {}, []),
    ("kaeda", "atacar", {"objetivo": "Ñu del puerto 1"}, [11, 2]),
]
TABLERO: list[Step] = [
    ("master", "mapa crear", {"ancho": 12, "alto": 12}, []),
    ("master", "mapa muro", {"casillas": "F1:F3"}, []),
    ("master", "mapa colocar", {"combatiente": "Ñu del puerto 1", "casilla": "D3"}, []),
    ("master", "mapa colocar", {"combatiente": "Íñigo", "casilla": "C3"}, []),
    ("master", "mapa colocar", {"combatiente": "Ñu del puerto 2", "casilla": "E5"}, []),
    ("kaeda", "mover", {"casilla": "D4"}, []),
]


@pytest.mark.parametrize("modo", ["mesa", "narrativo", "tactico"])
async def test_gm_undoes_every_kind_of_operation_back_to_the_start(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice, modo: str
) -> None:
    await script.run(*GUARDIA, *KAEDA, "@master", f"/encuentro empezar modo:{modo}")
    states = [await state(session, fake)]
    steps = COMMON[:2] + (TABLERO if modo == "tactico" else []) + COMMON[2:]
    for user, command, options, faces in steps:
        dice.push(faces)
        reply = await fake.command(user, "mesa", command, options)
        assert not reply.first.ephemeral, (command, reply.first.text())
        states.append(await state(session, fake))
    logged = await rolls(session, fake)
    while len(states) > 1:
        states.pop()
        await undo(fake)
        assert await state(session, fake) == states[-1]
    nothing = await fake.command("master", "mesa", "deshacer")
    assert nothing.last.content == "No hay nada que deshacer en este canal."
    assert await rolls(session, fake) > logged  # the log only grows: undos add entries


async def test_terminar_is_undone_by_reopening(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    before = await state(session, fake)
    await fake.command("master", "mesa", "encuentro terminar")
    assert await state(session, fake) is None
    preview, _ = await undo(fake)
    assert "Reabre el encuentro" in preview
    assert await state(session, fake) == before
    joined = await fake.command("master", "mesa", "asalto")
    assert not joined.first.ephemeral


async def test_cancel_changes_nothing_and_a_newer_operation_wins(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA, "@master", "/asalto")
    await fake.command("master", "mesa", "deshacer")
    cancelled = await fake.press("master", "mesa", "Cancelar")
    assert cancelled.last.content == "Cancelado: no se deshace nada."
    await fake.command("master", "mesa", "deshacer")
    await fake.command("master", "mesa", "asalto")  # meanwhile, the fight goes on
    late = await fake.press("master", "mesa", "Deshacer")
    assert late.last.ephemeral and "ya no es la última operación" in late.last.content
    first = await fake.command("master", "mesa", "deshacer")
    again = await fake.command("master", "mesa", "deshacer")
    assert first.last.buttons and again.last.buttons
    await fake.press("master", "mesa", "Deshacer")
    stale = await fake._press("master", "mesa", first.last, first.last.buttons[0])
    assert stale.last.content.startswith("Esa operación ya se deshizo")


async def test_undo_after_a_restart_and_rolls_marked_in_historial(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice, database_url: str
) -> None:
    await script.run(*MESA)
    before = await state(session, fake)
    dice.push([11, 2])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    await fake.command("master", "mesa", "deshacer")
    restarted = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        restarted.discord.restore(fake.messages)
        pressed = await restarted.discord.press("master", "mesa", "Deshacer")
        assert any("deshizo /atacar" in m.text() for m in pressed.messages)
        assert await state(restarted, restarted.discord) == before
        history = await restarted.discord.command("master", "mesa", "historial")
        text = history.first.text()
        assert "«deshecha»" in text and "/deshacer · deshace #" in text
    finally:
        await restarted.close()


async def test_two_processes_undo_at_once_one_wins(
    script: Script, fake: FakeDiscord, session: Session, database_url: str
) -> None:
    await script.run(*MESA, "@master", "/asalto")
    before_asalto = await fake.command("master", "mesa", "deshacer")
    other = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        other.discord.restore(fake.messages)
        message = before_asalto.last
        results = await asyncio.gather(
            fake._press("master", "mesa", message, message.buttons[0]),
            other.discord._press("master", "mesa", message, message.buttons[0]),
        )
        notices = [m for r in results for m in r.messages if "deshizo /asalto" in m.text()]
        refused = [r.last.content for r in results if r.last.ephemeral]
        assert len(notices) == 1, [r.last.text() for r in results]
        assert len(refused) == 1 and "ya se deshizo" in refused[0]
    finally:
        await other.close()
