"""One d100 against a chance: the roll, the margen and the calificación."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..dice import DiceSource
from .bands import Calificacion, calificacion


@dataclass(frozen=True)
class D100:
    """``chance`` against ``roll`` (1–100): margen = chance − roll (roll-under)."""

    chance: int
    roll: int
    physical: bool = False

    @property
    def margen(self) -> int:
        return self.chance - self.roll

    @property
    def calificacion(self) -> Calificacion:
        return calificacion(self.margen)

    def to_dict(self) -> dict[str, Any]:
        return {"chance": self.chance, "roll": self.roll, "physical": self.physical}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> D100:
        return cls(int(data["chance"]), int(data["roll"]), bool(data.get("physical", False)))


def roll_d100(dice: DiceSource, chance: int) -> D100:
    return D100(chance, dice.roll(100), dice.physical)
