"""Small shared pieces: a named term, name keys, number checks, JSON readers."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..errors import UmbralError
from ..text import word_key

#: A JSON object as the state's edges write it.
JsonDict = dict[str, Any]


@dataclass(frozen=True)
class Termino:
    """One named number of a sum: «Herida leve −1», «Escudo +2», «Herida grave −1D»."""

    nombre: str
    valor: int

    def to_dict(self) -> JsonDict:
        return {"nombre": self.nombre, "valor": self.valor}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Termino:
        return cls(str(data["nombre"]), int(data["valor"]))


def suma(terminos: Iterable[Termino]) -> int:
    return sum(t.valor for t in terminos)


def key(name: str) -> str:
    """The key an ability, specialty or technique is matched by («Brío» → «brio»)."""
    return word_key(name)


def check_name(name: str, what: str) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise UmbralError(f"Falta el nombre de {what}.")
    return clean


def check_range(value: int, low: int, high: int | None, what: str) -> int:
    """``value`` as an int in ``low..high`` (no upper bound with ``None``), or a Spanish
    refusal that names ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise UmbralError(f"{what} tiene que ser un número entero (se dio {value!r}).")
    if value < low or (high is not None and value > high):
        allowed = f"de {low} a {high}" if high is not None else f"{low} o más"
        raise UmbralError(f"{what}: {allowed} (se dio {value}).")
    return value


def terminos_to_json(terminos: Iterable[Termino]) -> list[JsonDict]:
    return [t.to_dict() for t in terminos]


def terminos_from_json(data: Iterable[Mapping[str, Any]] | None) -> tuple[Termino, ...]:
    return tuple(Termino.from_dict(t) for t in data or ())


def signed(value: int) -> str:
    """A term's number as a player reads it: «+2», «−1» (a real minus sign)."""
    return f"+{value}" if value >= 0 else f"−{-value}"


@contextmanager
def reading(what: str) -> Iterator[None]:
    """Read what a person wrote (a sheet, a table): a missing key or a value of the wrong
    kind is refused in Spanish instead of failing with Python's error."""
    try:
        yield
    except KeyError as error:
        raise UmbralError(f"{what}: falta «{error.args[0]}».") from error
    except (ValueError, TypeError, AttributeError) as error:
        raise UmbralError(f"{what}: hay un valor que no se puede leer.") from error
