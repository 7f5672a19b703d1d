"""The options of the percentile game's sheets, defined once: a sheet's (``crear`` and
``editar``, :class:`SheetOptions`) and a weapon's (``arma``, :class:`WeaponOptions`). The
slash commands, their form, the sheet files' cells and the bounds every sheet is checked
against are read from here (:mod:`bot.features.field_options`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel

from bot.features.field_options import OptionsValue
from bot.sheetfiles import EXPORT_HELP, ExportFormat
from bot.sheetfiles.fields import Option, base_type, options
from bot.sheetfiles.limits import NAME_MAX

TamanoArma = Literal["ligero", "medio", "pesado"]
TipoArma = Literal["cuerpo_a_cuerpo", "proyectil", "arrojadiza"]
TamanoEscudo = Literal["pequeno", "medio", "tarja", "paves"]
#: A text option's longest (a list typed as text); a weapon's short texts.
TEXT_MAX, SHORT_MAX = 1000, 40


class SheetOptions(OptionsValue):
    """What ``crear`` / ``editar`` say of a sheet (``None``: not given; a sheet file's row
    says it the same way, :mod:`.rows`). The form of ``crear`` asks the name and then each
    page; ``caracteristicas`` and ``pv`` are what a new sheet needs."""

    caracteristicas: Annotated[
        str | None,
        Option(
            "«fuerza 12, agilidad 14, percepción 10, resistencia 12» (0 a 50)",
            1,
            TEXT_MAX,
            needed=("crear",),
            form_label="Características",
        ),
    ] = None
    pv: Annotated[
        int | None, Option("Puntos de Vida", 1, 500, needed=("crear",), form_label="PV")
    ] = None
    competencias: Annotated[
        str | None, Option("«Espadas 60, Esquivar 40, Pelea 35» (en %)", 1, TEXT_MAX)
    ] = None
    armadura: Annotated[str | None, Option("Nombre de la armadura", 1, NAME_MAX, page=2)] = None
    proteccion: Annotated[
        int | None,
        Option(
            "Protección de la armadura (se resta a los PD)",
            0,
            50,
            page=2,
            form_label="Protección",
        ),
    ] = None
    resistencia: Annotated[
        int | None,
        Option("Resistencia de la armadura (la gastan los críticos)", 0, 500, page=2),
    ] = None
    iniciativa_armadura: Annotated[
        int | None,
        Option(
            "Mod. por Armadura a la Iniciativa (p. ej. -2)",
            -20,
            20,
            page=2,
            form_label="Iniciativa por armadura",
        ),
    ] = None
    casco: Annotated[
        bool | None,
        Option("La armadura lleva casco de metal o yelmo (no se puede aturdir)", page=2),
    ] = None
    escudo: Annotated[str | None, Option("Nombre del escudo", 1, NAME_MAX, page=3)] = None
    tamano_escudo: Annotated[
        TamanoEscudo | None,
        Option(
            "Pequeño (adarga, rodela, broquel), medio, tarja o pavés",
            page=3,
            form_label="Tamaño del escudo",
        ),
    ] = None
    resistencia_escudo: Annotated[
        int | None,
        Option(
            "Resistencia del escudo (se rompe a 0)",
            0,
            500,
            page=3,
            form_label="Resistencia del escudo",
        ),
    ] = None
    protege: Annotated[
        str | None,
        Option("Localizaciones que cubre el escudo, separadas por comas", 1, TEXT_MAX, page=3),
    ] = None
    iniciativa_hechizos: Annotated[
        int | None,
        Option("Mod. por Hechizos a la Iniciativa", -20, 20, form_label="Iniciativa por hechizos"),
    ] = None
    bipedo: Annotated[
        bool | None,
        Option("Es bípedo (el Tropiezo solo vale contra bípedos)", page=3, form_label="Bípedo"),
    ] = None


class WeaponOptions(OptionsValue):
    """What ``arma`` says of a weapon (its defaults: a weapon's own), and, but for
    ``quitar``, the keys of a weapon in a sheet file's ``armas`` cell (:mod:`.rows`)."""

    danio: Annotated[str | None, Option("Daño: 1D8+1, 1D6, 2D6…", 1, SHORT_MAX)] = None
    competencia: Annotated[
        str | None,
        Option("Competencia con que se usa (Espadas, Lanzar, Pelea…)", 1, NAME_MAX),
    ] = None
    caracteristica: Annotated[
        str | None,
        Option("Característica base del bonificador (por defecto, fuerza)", 1, SHORT_MAX),
    ] = None
    fuerza_minima: Annotated[int, Option("Fuerza mínima", 0, 50)] = 0
    tamano: Annotated[TamanoArma, Option("Ligero, medio o pesado")] = "medio"
    tipo: Annotated[
        TipoArma,
        Option("Cuerpo a cuerpo, proyectil (con Recarga) o arrojadiza (Alcance FUE)"),
    ] = "cuerpo_a_cuerpo"
    rasgos: Annotated[
        str | None,
        Option(
            "contundente, corte, perforante, lanza, hacha, palo, gancho, arco, ballesta, honda",
            1,
            TEXT_MAX,
        ),
    ] = None
    alcance: Annotated[
        str | None,
        Option("Tres distancias en varas «15/40/60», o «FUE» (arrojadizas)", 1, SHORT_MAX),
    ] = None
    recarga: Annotated[int, Option("Acciones para recargar (armas de proyectil)", 0, 20)] = 0
    quitar: Annotated[bool, Option("Quita el arma de la ficha")] = False


def bounds(*models: type[BaseModel]) -> dict[str, tuple[int, int]]:
    """The range of each number option of ``models``, by its name."""
    return {
        name: (option.low, option.high)
        for model in models
        for name, option in options(model).items()
        if base_type(model, name) is int and option.low is not None and option.high is not None
    }


#: The bounds of a sheet's numbers, by option name: the ranges the slash options declare,
#: which every sheet is checked against on its way in (options, form, files), so no way in
#: takes what another refuses.
BOUNDS = bounds(SheetOptions, WeaponOptions)
#: The formats of ``/porcentual ficha exportar`` (those of Umbral's sheets).
FileFormat = ExportFormat

__all__ = [
    "BOUNDS",
    "EXPORT_HELP",
    "FileFormat",
    "SheetOptions",
    "TamanoArma",
    "TamanoEscudo",
    "TipoArma",
    "WeaponOptions",
]
