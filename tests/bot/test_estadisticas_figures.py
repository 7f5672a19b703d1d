"""/estadisticas' figures from log entries of every shape the log has held, and the verdict
for a set of faces between fair and loaded (pure: no database, no Discord)."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

import pytest

from bot.features.estadisticas.figures import count
from bot.features.tirar.asked import EXPRESSION_ONLY, NOT_REPEATABLE, ONE_MODE, Asked
from bot.records.rolls import result_from_json
from bot.render.estadisticas import verdict
from bot.storage import RollLogEntry
from umbral_rules import UmbralError
from umbral_rules.luck import fit

VIEWER, OTHER = 1, 2
_ids = iter(range(1, 1000))


def entry(command: str, dice: list[Any], **result: Any) -> RollLogEntry:
    extra = {k: result.pop(k) for k in ("user_id", "physical", "actor", "target") if k in result}
    return RollLogEntry(
        id=next(_ids),
        guild_id=10,
        channel_id=20,
        user_id=extra.get("user_id", VIEWER),
        command=command,
        dice=dice,
        modifiers=[],
        result=result_from_json(result),
        physical=extra.get("physical", False),
        created_at=datetime(2026, 12, 1, tzinfo=UTC),
        actor=extra.get("actor"),
        target=extra.get("target"),
        encounter_id=None,
    )


def d12(*faces: int, kept: int = 0, mode: str = "normal", physical: bool = False) -> Any:
    return {"faces": list(faces), "kept_index": kept, "mode": mode, "physical": physical,
            "sides": 12}  # fmt: skip


def test_every_shape_of_logged_dice() -> None:
    entries = [
        entry("tirada", [d12(3, 12, kept=1, mode="ventaja")]),
        entry("tirada", [d12(12, 2, kept=1, mode="desventaja")]),
        entry("defender", [d12(1)], tipo="mesa_defensa", damage=7),
        entry("tirar", [{"expresion": "2d12kh1+1d6", "faces": [9, 4],
                         "dados": [[12, 9, "kept"], [12, 5, "dropped"], [6, 4, "kept"]]}]),
        entry("tirar", [{"faces": [3, 5, 1], "sides": 6, "kept": [0, 1]}]),  # reserva
        entry("tirar", [{"expresion": "1d20", "faces": [17]}]),  # before the sizes were kept
        entry("atacar", [d12(5, physical=True)], physical=True),  # typed with dado:
        entry("tirar", [{"expresion": "1d12", "faces": [7], "dados": [[12, 7, "kept"]]}],
              privada=True, user_id=OTHER),
        entry("deshacer", [], deshace=[1]),
        entry("ficha ajustar", []),
    ]  # fmt: skip
    figures = count(entries, frozenset({entries[1].id}), VIEWER, gm=False)
    assert (figures.rolls, figures.physical) == (5, 1)
    assert figures.faces == [1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1]
    assert (figures.other_dice, figures.unknown_dice) == (4, 1)
    assert (figures.d12_rolls, figures.twelves) == (2, 1)
    assert figures.expected_twelves == Fraction(23, 144) + Fraction(1, 12)
    assert (figures.defenses, figures.defense_ones) == (1, 1)
    assert figures.expected_defense_ones == Fraction(1, 12)
    as_gm = count(entries, frozenset(), VIEWER, gm=True)
    assert as_gm.rolls == 7 and as_gm.faces[6] == 1  # the other's private roll, and the undone
    assert as_gm.expected_defense_ones == Fraction(1, 12)


def test_an_uncommon_set_of_faces_between_fair_and_loaded() -> None:
    faces = [21, 3, 14, 10, 10, 10, 10, 5, 10, 10, 10, 7]  # χ² = 22.0
    figures = count(
        [entry("tirar", [{"dados": [[12, f, "kept"] for f, n in enumerate(faces, 1)
                                    for _ in range(n)]}])],
        frozenset(), VIEWER, gm=False,
    )  # fmt: skip
    test = fit(figures.faces)
    assert test is not None and test.p_value == pytest.approx(0.0242, abs=5e-4)
    assert verdict(figures, test).splitlines()[:3] == [
        "**Reparto poco corriente.** Sobran 1 (21 de 10,0 esperados) y faltan 2 (3).",
        "Prueba χ² de bondad de ajuste a un d12 justo: χ² = 22,00 con 11 grados de libertad, "
        "p = 0,024.",
        "Con dados justos, un reparto así de desigual sale en 2,4 de cada 100 grupos. Entre "
        "amigos: si muchos miráis vuestras estadísticas, a alguno le tocará un reparto raro "
        "por puro azar; no prueba que nadie haga trampa.",
    ]
    assert verdict(figures, test).splitlines()[3] == (
        "Media de las caras: 5,94 (un d12 justo da 6,5 de media), dentro de lo normal."
    )


@pytest.mark.parametrize(
    ("kept", "why"),
    [
        (None, NOT_REPEATABLE),
        ("1d12", NOT_REPEATABLE),
        ({"expresion": 5}, NOT_REPEATABLE),
        ({"privada": "sí"}, NOT_REPEATABLE),
        ({"reserva": True}, NOT_REPEATABLE),
        ({"nada": 1}, NOT_REPEATABLE),
        ({"expresion": "1d6", "reserva": 2}, ONE_MODE),
        ({"reserva": 2, "umbral": 9}, EXPRESSION_ONLY),
    ],
)
def test_a_roll_without_valid_options_cannot_be_repeated(kept: object, why: str) -> None:
    with pytest.raises(UmbralError) as refused:
        Asked.from_json(kept)
    assert str(refused.value) == why


def test_the_options_round_trip_through_the_log() -> None:
    asked = Asked(expresion="2d6", motivo="x", privada=True, umbral=9, exitos=">=5")
    assert Asked.from_json(asked.to_json()) == asked
    assert Asked(reserva=2).to_json() == {"reserva": 2}
