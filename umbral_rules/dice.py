"""Dice sources and the d12 roll with ventaja / desventaja.

Every roll of the rules takes a :class:`DiceSource`; nothing here or elsewhere in the package
touches the global ``random`` state, so any roll can be forced in a test or by a player's
physical die.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from .errors import UmbralError
from .tables import DIE_SIDES


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll one die of ``sides`` faces."""

    @property
    def physical(self) -> bool:
        """True when the faces come from dice rolled at the table."""
        ...

    def roll(self, sides: int) -> int:
        """One face in ``1..sides``."""
        ...


class RandomDice:
    """The default source: a private :class:`random.Random`, seedable for reproducible runs."""

    physical = False

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        return self._random.randint(1, sides)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """The ``random.randrange`` signature, so generic dice libraries can use this source."""
        if stop is None:
            start, stop = 0, start
        return self._random.randrange(start, stop, step)


class ForcedDice:
    """Returns the given faces in order, then falls back to ``then`` (random by default).

    A face impossible for the die being rolled is refused with an :class:`UmbralError`.
    With ``then=None`` and ``strict=True`` running out of faces is also an error.
    """

    def __init__(
        self,
        faces: Iterable[int],
        then: DiceSource | None = None,
        *,
        strict: bool = False,
        physical: bool = False,
    ) -> None:
        self._faces = list(faces)
        self._then = then if then is not None else RandomDice()
        self._strict = strict
        self.physical = physical

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(self._faces)

    def push(self, faces: Iterable[int]) -> None:
        """Queue more faces after the ones already waiting."""
        self._faces.extend(faces)

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        if not self._faces:
            if self._strict:
                raise UmbralError(
                    "Faltan dados: has indicado menos dados de los que hay que tirar."
                )
            return self._then.roll(sides)
        face = self._faces[0]
        if not 1 <= face <= sides:
            raise UmbralError(f"Un d{sides} no puede sacar {face}: las caras van de 1 a {sides}.")
        self._faces.pop(0)
        return face

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """Lets d20-style rollers draw from the forced faces: ``randrange(n)`` is a d``n`` − 1."""
        if stop is None and step == 1:
            return self.roll(start) - 1
        if stop is not None and step == 1 and start == 1:
            return self.roll(stop - 1)
        raise UmbralError("Tirada no admitida con dados forzados.")


def physical_dice(faces: Sequence[int]) -> ForcedDice:
    """The dice a player rolled at the table: exactly these faces, logged as physical."""
    return ForcedDice(faces, strict=True, physical=True)


def _check_sides(sides: int) -> None:
    if sides < 1:
        raise UmbralError(f"Un dado necesita al menos una cara (se pidió d{sides}).")


class Ventaja(Enum):
    """How a d12 is rolled."""

    NORMAL = "normal"
    VENTAJA = "ventaja"
    DESVENTAJA = "desventaja"


def combine_ventaja(ventajas: Iterable[str], desventajas: Iterable[str]) -> Ventaja:
    """They don't stack; [D] one source of ventaja and one of desventaja cancel."""
    has_v = any(True for _ in ventajas)
    has_d = any(True for _ in desventajas)
    if has_v and not has_d:
        return Ventaja.VENTAJA
    if has_d and not has_v:
        return Ventaja.DESVENTAJA
    return Ventaja.NORMAL


@dataclass(frozen=True)
class DieRoll:
    """One d12 as rolled: every face (two with ventaja/desventaja) and which one was kept."""

    faces: tuple[int, ...]
    kept_index: int
    mode: Ventaja = Ventaja.NORMAL
    ventaja_sources: tuple[str, ...] = ()
    desventaja_sources: tuple[str, ...] = ()
    physical: bool = False
    sides: int = DIE_SIDES

    @property
    def natural(self) -> int:
        """The face of the kept die."""
        return self.faces[self.kept_index]

    @property
    def is_natural_max(self) -> bool:
        return self.natural == self.sides

    @property
    def is_natural_one(self) -> bool:
        return self.natural == 1

    @property
    def is_natural(self) -> bool:
        return self.is_natural_max or self.is_natural_one

    def to_dict(self) -> dict[str, object]:
        return {
            "faces": list(self.faces),
            "kept_index": self.kept_index,
            "mode": self.mode.value,
            "ventaja_sources": list(self.ventaja_sources),
            "desventaja_sources": list(self.desventaja_sources),
            "physical": self.physical,
            "sides": self.sides,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DieRoll:
        return cls(
            faces=tuple(int(f) for f in data["faces"]),
            kept_index=int(data["kept_index"]),
            mode=Ventaja(data.get("mode", "normal")),
            ventaja_sources=tuple(str(s) for s in data.get("ventaja_sources", ())),
            desventaja_sources=tuple(str(s) for s in data.get("desventaja_sources", ())),
            physical=bool(data.get("physical", False)),
            sides=int(data.get("sides", DIE_SIDES)),
        )


def roll_d12(
    dice: DiceSource,
    ventajas: Sequence[str] = (),
    desventajas: Sequence[str] = (),
) -> DieRoll:
    """Roll 1d12, or 2d12 keeping the best/worst. The first face rolled is listed first."""
    mode = combine_ventaja(ventajas, desventajas)
    if mode is Ventaja.NORMAL:
        faces: tuple[int, ...] = (dice.roll(DIE_SIDES),)
        kept = 0
    else:
        faces = (dice.roll(DIE_SIDES), dice.roll(DIE_SIDES))
        best = 0 if faces[0] >= faces[1] else 1
        kept = best if mode is Ventaja.VENTAJA else 1 - best
    return DieRoll(
        faces=faces,
        kept_index=kept,
        mode=mode,
        ventaja_sources=tuple(ventajas),
        desventaja_sources=tuple(desventajas),
        physical=dice.physical,
    )
