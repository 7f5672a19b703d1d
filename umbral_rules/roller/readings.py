"""Faces as a player names them, for the readings a reply shows: «1», «5 o 6», «≥7»."""

from __future__ import annotations

from .nodes import Compare


def faces_text(cmp: Compare, low: int, high: int, fudge: bool = False, conj: str = "y") -> str:
    """The faces a comparison takes on this die, as a player says them: «1», «5 o 6»,
    «≥7», «los pares»."""
    if cmp.op in ("even", "odd"):
        return "pares" if cmp.op == "even" else "impares"
    faces = cmp.faces(low, high)
    if 0 < len(faces) <= 3 and high - low <= 1000:
        shown = [face(f, fudge) for f in faces]
        return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" {conj} " + shown[-1]
    symbol = {"=": "", ">=": "≥", "<=": "≤", ">": ">", "<": "<"}[cmp.op]
    nothing = " (ninguna cara)" if low <= high and not faces else ""
    return f"{symbol}{face(cmp.value, fudge)}{nothing}"


def faces_of(whens: tuple[Compare, ...], low: int, high: int, fudge: bool) -> str:
    """Several compare points together (Roll20's ``r2r4r6``): «2, 4 y 6»."""
    if len(whens) == 1 or high - low > 1000:
        return " y ".join(faces_text(w, low, high, fudge) for w in whens)
    faces = sorted({f for w in whens for f in w.faces(low, high)})
    shown = [face(f, fudge) for f in faces] or ["ninguna cara"]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " y " + shown[-1]


def face(value: int, fudge: bool) -> str:
    """A face as shown: Fudge dice as «−», «0», «+»; a negative number with «−»."""
    if fudge and -1 <= value <= 1:
        return {-1: "−", 0: "0", 1: "+"}[value]
    return str(value).replace("-", "−")
