"""Property tests over all inputs: grades, damage, ties and naturals."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from umbral_rules import (
    ForcedDice,
    Grade,
    Incoming,
    Modifier,
    Static,
    damage_for,
    grade_from_margen,
    mesa_attack,
    mesa_defense,
    opposed_attack,
    shift_grade,
)
from umbral_rules.combat import defender_grade_to_hit
from umbral_rules.tables import BAND_FIXED, BAND_OPPOSED

bands = st.sampled_from([BAND_FIXED, BAND_OPPOSED])
margens = st.integers(min_value=-60, max_value=60)
faces = st.integers(min_value=1, max_value=12)
bonuses = st.integers(min_value=-10, max_value=20)
potencias = st.integers(min_value=0, max_value=30)
grades = st.sampled_from(list(Grade))


@given(band=bands, a=margens, b=margens)
def test_grades_are_monotone_in_the_margen(band: int, a: int, b: int) -> None:
    lo, hi = sorted((a, b))
    assert grade_from_margen(lo, band) <= grade_from_margen(hi, band)


@given(band=bands)
def test_the_band_edges(band: int) -> None:
    assert grade_from_margen(band, band) is Grade.EXITO_PLENO
    assert grade_from_margen(band - 1, band) is Grade.EXITO
    assert grade_from_margen(0, band) is Grade.EXITO  # margen 0 is already success
    assert grade_from_margen(-1, band) is Grade.A_MEDIAS
    assert grade_from_margen(-band + 1, band) is Grade.A_MEDIAS
    assert grade_from_margen(-band, band) is Grade.FRACASO


@given(grade=grades, potencia=potencias)
def test_damage_is_never_negative_and_grows_with_the_grade(grade: Grade, potencia: int) -> None:
    damage = damage_for(grade, potencia)
    assert damage >= 0
    if grade < Grade.EXITO_PLENO:
        assert damage_for(Grade(grade + 1), potencia) >= damage


@given(grade=grades, steps=st.integers(min_value=-10, max_value=10))
def test_shifts_never_pass_the_ends(grade: Grade, steps: int) -> None:
    assert Grade.FRACASO <= shift_grade(grade, steps) <= Grade.EXITO_PLENO


@given(face=faces, attack=bonuses, defensa=st.integers(min_value=0, max_value=30), pot=potencias)
def test_mesa_attack_tie_goes_to_the_roller_and_naturals_clamp(
    face: int, attack: int, defensa: int, pot: int
) -> None:
    result = mesa_attack(
        ForcedDice([face]),
        [Modifier("Bono", attack)],
        Static("Defensa", (Modifier("D", defensa),)),
        pot,
    )
    assert result.margen == face + attack - defensa
    if result.margen == 0 and face not in (1, 12):
        assert result.grade is Grade.EXITO
    assert Grade.FRACASO <= result.grade <= Grade.EXITO_PLENO
    assert result.damage >= 0
    if face == 12:
        assert result.grade >= result.grading.by_margen
    if face == 1:
        assert result.grade <= result.grading.by_margen


@given(
    face=faces,
    defense=bonuses,
    ataque=st.integers(min_value=0, max_value=30),
    pot=potencias,
    extra=st.integers(min_value=0, max_value=8),
)
def test_mesa_defense_tie_goes_to_the_defender(
    face: int, defense: int, ataque: int, pot: int, extra: int
) -> None:
    incoming = [
        Incoming(f"E{i}", Static("Ataque", (Modifier("A", ataque),)), pot) for i in range(1 + extra)
    ]
    result = mesa_defense(ForcedDice([face]), [Modifier("Defensa", defense)], incoming)
    assert result.acoso == min(3, extra)
    assert result.margen == face + defense - ataque - result.acoso
    if face == 1:
        assert result.critical and result.damage == pot + 3
    elif result.margen >= 0:
        assert result.damage == 0  # the tie is the defender's
    assert result.damage >= 0
    assert result.hit == (Grade.EXITO_PLENO if face == 1 else defender_grade_to_hit(result.grade))


@given(fa=faces, fd=faces, atk=bonuses, dfn=bonuses, pot=potencias)
def test_opposed_tie_goes_to_the_attacker_and_two_naturals_cancel(
    fa: int, fd: int, atk: int, dfn: int, pot: int
) -> None:
    result = opposed_attack(ForcedDice([fa, fd]), [Modifier("A", atk)], [Modifier("D", dfn)], pot)
    assert result.margen == (fa + atk) - (fd + dfn)
    assert result.band == BAND_OPPOSED
    natural_a, natural_d = fa in (1, 12), fd in (1, 12)
    if natural_a and natural_d:
        assert result.grade is result.grading.by_margen
        assert result.grading.notes
    if result.margen == 0 and not natural_a and not natural_d:
        assert result.grade is Grade.EXITO
    if fd == 12 and not natural_a:
        assert result.grade <= result.grading.by_margen
    if fd == 1 and not natural_a:
        assert result.grade >= result.grading.by_margen
    assert result.damage >= 0
