"""Seed 003's tables with forced dice: every grade of «Tu probabilidad de acertar» and every
band of «Cómo cae» at its edges."""

from __future__ import annotations

import pytest

from umbral_rules import ForcedDice
from umbral_rules.graduado import (
    D100_GRADES,
    Ataque,
    Bando,
    Calificacion,
    Declaracion,
    Diferencia,
    Ficha,
    Grados,
    Mundo,
    Objetivo,
    Reserva,
    Riesgo,
    Tacticas,
    agotamiento,
    build_chance,
    diferencia,
    roll_d100,
)
from umbral_rules.graduado.events import Golpe

from .fighters import fight


@pytest.mark.parametrize(
    ("grade", "value"),
    [
        (Tacticas.POBRE, -5),
        (Tacticas.ESTANDAR, 0),
        (Tacticas.BUENO, 5),
        (Tacticas.EXCELENTE, 8),
        (Tacticas.BRILLANTE, 12),
    ],
)
def test_tacticas(grade: Tacticas, value: int) -> None:
    chance = build_chance(80, Grados(tacticas=grade), 20, 20, 0, 0)
    assert chance.total == 80 + value
    assert chance.terminos[1].valor == value


@pytest.mark.parametrize(
    ("grade", "value"),
    [(Riesgo.SEGURO, 0), (Riesgo.MEDIDO, 0), (Riesgo.AGRESIVO, -8), (Riesgo.TEMERARIO, -20)],
)
def test_riesgo(grade: Riesgo, value: int) -> None:
    assert build_chance(80, Grados(riesgo=grade), 20, 20, 0, 0).total == 80 + value


@pytest.mark.parametrize(
    ("grade", "value"),
    [(Objetivo.FACIL, 5), (Objetivo.ESTANDAR, 0), (Objetivo.DIFICIL, -8), (Objetivo.EXTREMO, -15)],
)
def test_objetivo(grade: Objetivo, value: int) -> None:
    assert build_chance(80, Grados(objetivo=grade), 20, 20, 0, 0).total == 80 + value


@pytest.mark.parametrize(
    ("own", "theirs", "row", "value", "said"),
    [
        (30, 20, Diferencia.MUY_POR_ENCIMA, 12, "Por debajo de ti."),
        (29, 20, Diferencia.ALGO_POR_ENCIMA, 6, "ventaja"),
        (24, 20, Diferencia.ALGO_POR_ENCIMA, 6, "ventaja"),
        (23, 20, Diferencia.IGUALADOS, 0, "igualados"),
        (17, 20, Diferencia.IGUALADOS, 0, "igualados"),
        (16, 20, Diferencia.POR_DEBAJO, -5, "superado"),
        (11, 20, Diferencia.POR_DEBAJO, -5, "superado"),
        (10, 20, Diferencia.MUY_POR_DEBAJO, -10, "Suicida."),
        (1, 20, Diferencia.MUY_POR_DEBAJO, -10, "Suicida."),
        (0, 20, Diferencia.CIEN_VECES, -10, "no puede dañar de forma significativa"),
    ],
)
def test_quien_es_mas_fuerte_at_each_edge(
    own: int, theirs: int, row: Diferencia, value: int, said: str
) -> None:
    assert diferencia(own, theirs) is row
    chance = build_chance(80, Grados(), own, theirs, 0, 0)
    assert chance.terminos[4].valor == value and chance.terminos[4].nota == said
    assert chance.total == 80 + value


@pytest.mark.parametrize(
    ("spent", "value"),
    [(0, 0), (40, 0), (40.5, -5), (60, -5), (61, -10), (80, -10), (80.1, -15), (100, -15)],
)
def test_agotamiento_edges(spent: float, value: int) -> None:
    assert agotamiento(spent) == value


def test_agotamiento_counts_every_reserve() -> None:
    """41 of 100 spent over both reserves (30 of 60 aguante, 11 of 40 maná): −5."""
    ficha = Ficha("Cira", Reserva(20, 60, 30), magia=Reserva(20, 40, 11))
    assert ficha.gastado_pct == 41
    assert build_chance(80, Grados(), 20, 20, 0, ficha.gastado_pct).terminos[6].valor == -5


def test_impulso_is_a_term() -> None:
    assert build_chance(65, Grados(), 20, 20, -4, 0).total == 61


