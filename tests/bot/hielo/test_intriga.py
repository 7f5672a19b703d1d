"""Intrigues through the console with forced dice: a normal intrigue won with the FA, the
Frustración and a manoeuvre; a simple intrigue; destiny on an attitude; refusals."""

from __future__ import annotations

from pathlib import Path

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

from .lines import doc, raw, roll_count

#: Lysa: Persuasión 4 with Seducción 2B, Estatus 3 with Reputación 1B; Voluntad 2:
#: Compostura 6, Defensa en intrigas 3 + 2 + 2 = 7.
LYSA = (
    '/hielo ficha crear nombre:Lysa habilidades:"Persuasión 4, Estatus 3" '
    'especialidades:"Persuasión: Seducción 2, Reputación 1"'
)
#: The merchant: Estatus 2, Voluntad 2: Compostura 6, Defensa en intrigas 6.
MERCADER = '/hielo bestiario añadir nombre:Mercader habilidades:"Estatus 2"'
INTRIGA = [
    "@kaeda",
    LYSA,
    "@master",
    MERCADER,
    "/encuentro empezar sistema:hielo",
    "@kaeda",
    "/hielo intriga unirse personaje:Lysa bando:casa objetivo:Servicio",
    "@master",
    "/hielo intriga unirse personaje:Mercader bando:gremio objetivo:Información fa:1",
    "@kaeda",
    "/hielo intriga preparar técnica:Seducción influencia:2",
]
#: Estatus (Reputación): Lysa 6, 6, 6 (1) = 18; the merchant 1, 1 = 2.
INICIATIVA = [6, 6, 6, 1, 1, 1]
#: Persuasión 4 + Seducción 2B: 6, 6, 5, 5 kept = 22 against 6: four degrees, two sixes.
INFLUIR = [6, 6, 5, 5, 1, 1]


