"""What the roll log keeps of an entry besides its dice, modifiers and columns (its
``result``), one typed record per kind of entry. :func:`result_from_json` reads every shape
earlier releases wrote (``docs/almacenamiento.md``); ``to_json`` writes the same JSON.

Every kind has ``privada`` (a private roll: another player sees «tirada privada») and
``motivo`` (entries logged before migration 0011 kept the reason here; adjustments still
do). Readers ask :meth:`totals`, :meth:`verdict` and :meth:`expression` of any kind."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .codec import Record, Unreadable


@dataclass(frozen=True, kw_only=True)
class _Shown(Record):
    """What ``/historial`` shows of any kind (none of it, unless the kind has it)."""

    def totals(self) -> list[int]:
        return []

    def verdict(self) -> str | None:
        return None

    def expression(self) -> str | None:
        return None


@dataclass(frozen=True, kw_only=True)
class UmbralRoll(_Shown):
    """A d12 roll of the rules: a check (``/tirada``, a reto, stabilising, despegarse) or an
    attack or defense (then ``damage``, ``potencia``, ``critical``, ``golpe``, ``tipo``).
    Its writers always give ``margen``, ``grado`` and ``totales``; a row with only an
    attack's ``tipo`` (and ``damage``) is read as one too."""

    margen: int | None = None
    grado: str | None = None
    damage: int | None = None
    potencia: int | None = None
    critical: bool | None = None
    golpe: str | None = None
    #: The kind of attack (``AttackKind``'s value: ``mesa_ataque``, ``mesa_defensa``…).
    tipo: str | None = None
    totales: list[int] | None = None
    #: Despegarse: the engaged's total the leaver rolled against.
    contra: int | None = None
    #: ``/tirada``: the Umbral, who rolled, whether private.
    umbral: int | None = None
    personaje: str | None = None
    privada: bool | None = None
    #: A reto's roll: the reto's name.
    reto: str | None = None
    motivo: str | None = None

    def totals(self) -> list[int]:
        return self.totales or []

    def verdict(self) -> str | None:
        return self.grado


@dataclass(frozen=True, kw_only=True)
class SecuelasResult(_Shown):
    """The secuelas roll of a fallen combatant (at the asalto's start)."""

    total: int
    bonus: int
    muerte: bool
    resultado: str
    privada: bool | None = None
    motivo: str | None = None

    def totals(self) -> list[int]:
        return [self.total]

    def verdict(self) -> str | None:
        return self.resultado


@dataclass(frozen=True, kw_only=True)
class SavedRollUsed(Record):
    """A saved roll a ``/tirar`` expression read: its name, its expression, whether the
    player's own (else the server's)."""

    nombre: str
    expresion: str
    propia: bool


@dataclass(frozen=True, kw_only=True)
class TirarResult(_Shown):
    """A ``/tirar``: its expression (or what the mode rolled, as text), the totals (one per
    roll) or the total, the saved rolls it read, the grade against an umbral or the
    mode's verdict, the successes counted, the options asked (``Asked.to_json()``, what
    «Repetir» rolls again) and the roll it repeats."""

    privada: bool | None = None
    expresion: str
    totales: list[int] | None = None
    total: int | None = None
    guardadas: list[SavedRollUsed] | None = None
    umbral: int | None = None
    grado: str | None = None
    exitos: list[int] | None = None
    resultado: str | None = None
    opciones: dict[str, Any] | None = None
    repite: int | None = None
    motivo: str | None = None

    def totals(self) -> list[int]:
        if self.totales is not None:
            return self.totales
        return [] if self.total is None else [self.total]

    def verdict(self) -> str | None:
        return self.grado or self.resultado

    def expression(self) -> str | None:
        return self.expresion


@dataclass(frozen=True, kw_only=True)
class Numbers(Record):
    """A character's numbers an adjustment moved (those it had; ``None``: not said)."""

    aguante: int | None = None
    aliento: int | None = None
    esencia: int | None = None
    estados: list[str] | None = None


