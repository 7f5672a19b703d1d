"""What a ``/tirar`` asked for: its options, one mode of rolling, and how the roll log keeps
them (``TirarResult.opciones``, :mod:`bot.records.rolls`) so that «Repetir» rolls again with
the same options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields

from bot.jsontypes import JsonObject
from umbral_rules import UmbralError

MODES = ("expresion", "reserva", "porcentaje", "habilidad", "agilidad")
ONE_MODE = (
    "Indica una sola cosa que tirar: «expresion» (dados como 2d6+3), «reserva» "
    "(d6 con rango), «porcentaje» (d100 graduado), «habilidad» (porcentual) o "
    "«agilidad» (iniciativa)."
)
EXPRESSION_ONLY = "«umbral» y «exitos» solo valen con «expresion»."
#: An entry logged before the options were kept (or not a /tirar): it cannot be repeated.
NOT_REPEATABLE = (
    "Esa tirada no guardó sus opciones (es anterior a «Repetir», o no es de /tirar): "
    "vuelve a escribirla con /tirar."
)


@dataclass(frozen=True)
class Asked:
    """The options of one ``/tirar`` (as the command's parameters name them)."""

    expresion: str | None = None
    motivo: str | None = None
    privada: bool = False
    umbral: int | None = None
    exitos: str | None = None
    reserva: int | None = None
    bonus: int = 0
    dificultad: int | None = None
    porcentaje: int | None = None
    habilidad: int | None = None
    modificador: int = 0
    agilidad: int | None = None

    @property
    def mode(self) -> str:
        """The one thing to roll (refused: none, or more than one; ``umbral`` and
        ``exitos`` without an expression)."""
        given = [name for name in MODES if getattr(self, name) is not None]
        if len(given) != 1:
            raise UmbralError(ONE_MODE)
        if given[0] != "expresion" and (self.umbral is not None or self.exitos is not None):
            raise UmbralError(EXPRESSION_ONLY)
        return given[0]

    def to_json(self) -> JsonObject:
        """The options given (those left at their default are left out)."""
        defaults = Asked()
        return {k: v for k, v in asdict(self).items() if v != getattr(defaults, k)}

    @classmethod
    def from_json(cls, data: object) -> Asked:
        """The options as the log kept them; refused when they are not there or not valid."""
        if not isinstance(data, Mapping):
            raise UmbralError(NOT_REPEATABLE)
        kinds = {f.name: f.type for f in fields(cls)}
        values: dict[str, object] = {}
        for name, value in data.items():
            kind = kinds.get(str(name))
            if kind is None or not _fits(value, str(kind)):
                raise UmbralError(NOT_REPEATABLE)
            values[str(name)] = value
        asked = cls(**values)  # type: ignore[arg-type]
        asked.mode  # noqa: B018 - refuses a mix the command itself refuses
        return asked


def _fits(value: object, kind: str) -> bool:
    if value is None:
        return "None" in kind
    if kind.startswith("bool"):
        return isinstance(value, bool)
    if kind.startswith("int"):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, str)
