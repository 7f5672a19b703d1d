"""The sheets the tests of Canción de hielo y fuego play with (our own numbers)."""

from __future__ import annotations

from umbral_rules.dice import ForcedDice
from umbral_rules.hielo.sheet import Armour, Sheet, Specialty, Weapon


def dice(*faces: int) -> ForcedDice:
    """Exactly these faces: one more roll than given is an error."""
    return ForcedDice(faces, strict=True)


def yorgen() -> Sheet:
    return Sheet(
        "Yorgen",
        {"Brío": 3, "Picaresca": 3},
        (Specialty("Brío", "Trepar", 2), Specialty("Picaresca", "Juegos de manos", 1)),
    )


def tendera() -> Sheet:
    return Sheet("Tendera", {"Percepción": 3}, (Specialty("Percepción", "Observación", 1),))


def duncan() -> Sheet:
    """Defensa en combate 3 + 4 + 2 + 1 (Rapidez) + 4 (escudo) − 3 (armadura) = 11."""
    return Sheet(
        "Duncan",
        {
            "Agilidad": 3,
            "Brío": 4,
            "Percepción": 2,
            "Constitución": 4,
            "Combate cuerpo a cuerpo": 4,
            "Voluntad": 3,
            "Discreción": 3,
        },
        (
            Specialty("Agilidad", "Rapidez", 1),
            Specialty("Combate cuerpo a cuerpo", "Espadas largas", 1),
            Specialty("Discreción", "Sigilo", 1),
        ),
        armas=(Weapon("Espada larga", 4, especialidad="Espadas largas"),),
        armadura=Armour("Cota de mallas", proteccion=5, penalizacion=3),
        escudo=4,
    )


def bandido() -> Sheet:
    """Defensa en combate 3 + 2 + 2 + 0 − 1 = 6; Salud 2 × 3 = 6."""
    return Sheet(
        "Bandido",
        {
            "Agilidad": 3,
            "Brío": 2,
            "Percepción": 2,
            "Constitución": 2,
            "Combate cuerpo a cuerpo": 3,
            "Puntería": 3,
        },
        armas=(Weapon("Hacha", 3), Weapon("Arco", 2, habilidad="Puntería")),
        armadura=Armour("Cuero", proteccion=2, penalizacion=1),
    )


def guardia() -> Sheet:
    """Constitución 3 (Salud 9), Defensa en combate 2 + 2 + 2 = 6, no armour."""
    return Sheet(
        "Guardia",
        {
            "Agilidad": 2,
            "Brío": 2,
            "Percepción": 2,
            "Constitución": 3,
            "Combate cuerpo a cuerpo": 3,
        },
        armas=(Weapon("Lanza", 3),),
    )


def cortesana() -> Sheet:
    """Persuasión 4 (Seducir 2B), Engaño 3 (Mentir 1B); Estatus 3 (Reputación 1B);
    Defensa en intrigas 3 + 3 + 2 = 8; Compostura 3 × 3 = 9."""
    return Sheet(
        "Cortesana",
        {
            "Persuasión": 4,
            "Engaño": 3,
            "Estatus": 3,
            "Ingenio": 3,
            "Percepción": 2,
            "Voluntad": 3,
        },
        (
            Specialty("Persuasión", "Seducir", 2),
            Specialty("Persuasión", "Convencer", 1),
            Specialty("Engaño", "Mentir", 1),
            Specialty("Estatus", "Reputación", 1),
        ),
    )


def senor() -> Sheet:
    """Defensa en intrigas 4 + 2 + 2 = 8; Voluntad 2: Compostura 6."""
    return Sheet(
        "Señor",
        {"Persuasión": 3, "Estatus": 4, "Ingenio": 2, "Percepción": 2, "Voluntad": 2},
    )
