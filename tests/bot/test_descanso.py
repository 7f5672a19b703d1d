"""/ficha ajustar and /descanso through the console: GM only, sheet and combatant together,
posted, shown in /historial and undone by /deshacer."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord, Session
from tests.bot.conftest import KAEDA, Script
from tests.bot.test_deshacer import MESA, state, undo

BRAN = "/ficha crear nombre:Bran vigor:2 destreza:2 percepcion:2 voluntad:2 proteccion:0"


async def sheet(session: Session, fake: FakeDiscord, nombre: str) -> dict[str, Any]:
    async with session.storage.guild(fake.guild.id) as uow:
        row = next(r for r in await uow.characters.list_all() if r.nombre == nombre)
        return {k: getattr(row, k) for k in ("aguante", "aliento", "esencia", "estados")}


async def test_ajustar_outside_a_fight_and_undo(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*KAEDA)
    before = await sheet(session, fake, "Íñigo")
    refused = await fake.command(
        "kaeda", "mesa", "ficha ajustar", {"personaje": "Íñigo", "aguante": 3}
    )
    assert refused.first.ephemeral and refused.first.content.startswith("Solo el máster puede")
    assert await sheet(session, fake, "Íñigo") == before
    out = await script.run(
        "@master", '/ficha ajustar personaje:Íñigo aguante:3 estados:"Aturdido, Sangrando" '
        'motivo:"caída del tejado"',
    )  # fmt: skip
    assert "Íñigo: Aguante 16 → 3; estados ninguno → aturdido, sangrando" in out
    assert "Motivo: caída del tejado" in out
    hurt = {**before, "aguante": 3, "estados": ["aturdido", "sangrando"]}
    assert await sheet(session, fake, "Íñigo") == hurt
    too_much = await fake.command(
        "master", "mesa", "ficha ajustar", {"personaje": "Íñigo", "aguante": 99}
    )
    assert too_much.first.content == "Aguante de Íñigo va de 0 a 16."
    history = await fake.command("master", "mesa", "historial")
    assert "Íñigo: aguante 16 → 3, estados ninguno → aturdido, sangrando" in history.first.text()
    preview, _ = await undo(fake)
    assert "Ficha de Íñigo: Aguante 3 → 16" in preview
    assert await sheet(session, fake, "Íñigo") == before
    history = await fake.command("master", "mesa", "historial")
    assert "«deshecha»" in history.first.text()


async def test_descanso_after_a_fight_heals_everyone_of_it(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(
        *MESA, "@bran", BRAN, "/encuentro unirse",
        "@master", "/encuentro ajustar combatiente:Íñigo aguante:5",
        "/estado poner objetivo:Bran estado:Cegado", "/encuentro terminar",
    )  # fmt: skip
    assert (await sheet(session, fake, "Íñigo"))["aguante"] == 5
    player = await fake.command("bran", "mesa", "descanso")
    assert player.first.ephemeral and player.first.content.startswith("Solo el máster puede")
    rested = await fake.command("master", "mesa", "descanso")
    text = rested.first.text()
    assert "Íñigo: Aguante 5 → 16" in text and "Bran: estados cegado → ninguno" in text
    assert (await sheet(session, fake, "Íñigo"))["aguante"] == 16
    assert (await sheet(session, fake, "Bran"))["estados"] == []
    await undo(fake)
    assert (await sheet(session, fake, "Íñigo"))["aguante"] == 5
    assert (await sheet(session, fake, "Bran"))["estados"] == ["cegado"]
    nobody = await fake.command("master", "taberna", "descanso")
    assert nobody.first.content.startswith("Di a quién")


async def test_in_an_active_fight_the_combatant_and_sheet_change_together(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    fight = await state(session, fake)
    reply = await fake.command(
        "master", "mesa", "ficha ajustar", {"personaje": "Íñigo", "aguante": 7}
    )
    assert not reply.first.ephemeral
    kaeda = next(c for c in (await state(session, fake))["combatants"] if c["nombre"] == "Íñigo")
    assert kaeda["aguante"] == 7 and (await sheet(session, fake, "Íñigo"))["aguante"] == 7
    elsewhere = await fake.command("master", "taberna", "descanso", {"personajes": "Íñigo"})
    assert "está en el encuentro activo de <#" in elsewhere.first.content
    rested = await fake.command("master", "mesa", "descanso", {"personajes": "Íñigo"})
    assert "Íñigo: Aguante 7 → 16" in rested.first.text()
    await undo(fake)
    await undo(fake)
    assert await state(session, fake) == fight
    assert (await sheet(session, fake, "Íñigo"))["aguante"] == 16
    unknown = await fake.command(
        "master", "mesa", "ficha ajustar", {"personaje": "Nadie", "aguante": 1}
    )
    assert unknown.first.content == (
        "No hay ningún personaje «Nadie» en este servidor: /ficha lista dice cuáles hay."
    )
    bad = await fake.command(
        "master", "mesa", "ficha ajustar", {"personaje": "Íñigo", "estados": "Feliz"}
    )
    assert bad.first.content.startswith("Estado desconocido «Feliz»")
    nothing = await fake.command("master", "mesa", "ficha ajustar", {"personaje": "Íñigo"})
    assert nothing.first.content.startswith("Di qué ajustar")


async def owners_sheet(session: Session, fake: FakeDiscord, nombre: str, owner: str) -> Any:
    async with session.storage.guild(fake.guild.id) as uow:
        rows = [r for r in await uow.characters.list_all() if r.nombre == nombre]
        return next(r.estados for r in rows if r.owner_id == fake.user_id(owner))


async def test_descanso_tells_apart_two_characters_of_one_name_by_owner(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    """Two players each have an «Íñigo»: the name alone is ambiguous, «dueño» says whose
    (and, with no names, rests only that player's characters of the last encounter)."""
    await script.run(
        *MESA, "@bran",
        "/ficha crear nombre:Íñigo vigor:2 destreza:2 percepcion:2 voluntad:2 proteccion:0",
        "@master", "/estado poner objetivo:Íñigo estado:Cegado", "/encuentro terminar",
        '/ficha ajustar personaje:Íñigo dueño:@bran estados:"Aturdido"',
    )  # fmt: skip
    assert await owners_sheet(session, fake, "Íñigo", "kaeda") == ["cegado"]
    assert await owners_sheet(session, fake, "Íñigo", "bran") == ["aturdido"]
    both = await fake.command("master", "mesa", "descanso", {"personajes": "Íñigo"})
    assert both.first.ephemeral
    assert both.first.content == "Hay 2 personajes «Íñigo»: di de quién con «dueño»."
    assert await owners_sheet(session, fake, "Íñigo", "bran") == ["aturdido"]
    brans = await fake.command(
        "master", "mesa", "descanso", {"personajes": "Íñigo", "dueño": "bran"}
    )
    assert "Íñigo: estados aturdido → ninguno" in brans.first.text()
    assert await owners_sheet(session, fake, "Íñigo", "bran") == []
    assert await owners_sheet(session, fake, "Íñigo", "kaeda") == ["cegado"]
    nobody = await fake.command("master", "mesa", "descanso", {"dueño": "bran"})
    assert nobody.first.ephemeral and nobody.first.content == (
        "En el último encuentro de este canal no hay ningún personaje de ese jugador."
    )
    kaedas = await fake.command("master", "mesa", "descanso", {"dueño": "kaeda"})
    assert "Íñigo: estados cegado → ninguno" in kaedas.first.text()
    assert await owners_sheet(session, fake, "Íñigo", "kaeda") == []


async def test_descanso_after_a_new_fight_began_rests_the_last_one_with_characters(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    """The GM ended the fight and already opened the next (no one in it yet): /descanso
    with no names rests who fought in the one before, not «nobody»."""
    await script.run(
        *MESA, "@master", "/encuentro ajustar combatiente:Íñigo aguante:4",
        "/encuentro terminar", "/encuentro empezar modo:mesa",
    )  # fmt: skip
    rested = await fake.command("master", "mesa", "descanso")
    assert "Íñigo: Aguante 4 → 16" in rested.first.text()
    assert (await sheet(session, fake, "Íñigo"))["aguante"] == 16
