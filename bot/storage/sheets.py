"""The rules' sheets of stored rows (a character, a bestiary entry)."""

from __future__ import annotations

from umbral_rules import CharacterSheet, EnemySheet, Weapon

from .models import BestiaryEntry, Character


def character_sheet(row: Character) -> CharacterSheet:
    """The rules' sheet of a stored character."""
    return CharacterSheet(
        nombre=row.nombre,
        atributos=dict(row.atributos),
        proteccion=row.proteccion,
        oficios=dict(row.oficios),
        aguante_extra=row.aguante_extra,
        size=row.size,
    )


def character_weapons(row: Character) -> list[Weapon]:
    return [Weapon.from_dict(w) for w in row.weapons]


def enemy_sheet(row: BestiaryEntry) -> EnemySheet:
    """The rules' sheet of a bestiary entry."""
    return EnemySheet(
        nombre=row.nombre,
        ataque=row.ataque,
        defensa=row.defensa,
        aguante=row.aguante,
        potencia=row.potencia,
        arma=row.arma,
        size=row.size,
        proteccion=row.proteccion,
        bono_ataque=row.bono_ataque,
        bono_defensa=row.bono_defensa,
        cualidades=frozenset(row.cualidades),
        acciones_extra=row.acciones_extra,
        respuestas_extra=row.respuestas_extra,
    )
