"""The entries of a file, as pydantic models: an enemy of the bestiary and a character.

Every check the rules already make is made by the rules (``umbral_rules.sheets``): the
models call them and turn their ``UmbralError`` into a field error. A validated model is
normalised (size and estado keys, cualidades in the rules' order, weapon defaults filled
in), so that ``export`` → import gives the same model back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, Any, TypeVar

from annotated_types import Ge, Le
from pydantic import (
    AfterValidator,
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    field_validator,
    model_validator,
)

from umbral_rules import CharacterSheet, UmbralError, Weapon
from umbral_rules.encounter.estados import estado_key
from umbral_rules.named import sheet_of
from umbral_rules.roller import MAX_EXPRESSION_LENGTH, RollError, words
from umbral_rules.roller.saved import check_name
from umbral_rules.sheets import (
    normalize_atributo,
    validate_atributo,
    validate_oficio,
    validate_potencia,
    validate_proteccion,
)
from umbral_rules.tables import ATRIBUTOS, CUALIDADES, ESTADO_LABELS, TAMANO_LABELS
from umbral_rules.text import name_key, name_problem, unstorable, word_key
from umbral_rules.text import tamano_key as known_tamano

from . import limits as L
from .fields import Column, by_column

T = TypeVar("T")
FORMULA_START = ("=", "+", "-", "@")
#: Characters a name may not contain because the CSV's lists use them: Oficios and weapons
#: are separated by ";", estados by "," or ";".
CSV_RESERVED = ";"
ESTADO_RESERVED = ",;"


def rule(check: Callable[[T], object]) -> Callable[[T], T]:
    """A rules' validator (raising ``UmbralError``) as a pydantic one."""

    def validate(value: T) -> T:
        try:
            check(value)
        except UmbralError as error:
            raise ValueError(str(error)) from None
        return value

    return validate


def clean_text(value: str, *, limit: int, allow_newline: bool = False, reserved: str = "") -> str:
    """Strip; refuse control characters and the CSV's separators. (Notes may start like a
    formula, as typed in /ficha editar: the CSV export guards them with a «'».)"""
    if allow_newline:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = value.strip()
    if len(value) > limit:
        raise ValueError(f"como mucho {limit} caracteres (tiene {len(value)})")
    # str.isprintable() is False for every character unstorable refuses (and for a few more it
    # allows, such as Zs spaces or Cf): a fast test of a whole field, char by char only if not
    plain = value.replace("\n", "").replace("\t", "") if allow_newline else value
    bad_char = (
        ""
        if plain.isprintable()
        else next((ch for ch in value if unstorable(ch, allow_newline)), "")
    )
    if bad_char in "\n\t" and bad_char:
        raise ValueError("no puede llevar saltos de línea ni tabuladores")
    if bad_char:
        raise ValueError(
            f"no puede llevar caracteres de control ni no válidos (lleva U+{ord(bad_char):04X})"
        )
    bad = next((ch for ch in reserved if ch in value), None)
    if bad:
        raise ValueError(f"no puede llevar «{bad}»")
    return value


def _name(value: str) -> str:
    """The same rule as a name typed in a command (``umbral_rules.text.name_problem``)."""
    value = clean_text(value, limit=L.NAME_MAX)
    if value.startswith(FORMULA_START):
        raise ValueError(
            "no puede empezar por =, +, - ni @ (parece una fórmula de hoja de cálculo)"
        )
    problem = name_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


def _list_name(value: str) -> str:
    value = _name(value)
    return clean_text(value, limit=L.NAME_MAX, reserved=CSV_RESERVED)


def _notas(value: str) -> str:
    return clean_text(value, limit=L.NOTAS_MAX, allow_newline=True)


def _enemy_notas(value: str) -> str:
    return clean_text(value, limit=L.ENEMY_NOTAS_MAX, allow_newline=True)


Name = Annotated[str, Strict(), AfterValidator(_name)]
ListName = Annotated[str, Strict(), AfterValidator(_list_name)]
Notas = Annotated[str, Strict(), AfterValidator(_notas)]
EnemyNotas = Annotated[str, Strict(), AfterValidator(_enemy_notas)]
StrictInt = Annotated[int, Strict()]
StrictStr = Annotated[str, Strict()]


def tamano_key(value: str) -> str:
    """A size read from a file (pequeño or pequeno: :func:`umbral_rules.text.tamano_key`)."""
    key = known_tamano(value)
    if key is None:
        raise ValueError(
            f"tamaño desconocido «{value}»: usa "
            + ", ".join(label.lower() for label in TAMANO_LABELS.values())
        )
    return key


