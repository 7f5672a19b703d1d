"""Issue 35: a refusal quotes what the player typed (escaped), points at the place in *their*
text, names the limit or says the reroll never ends, and suggests the nearest expression the
bot reads. One test per class of refusal."""

from __future__ import annotations

import pytest

from bot.features.tirar.expression import HELP_HINT, roll_many
from bot.render.safe import shown
from umbral_rules import ForcedDice, RandomDice, UmbralError
from umbral_rules.roller import RollError, parse, roll


def _refusal(text: str) -> RollError:
    with pytest.raises(RollError) as error:
        roll(parse(text), RandomDice(1))
    return error.value


def _message(text: str) -> str:
    with pytest.raises(UmbralError) as error:
        roll_many(text, RandomDice(1))
    return str(error.value)


@pytest.mark.parametrize(
    ("text", "position", "fragment", "suggestion"),
    [
        ("2d6+*3", 5, "*3", None),  # «2d6+3» or «2d6*3»: a guess would change the meaning
        ("3d6?", 4, "?", "3d6"),  # a character no dice notation uses: dropped
        ("2d", 3, "", None),  # which die? not guessed (it was «2d6»)
        ("(1d6", 5, "", "(1d6)"),  # closing what was left open
        ("4d6z3", 4, "z3", None),  # it was «4d6k3»: z is not k
        ("6d6v3", 4, "v3", None),  # issue 43: it was «6d6k3»
        ("dF.2", 3, ".2", None),  # issue 43: it was «dF+2»
        ("1d6 | 3", 5, "| 3", None),  # issue 43: it was «1d6 + 3»
        ("3d+2", 3, "+2", None),  # issue 43: it was «3d2»; «3D+2» is the D6 System
        ("1d20; 2d6+*3", 11, "*3", None),  # the place in the whole text
        ("3 4d6k>", 8, "", None),
        ("hola", 1, "hola", None),
    ],
)
def test_syntax(text: str, position: int, fragment: str, suggestion: str | None) -> None:
    error = _refusal(text)
    assert error.kind == "sintaxis"
    assert (error.position, error.fragment, error.suggestion) == (position, fragment, suggestion)
    assert text[error.start : error.start + len(fragment)] == fragment
    message = _message(text)
    assert message.startswith(f"No entiendo «{shown(text)}»: en la posición {position} ")
    assert (f"¿Querías `{suggestion}`?" in message) == (suggestion is not None)
    assert message.endswith(HELP_HINT)


@pytest.mark.parametrize(
    ("text", "position", "limit", "suggestion"),
    [
        ("1000d6", 1, "Demasiados dados: como mucho 200 por tirada", "200d6"),
        ("150d6+100d6", 7, "Demasiados dados: como mucho 200 por tirada", "150d6+50d6"),
        ("11 1d6", 1, "Entre 1 y 10 tiradas de una vez", None),
        ("1d6;" * 7, 25, "Como mucho 6 expresiones a la vez", None),
        ("1d10000000", 3, "El dado más grande es un d10000", None),
        ("(" * 21 + "1" + ")" * 21, 21, "Como mucho 20 paréntesis", None),
        ("2**100", 1, "exponente entero de 0 a 64", None),
        ("*".join(["999999**64"] * 18), 1, "El resultado pasa de 1000 cifras", None),
        ("+".join(["1d6"] * 60), 201, "máximo 200", None),
    ],
)
def test_limit(text: str, position: int, limit: str, suggestion: str | None) -> None:
    error = _refusal(text)
    assert error.kind == "limite"
    assert error.position == position
    assert limit in error.reason
    assert error.suggestion == suggestion
    message = _message(text)
    assert message.startswith(error.reason)  # a limit first names the limit
    assert f"(en «{shown(text.strip())}», posición {position}" in message


