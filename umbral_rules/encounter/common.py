"""Small helpers shared by the operations: named ventaja sources and a PC's check modifiers."""

from __future__ import annotations

from ..dice import Ventaja
from ..errors import UmbralError
from ..rolls import Modifier
from ..sheets import normalize_atributo
from ..tables import ATRIBUTO_LABELS
from ..tiradas import OficioCobertura, oficio_modifier
from .combatant import Combatant


def parse_ventaja(ventaja: str | Ventaja | None) -> Ventaja | None:
    """The ventaja or desventaja someone names for a roll (None: neither)."""
    if ventaja is None or isinstance(ventaja, Ventaja):
        return None if ventaja is Ventaja.NORMAL else ventaja
    if ventaja not in ("ventaja", "desventaja"):
        raise UmbralError(f"«{ventaja}» no vale: usa ventaja, desventaja o nada.")
    return Ventaja(ventaja)


def indicated(ventaja: str | Ventaja | None) -> tuple[list[str], list[str]]:
    """The ventaja or desventaja the actor (or the GM) names for this roll, as sources."""
    named = parse_ventaja(ventaja)
    if named is Ventaja.VENTAJA:
        return ["Indicada"], []
    if named is Ventaja.DESVENTAJA:
        return [], ["Indicada"]
    return [], []


def oficio_mods(
    c: Combatant, oficio: str | None, oficio_cobertura: OficioCobertura | str
) -> list[Modifier]:
    if not oficio:
        return []
    if c.sheet is None:
        raise UmbralError(f"{c.nombre} no tiene Oficios: es un enemigo del bestiario.")
    nombre, valor = c.sheet.oficio(oficio)
    mod = oficio_modifier(nombre, valor, oficio_cobertura)
    return [mod] if mod else []


def tirada_mods(
    c: Combatant, atributo: str, oficio: str | None, oficio_cobertura: OficioCobertura | str
) -> list[Modifier]:
    """``Atributo + Oficio`` of a PC, for a check."""
    if c.sheet is None:
        raise UmbralError(f"{c.nombre} no tiene atributos: solo los personajes tiran pruebas.")
    key = normalize_atributo(atributo)
    return [
        Modifier(ATRIBUTO_LABELS[key], c.sheet.atributo(key)),
        *oficio_mods(c, oficio, oficio_cobertura),
    ]
