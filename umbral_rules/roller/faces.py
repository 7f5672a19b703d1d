"""One die as rolled: every draw it made and what became of each face."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class FaceKind(StrEnum):
    """What became of one face: it counts (``kept``), it counts and made another die roll
    (``exploded``), a keep or drop left it out (``dropped``), a reroll replaced it
    (``rerolled``)."""

    KEPT = "kept"
    EXPLODED = "exploded"
    DROPPED = "dropped"
    REROLLED = "rerolled"


@dataclass(frozen=True, slots=True)
class Face:
    """One die as it was drawn: ``face`` from 1 to ``sides`` (Fudge dice: 1, 2, 3 are −, 0, +)."""

    sides: int
    face: int
    kind: FaceKind
    fudge: bool = False


class Die:
    """One die while it rolls: every draw, what it is worth, and what happened to it."""

    __slots__ = (
        "born",
        "clamped",
        "compound",
        "draws",
        "dropped",
        "exploded",
        "fudge",
        "penetrating",
        "rerolled",
        "sides",
        "value",
        "weight",
    )

    def __init__(self, sides: int, fudge: bool, face: int, born: int = -1) -> None:
        self.sides = sides
        self.fudge = fudge
        self.draws = [face]
        self.rerolled = 0  # the first draws a reroll replaced
        self.value = face - 2 if fudge else face
        self.born = born  # the index of the explosion that added it (-1: rolled)
        self.exploded = False
        self.penetrating = False
        self.compound = False
        self.clamped: int | None = None  # the value before a floor or a ceiling
        self.dropped = False
        self.weight = 0  # successes it counts for

    def worth(self, face: int) -> int:
        return face - 2 if self.fudge else face

    def faces(self) -> list[Face]:
        out = []
        last = len(self.draws) - 1
        for i, face in enumerate(self.draws):
            if i < self.rerolled:
                kind = FaceKind.REROLLED
            elif self.dropped:
                kind = FaceKind.DROPPED
            elif (self.compound and i < last) or (self.exploded and i == last):
                kind = FaceKind.EXPLODED
            else:
                kind = FaceKind.KEPT
            out.append(Face(self.sides, face, kind, self.fudge))
        return out
