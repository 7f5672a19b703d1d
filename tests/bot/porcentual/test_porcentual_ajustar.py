"""``/porcentual ajustar`` through the slash commands: each value set and read back from the
stored document, the tracker and /historial; out of the fight and back; every refusal
changing nothing; /deshacer restoring the exact document; the stored sheet left alone
(its PV and Resistencias live in the fight, not in the sheet)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.porcentual.duel import Duel
from tests.bot.porcentual.world import combatant, doc
from tests.hardening.hostile import dump
from umbral_rules import ForcedDice

#: Ana's cota (Protección 4, Resistencia 18) and rodela (Resistencia 9): our numbers.
GEAR = (
    "armadura:Cota proteccion:4 resistencia:18 escudo:Rodela tamano_escudo:pequeno "
    "resistencia_escudo:9"
)


@pytest.fixture
async def duel(script: Script, fake: FakeDiscord, dice: ForcedDice) -> Duel:
    duel = Duel(script, fake, dice)
    await duel.setup(f"/porcentual ficha editar nombre:Ana {GEAR}")
    return duel


async def tracker(session: Session, fake: FakeDiscord) -> str:
    """The text of the channel's pinned tracker."""
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        await uow.encounter.document("porcentual")
        info = uow.encounter.info
    assert info is not None and info.tracker_message_id is not None
    shown = fake.message_by_id(info.tracker_message_id)
    assert shown.pinned
    return shown.text()


async def version(session: Session, fake: FakeDiscord) -> int:
    """The stored encounter's version (each save bumps it)."""
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        await uow.encounter.document("porcentual")
        info = uow.encounter.info
    assert info is not None
    return info.version


async def sheet(session: Session, fake: FakeDiscord) -> Any:
    async with session.storage.guild(fake.guild.id) as uow:
        return (await uow.system_sheets.require("porcentual", "pj", "Ana")).data


