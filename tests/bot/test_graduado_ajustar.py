"""``/graduado ajustar``: the GM corrects a fighter of a graded fight by hand, through the real
slash command — each option read back from the stored document, the derived states both
ways, every refusal changing nothing, /deshacer, /historial, the tracker, the sheet at the
end."""

from __future__ import annotations

from typing import Any

import pytest

from bot.console import FakeDiscord, Session
from bot.records.rolls import Correction
from tests.bot.conftest import Script
from tests.bot.graduado_steps import (
    document,
    fighter,
    log_entries,
    setup_lines,
    sheet,
    undo,
)

#: Aria (Kaeda's hero, a mage too) and two wolves (the GM's), in a graded fight in #mesa.
SETUP = setup_lines(hero="poder:25 aguante:90 magia:22 mana:40", cantidad=2)


def tracker_text(fake: FakeDiscord) -> str:
    return next(m for m in reversed(fake.messages) if m.pinned).text()


async def ajustar(fake: FakeDiscord, who: str = "master", **options: Any) -> Any:
    return await fake.command(who, "mesa", "graduado ajustar", options)


async def test_each_option_is_set_and_read_back(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*SETUP)
    reply = await ajustar(fake, combatiente="Aria", aguante=61, maná=13, motivo="Una trampa")
    assert not reply.first.ephemeral
    embed = reply.first.embeds[0]
    assert embed["title"] == "Corrección del máster"
    assert embed["description"].splitlines() == [
        "**Aria**",
        "Aguante 90 → 61",
        "Maná 40 → 13",
        "Motivo: Una trampa",
    ]
    assert embed["footer"]["text"] == "Lo ha hecho el máster; /deshacer lo devuelve a como estaba."
    aria = fighter(await document(session, fake), "Aria")
    assert aria["ficha"]["fuerza"]["gastado"] == 29 and aria["ficha"]["magia"]["gastado"] == 27
    assert "**Aria** — rango B (poder 25) · aguante 61/90 · maná 13/40" in tracker_text(fake)
    await ajustar(fake, combatiente="Lobo 1", inutilizado=True)
    doc = await document(session, fake)
    assert fighter(doc, "Lobo 1")["inutilizado"] and doc["impulso"]["enemigos"] == -3
    assert "**Lobo 1** — " in tracker_text(fake) and "· inutilizado" in tracker_text(fake)
    await ajustar(fake, combatiente="Aria", caído=True, desangrándose=True)
    aria = fighter(await document(session, fake), "Aria")
    assert aria["caido"] and aria["desangrandose"]
    assert "derribado, desangrándose" in tracker_text(fake)
    await ajustar(fake, combatiente="Lobo 2", muerto=True)
    assert fighter(await document(session, fake), "Lobo 2")["muerto"]
    assert fake.gate.notices == []  # the strict Discord refused nothing


async def test_down_at_zero_and_back_above_it(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*SETUP)
    down = await ajustar(fake, combatiente="Aria", aguante=0)
    assert down.first.embeds[0]["description"].splitlines()[1:] == [
        "Aguante 90 → 0",
        "Caído no → sí",
        "Impulso de los héroes 0 → −3",
    ]
    doc = await document(session, fake)
    assert fighter(doc, "Aria")["caido"] and doc["impulso"]["heroes"] == -3
    assert "aguante 0/90" in tracker_text(fake) and "derribado" in tracker_text(fake)
    up = await ajustar(fake, combatiente="Aria", aguante=5)
    assert up.first.embeds[0]["description"].splitlines()[1:] == [
        "Aguante 0 → 5",
        "Caído sí → no",
    ]
    assert not fighter(await document(session, fake), "Aria")["caido"]
    assert "derribado" not in tracker_text(fake) and "Faltan por declarar: Aria" in tracker_text(
        fake
    )
    dead = await ajustar(fake, combatiente="Lobo 2", aguante=0)
    assert "Muerto no → sí" in dead.first.text()
    assert fighter(await document(session, fake), "Lobo 2")["muerto"]
    assert fake.gate.notices == []


REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("kaeda", {"combatiente": "Aria", "aguante": 3},
     "Solo el máster puede corregir a mano a un combatiente"),
    ("master", {"combatiente": "Nadie", "aguante": 3},
     "No hay nadie llamado «Nadie» en este combate."),
    ("master", {"combatiente": "Aria", "aguante": 91},
     "El aguante de Aria va de 0 a 90 (se dio 91)."),
    ("master", {"combatiente": "Lobo 1", "maná": 1},
     "Lobo 1 no tiene magia: no tiene maná que ajustar."),
    ("master", {"combatiente": "Aria", "maná": 41}, "El maná de Aria va de 0 a 40 (se dio 41)."),
    ("master", {"combatiente": "Aria"},
     "Di qué ajustar: aguante, maná, caído, desangrándose, inutilizado o muerto."),
    ("master", {"combatiente": "Aria", "muerto": True}, "Aria es un héroe"),
    ("master", {"combatiente": "Lobo 1", "caído": True}, "Lobo 1 es un enemigo"),
    ("master", {"combatiente": "Aria", "desangrándose": True},
     "Solo se desangra quien está en el suelo"),
]  # fmt: skip


@pytest.mark.parametrize(("user", "options", "refusal"), REFUSALS)
async def test_refusals_change_nothing(
    script: Script, fake: FakeDiscord, session: Session,
    user: str, options: dict[str, Any], refusal: str,
) -> None:  # fmt: skip
    await script.run(*SETUP)
    before, log = await document(session, fake), await log_entries(session, fake)
    reply = await ajustar(fake, user, **options)
    assert reply.last.ephemeral and not reply.last.embeds, reply.text()
    assert refusal in reply.last.content
    assert await document(session, fake) == before
    assert await log_entries(session, fake) == log
    assert fake.gate.notices == []


async def test_refused_without_a_graded_fight_or_once_it_is_over(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*SETUP)
    elsewhere = await fake.command(
        "master", "otro", "graduado ajustar", {"combatiente": "Aria", "aguante": 3}
    )
    assert elsewhere.last.ephemeral and "No hay ningún encuentro" in elsewhere.last.content
    await ajustar(fake, combatiente="Lobo 1", aguante=0)
    await ajustar(fake, combatiente="Lobo 2", aguante=0)
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "parar"})
    await fake.command("master", "mesa", "asalto")  # no enemy standing: victory
    before = await document(session, fake)
    assert before["final"] == "victoria"
    over = await ajustar(fake, combatiente="Aria", aguante=3)
    assert over.last.ephemeral and "Este combate ya terminó (victoria)." in over.last.content
    assert await document(session, fake) == before


async def test_deshacer_restores_the_exact_document(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*SETUP)
    before = await document(session, fake)
    await ajustar(fake, combatiente="Aria", aguante=0, motivo="Un derrumbe")
    assert await document(session, fake) != before
    await undo(fake, "graduado ajustar")
    assert await document(session, fake) == before
    assert "derribado" not in tracker_text(fake) and "aguante 90/90" in tracker_text(fake)
    assert fake.gate.notices == []


async def test_historial_shows_the_correction(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*SETUP)
    await ajustar(fake, combatiente="Aria", aguante=70, maná=4, motivo="Veneno")
    [entry] = [e for e in await log_entries(session, fake) if e.command == "graduado ajustar"]
    assert isinstance(entry.result, Correction) and entry.actor == "Aria"
    assert entry.result.sistema == "graduado" and entry.result.motivo == "Veneno"
    assert [(c.campo, c.antes, c.despues) for c in entry.result.cambios] == [
        ("Aguante", "90", "70"),
        ("Maná", "40", "4"),
    ]
    history = (await fake.command("master", "mesa", "historial")).first.text()
    assert "/graduado ajustar · Aria · Aria: Aguante 90 → 70, Maná 40 → 4 · motivo: Veneno" in (
        history
    )


async def test_the_sheet_keeps_the_correction_when_the_fight_ends(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*SETUP)
    await ajustar(fake, combatiente="Aria", aguante=50, maná=30)
    assert (await sheet(session, fake, "Aria"))["fuerza"]["gastado"] == 0  # not yet
    await fake.command("master", "mesa", "encuentro terminar")
    stored = await sheet(session, fake, "Aria")
    assert stored["fuerza"]["gastado"] == 40 and stored["magia"]["gastado"] == 10
