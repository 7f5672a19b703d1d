"""The import limit is sized from the largest bestiary the bot can export: 2,000 enemies with
every field at its maximum, in every format. That export stays under Discord's 10 MiB for a
bot's attachment and always imports back, giving the same entries and the same bytes.

The widest character a field accepts is a 4-byte UTF-8 one (an emoji): every format writes it
as is (JSON with ``ensure_ascii=False``, YAML with ``allow_unicode``); the characters a format
escapes take fewer bytes (``"`` → ``\\"`` or ``""``), and those YAML could only write as 6-byte
escapes (U+FEFF, non-characters) are refused by the validation."""

from __future__ import annotations

import pytest

from bot.sheetfiles import BESTIARY, FORMATS, EnemyEntry, FileRefused, Format, dump, load
from bot.sheetfiles import limits as L
from umbral_rules.tables import CUALIDADES

WIDE = "\U0001f600"  # 😀, four bytes in UTF-8


def wide(length: int, tail: str = "") -> str:
    """``length`` characters of the widest kind, ending in ``tail`` (to keep names apart)."""
    return "x" + WIDE * (length - 2 - len(tail)) + "x" + tail


def largest_bestiary() -> list[EnemyEntry]:
    return [
        EnemyEntry.model_validate(
            {
                "nombre": wide(L.NAME_MAX, f"{i:04d}"),
                "ataque": L.ATAQUE_MAX,
                "defensa": L.DEFENSA_MAX,
                "aguante": L.AGUANTE_MAX,
                "potencia": L.POTENCIA_MAX,
                "arma": wide(L.NAME_MAX),
                "tamaño": "inabarcable",
                "proteccion": 3,
                "cualidades": list(CUALIDADES),
                "bono_ataque": L.BONO_RANGE[0],
                "bono_defensa": L.BONO_RANGE[0],
                "acciones_extra": L.EXTRA_POR_ASALTO_MAX,
                "respuestas_extra": L.EXTRA_POR_ASALTO_MAX,
                "estados": [wide(L.NAME_MAX, str(k)) for k in range(L.ENEMY_MAX_ESTADOS)],
                "notas": wide(L.ENEMY_NOTAS_MAX),
            }
        )
        for i in range(L.MAX_ENTRIES)
    ]


@pytest.fixture(scope="module")
def largest() -> list[EnemyEntry]:
    return largest_bestiary()


@pytest.fixture(scope="module")
def exported(largest: list[EnemyEntry]) -> dict[Format, bytes]:
    return {fmt: dump(largest, fmt, BESTIARY) for fmt in FORMATS}


def test_the_limit_is_sized_from_the_largest_export(exported: dict[Format, bytes]) -> None:
    biggest = max(len(data) for data in exported.values())
    assert biggest <= L.MAX_BYTES < L.DISCORD_ATTACHMENT_MAX == 10 * 1024 * 1024
    # sized from it: no more than 5 % above the largest export
    assert biggest * 1.05 >= L.MAX_BYTES


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_largest_bestiary_round_trips_at_the_limit(
    largest: list[EnemyEntry], exported: dict[Format, bytes], fmt: Format
) -> None:
    data = exported[fmt]
    back = load(data, f"bestiario.{fmt}", BESTIARY)
    assert back == largest
    assert dump(back, fmt, BESTIARY) == data


def test_one_more_of_anything_is_refused() -> None:
    base = {"nombre": "Ogro", "ataque": 12, "defensa": 12, "aguante": 14, "potencia": 4}
    too_long = {
        "notas": "a" * (L.ENEMY_NOTAS_MAX + 1),
        "estados": [f"estado {k}" for k in range(L.ENEMY_MAX_ESTADOS + 1)],
        "nombre": "a" * (L.NAME_MAX + 1),
    }
    for field, value in too_long.items():
        with pytest.raises(ValueError, match="como mucho"):
            EnemyEntry.model_validate({**base, field: value})
    for odd in ("\ufeff", "\uffff", "\U0001ffff"):  # YAML would write these as escapes
        with pytest.raises(ValueError, match="caracteres de control"):
            EnemyEntry.model_validate({**base, "nombre": f"Ogro{odd}"})
    with pytest.raises(FileRefused, match=r"el máximo es 9\.800\.000"):
        load(b"#" * (L.MAX_BYTES + 1), "b.yaml", BESTIARY)