async def test_an_intrigue_won_with_fa_frustracion_and_a_manoeuvre(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    out = await script.run(*INTRIGA)
    assert "Lysa entra en la intriga (bando casa, objetivo Servicio, actitud 4; Defensa en " in out
    assert "Compostura 6)" in out
    dice.push(INICIATIVA)
    out = await script.run("@master", "/hielo intriga intercambio")
    assert "Intercambio 1: Lysa (18), Mercader (2)." in out and "@kaeda, Lysa: te toca." in out
    dice.push(INFLUIR)
    out = await script.run("@kaeda", "/hielo intriga influir objetivo:Mercader")
    assert "= 22 contra 6: supera por 16, 4 grados" in out
    assert "Lysa influye en Mercader con Seducción: 2 × 4 = 8 − FA 1 = 7 de Influencia." in out
    out = await script.run("/hielo intriga frustración usar:true")
    assert "Mercader no es tuyo" in out
    dice.push([3])
    out = await script.run("@master", "/hielo intriga frustración usar:true")
    assert "Mercader: Compostura 6 → 1 (Frustración 1: anula 2, −1D a Engaño y Persuasión)." in out
    assert "¡Maniobra de Lysa! 1d6 (3) + 2 seises = 5: busca el 5 en la tabla de maniobras" in out
    assert "Turno de Mercader." in out
    dice.push([3, 3])
    out = await script.run(
        '/hielo intriga acción descripción:"Ofrece un soborno" habilidad:Estatus dificultad:9'
    )
    assert "Mercader: Ofrece un soborno." in out and "falla por 3" in out
    # influenced with success in the exchange just past: the merchant cannot worsen
    out = await script.run(
        "/hielo intriga preparar personaje:Mercader actitud:empeora fa:2",
        "/hielo intriga intercambio",
    )
    assert "Mercader fue influido con éxito en el intercambio recién pasado: no puede " in out
    await script.run("/hielo intriga preparar personaje:Mercader")  # says nothing new
    dice.push(INICIATIVA)
    out = await script.run("/hielo intriga intercambio")
    assert "Intercambio 2: Lysa (18), Mercader (2)." in out
    dice.push([*INFLUIR, 2])
    await script.run("@kaeda", "/hielo intriga influir objetivo:Mercader")
    out = await script.run("@master", "/hielo intriga frustración usar:true")
    assert "Mercader: Compostura 1 → 0" in out and "Mercader llega a Compostura 0." in out
    assert "La intriga termina: vence el bando casa." in out
    state = (await doc(session, fake)).intriga
    assert state is not None and state.terminada and state.vencedor == "casa"
    history = await fake.command("master", "mesa", "historial")
    assert "/hielo intriga influir · Lysa → Mercader" in history.first.text()


async def test_the_attitude_table_a_change_of_objective_and_destiny_on_an_attitude(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice, tmp_path: Path
) -> None:
    rows = "\n".join(
        f"  - {{nombre: {n}, fa: {fa}, engano: 0, persuasion: {p}}}"
        for n, fa, p in [
            ("Devoto", 0, 5), ("Amistoso", 1, 3), ("Amable", 2, 1), ("Indiferente", 3, 0),
            ("Antipático", 4, -1), ("Hostil", 5, -3), ("Malicioso", 6, -5),
        ]
    )  # fmt: skip
    (tmp_path / "a.yaml").write_text(f"filas:\n{rows}\n", encoding="utf-8")
    await script.run(
        "@master", f"/hielo tabla importar tipo:actitudes archivo:@{tmp_path / 'a.yaml'}"
    )
    await script.run(*INTRIGA[:-1])
    out = await script.run(
        "/hielo intriga preparar técnica:Seducción influencia:2 objetivo:Amistad"
    )
    dice.push(INICIATIVA)
    out = await script.run("@master", "/hielo intriga intercambio")
    assert "Lysa cambia de objetivo (Amistad): Mercader recupera 0 de Compostura." in out
    assert "Mercader** — Compostura 6/6" in out and "actitud 4 (Indiferente, FA 3)" in out
    out = await script.run("@kaeda", "/hielo destino uso:actitud objetivo:Mercader actitud:mejora")
    assert "La actitud de Mercader mejora a Amable." in out
    dice.push(INFLUIR)
    out = await script.run("/hielo intriga influir objetivo:Mercader")
    # Amable: +1 to Persuasión, FA 2
    assert "= 22 +1 (Actitud (Amable)) = 23 contra 6: supera por 17, 4 grados." in out
    assert "= 8 − FA 2 = 6 de Influencia." in out
    before = await roll_count(session, fake)
    out = await script.run("/hielo intriga esperar")
    assert "Primero Mercader decide si sufre Frustración." in out
    assert await roll_count(session, fake) == before


async def test_a_simple_intrigue_is_one_roll(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run("@kaeda", LYSA, "@master", MERCADER)
    dice.push([5, 4, 3, 1, 1, 1, 1])
    out = await script.run(
        "@kaeda",
        "/hielo intriga simple personaje:Lysa contra:Mercader técnica:Seducción "
        "escenario:inapropiado destino:recibir_b",
    )
    # against Defensa en intrigas 6 + 6 (inapropiado) = 12: 5, 4, 3, 1 = 13
    assert "= 13 contra 12: supera por 1, 1 grado" in out
    assert "Lysa gana la intriga simple." in out
    async with session.storage.guild(fake.guild.id) as uow:
        lysa = await uow.system_sheets.require("hielo", "pj", "Lysa")
    assert lysa.data["destino"] == 0  # the destiny point it spent leaves the sheet
    out = await script.run(
        "@bran", "/hielo intriga simple personaje:Lysa contra:Mercader técnica:Seducción"
    )
    assert "no es tuya" in out


async def test_intrigue_refusals_change_nothing(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*INTRIGA)
    before = await raw(session, fake)
    said = {
        "/hielo intriga influir objetivo:Mercader": "No ha empezado ninguna intriga",
        "/hielo intriga preparar técnica:Seducción": "Una técnica va con su Influencia",
        "/hielo intriga unirse personaje:Lysa bando:casa objetivo:Amistad": "ya está en la intriga",
        "/hielo intriga intercambio": "Solo el máster puede llevar la intriga",
        "/hielo intriga frustración usar:false": "No ha empezado ninguna intriga",
    }
    for line, refusal in said.items():
        out = await script.run(line)
        assert refusal in out, out
    out = await script.run("@master", "/hielo intriga unirse personaje:Nadie bando:x objetivo:y")
    assert "No hay ninguna ficha llamada «Nadie»." in out
    assert await raw(session, fake) == before


async def test_deceiving_rolls_engano_with_the_higher_specialty(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run("@kaeda", LYSA, "@master", MERCADER)
    dice.push([6, 5, 1, 1])
    out = await script.run(
        "@kaeda",
        "/hielo intriga simple personaje:Lysa contra:Mercader técnica:Seducción engaño:true "
        "especialidad_engaño:Seducción",
    )
    # Engaño (not written: 2) with Persuasión's Seducción 2B, the higher of the two
    assert "Lysa — Engaño 2 (Seducción): 2 + 2B → 6, 5, 1, 1; se queda 6, 5 = 11 contra 6" in out
    assert "Lysa gana la intriga simple." in out


async def test_destiny_spent_in_an_intrigue_leaves_the_sheet_at_the_end(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*INTRIGA)
    dice.push(INICIATIVA)
    await script.run("@master", "/hielo intriga intercambio")
    out = await script.run("@kaeda", "/hielo destino uso:actitud objetivo:Mercader actitud:empeora")
    assert "La actitud de Mercader empeora a categoría 5 de 7." in out
    out = await script.run("@master", "/encuentro terminar")
    assert "Lysa vuelve con 0 punto(s) de destino." in out
    async with session.storage.guild(fake.guild.id) as uow:
        lysa = await uow.system_sheets.require("hielo", "pj", "Lysa")
        mercader = await uow.system_sheets.require("hielo", "enemigo", "Mercader")
    assert lysa.data["destino"] == 0 and mercader.data["destino"] == 1