def test_every_term_is_shown_in_a_hero_s_blow() -> None:
    """80 base, brillante +12, temerario −20, difícil −8, algo por encima +6 (25 vs 19),
    Impulso 0, Agotamiento −5 (50 of 100 spent) = 65; a d100 of 65 is margen 0: SÓLIDO."""
    c = fight()
    c.state.find("Aria").ficha = Ficha("Aria", Reserva(25, 100, 50), arma=2)
    c.state.find("Orco").ficha = Ficha("Orco", Reserva(19, 60))
    grados = Grados(Tacticas.BRILLANTE, Riesgo.TEMERARIO, Objetivo.DIFICIL)
    c.declarar("Aria", Declaracion(Ataque("Orco", grados)))
    c.declarar("Bruno", Declaracion())
    events = c.cerrar_ronda(ForcedDice([65], strict=True))
    blow = next(e for e in events if isinstance(e, Golpe))
    assert [t.valor for t in blow.chance.terminos] == [80, 12, -20, -8, 6, 0, -5]
    assert blow.chance.total == 65 and blow.tirada.margen == 0
    assert blow.calificacion is Calificacion.SOLIDO
    assert "80 base + 12 Tácticas (brillante) − 20 Riesgo (temerario)" in blow.message
    assert "− 8 Objetivo (difícil) + 6 Quién es más fuerte (ventaja)" in blow.message
    assert "+ 0 Impulso − 5 Agotamiento (50 % gastado) = 65 %" in blow.message


def test_the_world_sets_the_bases() -> None:
    c = fight(Mundo(base_heroes=70, base_enemigos=60))
    assert c.state.base(c.find("Aria")) == 70 and c.state.base(c.find("Orco")) == 60
    c.state.find("Orco").ficha = Ficha("Orco", Reserva(25, 60), base=50)
    assert c.state.base(c.find("Orco")) == 50  # a beast of the bestiary with its own base
    assert c.find("Orco").bando is Bando.ENEMIGOS


@pytest.mark.parametrize(
    ("roll", "band", "mult"),
    [
        (1, Calificacion.CRITICO, 1.4),
        (40, Calificacion.CRITICO, 1.4),  # margen +25
        (41, Calificacion.LIMPIO, 1.15),  # +24
        (53, Calificacion.LIMPIO, 1.15),  # +12
        (54, Calificacion.SOLIDO, 1.0),  # +11
        (65, Calificacion.SOLIDO, 1.0),  # 0: «justo por encima»
        (66, Calificacion.ROZADURA, 0.5),  # −1: «justo por debajo»
        (74, Calificacion.ROZADURA, 0.5),  # −9
        (75, Calificacion.DESVIADO, 0.2),  # −10
        (84, Calificacion.DESVIADO, 0.2),  # −19
        (85, Calificacion.FALLO, 0.0),  # −20
        (94, Calificacion.FALLO, 0.0),  # −29
        (95, Calificacion.CONTRAGOLPE, 0.0),  # −30
        (100, Calificacion.CONTRAGOLPE, 0.0),
    ],
)
def test_como_cae_at_each_edge(roll: int, band: Calificacion, mult: float) -> None:
    tirada = roll_d100(ForcedDice([roll]), 65)
    assert tirada.margen == 65 - roll
    assert tirada.calificacion is band and band.multiplier == mult


def test_solido_or_better_has_exactly_the_chance() -> None:
    """The roll-under reading: of the 100 faces, SÓLIDO or better on exactly ``chance``."""
    for chance in (0, 1, 37, 65, 80, 100):
        good = [
            r for r in range(1, 101) if roll_d100(ForcedDice([r]), chance).calificacion.index <= 2
        ]
        assert len(good) == chance


def test_the_bands_tirar_reads() -> None:
    assert [row[1] for row in D100_GRADES] == [c.label for c in Calificacion]
    assert D100_GRADES[0] == (25, "CRÍTICO", 1.4) and D100_GRADES[-1][1] == "CONTRAGOLPE"


def test_a_hundred_times_weaker_cannot_harm_and_says_why() -> None:
    """A rank-D wretch (power 5) against the Orco (25): the blow lands CRÍTICO and does
    nothing."""
    c = fight()
    c.add_heroe(Ficha("Pim", Reserva(5, 10)))
    c.declarar("Pim", Declaracion(Ataque("Orco")))
    events = c.cerrar_ronda(ForcedDice([1], strict=True), por_ventana=True)
    blow = next(e for e in events if isinstance(e, Golpe))
    assert blow.calificacion is Calificacion.CRITICO and blow.dano.total == 0
    assert "no puede dañarlo de forma significativa" in blow.message
    assert blow.antes == blow.despues == 60
