"""Bad input in a graded fight: refused in Spanish, privately, with nothing changed (the
fight's document and the sheets as they were)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.console import FakeDiscord, Session, open_session
from tests.bot.conftest import Script
from tests.bot.graduado_steps import document, setup_lines
from umbral_rules import ForcedDice

REFUSALS: list[tuple[str, str, dict[str, Any], str]] = [
    ("master", "graduado anunciar", {"enemigo": "Aria", "objetivo": "Lobo"},
     "Aria no es de los enemigos: no puede atacar."),
    ("master", "graduado anunciar", {"enemigo": "Lobo", "objetivo": "Nadie"},
     "No hay nadie llamado «Nadie» en este combate."),
    ("kaeda", "graduado anunciar", {"enemigo": "Lobo", "objetivo": "Aria"},
     "Solo el máster puede anunciar los golpes de los enemigos"),
    ("kaeda", "atacar", {"objetivo": "Aria"}, "Aria no es de los enemigos: no puede ser atacado."),
    ("kaeda", "graduado atacar", {"objetivo": "Lobo", "via": "magia"},
     "Aria no tiene magia: no tiene maná que gastar."),
    ("master", "atacar", {"objetivo": "Aria", "atacante": "Lobo"},
     "Lobo no es un héroe: sus golpes los anuncia el máster."),
    ("master", "atacar", {"objetivo": "Lobo"}, "No tienes ningún héroe en este combate"),
    ("kaeda", "graduado interponerse", {"aliado": "Aria"},
     "No puedes ponerte delante de ti mismo."),
    ("kaeda", "graduado curar", {"aliado": "Aria", "medio": "objeto", "puntos": 3},
     "Curar con un objeto necesita el nombre del objeto."),
    ("master", "graduado mundo", {"rangos": "a, b, c"}, "Hacen falta 9 nombres de rango"),
    ("master", "graduado mundo", {"rangos": "a, a, b, c, d, e, f, g, h"},
     "Dos rangos no pueden llamarse igual."),
    ("master", "graduado botin", {"objetos": "Yelmo"},
     "La carta de botín es tras una victoria: este combate no la tiene."),
    ("master", "graduado botin", {"objetos": "a, b, c, d"},
     "De los caídos se pueden tomar hasta 3 objetos (se pidieron 4)."),
    ("master", "graduado repartir", {}, "No hay ninguna carta de botín por repartir"),
    ("master", "encuentro enemigos", {"nombre": "Oso"},
     "No hay una entrada del bestiario llamada «Oso»."),
    ("master", "encuentro quitar", {"combatiente": "Oso"},
     "No hay nadie llamado «Oso» en este combate."),
    ("kaeda", "encuentro unirse", {"personaje": "Aria"},
     "Ya hay alguien llamado «Aria» en este combate."),
    ("master", "encuentro empezar", {"sistema": "graduado"},
     "Ya hay un encuentro activo en este canal"),
    ("master", "asalto", {}, "faltan por declarar Aria y su ventana sigue abierta"),
    ("kaeda", "asalto", {}, "Solo el máster puede pasar el asalto"),
    ("master", "graduado ficha editar", {"nombre": "Aria"}, "No has dicho qué cambiar"),
    ("master", "graduado ficha crear", {"nombre": "aria", "poder": 3, "aguante": 4},
     "Ya hay una ficha llamada «aria»."),
    ("kaeda", "graduado ficha editar", {"nombre": "Aria", "gastado_aguante": 101},
     "Lo gastado de una reserva va de 0 a su máximo, 100 (se dio 101)."),
]  # fmt: skip


async def _sheets(session: Session, fake: FakeDiscord) -> list[Any]:
    async with session.storage.guild(fake.guild.id) as uow:
        return [
            (s.nombre, s.data, s.version)
            for kind in ("pj", "enemigo")
            for s in await uow.system_sheets.list("graduado", kind)  # type: ignore[arg-type]
        ]


@pytest.mark.parametrize(("user", "path", "options", "refusal"), REFUSALS)
async def test_bad_input_is_refused_and_changes_nothing(
    script: Script, fake: FakeDiscord, session: Session,
    user: str, path: str, options: dict[str, Any], refusal: str,
) -> None:  # fmt: skip
    await script.run(*setup_lines(), "@master", "/graduado mundo ventana:60")
    before, sheets = await document(session, fake), await _sheets(session, fake)
    reply = await fake.command(user, "mesa", path, options)
    assert reply.last.ephemeral and not reply.last.embeds, reply.text()
    assert refusal in reply.last.content
    assert await document(session, fake) == before
    assert await _sheets(session, fake) == sheets


async def test_a_finished_fight_takes_no_more_declarations(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*setup_lines(enemy="poder:25 aguante:5"))
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    dice.push([80])
    await fake.command("master", "mesa", "asalto")
    before = await document(session, fake)
    assert before["final"] == "victoria"
    again = await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "parar"})
    assert again.last.ephemeral and "Este combate ya terminó (victoria)." in again.last.content
    assert await document(session, fake) == before


async def test_the_loot_card_works_after_a_restart(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice, database_url: str
) -> None:
    await script.run(*setup_lines(enemy="poder:25 aguante:5"))
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    dice.push([80])
    await fake.command("master", "mesa", "asalto")
    await fake.command("master", "mesa", "graduado botin", {"objetos": "Anillo"})
    restarted = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        restarted.discord.restore(fake.messages)
        stranger = await restarted.discord.press("bran", "mesa", "Quiero: Anillo")
        assert stranger.last.ephemeral
        assert "No jugaste este combate" in stranger.last.content
        pressed = await restarted.discord.press("kaeda", "mesa", "Quiero: Anillo")
        assert "Quieres «Anillo». Anotado." in pressed.last.text()
        shared = await restarted.discord.command("master", "mesa", "graduado repartir")
        assert "Anillo: para Aria (nadie más lo quiere)." in shared.first.text()
    finally:
        await restarted.close()


async def test_a_crowded_fight_stays_within_discord_limits(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*setup_lines(cantidad=40))
    for n in range(1, 41):
        await fake.command(
            "master", "mesa", "graduado anunciar", {"enemigo": f"Lobo {n}", "objetivo": "Aria"}
        )
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "parar"})
    await fake.command("master", "mesa", "asalto")
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "parar"})
    dice.push([99] * 41)
    closed = await fake.command("master", "mesa", "asalto")
    replies = [m for m in closed.messages if "Se resuelve la ronda" in m.text()]
    assert len(replies) >= 2  # one message could not hold them: nothing is dropped
    assert sum(m.text().count(" → Aria: ") for m in replies) == 40
    assert "Lobo 40 → Aria: " in replies[-1].text()