def tamano_label(key: str) -> str:
    return TAMANO_LABELS[key].lower()


def cualidades_keys(values: Iterable[str]) -> list[str]:
    keys = {word_key(v) for v in values}
    unknown = sorted(keys - set(CUALIDADES))
    if unknown:
        raise ValueError(f"cualidad desconocida «{unknown[0]}»: usa {', '.join(CUALIDADES)}")
    return [c for c in CUALIDADES if c in keys]


def estado_keys(values: Iterable[str], most: int = L.MAX_ESTADOS) -> list[str]:
    """Built-in estados by their ASCII key; any other by its name key (see ``estado_key``)."""
    keys: list[str] = []
    for value in values:
        key = estado_key(clean_text(_name(value), limit=L.NAME_MAX, reserved=ESTADO_RESERVED))
        if key not in keys:
            keys.append(key)
    if len(keys) > most:
        raise ValueError(f"como mucho {most} estados")
    return keys


def enemy_estado_keys(values: Iterable[str]) -> list[str]:
    return estado_keys(values, L.ENEMY_MAX_ESTADOS)


def estado_label(key: str) -> str:
    return ESTADO_LABELS[key].lower() if key in ESTADO_LABELS else key


TAMANO = Field(
    "normal", validation_alias=AliasChoices("tamaño", "tamano"), serialization_alias="tamaño"
)
Tamano = Annotated[str, Strict(), AfterValidator(tamano_key)]
Cualidades = Annotated[list[StrictStr], AfterValidator(cualidades_keys)]
Estados = Annotated[list[StrictStr], AfterValidator(estado_keys)]
EnemyEstados = Annotated[list[StrictStr], AfterValidator(enemy_estado_keys)]
Potencia = Annotated[int, Strict(), Le(L.POTENCIA_MAX), AfterValidator(rule(validate_potencia))]
Proteccion = Annotated[int, Strict(), AfterValidator(rule(validate_proteccion))]
Bono = Annotated[int, Strict(), Ge(L.BONO_RANGE[0]), Le(L.BONO_RANGE[1])]
PorAsalto = Annotated[int, Strict(), Ge(0), Le(L.EXTRA_POR_ASALTO_MAX)]


class Entry(BaseModel):
    """A named entry of a file; unknown fields are refused."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    nombre: Name

    @classmethod
    def columns(cls) -> tuple[str, ...]:
        """The fields as the file names them, in order."""
        return tuple(info.serialization_alias or name for name, info in cls.model_fields.items())

    def export(self) -> dict[str, Any]:
        """The entry as the file writes it (sizes and estados by their Spanish names)."""
        data = self.model_dump(by_alias=True)
        if "tamaño" in data:
            data["tamaño"] = tamano_label(data["tamaño"])
        if "estados" in data:
            data["estados"] = [estado_label(e) for e in data["estados"]]
        return data


class WeaponEntry(Entry):
    """A weapon of a character: one of the six classes; Potencia and attribute default."""

    nombre: ListName
    clase: StrictStr
    potencia: Potencia | None = None
    atributo: StrictStr | None = None
    cualidades: Cualidades = Field(default_factory=list)

    @model_validator(mode="after")
    def _rules(self) -> WeaponEntry:
        try:
            weapon = Weapon.make(
                self.nombre, self.clase, self.atributo, self.potencia, self.cualidades
            )
        except UmbralError as error:
            raise ValueError(str(error)) from None
        self.clase, self.potencia, self.atributo = weapon.clase, weapon.potencia, weapon.atributo
        return self

    def weapon(self) -> Weapon:
        return Weapon.make(self.nombre, self.clase, self.atributo, self.potencia, self.cualidades)


def weapon_rows(armas: list[WeaponEntry]) -> list[dict[str, object]]:
    """A character's weapons as its row holds them (the rules' dicts)."""
    return [w.weapon().to_dict() for w in armas]


def weapon_entries(weapons: list[dict[str, Any]]) -> list[WeaponEntry]:
    """A stored character's weapons as entries (they were validated when they were stored)."""
    return [
        WeaponEntry.model_construct(
            nombre=w["nombre"],
            clase=w["clase"],
            potencia=w["potencia"],
            atributo=w["atributo"],
            cualidades=cualidades_keys(w.get("cualidades", [])),
        )
        for w in weapons
    ]


