"""Export → import is the identity, and export → import → export the same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.sheetfiles import (
    BESTIARY,
    CHARACTERS,
    FORMATS,
    CharacterEntry,
    EnemyEntry,
    Format,
    WeaponEntry,
    dump,
    limits,
    load,
)
from umbral_rules.tables import ATRIBUTOS, CUALIDADES, ESTADOS, TAMANO_STEPS, WEAPON_CLASSES
from umbral_rules.text import name_key as fold

EXAMPLE = Path(__file__).resolve().parents[2] / "bestiario" / "ejemplo.yaml"

WORD = st.text(
    alphabet=st.sampled_from("abcdefghijklmnñopqrstuvwxyzáéíóúüÁÉÑABCZ0123456789 '().,:!?¿¡\"#"),
    min_size=1,
    max_size=limits.NAME_MAX,
)
NAME = WORD.map(str.strip).filter(lambda s: bool(s) and not s.startswith(("'", '"', "#")))
LIST_NAME = NAME.filter(lambda s: "," not in s)
NOTAS = (
    st.text(alphabet=st.sampled_from("abcñ áé12:#-'\"\n\t"), max_size=60)
    .map(lambda s: s.strip())
    .filter(lambda s: not s.startswith(("-", "#")))
)
CUALIDADES_LIST = st.lists(st.sampled_from(CUALIDADES), unique=True).map(
    lambda qs: [c for c in CUALIDADES if c in qs]
)
ESTADOS_LIST = st.lists(
    st.sampled_from([*ESTADOS, "envenenado", "asustado"]) | LIST_NAME.map(fold),
    unique_by=fold,
    max_size=4,
)
SIZES = st.sampled_from(list(TAMANO_STEPS))


@st.composite
def enemies(draw: st.DrawFn) -> EnemyEntry:
    return EnemyEntry.model_validate(
        {
            "nombre": draw(NAME),
            "ataque": draw(st.integers(0, limits.ATAQUE_MAX)),
            "defensa": draw(st.integers(0, limits.DEFENSA_MAX)),
            "aguante": draw(st.integers(1, limits.AGUANTE_MAX)),
            "potencia": draw(st.integers(0, limits.POTENCIA_MAX)),
            "arma": draw(NAME),
            "tamaño": draw(SIZES),
            "proteccion": draw(st.integers(0, 4)),
            "cualidades": draw(CUALIDADES_LIST),
            "bono_ataque": draw(st.none() | st.integers(*limits.BONO_RANGE)),
            "bono_defensa": draw(st.none() | st.integers(*limits.BONO_RANGE)),
            "acciones_extra": draw(st.integers(0, limits.EXTRA_POR_ASALTO_MAX)),
            "respuestas_extra": draw(st.integers(0, limits.EXTRA_POR_ASALTO_MAX)),
            "estados": draw(ESTADOS_LIST),
            "notas": draw(NOTAS),
        }
    )


def first_by_fold(names: dict[str, int]) -> dict[str, str]:
    first: dict[str, str] = {}
    for name in names:
        first.setdefault(fold(name), name)
    return first


@st.composite
def characters(draw: st.DrawFn) -> CharacterEntry:
    atributos = {a: draw(st.integers(0, 5)) for a in ATRIBUTOS}
    extra = draw(st.integers(0, limits.AGUANTE_EXTRA_MAX))
    esencia_max = draw(st.integers(0, limits.ESENCIA_MAX))
    aliento_max = draw(st.integers(0, limits.ALIENTO_MAX))
    armas = draw(st.lists(weapons(), max_size=3, unique_by=lambda w: fold(w.nombre)))
    oficios = draw(st.dictionaries(LIST_NAME, st.integers(0, 5), max_size=3))
    return CharacterEntry.model_validate(
        {
            "nombre": draw(NAME),
            "atributos": atributos,
            "proteccion": draw(st.integers(0, 4)),
            "aguante_extra": extra,
            "tamaño": draw(SIZES),
            "oficios": {k: v for k, v in oficios.items() if k == first_by_fold(oficios)[fold(k)]},
            "armas": [w.model_dump() for w in armas],
            "aguante": draw(st.integers(0, 10 + 2 * atributos["vigor"] + extra)),
            "esencia": draw(st.integers(0, esencia_max)),
            "esencia_max": esencia_max,
            "aliento": draw(st.integers(0, aliento_max)),
            "aliento_max": aliento_max,
            "estados": draw(ESTADOS_LIST),
            "notas": draw(NOTAS),
        }
    )


@st.composite
def weapons(draw: st.DrawFn) -> WeaponEntry:
    return WeaponEntry.model_validate(
        {
            "nombre": draw(LIST_NAME),
            "clase": draw(st.sampled_from(list(WEAPON_CLASSES))),
            "potencia": draw(st.none() | st.integers(0, limits.POTENCIA_MAX)),
            "atributo": draw(st.none() | st.sampled_from(["V", "D", "V/D"])),
            "cualidades": draw(CUALIDADES_LIST),
        }
    )


def unique_names(entries: list[EnemyEntry] | list[CharacterEntry]) -> bool:
    folded = [fold(e.nombre) for e in entries]
    return len(set(folded)) == len(folded)


def assert_round_trip(entries: list, fmt: Format, kind) -> None:  # type: ignore[no-untyped-def]
    data = dump(entries, fmt, kind)
    back = load(data, f"archivo.{fmt}", kind)
    assert back == entries
    assert dump(back, fmt, kind) == data


ROUND = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("fmt", FORMATS)
@ROUND
@given(entries=st.lists(enemies(), min_size=1, max_size=5).filter(unique_names))
def test_bestiary_round_trip(fmt: Format, entries: list[EnemyEntry]) -> None:
    assert_round_trip(entries, fmt, BESTIARY)


@pytest.mark.parametrize("fmt", FORMATS)
@ROUND
@given(entries=st.lists(characters(), min_size=1, max_size=4).filter(unique_names))
def test_characters_round_trip(fmt: Format, entries: list[CharacterEntry]) -> None:
    assert_round_trip(entries, fmt, CHARACTERS)


def test_the_example_bestiary_round_trips_in_every_format() -> None:
    entries = load(EXAMPLE.read_bytes(), EXAMPLE.name, BESTIARY)
    assert len(entries) >= 7
    for fmt in FORMATS:
        assert_round_trip(entries, fmt, BESTIARY)


def test_a_generated_2000_entry_bestiary_round_trips() -> None:
    entries = [
        EnemyEntry.model_validate(
            {
                "nombre": f"Enemigo {n}",
                "ataque": n % 41,
                "defensa": (n * 7) % 41,
                "aguante": 1 + n % 500,
                "potencia": n % 31,
                "tamaño": list(TAMANO_STEPS)[n % 6],
                "cualidades": [CUALIDADES[n % 4]],
                "notas": f"Generado, número {n}",
            }
        )
        for n in range(limits.MAX_ENTRIES)
    ]
    for fmt in FORMATS:
        assert_round_trip(entries, fmt, BESTIARY)
