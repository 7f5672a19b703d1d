"""What a check is (digest §9, [D]): its ámbito, so that each estado gives desventaja exactly
where it says — the five of the rulebook and a guild's own (``Settings.estados_extra``),
all read from one table (:func:`.estados.estado_table`).

These work on a guild's estados and a list of estado keys, so the bot can use them for a
character outside any encounter too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import UmbralError
from ..genero import agree_label
from ..tables import AMBITO_LABELS, TIRADA_AMBITOS
from .estados import estado_table
from .settings import EstadosExtra

#: An estado's ámbitos that cover every roll.
EVERYWHERE = "todo"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} y {words[-1]}"


def _or(words: Sequence[str]) -> str:
    return (
        f"{', '.join(words[:-1])} u {words[-1]}"
        if words[-1][:1] in "oO"
        else (f"{', '.join(words[:-1])} o {words[-1]}")
    )


def validate_ambitos(ambitos: Iterable[str]) -> tuple[str, ...]:
    """The ámbitos a check names, each one of ``tables.TIRADA_AMBITOS``."""
    clean = tuple(dict.fromkeys(a.strip().lower() for a in ambitos if a and a.strip()))
    for a in clean:
        if a not in TIRADA_AMBITOS:
            raise UmbralError(f"Ámbito desconocido «{a}»: usa {_or(TIRADA_AMBITOS)}.")
    return clean


def limiting(
    estados_extra: EstadosExtra, estados: Iterable[str]
) -> list[tuple[str, tuple[str, ...]]]:
    """The estados among ``estados`` that give desventaja in some ámbitos but not in all:
    (label, ámbitos). With one of them a check must say what it is."""
    table = estado_table(estados_extra)
    found = []
    for key in estados:
        label, where = table.get(key, (key, ()))
        if where and EVERYWHERE not in where and set(TIRADA_AMBITOS) - set(where):
            found.append((label, tuple(where)))
    return found


def require_ambitos(
    estados_extra: EstadosExtra,
    nombre: str,
    estados: Iterable[str],
    ambitos: Iterable[str],
    genero: str | None = None,
) -> tuple[str, ...]:
    """The check's ámbitos, refused when missing while an estado limits some of them
    (the refusal's estado agrees with the roller's ``genero``)."""
    clean = validate_ambitos(ambitos)
    if clean:
        return clean
    limits = limiting(estados_extra, estados)
    if limits:
        label, where = limits[0]
        what = _and([AMBITO_LABELS.get(w, w) for w in where])
        label = agree_label(genero, label)
        raise UmbralError(
            f"{nombre} está {label} (desventaja en {what}): di qué es la tirada con «ambito» "
            f"({_or(TIRADA_AMBITOS)}); si no cuadra, el máster lo corrige."
        )
    return clean


def tirada_desventajas(
    estados_extra: EstadosExtra, estados: Iterable[str], ambitos: Iterable[str]
) -> list[str]:
    """The named desventaja sources of these estados on a check of these ámbitos:
    «Quebrantado (acciones sociales)»."""
    touched = set(validate_ambitos(ambitos))
    table = estado_table(estados_extra)
    sources = []
    for key in estados:
        label, where = table.get(key, (key, ()))
        hits = [w for w in where if w == EVERYWHERE or w in touched]
        if hits:
            sources.append(f"{label} ({AMBITO_LABELS.get(hits[0], hits[0])})")
    return sources
