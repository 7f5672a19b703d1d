"""Small helpers shared by the operations: named ventaja sources and a PC's check modifiers."""

from __future__ import annotations

from ..checks import oficio_modifier
from ..errors import UmbralError
from ..rolls import Modifier
from ..sheets import normalize_atributo
from ..tables import ATRIBUTO_LABELS
from .state import Combatant

VENTAJA_CHOICES = (None, "ventaja", "desventaja")


def validate_ventaja(ventaja: str | None) -> None:
    if ventaja not in VENTAJA_CHOICES:
        raise UmbralError(f"«{ventaja}» no vale: usa ventaja, desventaja o nada.")


def indicated(ventaja: str | None) -> tuple[list[str], list[str]]:
    """The ventaja or desventaja the actor (or the GM) names for this roll."""
    validate_ventaja(ventaja)
    if ventaja == "ventaja":
        return ["Indicada"], []
    if ventaja == "desventaja":
        return [], ["Indicada"]
    return [], []


def oficio_mods(c: Combatant, oficio: str | None, cobertura: str) -> list[Modifier]:
    if not oficio:
        return []
    if c.sheet is None:
        raise UmbralError(f"{c.nombre} no tiene Oficios: es un enemigo del bestiario.")
    nombre, valor = c.sheet.oficio(oficio)
    mod = oficio_modifier(nombre, valor, cobertura)
    return [mod] if mod else []


def check_mods(c: Combatant, atributo: str, oficio: str | None, cobertura: str) -> list[Modifier]:
    """``Atributo + Oficio`` of a PC, for a check."""
    if c.sheet is None:
        raise UmbralError(f"{c.nombre} no tiene atributos: solo los personajes tiran pruebas.")
    key = normalize_atributo(atributo)
    return [
        Modifier(ATRIBUTO_LABELS[key], c.sheet.atributo(key)),
        *oficio_mods(c, oficio, cobertura),
    ]