@dataclass(frozen=True, kw_only=True)
class Adjustment(Record):
    nombre: str
    antes: Numbers
    despues: Numbers


@dataclass(frozen=True, kw_only=True)
class Adjustments(_Shown):
    """``/ficha ajustar``, ``/descanso``, ``/encuentro ajustar``: each character's numbers
    before and after."""

    ajustes: list[Adjustment]
    motivo: str | None = None
    privada: bool | None = None


@dataclass(frozen=True, kw_only=True)
class EsenciaChange(Record):
    antes: int
    despues: int


@dataclass(frozen=True, kw_only=True)
class EsenciaResult(_Shown):
    """``/esencia gastar``: who spent how many points, and their Esencia before and after."""

    personaje: str
    puntos: int
    esencia: EsenciaChange
    motivo: str | None = None
    privada: bool | None = None


@dataclass(frozen=True, kw_only=True)
class Undone(_Shown):
    """A ``/deshacer``: the ids of the rolls it took back and the operation undone."""

    deshace: list[int]
    operacion: str | None = None
    privada: bool | None = None
    motivo: str | None = None


@dataclass(frozen=True, kw_only=True)
class SystemRoll(_Shown):
    """A roll of a game system other than Umbral (issues 45–47): which system
    (``sistema``, as :mod:`umbral_rules.systems` names it), what was rolled (``tipo``:
    «ataque», «prueba», «iniciativa»…), its totals and its verdict as the reply said it."""

    sistema: str
    tipo: str
    totales: list[int] | None = None
    veredicto: str | None = None
    privada: bool | None = None
    motivo: str | None = None

    def totals(self) -> list[int]:
        return self.totales or []

    def verdict(self) -> str | None:
        return self.veredicto


@dataclass(frozen=True, kw_only=True)
class Changed(Record):
    """One value a GM set by hand: its name as players read it, and before → after as
    the reply showed them."""

    campo: str
    antes: str
    despues: str


@dataclass(frozen=True, kw_only=True)
class Correction(_Shown):
    """The GM's hand correction of a fighter of another game system's encounter
    (``/hielo ajustar``, ``/porcentual ajustar``, ``/graduado ajustar``): which system,
    whom (``nombre``, as shown), and each value changed."""

    sistema: str
    nombre: str
    cambios: list[Changed]
    motivo: str | None = None
    privada: bool | None = None


@dataclass(frozen=True, kw_only=True)
class OtherResult(_Shown):
    """Any other entry: a ``/decir`` line (an empty result), or a shape this release does
    not know (kept whole in ``extra``)."""

    privada: bool | None = None
    motivo: str | None = None


RollResult = (
    UmbralRoll
    | SecuelasResult
    | TirarResult
    | Adjustments
    | EsenciaResult
    | Undone
    | SystemRoll
    | Correction
    | OtherResult
)

#: Which kind a result is, by the key only that kind writes (the first found wins).
_KINDS: tuple[tuple[str, type[RollResult]], ...] = (
    ("cambios", Correction),  # (before ``sistema``: a correction names its system too)
    ("sistema", SystemRoll),  # (before ``tipo``: another system's rolls have one too)
    ("deshace", Undone),
    ("ajustes", Adjustments),
    ("puntos", EsenciaResult),
    ("margen", UmbralRoll),
    ("tipo", UmbralRoll),
    ("muerte", SecuelasResult),
    ("expresion", TirarResult),
)


def result_from_json(data: Mapping[str, Any] | None) -> RollResult:
    """The typed result of a roll log row's ``result`` (``None``: an empty one)."""
    data = data or {}
    kind: type[RollResult] = next((k for key, k in _KINDS if key in data), OtherResult)
    try:
        return kind.from_json(data)
    except Unreadable:  # the kind's key, but not its shape: kept as it is
        return OtherResult.from_json(data)
