"""The by-post percentile game of seed 004: sheets, the asalto's three phases, attacks,
defences, manoeuvres and damage. Pure: dice injected, typed state, JSON only at the edges.

Modules by responsibility: ``tiradas`` (d100, initiative, damage dice, enfrentamientos),
``tablas`` (the tables the GM loads), ``fichas`` (sheets), ``modificadores`` (every modifier,
in one table, with the seed's words), ``acciones`` (costs and combinations), ``estado`` (the
typed state and its JSON), ``asalto`` (the three phases), ``ataques`` / ``defensas`` (their
percentages and demands), ``resolver`` / ``golpe`` (one attack to its damage), ``danio``,
``maniobras`` (enfrentamientos and effects), ``otras`` (other actions' rolls), ``ajuste``
(the GM's hand correction), ``eventos``.
"""

from .acciones import Accion, AccionDeclarada
from .ajuste import Ajustado, Ajuste, Cambio, ajustar
from .asalto import (
    abandonar,
    actuar,
    anotar_pendiente,
    concluir,
    declarar,
    declarar_defensa,
    empezar_asalto,
    pasar_turno,
    perder_accion,
    salir_de_guardia,
)
from .ataques import Contexto
from .defensas import DefensaElegida
from .estado import Asalto, Combate, Combatiente, Condicion, Fase
from .fichas import Alcance, Arma, Armadura, Escudo, Ficha
from .maniobras import danio_inmovilizado, inmovilizar, liberarse, zafarse
from .otras import atrapar, tirada_de_accion
from .resolver import atacar, barrer
from .tablas import CombatModifierTable, DamageBonusTable, HitLocationTable, TablaFaltante, Tablas

__all__ = [
    "Accion",
    "AccionDeclarada",
    "Ajustado",
    "Ajuste",
    "Alcance",
    "Arma",
    "Armadura",
    "Asalto",
    "Cambio",
    "CombatModifierTable",
    "Combate",
    "Combatiente",
    "Condicion",
    "Contexto",
    "DamageBonusTable",
    "DefensaElegida",
    "Escudo",
    "Fase",
    "Ficha",
    "HitLocationTable",
    "TablaFaltante",
    "Tablas",
    "abandonar",
    "actuar",
    "ajustar",
    "anotar_pendiente",
    "atacar",
    "atrapar",
    "barrer",
    "concluir",
    "danio_inmovilizado",
    "declarar",
    "declarar_defensa",
    "empezar_asalto",
    "inmovilizar",
    "liberarse",
    "pasar_turno",
    "perder_accion",
    "salir_de_guardia",
    "tirada_de_accion",
    "zafarse",
]
