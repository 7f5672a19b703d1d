"""``/estadisticas``' figures as typed values: counted by
:mod:`bot.features.estadisticas.figures`, shown by :mod:`bot.render.estadisticas` (which
imports no feature, so they live here, below both)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

D12 = 12


@dataclass
class Damage:
    """Damage in one encounter, by who dealt or took it (as the log shows them)."""

    encounter_id: int
    channel_id: int
    first: datetime
    #: name → [dealt, taken]
    by: dict[str, list[int]] = field(default_factory=dict)
    #: The names that rolled as player characters (shown first).
    players: set[str] = field(default_factory=set)

    def add(self, dealer: str | None, taker: str | None, amount: int) -> None:
        if dealer:
            self.by.setdefault(dealer, [0, 0])[0] += amount
        if taker:
            self.by.setdefault(taker, [0, 0])[1] += amount


@dataclass
class Figures:
    rolls: int = 0
    #: Rolls made only with physical dice (left out of every count of dice).
    physical: int = 0
    #: How many times each face of the d12 came up (face 1 first).
    faces: list[int] = field(default_factory=lambda: [0] * D12)
    #: Dice of other sizes (d6, d100…), and dice of older rolls whose size was not kept.
    other_dice: int = 0
    unknown_dice: int = 0
    #: Umbral's d12 rolls (checks, attacks, defenses, secuelas…): their natural 12s and how
    #: many a fair die would give in the same rolls (ventaja and desventaja weighed).
    d12_rolls: int = 0
    twelves: int = 0
    expected_twelves: Fraction = Fraction(0)
    #: Mesa defenses: their natural 1s (a critical hit taken) and how many were expected.
    defenses: int = 0
    defense_ones: int = 0
    expected_defense_ones: Fraction = Fraction(0)
    damage: dict[int, Damage] = field(default_factory=dict)

    @property
    def d12_dice(self) -> int:
        return sum(self.faces)
