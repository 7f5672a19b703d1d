"""What each kind of combatant brings to a roll: its weapon, its attack and defense
modifiers, its static Ataque and Defensa. Shared by attacks, defenses and late readings
(a leaf: it imports none of them)."""

from __future__ import annotations

from ..dice import ForcedDice
from ..errors import UmbralError
from ..rolls import Modifier, Static
from ..sheets import Weapon
from ..text import name_key
from ..tiradas import OficioCobertura
from .combatant import Combatant
from .common import oficio_mods
from .estados import desventajas
from .state import EncounterState


def weapon_of(c: Combatant, arma: str | None) -> Weapon:
    """The PC's weapon called ``arma`` (the first one by default); an enemy's own weapon."""
    if c.enemy is not None:
        return c.enemy.weapon
    if not c.weapons:
        raise UmbralError(f"{c.nombre} no lleva ningún arma: añade una con /ficha arma.")
    if arma is None:
        return c.weapons[0]
    for w in c.weapons:
        if name_key(w.nombre) == name_key(arma):
            return w
    names = ", ".join(w.nombre for w in c.weapons)
    raise UmbralError(f"{c.nombre} no lleva «{arma}»: lleva {names}.")


def attack_mods(
    c: Combatant, weapon: Weapon, oficio: str | None, oficio_cobertura: OficioCobertura | str
) -> list[Modifier]:
    if c.enemy is not None:
        if oficio:
            raise UmbralError(f"{c.nombre} no tiene Oficios: es un enemigo del bestiario.")
        return list(c.enemy.attack_modifiers())
    assert c.sheet is not None
    return [c.sheet.weapon_attribute(weapon), *oficio_mods(c, oficio, oficio_cobertura)]


def static_ataque(
    c: Combatant, weapon: Weapon, oficio: str | None, oficio_cobertura: OficioCobertura | str
) -> Static:
    if c.enemy is not None:
        return c.enemy.static_ataque()
    assert c.sheet is not None
    return c.sheet.static_ataque(weapon, oficio, oficio_cobertura)


def defense_mods(
    c: Combatant,
    perforante: bool,
    oficio: str | None = None,
    oficio_cobertura: OficioCobertura | None = None,
) -> list[Modifier]:
    """Destreza + protección (+ the Oficio that covers the defense: the one named, or the
    one the PC joined the fight with)."""
    if c.enemy is not None:
        return list(c.enemy.defense_modifiers(perforante))
    assert c.sheet is not None
    mods = list(c.sheet.defense_modifiers(perforante=perforante))
    cobertura = oficio_cobertura or c.oficio_defensa_cobertura
    return mods + oficio_mods(c, oficio or c.oficio_defensa, cobertura)


def static_defensa(c: Combatant, perforante: bool) -> Static:
    if c.enemy is not None:
        return c.enemy.static_defensa(perforante)
    assert c.sheet is not None
    return c.sheet.static_defensa(perforante)


def defense_desventajas(state: EncounterState, c: Combatant) -> list[str]:
    found = desventajas(state, c, "defensa")
    if c.cargando is not None:
        found.append("Cargar (se defiende peor hasta su siguiente turno)")
    return found


def replay_dice(faces: list[int] | tuple[int, ...], physical: bool = False) -> ForcedDice:
    """The same faces again, exactly (Aliento, a late reading, a pending attack die)."""
    return ForcedDice(faces, strict=True, physical=physical)
