"""The options of ``/graduado …``: their help texts, choices and ranges (a sheet's: one
declaration, :class:`SheetOptions`), and the grades read from them."""

from __future__ import annotations

from typing import Annotated

from discord import app_commands

from bot.features.field_options import OptionsValue
from bot.sheetfiles.fields import Option
from umbral_rules.graduado import DefensaTipo, Grados, Objetivo, Riesgo, Tacticas

OWN = "dueño o máster"
GRADES = {
    "tacticas": "La calificación de las tácticas (el narrador)",
    "riesgo": "El riesgo que se asume",
    "dificultad": "Qué tan difícil es acertar al objetivo",
}
VIA_CHOICES = [
    app_commands.Choice(name="Fuerza (aguante)", value="fuerza"),
    app_commands.Choice(name="magia (maná)", value="magia"),
]
INTENCION_CHOICES = [
    app_commands.Choice(name="golpear", value="golpear"),
    app_commands.Choice(name="reducir (queda en pie, al borde)", value="reducir"),
    app_commands.Choice(name="inutilizar (sin daño)", value="inutilizar"),
    app_commands.Choice(name="con contención (la mitad)", value="contencion"),
]
DEFENSA_CHOICES = [app_commands.Choice(name=t.value, value=t.value) for t in DefensaTipo]
#: The ranges of a power (Fuerza or magia, up to the world's XX), a reserve's points, a
#: weapon's or armour's quality, an enemy's base.
POWER_MAX, POINTS_MAX, QUALITY_MAX, BASE_MAX = 89, 100000, 5, 100
Power = app_commands.Range[int, 0, POWER_MAX]
Points = app_commands.Range[int, 0, POINTS_MAX]


class SheetOptions(OptionsValue):
    """The options of ``crear`` / ``editar`` of ``/graduado ficha`` and ``/graduado
    bestiario`` (``None``: not given), declared once: which command takes each, its
    description and range (:mod:`bot.features.field_options`)."""

    poder: Annotated[
        int | None,
        Option(
            "El poder de su Fuerza: 0–69 (un rango cada diez: D 0–9 … SSS 60–69)",
            0,
            POWER_MAX,
            needed=("crear",),
        ),
    ] = None
    aguante: Annotated[
        int | None,
        Option("El máximo de aguante (la reserva de la Fuerza)", 0, POINTS_MAX, needed=("crear",)),
    ] = None
    magia: Annotated[int | None, Option("El poder de su magia, si tiene (0–69)", 0, POWER_MAX)] = (
        None
    )
    mana: Annotated[
        int | None, Option("El máximo de maná (la reserva de la magia)", 0, POINTS_MAX)
    ] = None
    arma: Annotated[int | None, Option("La calidad del arma, 0–5", 0, QUALITY_MAX)] = None
    armadura: Annotated[int | None, Option("La calidad de la armadura, 0–5", 0, QUALITY_MAX)] = None
    base: Annotated[
        int | None,
        Option(
            "Su probabilidad base en % (sin ella, la de los enemigos: 65)",
            0,
            BASE_MAX,
            kinds=("enemigo",),
            described=(("editar", "Su probabilidad base en %"),),
        ),
    ] = None
    gastado_aguante: Annotated[
        int | None,
        Option("Cuánto aguante lleva gastado", 0, POINTS_MAX, verbs=("editar",), kinds=("pj",)),
    ] = None
    gastado_mana: Annotated[
        int | None,
        Option("Cuánto maná lleva gastado", 0, POINTS_MAX, verbs=("editar",), kinds=("pj",)),
    ] = None
    mundo: Annotated[
        bool | None,
        Option(
            "Una cosa del mundo: admite los rangos X y XX (poder 70–89)",
            verbs=("crear",),
            kinds=("enemigo",),
        ),
    ] = None


MEDIO_CHOICES = [
    app_commands.Choice(name="magia (maná que vuelve como aguante)", value="magia"),
    app_commands.Choice(name="un objeto curativo", value="objeto"),
    app_commands.Choice(name="las manos (solo detienen la hemorragia)", value="manos"),
]


def grados(tacticas: str | None, riesgo: str | None, dificultad: str | None) -> Grados:
    return Grados(
        Tacticas(tacticas or "estandar"),
        Riesgo(riesgo or "seguro"),
        Objetivo(dificultad or "estandar"),
    )
