"""Named modifiers, rolled totals and static numbers: the pieces every result is made of."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .dice import DiceSource, DieRoll, roll_d12


@dataclass(frozen=True)
class Modifier:
    """One number that adds to a roll or to a static value, with the name a player reads."""

    name: str
    value: int

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "value": self.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Modifier:
        return cls(str(data["name"]), int(data["value"]))


def total_of(modifiers: Iterable[Modifier]) -> int:
    return sum(m.value for m in modifiers)


@dataclass(frozen=True)
class Roll:
    """1d12 plus named modifiers."""

    die: DieRoll
    modifiers: tuple[Modifier, ...] = ()

    @property
    def natural(self) -> int:
        return self.die.natural

    @property
    def bonus(self) -> int:
        return total_of(self.modifiers)

    @property
    def total(self) -> int:
        return self.die.natural + self.bonus

    def to_dict(self) -> dict[str, object]:
        return {
            "die": self.die.to_dict(),
            "modifiers": [m.to_dict() for m in self.modifiers],
            "total": self.total,
        }


def make_roll(
    dice: DiceSource,
    modifiers: Sequence[Modifier],
    ventajas: Sequence[str] = (),
    desventajas: Sequence[str] = (),
) -> Roll:
    """Roll the d12 (with ventaja/desventaja from the named sources) and add the modifiers."""
    return Roll(roll_d12(dice, ventajas, desventajas), tuple(modifiers))


@dataclass(frozen=True)
class Static:
    """A number that is not rolled (Defensa, Ataque, Umbral), built from named parts."""

    label: str
    parts: tuple[Modifier, ...]

    @property
    def value(self) -> int:
        return total_of(self.parts)

    def plus(self, *extra: Modifier) -> Static:
        return Static(self.label, self.parts + tuple(m for m in extra if m.value))

    def to_dict(self) -> dict[str, object]:
        return {
            "label": self.label,
            "parts": [m.to_dict() for m in self.parts],
            "value": self.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Static:
        """The inverse of :meth:`to_dict` (``value`` is the sum of the parts, not read)."""
        return cls(str(data["label"]), tuple(Modifier.from_dict(m) for m in data["parts"]))
