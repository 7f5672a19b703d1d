"""``/tirada contra:NOMBRE``: a check against a person (Libro III §15, issue 34).

«Tira el que resiste, contra 8 + Atributo + Oficio del que empuja. Los empates favorecen al
que aguanta.» Whoever makes the ``/tirada`` resists; NOMBRE pushes: someone of the channel's
encounter, else a character of the server. A character pushes with ``8 + atributo_contra
(by default the roller's attribute) + oficio_contra`` (whole: named only if it covers what
it does); an enemy with its Ataque. [D] When an enemy resists (``empujas:sí``) the player
who pushes rolls, against the enemy's Ataque and the tie still the enemy's
(``umbral_rules.tiradas.enemy_resisting``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.features.fichas.lookup import owner_text
from umbral_rules import CharacterSheet, Modifier, UmbralError, oficio_modifier
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.genero import agree
from umbral_rules.rolls import Static
from umbral_rules.sheets import normalize_atributo
from umbral_rules.tables import ATRIBUTO_LABELS
from umbral_rules.text import name_key, name_not_found
from umbral_rules.tiradas import enemy_pusher, enemy_resisting, pusher_static

if TYPE_CHECKING:
    from bot.storage import UnitOfWork


@dataclass(frozen=True)
class Contra:
    """Who the check is against (as shown and logged) and the number rolled against."""

    nombre: str
    target: Static
    enemy_resists: bool = False


@dataclass(frozen=True)
class ContraOptions:
    contra: str
    atributo_contra: str | None = None
    oficio_contra: str | None = None
    empujas: bool = False


def _in_encounter(enc: Encounter | None, nombre: str) -> Combatant | None:
    if enc is None:
        return None
    try:
        return enc.find(nombre)
    except UmbralError:
        return None


async def _character_sheet(
    uow: UnitOfWork, nombre: str, enc: Encounter | None = None
) -> CharacterSheet:
    from bot.storage import character_sheet

    rows = await uow.characters.all_by_name(nombre)
    if not rows:
        fighting = [c.nombre for c in enc.combatants] if enc is not None else []
        raise name_not_found(
            f"No hay nadie llamado «{nombre}» en el encuentro ni en el servidor.",
            nombre,
            [r.nombre for r in await uow.characters.list_all()] + fighting,
        )
    if len(rows) > 1:
        owners = ", ".join(owner_text(r.owner_id) for r in rows)
        raise UmbralError(
            f"Hay {len(rows)} personajes llamados «{nombre}» (de {owners}): si está en el "
            "encuentro, tráelo con /encuentro unirse."
        )
    return character_sheet(rows[0])


def _pushes(sheet: CharacterSheet, atributo: str, oficio: str | None) -> Static:
    key = normalize_atributo(atributo)
    mod = Modifier(ATRIBUTO_LABELS[key], sheet.atributo(key))
    oficio_mod = None
    if oficio:
        nombre, valor = sheet.oficio(oficio)
        oficio_mod = oficio_modifier(nombre, valor, "entero")
    return pusher_static(sheet.nombre, mod, oficio_mod)


async def contra_of(
    uow: UnitOfWork,
    enc: Encounter | None,
    roller: str,
    atributo: str,
    options: ContraOptions,
    genero: str | None = None,
) -> Contra:
    """The person the check is against, and the number: see the module's docstring."""
    found = _in_encounter(enc, options.contra)
    if found is not None and found.enemy is not None:
        if options.atributo_contra or options.oficio_contra:
            raise UmbralError(
                f"{found.nombre} es un enemigo: empuja con su Ataque, sin «atributo_contra» ni "
                "«oficio_contra»."
            )
        ataque = found.enemy.static_ataque()
        if options.empujas:
            return Contra(found.nombre, enemy_resisting(found.nombre, ataque), True)
        return Contra(found.nombre, enemy_pusher(found.nombre, ataque))
    if options.empujas:
        raise UmbralError(
            "«empujas» es para cuando resiste un enemigo. Contra un personaje tira quien "
            "resiste: su jugador, con /tirada contra: y tu nombre."
        )
    if found is not None and found.sheet is not None:
        sheet = found.sheet
    else:
        sheet = await _character_sheet(uow, options.contra, enc)
    if name_key(sheet.nombre) == name_key(roller):
        raise UmbralError(f"{roller} no puede tirar contra sí {agree(genero, 'mismo', 'misma')}.")
    return Contra(sheet.nombre, _pushes(sheet, options.atributo_contra or atributo,
                                        options.oficio_contra))  # fmt: skip