async def test_every_value_is_set_logged_and_shown(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    stored_sheet, saved = await sheet(session, fake), await version(session, fake)
    text = await duel.cmd(
        "master",
        "porcentual ajustar",
        {
            "combatiente": "ana",  # matched by its name key
            "pv": 11,
            "armadura": 6,
            "escudo": 4,
            "en_suelo": True,
            "a_caballo": True,
            "motivo": "la trampa del puente",
        },
    )
    assert "== Corrección del máster ==" in text
    for line in (
        "• PV 20 → 11",
        "• Resistencia de la armadura 18 → 6",
        "• Resistencia del escudo 9 → 4",
        "• En el suelo no → sí",
        "• A caballo no → sí",
        "Motivo: la trampa del puente",
        "Lo ha hecho el máster; /deshacer lo devuelve a como estaba.",
    ):
        assert line in text, text
    ana = combatant(await doc(session, fake), "Ana")
    assert (ana["pv"], ana["armadura_resistencia"], ana["escudo_resistencia"]) == (11, 6, 4)
    assert ana["en_suelo"] is True and ana["montado"] is True
    assert await version(session, fake) == saved + 1
    pinned = await tracker(session, fake)
    assert "PV 11/20 · Cota Res. 6 · Rodela Res. 4 · en el suelo · a caballo" in pinned
    log = (await fake.command("master", "mesa", "historial")).text()
    assert (
        "/porcentual ajustar · Ana · Ana: PV 20 → 11, Resistencia de la armadura 18 → 6, "
        "Resistencia del escudo 9 → 4, En el suelo no → sí, A caballo no → sí · "
        "motivo: la trampa del puente"
    ) in log
    assert await sheet(session, fake) == stored_sheet  # the fight's numbers, not the sheet's
    assert fake.gate.notices == []


async def test_out_of_the_fight_and_back(duel: Duel, fake: FakeDiscord, session: Session) -> None:
    text = await duel.cmd("master", "porcentual ajustar", {"combatiente": "Orco", "pv": -3})
    assert "• PV 20 → -3" in text and "• Fuera del combate no → sí" in text
    assert "**Orco** (PNJ): PV -3/20 · fuera del combate" in await tracker(session, fake)
    # out: an asalto needs two fighters on their feet
    refused = await duel.asalto()
    assert "al menos dos combatientes en pie" in refused
    text = await duel.cmd("master", "porcentual ajustar", {"combatiente": "Orco", "pv": 8})
    assert "• PV -3 → 8" in text and "• Fuera del combate sí → no" in text
    assert "**Orco** (PNJ): PV 8/20\n" in await tracker(session, fake) + "\n"
    await duel.asalto([9, 1])  # both roll Iniciativa again
    text = await duel.cmd(
        "master", "porcentual ajustar", {"combatiente": "Ana", "inconsciente": 40}
    )
    assert "• Inconsciente (minutos) 0 → 40" in text and "• Fuera del combate no → sí" in text
    assert "inconsciente 40 min · fuera del combate" in await tracker(session, fake)
    text = await duel.cmd("master", "porcentual ajustar", {"combatiente": "Ana", "inconsciente": 0})
    assert "• Fuera del combate sí → no" in text
    assert combatant(await doc(session, fake), "Ana")["inconsciente_minutos"] == 0
    assert fake.gate.notices == []


async def test_a_broken_shield_ends_the_guardia_completa(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "guardia completa")
    await duel.act("Ana", 1)
    assert combatant(await doc(session, fake), "Ana")["guardia_completa"] is True
    text = await duel.cmd("master", "porcentual ajustar", {"combatiente": "Ana", "escudo": 0})
    assert "• Resistencia del escudo 9 → 0" in text and "• Guardia completa sí → no" in text
    ana = combatant(await doc(session, fake), "Ana")
    assert ana["escudo_resistencia"] == 0 and ana["guardia_completa"] is False
    assert "Rodela roto" in await tracker(session, fake)
    assert fake.gate.notices == []


@pytest.mark.parametrize(
    ("user", "channel", "options", "said"),
    [
        ("kaeda", "mesa", {"combatiente": "Ana", "pv": 5}, "Solo el máster puede corregir a mano"),
        ("master", "otra", {"combatiente": "Ana", "pv": 5}, "No hay ningún encuentro"),
        ("master", "mesa", {"combatiente": "Nadie", "pv": 5}, "No hay ningún combatiente «Nadie»"),
        ("master", "mesa", {"combatiente": "Ana", "pv": 21}, "Los PV de Ana van de -500 a 20"),
        ("master", "mesa", {"combatiente": "Ana", "armadura": 19}, "Cota de Ana va de 0 a 18"),
        ("master", "mesa", {"combatiente": "Ana", "escudo": 10}, "Rodela de Ana va de 0 a 9"),
        ("master", "mesa", {"combatiente": "Orco", "armadura": 1}, "Orco no lleva armadura."),
        ("master", "mesa", {"combatiente": "Ana"}, "Di qué ajustar: pv, armadura, escudo,"),
        ("master", "mesa", {"combatiente": "Ana", "pv": 20}, "Ana ya está así"),
    ],
)  # fmt: skip
async def test_refusals_change_nothing(
    duel: Duel, fake: FakeDiscord, user: str, channel: str, options: dict[str, Any], said: str
) -> None:
    before = await dump(fake)
    reply = await fake.command(user, channel, "porcentual ajustar", options)
    assert reply.last.ephemeral and said in reply.text(), reply.text()
    assert await dump(fake) == before
    assert fake.gate.notices == []


async def test_a_fight_already_over_is_refused(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.cmd("master", "encuentro terminar", {})
    before = await dump(fake)
    reply = await fake.command(
        "master", "mesa", "porcentual ajustar", {"combatiente": "Ana", "pv": 3}
    )
    assert reply.last.ephemeral and "No hay ningún encuentro" in reply.text()
    assert await dump(fake) == before
    assert fake.gate.notices == []


async def test_deshacer_restores_the_exact_document(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    before = await doc(session, fake)
    options = {"combatiente": "Ana", "pv": 2, "en_suelo": True, "motivo": "caída"}
    await duel.cmd("master", "porcentual ajustar", options)
    assert combatant(await doc(session, fake), "Ana")["pv"] == 2
    preview = await fake.command("master", "mesa", "deshacer")
    assert "¿Deshacer /porcentual ajustar?" in preview.last.text(), preview.text()
    await fake.press("master", "mesa", "Deshacer")
    assert await doc(session, fake) == before
    assert "PV 20/20 · Cota Res. 18 · Rodela Res. 9\n" in await tracker(session, fake) + "\n"
    assert fake.gate.notices == []
