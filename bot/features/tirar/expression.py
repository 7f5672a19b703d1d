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
#: ``6 4d6kh3``: at most this many sets of one expression, and this many rolls in all.
MAX_SETS = 10
MAX_ROLLS = 12
SEPARATOR = ";"
HELP_HINT = "Mira `/ayuda tema:tirar` para ver cómo se escriben los dados."


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
    """One expression rolled: what was asked, the dice shown by d20 (dropped ones struck
    through, exploded ones with «!»), the total; ``set_number`` of ``sets`` for ``6 4d6kh3``."""

    expression: str
    rendered: str
    total: int
    faces: tuple[int, ...]
    set_number: int = 1
    sets: int = 1


class _Shown(d20.MarkdownStringifier):  # type: ignore[misc]  # d20 has no type hints
    """d20's Markdown stringifier (a dropped die ``~~1~~``; d20 marks an exploded one
    ``6!``), without its bold on ones and maximums, the total plain."""

    def _str_expression(self, node: d20.Expression) -> str:
        return str(d20.SimpleStringifier._str_expression(self, node))

    def _str_die(self, node: d20.Die) -> str:
        return str(d20.SimpleStringifier._str_die(self, node))


_PERCENT = re.compile(r"d%", re.IGNORECASE)
#: ``3d6!`` (or ``4d6kh3!``): explode on the highest face, which d20 writes ``3d6e6``.
_EXPLODE = re.compile(r"d(\d+)((?:[a-z<>]+\d+)*)!", re.IGNORECASE)
#: ``6 4d6kh3``: a count, a space, then a dice expression.
_SETS = re.compile(r"^(\d+)\s+(\d*d.*)$", re.IGNORECASE | re.DOTALL)


def normalize(expression: str) -> str:
    """``d%`` is a d100 for players (d20 reads it as a tens die); ``XdY!`` explodes on the
    highest face (d20's ``XdYeY``)."""
    text = _PERCENT.sub("d100", expression.strip())
    return _EXPLODE.sub(lambda m: f"d{m.group(1)}e{m.group(1)}{m.group(2)}", text)


def split_sets(part: str) -> tuple[str, int]:
    """``"6 4d6kh3"`` → ``("4d6kh3", 6)``; anything else is one set of itself."""
    match = _SETS.match(part.strip())
    if match is None:
        return part.strip(), 1
    sets = int(match.group(1))
    if not 1 <= sets <= MAX_SETS:
        raise UmbralError(f"Entre 1 y {MAX_SETS} tiradas de una vez («{part.strip()}»).")
    return match.group(2).strip(), sets


def split_expressions(text: str) -> list[str]:
    parts = [p.strip() for p in text.split(SEPARATOR)]
    parts = [p for p in parts if p]
    if not parts:
        raise UmbralError("Escribe una expresión de dados, por ejemplo `2d6+3` o `4d6kh3`.")
    if len(parts) > MAX_EXPRESSIONS:
        raise UmbralError(f"Como mucho {MAX_EXPRESSIONS} expresiones a la vez.")
    return parts


#: What d20's parser was waiting for (its grammar's token names), in a player's words.
_EXPECTED = {
    "INTEGER": "un número",
    "DECIMAL": "un número",
    "DICE_VALUE": "las caras del dado (el 6 de `2d6`)",
    "D": "un dado (`d6`)",
    "LPAR": "un paréntesis",
    "RPAR": "un paréntesis que cierre",
    "U_OP": "un signo",
    "SELTYPE": "qué dados elegir (`h` los mayores, `l` los menores)",
    "$END": "el final",
}


def _syntax_message(expression: str, err: d20.RollSyntaxError) -> str:
    wanted: list[str] = []
    for token in sorted(err.expected):
        word = _EXPECTED.get(token)
        if word and word not in wanted:
            wanted.append(word)
    got = str(getattr(err.got, "value", err.got))
    found = f"«{got}»" if got else "el final"
    if not wanted:
        expected = "otra cosa"
    elif len(wanted) == 1:
        expected = wanted[0]
    else:
        expected = ", ".join(wanted[:-1]) + " o " + wanted[-1]
    return (
        f"No entiendo «{expression}»: en la posición {err.col} esperaba {expected} y encontré "
        f"{found}. Se escribe como `2d6+3`, `4d6kh3`, `3d6!` o `6 4d6kh3`. {HELP_HINT}"
    )


def _faces(node: d20.Number) -> list[int]:
    """The faces that count: kept dice, the last of any reroll."""
    if isinstance(node, d20.Dice):
        return [
            int(face.number) for die in node.values if die.kept for face in die.values if face.kept
        ]
    return [face for child in node.children for face in _faces(child)]


def roll_expression(
    expression: str, dice: DiceSource, *, set_number: int = 1, sets: int = 1
) -> ExpressionRoll:
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
            result = roller.roll(text, stringifier=_Shown())
            # d20 evaluates lazily: totals and the rendering can still fail here
            total, rendered = result.total, result.result
    except d20.RollSyntaxError as err:
        raise UmbralError(_syntax_message(expression, err)) from None
    except d20.TooManyRolls:
        raise UmbralError(f"Demasiados dados: como mucho {MAX_DICE} por tirada.") from None
    except d20.RollValueError as err:
        why = "divide entre cero" if "zero" in str(err) else "usa un valor que no vale ahí"
        raise UmbralError(f"La expresión «{expression}» no se puede tirar: {why}.") from None
    except (ValueError, ArithmeticError, RecursionError):
        raise UmbralError(f"La expresión «{expression}» no se puede tirar.") from None
    faces = tuple(_faces(result.expr))
    return ExpressionRoll(expression.strip(), rendered, total, faces, set_number, sets)


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
    """Several expressions separated by ``;``, each maybe in sets (``6 4d6kh3``), all
    validated before any is shown."""
    parts = [split_sets(part) for part in split_expressions(text)]
    if sum(sets for _, sets in parts) > MAX_ROLLS:
        raise UmbralError(f"Como mucho {MAX_ROLLS} tiradas de una vez.")
    return [
        roll_expression(part, dice, set_number=number, sets=sets)
        for part, sets in parts
        for number in range(1, sets + 1)
    ]
