"""Umbral's rules: pure functions and immutable values, no I/O.

Dice come from an injected :class:`~umbral_rules.dice.DiceSource`, so every roll can be
forced. Everything the user reads is Spanish; errors are :class:`UmbralError`.
"""

from .combat import (
    AttackKind,
    AttackResult,
    Incoming,
    helpless_attack,
    mesa_acoso,
    mesa_attack,
    mesa_defense,
    most_dangerous,
    opposed_acoso,
    opposed_attack,
    shot,
    shot_defensa,
)
from .dice import DiceSource, DieRoll, ForcedDice, RandomDice, Ventaja, physical_dice, roll_d12
from .errors import UmbralError
from .grades import Grade, GradeShift, Grading, damage_for, grade_from_margen, shift_grade
from .rolls import Modifier, Roll, Static
from .sheets import CharacterSheet, EnemySheet, Weapon, aguante, ataque, defensa
from .tiradas import (
    OficioCobertura,
    TiradaResult,
    oficio_bonus,
    oficio_modifier,
    parse_oficio_cobertura,
    tirada,
)

__all__ = [
    "AttackKind",
    "AttackResult",
    "CharacterSheet",
    "DiceSource",
    "DieRoll",
    "EnemySheet",
    "ForcedDice",
    "Grade",
    "GradeShift",
    "Grading",
    "Incoming",
    "Modifier",
    "OficioCobertura",
    "RandomDice",
    "Roll",
    "Static",
    "TiradaResult",
    "UmbralError",
    "Ventaja",
    "Weapon",
    "aguante",
    "ataque",
    "damage_for",
    "defensa",
    "grade_from_margen",
    "helpless_attack",
    "mesa_acoso",
    "mesa_attack",
    "mesa_defense",
    "most_dangerous",
    "oficio_bonus",
    "oficio_modifier",
    "opposed_acoso",
    "opposed_attack",
    "parse_oficio_cobertura",
    "physical_dice",
    "roll_d12",
    "shift_grade",
    "shot",
    "shot_defensa",
    "tirada",
]
