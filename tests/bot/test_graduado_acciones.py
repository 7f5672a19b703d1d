"""The graded combat's other actions through the slash commands, with forced dice: standing
in front of an ally, healing, a deed priced by its effect (cut down when tired), and the
enemies' numbers for the group; /historial shows the graded rolls."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.graduado_steps import document, fighter, setup_lines
from umbral_rules import ForcedDice

BRUNO = [
    "@bran",
    "/graduado ficha crear nombre:Bruno poder:25 aguante:100 magia:20 mana:30",
    "/encuentro unirse personaje:Bruno",
]


async def test_standing_in_front_of_an_ally_takes_the_blow_on_your_own_defence(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *setup_lines(), *BRUNO, "@master", "/graduado anunciar enemigo:Lobo objetivo:Bruno"
    )
    for user in ("kaeda", "bran"):
        await fake.command(user, "mesa", "graduado defender", {"tipo": "esquivar"})
    await fake.command("master", "mesa", "asalto")
    await fake.command("kaeda", "mesa", "graduado interponerse", {"aliado": "Bruno"})
    await fake.command("bran", "mesa", "graduado defender", {"tipo": "parar"})
    dice.push([60, 90])  # Lobo's d100 (65: +5, SÓLIDO), then Aria's defence (80: −10)
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "Aria se pone delante de Bruno: sus golpes van contra la defensa de Aria." in text
    assert "Aria se defiende (esquivar)" in text
    assert "defensa d100 90 contra 80: DESVIADO; el ataque pasa de SÓLIDO a LIMPIO" in text
    assert "Lobo → Aria:" in text and "Bruno se defiende" not in text
    assert "calificación 1.15" in text and "→ **12**; aguante 100 → 88." in text


async def test_healing_with_magic_pays_mana_and_gives_aguante(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(
        "@kaeda", "/graduado ficha crear nombre:Aria poder:25 aguante:100",
        "/graduado ficha editar nombre:Aria gastado_aguante:50", *setup_lines()[2:], *BRUNO,
    )  # fmt: skip
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "parar"})
    declared = await fake.command(
        "bran", "mesa", "graduado curar", {"aliado": "Aria", "medio": "magia", "puntos": 10}
    )
    assert "Bruno declara; todos han declarado." in declared.first.text()
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "Bruno gasta 10 de maná (30 → 20)." in text
    assert "Bruno cura con magia a Aria: +10 de aguante." in text
    aria = fighter(await document(session, fake), "Aria")
    assert aria["ficha"]["fuerza"]["gastado"] == 40


async def test_a_deed_is_priced_by_its_effect_and_cut_down_when_tired(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*setup_lines())
    await fake.command(
        "kaeda", "mesa", "graduado hazana", {"descripcion": "Derriba la puerta", "efecto": 15}
    )
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    # a rank below her power: a tenth of the reserve
    assert "Aria: «Derriba la puerta», efecto 15; 10 de aguante (100 → 90)." in text
    await script.run(
        "@kaeda",
        "/graduado hazana descripcion:Paso efecto:5",
    )  # two ranks below: a hundredth, «casi gratis»
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "efecto 5; 1 de aguante (90 → 89)." in text
    await fake.command("kaeda", "mesa", "graduado hazana", {"descripcion": "Muro", "efecto": 25})
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    # 89 left of 100 reach 25 + 10 × log10(0.89) = 24.49 → 24, which costs 79
    assert "efecto 24 (pedía 25: se reduce a lo que alcanza); 79 de aguante (89 → 10)" in text


async def test_the_enemies_grow_with_the_group(script: Script, fake: FakeDiscord) -> None:
    await script.run(*setup_lines(), *BRUNO)
    reply = await fake.command("master", "mesa", "graduado escalar", {"base": 3, "por_heroe": 1.5})
    assert "3 + 1.5 × (2 héroes − 1) = 5 enemigos." in reply.first.text()


async def test_historial_shows_the_graded_rolls(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*setup_lines())
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    dice.push([81])
    await fake.command("master", "mesa", "asalto")
    history = (await fake.command("master", "mesa", "historial")).first.text()
    assert "ROZADURA" in history and "81" in history


async def test_the_world_names_the_ranks_and_leaving_pays_no_experience(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*setup_lines())
    named = await fake.command(
        "master",
        "mesa",
        "graduado mundo",
        {"rangos": "Hierro, Bronce, Plata, Oro, Mithril, Adamante, Estrella, Astro, Cosmos"},
    )
    assert "Rangos: Hierro, Bronce, Plata, Oro" in named.first.text()
    assert "**Aria** — rango Plata (poder 25)" in named.last.text()  # the tracker
    ended = await fake.command("master", "mesa", "encuentro terminar")
    text = ended.first.text()
    assert "El combate termina: huida." in text
    assert "Aria: 0 de experiencia (irse no paga nada)." in text
    assert "Combate graduado terminado (huida)" in ended.last.text()
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        assert await uow.encounter.system() is None
