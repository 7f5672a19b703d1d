"""Starting an encounter and managing who is in it: functions of the state."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from ..errors import UmbralError
from ..sheets import CharacterSheet, EnemySheet, Weapon
from ..tables import NAME_MAX
from ..text import clean_name, name_key, word_key
from ..tiradas import OficioCobertura, parse_oficio_cobertura
from .combatant import Combatant
from .events import CombatantRemoved, Event
from .kinds import Mode, Phase, Side, Status
from .settings import EstadosExtra, estado_key, validate_settings
from .state import EncounterState


def start(
    mode: str, settings: Mapping[str, Any] | None = None, escena: str | None = None
) -> EncounterState:
    """A new encounter in ``mode`` with the settings a caller gives as JSON (checked)."""
    try:
        key = Mode(word_key(mode))
    except ValueError:
        raise UmbralError(f"Modo desconocido «{mode}»: usa {', '.join(Mode)}.") from None
    checked = validate_settings(settings)
    phase = Phase.ENEMIGOS if checked.emboscada is Side.ENEMIGO else Phase.JUGADORES
    return EncounterState(mode=key, phase=phase, settings=checked, escena=escena)


def _check_name_free(state: EncounterState, nombre: str) -> None:
    for c in state.combatants:
        if name_key(c.nombre) == name_key(nombre):
            raise UmbralError(f"Ya hay alguien llamado «{c.nombre}» en el combate.")


def add_character(
    state: EncounterState,
    sheet: CharacterSheet,
    weapons: Iterable[Weapon] = (),
    *,
    aguante: int | None = None,
    aliento: int = 0,
    aliento_max: int | None = None,
    esencia: int = 0,
    esencia_max: int | None = None,
    character_id: int | None = None,
    owner_id: int | None = None,
    oficio_defensa: str | None = None,
    oficio_defensa_cobertura: OficioCobertura | str = OficioCobertura.ENTERO,
    genero: str | None = None,
) -> Combatant:
    """Add a player character (Aguante defaults to the sheet's maximum)."""
    _check_name_free(state, sheet.nombre)
    for other in state.combatants:
        if character_id is not None and other.character_id == character_id:
            raise UmbralError(f"Ese personaje ya está en el combate: {other.nombre}.")
    maximum = sheet.aguante_max
    current = maximum if aguante is None else aguante
    a_max = aliento if aliento_max is None else aliento_max
    e_max = esencia if esencia_max is None else esencia_max
    if not 0 <= current <= maximum:
        raise UmbralError(f"El Aguante de {sheet.nombre} va de 0 a {maximum}.")
    if not 0 <= aliento <= a_max or not 0 <= esencia <= e_max:
        raise UmbralError("Aliento y Esencia van de 0 a su máximo.")
    if oficio_defensa:
        sheet.oficio(oficio_defensa)
    cobertura = parse_oficio_cobertura(oficio_defensa_cobertura)
    c = Combatant(
        id=state.new_combatant_id(),
        nombre=sheet.nombre,
        side=Side.PJ,
        aguante=current,
        aguante_max=maximum,
        character_id=character_id,
        owner_id=owner_id,
        sheet=sheet,
        weapons=list(weapons),
        aliento=aliento,
        aliento_max=a_max,
        esencia=esencia,
        esencia_max=e_max,
        oficio_defensa=oficio_defensa,
        oficio_defensa_cobertura=cobertura,
        status=Status.ACTIVO if current > 0 else Status.MALHERIDO,
        genero=genero,
    )
    state.combatants.append(c)
    return c


def add_enemy(
    state: EncounterState, enemy: EnemySheet, nombre: str | None = None, genero: str | None = None
) -> Combatant:
    """Add one enemy from the bestiary (its name, or the one given)."""
    name = (nombre or enemy.nombre).strip()
    if not name:
        raise UmbralError("El enemigo necesita un nombre.")
    if nombre:
        name = clean_name(name)
    _check_name_free(state, name)
    c = Combatant(
        id=state.new_combatant_id(),
        nombre=name,
        side=Side.ENEMIGO,
        aguante=enemy.aguante,
        aguante_max=enemy.aguante,
        enemy=enemy,
        genero=genero,
    )
    state.combatants.append(c)
    return c


_NUMBERED = re.compile(r"^.* (\d+)$")


def numbered(nombre: str, n: int) -> str:
    """«Guardia 2»; when that passes :data:`NAME_MAX`, the name is cut visibly so that the
    number fits: «Centinela de la Torre… 2»."""
    suffix = f" {n}"
    if len(nombre) + len(suffix) <= NAME_MAX:
        return nombre + suffix
    return nombre[: NAME_MAX - len(suffix) - 1].rstrip() + "…" + suffix


def add_enemies(
    state: EncounterState, enemy: EnemySheet, cantidad: int, genero: str | None = None
) -> list[Combatant]:
    """Add ``cantidad`` copies named "Nombre 1", "Nombre 2"... (numbering continues; a name
    too long for its number is shortened: :func:`numbered`)."""
    if not 1 <= cantidad <= 50:
        raise UmbralError("Se añaden entre 1 y 50 enemigos de una vez.")
    taken = [
        int(m.group(1))
        for c in state.combatants
        if (m := _NUMBERED.match(c.nombre))
        and name_key(numbered(enemy.nombre, int(m.group(1)))) == name_key(c.nombre)
    ]
    first = max(taken, default=0) + 1
    names = [numbered(enemy.nombre, n) for n in range(first, first + cantidad)]
    for name in names:
        _check_name_free(state, name)
    return [add_enemy(state, enemy, name, genero) for name in names]


def remove(state: EncounterState, combatant_id: str) -> list[Event]:
    """Take someone out of the encounter (and every pending attack and cover involving them)."""
    c = state.get(combatant_id)
    state.combatants.remove(c)
    state.pending = [p for p in state.pending if c.id not in (p.defender, p.attacker, p.aimed_at)]
    state.interponerse = [g for g in state.interponerse if c.id not in (g.protector, g.protegido)]
    state.attacked_by = {
        target: tuple(a for a in attackers if a != c.id)
        for target, attackers in state.attacked_by.items()
        if target != c.id
    }
    return [CombatantRemoved(f"{c.nombre} sale del combate.", c.id)]


def hand_over(state: EncounterState, combatant_id: str, owner_id: int) -> Combatant:
    """A player character changes hands (the GM's ``/ficha ceder``): ``owner_id``
    controls it from now on; nothing else about it changes."""
    c = state.get(combatant_id)
    if not c.is_pc:
        raise UmbralError(f"{c.nombre} no es un personaje de jugador.")
    c.owner_id = owner_id
    return c


def use_guild_tables(
    state: EncounterState, secuelas: Mapping[str, str], estados: EstadosExtra
) -> None:
    """[D] A guild's tables are live: its secuelas table and its own estados as they are now
    replace those the encounter began with; an estado someone carries keeps its definition
    even if the guild deleted it meanwhile."""
    carried = {e for c in state.combatants for e in c.estados}
    kept = {k: v for k, v in state.settings.estados_extra.items() if k in carried}
    state.settings = replace(
        state.settings,
        secuelas_tabla=dict(secuelas),
        estados_extra={**kept, **{estado_key(k): v for k, v in estados.items()}},
    )
