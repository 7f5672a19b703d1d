"""Resolving one blow: Mesa attacks and defenses, opposed hits, shots, helpless targets.

Each function takes the dice, the named modifiers of whoever rolls and the static numbers
they roll against, and returns an immutable :class:`AttackResult` that holds everything a
renderer needs to show the roll honestly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from .dice import DiceSource
from .errors import UmbralError
from .grades import Grade, Grading, damage_for, grade_opposed, grade_single, shift_grade
from .plural import plural
from .rolls import Modifier, Roll, Static, make_roll
from .sheets import validate_potencia, validate_tamano
from .tables import (
    ACOSO_MAX,
    BAND_FIXED,
    COVER_BONUS,
    TAMANO_DEFENSA_MOD,
    TAMANO_LABELS,
    TAMANO_STEPS,
)


class AttackKind(Enum):
    MESA_ATAQUE = "mesa_ataque"  # a player rolls against a static Defensa
    MESA_DEFENSA = "mesa_defensa"  # a player rolls Defensa against a static Ataque
    ENFRENTADO = "enfrentado"  # both roll, bands of six
    DISPARO = "disparo"  # a shot: never opposed, static Defensa, bands of four
    INDEFENSO = "indefenso"  # a target that cannot defend: static Defensa, no acoso

    @property
    def label(self) -> str:
        return _KIND_LABELS[self]


_KIND_LABELS = {
    AttackKind.MESA_ATAQUE: "Ataque",
    AttackKind.MESA_DEFENSA: "Defensa",
    AttackKind.ENFRENTADO: "Golpe enfrentado",
    AttackKind.DISPARO: "Disparo",
    AttackKind.INDEFENSO: "Ataque a un blanco indefenso",
}


@dataclass(frozen=True)
class Incoming:
    """One attack that came at a Mesa defender this asalto."""

    nombre: str
    ataque: Static
    potencia: int
    perforante: bool = False


@dataclass(frozen=True)
class AttackResult:
    """One blow, resolved.

    ``grading`` is the roller's: the attacker's, or the defender's in a Mesa defense
    (``reader == "defensor"``). ``hit`` is always the grade of the blow, the one damage
    comes from.
    """

    kind: AttackKind
    grading: Grading
    hit: Grade
    potencia: int
    damage: int
    attacker_roll: Roll | None = None
    defender_roll: Roll | None = None
    target: Static | None = None
    critical: bool = False
    acoso: int = 0
    source: str | None = None  # the attacker whose Ataque and Potencia counted (Mesa acoso)
    notes: tuple[str, ...] = field(default=())

    @property
    def reader(self) -> str:
        return "defensor" if self.kind is AttackKind.MESA_DEFENSA else "atacante"

    @property
    def margen(self) -> int:
        return self.grading.margen

    @property
    def band(self) -> int:
        return self.grading.band

    @property
    def grade(self) -> Grade:
        """The roller's grade after naturals."""
        return self.grading.final

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return tuple(r for r in (self.attacker_roll, self.defender_roll) if r is not None)


def _static_attack(
    kind: AttackKind,
    dice: DiceSource,
    attack: Sequence[Modifier],
    defensa: Static,
    potencia: int,
    ventajas: Sequence[str],
    desventajas: Sequence[str],
    notes: tuple[str, ...] = (),
) -> AttackResult:
    validate_potencia(potencia)
    roll = make_roll(dice, attack, ventajas, desventajas)
    grading = grade_single(roll.total - defensa.value, roll.die, BAND_FIXED)
    hit = grading.final
    return AttackResult(
        kind=kind,
        grading=grading,
        hit=hit,
        potencia=potencia,
        damage=damage_for(hit, potencia),
        attacker_roll=roll,
        target=defensa,
        notes=notes,
    )


def mesa_attack(
    dice: DiceSource,
    attack: Sequence[Modifier],
    defensa: Static,
    potencia: int,
    ventajas: Sequence[str] = (),
    desventajas: Sequence[str] = (),
) -> AttackResult:
    """Mesa: a player's ``1d12 + Atributo + Oficio`` against a static Defensa, bands of four."""
    return _static_attack(
        AttackKind.MESA_ATAQUE, dice, attack, defensa, potencia, ventajas, desventajas
    )


