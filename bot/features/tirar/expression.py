"""``/tirar expresion:`` on top of :mod:`umbral_rules.roller`: the rolls for the reply and
the log, ``exitos:``, and refusals worded for Discord (what the player typed is quoted
through :func:`bot.render.safe.shown`)."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.records.dice import ExpressionRoll
from bot.render.safe import shown
from umbral_rules import DiceSource, UmbralError
from umbral_rules.roller import (
    MAX_DICE,
    MAX_EXPRESSION_LENGTH,
    MAX_EXPRESSIONS,
    MAX_ROLLS,
    MAX_SETS,
    Names,
    Rolled,
    RollError,
    parse,
    roll,
)

__all__ = [
    "HELP_HINT",
    "MAX_DICE",
    "MAX_EXPRESSIONS",
    "MAX_EXPRESSION_LENGTH",
    "MAX_ROLLS",
    "MAX_SETS",
    "ExpressionRoll",
    "count_successes",
    "roll_expression",
    "roll_many",
    "with_comments",
]

HELP_HINT = "Mira `/ayuda tema:tirar` para ver cómo se escriben los dados."
#: ``exitos:`` and an expression that counts its own successes would count twice.
TWICE = (
    "«exitos» cuenta los dados que cumplen una condición, y tu expresión ya cuenta sus "
    "éxitos (`t8`, `>7`, `cs>=8`, `4wod8`…): usa una de las dos."
)
#: A suggestion is shown only when it is plain dice text (no labels, comments or mentions).
_PLAIN = re.compile(r"[\w\s+\-*/%(){}<>=!,.;#]+")


def _expression_roll(rolled: Rolled) -> ExpressionRoll:
    faces = rolled.faces
    kept = tuple(f.face for f in faces if f.kind.value in ("kept", "exploded"))
    return ExpressionRoll(
        expression=rolled.source,
        reading=rolled.reading,
        total=rolled.total,
        unit=rolled.unit,
        breakdown=rolled.breakdown,
        labels=rolled.labels,
        faces=kept,
        values=rolled.kept,
        dice=tuple((f.sides, f.face, f.kind.value) for f in faces),
        line=rolled.line,
        comment=rolled.comment,
        counted=rolled.counted,
        set_number=rolled.set_number,
        sets=rolled.sets,
    )


def refusal(error: RollError) -> str:
    """The refusal for Discord: the player's text quoted safely, the place, the reason (a
    limit first: «Demasiados dados: como mucho 200…»), a suggestion when one is near, and
    where the help is."""
    tip = ""
    if error.suggestion and _PLAIN.fullmatch(error.suggestion) and "`" not in error.suggestion:
        tip = f" ¿Querías `{error.suggestion}`?"
    text = shown(error.text.strip())
    fragment = f"«{shown(error.fragment)}»" if error.fragment else ""
    if error.kind == "limite":
        where = f"posición {error.position}" + (f": {fragment}" if fragment else "")
        return f"{error.reason} (en «{text}», {where}).{tip} {HELP_HINT}"
    where = f"en la posición {error.position}"
    reason = error.reason
    if error.kind == "sintaxis":  # the reason says what it found there, quoted
        reason = re.sub(r"«([^»]*)»", lambda m: f"«{shown(m.group(1))}»", reason)
    elif fragment:
        where += f" ({fragment})"
    lead = "No entiendo" if error.kind == "sintaxis" else "No puedo tirar"
    return f"{lead} «{text}»: {where} {reason}.{tip} {HELP_HINT}"


def roll_many(
    text: str, dice: DiceSource, *, exitos: str | None = None, names: Names | None = None
) -> list[ExpressionRoll]:
    """Every expression of ``text`` («;»), each in its sets (``6 4d6kh3``), all read before
    any is rolled; ``exitos`` is refused when the expression counts successes itself;
    ``names`` reads the saved rolls' names (a :class:`~umbral_rules.roller.saved.Shelf`)."""
    try:
        parsed = parse(text, names)
        if exitos is not None and parsed.counts_successes:
            raise UmbralError(TWICE)
        return [_expression_roll(r) for r in roll(parsed, dice)]
    except RollError as error:
        raise UmbralError(refusal(error), formatted=True) from None


def roll_expression(
    expression: str, dice: DiceSource, *, set_number: int = 1, sets: int = 1
) -> ExpressionRoll:
    """One expression (the first, when «;» separates several)."""
    return replace(roll_many(expression, dice)[0], set_number=set_number, sets=sets)


def with_comments(motivo: str | None, rolls: list[ExpressionRoll]) -> str | None:
    """The motivo with the comments written after « ! » (``4d6 ! Daño``), each once."""
    said = [motivo] if motivo else []
    for comment in (r.comment for r in rolls):
        if comment and comment not in said:
            said.append(comment)
    return " · ".join(said) or None


_CONDITION = re.compile(r"^\s*(>=|<=|>|<|=)?\s*(\d{1,4})\s*$")


def count_successes(faces: tuple[int, ...], condition: str) -> int:
    """How many kept faces meet ``condition`` (``>=7``, ``>5``, ``<3``, ``=6``; a bare number
    means ``>=``), as dice-pool systems count successes."""
    match = _CONDITION.match(condition)
    if match is None:
        raise UmbralError(
            f"Condición de éxito «{shown(condition)}» no válida: usa por ejemplo `>=7`, `>5` "
            "o `=6`.",
            formatted=True,
        )
    op, value = match.group(1) or ">=", int(match.group(2))
    tests = {
        ">=": lambda f: f >= value,
        "<=": lambda f: f <= value,
        ">": lambda f: f > value,
        "<": lambda f: f < value,
        "=": lambda f: f == value,
    }
    return sum(1 for face in faces if tests[op](face))
