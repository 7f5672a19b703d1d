"""Estados (§9): the built-in five and the guild's own, and where each gives desventaja."""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import UmbralError
from ..genero import agree_label
from ..tables import AMBITO_LABELS, ESTADO_LABELS, ESTADOS, ESTADOS_INDEFENSO, ROLL_AMBITOS
from ..text import word_key
from .combatant import Combatant
from .settings import EstadosExtra, estado_key, validate_estados_extra
from .state import EncounterState

#: A guild's estados given as JSON are checked by ``validate_estados_extra`` (in .settings).
__all__ = ["estado_key", "estado_table", "validate_estados_extra"]


def estado_table(estados_extra: EstadosExtra) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every estado an encounter with the guild's ``estados_extra`` knows: key → (label,
    ámbitos where it gives desventaja)."""
    table = {key: (ESTADO_LABELS[key], tuple(where)) for key, where in ESTADOS.items()}
    for key, spec in estados_extra.items():
        table[estado_key(key)] = (spec.nombre, spec.desventaja)
    return table


def normalize_estado(state: EncounterState, estado: str) -> str:
    key = estado_key(estado)
    table = estado_table(state.settings.estados_extra)
    if key not in table:  # a guild estado stored before 0004 lost its ñ: «anoranza»
        legacy = [k for k in table if word_key(k) == word_key(estado)]
        key = legacy[0] if len(legacy) == 1 else key
    if key not in table:
        known = ", ".join(label for label, _ in table.values())
        raise UmbralError(f"Estado desconocido «{estado}»: los estados son {known}.")
    return key


def cabeza_keys(estados_extra: EstadosExtra) -> frozenset[str]:
    """The guild's estados «de la cabeza» (Libro VI §42: only one of them at a time)."""
    return frozenset(estado_key(k) for k, spec in estados_extra.items() if spec.cabeza)


def estado_label(state: EncounterState, key: str, genero: str | None = None) -> str:
    """The estado's label, agreeing with ``genero`` (of whoever has it) when built in."""
    return agree_label(genero, estado_table(state.settings.estados_extra).get(key, (key, ()))[0])


def desventajas(
    state: EncounterState, c: Combatant, roll_kind: str = "", ambitos: Iterable[str] = ()
) -> list[str]:
    """The named desventaja sources of ``c``'s estados for a roll touching these ámbitos."""
    touched = set(ROLL_AMBITOS.get(roll_kind, ())) | {word_key(a) for a in ambitos}
    table = estado_table(state.settings.estados_extra)
    sources: list[str] = []
    for key in c.estados:
        label, where = table.get(key, (key, ()))
        hits = [w for w in where if w == "todo" or w in touched]
        if hits:
            sources.append(f"{label} ({AMBITO_LABELS.get(hits[0], hits[0])})")
    return sources


def mirrored_ventajas(state: EncounterState, enemy: Combatant, roll_kind: str) -> list[str]:
    """[D] Enemies' estados in Mesa: the GM never rolls, so the desventaja an enemy's estados
    would give its own roll of ``roll_kind`` (its «defensa» when a player attacks it, its
    «ataque» when the player defends) reaches the player's die as ventaja, as far as each
    estado reaches (Libro III §17): «Lobo: Aturdido (todo)»."""
    return [f"{enemy.nombre}: {source}" for source in desventajas(state, enemy, roll_kind)]


def cannot_defend(c: Combatant) -> bool:
    """A Cegado target cannot defend (Libro VI §39)."""
    return any(e in ESTADOS_INDEFENSO for e in c.estados)