def shot(
    dice: DiceSource,
    attack: Sequence[Modifier],
    defensa: Static,
    potencia: int,
    ventajas: Sequence[str] = (),
    desventajas: Sequence[str] = (),
    tamano: str = "normal",
    a_cubierto: bool = False,
) -> AttackResult:
    """A shot, in any mode: never opposed; static Defensa + size + cover (``a_cubierto``:
    the target is under cover), bands of four."""
    return _static_attack(
        AttackKind.DISPARO,
        dice,
        attack,
        shot_defensa(defensa, tamano, a_cubierto),
        potencia,
        ventajas,
        desventajas,
    )


def shot_defensa(defensa: Static, tamano: str = "normal", a_cubierto: bool = False) -> Static:
    """Size and cover (the target ``a_cubierto``) add up on the static Defensa against shots."""
    validate_tamano(tamano)
    extra = [Modifier(f"Tamaño {TAMANO_LABELS[tamano]}", TAMANO_DEFENSA_MOD[tamano])]
    if a_cubierto:
        extra.append(Modifier("Cobertura", COVER_BONUS))
    return defensa.plus(*extra)


def mesa_shot_ataque(ataque: Static, tamano: str = "normal", a_cubierto: bool = False) -> Static:
    """Mesa: a shot at a PC, who rolls Defensa against the shooter's static Ataque. [D] The
    PC's size and cover, which add to a static Defensa against shots (:func:`shot_defensa`),
    come off the Ataque instead — the same numbers on the other side of the roll — so that
    each shot carries its own when one Defensa roll answers the asalto's attacks (the most
    dangerous and the acoso are read from these Ataques)."""
    validate_tamano(tamano)
    extra = [Modifier(f"Blanco {TAMANO_LABELS[tamano]}", -TAMANO_DEFENSA_MOD[tamano])]
    if a_cubierto:
        extra.append(Modifier("Blanco a cubierto", -COVER_BONUS))
    return ataque.plus(*extra)


def helpless_attack(
    dice: DiceSource,
    attack: Sequence[Modifier],
    defensa: Static,
    potencia: int,
    ventajas: Sequence[str] = (),
    desventajas: Sequence[str] = (),
    notes: tuple[str, ...] = (
        "El blanco no puede defenderse: se tira contra su Defensa quieta, sin acoso.",
    ),
) -> AttackResult:
    """A target that cannot defend: static Defensa, bands of four, no acoso. ``notes`` say
    why (a target that has fallen says so)."""
    return _static_attack(
        AttackKind.INDEFENSO, dice, attack, defensa, potencia, ventajas, desventajas, notes
    )


# --- acoso --------------------------------------------------------------------------------


def most_dangerous(incoming: Sequence[Incoming]) -> Incoming:
    """[D] Highest Ataque; ties broken by highest Potencia; then the first to arrive."""
    if not incoming:
        raise UmbralError("No hay ningún ataque del que defenderse.")
    best = incoming[0]
    for attack in incoming[1:]:
        if (attack.ataque.value, attack.potencia) > (best.ataque.value, best.potencia):
            best = attack
    return best


def mesa_acoso(attackers: int) -> int:
    """Mesa: the first adds nothing, each other +1, up to +3."""
    return max(0, min(ACOSO_MAX, attackers - 1))


