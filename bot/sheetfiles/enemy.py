"""An enemy of the bestiary as a file gives it: the enemy's one field list."""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le
from pydantic import Field, Strict, model_validator

from umbral_rules import EnemySheet, UmbralError
from umbral_rules.named import sheet_of

from . import limits as L
from .fields import Option, by_column
from .models import (
    TAMANO,
    Bono,
    Cualidades,
    EnemyEstados,
    EnemyNotas,
    Entry,
    Name,
    PorAsalto,
    Potencia,
    Proteccion,
    Tamano,
    cualidades_keys,
    estado_keys,
)


class EnemyEntry(Entry):
    """One enemy as the bestiary publishes it (Mesa numbers), plus what the bot keeps.

    The enemy's one field list (:mod:`bot.sheetfiles.fields`): the file's keys in order,
    the database's column where it names one otherwise, and what ``/bestiario añadir`` asks
    (its options' descriptions and ranges, the form's pages, its extras)."""

    nombre: Annotated[
        Name,
        Option(
            "Nombre (obligatorio con ataque, defensa, aguante y potencia; sin opciones: "
            "formulario)",
            1,
            L.NAME_MAX,
        ),
    ]
    ataque: Annotated[
        int,
        Strict(),
        Ge(0),
        Le(L.ATAQUE_MAX),
        Option("Ataque fijo (contra él tiran la Defensa)", 0, L.ATAQUE_MAX),
    ]
    defensa: Annotated[
        int,
        Strict(),
        Ge(0),
        Le(L.DEFENSA_MAX),
        Option("Defensa fija (contra ella tiran los ataques)", 0, L.DEFENSA_MAX),
    ]
    aguante: Annotated[int, Strict(), Ge(1), Le(L.AGUANTE_MAX), Option("Aguante", 1, L.AGUANTE_MAX)]
    potencia: Annotated[Potencia, Option("Potencia de su arma", 0, L.POTENCIA_MAX)]
    arma: Annotated[
        Name,
        Option(
            "Nombre del arma (por defecto «arma»)",
            1,
            L.NAME_MAX,
            page=2,
            label="El nombre del arma",
        ),
    ] = "arma"
    tamano: Annotated[
        Tamano,
        Option("Tamaño (por defecto normal)", page=2, display="tamaño", form_label="Tamaño"),
    ] = TAMANO
    proteccion: Annotated[
        Proteccion,
        Option("Protección (0 a 4): la que ignora Perforante", 0, 4, page=2, extra=True),
    ] = 0
    cualidades: Annotated[
        Cualidades,
        Option(
            "Cualidades de su arma, separadas por comas: larga, perforante…",
            1,
            200,
            page=2,
            extra=True,
            keys=cualidades_keys,
        ),
    ] = Field(default_factory=list)
    bono_ataque: Bono | None = None
    bono_defensa: Bono | None = None
    acciones_extra: Annotated[
        PorAsalto,
        Option("Acciones de más por asalto que le da su ficha", 0, 10, page=3, extra=True),
    ] = 0
    respuestas_extra: Annotated[
        PorAsalto,
        Option("Respuestas de más por asalto que le da su ficha", 0, 10, page=3, extra=True),
    ] = 0
    estados: Annotated[
        EnemyEstados,
        Option(
            "Estados con los que entra en combate, separados por comas",
            1,
            200,
            page=3,
            extra=True,
            keys=estado_keys,
        ),
    ] = Field(default_factory=list)
    notas: Annotated[
        EnemyNotas, Option("Lo que quieras recordar", 0, L.ENEMY_NOTAS_MAX, page=2)
    ] = ""

    @model_validator(mode="after")
    def _rules(self) -> EnemyEntry:
        try:
            self.sheet()
        except UmbralError as error:
            raise ValueError(str(error)) from None
        return self

    def sheet(self) -> EnemySheet:
        """The rules' sheet: its fields by the names of the row's columns."""
        return sheet_of(EnemySheet, by_column(self))
