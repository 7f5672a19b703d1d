"""An encounter's settings (:class:`Settings`) and the guild's own estados
(:class:`EstadoExtra`), typed; the JSON a caller gives is checked here, at the edge
(:func:`validate_settings`, :func:`validate_estados_extra`).

[D] The defaults are ``tables.ENCOUNTER_DEFAULT_SETTINGS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import UmbralError
from ..tables import ENCOUNTER_DEFAULT_SETTINGS, ESTADO_AMBITOS, ESTADOS
from ..text import name_key, word_key
from .codec import JsonDict, enum_value, strs
from .kinds import Side


@dataclass(frozen=True)
class EstadoExtra:
    """A guild's own estado: its name, the ámbitos where it gives desventaja, and whether it
    is one «de la cabeza» (only one of those at a time, Libro VI §42)."""

    nombre: str
    desventaja: tuple[str, ...] = ()
    cabeza: bool = False

    def to_dict(self) -> JsonDict:
        data: JsonDict = {"nombre": self.nombre, "desventaja": list(self.desventaja)}
        if self.cabeza:
            data["cabeza"] = True
        return data


#: A guild's estados by key (see :func:`.estados.estado_key`).
EstadosExtra = Mapping[str, EstadoExtra]


@dataclass(frozen=True)
class Settings:
    """How this encounter plays (``tables.ENCOUNTER_DEFAULT_SETTINGS`` says each one):
    ``defensa_inmediata``, ``emboscada`` (the side that ambushes, or None),
    ``estados_extra``, ``secuelas_tabla`` ("2" → text) and ``secuelas_auto``."""

    defensa_inmediata: bool = True
    emboscada: Side | None = None
    estados_extra: EstadosExtra = field(default_factory=dict)
    secuelas_tabla: Mapping[str, str] = field(default_factory=dict)
    secuelas_auto: bool = False

    def to_dict(self) -> JsonDict:
        return {
            "defensa_inmediata": self.defensa_inmediata,
            "emboscada": enum_value(self.emboscada),
            "estados_extra": {k: e.to_dict() for k, e in self.estados_extra.items()},
            "secuelas_tabla": dict(self.secuelas_tabla),
            "secuelas_auto": self.secuelas_auto,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        """The stored settings as they are (checked when the encounter began); a key an
        older release did not write takes its default."""
        merged = {**ENCOUNTER_DEFAULT_SETTINGS, **data}
        emboscada = merged["emboscada"]
        return cls(
            defensa_inmediata=bool(merged["defensa_inmediata"]),
            emboscada=None if emboscada is None else Side(emboscada),
            estados_extra=_estados_as_stored(merged["estados_extra"]),
            secuelas_tabla={
                str(k): str(v) for k, v in dict(merged["secuelas_tabla"] or {}).items()
            },
            secuelas_auto=bool(merged["secuelas_auto"]),
        )


def _estados_as_stored(data: Any) -> dict[str, EstadoExtra]:
    """A guild's estados as stored: each one's name and ámbitos, leniently (a spec that is
    not a table is an estado named by its key, desventaja nowhere)."""
    found: dict[str, EstadoExtra] = {}
    for key, spec in dict(data or {}).items():
        if isinstance(spec, Mapping):
            found[str(key)] = EstadoExtra(
                str(spec.get("nombre", key)),
                strs(spec.get("desventaja")),
                bool(spec.get("cabeza", False)),
            )
        else:
            found[str(key)] = EstadoExtra(str(key))
    return found


def estado_key(name: str) -> str:
    """[D] A built-in estado's key is its ASCII identifier (``enmaranado``, matched by
    :func:`word_key`); any other estado is keyed by its name key (ñ kept: ``añoranza``)."""
    word = word_key(name)
    return word if word in ESTADOS else name_key(name)


def validate_estados_extra(extra: Any) -> dict[str, EstadoExtra]:
    """Check a guild's estados given as JSON: ``{key: {"nombre": str, "desventaja":
    [ámbito, ...], "cabeza": bool}}`` (``cabeza`` optional, false)."""
    if extra is None:
        return {}
    if not isinstance(extra, Mapping):
        raise UmbralError("Los estados propios van como una tabla de nombre a sus ámbitos.")
    clean: dict[str, EstadoExtra] = {}
    for key, spec in extra.items():
        name = estado_key(str(key))
        if not name:
            raise UmbralError("Cada estado propio necesita un nombre.")
        if name in ESTADOS:
            raise UmbralError(f"«{key}» ya es un estado del reglamento.")
        if not isinstance(spec, Mapping):
            raise UmbralError(f"El estado «{key}» debe decir su nombre y dónde da desventaja.")
        where = tuple(word_key(str(w)) for w in spec.get("desventaja", []))
        unknown = [w for w in where if w not in ESTADO_AMBITOS]
        if unknown:
            raise UmbralError(
                f"Ámbito desconocido «{unknown[0]}» en el estado «{key}»: "
                f"usa {', '.join(ESTADO_AMBITOS)}."
            )
        cabeza = spec.get("cabeza", False)
        if not isinstance(cabeza, bool):
            raise UmbralError(f"«cabeza» del estado «{key}» es sí o no.")
        clean[name] = EstadoExtra(str(spec.get("nombre", key)), where, cabeza)
    return clean


def validate_settings(settings: Mapping[str, Any] | None) -> Settings:
    """The settings a caller gives as JSON, over the defaults, checked."""
    merged = {**ENCOUNTER_DEFAULT_SETTINGS, **dict(settings or {})}
    if not isinstance(merged["defensa_inmediata"], bool):
        raise UmbralError("«defensa_inmediata» es sí o no.")
    if not isinstance(merged["secuelas_auto"], bool):
        raise UmbralError("«secuelas_auto» es sí o no.")
    if merged["emboscada"] not in (None, "pj", "enemigo"):
        raise UmbralError("La emboscada es de los jugadores (pj), de los enemigos o de nadie.")
    estados_extra = validate_estados_extra(merged["estados_extra"])
    table = merged["secuelas_tabla"] or {}
    if not isinstance(table, Mapping) or not all(str(k).isdigit() for k in table):
        raise UmbralError("La tabla de secuelas va de número a texto.")
    emboscada = merged["emboscada"]
    return Settings(
        defensa_inmediata=merged["defensa_inmediata"],
        emboscada=None if emboscada is None else Side(emboscada),
        estados_extra=estados_extra,
        secuelas_tabla={str(k): str(v) for k, v in table.items()},
        secuelas_auto=merged["secuelas_auto"],
    )