def opposed_acoso(companions: int, tamano: str = "normal") -> int:
    """Opposed: +1 per companion already on the target, each +1 costing the target's size
    steps in attackers, up to +3."""
    validate_tamano(tamano)
    if companions < 0:
        raise UmbralError("El número de compañeros no puede ser negativo.")
    return min(ACOSO_MAX, companions // TAMANO_STEPS[tamano])


# --- Mesa defense -------------------------------------------------------------------------


def defender_grade_to_hit(grade: Grade) -> Grade:
    """Mesa defense: the defender's grade says how much of the blow lands.

    Éxito or pleno → nothing (the hit is a Fracaso); A medias → 1 point; Fracaso → the full
    Potencia (the hit is an Éxito).
    """
    if grade.is_success:
        return Grade.FRACASO
    if grade is Grade.A_MEDIAS:
        return Grade.A_MEDIAS
    return Grade.EXITO


def mesa_defense(
    dice: DiceSource,
    defense: Sequence[Modifier],
    incoming: Sequence[Incoming],
    ventajas: Sequence[str] = (),
    desventajas: Sequence[str] = (),
) -> AttackResult:
    """Mesa: the player rolls Defensa once against the most dangerous Ataque plus acoso.

    A tie is the defender's. A natural 1 is a critical hit (Potencia + 3, whatever the
    margen); a natural 12 raises the defender's grade.
    """
    chosen = most_dangerous(incoming)
    validate_potencia(chosen.potencia)
    acoso = mesa_acoso(len(incoming))
    target = chosen.ataque.plus(Modifier(f"Acoso ({plural(len(incoming), 'atacante')})", acoso))
    roll = make_roll(dice, defense, ventajas, desventajas)
    grading = grade_single(roll.total - target.value, roll.die, BAND_FIXED)
    critical = roll.die.is_natural_one
    hit = Grade.EXITO_PLENO if critical else defender_grade_to_hit(grading.final)
    notes: tuple[str, ...] = ()
    if critical:
        notes = ("1 natural al defender: golpe crítico, el atacante cuenta éxito pleno.",)
    return AttackResult(
        kind=AttackKind.MESA_DEFENSA,
        grading=grading,
        hit=hit,
        potencia=chosen.potencia,
        damage=damage_for(hit, chosen.potencia),
        defender_roll=roll,
        target=target,
        critical=critical,
        acoso=acoso,
        source=chosen.nombre,
        notes=notes,
    )


# --- the opposed hit ----------------------------------------------------------------------


def opposed_attack(
    dice: DiceSource,
    attack: Sequence[Modifier],
    defense: Sequence[Modifier],
    potencia: int,
    *,
    companions: int = 0,
    tamano: str = "normal",
    attack_ventajas: Sequence[str] = (),
    attack_desventajas: Sequence[str] = (),
    defense_ventajas: Sequence[str] = (),
    defense_desventajas: Sequence[str] = (),
    defender_dice: DiceSource | None = None,
) -> AttackResult:
    """Narrativo / Táctico: both roll; margen = attacker − defender, always the attacker's.

    Bands of six, a tie goes to the attacker, acoso adds to the attacker's roll. The
    attacker's dice are rolled first, then the defender's (from ``defender_dice`` if given).
    """
    validate_potencia(potencia)
    acoso = opposed_acoso(companions, tamano)
    attack_mods = tuple(attack)
    if acoso:
        attack_mods += (Modifier("Acoso", acoso),)
    attacker_roll = make_roll(dice, attack_mods, attack_ventajas, attack_desventajas)
    defender_roll = make_roll(defender_dice or dice, defense, defense_ventajas, defense_desventajas)
    grading = grade_opposed(
        attacker_roll.total - defender_roll.total, attacker_roll.die, defender_roll.die
    )
    hit = grading.final
    return AttackResult(
        kind=AttackKind.ENFRENTADO,
        grading=grading,
        hit=hit,
        potencia=potencia,
        damage=damage_for(hit, potencia),
        attacker_roll=attacker_roll,
        defender_roll=defender_roll,
        acoso=acoso,
    )


# --- moving a resolved blow (Aliento) -----------------------------------------------------


def regrade(result: AttackResult, steps: int, reason: str) -> AttackResult:
    """Move the roller's grade by ``steps`` and recompute the hit and its damage.

    For a Mesa defense the roller is the defender: raising their grade lowers the hit. A
    critical (a natural 1 defending) ignores the margen, so there the hit itself moves the
    other way, one step per step. For every other kind the roller is the attacker.
    """
    grading = result.grading.with_shift(steps, reason)
    if result.kind is AttackKind.MESA_DEFENSA:
        if result.critical:
            hit = shift_grade(result.hit, -steps)
        else:
            hit = defender_grade_to_hit(grading.final)
    else:
        hit = grading.final
    return replace(
        result,
        grading=grading,
        hit=hit,
        damage=damage_for(hit, result.potencia),
        notes=(*result.notes, reason),
    )
