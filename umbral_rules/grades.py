"""The four grades, bands of 4 and of 6, and how natural 12s and 1s move a grade."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from .dice import DieRoll
from .errors import UmbralError
from .tables import A_MEDIAS_DAMAGE, BAND_FIXED, BAND_OPPOSED, PLENO_BONUS


class Grade(IntEnum):
    """Lowest to highest. ``int(grade)`` orders them."""

    FRACASO = 0
    A_MEDIAS = 1
    EXITO = 2
    EXITO_PLENO = 3

    @property
    def label(self) -> str:
        return _GRADE_LABELS[self]

    @property
    def is_success(self) -> bool:
        return self >= Grade.EXITO


_GRADE_LABELS = {
    Grade.FRACASO: "Fracaso",
    Grade.A_MEDIAS: "A medias",
    Grade.EXITO: "Éxito",
    Grade.EXITO_PLENO: "Éxito pleno",
}


def grade_from_margen(margen: int, band: int) -> Grade:
    """margen ≥ +B pleno; 0 ≤ margen < B éxito; −B < margen < 0 a medias; ≤ −B fracaso."""
    if band not in (BAND_FIXED, BAND_OPPOSED):
        raise UmbralError(f"Las bandas son de {BAND_FIXED} o de {BAND_OPPOSED}, no de {band}.")
    if margen >= band:
        return Grade.EXITO_PLENO
    if margen >= 0:
        return Grade.EXITO
    if margen > -band:
        return Grade.A_MEDIAS
    return Grade.FRACASO


def shift_grade(grade: Grade, steps: int) -> Grade:
    """Move a grade, clamped at both ends ("sigue siendo pleno, no se apila")."""
    return Grade(max(Grade.FRACASO, min(Grade.EXITO_PLENO, grade + steps)))


def damage_for(grade: Grade, potencia: int) -> int:
    """Éxito pleno Potencia + 3, Éxito Potencia, A medias 1, Fracaso 0."""
    if potencia < 0:
        raise UmbralError(f"La Potencia no puede ser negativa ({potencia}).")
    if grade is Grade.EXITO_PLENO:
        return potencia + PLENO_BONUS
    if grade is Grade.EXITO:
        # [D] A clean hit never does less than a graze (matters only for Potencia 0).
        return max(potencia, A_MEDIAS_DAMAGE)
    if grade is Grade.A_MEDIAS:
        return A_MEDIAS_DAMAGE
    return 0


@dataclass(frozen=True)
class GradeShift:
    """One step (or more) a grade moved, and why, in Spanish."""

    steps: int
    reason: str


@dataclass(frozen=True)
class Grading:
    """How a margen became a grade: the band, the grade by margen, and every shift after it."""

    margen: int
    band: int
    by_margen: Grade
    shifts: tuple[GradeShift, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def final(self) -> Grade:
        grade = self.by_margen
        for shift in self.shifts:
            grade = shift_grade(grade, shift.steps)
        return grade

    def with_shift(self, steps: int, reason: str) -> Grading:
        return Grading(
            self.margen,
            self.band,
            self.by_margen,
            (*self.shifts, GradeShift(steps, reason)),
            self.notes,
        )


def natural_shifts(die: DieRoll, who: str = "") -> tuple[GradeShift, ...]:
    """A single roll: a natural 12 raises its roller's grade, a natural 1 lowers it."""
    suffix = f" {who}" if who else ""
    if die.is_natural_max:
        return (GradeShift(+1, f"12 natural{suffix}: sube un grado"),)
    if die.is_natural_one:
        return (GradeShift(-1, f"1 natural{suffix}: baja un grado"),)
    return ()


def grade_single(margen: int, die: DieRoll, band: int = BAND_FIXED) -> Grading:
    """Grade one die against a fixed number: the band, then the roller's natural."""
    return Grading(margen, band, grade_from_margen(margen, band), natural_shifts(die))


def grade_opposed(margen: int, attacker: DieRoll, defender: DieRoll) -> Grading:
    """Grade an opposed hit from the attacker's side (bands of 6).

    The attacker's 12 raises the hit and their 1 lowers it; the defender's 12 lowers it and
    their 1 raises it. Two naturals in one exchange cancel and nothing moves.
    """
    by_margen = grade_from_margen(margen, BAND_OPPOSED)
    if attacker.is_natural and defender.is_natural:
        note = (
            f"Naturales en los dos dados ({attacker.natural} y {defender.natural}): "
            "se anulan y el grado no se mueve"
        )
        return Grading(margen, BAND_OPPOSED, by_margen, (), (note,))
    shifts: list[GradeShift] = list(natural_shifts(attacker, "del atacante"))
    if defender.is_natural_max:
        shifts.append(GradeShift(-1, "12 natural del defensor: baja el grado del golpe"))
    elif defender.is_natural_one:
        shifts.append(GradeShift(+1, "1 natural del defensor: sube el grado del golpe"))
    return Grading(margen, BAND_OPPOSED, by_margen, tuple(shifts))
