"""Issue 35: the systems Spanish tables play, each an alias with its own reading; and the
roller's API for what comes next (names, every face with its kind, the parse cache)."""

from __future__ import annotations

import pytest

from umbral_rules import ForcedDice
from umbral_rules.roller import FaceKind, RollError, parse, roll


def _one(text: str, faces: list[int]) -> tuple[int, str, tuple[str, ...]]:
    dice = ForcedDice(faces, strict=True)
    rolled = roll(parse(text), dice)[0]
    assert dice.remaining == ()
    return rolled.total, rolled.breakdown, rolled.labels


def test_mundo_de_tinieblas() -> None:
    assert _one("4wod8", [9, 8, 1, 3]) == (1, "**9**, **8**, 1✗, 3", ("dificultad 8", "Éxito"))
    assert _one("3wod", [6, 1, 1])[0::2] == (-1, ("dificultad 6", "Fallo"))  # 1 éxito, 2 unos
    assert _one("3wod7", [1, 2, 5]) == (-1, "1✗, 2, 5", ("dificultad 7", "FRACASO"))
    assert _one("2wod6", [4, 5])[2] == ("dificultad 6", "Fallo")


def test_vampiro_quinta() -> None:
    total, shown, labels = _one("vtm5h2", [10, 6, 3, 10, 1])
    assert total == 5  # 10, 6 and 10 are three; a pair of tens counts four
    assert shown == "**10**, **6**, 3 | Hambre: **10**, 1"
    assert "CRÍTICO CAÓTICO" in labels
    assert _one("vtm4h0", [10, 10, 2, 2])[2] == ("CRÍTICO",)
    assert _one("vtm3h1dif2", [7, 2, 1])[2] == ("dificultad 2: fallo", "FRACASO BESTIAL")
    assert _one("vtm3h1dif1", [7, 2, 1])[2] == ("dificultad 1: éxito",)


@pytest.mark.parametrize(
    ("text", "faces", "total", "label"),
    [
        ("coc55", [1], 1, "ÉXITO CRÍTICO"),
        ("coc55", [11], 11, "ÉXITO EXTREMO"),
        ("coc55", [27], 27, "ÉXITO DIFÍCIL"),
        ("coc55", [55], 55, "Éxito normal"),
        ("coc55", [56], 56, "Fallo"),
        ("coc55", [100], 100, "PIFIA"),
        ("coc40", [96], 96, "PIFIA"),
        ("coc60", [96], 96, "Fallo"),
        ("coc55b1", [43, 7], 43, "Éxito normal"),  # tens 4 and 7: the lower counts
        ("coc55p1", [43, 7], 73, "Fallo"),
        ("coc55b2", [75, 10, 3], 5, "ÉXITO EXTREMO"),  # tens 7, 0 (the 10) and 3; units 5
        ("coc55b1", [70, 10], 70, "Fallo"),  # tens 7 and 0 with units 0: 70 or 100
        ("coc55p1", [100, 5], 100, "PIFIA"),  # 00 and 0 is 100; 50 is lower
    ],
)
def test_la_llamada_de_cthulhu(text: str, faces: list[int], total: int, label: str) -> None:
    got_total, _, labels = _one(text, faces)
    assert (got_total, labels[-1]) == (total, label)


def test_hitos_and_anima() -> None:
    assert _one("hitos+5", [3, 9, 7]) == (12, "(3, 9, 7 → 7) + 5", ("el dado central",))
    assert _one("hitos", [10, 10, 2])[0::2] == (10, ("el dado central", "CRÍTICO"))
    assert _one("hitos", [1, 1, 9])[0::2] == (1, ("el dado central", "PIFIA"))
    assert _one("anima", [95, 91, 40]) == (226, "95 + 91 + 40", ("tirada abierta",))
    assert _one("anima", [90, 90])[0] == 180  # the second needs 91: it stays
    assert _one("anima+10", [2]) == (12, "2 + 10", ("PIFIA",))


def test_fate() -> None:
    assert _one("4dF", [3, 3, 2, 1]) == (1, "+, +, 0, −", ())
    assert _one("4dF+2", [1, 1, 1, 1])[0] == -2


def test_a_whole_roll_stands_alone() -> None:
    with pytest.raises(RollError, match="va sola"):
        parse("4wod8+2")
    with pytest.raises(RollError, match="va sola"):
        parse("1 + coc50")


def test_saved_rolls_by_name() -> None:
    """Issue 36 passes a resolver: a word is a saved roll, its errors point at the name."""
    saved = {"ataque": "1d20+5", "doble": "ataque*2", "bucle": "bucle+1", "roto": "2d6+*"}
    names = saved.get
    with pytest.raises(RollError, match="encontré «ataque»"):
        parse("ataque+2")  # without names, a word is not dice
    rolled = roll(parse("ataque+2", names), ForcedDice([10]))[0]
    assert (rolled.total, rolled.breakdown) == (17, "10 + 5 + 2")
    assert roll(parse("doble", names), ForcedDice([3]))[0].total == 16
    with pytest.raises(RollError, match="«bucle» se usa a sí misma") as error:
        parse("1d6 + bucle", names)
    assert error.value.position == 7
    with pytest.raises(RollError, match="«roto» guarda «2d6\\+\\*»"):
        parse("roto", names)
    with pytest.raises(RollError, match="«nada» no es un dado ni una tirada guardada"):
        parse("nada", names)


def test_every_face_is_kept_with_its_kind() -> None:
    rolled = roll(parse("4d6kh3!r1"), ForcedDice([1, 6, 3, 2, 5, 4]))[0]
    kinds = [(f.face, f.kind) for f in rolled.faces]
    assert kinds == [
        (1, FaceKind.REROLLED),
        (4, FaceKind.KEPT),
        (6, FaceKind.EXPLODED),
        (3, FaceKind.DROPPED),
        (2, FaceKind.DROPPED),
        (5, FaceKind.KEPT),
    ]
    assert rolled.kept == (4, 6, 5)


def test_the_same_text_is_parsed_once() -> None:
    assert parse("4d6kh3 + 2") is parse("4d6kh3 + 2")
