"""/hielo ajustar: the GM's hand correction of a combatant of Canción de hielo y fuego
through the console — each value set and stored, Salud 0 out and back in, every refusal
changing nothing, /deshacer, /historial's line, the tracker and the destiny points that go
back to the sheet at the end."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from umbral_rules import ForcedDice
from umbral_rules.hielo.combat_state import Fase, Status

from .lines import MESA, TIE, doc, raw, roll_count, undo

FOOTER = "-- Lo ha hecho el máster; /deshacer lo devuelve a como estaba."


async def tracker(fake: FakeDiscord, session: Session) -> str:
    """The text of the channel's tracker message, as stored for the encounter."""
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        await uow.encounter.get_state()
        info = uow.encounter.info
    assert info is not None and info.tracker_message_id is not None
    return next(m for m in fake.messages if m.id == info.tracker_message_id).text()


async def test_each_value_is_set_stored_and_shown(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    reply = await fake.command(
        "master", "mesa", "hielo ajustar",
        {"combatiente": "yor", "salud": 5, "leves": 2, "graves": 1, "fatiga": 3, "destino": 0,
         "motivo": "Se cayó del caballo"},
    )  # fmt: skip
    said = next(m for m in reply.messages if m.title == "Corrección del máster")
    assert not said.ephemeral
    assert said.text().splitlines() == [
        "== Corrección del máster ==",
        "**Yorgen**",
        "• Salud 9 → 5",
        "• Heridas leves 0 → 2",
        "• Heridas graves 0 → 1",
        "• Fatiga 0 → 3",
        "• Puntos de destino 1 → 0",
        "Motivo: Se cayó del caballo",
        FOOTER,
    ]
    y = (await doc(session, fake)).combat.fighter("yorgen")
    assert (y.salud, y.heridas_leves, y.heridas_graves, y.fatiga, y.destino) == (5, 2, 1, 3, 0)
    assert y.status is Status.ACTIVO
    shown = await tracker(fake, session)
    assert (
        "**Yorgen** — Salud 5/9 · Defensa 8 · Protección 1 · leves 2/3 · graves 1/3 · "
        "fatiga 3/3 · destino 0"
    ) in shown
    # a single value, without a reason: only it moves
    reply = await fake.command("master", "mesa", "hielo ajustar", {"combatiente": "Guardia",
                                                                    "fatiga": 1})  # fmt: skip
    said = next(m for m in reply.messages if m.title == "Corrección del máster")
    assert said.text().splitlines() == [
        "== Corrección del máster ==",
        "**Guardia**",
        "• Fatiga 0 → 1",
        FOOTER,
    ]
    g = (await doc(session, fake)).combat.fighter("guardia")
    assert (g.salud, g.fatiga) == (6, 1)
    assert (
        "**Guardia** — Salud 6/6 · Defensa 6 · Protección 0 · leves 0/2 · graves 0/2 · fatiga 1/2"
        in (await tracker(fake, session))
    )
    assert fake.gate.notices == []


async def test_salud_0_takes_one_out_and_raised_it_is_back(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    """With two guards the fight goes on: the guard's turn passes; raised, it is back."""
    await script.run(*MESA, "@master", "/encuentro enemigos nombre:Guardia")
    dice.push([*TIE, 1, 1])  # the second guard («Guardia 1») rolls 2: Yorgen, Guardia, Guardia 1
    await script.run("/asalto", "@kaeda", "/hielo turno que:pasar")
    assert (await doc(session, fake)).combat.current == "guardia"
    out = await script.run("@master", "/hielo ajustar combatiente:Guardia salud:0")
    assert "• Salud 6 → 0" in out and "• Guardia llega a Salud 0: vencido." in out
    assert "• Turno de Guardia 1." in out
    d = await doc(session, fake)
    assert d.combat.fighter("guardia").status is Status.VENCIDO
    assert d.combat.current == "guardia 1" and d.combat.fase is Fase.ASALTO
    assert "**Guardia** — vencido" in await tracker(fake, session)
    out = await script.run("/hielo ajustar combatiente:Guardia salud:4")
    assert "• Salud 0 → 4" in out and "• Guardia vuelve al combate con Salud 4." in out
    d = await doc(session, fake)
    g = d.combat.fighter("guardia")
    assert g.status is Status.ACTIVO and g.salud == 4 and d.combat.fase is Fase.ASALTO
    assert "**Guardia** — Salud 4/6" in await tracker(fake, session)
    # the last of a side out: the combat is over, and no more corrections
    out = await script.run("/hielo ajustar combatiente:Yorgen salud:0 motivo:Despeñado")
    assert (
        "• Yorgen llega a Salud 0: vencido.\n  • El combate termina: vence el bando enemigos."
        in out
    )
    assert (await doc(session, fake)).combat.fase is Fase.TERMINADO
    before = await raw(session, fake)
    out = await script.run("/hielo ajustar combatiente:Guardia salud:3")
    assert "El combate ha terminado." in out
    assert await raw(session, fake) == before
    assert fake.gate.notices == []


async def test_every_refusal_changes_nothing(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    out = await script.run("@master", "/hielo ajustar combatiente:Yorgen salud:3")
    assert "No hay ningún encuentro activo en este canal" in out
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    before, logged = await raw(session, fake), await roll_count(session, fake)
    refusals = [
        ("@kaeda", "/hielo ajustar combatiente:Yorgen salud:3",
         "Solo el máster puede corregir a mano a un combatiente"),
        ("@master", "/hielo ajustar combatiente:Nadie salud:3",
         "No hay nadie llamado «Nadie» en el combate."),
        ("@master", "/hielo ajustar combatiente:Yorgen salud:25",
         "Salud debe estar entre 0 y 24 (se dio 25)."),  # (the option's own bounds)
        ("@master", "/hielo ajustar combatiente:Yorgen salud:10",
         "La Salud de Yorgen: de 0 a 9 (se dio 10)."),
        ("@master", "/hielo ajustar combatiente:Guardia leves:3",
         "Las heridas leves de Guardia: de 0 a 2 (se dio 3)."),
        ("@master", "/hielo ajustar combatiente:Yorgen graves:4",
         "Las heridas graves de Yorgen: de 0 a 3 (se dio 4)."),
        ("@master", "/hielo ajustar combatiente:Yorgen salud:2 fatiga:4",
         "La fatiga de Yorgen: de 0 a 3 (se dio 4)."),
        ("@master", "/hielo ajustar combatiente:Yorgen destino:2",
         "Los puntos de destino de Yorgen: de 0 a 1, los de su ficha (se dio 2)"),
        ("@master", "/hielo ajustar combatiente:Yorgen",
         "Di qué ajustar: salud, leves, graves, fatiga o destino."),
        ("@master", "/hielo ajustar combatiente:Yorgen salud:9 destino:1",
         "Yorgen ya tiene esos valores: no hay nada que corregir."),
    ]  # fmt: skip
    for user, line, words in refusals:
        out = await script.run(user, line)
        assert words in out, line
        assert await raw(session, fake) == before, line
    # another game's encounter in the channel: not this command's
    out = await script.run("#taberna", "/encuentro empezar", "/hielo ajustar combatiente:X salud:1")
    assert "El encuentro de este canal es de Umbral: ese comando no sirve para él" in out
    # while a hit waits for the defender's choice, the fight waits
    await script.run("#mesa")
    dice.push([5, 5, 3, 3])  # 16 against 6: 3 degrees, 6 of damage (no critical: no six)
    await script.run("@kaeda", "/atacar objetivo:Guardia")
    pending = await raw(session, fake)
    out = await script.run("@master", "/hielo ajustar combatiente:Yorgen fatiga:1")
    assert "Primero Guardia decide cómo recibe 6 de daño" in out
    assert await raw(session, fake) == pending
    assert await roll_count(session, fake) == logged + 1  # only the attack
    assert fake.gate.notices == []


async def test_deshacer_restores_the_document_exactly(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    before = await raw(session, fake)
    await script.run("/hielo ajustar combatiente:Guardia salud:0")  # it ends the combat
    assert (await doc(session, fake)).combat.fase is Fase.TERMINADO
    await undo(fake, "hielo ajustar")
    assert await raw(session, fake) == before
    assert "**Guardia** — Salud 6/6" in await tracker(fake, session)
    assert fake.gate.notices == []


async def test_historial_shows_the_correction_and_its_reason(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    logged = await roll_count(session, fake)
    await script.run(
        "@master", '/hielo ajustar combatiente:Yorgen salud:7 leves:1 motivo:"Cayó del muro"'
    )
    assert await roll_count(session, fake) == logged + 1
    out = await script.run("/historial")
    assert (
        "· master · /hielo ajustar · Yorgen · Yorgen: Salud 9 → 7, Heridas leves 0 → 1 · "
        "motivo: Cayó del muro"
    ) in out
    async with session.storage.guild(fake.guild.id) as uow:
        [entry] = [e for e in await uow.rolls.entries() if e.command == "hielo ajustar"]
    assert entry.result.to_json() == {
        "sistema": "hielo",
        "nombre": "Yorgen",
        "cambios": [
            {"campo": "Salud", "antes": "9", "despues": "7"},
            {"campo": "Heridas leves", "antes": "0", "despues": "1"},
        ],
        "motivo": "Cayó del muro",
    }


async def test_destiny_points_set_go_back_to_the_sheet_at_the_end(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    """The end gives the sheet the points left, as after spending them; one spent and
    given back by the GM leaves the sheet as it was."""
    await script.run(*MESA)
    await script.run("@master", "/hielo ajustar combatiente:Yorgen destino:0")
    out = await script.run("/encuentro terminar")
    assert "Yorgen vuelve con 0 punto(s) de destino." in out
    async with session.storage.guild(fake.guild.id) as uow:
        row = await uow.system_sheets.require("hielo", "pj", "Yorgen")
    assert row.data["destino"] == 0
    # again with a sheet of 1: spent, then given back by the GM
    await script.run("@kaeda", "/hielo ficha editar nombre:Yorgen destino:1")
    await script.run("@master", "/encuentro empezar sistema:hielo")
    await script.run("/encuentro enemigos nombre:Guardia", "@kaeda", "/encuentro unirse")
    dice.push(TIE)
    await script.run("@master", "/asalto")
    await script.run("@kaeda", "/hielo destino uso:imponer_menos_d objetivo:Guardia")
    out = await script.run("@master", "/hielo ajustar combatiente:Yorgen destino:1")
    assert "• Puntos de destino 0 → 1" in out
    out = await script.run("/encuentro terminar")
    assert "vuelve con" not in out
    async with session.storage.guild(fake.guild.id) as uow:
        row = await uow.system_sheets.require("hielo", "pj", "Yorgen")
    assert row.data["destino"] == 1
    assert fake.gate.notices == []
