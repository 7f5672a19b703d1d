"""One field list per stored kind (issue 44, item 3): an enemy's and a character's fields are
declared once, by their file entry (``bot/sheetfiles``), and the rows, the rules' sheets,
the CSV's columns and ``/bestiario añadir``'s options are derived from it (the decision is
in ``docs/arquitectura.md``, «Una lista de campos por clase guardada»)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Annotated

from annotated_types import Ge, Le
from pydantic import Strict

from bot.features.field_options import descriptions, extras, option_names, pages, required
from bot.sheetfiles import CharacterEntry, EnemyEntry
from bot.sheetfiles import fields as field_list
from bot.storage.models import BestiaryEntry, Character
from bot.storage.sheets import character_sheet, enemy_sheet
from umbral_rules import EnemySheet
from umbral_rules.named import sheet_fields

ROOT = Path(__file__).resolve().parent.parent
#: What the bot keeps of a row besides the entry's fields.
BESTIARY_OWN = {"id", "guild_id", "name_key"}

ENEMY = EnemyEntry.model_validate(
    {
        "nombre": "Ogro",
        "ataque": 15,
        "defensa": 11,
        "aguante": 30,
        "potencia": 5,
        "tamaño": "grande",
        "proteccion": 2,
        "cualidades": ["perforante", "larga"],
        "bono_ataque": 4,
        "acciones_extra": 1,
        "respuestas_extra": 2,
        "estados": ["aturdido"],
        "notas": "Huele mal",
    }
)
CHARACTER = CharacterEntry.model_validate(
    {
        "nombre": "Ana",
        "atributos": {"vigor": 2, "destreza": 1, "percepcion": 0, "voluntad": 1},
        "proteccion": 1,
        "tamano": "pequeño",
        "oficios": {"armas": 3},
        "armas": [{"nombre": "Lanza", "clase": "mano", "cualidades": ["larga"]}],
        "esencia_max": 4,
        "notas": "nota",
    }
)


def source_files_naming(word: str) -> set[str]:
    return {
        str(path.relative_to(ROOT))
        for package in ("bot", "umbral_rules")
        for path in (ROOT / package).rglob("*.py")
        if word in path.read_text(encoding="utf-8")
    }


def test_an_enemy_field_is_named_by_its_list_its_table_and_the_rules_only() -> None:
    named = source_files_naming("respuestas_extra")
    assert len(named) <= 6
    assert {n for n in named if n.startswith("bot/")} == {
        "bot/sheetfiles/enemy.py",
        "bot/storage/models.py",
    }


def test_an_enemy_entry_is_its_row_and_back() -> None:
    fields = field_list.row_fields(ENEMY)
    columns = {c.key for c in BestiaryEntry.__table__.columns}
    assert set(fields) == columns - BESTIARY_OWN
    assert fields["tamano"] == "grande"
    assert fields["respuestas_extra"] == 2
    back = field_list.entry_of(EnemyEntry, SimpleNamespace(**fields))
    assert back == ENEMY
    assert back.export() == ENEMY.export()


def test_a_character_entry_is_its_row_and_back() -> None:
    fields = field_list.row_fields(CHARACTER)
    columns = {c.key for c in Character.__table__.columns}
    assert set(fields) <= columns
    assert fields["tamano"] == "pequeno"
    assert fields["weapons"] == [
        {
            "nombre": "Lanza",
            "clase": "mano",
            "potencia": 4,
            "atributo": "V",
            "cualidades": ["larga"],
        }
    ]
    back = field_list.entry_of(CharacterEntry, SimpleNamespace(**fields))
    assert back.export() == CHARACTER.export()


def test_the_rules_sheet_of_a_row_is_read_by_its_field_names() -> None:
    row = SimpleNamespace(**field_list.row_fields(ENEMY))
    sheet = enemy_sheet(row)  # type: ignore[arg-type]
    assert sheet == ENEMY.sheet()
    for name in sheet_fields(EnemySheet):
        expected = getattr(row, name)
        got = getattr(sheet, name)
        assert (sorted(got) if isinstance(got, frozenset) else got) == (
            sorted(expected) if isinstance(expected, list) else expected
        )
    assert sheet.respuestas_por_asalto == 3
    character = character_sheet(SimpleNamespace(**field_list.row_fields(CHARACTER)))  # type: ignore[arg-type]
    assert character == CHARACTER.sheet()
    assert character.tamano == "pequeno" and dict(character.oficios) == {"armas": 3}


def test_the_csv_columns_and_the_command_come_from_the_list() -> None:
    assert field_list.numeric(EnemyEntry) == {
        "ataque",
        "defensa",
        "aguante",
        "potencia",
        "proteccion",
        "bono_ataque",
        "bono_defensa",
        "acciones_extra",
        "respuestas_extra",
    }
    assert field_list.listed(EnemyEntry) == {"cualidades", "estados"}
    assert option_names(EnemyEntry) == (
        "nombre",
        "ataque",
        "defensa",
        "aguante",
        "potencia",
        "arma",
        "tamano",
        "notas",
        *extras(EnemyEntry),
    )
    assert extras(EnemyEntry) == (
        "proteccion",
        "cualidades",
        "acciones_extra",
        "respuestas_extra",
        "estados",
    )
    assert required(EnemyEntry) == ("nombre", "ataque", "defensa", "aguante", "potencia")
    assert pages(EnemyEntry)[2] == ("acciones_extra", "respuestas_extra", "estados")


def test_a_field_added_to_the_list_reaches_the_row_the_csv_and_the_command() -> None:
    class Bigger(EnemyEntry):
        furia: Annotated[
            int, Strict(), Ge(0), Le(3), field_list.Option("Furia", 0, 3, page=3, extra=True)
        ] = 0

    entry = Bigger.model_validate({**ENEMY.export(), "furia": 2})
    assert field_list.row_fields(entry)["furia"] == 2
    assert "furia" in field_list.numeric(Bigger)
    assert "furia" in Bigger.columns()
    assert option_names(Bigger)[-1] == "furia"
    assert descriptions(Bigger)["furia"] == "Furia"
    assert field_list.entry_of(Bigger, SimpleNamespace(**field_list.row_fields(entry))) == entry