def test_a_limit_met_while_rolling_says_so() -> None:
    """Explosions that could stop but go on past 200 dice: cut there, and said."""
    with pytest.raises(RollError) as error:
        roll(parse("1d20 + 100d6!"), ForcedDice([3] + [6] * 300))
    assert error.value.kind == "limite"
    assert "contando las repeticiones y las explosiones" in error.value.reason
    assert error.value.fragment == "100d6!"


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("6d0", 3, "un dado necesita al menos una cara"),
        ("10 / 0", 6, "divide entre cero"),
        ("2d6 % (1-1)", 8, "divide entre cero"),
        ("vtm3h4", 1, "el Hambre va de 0 a 5, sin pasar de la reserva"),
        ("coc55b3", 1, "como mucho 2 dados de bonificación o penalización"),
        ("4wod11", 1, "la dificultad va de 2 a 10"),
    ],
)
def test_impossible_value(text: str, position: int, reason: str) -> None:
    error = _refusal(text)
    assert (error.kind, error.position, error.reason) == ("valor", position, reason)
    assert f"No puedo tirar «{text}»: en la posición {position}" in _message(text)


@pytest.mark.parametrize(
    ("text", "position", "suggestion"),
    [
        ("1d1rr1", 4, "1d1ro1"),
        ("1d20rr<21", 5, "1d20ro<21"),
        ("1d6!>1", 4, "1d6!"),
        ("3d6 ie1", 5, "3d6 e1"),
        ("1d6 ir6", 5, "1d6 r6"),
        ("2d10x<11", 5, "2d10xo<11"),
        ("4dF!<1", 4, "4dF!"),
    ],
)
def test_endless_reroll(text: str, position: int, suggestion: str) -> None:
    error = _refusal(text)
    assert error.kind == "sin_fin"
    assert error.position == position
    assert "no acabaría nunca" in error.reason
    assert error.suggestion == suggestion
    roll(parse(suggestion), RandomDice(2))  # what it suggests rolls


def test_what_the_player_typed_is_escaped_and_never_pings() -> None:
    message = _message("4d6 @everyone *hola*")
    assert "@everyone" not in message and "\\*hola\\*" in message
    mention = _message("1d6 + <@123>")
    assert "\\<@123>" in mention and "<@" not in mention.replace("\\<@", "")


def test_success_counting_twice_is_refused_with_the_reason() -> None:
    with pytest.raises(UmbralError, match="ya cuenta sus éxitos"):
        roll_many("5d10 t8", RandomDice(1), exitos=">=8")
    assert roll_many("5d10", ForcedDice([8, 1, 2, 9, 10]), exitos=">=8")[0].total == 30


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("4d6d>3", "para descartar por valor se escribe `p>3` o `p=1`"),
        ("4d6 f1", "los fallos (`f1`, `df=1`) se restan de los éxitos"),
        ("6d10cs>5cf1", "«cs» y «cf» cuentan cada uno su total"),
        ("4d6eh1", "«e» explota por valor"),
        ("4d6rol1", "«ro» repite por valor"),
        ("4d6p", "esperaba qué dados descartar"),
        ("4d6kick", "no conozco el modificador «kick»"),  # glued; «4d6 kick» is a motivo
        ("()", "los paréntesis están vacíos"),
        ("{}", "el grupo está vacío"),
        ("abs(1, 2)", "«abs» lleva un solo valor"),
    ],
)
def test_a_modifier_refusal_says_what_is_wrong_with_it(text: str, reason: str) -> None:
    assert reason in _refusal(text).reason


def test_a_comment_or_an_explosion_after_a_space() -> None:
    """Dice Maiden's « ! » starts a comment; Roll20's «!>5» and «!p» still explode."""
    comment = roll(parse("4d6 !poder"), ForcedDice([1, 2, 3, 4]))[0]
    assert (comment.total, comment.comment) == (10, "poder")
    boom = roll(parse("2d6 !p"), ForcedDice([6, 2, 3]))[0]
    assert (boom.total, boom.breakdown) == (10, "6!, 2, 3−1")
