"""Every malformed file of ``malformed/`` is refused whole, each with its own Spanish message."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.sheetfiles import BESTIARY, CHARACTERS, FileRefused, Kind, limits, load, yamlio

MALFORMED = Path(__file__).parent / "malformed"

#: file → the fragments its message must contain (entry, line, field, expectation).
EXPECTED: dict[str, tuple[str, ...]] = {
    "aguante_cero.csv": ("entrada 1 («Guardia»)", "línea 2", "campo «aguante»", "al menos 1"),
    "alias_recursivo.yaml": ("se contiene a sí mismo",),
    "anidado_10000.json": ("el JSON anida demasiado hondo", "línea 1"),
    "bestiario.xlsx": ("formato desconocido «.xlsx»", "usa .yaml, .yml, .json o .csv"),
    "billion_laughs.yaml": ("demasiados alias",),
    "bono_fuera.yaml": ("línea 7", "campo «bono_ataque»", "como mucho 30 (se dio «99»)"),
    "booleano.yaml": ("línea 4", "campo «defensa»", "número entero (se dio «true»)"),
    "campo_desconocido.yaml": ("línea 7", "campo «velocidad»", "campo desconocido"),
    "clave_repetida.json": ("línea 4", "la clave «ataque» aparece dos veces"),
    "clave_repetida.yaml": ("línea 7", "la clave «ataque» aparece dos veces"),
    "columna_desconocida.csv": ("línea 1", "columna desconocida «velocidad»"),
    "comillas_rotas.csv": ("el CSV está mal formado", "comillas"),
    "cualidad_desconocida.yaml": ("campo «cualidades»", "cualidad desconocida «afilada»"),
    "cualidades_texto.json": ("campo «cualidades»", "se esperaba una lista"),
    "decimal.json": ("campo «ataque»", "número entero (se dio «12.5»)"),
    "escalar.yaml": ("se esperaba una lista de enemigos",),
    "etiqueta_python.yaml": ("línea 2", "etiqueta", "no se admite"),
    "falta_aguante.yaml": ("entrada 1 («Guardia»)", "campo «aguante»", "es obligatorio"),
    "ficha_aguante.json": ("entrada 1 («Kaeda»)", "línea 2", "pasa de su máximo (16)"),
    "ficha_arma.csv": ("campo «armas › 1»", "Clase de arma desconocida «fuego»"),
    "ficha_bestiario.json": ("archivo de enemigos", "/bestiario importar"),
    "ficha_oficios.csv": ("campo «oficios»", "«armas tres» no tiene la forma «nombre valor»"),
    "ficha_vigor.yaml": ("línea 3", "campo «atributos»", "Vigor debe estar entre 0 y 5"),
    "fila_corta.csv": ("entrada 1", "línea 2", "3 celdas y la cabecera 5"),
    "formula_nombre.csv": ("línea 2", "campo «nombre»", "fórmula de hoja de cálculo"),
    "formula_notas.csv": ("entrada 1 («Guardia»)", "campo «notas»", "fórmula"),
    "json_roto.json": ("línea 2", "el JSON está mal formado (columna 38)"),
    "lista_nula.yaml": ("«enemigos» debe ser una lista",),
    "no_utf8.yaml": ("línea 4", "no está en UTF-8"),
    "nombre_largo.yaml": ("campo «nombre»", "como mucho 80 caracteres"),
    "nombres_repetidos.csv": ("entrada 2 («ogro»)", "línea 3", "ya está en la entrada 1"),
    "nombres_repetidos.yaml": ("entrada 2 («guardia»)", "línea 7", "el nombre se repite"),
    "personajes_en_bestiario.yaml": ("archivo de personajes", "/ficha importar"),
    "potencia_negativa.json": ("línea 4", "campo «potencia»", "no puede ser negativa"),
    "proteccion_fuera.yaml": ("campo «proteccion»", "7 no es un peldaño"),
    "sin_entradas.json": ("no tiene ningún enemigo",),
    "solo_espacios.json": ("solo tiene espacios en blanco",),
    "tamano_desconocido.yaml": ("campo «tamaño»", "tamaño desconocido «enorme»", "pequeño"),
    "tipo_ataque.yaml": ("línea 3", "campo «ataque»", "número entero (se dio «doce»)"),
    "vacio.yaml": ("el archivo está vacío",),
    "yaml_roto.yaml": ("línea 4", "el YAML está mal formado"),
}


def kind_of(name: str) -> Kind:
    return CHARACTERS if name.startswith("ficha_") else BESTIARY


def refusal(name: str) -> str:
    path = MALFORMED / name
    with pytest.raises(FileRefused) as caught:
        load(path.read_bytes(), path.name, kind_of(name))
    return str(caught.value)


def test_the_folder_has_every_case_and_at_least_30() -> None:
    assert sorted(p.name for p in MALFORMED.iterdir()) == sorted(EXPECTED)
    assert len(EXPECTED) >= 30


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_malformed_file_is_refused_with_its_message(name: str) -> None:
    message = refusal(name)
    assert message.startswith("No se ha importado nada: ")
    for fragment in EXPECTED[name]:
        assert fragment in message, message


def test_every_message_is_its_own() -> None:
    messages = [refusal(name) for name in sorted(EXPECTED)]
    assert len(set(messages)) == len(messages)


def test_a_file_over_the_limit_is_refused() -> None:
    data = b"enemigos:\n" + b"# relleno\n" * 1_000_000
    assert len(data) == 10_000_010 > limits.MAX_BYTES == 9_800_000
    expected = r"ocupa 10\.000\.010 bytes y el máximo es 9\.800\.000 \(9\.8 MB\)"
    with pytest.raises(FileRefused, match=expected):
        load(data, "grande.yaml", BESTIARY)


def test_too_many_entries() -> None:
    row = "Enemigo {n},12,12,14,4\n"
    data = "nombre,ataque,defensa,aguante,potencia\n" + "".join(
        row.format(n=n) for n in range(limits.MAX_ENTRIES + 1)
    )
    with pytest.raises(FileRefused, match="2001 entradas y el máximo es 2000"):
        load(data.encode(), "muchos.csv", BESTIARY)


def test_a_long_yaml_alias_chain_is_refused_by_count() -> None:
    lines = ["base: &b {ataque: 12}"] + [f"e{n}: *b" for n in range(limits.YAML_MAX_ALIASES + 1)]
    with pytest.raises(FileRefused, match="como mucho 100"):
        load("\n".join(lines).encode(), "alias.yaml", BESTIARY)


def test_the_format_is_sniffed_without_a_known_extension() -> None:
    guard = {"nombre": "Guardia", "ataque": 12, "defensa": 12, "aguante": 14, "potencia": 4}
    as_json = b'[{"nombre": "Guardia", "ataque": 12, "defensa": 12, "aguante": 14, "potencia": 4}]'
    as_csv = b"nombre;ataque;defensa;aguante;potencia\nGuardia;12;12;14;4\n"
    as_yaml = b"nombre: Guardia\nataque: 12\ndefensa: 12\naguante: 14\npotencia: 4\n"
    for data, name in ((as_json, "b.txt"), (as_csv, "b"), (as_yaml, "b.txt")):
        [entry] = load(data, name, BESTIARY)
        assert entry.model_dump(include=set(guard)) == guard


@pytest.mark.parametrize("loader", [yaml.SafeLoader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)])
def test_yaml_refusals_with_either_safe_loader(
    monkeypatch: pytest.MonkeyPatch, loader: type[yaml.SafeLoader]
) -> None:
    monkeypatch.setattr(yamlio, "Loader", loader)
    deep = ("a:\n" + "".join("  " * n + "- \n" for n in range(1, 40))).encode()
    with pytest.raises(FileRefused, match="anida demasiado hondo"):
        load(deep, "hondo.yaml", BESTIARY)
    for name in sorted(EXPECTED):
        if name.endswith(".yaml"):
            message = refusal(name)
            assert all(fragment in message for fragment in EXPECTED[name]), message


@settings(max_examples=150, deadline=None)
@given(
    st.binary(max_size=300) | st.text(max_size=300).map(str.encode),
    st.sampled_from(["a.yaml", "a.json", "a.csv", "a.txt", "a"]),
    st.sampled_from([BESTIARY, CHARACTERS]),
)
def test_any_bytes_are_accepted_or_refused_in_spanish(data: bytes, name: str, kind: Kind) -> None:
    try:
        load(data, name, kind)
    except FileRefused as refused:
        assert str(refused).startswith("No se ha importado nada: ")
