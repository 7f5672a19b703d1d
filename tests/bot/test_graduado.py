"""The graded d100 combat (seed 003) through the real slash commands, with forced dice: the
shared verbs, the roll log, /deshacer, a restarted console mid-round, refusals."""

from __future__ import annotations

from bot.console import FakeDiscord, Session, open_session
from bot.records.rolls import SystemRoll
from tests.bot.conftest import Script
from tests.bot.graduado_steps import document, fighter, log_entries, setup_lines, undo
from umbral_rules import ForcedDice


async def test_a_round_through_the_shared_commands(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*setup_lines())
    declared = await fake.command(
        "kaeda", "mesa", "atacar", {"objetivo": "Lobo", "tacticas": "bueno", "riesgo": "agresivo"}
    )
    text = declared.first.text()
    assert "Aria declara; todos han declarado." in text
    assert (
        "80 base + 5 Tácticas (bueno) − 8 Riesgo (agresivo) + 0 Objetivo (estándar) + 0 Quién "
        "es más fuerte (igualados) + 0 Impulso + 0 Agotamiento (0 % gastado) = 77 %" in text
    )
    dice.push([50])
    closed = await fake.command("master", "mesa", "asalto")
    text = closed.first.text()
    assert "d100 50, margen +27 → **CRÍTICO**" in text
    # 10 × 1 × 1.125 × 1.4 = 15.75 → 16
    assert "tácticas 1.125 × calificación 1.4" in text and "→ **16**" in text
    assert "aguante 30 → 14" in text
    assert "Impulso de los héroes: 0 → 3 (+3, CRÍTICO)" in text
    doc = await document(session, fake)
    assert doc["ronda"] == 2 and doc["asalto"] == 2
    assert fighter(doc, "Lobo")["ficha"]["fuerza"]["gastado"] == 16
    assert "ronda 2" in closed.last.text() and "Faltan por declarar: Aria" in closed.last.text()
    entries = await log_entries(session, fake)
    attack = [e for e in entries if isinstance(e.result, SystemRoll)]
    assert len(attack) == 1
    assert attack[0].command == "asalto" and attack[0].actor == "Aria"
    assert attack[0].target == "Lobo" and attack[0].dice == [{"faces": [50], "sides": 100}]
    assert attack[0].result.tipo == "ataque" and attack[0].result.veredicto == "CRÍTICO"
    assert attack[0].result.totales == [50, 77, 16]


async def test_gm_undoes_a_round(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*setup_lines())
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    before = await document(session, fake)
    dice.push([70])
    await fake.command("master", "mesa", "asalto")
    assert await document(session, fake) != before
    await undo(fake, "asalto")
    assert await document(session, fake) == before


async def test_a_restarted_console_closes_the_round_it_left_open(
    script: Script, fake: FakeDiscord, session: Session, database_url: str
) -> None:
    await script.run(*setup_lines())
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "bloquear"})
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo", "tacticas": "brillante"})
    restarted = await open_session(database_url, dice=ForcedDice([92]), migrate=False)
    try:
        restarted.discord.restore(fake.messages)
        closed = await restarted.discord.command("master", "mesa", "asalto")
        text = closed.first.text()
        assert "+ 12 Tácticas (brillante)" in text and "= 92 %" in text
        assert "d100 92, margen 0 → **SÓLIDO**" in text
        doc = await document(restarted, restarted.discord)
        assert doc["ronda"] == 2 and doc["declaraciones"] == {}
    finally:
        await restarted.close()


async def test_umbral_options_are_refused_and_nothing_changes(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*setup_lines())
    before = await document(session, fake)
    refused = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo", "arma": "Espada"})
    text = refused.last.content
    assert refused.last.ephemeral
    assert "no usa `arma`: no se ha hecho nada" in text and "`tácticas`" not in text
    assert "`tacticas`" in text or "`dificultad`" in text
    bad = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Nadie"})
    assert bad.last.ephemeral and "No hay nadie llamado «Nadie»" in bad.last.content
    other = await fake.command("bran", "mesa", "atacar", {"objetivo": "Lobo", "atacante": "Aria"})
    assert other.last.ephemeral and "Aria no es tuyo" in other.last.content
    assert await document(session, fake) == before


async def test_umbral_refuses_the_graded_grades(script: Script, fake: FakeDiscord) -> None:
    await script.run("@master", "/encuentro empezar modo:mesa")
    refused = await fake.command("master", "mesa", "atacar", {"objetivo": "X", "tacticas": "bueno"})
    assert refused.last.ephemeral and "no usa `tacticas`" in refused.last.content


