"""The secuelas table's file (issue 34): ranges, the bestiary's loader and its line errors,
every result from 2 to the highest exactly once, and the stored table back as rows."""

from __future__ import annotations

import pytest

from bot.sheetfiles import FileRefused
from bot.sheetfiles.secuelas import load_secuelas, parse_range, table_rows

YAML = """secuelas:
  - nombre: Cicatriz fea
    resultado: 2-4
    efecto: Se nota de lejos.
  - nombre: Dedo de menos
    resultado: 5
  - nombre: Susto
    resultado: 6–16
""".encode()


def test_a_table_by_ranges_and_back() -> None:
    table = load_secuelas(YAML, "tabla.yaml")
    assert list(table) == [str(r) for r in range(2, 17)]
    assert table["3"] == "Cicatriz fea — Se nota de lejos." and table["5"] == "Dedo de menos"
    assert table_rows(table) == [
        ("2-4", "Cicatriz fea — Se nota de lejos."),
        ("5", "Dedo de menos"),
        ("6-16", "Susto"),
    ]


def test_csv_and_json_read_the_same() -> None:
    csv = "nombre;resultado;efecto\nCicatriz fea;2-4;Se nota de lejos.\nDedo de menos;5;\n"
    json = '[{"nombre": "Cicatriz fea", "resultado": "2-4", "efecto": "Se nota de lejos."},'
    json += ' {"nombre": "Dedo de menos", "resultado": 5}]'
    assert load_secuelas(csv.encode(), "t.csv") == load_secuelas(json.encode(), "t.json")


@pytest.mark.parametrize(
    ("value", "expected"),
    [(5, (5, 5)), ("2-4", (2, 4)), (" 7 – 9 ", (7, 9)), ("16", (16, 16))],
)
def test_ranges(value: object, expected: tuple[int, int]) -> None:
    assert parse_range(value) == expected


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("1-3", "los resultados van de 2 a 16"),
        (17, "los resultados van de 2 a 16"),
        ("4-2", "va al revés"),
        ("dos", "no es un resultado"),
        (True, "se esperaba un resultado"),
    ],
)
def test_bad_ranges(value: object, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_range(value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "nombre,resultado\nA,2-3\nB,3-5\n",
            "No se ha importado nada: entrada 2 («B»), campo «resultado»: el 3 ya está en la "
            "entrada 1.",
        ),
        (
            "nombre,resultado\nA,2\nB,4-16\n",
            "No se ha importado nada: faltan resultados: 3 (la tabla va del 2 al 16 sin huecos).",
        ),
        (
            "nombre,resultado\nA,2\nA,3\n",
            "No se ha importado nada: entrada 2 («A»), línea 3, campo «nombre»: el nombre se "
            "repite (ya está en la entrada 1).",
        ),
        (
            "nombre,resultado,peso\nA,2,3\n",
            "No se ha importado nada: línea 1: columna desconocida «peso»: las columnas son "
            "nombre, resultado, efecto.",
        ),
    ],
)
def test_whole_file_refusals(text: str, message: str) -> None:
    with pytest.raises(FileRefused) as refused:
        load_secuelas(text.encode(), "tabla.csv")
    assert str(refused.value) == message