def _unique(names: Iterable[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name_key(name) in seen:
            raise ValueError(f"{what} «{name}» aparece dos veces")
        seen.add(name_key(name))


class CharacterEntry(Entry):
    """A player's character: attributes, Oficios, protection, weapons and the three bars."""

    atributos: dict[StrictStr, StrictInt]
    proteccion: Proteccion
    aguante_extra: Annotated[int, Strict(), Ge(0), Le(L.AGUANTE_EXTRA_MAX)] = 0
    tamano: Tamano = TAMANO
    oficios: dict[ListName, StrictInt] = Field(default_factory=dict, max_length=L.MAX_OFICIOS)
    armas: Annotated[
        list[WeaponEntry], Column("weapons", to_row=weapon_rows, of_row=weapon_entries)
    ] = Field(default_factory=list, max_length=L.MAX_WEAPONS)
    aguante: Annotated[int, Strict(), Ge(0), Le(L.AGUANTE_MAX)] | None = None
    esencia: Annotated[int, Strict(), Ge(0), Le(L.ESENCIA_MAX)] | None = None
    esencia_max: Annotated[int, Strict(), Ge(0), Le(L.ESENCIA_MAX)] = 0
    aliento: Annotated[int, Strict(), Ge(0), Le(L.ALIENTO_MAX)] | None = None
    aliento_max: Annotated[int, Strict(), Ge(0), Le(L.ALIENTO_MAX)] = 0
    estados: Estados = Field(default_factory=list)
    notas: Notas = ""
    #: Only its owner and the GM see them (and only they can export it). A file that does
    #: not give them (an empty CSV cell too) leaves a re-imported character's as they are.
    notas_privadas: Notas = ""

    @field_validator("atributos")
    @classmethod
    def _atributos(cls, value: dict[str, int]) -> dict[str, int]:
        try:
            clean = {normalize_atributo(word_key(k)): v for k, v in value.items()}
            for key in ATRIBUTOS:
                if key not in clean:
                    raise UmbralError(f"falta {key}: los atributos son {', '.join(ATRIBUTOS)}")
                validate_atributo(key, clean[key])
        except UmbralError as error:
            raise ValueError(str(error)) from None
        if len(clean) != len(value):
            raise ValueError("un atributo aparece dos veces")
        return {key: clean[key] for key in ATRIBUTOS}

    @field_validator("oficios")
    @classmethod
    def _oficios(cls, value: dict[str, int]) -> dict[str, int]:
        _unique(value, "el Oficio")
        for name, number in value.items():
            try:
                validate_oficio(name, number)
            except UmbralError as error:
                raise ValueError(str(error)) from None
        return value

    @model_validator(mode="after")
    def _rules(self) -> CharacterEntry:
        _unique((w.nombre for w in self.armas), "el arma")
        try:
            maximum = self.sheet().aguante_max
        except UmbralError as error:
            raise ValueError(str(error)) from None
        self.aguante = maximum if self.aguante is None else self.aguante
        self.esencia = self.esencia_max if self.esencia is None else self.esencia
        self.aliento = self.aliento_max if self.aliento is None else self.aliento
        for bar, top, label in (
            (self.aguante, maximum, "el Aguante"),
            (self.esencia, self.esencia_max, "la Esencia"),
            (self.aliento, self.aliento_max, "el Aliento"),
        ):
            if bar > top:
                raise ValueError(f"{label} actual ({bar}) pasa de su máximo ({top})")
        return self

    def sheet(self) -> CharacterSheet:
        """The rules' sheet: its fields by the names of the row's columns."""
        return sheet_of(CharacterSheet, by_column(self))

    @property
    def aguante_max(self) -> int:
        return self.sheet().aguante_max


def _saved_name(value: str) -> str:
    try:
        return check_name(value)
    except UmbralError as error:
        raise ValueError(str(error)) from None


def _expression(value: str) -> str:
    """One dice expression: it must read (the saved rolls it names are checked on import).
    It may start with «+» or «-» (``+d20`` is ventaja): a spreadsheet reads no formula in
    what reads as dice."""
    value = value.strip()
    if len(value) > MAX_EXPRESSION_LENGTH:
        raise ValueError(f"como mucho {MAX_EXPRESSION_LENGTH} caracteres (tiene {len(value)})")
    if any(unstorable(ch, allow_newline=False) for ch in value):
        raise ValueError("no puede llevar saltos de línea ni caracteres de control")
    try:
        words(value)
    except RollError as error:
        raise ValueError(error.plain()) from None
    return value


class SavedRollEntry(Entry):
    """A player's saved roll (``/dados guardar``): its name and what it rolls."""

    nombre: Annotated[str, Strict(), AfterValidator(_saved_name)]
    expresion: Annotated[str, Strict(), AfterValidator(_expression)]
