"""Estados (§9): the built-in five and the guild's own, and where each gives desventaja."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import UmbralError
from ..genero import agree_label
from ..tables import (
    AMBITO_LABELS,
    ESTADO_AMBITOS,
    ESTADO_LABELS,
    ESTADOS,
    ESTADOS_INDEFENSO,
    ROLL_AMBITOS,
)
from ..text import name_key, word_key
from .state import Combatant, EncounterState


def estado_key(name: str) -> str:
    """[D] A built-in estado's key is its ASCII identifier (``enmaranado``, matched by
    :func:`word_key`); any other estado is keyed by its name key (ñ kept: ``añoranza``)."""
    word = word_key(name)
    return word if word in ESTADOS else name_key(name)


def estado_table(settings: Mapping[str, Any]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every estado this encounter knows: key → (label, ámbitos where it gives desventaja)."""
    table = {key: (ESTADO_LABELS[key], tuple(where)) for key, where in ESTADOS.items()}
    for key, spec in dict(settings.get("estados_extra") or {}).items():
        label = str(spec.get("nombre", key)) if isinstance(spec, Mapping) else str(key)
        where = spec.get("desventaja", ()) if isinstance(spec, Mapping) else ()
        table[estado_key(str(key))] = (label, tuple(str(w) for w in where))
    return table


def validate_estados_extra(extra: Any) -> dict[str, Any]:
    """Check a guild's estados: ``{key: {"nombre": str, "desventaja": [ámbito, ...]}}``."""
    if extra is None:
        return {}
    if not isinstance(extra, Mapping):
        raise UmbralError("Los estados propios van como una tabla de nombre a sus ámbitos.")
    clean: dict[str, Any] = {}
    for key, spec in extra.items():
        name = estado_key(str(key))
        if not name:
            raise UmbralError("Cada estado propio necesita un nombre.")
        if name in ESTADOS:
            raise UmbralError(f"«{key}» ya es un estado del reglamento.")
        if not isinstance(spec, Mapping):
            raise UmbralError(f"El estado «{key}» debe decir su nombre y dónde da desventaja.")
        where = [word_key(str(w)) for w in spec.get("desventaja", [])]
        unknown = [w for w in where if w not in ESTADO_AMBITOS]
        if unknown:
            raise UmbralError(
                f"Ámbito desconocido «{unknown[0]}» en el estado «{key}»: "
                f"usa {', '.join(ESTADO_AMBITOS)}."
            )
        clean[name] = {"nombre": str(spec.get("nombre", key)), "desventaja": where}
    return clean


def normalize_estado(state: EncounterState, estado: str) -> str:
    key = estado_key(estado)
    table = estado_table(state.settings)
    if key not in table:  # a guild estado stored before 0004 lost its ñ: «anoranza»
        legacy = [k for k in table if word_key(k) == word_key(estado)]
        key = legacy[0] if len(legacy) == 1 else key
    if key not in table:
        known = ", ".join(label for label, _ in table.values())
        raise UmbralError(f"Estado desconocido «{estado}»: los estados son {known}.")
    return key


def estado_label(state: EncounterState, key: str, genero: str | None = None) -> str:
    """The estado's label, agreeing with ``genero`` (of whoever has it) when built in."""
    return agree_label(genero, estado_table(state.settings).get(key, (key, ()))[0])


def desventajas(
    state: EncounterState, c: Combatant, roll_kind: str = "", ambitos: Iterable[str] = ()
) -> list[str]:
    """The named desventaja sources of ``c``'s estados for a roll touching these ámbitos."""
    touched = set(ROLL_AMBITOS.get(roll_kind, ())) | {word_key(a) for a in ambitos}
    table = estado_table(state.settings)
    sources: list[str] = []
    for key in c.estados:
        label, where = table.get(key, (key, ()))
        hits = [w for w in where if w == "todo" or w in touched]
        if hits:
            sources.append(f"{label} ({AMBITO_LABELS.get(hits[0], hits[0])})")
    return sources


def cannot_defend(c: Combatant) -> bool:
    """A Cegado target cannot defend (Libro VI §39)."""
    return any(e in ESTADOS_INDEFENSO for e in c.estados)
