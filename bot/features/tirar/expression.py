"""Generic dice expressions on top of d20, rolled with the bot's injected dice source.

d20 draws its faces from the module-level ``random`` of ``d20.expression``; this adapter swaps
that attribute for the bot's :class:`~umbral_rules.dice.DiceSource` for the duration of one
synchronous roll, so ``--dados`` and seeds work here too and no other code touches ``random``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import d20
import d20.expression

from umbral_rules import DiceSource, UmbralError

MAX_EXPRESSION_LENGTH = 200
MAX_DICE = 200
MAX_EXPRESSIONS = 6
SEPARATOR = ";"


class _RandrangeAdapter:
    """The slice of the ``random`` module d20 uses, drawing from a DiceSource."""

    def __init__(self, dice: DiceSource) -> None:
        self._dice = dice

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None and step == 1:
            return self._dice.roll(start) - 1
        raise UmbralError("Ese tipo de dado no está admitido.")


@contextmanager
def _dice_for_d20(dice: DiceSource) -> Iterator[None]:
    original = d20.expression.random
    d20.expression.random = _RandrangeAdapter(dice)
    try:
        yield
    finally:
        d20.expression.random = original


@dataclass(frozen=True)
class ExpressionRoll:
    """One expression rolled: what was asked, the dice shown by d20, the total."""

    expression: str
    rendered: str
    total: int
    faces: tuple[int, ...]


_PERCENT = re.compile(r"d%", re.IGNORECASE)


def normalize(expression: str) -> str:
    """``d%`` is a d100 for players (d20 reads it as a tens die)."""
    return _PERCENT.sub("d100", expression.strip())


def split_expressions(text: str) -> list[str]:
    parts = [p.strip() for p in text.split(SEPARATOR)]
    parts = [p for p in parts if p]
    if not parts:
        raise UmbralError("Escribe una expresión de dados, por ejemplo `2d6+3` o `4d6kh3`.")
    if len(parts) > MAX_EXPRESSIONS:
        raise UmbralError(f"Como mucho {MAX_EXPRESSIONS} expresiones a la vez.")
    return parts


def _faces(node: d20.Number) -> list[int]:
    """The faces that count: kept dice, the last of any reroll."""
    if isinstance(node, d20.Dice):
        return [
            int(face.number) for die in node.values if die.kept for face in die.values if face.kept
        ]
    return [face for child in node.children for face in _faces(child)]


def roll_expression(expression: str, dice: DiceSource) -> ExpressionRoll:
    """Roll one expression. Errors come back as :class:`UmbralError` in Spanish."""
    text = normalize(expression)
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise UmbralError(
            f"La expresión es demasiado larga ({len(text)} caracteres; máximo "
            f"{MAX_EXPRESSION_LENGTH})."
        )
    roller = d20.Roller(d20.RollContext(max_rolls=MAX_DICE))
    try:
        with _dice_for_d20(dice):
            result = roller.roll(text, stringifier=d20.SimpleStringifier())
            # d20 evaluates lazily: totals and the rendering can still fail here
            total, rendered = result.total, result.result
    except d20.RollSyntaxError as err:
        raise UmbralError(
            f"No entiendo «{expression}»: algo falla en la posición {err.col} "
            f"(encontré «{err.got}»)."
        ) from None
    except d20.TooManyRolls:
        raise UmbralError(f"Demasiados dados: como mucho {MAX_DICE} por tirada.") from None
    except d20.RollValueError as err:
        why = "divide entre cero" if "zero" in str(err) else "usa un valor que no vale ahí"
        raise UmbralError(f"La expresión «{expression}» no se puede tirar: {why}.") from None
    except (ValueError, ArithmeticError, RecursionError):
        raise UmbralError(f"La expresión «{expression}» no se puede tirar.") from None
    return ExpressionRoll(text, rendered, total, tuple(_faces(result.expr)))


_CONDITION = re.compile(r"^\s*(>=|<=|>|<|=)?\s*(\d{1,4})\s*$")


def count_successes(faces: tuple[int, ...], condition: str) -> int:
    """How many kept faces meet ``condition`` (``>=7``, ``>5``, ``<3``, ``=6``; a bare number
    means ``>=``), as dice-pool systems count successes."""
    match = _CONDITION.match(condition)
    if match is None:
        raise UmbralError(
            f"Condición de éxito «{condition}» no válida: usa por ejemplo `>=7`, `>5` o `=6`."
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


def roll_many(text: str, dice: DiceSource) -> list[ExpressionRoll]:
    """Several expressions separated by ``;``, all validated before any is shown."""
    return [roll_expression(part, dice) for part in split_expressions(text)]
