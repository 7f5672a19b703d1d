"""The roll log's typed result (:mod:`bot.records.rolls`): every row release e16c8fc wrote
(its SQLite file and its PostgreSQL dump) and every shape the writers have written since the
log began (read from the history of its writers) is read as its kind, shows what
``/historial`` showed of it, and is written back as the same JSON, key for key and in order
(the ``resultado`` column of ``/historial exportar`` is that JSON)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.records.rolls import (
    Adjustments,
    Correction,
    EsenciaResult,
    OtherResult,
    RollResult,
    SecuelasResult,
    TirarResult,
    UmbralRoll,
    Undone,
    result_from_json,
)
from tests.records.fixture_rows import json_column, postgresql_rows, sqlite_rows

ATTACK = {"margen": 1, "grado": "Éxito", "damage": 4, "potencia": 4, "critical": False,
          "golpe": "Éxito", "tipo": "mesa_ataque", "totales": [13]}  # fmt: skip
ADJUSTED = {
    "nombre": "Kaeda",
    "antes": {"aguante": 3, "aliento": 1, "esencia": 2, "estados": []},
    "despues": {"aguante": 5, "aliento": 1, "esencia": 2, "estados": ["aturdido"]},
}
OPTIONS = {"expresion": "2d6+3", "privada": True, "motivo": "trepar"}

#: (the row's result, its kind, what /historial shows: expression, totals, verdict, private,
#: motivo). The writers and the commit that wrote each shape first.
SHAPES: list[tuple[dict[str, Any], type[RollResult], tuple[Any, ...]]] = [
    # common.log_roll: an attack (e16c8fc's rows are of this shape)
    (ATTACK, UmbralRoll, (None, [13], "Éxito", False, None)),
    # /tirada since 0011: umbral, who, private
    (
        {
            "margen": -3,
            "grado": "A medias",
            "totales": [9],
            "umbral": 12,
            "personaje": "Nilo",
            "privada": True,
        },
        UmbralRoll,
        (None, [9], "A medias", True, None),
    ),
    # /tirada before 0011 (facbd47^): the reason in the result
    (
        {
            "margen": 2,
            "grado": "Éxito",
            "totales": [11],
            "umbral": 9,
            "privada": False,
            "motivo": "trepar",
        },
        UmbralRoll,
        (None, [11], "Éxito", False, "trepar"),
    ),
    # a reto's roll
    (
        {"margen": -3, "grado": "A medias", "totales": [9], "reto": "Cruzar el pantano"},
        UmbralRoll,
        (None, [9], "A medias", False, None),
    ),
    # despegarse in Narrativo / Táctico: both totals and the engaged's
    (
        {"margen": -2, "grado": "A medias", "totales": [5, 7], "contra": 7},
        UmbralRoll,
        (None, [5, 7], "A medias", False, None),
    ),
    # an attack's kind and damage alone (read as an attack: /estadisticas counts it)
    ({"tipo": "mesa_defensa", "damage": 7}, UmbralRoll, (None, [], None, False, None)),
    # the secuelas roll
    (
        {"total": 8, "bonus": 1, "muerte": False, "resultado": "Sigue en pie"},
        SecuelasResult,
        (None, [8], "Sigue en pie", False, None),
    ),
    # /tirar with its options (4ccc497), saved rolls read, graded, counted, repeated
    (
        {
            "privada": False,
            "expresion": "ataque+2",
            "totales": [9, 4],
            "guardadas": [{"nombre": "ataque", "expresion": "1d12", "propia": True}],
            "umbral": 9,
            "grado": "Éxito",
            "exitos": [1, 0],
            "opciones": OPTIONS,
            "repite": 12,
        },
        TirarResult,
        ("ataque+2", [9, 4], "Éxito", False, None),
    ),
    # /tirar reserva, porcentaje, habilidad, iniciativa: one total and a verdict (or none)
    (
        {
            "privada": True,
            "expresion": "5d6 guarda 3",
            "total": 14,
            "resultado": "éxito",
            "opciones": {"reserva": 3, "bonus": 2},
        },
        TirarResult,
        ("5d6 guarda 3", [14], "éxito", True, None),
    ),
    (
        {"privada": False, "expresion": "1D10 + AGI", "total": 9},
        TirarResult,
        ("1D10 + AGI", [9], None, False, None),
    ),
    # /tirar before 0011 and before its options were kept: the reason in the result
    (
        {"privada": False, "motivo": "abrir", "expresion": "1d20", "totales": [17]},
        TirarResult,
        ("1d20", [17], None, False, "abrir"),
    ),
    # /ficha ajustar, /descanso, /encuentro ajustar
    (
        {"ajustes": [ADJUSTED], "motivo": "descanso largo"},
        Adjustments,
        (None, [], None, False, "descanso largo"),
    ),
    # /esencia gastar since 666e095, and before it (the reason in the result)
    (
        {"personaje": "Kaeda", "puntos": 1, "esencia": {"antes": 3, "despues": 2}},
        EsenciaResult,
        (None, [], None, False, None),
    ),
    (
        {
            "personaje": "Kaeda",
            "puntos": 1,
            "motivo": "Tajo",
            "esencia": {"antes": 3, "despues": 2},
        },
        EsenciaResult,
        (None, [], None, False, "Tajo"),
    ),
    # a GM's hand correction in another game (/hielo ajustar, /porcentual ajustar, …)
    (
        {
            "sistema": "hielo",
            "nombre": "Ser Jory",
            "cambios": [{"campo": "Salud", "antes": "9", "despues": "6"}],
            "motivo": "se cayó del caballo",
        },
        Correction,
        (None, [], None, False, "se cayó del caballo"),
    ),
    # /deshacer (11f1baa)
    ({"deshace": [1, 2], "operacion": "atacar"}, Undone, (None, [], None, False, None)),
    # /decir: nothing besides its columns
    ({}, OtherResult, (None, [], None, False, None)),
    # a shape this release does not know, and a known key of another type: kept whole
    ({"grade": "pleno", "damage": 7}, OtherResult, (None, [], None, False, None)),
    ({"margen": "x", "grado": 1}, UmbralRoll, (None, [], None, False, None)),
    ({"deshace": "1"}, OtherResult, (None, [], None, False, None)),
]


def _shown(result: RollResult) -> tuple[Any, ...]:
    return (result.expression(), result.totals(), result.verdict(), bool(result.privada),
            result.motivo)  # fmt: skip


def _same_json(result: RollResult, data: dict[str, Any]) -> None:
    assert json.dumps(result.to_json(), ensure_ascii=False) == json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize(("data", "kind", "shown"), SHAPES)
def test_every_shape_written_is_read_as_its_kind_and_written_back_the_same(
    data: dict[str, Any], kind: type[RollResult], shown: tuple[Any, ...]
) -> None:
    result = result_from_json(data)
    assert type(result) is kind
    assert _shown(result) == shown
    _same_json(result, data)


def test_every_roll_release_e16c8fc_wrote_is_read_on_both_databases() -> None:
    rows = sqlite_rows("roll_log")
    dumped = postgresql_rows("roll_log")
    assert [r["command"] for r in rows] == ["atacar", "disparar", "reto"]
    assert [json_column(r["result"]) for r in rows] == [json_column(r["result"]) for r in dumped]
    for row in [*rows, *dumped]:
        data = json_column(row["result"])
        result = result_from_json(data)
        assert isinstance(result, UmbralRoll) and result.extra == {}
        assert result.margen is not None and result.grado and result.totales
        _same_json(result, data)
    attack = result_from_json(json_column(rows[0]["result"]))
    assert isinstance(attack, UmbralRoll)
    assert (attack.tipo, attack.damage, attack.totals(), attack.verdict()) == (
        "mesa_ataque",
        4,
        [13],
        "Éxito",
    )
    reto = result_from_json(json_column(rows[2]["result"]))
    assert isinstance(reto, UmbralRoll) and reto.reto == "Cruzar el pantano"


def test_a_result_built_by_a_writer_is_written_in_the_order_writers_always_wrote() -> None:
    built = UmbralRoll(margen=1, grado="Éxito", damage=4, potencia=4, critical=False,
                       golpe="Éxito", tipo="mesa_ataque", totales=[13])  # fmt: skip
    _same_json(built, ATTACK)
    assert result_from_json(built.to_json()) == built
    tirar = TirarResult(privada=True, expresion="2d6", total=7, resultado="éxito", repite=3)
    assert list(tirar.to_json()) == ["privada", "expresion", "total", "resultado", "repite"]


def test_an_empty_or_missing_result_is_an_empty_entry() -> None:
    assert result_from_json(None) == result_from_json({}) == OtherResult()
    assert OtherResult().to_json() == {}