async def test_sheets_and_bestiary(script: Script, fake: FakeDiscord, session: Session) -> None:
    out = await script.run(
        "@kaeda",
        "/graduado ficha crear nombre:Aria poder:34 aguante:100 magia:22 mana:40 arma:2",
        "/graduado ficha editar nombre:Aria gastado_aguante:30 armadura:1",
        "/graduado ficha ver nombre:Aria",
        "@master",
        "/graduado bestiario crear nombre:Dragón poder:75 aguante:900 mundo:sí base:70",
        "/graduado bestiario lista",
    )
    assert "rango A (poder 34) · aguante 100/100 · maná 40/40 (magia 22) · arma 2" in out
    assert "aguante 70/100" in out and "armadura 1" in out
    assert "rango X (poder 75)" in out and "base 70 %" in out
    refused = await fake.command(
        "kaeda", "mesa", "graduado ficha crear", {"nombre": "Eco", "poder": 70, "aguante": 10}
    )
    assert refused.last.ephemeral
    assert "solo para cosas del mundo, nunca para un personaje" in refused.last.content
    half = await fake.command(
        "kaeda",
        "mesa",
        "graduado ficha crear",
        {"nombre": "Eco", "poder": 5, "aguante": 10, "magia": 3},
    )
    assert half.last.ephemeral and "`magia` (su poder) y `mana`" in half.last.content
    stranger = await fake.command("bran", "mesa", "graduado ficha borrar", {"nombre": "Aria"})
    assert (
        stranger.last.ephemeral and "Solo el dueño de la ficha o el máster" in stranger.last.content
    )
    gone = await fake.command("kaeda", "mesa", "graduado ficha borrar", {"nombre": "Aria"})
    assert "Borrada: «Aria»" in gone.last.text()
    async with session.storage.guild(fake.guild.id) as uow:
        assert await uow.system_sheets.list("graduado", "pj") == []


async def test_the_encounter_list_names_a_graded_fight_in_another_channel(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*setup_lines(), "@master", "#otra", "/encuentro empezar modo:mesa")
    listed = await fake.command("master", "otra", "encuentro lista")
    text = listed.first.text()
    assert "Combate graduado (d100) · asalto 1" in text
    assert "Lo que espera, en su tracker." in text and "Mesa · asalto 1" in text


async def test_encuentro_ver_shows_the_graded_tracker(script: Script, fake: FakeDiscord) -> None:
    await script.run(*setup_lines())
    seen = await fake.command("kaeda", "mesa", "encuentro ver")
    assert seen.last.ephemeral and "Combate graduado — ronda 1" in seen.last.text()
    posted = await fake.command("master", "mesa", "encuentro ver", {"publico": True})
    assert "Combate graduado — ronda 1" in posted.text()  # the tracker again, below
    assert posted.first.ephemeral and "de nuevo" in posted.first.text()


async def test_ayuda_has_the_graded_topic(fake: FakeDiscord) -> None:
    reply = await fake.command("kaeda", "mesa", "ayuda", {"tema": "graduado"})
    text = reply.first.text()
    assert "Combate graduado (d100)" in text
    assert "/graduado atacar" in text and "/graduado ficha crear" in text


async def test_the_shared_autocomplete_offers_the_graded_fighters(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*setup_lines())
    offered = await fake.autocomplete("kaeda", "mesa", "atacar", {"objetivo": "lo"}, "objetivo")
    assert [c["name"] for c in offered] == ["Lobo"]


async def test_the_server_world_starts_every_new_fight(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    """«Una regla del mundo»: the GM keeps the bases as the server's (``servidor:sí``); the
    fights that start afterwards begin with them, the one going on keeps its own; a player
    may not change them."""
    refused = await fake.command(
        "kaeda", "mesa", "graduado mundo", {"servidor": True, "base_heroes": 70}
    )
    assert refused.last.ephemeral and "máster" in refused.last.text()
    said = await script.run(
        "@master", "/graduado mundo servidor:sí base_heroes:75 base_enemigos:60"
    )
    assert "Base de los héroes 75 %, de los enemigos 60 %." in said
    assert "Los combates graduados que empiecen desde ahora las usan." in said
    started = await fake.command("master", "mesa", "encuentro empezar", {"sistema": "graduado"})
    assert "Base de los héroes 75 %, de los enemigos 60 %." in started.first.text()
    doc = await document(session, fake)
    assert (doc["mundo"]["base_heroes"], doc["mundo"]["base_enemigos"]) == (75, 60)
    # this fight's own change stays with it; the server's stays as it was
    await script.run("/graduado mundo base_heroes:90")
    assert (await document(session, fake))["mundo"]["base_heroes"] == 90
    async with session.storage.guild(fake.guild.id) as uow:
        stored = (await uow.guild.get()).system_rules["graduado"]
    assert (stored["base_heroes"], stored["base_enemigos"]) == (75, 60)
