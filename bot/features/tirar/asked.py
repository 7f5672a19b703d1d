"""What a ``/tirar`` asked for: its options, one mode of rolling, which options each mode
takes (:data:`TAKES`, the one table), and how the roll log keeps them
(``TirarResult.opciones``, :mod:`bot.records.rolls`) so that «Repetir» rolls again with the
same options."""

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
#: The options each mode takes besides its own (issue 45: an option is applied or refused,
#: never ignored). ``motivo`` and ``privada`` change the reply in every mode (:data:`EVERY_MODE`).
#: ``modificador``: points added to the kept dice for ``reserva`` (seed 002's roll form,
#: «Modificador»), percent added to the chance for ``porcentaje`` (seed 003) and to the skill
#: for ``habilidad`` (seed 004), added to 1D10 + AGI for ``agilidad`` (seed 004's «+/- Mod.»).
#: Refused: ``bonus`` and ``dificultad`` out of ``reserva`` (seeds 003 and 004 roll no bonus
#: dice and read the roll against the percentage), ``modificador`` with an expression (it is
#: written in the expression: ``2d6+3``), ``umbral`` and ``exitos`` out of ``expresion``.
TAKES: dict[str, tuple[str, ...]] = {
    "expresion": ("umbral", "exitos"),
    "reserva": ("bonus", "dificultad", "modificador"),
    "porcentaje": ("modificador",),
    "habilidad": ("modificador",),
    "agilidad": ("modificador",),
}
EVERY_MODE = ("motivo", "privada")
#: An entry logged before the options were kept (or not a /tirar): it cannot be repeated.
NOT_REPEATABLE = (
    "Esa tirada no guardó sus opciones (es anterior a «Repetir», o no es de /tirar): "
    "vuelve a escribirla con /tirar."
)
#: An entry logged with options its mode does not take (before issue 45 /tirar ignored them).
NOT_REPEATABLE_NOW = (
    "Esa tirada guardó opciones que /tirar ya no acepta juntas: con «{mode}» valen {takes}, "
    "no {extra}. Vuelve a escribirla con /tirar."
)


def _quoted(names: list[str] | tuple[str, ...], last: str = "y") -> str:
    """«a», «b» y «c» (``last``: «ni» for «no «a» ni «b»»)."""
    marked = [f"«{name}»" for name in names]
    return marked[0] if len(marked) == 1 else f"{', '.join(marked[:-1])} {last} {marked[-1]}"


def takes(mode: str) -> str:
    """The options ``mode`` takes besides its own, quoted: «modificador», «motivo» y «privada»."""
    return _quoted([*TAKES[mode], *EVERY_MODE])


def not_taken(mode: str, extra: list[str]) -> str:
    """The refusal of options ``mode`` does not take, naming the ones it takes."""
    them = (
        "no se usa en ese modo: quítalo" if len(extra) == 1 else "no se usan en ese modo: quítalos"
    )
    return f"Con «{mode}» valen {takes(mode)}; {_quoted(extra)} {them}."


class NotTaken(UmbralError):
    """Options given that the ``mode`` does not take (``extra``): its refusal names the ones
    it takes."""

    def __init__(self, mode: str, extra: list[str]) -> None:
        super().__init__(not_taken(mode, extra))
        self.mode, self.extra = mode, extra


@dataclass(frozen=True)
class Asked:
    """The options of one ``/tirar`` (as the command's parameters name them)."""

    expresion: str | None = None
    motivo: str | None = None
    privada: bool = False
    umbral: int | None = None
    exitos: str | None = None
    reserva: int | None = None
    bonus: int | None = None
    dificultad: int | None = None
    porcentaje: int | None = None
    habilidad: int | None = None
    modificador: int | None = None
    agilidad: int | None = None

    @property
    def mode(self) -> str:
        """The one thing to roll. Refused: none, or more than one; an option the mode does not
        take (:data:`TAKES`), with :class:`NotTaken`."""
        given = [name for name in MODES if getattr(self, name) is not None]
        if len(given) != 1:
            raise UmbralError(ONE_MODE)
        mode = given[0]
        allowed = (*MODES, *EVERY_MODE, *TAKES[mode])
        extra = [
            f.name
            for f in fields(self)
            if f.name not in allowed and getattr(self, f.name) is not None
        ]
        if extra:
            raise NotTaken(mode, extra)
        return mode

    @property
    def bonus_dice(self) -> int:
        """``bonus`` (0 when not given)."""
        return self.bonus or 0

    @property
    def modifier(self) -> int:
        """``modificador`` (0 when not given)."""
        return self.modificador or 0

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
        try:
            asked.mode  # noqa: B018 - refused here, as the log kept it
        except NotTaken as refused:  # logged before issue 45, when /tirar ignored them
            mode, extra = refused.mode, _quoted(refused.extra, "ni")
            raise UmbralError(
                NOT_REPEATABLE_NOW.format(mode=mode, takes=takes(mode), extra=extra)
            ) from None
        except UmbralError:  # not one mode: the command refuses it, never logged
            raise UmbralError(NOT_REPEATABLE) from None
        return asked


def _fits(value: object, kind: str) -> bool:
    if value is None:
        return "None" in kind
    if kind.startswith("bool"):
        return isinstance(value, bool)
    if kind.startswith("int"):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, str)
