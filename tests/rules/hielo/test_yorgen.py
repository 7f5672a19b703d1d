"""The seed's three Yorgen examples, with its dice and its numbers."""

from __future__ import annotations

from umbral_rules.hielo import checks
from umbral_rules.hielo.checks import Prueba
from umbral_rules.hielo.common import Termino
from umbral_rules.hielo.constants import DIFICULTAD_MODERADA

from .people import dice, tendera, yorgen


def _test(habilidad: str, especialidad: str | None, dificultad: int) -> Prueba:
    y = yorgen()
    b = y.dados_bonificacion(habilidad, especialidad)
    return Prueba(
        habilidad,
        y.rango(habilidad),
        especialidad,
        bonificacion=(Termino(especialidad or "", b),) if b else (),
        dificultad=dificultad,
    )


def test_brio_3_against_moderate_9_fails_with_4_1_2() -> None:
    """«Yorgen tiene Brío 3, por lo que tira tres dados. Saca 4, 1 y 2. La suma es 7»."""
    t = checks.roll(dice(4, 1, 2), _test("Brío", None, DIFICULTAD_MODERADA))
    assert DIFICULTAD_MODERADA == 9
    assert (t.dados_habilidad, t.dados_bonificacion) == (3, 0)
    assert t.total == 7 and not t.exito
    assert t.resumen() == "Brío 3: 3 + 0B → 4, 1, 2; se queda 4, 2, 1 = 7 contra 9: falla por 2."


def test_brio_3_with_trepar_2b_keeps_the_three_highest() -> None:
    """«tira cinco dados. Saca 4, 1, 2, 6 y 4 … los tres dados mayores … 6, 4, 4. Suma 14»."""
    t = checks.roll(dice(4, 1, 2, 6, 4), _test("Brío", "Trepar", 9))
    assert (t.dados_habilidad, t.dados_bonificacion) == (3, 2)
    assert sorted((t.caras[i] for i in t.guardados), reverse=True) == [6, 4, 4]
    assert t.total == 14 and t.exito
    assert "se queda 6, 4, 4 = 14 contra 9: supera por 5" in t.resumen()


def test_picaresca_against_the_passive_percepcion_of_the_tendera() -> None:
    """«su valor pasivo es de 13 (3x4+1)»; «Saca 6, 1, 3, 2 y se queda con los cuatro
    valores más altos: 6, 3, 2, para sumar un total de 11» — the seed's slip: Picaresca 3
    keeps three dice (6, 3, 2), as its own sum of 11 shows."""
    pasivo = tendera().pasivo("Percepción", "Observación")
    assert pasivo == 13
    t = checks.roll(dice(6, 1, 3, 2), _test("Picaresca", "Juegos de manos", pasivo))
    assert (t.dados_habilidad, t.dados_bonificacion) == (3, 1)
    assert len(t.guardados) == 3  # not four
    assert sorted((t.caras[i] for i in t.guardados), reverse=True) == [6, 3, 2]
    assert t.total == 11 and not t.exito and t.margen == -2
